"""The auction's irregularities (Laws 13-15, 24, 25, 28-33, 35-39): each case file of
rules_ext/core/rulings/cases runs through `python -m rules_ext rule --format json`, and its decisive
fields are the ones read from the text of its edition; each kind refuses impossible facts in one line."""
from __future__ import annotations

import re

import pytest
from rulings_cases import CASES, check_case, check_every_case_is_expected, rule

from rules_ext.cli import main
from rules_ext.core.rulings import RulingError, tree
from rules_ext.core.rulings.case import parse_case
from rules_ext.core.rulings.loading import _Resolver

KINDS = ("wrong_number_of_cards", "wrong_board", "exposed_card_auction", "change_of_call", "call_out_of_rotation", "simultaneous_calls",
         "inadmissible_call", "call_after_final_pass")



# file -> the decisive fields, from the texts (label lists in the order the outcome cites them)
EXPECTED = {
    # 1991 31A: a pass over partner's conventional call goes to A2(b); 1999 31A only takes a
    # conventional pass there, a natural one is 30B1 (pass one round). 29A/29B swap labels.
    "call_out_of_rotation-1991-pass-over-strong-club": {
        "offender_must_pass": "no",
        "partner_must_pass": "throughout", "adjusted_score_possible": "may"},
    "call_out_of_rotation-1999-pass-over-strong-club": {
        "offender_must_pass": "next_turn", "partner_must_pass": "no", "adjusted_score_possible": "no"},
    # 32B2 in both; 1991 cites 23A, 1999's Law 23 has no sections; 1999's clause restored by erratum
    "call_out_of_rotation-1991-double-at-rho": {
        "partner_must_pass": "throughout", "adjusted_score_possible": "may"},
    "call_out_of_rotation-1999-double-at-rho": {
        "partner_must_pass": "throughout", "adjusted_score_possible": "may"},
    # 25B2b2: 1991 bars the partner throughout; 1999 lets the auction go on, capping the offenders
    "change_of_call-1991-delayed-change": {
        "partner_must_pass": "throughout",
        "adjusted_score_possible": "may"},
    "change_of_call-1999-delayed-change": {
        "partner_must_pass": "no",
        "adjusted_score_possible": "must"},
    # 15C1 (1991 only): any player may demand the board be cancelled before the second auction
    "wrong_board-1991-during-auction": {"adjusted_score_possible": "no"},
    "wrong_board-1999-during-auction": {"adjusted_score_possible": "no"},
    "exposed_card_auction-1999-honour": {
        "partner_must_pass": "next_turn", "adjusted_score_possible": "may"},
    "inadmissible_call-1999-above-seven": {
        "offender_must_pass": "throughout", "partner_must_pass": "throughout"},
    "call_after_final_pass-1991-defender-double": {
        "offender_must_pass": "no", "partner_must_pass": "no"},
    # 13: 1991 adjusts once the player with the wrong cards has called; 1999 may let the board go on
    "wrong_number_of_cards-1991-called-with-14": {"adjusted_score_possible": "must"},
    "wrong_number_of_cards-1999-called-with-14": {"adjusted_score_possible": "no"},
    "simultaneous_calls-1999-partner": {"partner_must_pass": "no", "tricks_transferred": 0},
    # the richer facts (tests/core/test_rulings_facts.py): first_legal, lho_called and Law 26A1 from
    # the auction after the change; 31A2a from the calls after the call out of rotation; 24C from two cards
    "change_of_call-1991-later-named-suit": {
        "partner_must_pass": "throughout",
        "lead_penalty": {"text": "违规者此后叫出了有关联的花色♣：不受引牌判罚。", "laws": ["26A1"]},
        "lead_restriction": None},
    "call_out_of_rotation-1991-bid-at-rho-repeated": {
        "partner_must_pass": "next_turn", "lead_penalty": None},
    # 31B: a call at the left-hand opponent's turn after his own call is a change of call: Law 25
    # rules on, its first call the offender's last (1S, legal), the substitute the call (2S)
    "call_out_of_rotation-1991-change-at-lho": {
        # the referred law's answer is the ruling's: the offender let 1S stand, partner passes once (25B2b1)
        "refer": {"kind": "change_of_call", "law": "25"}, "needs": [], "partner_must_pass": "next_turn"},
    # 25A: an inadvertent call corrected by an insufficient bid: Law 27 rules on the substitute
    "change_of_call-1999-inadvertent-insufficient": {
        "refer": {"kind": "insufficient_bid", "law": "27"}, "needs": [],
        "adjusted_score_possible": "no"},
    "exposed_card_auction-1991-two-cards": {
        "partner_must_pass": "next_turn"},
}


