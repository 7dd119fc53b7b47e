"""mjai logs: tiles, one seat's view, export -> import of seeded matches, and `jantaku export/import`."""

from __future__ import annotations

import functools
import json
import subprocess

import pytest

from jantaku.cli import main
from jantaku.engine.bots import get_bot
from jantaku.engine.match import Match
from jantaku.engine.ruleset import get_ruleset
from jantaku.engine.rulesets.riichi.mjai import MjaiError, kind_name, parse_tile, tile_name
from jantaku.engine.rulesets.riichi.mjai_replay import check_log, dumps_log, export_match, looks_like_mjai
from jantaku.engine.tiles import tile_ids_of_kind
from jantaku.netplay.store import Store, store_imported_match

from .conftest import HERE

FEW_SEEDS = (0, 2)


@functools.lru_cache(maxsize=8)
def play(seed: int, game_length: str | None = None, aka_dora: bool = True) -> Match:
    """A whole riichi match of four strong bots (the tests share them: a match takes a while to play)."""
    options = {"aka_dora": aka_dora} | ({"game_length": game_length} if game_length else {})
    match = Match(get_ruleset("riichi", None, options), seed)
    bots = [get_bot("strong") for _ in range(4)]
    while not match.is_over:
        pending = match.pending()
        seat = min(pending)
        match.act(seat, bots[seat].choose(match.view(seat), pending[seat]))
    return match


def moves(match: Match) -> list[dict]:
    """Every event of the match as mjai writes it, but the game's header (the seed, the names).

    This is every decision that took effect, by tile kind and red-ness (mjai names no physical tile),
    and every payment.  A claim that lost to a higher one (a chi to a pon) is not in an mjai log, and
    so not here either."""
    return export_match(match.record())[1:]


def test_every_tile_has_its_mjai_name_and_back():
    names = [kind_name(k) for k in range(34)]
    assert names[:9] == [f"{n}m" for n in range(1, 10)] and names[27:] == ["E", "S", "W", "N", "P", "F", "C"]
    for kind in range(34):
        for tile in tile_ids_of_kind(kind):
            name = tile_name(tile, red_fives=True)
            assert parse_tile(name) == (kind, tile in (16, 52, 88))
            assert tile_name(tile, red_fives=False) == kind_name(kind)
    assert [tile_name(t, red_fives=True) for t in (16, 52, 88)] == ["5mr", "5pr", "5sr"]
    for bad in ("?", "0m", "5zr", "", None, 5, "5mr "):
        with pytest.raises(MjaiError):
            parse_tile(bad)


@pytest.mark.parametrize("seed", FEW_SEEDS)
def test_export_then_import_reproduces_the_match(seed):
    original = play(seed, "east")
    text = dumps_log(export_match(original.record(), ["a", "b", "c", "d"]))
    assert looks_like_mjai(text)
    report = check_log(text)
    assert report.ok, "\n".join(report.lines())
    again = report.match
    assert again is not None and again.is_over
    assert moves(again) == moves(original)
    assert [r.deltas for r in again.results] == [r.deltas for r in original.results]
    assert again.scores == original.scores and again.standings == original.standings


def test_without_red_fives_and_in_the_east_only_game_too():
    original = play(5, "east", aka_dora=False)
    text = dumps_log(export_match(original.record()))
    assert "5mr" not in text and "5pr" not in text and "5sr" not in text
    report = check_log(text)
    assert report.ok and report.match is not None
    assert [r.deltas for r in report.match.results] == [r.deltas for r in original.results]


@pytest.mark.slow
def test_ten_more_seeded_matches_round_trip():
    """200 of them: benchmarks/mjai_roundtrip.py (minutes of CPU, too long for a test)."""
    for seed in range(10):
        original = play(1000 + seed)
        report = check_log(dumps_log(export_match(original.record())))
        assert report.ok and report.match is not None, f"seed {1000 + seed}: " + "\n".join(report.lines())
        assert moves(report.match) == moves(original), f"seed {1000 + seed}"
        assert [r.deltas for r in report.match.results] == [r.deltas for r in original.results]


def test_a_tampered_payment_is_a_mismatch():
    events = export_match(play(0).record())
    hora = next(e for e in events if e["type"] in ("hora", "ryukyoku") and any(e["deltas"]))
    hora["deltas"] = [d * 2 for d in hora["deltas"]]
    report = check_log(dumps_log(events))
    assert not report.ok and any("payments" in p for h in report.hands for p in h.problems)
    assert report.lines()[-1].endswith("MISMATCH")


def test_a_broken_log_says_where():
    with pytest.raises(MjaiError, match="line 2 is not JSON"):
        check_log('{"type":"start_game","names":["a","b","c","d"]}\nnot json\n')
    header = '{"type":"start_game","names":["a","b","c","d"]}\n'
    kyoku = {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0}
    for text, expected in (
        (header, "no kyoku"),
        (header + json.dumps(kyoku) + "\n", "start_kyoku: no 'scores'"),
        (header + json.dumps(kyoku | {"scores": [25000] * 4, "tehais": [["1m"] * 13] * 4}) + "\n", "more 1m than"),
    ):
        report = check_log(text)
        assert not report.ok and report.game_error and expected in report.game_error


