"""`python -m rules_ext rule CASE.toml`: the facts in, the ruling out; impossible facts are one line."""
from __future__ import annotations

import json
import re
from pathlib import Path

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
    assert data["laws"] == ["27B", "27B1a", "27B1b"]
    assert data["adjusted_score_possible"] == "must"
    assert data["quote"][1] == {"law": "27B1b", "citation": "第27条B款1项b目",
                                "text": "如果裁判判定，该不足叫牌传递的信息足以损害非违规方时，则应判给调整分。"}
    assert [s["answer"] for s in data["steps"]][:2] == ["依序", "不接受"]


def test_text_is_chinese_with_the_call_in_suit_symbols(tmp_path, capsys):
    status, out, _ = run(tmp_path, capsys, GOOD)
    assert status == 0
    assert "违规：南家叫1♥（此前叫牌：不叫 1♠）。" in out
    assert "调整分：应判给调整分。" in out
    assert "第27条B款1项b目：“如果裁判判定" in out


@pytest.mark.parametrize(("change", "message"), [
    (('auction = ["Pass", "1S"]', 'auction = ["Pass", "1S", "Pass", "Pass", "Pass"]'),
     r"case.toml:7: irregularity.call: 1H by S comes after the auction ended"),
    (('auction = ["Pass", "1S"]', 'auction = ["Pass", "1S", "1H"]'), r"case.toml:4: auction\[3\]: '1H': Law 18D"),
    (('accepted = "no"', 'accepted = "perhaps"'), r"case.toml:9: facts.accepted: 'perhaps' is not an answer"),
    (('conventional = "natural"\n', ''), r"case.toml:\d+: facts.conventional: not answered: "),
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
    assert [str(c) for c in loaded.laws] == ["1999:27B", "1999:27B1a", "1999:27B1b"]
    assert "应判给调整分" in loaded.ruling and "1. 不足叫牌是否依序作出" in loaded.facts
    assert main(["ruling", str(record), "-o", str(tmp_path / "form.pdf")]) == 0
    assert (tmp_path / "form.pdf").read_bytes().startswith(b"%PDF")


def test_each_option_of_the_ruling_is_a_line_of_its_own_on_the_form(tmp_path, capsys):
    """A ruling with two options (either defender may name the hand declarer leads from, Law 43B2b):
    the record writes each option as a sentence of its own line, as the 裁决助手 page does, and the
    form prints each on its own line (never "任一防家：…引牌任一防家：…")."""
    import subprocess

    from required_tools import require

    from rules_ext.core.rulings.case import load_case
    from rules_ext.fileio import package_path
    from rules_ext.pdf.ruling_record import load_ruling

    case = package_path("rules_ext.core.rulings", "cases", "dummy_limitations-1991-exchanged-then-warned.toml")
    options = load_case(case).rule().outcome.options
    assert len(options) == 2
    path, record, form = tmp_path / "case.toml", tmp_path / "ruling.toml", tmp_path / "form.pdf"
    path.write_text('event = "冬季俱乐部双人赛"\n' + case.read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["rule", str(path), "--record", str(record)]) == 0
    written = load_ruling(record).ruling.splitlines()
    assert [f"{x.by}：{x.choice}。" for x in options] == written[1:3]
    assert main(["ruling", str(record), "-o", str(form), "--lang", "zh"]) == 0, capsys.readouterr().err
    text = subprocess.run([require("pdftotext"), "-enc", "UTF-8", str(form), "-"], check=True,
                          capture_output=True, text=True).stdout
    lines = [line.strip() for line in text.splitlines()]
    for x in options:
        assert f"{x.by}：{x.choice}。" in lines, x
    assert "调整分：不适用。" in lines


def test_the_record_has_the_assistants_one_shape(tmp_path, capsys):
    """`rule --record` writes the fields of core.rulings.RECORD_FIELDS in their order (the 裁决助手
    page writes the same: its data names them, and the browser test compares the two records), each
    one the form command reads; a field the case does not give is left out."""
    import tomllib

    from rules_ext.core.rulings import RECORD_FIELDS, RECORD_RESULT_FIELDS
    from rules_ext.pdf.ruling_record import _TOP_KEYS
    from rules_ext.rulebook_site.assistant import questionnaire_data

    assert set(RECORD_FIELDS) <= _TOP_KEYS
    given = ('event = "冬季俱乐部双人赛"\ntable = "4"\ndirector = "陈静"\ncalled_by = "W"\ncontract = "2H"\n'
             'declarer = "S"\ntricks = 8\ndeal = "N:AT62.J73.Q84.K95 K95.AT62.J73.Q84 Q84.K95.AT62.J73 J73.Q84.K95.AT62"\n')
    decided = [f for f in RECORD_FIELDS if f != "pending"]   # a ruling whose judgements are all decided
    for text, fields in ((given + GOOD, decided),
                         ('event = "冬季俱乐部双人赛"\n' + GOOD,
                          [f for f in decided if f not in ("table", "director", "called_by", "deal")])):
        path, record = tmp_path / "case.toml", tmp_path / "ruling.toml"
        path.write_text(text, encoding="utf-8")
        assert main(["rule", str(path), "--record", str(record)]) == 0
        written = tomllib.loads(record.read_text(encoding="utf-8"))
        assert [k for k in written if k != "result"] == fields
        assert list(written.get("result", RECORD_RESULT_FIELDS)) == list(RECORD_RESULT_FIELDS)
    capsys.readouterr()
    from rules_ext.core.rulings import tree
    from rules_ext.corpus import load_corpus

    data = questionnaire_data(load_corpus(), tree("insufficient_bid", "1999"))
    assert data["record_fields"] == list(RECORD_FIELDS) and data["record_result_fields"] == list(RECORD_RESULT_FIELDS)


def test_a_record_needs_event_and_board_and_nothing_is_written_without_them(tmp_path, capsys):
    record = tmp_path / "ruling.toml"
    status, _, err = run(tmp_path, capsys, GOOD, "--record", str(record))
    assert status == 1 and "event: missing: a ruling record needs the event and the board" in err
    assert not record.exists()


# -- the ruling form made from `rule --record` agrees with the ruling -----------------------------

CASES = Path(__file__).parents[1] / "rules_ext" / "core" / "rulings" / "cases"


def _form_text(tmp_path, capsys, case_text: str) -> tuple[str, str, int]:
    """The record `rule --record` writes for ``case_text``, and the text and pages of its form."""
    from pypdf import PdfReader

    path = tmp_path / "case.toml"
    path.write_text('event = "秋季双人赛 Autumn Pairs"\n' + case_text, encoding="utf-8")
    record, form = tmp_path / "ruling.toml", tmp_path / "form.pdf"
    assert main(["rule", str(path), "--record", str(record)]) == 0
    assert main(["ruling", str(record), "-o", str(form)]) == 0
    capsys.readouterr()
    pages = PdfReader(str(form)).pages
    return record.read_text(encoding="utf-8"), " ".join(" ".join(p.extract_text() for p in pages).split()), len(pages)


@pytest.mark.parametrize(("case", "possible"), [("insufficient_bid-1999-lowest-damaging", "must"),
                                                 ("call_out_of_rotation-1991-double-at-rho", "may"),
                                                 ("revoke-1991-trick-12", "no")])
def test_the_adjustment_follows_whether_an_adjusted_score_may_follow(tmp_path, capsys, case, possible):
    record, text, pages = _form_text(tmp_path, capsys, (CASES / f"{case}.toml").read_text(encoding="utf-8"))
    assert f'adjusted_score = "{possible}"' in record
    words = {"must": "应判给调整分 an adjusted score must be awarded",
             "may": "可以判给调整分 an adjusted score may be awarded"}
    if possible == "no":
        assert "调整分 Score adjustment: 无 none" in text
        assert "an adjusted score" not in text
    else:
        assert f"调整分 Score adjustment — {words[possible]}" in text, text
        assert "Score adjustment: 无 none" not in text
        assert "人为调整分 南北 ____% / 东西 ____%" in text   # lines to fill in, or an artificial score
        assert ("□ 无 none" in text) is (possible == "may")
    assert pages <= 2


def test_the_table_result_comes_from_the_case(tmp_path, capsys):
    case = (CASES / "revoke-1991-trick-12.toml").read_text(encoding="utf-8").replace(
        'contract = "3NT"', 'contract = "3NT"\ntricks = 9')
    record, text, _ = _form_text(tmp_path, capsys, case)
    assert '[result]\ncontract = "3NT"\ndeclarer = "S"\ntricks = 9' in record
    assert "3NT 南 South 9 400" in text, text


def test_a_case_without_a_contract_leaves_the_table_result_blank(tmp_path, capsys):
    record, _, _ = _form_text(tmp_path, capsys, GOOD)
    assert "[result]" not in record


@pytest.mark.parametrize(("field", "value", "problem"), [
    ("tricks", "14", "14 tricks is impossible"), ("contract", '"8S"', "cannot read contract '8S'"),
    ("contract", '"4SN"', "names its declarer")])
def test_a_bad_result_in_a_case_is_one_line(tmp_path, capsys, field, value, problem):
    case = (CASES / "revoke-1991-trick-12.toml").read_text(encoding="utf-8").replace(
        'contract = "3NT"', f'contract = "3NT"\n{field} = {value}' if field == "tricks" else f"contract = {value}")
    path = tmp_path / "case.toml"
    path.write_text(case, encoding="utf-8")
    assert main(["rule", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{field}: " in err and problem in err, err


def test_an_inadmissible_bid_above_seven_prints_on_the_form(tmp_path, capsys):
    _, text, _ = _form_text(tmp_path, capsys,
                            (CASES / "inadmissible_call-1999-above-seven.toml").read_text(encoding="utf-8"))
    assert "8♥" in text


def test_a_record_that_says_no_adjustment_cannot_carry_one(tmp_path):
    from rules_ext.errors import RulesError
    from rules_ext.pdf.ruling_record import parse_ruling

    with pytest.raises(RulesError, match=r"adjusted_score: \"no\" but the record has an \[adjustment\]"):
        parse_ruling('event = "E"\nboard = 1\nadjusted_score = "no"\n[adjustment]\nartificial = { ns = 60, ew = 40 }\n')
    with pytest.raises(RulesError, match=r"adjusted_score: 'perhaps': expected"):
        parse_ruling('event = "E"\nboard = 1\nadjusted_score = "perhaps"\n')


def test_the_blank_forms_deal_stays_clear_of_the_auction_grid():
    """The blank diagram's West hand (suit symbols and lines) lies in its own column, not on the
    auction grid's border: the deal's column is at least as wide as the diagram."""
    from rules_ext.pdf.layout import PrintOptions, frame_size
    from rules_ext.pdf.ruling import _auction_and_deal, _styles

    options = PrintOptions.of("a4", "both")
    width, _ = frame_size(options)
    table = _auction_and_deal(None, options, _styles(), width)
    (left, diagram), = table._cellvalues
    table.wrap(width, 1e6)
    grid_w = sum(left[-1]._colWidths)
    assert grid_w <= table._colWidths[0] - 8
    assert diagram.wrap(width, 1e6)[0] <= table._colWidths[1]


# -- a judgement that may wait (待定) -------------------------------------------------------------

PENDING_CASES = {   # case file, fact, the adjusted score of each case (then: "may" overall)
    "insufficient_bid-1999-lowest-damaging": ("damaging", ["no", "must"]),
    "exposed_cards-1991-minor": ("knew_damage", ["no", "must"]),
    "revoke-1991-won-by-offender": ("equity", ["no", "must"]),
    "revoke-1991-trick-12": ("equity", ["no", "must"]),
}


@pytest.mark.parametrize("name", sorted(PENDING_CASES))
@pytest.mark.parametrize("word", ["pending", "待定"])
def test_a_judgement_not_yet_decided_keeps_each_case_and_the_adjusted_score_possible(tmp_path, capsys, name, word):
    fact, scores = PENDING_CASES[name]
    text = (CASES / f"{name}.toml").read_text(encoding="utf-8")
    text = re.sub(rf'^{fact} = "\w+"$', f'{fact} = "{word}"', text, flags=re.M)
    path = tmp_path / "case.toml"
    path.write_text(text, encoding="utf-8")
    assert main(["rule", str(path), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [b["adjusted_score_possible"] for b in data["branches"]] == scores
    assert data["adjusted_score_possible"] == "may"
    assert [p["fact"] for p in data["pending"]] == [fact]
    judged = data["pending"][0]["laws"]
    assert set(judged) <= set(data["laws"]) and {q["law"] for q in data["quote"]} >= set(judged)
    for branch in data["branches"]:
        assert set(branch["laws"]) <= set(data["laws"])
    assert main(["rule", str(path)]) == 0
    out = capsys.readouterr().out
    assert "调整分：可以判给调整分" in out and "待定：" in out
    assert all(f"若{b['answer']}：" in out for b in data["branches"])


def test_only_a_judgement_may_wait(tmp_path, capsys):
    text = (CASES / "revoke-1991-trick-12.toml").read_text(encoding="utf-8").replace(
        't12_partner = "yes"', 't12_partner = "待定"')
    path = tmp_path / "case.toml"
    path.write_text(text, encoding="utf-8")
    assert main(["rule", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "facts.t12_partner: '待定' is not an answer" in err, err


def test_an_undecided_judgement_goes_onto_the_record_and_the_form(tmp_path, capsys):
    case = (CASES / "insufficient_bid-1999-lowest-damaging.toml").read_text(encoding="utf-8").replace(
        'damaging = "yes"', 'damaging = "待定"')
    record, text, _ = _form_text(tmp_path, capsys, case)
    assert 'pending = ["裁判长是否判定该不足叫牌传递的信息足以损害非违规方？（第27条B款1项b目）□ 未损害 □ 足以损害"]' in record
    assert 'adjusted_score = "may"' in record
    assert "待定的判断 Judgements not yet decided" in text and "□ 未损害 □ 足以损害" in text
    assert "可以判给调整分 an adjusted score may be awarded" in text


# -- a referral ("见第31条") goes on into the referred law's tree ---------------------------------

OUT_OF_ROTATION = """edition = "1991"
kind = "insufficient_bid"
board = 1
auction = ["1S"]
[irregularity]
seat = "W"
call = "1H"
"""


def test_a_referral_goes_on_into_the_referred_law_with_the_same_facts(tmp_path, capsys):
    # 27C: West's insufficient 1H at East's (his partner's) turn is ruled by Law 31: 31B, the
    # partner passes throughout; the referred tree's facts (turn, call type) come from the auction
    status, out, _ = run(tmp_path, capsys, OUT_OF_ROTATION + "called_over = []\n", "--format", "json")
    assert status == 0
    data = json.loads(out)
    assert data["refer"] == {"kind": "call_out_of_rotation", "law": "31"} and data["needs"] == []
    referral = data["referral"]
    assert referral["kind"] == "call_out_of_rotation" and referral["partner_must_pass"] == "throughout"
    assert [s["answer"] for s in referral["steps"]] == ["违规者的同伴", "实质叫牌", "未接着叫牌"]
    assert {"27C", "31B"} <= set(data["laws"]) and "31B" in [q["law"] for q in data["quote"]]
    status, text, _ = run(tmp_path, capsys, OUT_OF_ROTATION + "called_over = []\n")
    lines = text.split("\n")
    at = lines.index("按第31条（越序叫牌）裁定：")
    assert lines[at + 1].startswith("    2. 越序叫牌时本应轮到谁叫牌？ —— 违规者的同伴")
    assert "    违规者的同伴：此后轮到叫牌时必须永远不叫。" in lines[at:]
    assert "  调整分：可以判给调整分。" in lines[at:] and not any(line.startswith("调整分：") for line in lines)


def test_a_referral_the_facts_cannot_follow_yet_names_the_fact_the_law_needs(tmp_path, capsys):
    # without the calls made over it, Law 31 cannot tell whether North accepted the call
    status, out, _ = run(tmp_path, capsys, OUT_OF_ROTATION, "--format", "json")
    assert status == 0
    data = json.loads(out)
    assert data["referral"] is None
    assert [(n["fact"], n["laws"]) for n in data["needs"]] == [("accepted", ["29B"])]
    status, text, _ = run(tmp_path, capsys, OUT_OF_ROTATION)
    assert "按第31条（越序叫牌）裁定尚需查明：违规者的下家（左手敌家）是否已在越序叫牌后接着叫牌？（第29条B款）" in text.split("\n")
    assert "调整分：不适用" not in text and "不受限制" not in text


def test_a_referral_goes_onto_the_record(tmp_path, capsys):
    from rules_ext.pdf.ruling_record import load_ruling
    path = tmp_path / "case.toml"
    path.write_text('event = "冬季俱乐部双人赛"\n' + OUT_OF_ROTATION + "called_over = []\n", encoding="utf-8")
    record = tmp_path / "ruling.toml"
    assert main(["rule", str(path), "--record", str(record)]) == 0
    capsys.readouterr()
    loaded = load_ruling(record)
    assert "按第31条（越序叫牌）裁定：" in loaded.ruling and "永远不叫" in loaded.ruling
    assert "2. 越序叫牌时本应轮到谁叫牌？违规者的同伴。" in loaded.facts
    assert "1991:31B" in [str(c) for c in loaded.laws] and loaded.adjusted_score == "may"
    assert main(["ruling", str(record), "-o", str(tmp_path / "form.pdf")]) == 0
    assert (tmp_path / "form.pdf").read_bytes().startswith(b"%PDF")


def test_a_restriction_the_auction_settles_is_stated_and_the_penalty_card_named(tmp_path, capsys):
    # the auction after the rectification ends with West declaring 2H: "违规方成为防家时" no longer
    # waits, Law 31's lead restriction does not apply
    case = OUT_OF_ROTATION.replace("[irregularity]", 'later_auction = ["Pass", "Pass", "2H", "Pass", "Pass", "Pass"]\n'
                                   '[irregularity]') + '[facts]\naccepted = "no"\n'
    status, out, err = run(tmp_path, capsys, case, "--format", "json")
    assert status == 0, err
    data = json.loads(out)
    r = data["referral"]
    assert r["lead_restriction"] is None and r["lead_penalty"]["laws"] == ["26intro"]
    assert data["lead_restriction"] is None and data["lead_penalty"] == r["lead_penalty"]   # the final answer on top
    assert "成为防家时" not in r["summary"] and "违规方是庄家一方，不受引牌判罚" in r["summary"]
    # a card exposed in the auction by a player who then defends: his card, named, is a penalty card
    exposed = """edition = "1991"
kind = "exposed_card_auction"
board = 1
auction = ["1H"]
declarer = "N"
[irregularity]
seat = "E"
cards = ["SK"]
[facts]
premature_lead = "no"
treat = "yes"
"""
    status, out, err = run(tmp_path, capsys, exposed, "--format", "json")
    assert status == 0, err
    data = json.loads(out)
    assert [(p["card"], p["kind"], p["act"]) for p in data["penalty_cards"]] == [("♠K", "major", "auction")]
    assert data["summary"].endswith("违规者是防家，庄家把它当作罚张（重罚张）。")
    status, out, err = run(tmp_path, capsys, exposed.replace('declarer = "N"', 'declarer = "E"'), "--format", "json")
    data = json.loads(out)   # the offender's side declares: no penalty card (24), nor its provisions
    assert data["penalty_cards"] == [] and data["penalty_card"] is None and "50E1" not in data["laws"]


def test_the_record_and_the_form_print_the_option_chosen(tmp_path, capsys):
    """A choice the text gives a side: the option chosen (with its provisions) in the record's
    ``choices`` and on the form; a choice not made, its options to tick."""
    from rules_ext.pdf.ruling_record import parse_ruling

    case = tmp_path / "case.toml"
    case.write_text('event = "秋季双人赛"\n' + GOOD, encoding="utf-8")
    record = tmp_path / "r.toml"
    assert main(["rule", str(case), "--record", str(record)]) == 0
    capsys.readouterr()
    parsed = parse_ruling(record.read_text(encoding="utf-8"), source="r.toml")
    assert parsed.choices == ("违规者的下家选择：不接受（第27条A款）",
                              "违规者选择：同一名目的最低足够叫牌（第27条B款、第27条B款1项a目）")
    case.write_text('event = "秋季双人赛"\n' + GOOD.replace('correction = "lowest_same_strain"\n', ''), encoding="utf-8")
    assert main(["rule", str(case), "--record", str(record)]) == 0
    capsys.readouterr()
    parsed = parse_ruling(record.read_text(encoding="utf-8"), source="r.toml")
    assert parsed.choices[1].startswith("违规者尚未选择：违规者改为什么叫品？（第27条B款、第27条B款1项a目）□ 同一名目的最低足够叫牌 □ ")
    form = tmp_path / "form.pdf"
    assert main(["ruling", str(record), "-o", str(form)]) == 0
    import pypdf
    text = "".join(p.extract_text() for p in pypdf.PdfReader(str(form)).pages)
    assert "各方的选择" in text and "违规者尚未选择" in text and "选择人签名" in text
