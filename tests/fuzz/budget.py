"""How long the fuzzers run: a few seconds in CI, as long as you like with ``scripts/fuzz``.

``JANTAKU_FUZZ_EXAMPLES=N`` gives every fuzzer N examples and fresh randomness (CI's runs are
derandomized: the same few examples each time, so a failure there is reproducible).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

_ASKED = int(os.environ.get("JANTAKU_FUZZ_EXAMPLES") or 0)


def fuzz_settings(ci_examples: int) -> settings:
    """``ci_examples`` in the test suite (a fraction of a second to a second or two each), or the asked number."""
    return settings(
        max_examples=_ASKED or ci_examples,
        derandomize=not _ASKED,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large],
    )
