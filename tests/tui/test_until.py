"""``until()``, the TUI tests' wait: when it gives up it says what it waited for."""

from __future__ import annotations

import pytest

from .conftest import until


class Pilot:
    async def pause(self, delay: float = 0) -> None:
        pass


async def test_a_timeout_names_the_condition_from_its_source():
    prompt = None
    with pytest.raises(AssertionError, match=r"gave up waiting for: prompt is not None \(after 3 tries"):
        await until(Pilot(), lambda: prompt is not None, tries=3, hang=0)


async def test_a_timeout_names_the_condition_given():
    with pytest.raises(AssertionError, match="gave up waiting for: the result screen"):
        await until(Pilot(), lambda: False, tries=2, what="the result screen", hang=0)


async def test_a_condition_that_holds_returns_at_once():
    await until(Pilot(), lambda: True, tries=1)
