"""`python -m rules_ext rule CASE.toml`: the facts in, the ruling out; impossible facts are one line."""
from __future__ import annotations

import json
import re

import pytest

from rules_ext.cli import main

GOOD = """edition = "1999"
kind = "insufficient_bid"
board = 1
auction = ["Pass", "1S"]
[irregularity]
seat = "S"
call = "1H"
[facts]
accepted = "no"
conventional = "natural"
lowest_conventional = "no"
correction = "lowest_same_strain"
damaging = "yes"
"""


def run(tmp_path, capsys, text, *args):
    path = tmp_path / "case.toml"
    path.write_text(text, encoding="utf-8")
    status = main(["rule", str(path), *args])
    out, err = capsys.readouterr()
    return status, out, err.strip()


def test_json_has_the_outcome_shape_and_quotes_the_text(tmp_path, capsys):
    status, out, _ = run(tmp_path, capsys, GOOD, "--format", "json")
    assert status == 0
    data = json.loads(out)
    for key in ("laws", "options", "partner_must_pass", "offender_must_pass", "lead_restriction", "penalty_card",
                "tricks_transferred", "adjusted_score_possible", "quote", "steps"):
        assert key in data
    assert data["laws"] == ["27B1a", "27B1b"]
    assert data["adjusted_score_possible"] == "must"
    assert data["quote"][1] == {"law": "27B1b", "citation": "第27条B款1项b目",
                                "text": "如果裁判判定，该不足叫牌传递的信息足以损害非违规方时，则应判给调整分。"}
    assert [s["answer"] for s in data["steps"]][:2] == ["依序", "未接受"]


def test_text_is_chinese_with_the_call_in_suit_symbols(tmp_path, capsys):
    status, out, _ = run(tmp_path, capsys, GOOD)
    assert status == 0
    assert "违规：南家 叫 1♥（此前叫牌：不叫 1♠）" in out
    assert "调整分：应判给调整分" in out
    assert "第27条B款1项b目：“如果裁判判定" in out


@pytest.mark.parametrize(("change", "message"), [
    (('auction = ["Pass", "1S"]', 'auction = ["Pass", "1S", "Pass", "Pass", "Pass"]'),
     r"case.toml:7: irregularity.call: 1H by S comes after the auction ended"),
    (('auction = ["Pass", "1S"]', 'auction = ["Pass", "1S", "1H"]'), r"case.toml:4: auction\[3\]: '1H': Law 18D"),
    (('accepted = "no"', 'accepted = "perhaps"'), r"case.toml:9: facts.accepted: 'perhaps' is not an answer"),
    (('accepted = "no"\n', ''), r"case.toml: facts.accepted: not answered: "),
    (('edition = "1999"', 'edition = "2008"'), r"case.toml:1: edition: '2008': expected one of 1991, 1999"),
    (('kind = "insufficient_bid"', 'kind = "fun"'), r"case.toml:2: kind: 'fun' is not a kind of irregularity"),
    (('[facts]', '[facts]\nin_turn = "no"'), r"case.toml:9: facts.in_turn: 'no' contradicts the auction"),
    (('[facts]', '[facts]\nmood = "good"'), r"case.toml:9: facts.mood: not a question of insufficient_bid"),
    (('seat = "S"', 'seat = "Q"'), r"case.toml:6: irregularity.seat: "),
    (('board = 1', 'board = 1\nflavour = 2'), r"case.toml:4: flavour: unknown field"),
])
def test_impossible_facts_are_one_line_naming_the_field(tmp_path, capsys, change, message):
    status, out, err = run(tmp_path, capsys, GOOD.replace(*change))
    assert status == 1 and not out
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert re.search(message, err), err


def test_kinds_are_listed_with_their_provisions(capsys):
    assert main(["rule", "--list"]) == 0
    out = capsys.readouterr().out
    assert "insufficient_bid  不足叫牌" in out and "1999: 23 26A2" in out


def test_the_ruling_becomes_a_record_the_form_command_prints(tmp_path, capsys):
    from rules_ext.pdf.ruling_record import load_ruling
    path = tmp_path / "case.toml"
    path.write_text('event = "冬季俱乐部双人赛"\ntable = "4"\ncalled_by = "W"\n' + GOOD, encoding="utf-8")
    record = tmp_path / "ruling.toml"
    assert main(["rule", str(path), "--record", str(record)]) == 0
    capsys.readouterr()
    loaded = load_ruling(record)
    assert loaded.board == 1 and loaded.event == "冬季俱乐部双人赛"
    assert [str(c) for c in loaded.laws] == ["1999:27B1a", "1999:27B1b"]
    assert "应判给调整分" in loaded.ruling and "1. 不足叫牌是否依序作出" in loaded.facts
    assert main(["ruling", str(record), "-o", str(tmp_path / "form.pdf")]) == 0
    assert (tmp_path / "form.pdf").read_bytes().startswith(b"%PDF")


def test_a_record_needs_event_and_board_and_nothing_is_written_without_them(tmp_path, capsys):
    record = tmp_path / "ruling.toml"
    status, _, err = run(tmp_path, capsys, GOOD, "--record", str(record))
    assert status == 1 and "event: missing: a ruling record needs the event and the board" in err
    assert not record.exists()
