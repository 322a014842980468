"""The rulings assistant on the irregularities of the play (1991 Laws 48-60, 61-64, 67).

The expected values were derived by reading the 1991 text (the delivered 1999 text stops at Law 40,
so a 1999 case needs ``reference = "1991"`` and is marked as another edition's rule). Each case file
of these kinds runs through ``python -m rules_ext rule --format json``; the trees are also walked
directly where the text decides a number (tricks transferred) or a kind of penalty card.
"""
from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from rules_ext.cli import main
from rules_ext.core.rulings import NotInEdition, tree
from rules_ext.core.rulings.case import parse_case
from rules_ext.core.rulings.loading import referrals

PLAY_KINDS = ("dummy_designation", "lead_out_of_turn", "premature_lead_or_play", "simultaneous_plays", "exposed_cards", "revoke",
              "inability_to_play", "play_after_illegal_play", "defective_trick")
CASES = resources.files("rules_ext.core.rulings").joinpath("cases")
DEAL = "N:AT62.J73.Q84.K95 K95.AT62.J73.Q84 Q84.K95.AT62.J73 J73.Q84.K95.AT62"

# case file -> the decisive fields, from the 1991 text (the provisions each ruling rests on are
# the cases' own, tests/core/rulings_cases/)
EXPECTED = {
    "revoke-1991-won-by-offender.toml": {"tricks_transferred": 2,
                                         "adjusted_score_possible": "no", "reference_edition": None,
                                         "penalty_card": None},
    "revoke-1991-trick-12.toml": {"tricks_transferred": 0,
                                  "adjusted_score_possible": "no", "reference_edition": None},
    "revoke-1999-partner-won.toml": {"tricks_transferred": 1, "edition": "1999",
                                     "reference_edition": "1991"},
    "lead_out_of_turn-1991-opening-retracted.toml": {"tricks_transferred": 0, "adjusted_score_possible": "no"},
    "lead_out_of_turn-1999-declarer-wrong-hand.toml": {"adjusted_score_possible": "may",
                                                       "penalty_card": None, "lead_restriction": None,
                                                       "reference_edition": "1991"},
    "exposed_cards-1991-minor.toml": {"lead_restriction": None},
    "premature_lead_or_play-1991-third-hand.toml": {"tricks_transferred": 0},
    "defective_trick-1991-omitted.toml": {"tricks_transferred": 1},
    # 67A2 refers to Law 58 (two cards at once) or 45E (a fifth card): the referred tree rules on
    "defective_trick-1991-two-cards-at-once.toml": {
        "refer": {"kind": "simultaneous_plays", "law": "58"},
        "needs": [], "adjusted_score_possible": "no"},
    "dummy_designation-1991-rank-only.toml": {"options": [], "penalty_card": None},
    # the play so far settles the trick and who should have led (tests/core/test_rulings_facts.py)
    "lead_out_of_turn-1991-defender-after-play.toml": {"tricks_transferred": 0},
    "revoke-1991-after-play.toml": {"tricks_transferred": 0},
    # 48B1 refers to Law 54: the referred tree rules on (the defender led out of turn, declarer spread)
    "exposed_cards-1991-declarer-spreads-after-lead.toml": {
        "refer": {"kind": "lead_out_of_turn", "law": "54"}, "needs": [],
        "adjusted_score_possible": "no", "penalty_card": None},
}


def rule(tmp_path, capsys, text, *args):
    path = tmp_path / "case.toml"
    path.write_text(text, encoding="utf-8")
    status = main(["rule", str(path), *args])
    out, err = capsys.readouterr()
    return status, out, err.strip()


def test_every_case_file_of_the_play_is_checked():
    files = {f.name for f in CASES.iterdir() if f.name.split("-")[0] in PLAY_KINDS}
    assert files == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_case_files_give_the_ruling_the_text_gives(name, capsys):
    status = main(["rule", str(CASES.joinpath(name)), "--format", "json"])
    out = capsys.readouterr().out
    assert status == 0
    data = json.loads(out)
    for key, value in EXPECTED[name].items():
        assert data[key] == value, (key, data[key])
    assert data["quote"] and all(q["text"] for q in data["quote"])