def test_a_seat_sees_only_its_own_tiles():
    match = play(2, "east")
    full = export_match(match.record())
    for seat in range(4):
        seen = export_match(match.record(), viewer=seat)
        assert len(seen) == len(full)
        assert seen[0]["id"] == seat
        for mine, truth in zip(seen[1:], full[1:]):
            assert mine == mask(truth, seat)


def mask(event: dict, seat: int) -> dict:
    """What ``seat`` may see of a full-information event."""
    event = json.loads(json.dumps(event))
    if event["type"] == "start_kyoku":
        event["tehais"] = [h if i == seat else ["?"] * 13 for i, h in enumerate(event["tehais"])]
    if event["type"] == "tsumo" and event["actor"] != seat:
        event["pai"] = "?"
    return event


def test_libriichi_accepts_every_seat_s_log(tmp_path, mjai_python):
    """The mjai package's own state tracker (libriichi's PlayerState) reads each seat's log without complaint."""
    match = play(2, "east")
    for seat in range(4):
        (tmp_path / f"seat{seat}.jsonl").write_text(dumps_log(export_match(match.record(), viewer=seat)))
    script = (
        "import sys, pathlib\n"
        "from mjai.mlibriichi.state import PlayerState\n"
        "for seat in range(4):\n"
        "    state = PlayerState(seat)\n"
        "    for line in pathlib.Path(sys.argv[1], f'seat{seat}.jsonl').read_text().splitlines():\n"
        "        state.update(line)\n"
        "print('ok')\n"
    )
    done = subprocess.run([str(mjai_python), "-c", script, str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]


def test_export_and_import_on_the_command_line(tmp_path, capsys):
    original = play(0)
    store_imported_match(original, source="seed 4", data_dir=tmp_path, players=("ann", "bob", "cy", "dee"))
    log = tmp_path / "match1.mjai.jsonl"
    assert main(["export", "1", "--data", str(tmp_path), "--format", "mjai", "-o", str(log)]) == 0
    first = json.loads(log.read_text().splitlines()[0])
    assert first["type"] == "start_game" and first["names"] == ["ann", "bob", "cy", "dee"]
    capsys.readouterr()
    assert main(["import", str(log), "--check", "--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "kyoku agree with the mjai log: OK" in out and "stored as match 2" in out
    store = Store.in_dir(tmp_path)
    try:
        again = Match.replay(store.load(2).record)
    finally:
        store.close()
    assert again.is_over and again.scores == original.scores
    assert moves(again) == moves(original)


def test_import_tells_a_broken_mjai_log_from_an_mjlog(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type":"start_game","names":["a","b","c","d"]}\n{"type":"start_kyoku",\n')
    assert main(["import", str(bad), "--no-store"]) == 2
    assert "is not an mjai log: line 2 is not JSON" in capsys.readouterr().err
    mjlog = HERE.parent / "data" / "mjlog" / "double-ron.mjlog"
    assert main(["import", str(mjlog), "--check", "--no-store"]) == 0


def test_a_classical_match_is_not_exported_as_mjai(tmp_path, capsys):
    match = Match(get_ruleset("basic", options={"hands": 1}), 1)
    while not match.is_over:
        seat, actions = next(iter(match.pending().items()))
        match.act(seat, actions[0])
    store_imported_match(match, source="basic", data_dir=tmp_path)
    assert main(["export", "1", "--data", str(tmp_path), "--format", "mjai"]) == 1
    assert "mjai speaks riichi" in capsys.readouterr().err


def _tenhou_games():
    from ..tenhou_log.records import MJLOG_NAMES

    return MJLOG_NAMES


@pytest.mark.slow
def test_the_tenhou_logs_exported_as_mjai_import_to_the_same_decisions_and_payments():
    """Issue 17: the 35 real Tenhou games (tests/data/mjlog) as our engine replays them, written as mjai
    logs and read back: the same moves (every decision that took effect) and the same payments."""
    from jantaku.engine.rulesets.riichi.tenhou_import import check_game

    from ..tenhou_log.records import load_game

    checked = 0
    for name in _tenhou_games():
        replayed = check_game(load_game(name))
        if not replayed.ok or replayed.match is None:  # the logs cut short on purpose
            continue
        original = replayed.match
        report = check_log(dumps_log(export_match(original.record(), ["a", "b", "c", "d"])))
        assert report.ok, f"{name}: " + "\n".join(report.lines())
        again = report.match
        assert again is not None
        assert moves(again) == moves(original), name
        assert [r.deltas for r in again.results] == [r.deltas for r in original.results], name
        checked += 1
    assert checked >= 31
