"""Boards (Law 2): the dealer and the vulnerability of every board number.

The dealer rotates N, E, S, W from board 1; the vulnerability follows a 16-board cycle in which
each of the four conditions occurs four times and each seat deals once in each condition.

>>> board_conditions(1)
(<Seat.N: 0>, <Vulnerability.NONE: 'None'>)
>>> board_conditions(20)
(<Seat.W: 3>, <Vulnerability.ALL: 'All'>)
"""
from __future__ import annotations

from rules_ext.core.cards import DealError, KeyEnum, Seat


class Vulnerability(KeyEnum):
    """Which sides are vulnerable; the value is the PBN spelling written on export."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    ALL = "All"

    @property
    def chinese(self) -> str:
        return {"NONE": "双方无局", "NS": "南北有局", "EW": "东西有局", "ALL": "双方有局"}[self.name]

    def is_vulnerable(self, seat: Seat) -> bool:
        """Whether the side of ``seat`` is vulnerable."""
        if self is Vulnerability.ALL:
            return True
        if self is Vulnerability.NONE:
            return False
        return seat.is_ns == (self is Vulnerability.NS)

    @classmethod
    def parse(cls, text: str | Vulnerability) -> Vulnerability:
        """Read the PBN spellings None, Love, -, NS, EW, All, Both (any case) and the Chinese ones."""
        return cls._from_words(text, _VULNERABILITY_WORDS, "vulnerability",
                               "None, NS, EW or All (also Love, -, Both, 双方无局 ...)")

    def __str__(self) -> str:
        return self.value


_VULNERABILITY_WORDS = {
    "NONE": Vulnerability.NONE, "LOVE": Vulnerability.NONE, "-": Vulnerability.NONE,
    "NS": Vulnerability.NS, "EW": Vulnerability.EW,
    "ALL": Vulnerability.ALL, "BOTH": Vulnerability.ALL,
}
_VULNERABILITY_WORDS.update({v.chinese: v for v in Vulnerability})

_O, _N, _E, _B = Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.ALL
#: Law 2: vulnerability of boards 1..16 (board 17 is like board 1, and so on)
VULNERABILITY_CYCLE: tuple[Vulnerability, ...] = (
    _O, _N, _E, _B,
    _N, _E, _B, _O,
    _E, _B, _O, _N,
    _B, _O, _N, _E,
)


#: Law 2: the dealer and the vulnerability of boards 1..16 (board 1 is dealt by North, 2 by East,
#: 3 by South, 4 by West, and so on)
_CONDITIONS: tuple[tuple[Seat, Vulnerability], ...] = tuple(
    (Seat(i % 4), vul) for i, vul in enumerate(VULNERABILITY_CYCLE))


def board_conditions(board: int) -> tuple[Seat, Vulnerability]:
    """The dealer and the vulnerability of a board number (Law 2)."""
    return _CONDITIONS[(_board_number(board) - 1) % 16]


def dealer(board: int) -> Seat:
    """Law 2: board 1 is dealt by North, 2 by East, 3 by South, 4 by West, and so on."""
    return board_conditions(board)[0]


def vulnerability(board: int) -> Vulnerability:
    return board_conditions(board)[1]


def _board_number(board: int) -> int:
    if isinstance(board, bool) or not isinstance(board, int) or board < 1:
        raise DealError(f"board number {board!r} is not a positive whole number: expected e.g. 1, 17")
    return board
