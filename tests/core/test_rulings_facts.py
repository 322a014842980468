"""The case file's richer facts (rules_ext/core/rulings/facts.py, case.py): the first call and the
substituted call, the calls made over the irregularity, the auction after its rectification, several
cards and the play so far, each turned into the answers they settle by the core's auction and play;
every impossible combination one line ``file:line: field: problem`` with exit status 1."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rulings_cases import run

from rules_ext.cli import main
from rules_ext.core.auction import Auction, Call
from rules_ext.core.cards import Card, Deal, Seat
from rules_ext.core.contract import Contract
from rules_ext.core.play import PlayRecord
from rules_ext.core.rulings.case import CASE_MAX_SIZE, IRREGULARITY_KEYS, TOP_KEYS, parse_case
from rules_ext.core.rulings.facts import PlaySoFar, revoke_problem

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "rules_ext" / "core" / "rulings" / "cases"
README = ROOT / "rules_ext" / "core" / "rulings" / "trees" / "README.md"
DEAL = "N:AT62.J73.Q84.K95 K95.AT62.J73.Q84 Q84.K95.AT62.J73 J73.Q84.K95.AT62"
#: five tricks of 4S by South with the deal above; South won the fifth and is to lead
FIVE_TRICKS = ('["SJ", "S2", "S5", "SQ", "C3", "C2", "CK", "C4", "C5", "CQ", "C7", "C6", '
               '"SK", "S4", "S3", "SA", "C9", "C8", "CJ", "CT"]')

CHANGE = CASES.joinpath("change_of_call-1991-later-named-suit.toml").read_text(encoding="utf-8")
ROTATION = CASES.joinpath("call_out_of_rotation-1991-bid-at-rho-repeated.toml").read_text(encoding="utf-8")
LEAD = CASES.joinpath("lead_out_of_turn-1991-defender-after-play.toml").read_text(encoding="utf-8")
OPENING = CASES.joinpath("lead_out_of_turn-1991-opening-retracted.toml").read_text(encoding="utf-8")
REVOKE = CASES.joinpath("revoke-1991-after-play.toml").read_text(encoding="utf-8")
EXPOSED = CASES.joinpath("exposed_card_auction-1991-two-cards.toml").read_text(encoding="utf-8")
BID = CASES.joinpath("insufficient_bid-1999-lowest-damaging.toml").read_text(encoding="utf-8")
SEVEN = CASES.joinpath("inadmissible_call-1999-above-seven.toml").read_text(encoding="utf-8")
BARRED = '''edition = "1999"
kind = "inadmissible_call"
dealer = "N"
auction = []
[irregularity]
seat = "N"
call = "1C"
[facts]
barred = "yes"
lho_called = "no"
'''




def replaced(text, *changes):
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def line_of(text, needle):
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(needle))


# (name, the case text, the field, the problem) -- the line is that of the field's text in the file
IMPOSSIBLE = [
    ("substitute 1♥ over 1♠ answered legal", replaced(CHANGE, ('inadvertent = "no"', 'inadvertent = "yes"\nsubstitute_legal = "yes"'),
                                                       ('call = "2C"', 'call = "1H"')),
     "substitute_legal = ", r"facts.substitute_legal: 'yes' contradicts the auction and the call, which give 'no'"),
    ("first call answered illegal", replaced(CHANGE, ('offender_choice = "other"', 'first_legal = "no"')),
     "first_legal = ", r"facts.first_legal: 'no' contradicts the auction and the call, which give 'yes'"),
    ("the first call again", replaced(CHANGE, ('call = "2C"', 'call = "1NT"')),
     'call = "1NT"', r"irregularity.call: 1NT is the first call again"),
    ("a first call of another kind", replaced(SEVEN, ('call = "8H"', 'call = "8H"\nfirst_call = "7NT"')),
     "first_call = ", r"irregularity.first_call: the call that was changed: only a change of call"),
    ("the first call not kept", replaced(CHANGE, ('offender_choice = "other"', 'offender_choice = "first"')),
     "offender_choice = ", r"facts.offender_choice: 'first' contradicts the later auction: W's call there is Pass, "
                           r"not the first call 1NT"),
    ("an insufficient later call", replaced(CHANGE, ('"Pass", "2S", "Pass", "3S"', '"Pass", "2S", "Pass", "1NT"')),
     "later_auction = ", r"later_auction\[4\]: '1NT': Law 18D"),
    ("declarer against the later auction", replaced(CHANGE, ('called_by = "N"', 'called_by = "N"\ndeclarer = "N"')),
     "declarer = ", r"declarer: N is not declarer: the later auction \(.*\) makes S declarer of 4S"),
    ("contract against the later auction", replaced(CHANGE, ('called_by = "N"', 'called_by = "N"\ncontract = "3S"')),
     "contract = ", r"contract: 3S is not the contract: the later auction ends in 4S"),
    ("a called-over call cancelled", replaced(CHANGE, ("called_over = []", 'called_over = ["Pass"]')),
     "later_auction = ", r"later_auction: the left-hand opponent called over the irregular call"),
    ("called over, answered not accepted", replaced(BID, ('call = "1H"', 'call = "1H"\ncalled_over = ["Pass"]')),
     'accepted = "no"', r"facts.accepted: 'no' contradicts the auction and the call, which give 'yes'"),
    ("an opening lead by dummy", replaced(OPENING, ('seat = "E"', 'seat = "N"'), ('card = "HA"', 'card = "HJ"')),
     'seat = "N"', r"irregularity.seat: N is dummy: .*the opening lead cannot come from it"),
    ("the opening leader's lead", replaced(OPENING, ('seat = "E"', 'seat = "W"'), ('card = "HA"', 'card = "HQ"')),
     'seat = "W"', r"irregularity.seat: the lead to trick 1 is W's \(declarer's left-hand opponent, Law 41A\): the lead is "
                   r"in turn"),
    ("declarer's lead in turn", replaced(LEAD, ('seat = "E"', 'seat = "S"'), ('card = "HA"', 'card = "H5"'),
                                         ('defender_accepted = "retract"', 'declarer_accepted = "retract"')),
     'seat = "S"', r"irregularity.seat: the lead to trick 6 is S's: the lead is in turn"),
    ("a card played to a trick led", replaced(LEAD, ('"CJ", "CT"]', '"CJ", "CT", "D2"]')),
     'card = "HA"', r"irregularity.card: trick 6 has been led \(D2\): a card played to it is not a lead"),
    ("a card played before", replaced(REVOKE, ('card = "CA"', 'card = "SJ"')),
     'card = "SJ"', r"irregularity.card: W played SJ before the irregularity \(play\)"),
    ("a card that follows suit", replaced(REVOKE, ('card = "CA"', 'card = "D5"')),
     'card = "D5"', r"irregularity.card: D5 follows the suit led \(D2\): not a revoke"),
    ("a revoke out of turn", replaced(REVOKE, ('seat = "W"', 'seat = "E"'), ('card = "CA"', 'card = "H2"')),
     'seat = "E"', r"irregularity.seat: it is W's turn to play to trick 6, not E's"),
    ("a premature play in turn", replaced(REVOKE, ('kind = "revoke"', 'kind = "premature_lead_or_play"'),
                                          ('card = "CA"', 'card = "D5"'), ('[facts]\n', '[facts]\nexempt = "no"\n'),
                                          ('established = "no"\n', ''), ('revoke_card_from = "defender_hand"\n', '')),
     'seat = "W"', r"irregularity.seat: it is W's turn to play to trick 6: the card is played in turn, not prematurely"),
    ("a trick against the play", replaced(REVOKE, ('card = "CA"', 'card = "CA"\ntrick = 5')),
     "trick = 5", r"irregularity.trick: 5 contradicts the play given: its next card belongs to trick 6"),
    ("a play not following suit", replaced(REVOKE, ('"SJ", "S2", "S5", "SQ"', '"SJ", "S2", "H2", "SQ"')),
     "play = ", r"play\[3\]: 'H2': Law 44C: trick 1: E played H2 but holds spades"),
    ("a play without a contract", replaced(REVOKE, ('contract = "4S"\n', '')),
     "play = ", r"play: the play needs the contract and its declarer"),
    ("a revoke at trick 13", replaced(CASES.joinpath("revoke-1991-trick-12.toml").read_text(encoding="utf-8"),
                                      ("trick = 12", "trick = 13")),
     "trick = 13", r"irregularity.trick: 13 is not possible: expected a whole number 1\.\.12"),
    ("card and cards", replaced(EXPOSED, ('cards = ["SK", "D7"]', 'card = "SK"\ncards = ["SK", "D7"]')),
     "cards = ", r"irregularity.cards: card and cards both given"),
    ("a card named twice", replaced(EXPOSED, ('cards = ["SK", "D7"]', 'cards = ["SK", "SK"]')),
     "cards = ", r"irregularity.cards\[2\]: SK is named twice"),
    ("several cards answered one", replaced(EXPOSED, ('cards = ["SK", "D7"]', 'cards = ["SK", "D7"]\n[facts]\nseveral = "one"')),
     "several = ", r"facts.several: 'one' contradicts the play \(trick, card, declarer\), which give 'two'"),
    ("a bar before any call", BARRED, "barred = ", r"facts.barred: 'yes' before any call: .*barred_by = \"S\""),
    ("a bar by an opponent", replaced(BARRED, ('call = "1C"', 'call = "1C"\nbarred_by = "E"')),
     "barred_by = ", r"irregularity.barred_by: E is an opponent of N"),
    ("a bar of one's own before any call", replaced(BARRED, ('call = "1C"', 'call = "1C"\nbarred_by = "N"')),
     "barred_by = ", r"irregularity.barred_by: no one has called yet: N cannot have been barred"),
    ("an edition missing", "kind = \"revoke\"\n", "kind = ", r"edition: missing: expected the edition in force"),
]


@pytest.mark.parametrize(("text", "needle", "message"), [c[1:] for c in IMPOSSIBLE], ids=[c[0] for c in IMPOSSIBLE])
def test_impossible_facts_are_one_line_with_the_fields_line(tmp_path, capsys, text, needle, message):
    status, out, err = run(tmp_path, capsys, text)
    assert status == 1 and not out
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    line = 1 if needle == "kind = " else line_of(text, needle)
    assert re.fullmatch(rf"error: \S*case\.toml:{line}: (?:{message}).*", err), err


def test_an_empty_file_says_so_and_a_file_of_comments_too(tmp_path, capsys):
    status, _, err = run(tmp_path, capsys, "")
    assert status == 1 and re.fullmatch(r"error: \S*case\.toml:1: the file is empty: expected a case file.*", err), err
    status, _, err = run(tmp_path, capsys, "# 只有注释\n\n")
    assert status == 1 and re.fullmatch(r"error: \S*case\.toml:1: the file holds only comments: .*", err), err


def test_a_case_file_is_a_few_kilobytes(tmp_path, capsys):
    note = "note = \"" + "说明" * ((CASE_MAX_SIZE - len(EXPOSED.encode()) - 200) // 6) + "\"\n"
    small = replaced(EXPOSED, ('kind = ', note + 'kind = '))
    assert len(small.encode()) <= CASE_MAX_SIZE
    status, _, err = run(tmp_path, capsys, small)
    assert status == 0, err
    big = replaced(EXPOSED, ('kind = ', note + note + 'kind = '))
    status, out, err = run(tmp_path, capsys, big)
    assert status == 1 and not out
    assert re.fullmatch(rf"error: \S*case\.toml: {len(big.encode()):,} bytes: a case file holds the facts of one "
                        rf"irregularity \(a few KB, at most {CASE_MAX_SIZE // 1024} KB\).*", err), err


def test_the_first_and_the_substituted_call_settle_their_legality():
    case = parse_case(replaced(CHANGE, ('call = "2C"', 'call = "1H"')))
    assert case.facts["first_legal"] == "yes" and case.facts["substitute_legal"] == "no"
    assert case.answers["first_legal"] == "yes" and case.answers["lho_called"] == "no"   # called_over = []
    case = parse_case(replaced(CHANGE, ('first_call = "1NT"', 'first_call = "1C"')))    # 1♣ over 1♠: insufficient
    assert case.answers["first_legal"] == "no" and case.rule().outcome.id == "o_25B2a"


@pytest.mark.parametrize(("later", "suit", "laws", "restriction"), [
    # W names clubs later: 26A1 (no restriction); never names them: 26A2; the cancelled call is 1NT
    # (no suit): 26B; EW declare: Law 26 is for defenders only; the auction not over: both possibilities
    ('"Pass", "2S", "Pass", "3S", "4C", "4S", "Pass", "Pass", "Pass"', "2C", ("26A1",), False),
    ('"Pass", "2S", "Pass", "3S", "Pass", "4S", "Pass", "Pass", "Pass"', "2C", ("26A2",), True),
    ('"Pass", "2S", "Pass", "3S", "Pass", "4S", "Pass", "Pass", "Pass"', "2NT", ("26B",), True),
    ('"3C", "3S", "Pass", "Pass", "4C", "Pass", "Pass", "Pass"', "2C", ("26intro",), False),
    ('"Pass", "2S", "Pass"', "2C", ("26A1", "26A2"), True),
])
def test_law_26_is_settled_by_the_auction_after_the_rectification(later, suit, laws, restriction):
    text = replaced(CHANGE, ('"Pass", "2S", "Pass", "3S", "4C", "4S", "Pass", "Pass", "Pass"', later),
                    ('call = "2C"', f'call = "{suit}"'))
    case = parse_case(text)
    ruling = case.rule()
    settled = case.lead_penalty(ruling)
    assert settled is not None and settled.laws == laws and settled.none is not restriction
    r = ruling.outcome.lead_restriction
    assert (r is not None) is restriction and (not r or set(laws) <= set(r.laws))
    # the provisions the ruling rests on are the part of Law 26 that applies, and no other
    assert {x for x in ruling.laws if x.startswith("26")} == set(laws)


def test_the_rule_command_prints_the_settled_lead_penalty_and_the_calls_after(capsys):
    assert main(["rule", str(CASES / "change_of_call-1991-later-named-suit.toml")]) == 0
    out = capsys.readouterr().out
    assert "\n违规：西家叫1NT后改为2♣（此前叫牌：1♦ 不叫 1♠）。\n" in out
    assert "\n此后叫牌：不叫 2♠ 不叫 3♠ 4♣ 4♠ 不叫 不叫 不叫。\n" in out
    assert "\n  引牌限制：无（违规者此后叫出了有关联的花色♣：不受引牌判罚（第26条A款1项））。\n" in out
    assert main(["rule", str(CASES / "change_of_call-1991-later-named-suit.toml"), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["lead_penalty"]["laws"] == ["26A1"] and data["lead_restriction"] is None


def test_the_auction_after_a_call_out_of_rotation_settles_31A():
    case = parse_case(ROTATION)
    assert {k: case.answers[k] for k in ("turn", "accepted", "rho_action", "repeat_strain")} == {
        "turn": "rho", "accepted": "no", "rho_action": "call", "repeat_strain": "yes"}
    assert case.rule().outcome.id == "o_31A2a"
    other = parse_case(replaced(ROTATION, ('["1S", "2H"', '["1S", "2D"')))
    assert other.answers["repeat_strain"] == "no"
    passed = parse_case(replaced(ROTATION, ('["1S", "2H", "Pass", "Pass", "2S", "3H"', '["Pass", "2H", "Pass", "Pass", "2S", "3H"')))
    assert passed.answers["rho_action"] == "pass"


def test_the_play_so_far_settles_the_trick_and_who_should_have_led():
    case = parse_case(LEAD)
    assert (case.facts["trick"], case.answers["opening"], case.answers["role"], case.answers["defender_turn"]) == (
        6, "no", "defender", "declarer")
    assert case.origins["trick"] == "play" and len(case.play) == 20
    dummy = parse_case(replaced(LEAD, ('seat = "E"', 'seat = "N"'), ('card = "HA"', 'card = "HJ"'),
                                ('defender_accepted = "retract"', 'declarer_accepted = "retract"')))
    assert dummy.answers["role"] == "dummy" and dummy.answers["declarer_turn"] == "declarer"   # from dummy, declarer's lead
    assert dummy.rule().outcome.id == "o_55B2"
    assert parse_case(OPENING).answers["defender_turn"] == "partner"   # the opening lead is W's, E's partner's
    revoke = parse_case(REVOKE)
    assert revoke.answers["trick"] == 6 and revoke.rule().outcome.id == "o_correct_defender"


def test_a_revoke_is_checked_against_the_hand_of_the_player():
    deal = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    record = PlayRecord(deal, Contract.parse("1NTS"), (Card.parse("CA"),))
    so_far = PlaySoFar.of(record)
    assert (so_far.trick, so_far.next_seat, so_far.led) == (1, Seat.N, Card.parse("CA"))
    assert revoke_problem(so_far, Seat.N, Card.parse("S2")) == "N holds no ♣ any more (CA led): S2 is not a revoke"


def test_several_cards_and_the_bar_named():
    case = parse_case(EXPOSED)
    assert case.answers["several"] == "two" and case.cards == (Card.parse("SK"), Card.parse("D7"))
    assert parse_case(replaced(EXPOSED, ('cards = ["SK", "D7"]', 'cards = ["SK"]'))).answers["several"] == "one"
    # the dealer barred before any call by his partner's irregularity (e.g. 31B): a 1C by him is Law 37
    case = parse_case(replaced(BARRED, ('call = "1C"', 'call = "1C"\nbarred_by = "S"')))
    assert case.answers["barred"] == "yes" and case.rule().outcome.id == "o_37"


def test_the_core_decides_law_19_from_the_offenders_seat():
    auction = Auction.parse(Seat.N, "1C")
    assert auction.is_legal(Call.parse("X"), Seat.W) and not auction.is_legal(Call.parse("X"), Seat.S)
    assert not auction.is_legal(Call.parse("XX"), Seat.E)


def test_every_field_of_a_case_file_is_documented_with_an_example():
    readme = README.read_text(encoding="utf-8")
    section = readme[readme.index("## A case file"):]
    for key in sorted(TOP_KEYS - {"irregularity", "facts"} | IRREGULARITY_KEYS):
        assert re.search(rf"^{key} = ", section, re.MULTILINE), f"{key} has no example in trees/README.md"
    assert "\n[irregularity]\n" in section and "\n[facts]" in section
