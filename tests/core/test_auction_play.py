"""Auction (Laws 17-22, 18, 19, 38) and play (Law 44)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_ext.core import Card, Contract, Deal, Seat, Strain, full_pack
from rules_ext.core.auction import Auction, AuctionError, Call, lowest_sufficient_bid
from rules_ext.core.play import PlayError, PlayRecord, legal_cards, trick_winner


@pytest.mark.parametrize("dealer, calls, contract, declarer", [
    ("N", "Pass Pass Pass Pass", "Pass", None),
    ("N", "1NT Pass 3NT Pass Pass Pass", "3NT", Seat.N),
    ("E", "1H X XX 2C Pass Pass X Pass Pass Pass", "2CX", Seat.N),
    ("S", "1S Pass 2S X XX Pass Pass Pass", "2SXX", Seat.S),
    ("W", "1D 1H 1S 2H 3S Pass 4S Pass Pass Pass", "4S", Seat.E),   # E named spades first (1S), not W
    ("N", "1C Pass 1H Pass 2H Pass 4H X Pass Pass XX Pass Pass Pass", "4HXX", Seat.S),
    ("N", "Pass Pass Pass 1C Pass Pass Pass", "1C", Seat.W),
    ("N", "1C X Pass Pass Pass", "1CX", Seat.N),
])
def test_final_contract(dealer, calls, contract, declarer):
    auction = Auction.parse(dealer, calls)
    assert auction.is_complete
    final = auction.final_contract()
    assert str(final) == contract and final.declarer is declarer


@pytest.mark.parametrize("calls, law", [
    ("1S 1H", "18D"), ("1NT 1NT", "18D"), ("2C Pass 1NT", "18D"),
    ("X", "19A1"), ("1H Pass X", "19A1"), ("1H X X", "19A1"),
    ("1H XX", "19B1"), ("1H X Pass XX", "19B1"), ("1H X XX XX", "19B1"), ("XX", "19B1"),
    ("8C", "38"), ("Pass Pass Pass Pass Pass", "39"), ("1C Pass Pass Pass 1D", "39"),
])
def test_illegal_calls_name_the_law(calls, law):
    with pytest.raises(AuctionError) as info:
        Auction.parse("N", calls)
    assert info.value.law == law and str(info.value).startswith(f"Law {law}:")


def test_auction_not_over():
    auction = Auction.parse("N", "1C Pass Pass")
    assert not auction.is_complete and auction.next_seat is Seat.W
    with pytest.raises(AuctionError, match="not over"):
        auction.final_contract()


def test_legal_calls_and_sufficiency():
    auction = Auction.parse("N", "1H")
    legal = {str(c) for c in auction.legal_calls()}
    assert "X" in legal and "XX" not in legal and "1H" not in legal and "1S" in legal and "7NT" in legal
    assert len(legal) == 1 + 1 + (35 - 3)
    assert str(lowest_sufficient_bid("1S", "H")) == "2H"
    assert str(lowest_sufficient_bid("1H", "NT")) == "1NT"
    assert str(lowest_sufficient_bid("7NT", "C")) == "8C"


def test_calls_parse_chinese():
    assert Call.parse("不叫") == Call.parse("Pass") and str(Call.parse("再加倍")) == "XX"
    assert str(Call.parse("3n")) == "3NT" and str(Call.parse("4♠")) == "4S"
    with pytest.raises(AuctionError, match="cannot read call"):
        Call.parse("1Z")


def test_auction_value_is_frozen_and_validated():
    auction = Auction(Seat.N, (Call.parse("1C"), Call.parse("X")))
    assert auction == Auction.parse("N", "1C X")
    with pytest.raises(AuctionError):
        Auction(Seat.N, (Call.parse("1C"), Call.parse("1C")))


@settings(max_examples=60)
@given(st.randoms(use_true_random=False), st.sampled_from(list(Seat)))
def test_random_legal_auctions_end_with_a_contract(rnd, dealer):
    auction = Auction(dealer)
    while not auction.is_complete:
        legal = auction.legal_calls()
        assert legal, "an auction that is not over always allows a pass"
        weights = [6 if c == legal[0] else 1 for c in legal]
        auction = auction.add(rnd.choices(legal, weights)[0])
    final = auction.final_contract()
    last = auction.last_bid()
    assert (last is None) == final.is_passed_out
    if last is not None:
        assert final.declarer.is_ns == auction.seat_of(last[0]).is_ns


# -- play ---------------------------------------------------------------------------------------

DEAL = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")


@pytest.mark.parametrize("leader, cards, trump, winner", [
    (Seat.N, "SA S2 S3 S4", Strain.NT, Seat.N),
    (Seat.N, "S2 SA S3 S4", Strain.NT, Seat.E),
    (Seat.N, "S2 H2 D2 C2", Strain.NT, Seat.N),          # nobody followed: the led suit wins
    (Seat.N, "SA H2 S3 S4", Strain.H, Seat.E),           # ruffed
    (Seat.W, "SA H2 H3 S4", Strain.H, Seat.E),           # overruffed: W N E S -> H3 by E
    (Seat.S, "DA D2 CA D3", Strain.S, Seat.S),           # a discard wins nothing
])
def test_trick_winner(leader, cards, trump, winner):
    assert trick_winner(leader, [Card.parse(c) for c in cards.split()], trump) is winner


def test_play_record_errors_name_the_law():
    contract = Contract.parse("1NTS")
    with pytest.raises(PlayError) as info:
        PlayRecord(DEAL, contract, (Card.parse("SA"),))   # N holds SA but W must lead
    assert info.value.law == "44B"
    with pytest.raises(PlayError) as info:
        PlayRecord(DEAL, contract, tuple(map(Card.parse, ["HA", "C2"])))
    assert info.value.law == "44C" and "must follow suit" in str(info.value)
    with pytest.raises(PlayError, match="declarer"):
        PlayRecord(DEAL, Contract.parse("1NT"), ())


@settings(max_examples=40)
@given(st.randoms(use_true_random=False), st.sampled_from(list(Strain)), st.sampled_from(list(Seat)))
def test_random_legal_play_gives_13_tricks(rnd, strain, declarer):
    pack = list(full_pack())
    rnd.shuffle(pack)
    deal = Deal.from_hands({seat: _hand(pack[13 * i:13 * i + 13]) for i, seat in enumerate(Seat)})
    record = PlayRecord(deal, Contract(3, strain, declarer=declarer))
    while not record.is_complete:
        seat = record.next_seat
        trick = record.tricks[-1] if record.tricks and not record.tricks[-1].is_complete else None
        led = trick.cards[0].suit if trick else None
        record = record.add(rnd.choice(legal_cards(record.remaining(seat), led)))
    assert record.declarer_tricks + record.defender_tricks == 13
    assert all(len(record.remaining(s)) == 0 for s in Seat)
    # the winner of each trick leads the next (44G)
    for before, after in zip(record.tricks, record.tricks[1:]):
        assert after.leader is before.winner(strain)


def _hand(cards):
    from rules_ext.core import Hand
    return Hand(frozenset(cards))
