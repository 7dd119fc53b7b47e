"""``jantaku score hongkong`` on the command line and as JSON lines."""

import io
import json

from jantaku.cli import main


def test_score_command_json(capsys):
    assert main(["score", "hongkong", "123m456p789s11z", "pon:555z", "--win", "1z", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["is_win"] and out["fan"] == 2 and out["score"] == 4 and out["limit"] is None
    assert out["payments"] == {"E": 16, "S": -4, "W": -4, "N": -8}
    assert [i["unit"] for i in out["items"]] == ["fan", "fan"]


def test_score_command_text(capsys):
    main(["score", "hongkong", "19m19p19s1234567z1m", "--win", "1m", "--self"])
    text = capsys.readouterr().out
    assert "Thirteen Orphans" in text and "score: 128" in text


def test_score_jsonl(capsys, monkeypatch):
    lines = [
        {"hand": "123m456m789m11z pon:555z", "win": "1z", "by": "self", "seat": "S"},
        {"hand": "123m456p789s11z pon:555z", "win": "1z", "options": {"min_fan": 3}},
        {"hand": "123m456p789s11z pon:555z"},
    ]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(json.dumps(x) for x in lines)))
    main(["score", "hongkong", "--jsonl"])
    first, second, third = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert first["fan"] == 1 + 1 + 3 + 1 and first["payments"]["S"] == 6 * 32
    assert second["error"] == "below minimum fan" and not second["is_win"]
    assert "winning tile" in third["error"]
