"""Law 77 scores: known results, properties, and every case against endplay."""
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_ext.core import Contract, ContractError, Doubling, Seat, Strain, Vulnerability, ns_score, score

KNOWN = [
    # contract, tricks, vulnerable, score
    ("1C", 7, False, 70), ("1NT", 7, False, 90), ("2H", 8, False, 110), ("2S", 9, True, 140),
    ("3NT", 9, False, 400), ("3NT", 9, True, 600), ("3NT", 10, True, 630), ("4H", 10, False, 420),
    ("4S", 11, True, 650), ("5C", 11, False, 400), ("5D", 11, True, 600), ("6S", 12, False, 980),
    ("6NT", 12, True, 1440), ("7NT", 13, False, 1520), ("7NT", 13, True, 2220), ("7C", 13, True, 2140),
    ("1CX", 7, False, 140), ("1CX", 7, True, 140), ("1CX", 8, True, 340), ("2HX", 8, False, 470),
    ("2SX", 8, True, 670), ("4SX", 10, True, 790), ("4SX", 10, False, 590), ("3NTX", 9, False, 550),
    ("1NTXX", 7, False, 560), ("1NTXX", 8, True, 1160), ("7NTXX", 13, True, 2980),
    ("4S", 9, False, -50), ("4S", 9, True, -100), ("4S", 6, True, -400),
    ("4SX", 9, False, -100), ("4SX", 8, False, -300), ("4SX", 7, False, -500), ("4SX", 6, False, -800),
    ("4SX", 9, True, -200), ("4SX", 8, True, -500), ("4SX", 7, True, -800), ("4SX", 6, True, -1100),
    ("4SXX", 9, False, -200), ("4SXX", 6, True, -2200), ("7NTX", 0, False, -3500),
    ("7NTX", 0, True, -3800), ("7NTXX", 0, True, -7600), ("1C", 0, False, -350),
    ("Pass", 0, False, 0), ("Pass", 13, True, 0),
]


@pytest.mark.parametrize("contract, tricks, vulnerable, expected", KNOWN)
def test_known_scores(contract, tricks, vulnerable, expected):
    assert score(contract, tricks, vulnerable) == expected


@pytest.mark.parametrize("bad", ["8NT", "0S", "4Z", "4SXXX", "4SR", "", "NT4", "4 S X X X"])
def test_impossible_contracts_raise(bad):
    with pytest.raises(ContractError, match="cannot read contract") as info:
        score(bad, 10, False)
    assert repr(bad) in str(info.value)


@pytest.mark.parametrize("tricks", [14, -1, 7.0, True, "10"])
def test_impossible_tricks_raise(tricks):
    with pytest.raises(ContractError, match=r"0\.\.13"):
        score("4S", tricks, False)


def test_vulnerable_must_be_bool():
    with pytest.raises(ContractError):
        score("4S", 10, "yes")


@pytest.mark.parametrize("text, expected", [
    ("4SX", Contract(4, Strain.S, Doubling.DOUBLED)),
    ("4sx", Contract(4, Strain.S, Doubling.DOUBLED)),
    ("3N", Contract(3, Strain.NT)), ("3NT", Contract(3, Strain.NT)), ("3nt", Contract(3, Strain.NT)),
    ("7NTXX", Contract(7, Strain.NT, Doubling.REDOUBLED)),
    ("4♥", Contract(4, Strain.H)), ("6SXN", Contract(6, Strain.S, Doubling.DOUBLED, Seat.N)),
    ("Pass", Contract.passed_out()), ("pass", Contract.passed_out()),
])
def test_contract_parse(text, expected):
    assert Contract.parse(text) == expected


@pytest.mark.parametrize("text", ["4SX", "3NT", "7NTXX", "1C", "Pass"])
def test_contract_str_round_trip(text):
    assert str(Contract.parse(text)) == text


