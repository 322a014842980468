"""Seats, strains, cards, hands and deals (Laws 1-2, 6-7; PBN deal strings).

>>> deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> deal.hand(Seat.E).hcp
10
>>> deal.to_pbn(first=Seat.S)
'S:765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432 T98.765.432.AKQJ'
"""
from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Self

from rules_ext.errors import RulesError


class DealError(RulesError):
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


#: the card each bit of a hand's mask stands for: bit ``suit.value * 13 + rank - 2``, so the ace of
#: spades is the highest bit and a hand's cards from the highest bit down are in a diagram's order
_BIT_CARDS = tuple(Card(Strain(bit // 13), bit % 13 + 2) for bit in range(52))
_SUIT_BITS = {suit: 0x1FFF << (suit.value * 13) for suit in SUITS}
#: high-card points by mask: each rank's bits in the four suits, with its points
_HCP_BITS = tuple((points, sum(1 << (suit.value * 13 + rank - 2) for suit in SUITS)) for rank, points in HCP.items())


def _bit(card: Card) -> int:
    return 1 << (card.suit.value * 13 + card.rank - 2)


def _cards_of(mask: int) -> list[Card]:
    """The cards of a mask, spades first, each suit from the ace down."""
    out = []
    while mask:
        bit = mask.bit_length() - 1
        out.append(_BIT_CARDS[bit])
        mask ^= 1 << bit
    return out


class _SuitRanks(dict[str, int]):
    """The ranks of a suit holding as files write it, upper-case letters ('KJ94'), as a 13-bit mask
    (bit ``rank - 2``), by its text: a holding not met before is worked out when asked for, and kept
    while fewer than 16,384 are (there are 8,192 holdings, each written one way by most files). A
    letter given twice carries into another bit, so that the mask has fewer bits than the text has
    letters, which the callers refuse; a character that is not a rank letter is a KeyError."""

    def __missing__(self, text: str) -> int:
        bits = sum(map(_RANK_BIT.__getitem__, text))
        if len(self) < 16384:
            self[text] = bits
        return bits


_RANK_OF = {char: rank for rank, char in enumerate(RANK_CHARS, start=2)}
_RANK_BIT = {char: 1 << (rank - 2) for char, rank in _RANK_OF.items()}
_SUIT_RANKS = _SuitRanks()
#: the bit of the two of each suit of a PBN hand (spades first) less two: a card's bit is this plus its rank
_SUIT_BASES = tuple(suit.value * 13 - 2 for suit in SUITS)


def _holding(base: int, text: str) -> int:
    """The cards of one suit of a PBN hand ('KJ94') as mask bits; ``base``: the suit's bit of the
    two (see :data:`_SUIT_BASES`). A card named twice leaves the mask with fewer bits than the text
    has letters, which the callers refuse."""
    try:
        return _SUIT_RANKS[text] << (base + 2)
    except KeyError:  # a rank written otherwise (a lower-case letter) or no rank: letter by letter
        pass
    bits = 0
    for char in text:
        rank = _RANK_OF.get(char) or _parse_rank(char)
        bits |= 1 << (base + rank)
    return bits


class Hand:
    """The cards one player holds: up to 13 distinct cards (13 at the start of a board).

    ``cards`` is the frozenset of the :class:`Card` objects; the hand keeps them as ``mask``, one
    bit per card (bit ``suit.value * 13 + rank - 2``): a file of 50,000 boards holds 200,000 hands,
    and a set of 13 cards takes twenty times the room of the number. Immutable, like a frozen
    dataclass; equal when the cards are.
    """

    __slots__ = ("mask",)
    mask: int

    def __init__(self, cards: Iterable[Card]) -> None:
        mask = 0
        for card in cards:
            if not isinstance(card, Card):
                raise DealError(f"hand holds {card!r}, which is not a Card")
            mask |= _bit(card)
        if mask.bit_count() > 13:
            raise DealError(f"hand holds {mask.bit_count()} cards: a hand has at most 13")
        object.__setattr__(self, "mask", mask)

    @classmethod
    def _of_mask(cls, mask: int) -> Hand:
        hand = object.__new__(cls)  # a mask of at most 13 cards, made by this module
        object.__setattr__(hand, "mask", mask)
        return hand

    def __setattr__(self, name: str, value: object) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return Hand._of_mask, (self.mask,)

    def __eq__(self, other: object) -> bool:
        return self.mask == other.mask if isinstance(other, Hand) else NotImplemented

    def __hash__(self) -> int:
        return hash(self.mask)

    def __repr__(self) -> str:
        return f"Hand(cards={self.cards!r})"

    @property
    def cards(self) -> frozenset[Card]:
        return frozenset(_cards_of(self.mask))

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read a PBN hand 'AKQ.JT9.8765.432' (spades.hearts.diamonds.clubs; '-' = unknown/empty)."""
        raw = text.strip()
        if raw == "-":
            return cls._of_mask(0)
        parts = raw.split(".")
        if len(parts) != 4:
            raise DealError(f"cannot read hand {text!r}: expected four suits separated by dots, "
                            f"e.g. AKQ.JT9.8765.432 (spades first)")
        suits = [part.strip() for part in parts]
        try:
            spades, hearts, diamonds, clubs = (_holding(base, part) for base, part in zip(_SUIT_BASES, suits))
        except DealError as exc:
            raise DealError(f"cannot read hand {text!r}: {exc}") from exc
        held = spades | hearts | diamonds | clubs
        count = held.bit_count()
        if count != sum(map(len, suits)):
            raise DealError(f"hand {text!r} names a card twice")
        if count > 13:
            raise DealError(f"hand holds {count} cards: a hand has at most 13")
        return cls._of_mask(held)

    @classmethod
    def of(cls, cards: Iterable[Card | str]) -> Hand:
        return cls(card if isinstance(card, Card) else Card.parse(card) for card in cards)

    def suit(self, suit: Strain) -> tuple[Card, ...]:
        """The cards of one suit, highest first."""
        return tuple(_cards_of(self.mask & _SUIT_BITS[suit])) if suit is not Strain.NT else ()

    def length(self, suit: Strain) -> int:
        return (self.mask & _SUIT_BITS[suit]).bit_count() if suit is not Strain.NT else 0

    @property
    def hcp(self) -> int:
        return sum(points * (self.mask & bits).bit_count() for points, bits in _HCP_BITS)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __iter__(self) -> Iterator[Card]:
        return iter(_cards_of(self.mask))

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & _bit(card))

    def without(self, card: Card) -> Hand:
        if card not in self:
            raise DealError(f"hand {self} does not hold {card}")
        return Hand._of_mask(self.mask & ~_bit(card))

    def to_pbn(self) -> str:
        if not self.mask:
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
        seen = 0
        for seat, hand in zip(SEATS, hands):
            if len(hand) not in (0, 13):
                raise DealError(f"{seat.name} hand {hand} holds {len(hand)} cards: expected 13 (or '-')")
            twice = seen & hand.mask
            if twice:
                raise DealError(f"{', '.join(sorted(map(str, _cards_of(twice))))} dealt twice "
                                f"(again in {seat.name} hand {hand})")
            seen |= hand.mask

    @classmethod
    def from_hands(cls, hands: Mapping[Seat, Hand | str]) -> Deal:
        north, east, south, west = (h if isinstance(h, Hand) else Hand.parse(h) for h in (hands[s] for s in SEATS))
        return cls((north, east, south, west))

    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """Read a PBN Deal value 'N:AKQ.. ... ... ...' (first seat, then four hands clockwise)."""
        raw = text.strip().strip('"')
        if (plain := _PLAIN_DEAL.fullmatch(raw)) is not None and (deal := _complete_deal(plain)) is not None:
            return deal
        first, sep, rest = raw.partition(":")
        hands_text = rest.split()
        if not sep or len(hands_text) != 4:
            raise DealError(f"cannot read deal {text!r}: expected 'N:' and four hands, "
                            f"e.g. N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
        try:
            start = Seat.parse(first).value
            hands = [Hand.parse(h) for h in hands_text]  # from the first seat on, clockwise
            north, east, south, west = (hands[(seat - start) % 4] for seat in range(4))
            return cls((north, east, south, west))
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


_RANKS = "[AKQJT98765432]*"
#: a deal as files usually write it: a seat letter, then four hands of four suits of upper-case ranks
_PLAIN_DEAL = re.compile(r"([NESW]):" + " ".join([rf"({_RANKS})\.({_RANKS})\.({_RANKS})\.({_RANKS})"] * 4))
_SEAT_OF_LETTER = {"N": 0, "E": 1, "S": 2, "W": 3}
#: how many characters of a _PLAIN_DEAL match are not rank letters: the seat and colon, 3 spaces, 12 dots
_NOT_RANKS = 2 + 3 + 12


def _complete_deal(plain: re.Match[str]) -> Deal | None:
    """The deal of a ``_PLAIN_DEAL`` match when it is complete: four hands of 13 cards, 52 distinct
    cards (what Deal's own checks then find nothing wrong with); None for any other, which
    :meth:`Deal.from_pbn` reads in full and says what is wrong with."""
    first, *holdings = plain.groups()
    ranks = _SUIT_RANKS  # spades in the highest 13 bits, clubs in the lowest
    masks = [ranks[s] << 39 | ranks[h] << 26 | ranks[d] << 13 | ranks[c] for s, h, d, c in zip(*[iter(holdings)] * 4)]
    # 13 cards in each hand and 52 in all, of the 52 rank letters: no card named twice, none in two hands
    if (list(map(int.bit_count, masks)) != [13, 13, 13, 13] or len(plain[0]) - _NOT_RANKS != 52
            or (masks[0] | masks[1] | masks[2] | masks[3]).bit_count() != 52):
        return None
    north = 4 - _SEAT_OF_LETTER[first]  # where North's hand is among the four, from the first seat on
    deal = object.__new__(Deal)
    object.__setattr__(deal, "hands", tuple(map(Hand._of_mask, masks[north:] + masks[:north])))
    return deal
