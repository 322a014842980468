"""Deals no one can know: each board's deal drawn uniformly from all 52!/(13!)⁴ deals, from a
secret seed of the operating system's cryptographic randomness, so that no one (not even the
director) can choose or foresee a deal, and the director who keeps the seed can make the set again.

The seed: :func:`new_seed`, written down by :func:`seed_text`; each board's deal number:
:func:`deal_number` (SHAKE-256 of the seed and the board, uniform); the deal of a number: Richard
Pavlicek's method (rpbridge.net, "Bridge deal numbers", 7z68), :func:`deal_of_number`; dealer and
vulnerability: Law 2 (:func:`rules_ext.core.board.board_conditions`). The rules in a director's
words: the 使用说明's 赛前的准备 (source/manual/session.rst).
"""
from __future__ import annotations

import hashlib
import math
import re
import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from rules_ext.core.board import Vulnerability, board_conditions
from rules_ext.core.cards import SEATS, Card, Deal, DealError, Hand, Seat, full_pack

#: the number of different deals: 52! / (13!)^4
DEALS = math.factorial(52) // math.factorial(13) ** 4
#: the seed's length in bytes (160 bits)
SEED_BYTES = 20
#: what every stream of the seed starts with: the version of this way of dealing (a new one gets a new tag)
_TAG = b"rules_ext deal v1\x00"
_BLOCK = 16  # bytes read per attempt: numbers below 2**128
_LIMIT = (1 << (8 * _BLOCK)) // DEALS * DEALS  # numbers at or above this are refused
_PACK = full_pack()  # ♠A, ♠K, ... ♣2: the order of Pavlicek's method


class SeedError(DealError):
    """A seed that cannot be read."""


def new_seed() -> bytes:
    """A new secret seed: 20 bytes (160 bits, as Big Deal draws) from :func:`secrets.token_bytes`
    (the operating system's random source, never the :mod:`random` module). Whoever has the seed
    can make the set again, so the director keeps it and nothing the program writes contains it."""
    return secrets.token_bytes(SEED_BYTES)


def seed_text(seed: bytes) -> str:
    """The seed as the director writes it down: 40 hexadecimal digits in five groups of eight.

    >>> seed_text(bytes(range(20)))
    '00010203 04050607 08090a0b 0c0d0e0f 10111213'
    """
    digits = seed.hex()
    return " ".join(digits[i:i + 8] for i in range(0, len(digits), 8))


def parse_seed(text: str) -> bytes:
    """Read a seed written as 40 hexadecimal digits (spaces and dashes between them allowed)."""
    digits = re.sub(r"[\s\-]", "", text)
    if not re.fullmatch(rf"[0-9A-Fa-f]{{{2 * SEED_BYTES}}}", digits):
        raise SeedError(f"cannot read the seed: expected {2 * SEED_BYTES} hexadecimal digits, e.g. "
                        "\"3f2a9c01 8b7d6e55 0c1b2a39 48576a6b 7c8d9eaf\"")
    return bytes.fromhex(digits)


def deal_number(seed: bytes, board: int) -> int:
    """The deal number (0 to :data:`DEALS` - 1) of ``board`` in the set of ``seed``: a SHAKE-256
    stream of the seed, the board number and an attempt counter (:mod:`hashlib`), read 16 bytes at a
    time as a number below 2¹²⁸; a number in the last, incomplete block of :data:`DEALS` is refused
    and the next one read (so every deal number is exactly equally likely), else it is taken modulo
    :data:`DEALS`. A board's deal depends on the seed and its number only: boards 10-12 of a set of
    36 are the same as a set of 10-12."""
    if not isinstance(seed, bytes) or len(seed) != SEED_BYTES:
        raise SeedError(f"a seed is {SEED_BYTES} bytes: expected new_seed() or parse_seed(text)")
    if isinstance(board, bool) or not isinstance(board, int) or not 1 <= board < 1 << 32:
        raise DealError(f"board number {board!r} is not a positive whole number: expected e.g. 1")
    attempt = 0
    while True:
        stream = hashlib.shake_256(_TAG + seed + board.to_bytes(4, "big") + attempt.to_bytes(4, "big"))
        value = int.from_bytes(stream.digest(_BLOCK), "big")
        if value < _LIMIT:
            return value % DEALS
        attempt += 1  # pragma: no cover - one number in 6.3e9 is refused