def test_the_opening_lead_retracted_is_a_major_penalty_card_with_partners_lead_restricted(capsys):
    main(["rule", str(CASES.joinpath("lead_out_of_turn-1991-opening-retracted.toml")), "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert data["penalty_card"]["kind"] == "major" and data["penalty_card"]["laws"] == ["56", "50C", "50E1", "44C"]
    # the penalty-card model names the card the case gives: a lead out of turn withdrawn is major (50C)
    assert [(p["card"], p["kind"], p["act"]) for p in data["penalty_cards"]] == [("♥A", "major", "lead_withdrawn")]
    assert data["lead_restriction"]["laws"] == ["50E2a", "50E2b"]
    # derived from the case: the defender (declarer is S, E led) and the opening lead (trick 1)
    assert [s["answer"] for s in data["steps"]][:2] == ["防家", "首引"]


def test_an_accidentally_dropped_spot_card_is_minor_and_a_ten_is_major(capsys):
    main(["rule", str(CASES.joinpath("exposed_cards-1991-minor.toml")), "--format", "json"])
    assert json.loads(capsys.readouterr().out)["penalty_card"]["kind"] == "minor"
    text = CASES.joinpath("exposed_cards-1991-minor.toml").read_text(encoding="utf-8")
    ten = parse_case(text.replace('card = "H4"', 'card = "CT"')).rule()   # W's ♣10: 50C, 10及10以上
    assert ten.outcome.id == "o_major" and ten.outcome.penalty_card.kind == "major"


# 1991 Law 64, tricks transferred: (answers after the trick number) -> (outcome's laws, tricks)
REVOKES = [
    ({"won_by": "offender", "later_offender": "yes"}, ("63B", "64A1"), 2),
    ({"won_by": "offender", "later_offender": "no"}, ("63B", "64A1"), 1),
    ({"won_by": "partner", "revoke_card": "no"}, ("63B", "64A2"), 1),
    ({"won_by": "partner", "revoke_card": "yes"}, ("63B", "64A2"), 2),
    ({"won_by": "opponents", "later_opponents": "yes", "revoke_card": "no"}, ("63B", "64A2"), 1),
    ({"won_by": "opponents", "later_opponents": "yes", "revoke_card": "yes"}, ("63B", "64A2"), 2),
    ({"won_by": "opponents", "later_opponents": "no"}, ("63B", "64B1"), 0),
]


@pytest.mark.parametrize(("answers", "laws", "tricks"), REVOKES)
@pytest.mark.parametrize("equity", ["no", "yes"])
def test_established_revokes_transfer_the_tricks_of_64A(answers, laws, tricks, equity):
    t = tree("revoke", "1991")
    facts = {"trick": 5, "established": "next_trick", "exempt": "none", **answers,
             "equity": equity}
    r = t.walk(facts)
    assert r.outcome.tricks_transferred == tricks
    assert r.outcome.laws == (laws + ("64C",) if equity == "yes" else laws)
    assert r.adjusted_score == ("must" if equity == "yes" else "no")   # 64C: 则应判给调整分


@pytest.mark.parametrize(("exempt", "law"), [("second", "64B2"), ("faced", "64B3"), ("next_board", "64B4"),
                                             ("round_ended", "64B5")])
def test_the_revokes_64B_does_not_rectify_transfer_nothing(exempt, law):
    t = tree("revoke", "1991")
    r = t.walk({"trick": 3, "established": "next_trick", "exempt": exempt, "equity": "no"})
    assert r.outcome.tricks_transferred == 0 and law in r.laws


def test_a_revoke_on_trick_12_is_corrected_and_not_rectified_by_tricks():
    t = tree("revoke", "1991")
    corrected = t.walk({"trick": 12, "returned": "yes", "t12_partner": "no", "revoke_card_from": "other", "equity": "no"})
    # 62D1 corrects it "按62条": the non-offenders may withdraw a card played after it (62C1)
    assert corrected.outcome.laws == ("62D1", "62C1", "64B6") and corrected.outcome.tricks_transferred == 0
    assert [x.laws for x in corrected.outcome.options] == [("62C1",)]
    assert corrected.outcome.penalty_card is None and set(corrected.laws) == {"61A", "44C", "62D1", "62C1", "62B2", "64B6"}
    # a defender's revoke card, withdrawn to correct it, becomes a penalty card (62B1) on trick 12 too
    defender = t.walk({"trick": 12, "returned": "yes", "t12_partner": "no", "revoke_card_from": "defender_hand",
                       "equity": "no"})
    assert defender.outcome.penalty_card.kind == "major" and defender.outcome.penalty_card.laws[0] == "62B1"
    assert defender.outcome.tricks_transferred == 0
    late = t.walk({"trick": 12, "returned": "no", "equity": "no"})
    assert "62D2" not in late.laws and late.outcome.tricks_transferred == 0


def test_an_unestablished_revoke_by_a_defender_gives_a_major_penalty_card_declarers_none():
    t = tree("revoke", "1991")
    defender = t.walk({"trick": 4, "established": "no", "revoke_card_from": "defender_hand"})
    assert defender.outcome.penalty_card.kind == "major"          # 50C: 改正之后的藏牌牌张
    assert t.walk({"trick": 4, "established": "no", "revoke_card_from": "other"}).outcome.penalty_card is None


@pytest.mark.parametrize(("answers", "outcome", "card"), [
    ({"role": "defender", "opening": "yes", "faced": "yes", "saw_dummy": "yes"}, "o_54C", None),
    ({"role": "defender", "opening": "yes", "faced": "yes", "saw_dummy": "no", "declarer_spread": "yes"}, "o_54A_spread", None),
    ({"role": "defender", "opening": "yes", "faced": "no"}, "o_face_down", None),
    ({"role": "defender", "opening": "no", "defender_accepted": "retract", "defender_turn": "partner"}, "o_56_partner", "major"),
    ({"role": "defender", "opening": "no", "defender_accepted": "retract", "defender_turn": "declarer"}, "o_56_declarer", "major"),
    ({"role": "defender", "opening": "no", "defender_accepted": "proper_leader_led"}, "o_53C", None),
    ({"role": "dummy", "declarer_accepted": "retract", "declarer_turn": "defender"}, "o_55B1", None),
    ({"role": "declarer", "declarer_accepted": "rho_played"}, "o_53B", None),
])
def test_leads_out_of_turn(answers, outcome, card):
    r = tree("lead_out_of_turn", "1991").walk(answers)
    assert r.outcome.id == outcome
    assert (r.outcome.penalty_card.kind if r.outcome.penalty_card else None) == card
    if outcome == "o_56_declarer":   # the offender plays next: 50E1, no lead restriction on his partner now
        assert r.outcome.lead_restriction is None and "50E1" in r.laws


def test_simultaneous_plays_and_the_kind_of_penalty_card():
    t = tree("simultaneous_plays", "1991")
    base = {"what": "several_cards", "found_late": "no", "visible": "several", "role": "defender"}
    assert t.walk({**base, "penalty_kind": "yes"}).outcome.penalty_card.kind == "minor"
    assert t.walk({**base, "penalty_kind": "no"}).outcome.penalty_card.kind == "major"
    assert t.walk({**base, "role": "declarer"}).outcome.penalty_card is None      # 48A
    assert t.walk({"what": "several_cards", "found_late": "yes"}).laws == ("58B", "58B4")


def test_a_card_too_many_found_before_the_next_trick_is_ruled_by_45E_or_58B():
    """67A2: "按45条E款（五张牌的牌墩）或58条B款（从一手中同时打出多张牌）等规定处理": the walk goes on
    into the fifth card's tree or, with what 67A settles, into the simultaneous plays' tree."""
    t = tree("defective_trick", "1991")
    early = {"found": "before_next_trick", "defect_early": "too_many"}
    fifth = t.walk({**early, "how_many": "fifth_card", "role": "declarer", "next_lead": "no"},
                   referred=referrals("1991"))
    assert fifth.outcome.refer == "fifth_card" and fifth.referral is not None
    assert fifth.referral.outcome.id == "o_45E2" and {"45E2", "67A2"} <= set(fifth.laws)
    several = t.walk({**early, "how_many": "several_cards", "visible": "one"}, referred=referrals("1991"))
    assert several.referral is not None and several.referral.outcome.id == "o_58B1"  # 58B's first questions settled
    assert {"58B1", "67A2"} <= set(several.laws)
    assert t.walk({**early, "how_many": "several_cards"}, referred=referrals("1991")).needs[0].fact == "visible"


def test_inability_to_play_and_the_revoke_it_is_not():
    t = tree("inability_to_play", "1991")
    assert t.walk({"able": "unable"}).laws == ("59", "61A")
    assert t.walk({"able": "able_but_did_not"}).outcome.summary.endswith("（见“藏牌”）。")


@pytest.mark.parametrize(("designation", "law", "phrase"), [
    ("high", "46B1", "最大的牌张"), ("win", "46B1", "能赢得这墩牌的最小的牌张"), ("low", "46B1", "最小的牌张"),
    ("suit_only", "46B2", "最小的牌张"), ("not_held", "46B4", "此指定无效"), ("anything", "46B5", "任一防家"),
])
def test_dummy_designations_read_as_46B_says(designation, law, phrase):
    r = tree("dummy_designation", "1991").walk({"designation": designation})
    assert r.laws == ("46B", law) and phrase in r.outcome.summary   # 46B: an incomplete designation


# -- bad input: one line naming the field, exit 1 ---------------------------------------------------

REVOKE = f"""edition = "1991"
kind = "revoke"
board = 1
declarer = "S"
deal = "{DEAL}"
[irregularity]
seat = "E"
card = "S5"
trick = 5
[facts]
established = "next_trick"
exempt = "none"
won_by = "offender"
later_offender = "yes"
equity = "no"
"""


@pytest.mark.parametrize(("change", "message"), [
    (("trick = 5", "trick = 14"), r"^.*case.toml:9: irregularity.trick: 14 is not a trick number: expected 1\.\.13$"),
    (('card = "S5"', 'card = "SA"'), r"case.toml:8: irregularity.card: E does not hold SA in the deal"),
    (('edition = "1991"', 'edition = "1999"'),
     r"case.toml:1: edition: 1999年版规则文本止于第40条，未收录第61–64条（藏牌）.*reference = \"1991\""),
    (("trick = 5", "trick = 13"), r"case.toml:9: irregularity.trick: 13 is not possible: expected a whole number 1\.\.12"),
    (('won_by = "offender"', 'won_by = "nobody"'), r"case.toml:13: facts.won_by: 'nobody' is not an answer"),
    (('later_offender = "yes"\n', ''), r"case.toml:10: facts.later_offender: not answered"),
    (('[facts]', '[facts]\nhonour = "no"'), r"case.toml:11: facts.honour: not a question of revoke"),
    (('declarer = "S"', 'declarer = "X"'), r"case.toml:4: declarer: "),
])
def test_impossible_revoke_facts_are_one_line_naming_the_field(tmp_path, capsys, change, message):
    status, out, err = rule(tmp_path, capsys, REVOKE.replace(*change))
    assert status == 1 and not out
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert re.search(message, err), err


def test_a_fact_the_play_settles_cannot_be_contradicted(tmp_path, capsys):
    text = CASES.joinpath("exposed_cards-1991-minor.toml").read_text(encoding="utf-8")
    status, out, err = rule(tmp_path, capsys, text.replace('inadvertent = "yes"', 'inadvertent = "yes"\nhonour = "yes"'))
    assert status == 1 and not out
    assert re.search(r"case.toml:\d+: facts.honour: 'yes' contradicts the play \(trick, card, declarer\), "
                     r"which give 'no'", err), err


@pytest.mark.parametrize("kind", PLAY_KINDS)
def test_every_play_kind_needs_the_reference_in_1999_and_names_an_unanswered_question(kind, tmp_path, capsys):
    with pytest.raises(NotInEdition, match="1999年版规则文本止于第40条"):
        tree(kind, "1999")
    ref = tree(kind, "1999", reference="1991")
    assert ref.reference_edition == "1991" and "仅供参考" in ref.notes[0]
    status, out, err = rule(tmp_path, capsys, f'edition = "1999"\nreference = "1991"\nkind = "{kind}"\n')
    assert status == 1 and not out
    first = tree(kind, "1991").start
    assert re.fullmatch(rf".*case.toml:\d+: facts\.{first}: not answered: .*", err), err
    status, out, err = rule(tmp_path, capsys, f'edition = "1999"\nkind = "{kind}"\n')
    assert status == 1 and re.fullmatch(r".*case.toml:1: edition: .*reference = \"1991\"\)", err), err
