"""Seats, cards, hands, deals (PBN deal strings) and Law 2 board conditions."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_ext.core import (
    Card,
    Deal,
    DealError,
    Hand,
    Seat,
    Strain,
    Vulnerability,
    board_conditions,
    full_pack,
)

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def test_deal_round_trip_and_rotation():
    deal = Deal.from_pbn(DEAL)
    assert deal.to_pbn() == DEAL
    assert deal.to_pbn(first=Seat.E) == "E:T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432"
    assert Deal.from_pbn(deal.to_pbn(first=Seat.W)) == deal
    assert [deal.hcp(s) for s in Seat] == [10, 10, 10, 10]
    assert deal.hand(Seat.N).length(Strain.S) == 4
    assert deal.is_complete


def test_deal_with_unknown_hands():
    deal = Deal.from_pbn("S:AKQJ.T98.765.432 - - -")
    assert deal.hand(Seat.S).hcp == 10 and len(deal.hand(Seat.N)) == 0
    assert not deal.is_complete
    assert deal.to_pbn(Seat.S) == "S:AKQJ.T98.765.432 - - -"


@pytest.mark.parametrize("bad, message", [
    ("N:AKQJ.T98.765.432 AKQJ.T98.765.432 - -", "dealt twice"),
    ("N:AKQ.T98.765.432 - - -", "holds 12 cards"),
    ("N:AKQJJ.T98.765.432 - - -", "names a card twice"),
    ("N:AAKQJ.T98.765.432 - - -", "names a card twice"),  # the ace twice: past the last bit of the deal
    ("N:AKQJ.T98.765.4322 - - -", "names a card twice"),
    ("N:AKQJ.T98.765.432 - - A.AKQJ.T9.T98765", "dealt twice"),
    ("N:AKQJ.T98.765.43Z - - -", "rank"),
    ("X:AKQJ.T98.765.432 - - -", "seat"),
    ("AKQJ.T98.765.432", "expected 'N:'"),
])
def test_bad_deals(bad, message):
    with pytest.raises(DealError, match=message) as info:
        Deal.from_pbn(bad)
    assert repr(bad) in str(info.value)


def test_cards():
    assert Card.parse("SA") == Card(Strain.S, 14)
    assert Card.parse("♥10") == Card.parse("ht") == Card(Strain.H, 10)
    assert str(Card(Strain.D, 12)) == "DQ" and Card(Strain.C, 11).symbol == "♣J"
    assert len(set(full_pack())) == 52
    with pytest.raises(DealError, match="NA"):
        Card.parse("NA")
    with pytest.raises(DealError):
        Card(Strain.S, 15)


def test_hand():
    hand = Hand.parse("AK.QJ.T9.8765432")
    assert hand.hcp == 10 and len(hand) == 13
    assert [str(c) for c in hand.suit(Strain.C)][:2] == ["C8", "C7"]
    assert hand.without(Card.parse("SA")).to_pbn() == "K.QJ.T9.8765432"
    with pytest.raises(DealError, match="twice"):
        Hand.parse("AA.QJ.T9.8765432")


@pytest.mark.parametrize("text, seat", [("N", Seat.N), ("east", Seat.E), ("南", Seat.S), ("w", Seat.W)])
def test_seat_parse(text, seat):
    assert Seat.parse(text) is seat


@pytest.mark.parametrize("text, strain", [
    ("S", Strain.S), ("♠", Strain.S), ("♤", Strain.S), ("黑桃", Strain.S), (" h ", Strain.H),
    ("n", Strain.NT), ("NT", Strain.NT), ("无将", Strain.NT), ("♣", Strain.C), (Strain.D, Strain.D),
])
def test_strain_parse(text, strain):
    assert Strain.parse(text) is strain


@pytest.mark.parametrize("kind, text, message", [
    (Seat, "Q", "cannot read seat 'Q': expected one of N, E, S, W (or 北, 东, 南, 西)"),
    (Seat, "", "cannot read seat '': expected one of N, E, S, W"),
    (Strain, "Z", "cannot read strain 'Z': expected one of C, D, H, S, NT (or ♣♦♥♠)"),
    (Strain, "NTX", "cannot read strain 'NTX'"),
    (Vulnerability, "Neither", "cannot read vulnerability 'Neither': expected None, NS, EW or All"),
])
def test_word_parse_errors_quote_the_input_and_the_accepted_forms(kind, text, message):
    with pytest.raises(DealError) as info:
        kind.parse(text)
    assert str(info.value).startswith(message)


def test_core_enums_hash_by_identity():
    """Seat, Strain, Vulnerability and Doubling are table keys: hashed in C by identity, equal to themselves only."""
    from rules_ext.core import Doubling

    for kind in (Seat, Strain, Vulnerability, Doubling):
        assert kind.__hash__ is object.__hash__
        assert len(dict.fromkeys(kind)) == len(kind)


def test_seat_relations():
    assert Seat.N.lho is Seat.E and Seat.N.partner is Seat.S and Seat.N.rho is Seat.W
    assert Seat.W.following() == (Seat.W, Seat.N, Seat.E, Seat.S)


@pytest.mark.parametrize("text, vul", [
    ("None", Vulnerability.NONE), ("Love", Vulnerability.NONE), ("-", Vulnerability.NONE),
    ("NS", Vulnerability.NS), ("ew", Vulnerability.EW), ("All", Vulnerability.ALL),
    ("Both", Vulnerability.ALL), ("双方有局", Vulnerability.ALL),
])
def test_vulnerability_parse(text, vul):
    assert Vulnerability.parse(text) is vul


def test_vulnerability_parse_error():
    with pytest.raises(DealError, match="'Neither'"):
        Vulnerability.parse("Neither")


# Law 2: the 16-board cycle
LAW2 = {
    1: ("N", "None"), 2: ("E", "NS"), 3: ("S", "EW"), 4: ("W", "All"),
    5: ("N", "NS"), 6: ("E", "EW"), 7: ("S", "All"), 8: ("W", "None"),
    9: ("N", "EW"), 10: ("E", "All"), 11: ("S", "None"), 12: ("W", "NS"),
    13: ("N", "All"), 14: ("E", "None"), 15: ("S", "NS"), 16: ("W", "EW"),
}


@pytest.mark.parametrize("board", range(1, 49))
def test_board_conditions(board):
    dealer, vul = LAW2[(board - 1) % 16 + 1]
    assert board_conditions(board) == (Seat.parse(dealer), Vulnerability.parse(vul))


def test_each_seat_deals_once_in_each_condition():
    pairs = {board_conditions(b) for b in range(1, 17)}
    assert len(pairs) == 16


@pytest.mark.parametrize("bad", [0, -3, 1.5, "7", True])
def test_board_numbers_are_positive_integers(bad):
    with pytest.raises(DealError, match="board number"):
        board_conditions(bad)


@settings(max_examples=200)
@given(st.permutations(full_pack()), st.sampled_from(list(Seat)), st.integers(0, 2))
def test_a_deal_read_at_once_is_the_deal_its_hands_make(cards, first, spoil):
    """Deal.from_pbn reads a complete deal written as files write it in one step: what it gives is
    the deal of the four hands read one by one; a deal that is not complete (a card given twice, a
    hand of 12) is read the long way and refused as before."""
    hands = [Hand(cards[i * 13:(i + 1) * 13]) for i in range(4)]  # N, E, S, W
    order = first.following()
    text = f"{first.name}:" + " ".join(hands[s.value].to_pbn() for s in order)
    if spoil == 0:
        assert Deal.from_pbn(text) == Deal.from_hands(dict(zip(Seat, hands)))
        return
    words = text.split(" ")
    if spoil == 1:  # one card of the second hand replaced by one of the first hand's
        card = next(iter(hands[order[0].value]))
        words[1] = Hand([*list(hands[order[1].value])[1:], card]).to_pbn()
        message = "dealt twice"
    else:  # a hand of 12 cards
        words[2] = Hand(list(hands[order[2].value])[1:]).to_pbn()
        message = "holds 12 cards"
    with pytest.raises(DealError, match=message):
        Deal.from_pbn(" ".join(words))