def deal_of_number(number: int) -> Deal:
    """The deal of ``number`` (0 to :data:`DEALS` - 1), by Pavlicek's method: the cards from ♠A
    down to ♣2, each given to the seat whose share of the remaining deals holds the number
    (:data:`DEALS` = 53,644,737,765,488,792,839,237,440,000).

    >>> deal_of_number(0).to_pbn()
    'N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432'
    """
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < DEALS:
        raise DealError(f"deal number {number!r}: expected a whole number from 0 to {DEALS - 1}")
    left = [13, 13, 13, 13]
    cards: list[list[Card]] = [[], [], [], []]
    k = DEALS
    i = number
    for c, card in enumerate(_PACK):
        remaining = 52 - c
        for seat in range(4):
            share = k * left[seat] // remaining
            if i < share:
                cards[seat].append(card)
                left[seat] -= 1
                k = share
                break
            i -= share
    return Deal(tuple(Hand.of(h) for h in cards))  # type: ignore[arg-type]


def number_of_deal(deal: Deal) -> int:
    """The number of a complete deal (the inverse of :func:`deal_of_number`).

    >>> number_of_deal(deal_of_number(DEALS - 1)) == DEALS - 1
    True
    """
    if not deal.is_complete:
        raise DealError(f"deal {deal} is not complete: expected four hands of 13 cards")
    holder = {card: seat.value for seat in SEATS for card in deal.hand(seat).cards}
    left = [13, 13, 13, 13]
    k = DEALS
    i = 0
    for c, card in enumerate(_PACK):
        remaining = 52 - c
        seat = holder[card]
        for before in range(seat):
            i += k * left[before] // remaining
        k = k * left[seat] // remaining
        left[seat] -= 1
    return i


@dataclass(frozen=True, slots=True)
class DealtBoard:
    """A board of a set: its number, deal, and the dealer and vulnerability of Law 2."""

    number: int
    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability


def deal_set(seed: bytes, boards: Iterable[int]) -> list[DealtBoard]:
    """The boards of the set of ``seed``, in the order given (each board's deal by its number only).

    >>> seed = parse_seed("00000000 00000000 00000000 00000000 00000001")
    >>> deal_set(seed, [1, 2])[0] == deal_set(seed, [5, 1])[1]
    True
    """
    out = []
    for number in boards:
        dealer, vulnerability = board_conditions(number)
        out.append(DealtBoard(number, deal_of_number(deal_number(seed, number)), dealer, vulnerability))
    return out


def parse_boards(text: str) -> list[int]:
    """Board numbers as a director writes them: ``1-36``, ``1-3,7,10-12``.

    >>> parse_boards("1-3,7"), parse_boards("5")
    ([1, 2, 3, 7], [5])
    """
    out: list[int] = []
    for part in str(text).replace(" ", "").split(","):
        m = re.fullmatch(r"(\d+)(?:-(\d+))?", part)
        if not m:
            raise DealError(f"cannot read boards {text!r}: expected e.g. 1-36 or 1-3,7,10-12")
        first, last = int(m[1]), int(m[2] or m[1])
        if first < 1 or last < first or last > 999:
            raise DealError(f"boards {part!r}: expected numbers from 1 to 999, the first not after the last")
        out.extend(range(first, last + 1))
    if len(set(out)) != len(out):
        raise DealError(f"boards {text!r} name a board twice: expected each board once")
    return out