def test_every_case_file_of_these_kinds_is_checked():
    check_every_case_is_expected(KINDS, EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_case_files_give_the_ruling_read_from_the_text(name, capsys):
    check_case(capsys, name, EXPECTED[name])


def test_the_editions_differ_where_the_texts_do(capsys):
    a = rule(capsys, CASES / "call_out_of_rotation-1991-double-at-rho.toml")
    b = rule(capsys, CASES / "call_out_of_rotation-1999-double-at-rho.toml")
    # 32 intro: 1991 shall apply 26B, 1999 may (quoted from each text); the 1999 ruling names the
    # erratum restoring 32B2
    assert "并应用26条B款引牌判罚" in {x["law"]: x["text"] for x in a["quote"]}["32intro"]
    assert "可能应用第26条B款" in {x["law"]: x["text"] for x in b["quote"]}["32intro"]
    assert a["lead_restriction"]["laws"] == b["lead_restriction"]["laws"] == ["32intro", "26B"]
    assert any("1999年版勘误表" in n for n in b["notes"]) and not a["notes"]
    q = {x["law"]: x["text"] for x in b["quote"]}
    assert q["29B"].startswith("否则，越序叫牌应予取消") and "永远不叫" in q["32B2"]
    c = rule(capsys, CASES / "wrong_board-1999-during-auction.toml")
    assert "必须重复" in c["quote"][0]["text"]
    e = rule(capsys, CASES / "wrong_number_of_cards-1999-called-with-14.toml")
    assert "按已发生的情况继续比赛" in e["quote"][0]["text"]
    d = rule(capsys, CASES / "exposed_card_auction-1999-honour.toml")
    assert d["penalty_card"]["kind"] == "major" and "视为罚张" in d["quote"][0]["text"]


def test_1999_never_cites_72B1_and_says_it_is_not_delivered():
    t = tree("call_out_of_rotation", "1999")
    labels = {c.law for n in [*t.questions.values(), *t.outcomes.values()] for c in n.cites}
    assert "72B1" not in labels and "23B" not in labels and "23A" not in labels
    ruling = t.walk({"turn": "lho", "call_type": "pass", "accepted": "no", "pass_conventional": "natural",
                     "bid_before": "no"})
    assert ruling.outcome.laws == ("29B", "30A") and ruling.outcome.offender_must_pass == "next_turn"
    assert any("72条B款1" in n and "未收录" in n and "不可替代" in n for n in ruling.outcome.notes)
    # 1991 30A at partner's turn: 23B (a pass out of rotation at partner's turn)
    r1991 = tree("call_out_of_rotation", "1991").walk(
        {"turn": "partner", "call_type": "pass", "accepted": "no", "pass_conventional": "natural", "bid_before": "no"})
    assert r1991.outcome.laws == ("29A", "30A", "23B") and r1991.adjusted_score == "may"


@pytest.mark.parametrize("edition", ["1991", "1999"])
def test_law_29_labels_follow_each_edition(edition):
    t = tree("call_out_of_rotation", edition)
    accept, cancel = ("29B", "29A") if edition == "1991" else ("29A", "29B")
    base = {"turn": "partner", "call_type": "bid"}
    assert t.walk({**base, "accepted": "yes"}).outcome.laws == (accept,)
    assert t.walk({**base, "accepted": "no"}).outcome.laws[0] == cancel


def test_the_card_deemed_in_the_hand_is_14B2_in_1991_and_14B3_in_1999():
    facts = {"one_short": "yes", "play_started": "yes", "found_during_play": "elsewhere"}
    assert tree("wrong_number_of_cards", "1991").walk(facts).laws == ("13intro", "14B", "14B1b", "14B2")
    assert tree("wrong_number_of_cards", "1999").walk(facts).laws == ("13intro", "14B", "14B1b", "14B3")
    with pytest.raises(RulingError, match="'not_found' is not an answer"):   # 1991 14B has no such rule
        tree("wrong_number_of_cards", "1991").walk({**facts, "found_during_play": "not_found"})


def test_derived_facts_of_the_auction():
    case = parse_case('edition = "1991"\nkind = "call_out_of_rotation"\ndealer = "N"\nauction = ["1C"]\n'
                      '[irregularity]\nseat = "S"\ncall = "Pass"\n')
    assert {k: case.answers[k] for k in ("turn", "call_type", "partner_called_before")} == {
        "turn": "rho", "call_type": "pass", "partner_called_before": "yes"}
    case = parse_case('edition = "1999"\nkind = "call_after_final_pass"\ndealer = "N"\n'
                      'auction = ["1NT", "Pass", "Pass", "Pass"]\n[irregularity]\nseat = "S"\ncall = "2C"\n')
    assert case.answers["defender"] == "no"   # South is dummy
    case = parse_case('edition = "1999"\nkind = "exposed_card_auction"\n[irregularity]\nseat = "E"\ncard = "D9"\n')
    assert case.answers["honour"] == "no"


def test_a_fact_asked_twice_on_one_way_is_a_tree_error():
    raw = {"start": "a", "question": {
        "a": {"text": "甲？", "answers": {"x": {"label": "x", "next": "b"}, "y": {"label": "y", "next": "o"}}},
        "b": {"fact": "a", "text": "乙？", "answers": {"x": {"label": "x", "next": "o"}, "y": {"label": "y", "next": "o"}}}},
        "outcome": {"o": {"summary": "丙", "cite": {"33": "视同接续叫牌"}}}}
    with pytest.raises(RulingError, match="the fact 'a' is asked twice"):
        _Resolver("x", "1991").tree(raw)


BAD = [
    ("call_out_of_rotation-1991-double-at-rho", ('seat = "W"', 'seat = "S"'),
     r"^error: \S+:\d+: irregularity.seat: it is S's turn .*not out of rotation$"),
    ("call_out_of_rotation-1999-pass-over-strong-club", ('accepted = "no"', 'accepted = "maybe"'),
     r"^error: \S+:\d+: facts.accepted: 'maybe' is not an answer"),
    ("change_of_call-1999-delayed-change", ('offender_choice = "other"', 'offender_choice = "both"'),
     r"^error: \S+:\d+: facts.offender_choice: 'both' is not an answer"),
    ("simultaneous_calls-1999-partner", ('auction = ["1C"]', 'auction = ["1C", "1S", "Pass"]'),
     r"^error: \S+:\d+: irregularity.seat: it is W's turn"),
    ("exposed_card_auction-1999-honour", ('[facts]', '[facts]\nhonour = "no"'),
     r"^error: \S+:\d+: facts.honour: 'no' contradicts"),
    ("inadmissible_call-1999-above-seven", ('[facts]', '[facts]\nabove_seven = "no"'),
     r"^error: \S+:\d+: facts.above_seven: 'no' contradicts"),
    ("call_after_final_pass-1991-defender-double", ('[facts]', '[facts]\ndefender = "no"'),
     r"^error: \S+:\d+: facts.defender: 'no' contradicts"),
    ("wrong_number_of_cards-1991-called-with-14", ('when = "called"', 'when = "later"'),
     r"^error: \S+:\d+: facts.when: 'later' is not an answer"),
    ("wrong_board-1999-during-auction", ('same_calls = "yes"', 'demand_cancel = "yes"'),
     r"^error: \S+:\d+: facts.demand_cancel: not a question of wrong_board \(1999\)"),
]


@pytest.mark.parametrize(("name", "change", "message"), BAD, ids=[b[0].split("-")[0] for b in BAD])
def test_impossible_facts_are_one_line_naming_the_field(tmp_path, capsys, name, change, message):
    text = (CASES / f"{name}.toml").read_text(encoding="utf-8")
    assert change[0] in text
    path = tmp_path / "case.toml"
    path.write_text(text.replace(change[0], change[1]), encoding="utf-8")
    status = main(["rule", str(path)])
    out, err = capsys.readouterr()
    assert status == 1 and not out
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert re.search(message, err.strip()), err
