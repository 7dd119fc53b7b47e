"""The bots' hand evaluation as it was before issue 18 (f991b33), kept as the reference.

``tests/bots/test_incremental.py`` checks the incremental versions against these on random
hands; ``benchmarks/bot_speed.py`` times both.  Copied unchanged but for the names; they call
the engine's current :func:`jantaku.engine.analysis.shanten` (its own tests keep that exact).
"""

from __future__ import annotations

from jantaku.engine.analysis import shanten


def candidates(counts: list[int], melds: int, *, seven_pairs: bool = True, thirteen_orphans: bool = True) -> list[int]:
    """``analysis._candidates``: kinds that could possibly lower the shanten."""
    if melds == 0 and (thirteen_orphans or (seven_pairs and sum(1 for c in counts if c) < 7)):
        return list(range(34))
    near = set()
    for k in range(34):
        if counts[k]:
            if k >= 27:
                near.add(k)
            else:
                base = k - k % 9
                near.update(j for j in range(max(base, k - 2), min(base + 8, k + 2) + 1))
    return sorted(near)


def useful_tiles(counts: list[int], melds: int = 0, **forms: bool) -> list[int]:
    """``analysis.useful_tiles``: kinds that lower the shanten of a 13-tile-equivalent hand."""
    base = shanten(counts, melds, **forms)
    out = []
    for k in candidates(counts, melds, **forms):
        if counts[k] >= 4:
            continue
        counts[k] += 1
        if shanten(counts, melds, **forms) < base:
            out.append(k)
        counts[k] -= 1
    return out


def acceptance(counts: list[int], melds: int, unseen: list[int], **forms: bool) -> tuple[int, int, tuple[int, ...]]:
    """``bots.efficiency.acceptance``."""
    base = shanten(counts, melds, **forms)
    useful = []
    total = 0
    for k in candidates(counts, melds, **forms):
        if counts[k] >= 4 or not unseen[k]:
            continue
        counts[k] += 1
        if shanten(counts, melds, **forms) < base:
            useful.append(k)
            total += unseen[k]
        counts[k] -= 1
    return base, total, tuple(useful)


def near(counts: list[int]) -> list[int]:
    """The riichi bot's ``_near``: held kinds and their suit neighbours within two."""
    out = set()
    for k, c in enumerate(counts):
        if not c:
            continue
        out.add(k)
        if k < 27:
            for d in (-2, -1, 1, 2):
                n = k + d
                if 0 <= n < 27 and n // 9 == k // 9:
                    out.add(n)
    return sorted(out)


def riichi_efficiency(counts: list[int], melds: int, seen: list[int]) -> dict[int, tuple[int, int]]:
    """``rulesets.riichi.bot.efficiency``: per kind held, (shanten after its discard, live improving copies)."""
    after: dict[int, int] = {}
    for k in range(34):
        if counts[k]:
            counts[k] -= 1
            after[k] = shanten(counts, melds)
            counts[k] += 1
    best = min(after.values())
    out = {}
    for k, sh in after.items():
        if sh > best:
            out[k] = (sh, 0)
            continue
        counts[k] -= 1
        live = 0
        for u in near(counts):
            remaining = 4 - counts[u] - seen[u]
            if remaining > 0:
                counts[u] += 1
                if shanten(counts, melds) < sh:
                    live += remaining
                counts[u] -= 1
        counts[k] += 1
        out[k] = (sh, live)
    return out


def discard_table(counts: list[int], melds: int, **forms: bool) -> dict[int, tuple[int, list[int]]]:
    """What the baseline, classical and Hong Kong bots ask per held kind of a 3n+2 hand:
    (shanten after throwing it, ``useful_tiles`` then)."""
    out = {}
    for k in range(34):
        if counts[k]:
            counts[k] -= 1
            out[k] = (shanten(counts, melds, **forms), useful_tiles(counts, melds, **forms))
            counts[k] += 1
    return out
