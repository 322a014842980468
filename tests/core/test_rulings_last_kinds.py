"""The kinds of 1991 Laws 43 (dummy's limitations), 45E (a fifth card played to a trick), 47 (the
retraction of a card played) and 79 (a disagreement on the tricks won).

The expected values were derived by reading the 1991 text (the delivered 1999 text stops at Law 40,
so a 1999 case needs ``reference = "1991"`` and is marked as another edition's rule). Each case file
of these kinds runs through ``python -m rules_ext rule --format json``; its decisive provisions are
listed in the text's order. Impossible facts are one line naming the field.
"""
from __future__ import annotations

import pytest
from rulings_cases import CASES, check_case, check_every_case_is_expected, check_refused, rule

from rules_ext.core.rulings import NotInEdition, tree

KINDS = ("dummy_limitations", "fifth_card", "retraction_of_card", "tricks_disagreement")



def quotes(data):
    return {q["law"]: q["text"] for q in data["quote"]}


# file -> the decisive fields, from the 1991 text (labels in the text's order)
EXPECTED = {
    # 43A1: dummy may not initiate a call to the director; 43B1 sends every breach to Law 90
    "dummy_limitations-1991-called-director": {
        "options": [], "adjusted_score_possible": "no", "reference_edition": None},
    # 43A2 broken, then a warning about the wrong hand: either defender chooses the hand (43B2b)
    "dummy_limitations-1991-exchanged-then-warned": {
        "adjusted_score_possible": "no", "reference_edition": None},
    # 43A2 broken, then the first to ask about a revoke that is one: substitute and Law 64 (43B2c, 62 note)
    "dummy_limitations-1999-watched-then-revoke": {
        "reference_edition": "1991"},
    # asking declarer who showed out is dummy's right (42B1), no breach
    "dummy_limitations-1999-asked-declarer": {
        "options": [], "adjusted_score_possible": "no", "reference_edition": "1991"},
    # 45E1 + 50C: a defender's fifth card below the ten, inadvertently played, is a minor penalty card
    "fifth_card-1991-defender-small": {
        "penalty_cards": [{"card": "♦3", "kind": "minor", "act": "fifth_card", "laws": ["45E1", "50C"],
                           "duty": "打出该轻罚张之前，不得打出同花色中10以下的牌张（可先打出9以上的牌张）；"
                                   "违规者的同伴不受引牌限制，但从罚张得到的信息是非法信息。",
                           "duty_laws": ["50D", "16A"], "options": [], "ends": "暴露在桌上，直到被打出。",
                           "ends_laws": ["50B"]}],
        "adjusted_score_possible": "no", "reference_edition": None},
    # 45E2: declarer's fifth card from dummy is no lead: no penalty, never a penalty card (48A)
    "fifth_card-1991-declarer-from-dummy": {
        "penalty_card": None, "options": [], "adjusted_score_possible": "no"},
    "fifth_card-1999-defender-honour": {"reference_edition": "1991"},
    # whether the card was a lead is the director's judgement: pending, both cases are listed
    "fifth_card-1999-lead-pending": {
        "depends": ["penalty_card"], "penalty_card": "pending",
        "adjusted_score_possible": "no", "reference_edition": "1991"},
    "retraction_of_card-1991-slip": {"adjusted_score_possible": "no"},
    "retraction_of_card-1991-changed-mind": {"adjusted_score_possible": "no"},
    # 47D, and the retracted card gave the offenders substantial information: 47F
    "retraction_of_card-1999-opponent-changed": {
        "adjusted_score_possible": "may", "reference_edition": "1991"},
    # too late to retract after a mistaken explanation: Law 40C
    "retraction_of_card-1999-misexplanation-too-late": {
        "adjusted_score_possible": "may", "reference_edition": "1991"},
    # 79B: the director called before the end of the round counts the quitted tricks (65C, 66D)
    "tricks_disagreement-1991-in-time": {"adjusted_score_possible": "no"},
    "tricks_disagreement-1991-after-round": {"adjusted_score_possible": "no"},
    "tricks_disagreement-1999-scoring-error": {"reference_edition": "1991"},
    # a player disordered his quitted cards: the ruling favours the other side (66D)
    "tricks_disagreement-1999-disordered-cards": {"reference_edition": "1991"},
}


