"""Seats, strains, cards, hands and deals (Laws 1-2, 6-7; PBN deal strings).

>>> deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> deal.hand(Seat.E).hcp
10
>>> deal.to_pbn(first=Seat.S)
'S:765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432 T98.765.432.AKQJ'
"""
from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Self


class DealError(ValueError):
    """A card, hand or deal that cannot exist (unknown card, duplicate card, wrong count)."""


class KeyEnum(enum.Enum):
    """An enum of the core whose members are table keys and are read from words (N, 北, Both ...).

    Members are singletons compared by identity; hashing by identity agrees with that and runs in C
    (Enum's own ``__hash__`` hashes the member name in Python), which keeps table look-ups fast.
    """

    __hash__ = object.__hash__

    @classmethod
    def _from_words(cls, text: object, words: Mapping[str, Self], what: str, expected: str) -> Self:
        """``text`` if it is a member, else the member ``words`` gives for it (stripped, any case);
        a DealError ``cannot read {what} {text!r}: expected {expected}`` when there is none."""
        if isinstance(text, cls):
            return text
        found = words.get(str(text).strip().upper())
        if found is None:
            raise DealError(f"cannot read {what} {text!r}: expected {expected}")
        return found


class Seat(KeyEnum):
    """A compass seat; the value is the position clockwise from North (Law 2 order N, E, S, W)."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def letter(self) -> str:
        return self.name

    @property
    def chinese(self) -> str:
        return "北东南西"[self.value]

    @property
    def lho(self) -> Seat:
        """The next seat clockwise: the left-hand opponent, who calls or plays next."""
        return Seat((self.value + 1) % 4)

    @property
    def partner(self) -> Seat:
        return Seat((self.value + 2) % 4)

    @property
    def rho(self) -> Seat:
        return Seat((self.value + 3) % 4)

    @property
    def is_ns(self) -> bool:
        return self in (Seat.N, Seat.S)

    def following(self) -> tuple[Seat, Seat, Seat, Seat]:
        """This seat and the three after it, clockwise."""
        return _FOLLOWING[self]

    @classmethod
    def parse(cls, text: str | Seat) -> Seat:
        """Read 'N', 'north', '北' (any case) into a Seat."""
        return cls._from_words(text, _SEAT_WORDS, "seat", "one of N, E, S, W (or 北, 东, 南, 西)")

    def __str__(self) -> str:
        return self.name


#: the seats in Law 2 order, and each seat's :meth:`Seat.following` (worked out once: reading a deal asks)
SEATS: tuple[Seat, Seat, Seat, Seat] = (Seat.N, Seat.E, Seat.S, Seat.W)
_FOLLOWING = {seat: (seat, seat.lho, seat.partner, seat.rho) for seat in SEATS}

_SEAT_WORDS: dict[str, Seat] = {"NORTH": Seat.N, "EAST": Seat.E, "SOUTH": Seat.S, "WEST": Seat.W}
_SEAT_WORDS.update({seat.name: seat for seat in Seat})
_SEAT_WORDS.update({seat.chinese: seat for seat in Seat})


class Strain(KeyEnum):
    """A denomination of a bid; the value is its rank (clubs lowest, notrump highest, Law 18)."""

    C = 0
    D = 1
    H = 2
    S = 3
    NT = 4

    @property
    def letter(self) -> str:
        return self.name

    @property
    def symbol(self) -> str:
        """'♣', '♦', '♥', '♠' for the suits, 'NT' for notrump."""
        return ("♣", "♦", "♥", "♠", "NT")[self.value]

    @property
    def chinese(self) -> str:
        return ("梅花", "方块", "红心", "黑桃", "无将")[self.value]

    @property
    def is_suit(self) -> bool:
        return self is not Strain.NT

    @classmethod
    def parse(cls, text: str | Strain) -> Strain:
        """Read 'S', '♠', 'N', 'NT', '黑桃', '无将' (any case) into a Strain."""
        return cls._from_words(text, _STRAIN_WORDS, "strain", "one of C, D, H, S, NT (or ♣♦♥♠)")

    def __str__(self) -> str:
        return self.name


_STRAIN_WORDS: dict[str, Strain] = {}
for _strain in Strain:
    _STRAIN_WORDS[_strain.name] = _strain
    _STRAIN_WORDS[_strain.symbol] = _strain
    _STRAIN_WORDS[_strain.chinese] = _strain
_STRAIN_WORDS.update({"N": Strain.NT, "♤": Strain.S, "♡": Strain.H, "♢": Strain.D, "♧": Strain.C})

#: the four suits from the highest down, the order of a PBN hand ("S.H.D.C")
SUITS: tuple[Strain, Strain, Strain, Strain] = (Strain.S, Strain.H, Strain.D, Strain.C)

RANK_CHARS = "23456789TJQKA"
#: high-card points (Milton Work): A 4, K 3, Q 2, J 1
HCP = {14: 4, 13: 3, 12: 2, 11: 1}


def _parse_rank(text: str) -> int:
    key = text.upper()
    if key == "10":
        key = "T"
    if len(key) != 1 or key not in RANK_CHARS:
        raise DealError(f"cannot read rank {text!r}: expected one of {RANK_CHARS} (T or 10 for ten)")
    return RANK_CHARS.index(key) + 2


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """A playing card: a suit (a Strain other than NT) and a rank 2..14 (14 = ace)."""

    suit: Strain
    rank: int

    def __post_init__(self) -> None:
        if not isinstance(self.suit, Strain) or self.suit is Strain.NT:
            raise DealError(f"card suit {self.suit!r} is not a suit: expected Strain.S, H, D or C")
        if not isinstance(self.rank, int) or not 2 <= self.rank <= 14:
            raise DealError(f"card rank {self.rank!r} is out of range: expected 2..14 (14 = ace)")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read 'SA', '♠A', 'H10', 'dt' (suit first, as in PBN play records)."""
        raw = str(text).strip()
        if len(raw) < 2:
            raise DealError(f"cannot read card {text!r}: expected suit then rank, e.g. SA, ♥T, D10")
        try:
            return cls(Strain.parse(raw[0]), _parse_rank(raw[1:]))
        except DealError as exc:
            raise DealError(f"cannot read card {text!r}: expected suit then rank, e.g. SA, ♥T, D10") from exc

    @property
    def rank_char(self) -> str:
        return RANK_CHARS[self.rank - 2]

    @property
    def hcp(self) -> int:
        return HCP.get(self.rank, 0)

    @property
    def symbol(self) -> str:
        """'♠A' style."""
        return f"{self.suit.symbol}{self.rank_char}"

    def sort_key(self) -> tuple[int, int]:
        """Spades first, then from the ace down (the order of a hand diagram)."""
        return (-self.suit.value, -self.rank)

    def __str__(self) -> str:
        return f"{self.suit.name}{self.rank_char}"


