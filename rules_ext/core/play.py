"""The play (Law 44): following suit, the winner of a trick, the lead to the next trick, tricks won.

>>> deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> record = PlayRecord(deal, Contract.parse("1NTS"), tuple(map(Card.parse, "HA HT H7 H4".split())))
>>> record.tricks[0].winner(Strain.NT), record.next_seat, record.defender_tricks
(<Seat.W: 3>, <Seat.W: 3>, 1)
>>> PlayRecord(deal, Contract.parse("1NTS"), (Card.parse("HA"), Card.parse("C2")))
Traceback (most recent call last):
...
rules_ext.core.play.PlayError: Law 44C: trick 1: N played C2 but holds hearts and must follow suit (HA led)
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rules_ext.core.cards import Card, Deal, Hand, Seat, Strain
from rules_ext.core.contract import Contract
from rules_ext.errors import RulesError


class PlayError(RulesError):
    """A card that may not be played at this point; ``law`` is the label it breaks."""

    def __init__(self, law: str, message: str) -> None:
        super().__init__(f"Law {law}: {message}")
        self.law = law


def trick_winner(leader: Seat, cards: tuple[Card, ...] | list[Card], trump: Strain) -> Seat:
    """The seat that wins a complete trick led by ``leader`` (Law 44E with trumps, 44F without)."""
    if len(cards) != 4:
        raise PlayError("44B", f"a trick has four cards, got {len(cards)}: {' '.join(map(str, cards))}")
    led = cards[0].suit

    def power(card: Card) -> int:
        if trump.is_suit and card.suit is trump:
            return 100 + card.rank
        return card.rank if card.suit is led else 0

    best = max(range(4), key=lambda i: power(cards[i]))
    return Seat((leader.value + best) % 4)


def must_follow(hand: Hand, led: Strain) -> bool:
    """Law 44C: a player who holds a card of the suit led must play one."""
    return hand.length(led) > 0


def legal_cards(hand: Hand, led: Strain | None) -> tuple[Card, ...]:
    """The cards a player may play: any when leading (44A) or void in the suit led (44D)."""
    if led is not None and must_follow(hand, led):
        return hand.suit(led)
    return tuple(hand)


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick: who led it and the cards played to it in rotation (up to four)."""

    leader: Seat
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))
        if len(self.cards) > 4:
            raise PlayError("44B", f"a trick has at most four cards, got {len(self.cards)}")

    @property
    def is_complete(self) -> bool:
        return len(self.cards) == 4

    def seat_of(self, index: int) -> Seat:
        return Seat((self.leader.value + index) % 4)

    def winner(self, trump: Strain) -> Seat:
        return trick_winner(self.leader, self.cards, trump)


@dataclass(frozen=True, slots=True)
class PlayRecord:
    """The cards played on a board in order, checked card by card against the deal.

    The contract must name its declarer; the opening lead is made by declarer's left-hand
    opponent (Law 41A); each card must be held by the player whose turn it is (44B) and must
    follow suit when possible (44C); the winner of a trick leads to the next (44G).
    """

    deal: Deal
    contract: Contract
    cards: tuple[Card, ...] = field(default=())
    tricks: tuple[Trick, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.contract.is_passed_out or self.contract.declarer is None or self.contract.strain is None:
            raise PlayError("41A", f"a play record needs a contract with a declarer, got {str(self.contract)!r}: "
                                   f"expected e.g. Contract.parse('4SS')")
        if not self.deal.is_complete:
            raise PlayError("44B", "a play record needs all four hands of the deal")
        object.__setattr__(self, "cards", tuple(self.cards))
        trump = self.contract.strain
        hands = {seat: self.deal.hand(seat) for seat in Seat}
        tricks: list[Trick] = []
        leader = self.contract.declarer.lho
        current: list[Card] = []
        for card in self.cards:
            number = len(tricks) + 1
            seat = Seat((leader.value + len(current)) % 4)
            hand = hands[seat]
            if card not in hand:
                raise PlayError("44B", f"trick {number}: {card} is not in the hand of {seat}, whose turn it is "
                                       f"(holds {hand})")
            if current and card.suit is not current[0].suit and must_follow(hand, current[0].suit):
                raise PlayError("44C", f"trick {number}: {seat} played {card} but holds "
                                       f"{_SUIT_WORDS[current[0].suit]} and must follow suit ({current[0]} led)")
            hands[seat] = hand.without(card)
            current.append(card)
            if len(current) == 4:
                tricks.append(Trick(leader, tuple(current)))
                leader = trick_winner(leader, current, trump)
                current = []
        if current:
            tricks.append(Trick(leader, tuple(current)))
        object.__setattr__(self, "tricks", tuple(tricks))

    @property
    def trump(self) -> Strain:
        assert self.contract.strain is not None
        return self.contract.strain

    def winners(self) -> list[Seat]:
        """The winner of each complete trick."""
        return [t.winner(self.trump) for t in self.tricks if t.is_complete]

    @property
    def declarer_tricks(self) -> int:
        declarer = self.contract.declarer
        assert declarer is not None
        return sum(1 for w in self.winners() if w.is_ns == declarer.is_ns)

    @property
    def defender_tricks(self) -> int:
        return len(self.winners()) - self.declarer_tricks

    @property
    def is_complete(self) -> bool:
        return len(self.cards) == 52

    @property
    def next_seat(self) -> Seat:
        """The player to play next: the leader of the current trick plus the cards already in it."""
        if not self.tricks:
            assert self.contract.declarer is not None
            return self.contract.declarer.lho
        last = self.tricks[-1]
        if last.is_complete:
            return last.winner(self.trump)
        return last.seat_of(len(last.cards))

    def remaining(self, seat: Seat) -> Hand:
        """The cards ``seat`` still holds."""
        played = {card for trick in self.tricks for i, card in enumerate(trick.cards) if trick.seat_of(i) is seat}
        return Hand(self.deal.hand(seat).cards - played)

    def add(self, card: Card | str) -> PlayRecord:
        return PlayRecord(self.deal, self.contract, self.cards + (card if isinstance(card, Card) else Card.parse(card),))


_SUIT_WORDS = {Strain.S: "spades", Strain.H: "hearts", Strain.D: "diamonds", Strain.C: "clubs"}