def test_every_case_file_of_these_kinds_is_checked_and_each_edition_has_two():
    check_every_case_is_expected(KINDS, EXPECTED, per_edition=2)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_case_files_give_the_ruling_read_from_the_text(name, capsys):
    check_case(capsys, name, EXPECTED[name])


@pytest.mark.parametrize("kind", KINDS)
def test_the_1999_text_lacks_these_laws_and_the_1991_rule_is_a_reference(kind):
    with pytest.raises(NotInEdition, match=r"1999年版规则文本止于第40条，未收录第\d+条"):
        tree(kind, "1999")
    ref = tree(kind, "1999", reference="1991")
    assert ref.reference_edition == "1991" and ref.title == tree(kind, "1991").title


def test_each_kind_asks_the_directors_judgement_only_where_the_text_leaves_it_to_him():
    judged = {kind: {q.fact for q in tree(kind, "1991").questions.values() if q.judgement} for kind in KINDS}
    # 45E: "如果裁判长认为该牌是下一墩的引牌"; 47F: whether the retracted card gave information
    assert judged == {"dummy_limitations": set(), "fifth_card": {"next_lead"},
                      "retraction_of_card": {"information"}, "tricks_disagreement": set()}


def test_43_every_breach_is_a_procedural_penalty_and_dummys_rights_are_none():
    t = tree("dummy_limitations", "1991")
    for answers, _ in t.paths():
        ruling = t.walk(answers)
        breached = any(law.startswith("43A") for law in ruling.laws)
        assert ("43B1" in ruling.laws) == breached, answers
        assert ruling.adjusted_score == "no" and ruling.outcome.tricks_transferred == 0
    # a breach of 43A1 alone is never penalised further (43B2 needs a breach of 43A2 first)
    a1 = t.walk({"role": "dummy", "looked": "no", "conduct": "drew_attention"})
    assert set(a1.laws) == {"43A1b", "43B1", "90A"}
    warned = t.walk({"role": "dummy", "looked": "watched", "after_looking": "wrong_hand"})
    assert [o.by for o in warned.outcome.options] == ["任一防家", "任一防家"]
    assert set(t.walk({"role": "dummy", "looked": "no", "conduct": "warned_declarer"}).laws) == {"42B", "42B2"}


def test_43_only_dummy_is_limited_the_seat_says_who(tmp_path, capsys):
    text = (CASES / "dummy_limitations-1991-called-director.toml").read_text(encoding="utf-8")
    case = tmp_path / "case.toml"
    case.write_text(text.replace('seat = "N"', 'seat = "E"'), encoding="utf-8")
    data = rule(capsys, case)
    assert data["laws"] == ["9A2a", "9B1b"] and data["steps"][0]["answer"] == "防家"


def test_45E_the_seat_and_the_card_decide_defender_or_declarer_and_the_kind_of_penalty_card(tmp_path, capsys):
    text = (CASES / "fifth_card-1991-defender-small.toml").read_text(encoding="utf-8")
    case = tmp_path / "case.toml"
    # the same defender's fifth card, a ten or higher: a major penalty card, whatever the intent (50C)
    case.write_text(text.replace('card = "D3"', 'card = "DJ"'), encoding="utf-8")
    data = rule(capsys, case)
    assert data["penalty_card"]["kind"] == "major" and data["laws"] == ["44C", "45E1", "50C", "50E1"]
    assert "重罚张必须于第一次合法机会打出" in quotes(data)["50E1"]
    # declarer's fifth card from his own hand, judged a lead: Law 55 (either defender's choice)
    case.write_text(text.replace('seat = "E"', 'seat = "S"').replace('card = "D3"', 'card = "D2"')
                    .replace('next_lead = "no"', 'next_lead = "yes"'), encoding="utf-8")
    data = rule(capsys, case)
    # either defender's choice (55A), not yet made: each option told, and what follows from it
    assert data["laws"] == ["45E2", "48A", "53A", "55A", "55C"] and data["adjusted_score_possible"] == "may"
    assert data["penalty_card"] is None and [(c["by"], c["chosen"]) for c in data["choices"]] == [("任一防家", "pending")]
    assert "须按55条庄家越序引牌的规定判罚" in quotes(data)["45E2"]