def full_pack() -> tuple[Card, ...]:
    """The 52 cards, spades ace first."""
    return tuple(Card(suit, rank) for suit in SUITS for rank in range(14, 1, -1))


#: each suit's cards by rank letter, as a PBN hand writes them (reading a deal looks them up)
_CARDS = {suit: {char: Card(suit, rank) for rank, char in enumerate(RANK_CHARS, start=2)} for suit in SUITS}


@functools.lru_cache(maxsize=8192)
def _holding(suit: Strain, text: str) -> tuple[frozenset[Card], int]:
    """The cards of one suit of a PBN hand ('KJ94'), and how many the text names (a card named twice
    counts twice). A deal file repeats holdings, and a set of cards made once keeps each card's hash:
    hands are unions of these sets, without hashing a card again (a card's hash runs in Python)."""
    known = _CARDS[suit]
    cards = [known.get(char) or Card(suit, _parse_rank(char)) for char in text]
    return frozenset(cards), len(cards)


@dataclass(frozen=True, slots=True)
class Hand:
    """The cards one player holds: up to 13 distinct cards (13 at the start of a board)."""

    cards: frozenset[Card]

    def __post_init__(self) -> None:
        if not isinstance(self.cards, frozenset):
            object.__setattr__(self, "cards", frozenset(self.cards))
        for card in self.cards:
            if not isinstance(card, Card):
                raise DealError(f"hand holds {card!r}, which is not a Card")
        if len(self.cards) > 13:
            raise DealError(f"hand holds {len(self.cards)} cards: a hand has at most 13")

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read a PBN hand 'AKQ.JT9.8765.432' (spades.hearts.diamonds.clubs; '-' = unknown/empty)."""
        raw = text.strip()
        if raw == "-":
            return cls(frozenset())
        parts = raw.split(".")
        if len(parts) != 4:
            raise DealError(f"cannot read hand {text!r}: expected four suits separated by dots, "
                            f"e.g. AKQ.JT9.8765.432 (spades first)")
        try:
            holdings = [_holding(suit, part.strip()) for suit, part in zip(SUITS, parts)]
        except DealError as exc:
            raise DealError(f"cannot read hand {text!r}: {exc}") from exc
        (spades, n_s), (hearts, n_h), (diamonds, n_d), (clubs, n_c) = holdings
        held = spades.union(hearts, diamonds, clubs)
        if len(held) != n_s + n_h + n_d + n_c:
            raise DealError(f"hand {text!r} names a card twice")
        if len(held) > 13:
            raise DealError(f"hand holds {len(held)} cards: a hand has at most 13")
        hand = object.__new__(cls)  # what __post_init__ checks is checked above: cards, at most 13
        object.__setattr__(hand, "cards", held)
        return hand

    @classmethod
    def of(cls, cards: Iterable[Card | str]) -> Hand:
        return cls(frozenset(card if isinstance(card, Card) else Card.parse(card) for card in cards))

    def suit(self, suit: Strain) -> tuple[Card, ...]:
        """The cards of one suit, highest first."""
        return tuple(sorted((c for c in self.cards if c.suit is suit), key=lambda c: -c.rank))

    def length(self, suit: Strain) -> int:
        return sum(1 for c in self.cards if c.suit is suit)

    @property
    def hcp(self) -> int:
        return sum(card.hcp for card in self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(sorted(self.cards, key=Card.sort_key))

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def without(self, card: Card) -> Hand:
        if card not in self.cards:
            raise DealError(f"hand {self} does not hold {card}")
        return Hand(self.cards - {card})

    def to_pbn(self) -> str:
        if not self.cards:
            return "-"
        return ".".join("".join(c.rank_char for c in self.suit(s)) for s in SUITS)

    def __str__(self) -> str:
        return self.to_pbn()


@dataclass(frozen=True, slots=True)
class Deal:
    """The four hands of a board, by seat. A hand may be empty ('-' in PBN) when it is unknown;
    every known hand holds 13 cards and no card appears twice."""

    hands: tuple[Hand, Hand, Hand, Hand]  # in seat order N, E, S, W

    def __post_init__(self) -> None:
        hands = tuple(self.hands)
        if len(hands) != 4 or not all(isinstance(h, Hand) for h in hands):
            raise DealError(f"a deal has four hands in the order N, E, S, W, got {self.hands!r}")
        object.__setattr__(self, "hands", hands)
        seen: set[Card] = set()
        for seat, hand in zip(SEATS, hands):
            if len(hand) not in (0, 13):
                raise DealError(f"{seat.name} hand {hand} holds {len(hand)} cards: expected 13 (or '-')")
            twice = seen & hand.cards
            if twice:
                raise DealError(f"{', '.join(sorted(map(str, twice)))} dealt twice (again in {seat.name} hand {hand})")
            seen |= hand.cards

    @classmethod
    def from_hands(cls, hands: Mapping[Seat, Hand | str]) -> Deal:
        north, east, south, west = (h if isinstance(h, Hand) else Hand.parse(h) for h in (hands[s] for s in SEATS))
        return cls((north, east, south, west))

    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """Read a PBN Deal value 'N:AKQ.. ... ... ...' (first seat, then four hands clockwise)."""
        raw = text.strip().strip('"')
        first, sep, rest = raw.partition(":")
        hands_text = rest.split()
        if not sep or len(hands_text) != 4:
            raise DealError(f"cannot read deal {text!r}: expected 'N:' and four hands, "
                            f"e.g. N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
        try:
            start = Seat.parse(first)
            by_seat = {seat: Hand.parse(h) for seat, h in zip(start.following(), hands_text)}
            return cls.from_hands(by_seat)
        except DealError as exc:
            raise DealError(f"cannot read deal {text!r}: {exc}") from exc

    def to_pbn(self, first: Seat = Seat.N) -> str:
        return f"{first.name}:" + " ".join(self.hand(s).to_pbn() for s in first.following())

    def hand(self, seat: Seat) -> Hand:
        return self.hands[seat.value]

    def hcp(self, seat: Seat) -> int:
        return self.hand(seat).hcp

    @property
    def is_complete(self) -> bool:
        return all(len(h) == 13 for h in self.hands)

    def __str__(self) -> str:
        return self.to_pbn()