def test_contract_is_frozen_and_validated():
    contract = Contract.parse("4S")
    with pytest.raises(AttributeError):
        contract.level = 5
    with pytest.raises(ContractError, match=r"1\.\.7"):
        Contract(8, Strain.NT)
    with pytest.raises(ContractError, match="passed-out"):
        Contract(0, Strain.S)
    assert Contract.parse("4S") != Contract.parse("4SX")
    assert Contract.parse("4S") != Contract(4, Strain.S, declarer=Seat.N)


contracts = st.builds(Contract, st.integers(1, 7), st.sampled_from(list(Strain)), st.sampled_from(list(Doubling)))


@settings(max_examples=300)
@given(contracts, st.integers(0, 13), st.booleans())
def test_scores_are_multiples_of_ten_and_made_contracts_positive(contract, tricks, vulnerable):
    result = score(contract, tricks, vulnerable)
    assert result % 10 == 0
    assert (result > 0) == (tricks >= contract.tricks_needed)


@settings(max_examples=200)
@given(contracts, st.integers(0, 12), st.booleans())
def test_one_more_trick_never_scores_less(contract, tricks, vulnerable):
    assert score(contract, tricks + 1, vulnerable) > score(contract, tricks, vulnerable)


@settings(max_examples=200)
@given(contracts, st.integers(0, 13))
def test_vulnerability_raises_the_stakes(contract, tricks):
    assert abs(score(contract, tricks, True)) >= abs(score(contract, tricks, False))


ENDPLAY_DENOM = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "nt"}


def test_all_2940_cases_agree_with_endplay():
    from endplay.types import Contract as EContract
    from endplay.types import Denom, Penalty, Player, Vul

    penalty = {Doubling.UNDOUBLED: Penalty.passed, Doubling.DOUBLED: Penalty.doubled,
               Doubling.REDOUBLED: Penalty.redoubled}
    cases = 0
    disagreements = []
    for level, strain, doubling, vulnerable, tricks in itertools.product(
            range(1, 8), Strain, Doubling, (False, True), range(14)):
        theirs = EContract(level=level, denom=getattr(Denom, ENDPLAY_DENOM[strain.name]),
                           declarer=Player.north, penalty=penalty[doubling],
                           result=tricks - level - 6).score(Vul.both if vulnerable else Vul.none)
        ours = score(Contract(level, strain, doubling), tricks, vulnerable)
        cases += 1
        if ours != theirs:
            disagreements.append((level, strain, doubling, vulnerable, tricks, ours, theirs))
    assert cases == 2940
    assert disagreements == []


def test_every_contract_string_round_trips_and_scores_the_same():
    for level, strain, doubling in itertools.product(range(1, 8), Strain, Doubling):
        contract = Contract(level, strain, doubling)
        text = str(contract)
        assert Contract.parse(text) == contract
        assert Contract.parse(contract.symbol) == contract
        for tricks in (0, 6 + level, 13):
            assert score(text, tricks, True) == score(contract, tricks, True)


def test_declarer_does_not_change_the_score():
    assert score(Contract(4, Strain.S, declarer=Seat.E), 10, True) == score("4S", 10, True) == 620


@pytest.mark.parametrize("contract, declarer, tricks, vul, expected", [
    ("4S", Seat.N, 10, Vulnerability.NONE, 420),
    ("4S", Seat.E, 10, Vulnerability.NONE, -420),
    ("4S", Seat.E, 10, Vulnerability.EW, -620),      # EW's own vulnerability counts
    ("4S", Seat.S, 10, Vulnerability.EW, 420),       # NS not vulnerable on an EW board
    ("3NTX", Seat.W, 7, Vulnerability.ALL, 500),     # two down doubled, vulnerable: NS +500
    ("Pass", None, None, Vulnerability.ALL, 0),
])
def test_ns_score_signs_declarers_score_by_side(contract, declarer, tricks, vul, expected):
    assert ns_score(contract, declarer, tricks, vul) == expected


def test_ns_score_needs_a_declarer_unless_passed_out():
    with pytest.raises(ContractError, match=r"cannot score 4S with declarer None: expected a Seat"):
        ns_score("4S", None, 10, Vulnerability.NONE)