def test_45E_a_pending_judgement_lists_the_lead_and_the_penalty_card(capsys):
    data = rule(capsys, CASES / "fifth_card-1999-lead-pending.toml")
    assert [b["answer"] for b in data["branches"]] == ["是下一墩的引牌", "不是"]
    lead, card = data["branches"]
    # a lead: declarer's choice not yet made (accept: 53A; withdraw: 56, a major penalty card)
    assert lead["laws"] == ["44C", "45E1", "50C", "50E1", "53A", "56"] and lead["penalty_card"] == "pending"
    assert card["penalty_card"]["kind"] == "major"   # ♥A: an honour (50C)


@pytest.mark.parametrize(("reason", "more"), [
    ("slip", {}), ("opponent_changed", {}), ("told_wrong_turn", {}), ("misexplanation", {"lho_played": "no"})])
def test_47F_a_card_retracted_under_C_D_or_E_may_bring_an_adjusted_score(reason, more):
    t = tree("retraction_of_card", "1991")
    kept = t.walk({"reason": reason, **more, "information": "no"})
    told = t.walk({"reason": reason, **more, "information": "yes"})
    assert kept.adjusted_score == "no" and "47F" not in kept.laws
    assert told.adjusted_score == "may" and "47F" in told.laws
    pending = t.walk({"reason": reason, **more, "information": "pending"})
    assert pending.adjusted_score == "may" and set(pending.laws) == set(kept.laws) | set(told.laws)


def test_47G_nothing_else_is_retracted_and_47A_47B_need_no_judgement():
    t = tree("retraction_of_card", "1991")
    assert t.walk({"reason": "other"}).outcome.id == "o_47G"
    for reason in ("penalty", "illegal"):
        ruling = t.walk({"reason": reason})
        assert [s.fact for s in ruling.steps] == ["reason"] and ruling.adjusted_score == "no"


def test_79_the_result_changes_only_when_the_director_came_in_the_round(capsys):
    late = rule(capsys, CASES / "tricks_disagreement-1991-after-round.toml")
    assert "否则其结果不允许更改" in quotes(late)["79B"] and "不允许更改" in late["summary"]
    in_time = rule(capsys, CASES / "tricks_disagreement-1991-in-time.toml")
    assert "核实输赢墩数" in quotes(in_time)["66D"]
    record = rule(capsys, CASES / "tricks_disagreement-1999-scoring-error.toml")
    assert "均可在主办机构规定的时限内要求改正" in quotes(record)["79C"] and record["steps"][-1]["answer"] == "在更正时限内"
    # an acquiesced claim or concession is Laws 69 and 71, never recounted under 79B
    claim = tree("tricks_disagreement", "1991").walk({"disputed": "tricks", "acquiesced": "yes"})
    assert set(claim.laws) == {"79B"} and "第69条" in claim.outcome.summary and "第71条" in claim.outcome.summary


BAD = [
    ("fifth_card-1991-declarer-from-dummy", ('[facts]\n', '[facts]\nrole = "defender"\n'),
     r"^error: \S+:\d+: facts.role: 'defender' contradicts the play"),
    ("fifth_card-1991-defender-small", ('card = "D3"', 'card = "SA"'),
     r"^error: \S+:\d+: irregularity.card: E does not hold SA in the deal"),
    ("fifth_card-1991-defender-small", ('inadvertent = "yes"', 'inadvertent = "待定"'),
     r"^error: \S+:\d+: facts.inadvertent: '待定' is not an answer"),
    ("tricks_disagreement-1991-in-time", ('disputed = "tricks"', 'disputed = "score"'),
     r"^error: \S+:\d+: facts.disputed: 'score' is not an answer: expected one of tricks"),
    ("tricks_disagreement-1991-in-time", ('called_in_time = "yes"\n', ''),
     r"^error: \S+:\d+: facts.called_in_time: not answered: 是否在该轮结束之前召请了裁判长？"),
    ("retraction_of_card-1999-opponent-changed", ('reference = "1991"\n', ''),
     r"^error: \S+:\d+: edition: 1999年版规则文本止于第40条，未收录第47条"),
    ("dummy_limitations-1991-called-director", ('trick = 5', 'trick = 0'),
     r"^error: \S+:\d+: irregularity.trick: 0 is not a trick number"),
]


@pytest.mark.parametrize(("name", "change", "message"), BAD, ids=[f"{b[0]}-{i}" for i, b in enumerate(BAD)])
def test_impossible_facts_are_one_line_naming_the_field(tmp_path, capsys, name, change, message):
    check_refused(tmp_path, capsys, name, change, message)
