"""Contracts: level, strain, doubling, and (optionally) the declarer.

>>> c = Contract.parse("4sx")
>>> c, str(c)
(Contract(level=4, strain=<Strain.S: 3>, doubling=<Doubling.DOUBLED: 2>, declarer=None), '4SX')
>>> str(Contract.parse("3N")), str(Contract.parse("Pass"))
('3NT', 'Pass')
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from rules_ext.core.cards import DealError, KeyEnum, Seat, Strain
from rules_ext.errors import RulesError


class ContractError(RulesError):
    """A contract that cannot exist (level 8, unknown strain, a redouble of nothing, ...)."""


class Doubling(KeyEnum):
    """The multiplier of the trick score (Law 77): 1 undoubled, 2 doubled, 4 redoubled."""

    UNDOUBLED = 1
    DOUBLED = 2
    REDOUBLED = 4

    @property
    def suffix(self) -> str:
        return {1: "", 2: "X", 4: "XX"}[self.value]

    @property
    def chinese(self) -> str:
        return {1: "", 2: "加倍", 4: "再加倍"}[self.value]


_CONTRACT_RE = re.compile(
    r"^\s*(?P<level>[1-7])\s*(?P<strain>NT|N|[CDHS♣♦♥♠♧♢♡♤]|无将)\s*(?P<dbl>X{0,2}|\*{0,2}|再加倍|加倍)"
    r"\s*(?P<declarer>[NESW])?\s*$", re.IGNORECASE)
_PASS_WORDS = {"PASS", "P", "AP", "PASSED OUT", "不叫", "-"}


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract. ``level`` 1..7, or 0 for a board passed out (then strain is None).

    ``declarer`` is optional: scoring does not need it, a traveller does.
    """

    level: int
    strain: Strain | None
    doubling: Doubling = Doubling.UNDOUBLED
    declarer: Seat | None = None

    def __post_init__(self) -> None:
        if isinstance(self.level, bool) or not isinstance(self.level, int):
            raise ContractError(f"contract level {self.level!r} is not a whole number: expected 1..7")
        if self.level == 0:
            if self.strain is not None or self.doubling is not Doubling.UNDOUBLED:
                raise ContractError("a passed-out board has no strain and no double: "
                                    "expected Contract.passed_out()")
        elif not 1 <= self.level <= 7:
            raise ContractError(f"contract level {self.level} is impossible: expected 1..7 "
                                f"(e.g. 4H, 7NTXX)")
        elif not isinstance(self.strain, Strain):
            raise ContractError(f"contract strain {self.strain!r} is not a Strain: expected e.g. Strain.S")
        if not isinstance(self.doubling, Doubling):
            raise ContractError(f"doubling {self.doubling!r} is not a Doubling: expected Doubling.DOUBLED")
        if self.declarer is not None and not isinstance(self.declarer, Seat):
            raise ContractError(f"declarer {self.declarer!r} is not a Seat: expected e.g. Seat.S")

    @classmethod
    def passed_out(cls) -> Contract:
        return cls(0, None)

    @classmethod
    def parse(cls, text: str | Contract) -> Contract:
        """Read '4S', '4sx', '3N', '3NT', '7NTXX', '4♥', '3无将加倍', '6SXN' (declarer last) or 'Pass'."""
        if isinstance(text, Contract):
            return text
        return _parse_text(str(text))

    @classmethod
    def _parse_uncached(cls, raw: str) -> Contract:
        if raw.strip().upper() in _PASS_WORDS:
            return cls.passed_out()
        match = _CONTRACT_RE.match(raw)
        if not match:
            raise ContractError(f"cannot read contract {raw!r}: expected e.g. 4H, 3NT, 3N, 4SX, 7NTXX or Pass")
        dbl = match["dbl"].upper().replace("*", "X").replace("再加倍", "XX").replace("加倍", "X")
        declarer = match["declarer"]
        try:
            return cls(int(match["level"]), Strain.parse(match["strain"]), Doubling(2 ** len(dbl)),
                       Seat.parse(declarer) if declarer else None)
        except DealError as exc:
            raise ContractError(f"cannot read contract {raw!r}: {exc}") from exc

    @property
    def is_passed_out(self) -> bool:
        return self.level == 0

    @property
    def tricks_needed(self) -> int:
        """Book (6) plus the level; 0 for a passed-out board."""
        return self.level + 6 if self.level else 0

    def __str__(self) -> str:
        if self.is_passed_out:
            return "Pass"
        assert self.strain is not None
        return f"{self.level}{self.strain.name}{self.doubling.suffix}"

    @property
    def symbol(self) -> str:
        """'4♠X' style, for print."""
        if self.is_passed_out:
            return "Pass"
        assert self.strain is not None
        return f"{self.level}{self.strain.symbol}{self.doubling.suffix}"


@functools.lru_cache(maxsize=1024)
def _parse_text(raw: str) -> Contract:
    """Contract strings repeat endlessly on travellers: each distinct one is read once."""
    return Contract._parse_uncached(raw)
