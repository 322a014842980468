"""The auction (Laws 17-22, with 18, 19 and 38 on what may be called).

An Auction is a value: the dealer and the calls made so far. ``auction.add(call)`` returns a new
auction or raises AuctionError naming the law the call breaks.

>>> a = Auction.parse(Seat.N, "1H X XX 2C Pass Pass X Pass Pass Pass")
>>> a.is_complete, str(a.final_contract())
(True, '2CX')
>>> a.final_contract().declarer
<Seat.W: 3>
>>> Auction.parse(Seat.N, "1S 1H")
Traceback (most recent call last):
...
rules_ext.core.auction.AuctionError: Law 18D: 1H after 1S is insufficient: a bid must name more tricks, or the same number in a higher strain (e.g. 2H)
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field

from rules_ext.core.cards import DealError, Seat, Strain
from rules_ext.core.contract import Contract, Doubling
from rules_ext.errors import RulesError


class AuctionError(RulesError):
    """A call that the laws do not allow at this point; ``law`` is the label it breaks."""

    def __init__(self, law: str, message: str) -> None:
        super().__init__(f"Law {law}: {message}")
        self.law = law


class CallKind(enum.Enum):
    PASS = "Pass"
    DOUBLE = "X"
    REDOUBLE = "XX"
    BID = "bid"


_CALL_WORDS = {
    "P": CallKind.PASS, "PASS": CallKind.PASS, "不叫": CallKind.PASS, "-": CallKind.PASS,
    "X": CallKind.DOUBLE, "D": CallKind.DOUBLE, "DBL": CallKind.DOUBLE, "DOUBLE": CallKind.DOUBLE, "加倍": CallKind.DOUBLE,
    "XX": CallKind.REDOUBLE, "R": CallKind.REDOUBLE, "RDBL": CallKind.REDOUBLE, "REDOUBLE": CallKind.REDOUBLE,
    "再加倍": CallKind.REDOUBLE,
}
_BID_RE = re.compile(r"^([1-9])(NT|N|[CDHS♣♦♥♠♧♢♡♤]|无将)$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Call:
    """A call (Law 18): a bid (level 1..7 and a strain), pass, double or redouble."""

    kind: CallKind
    level: int | None = None
    strain: Strain | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, CallKind):
            raise AuctionError("18A", f"{self.kind!r} is not a kind of call: expected CallKind.BID, PASS, ...")
        if self.kind is CallKind.BID:
            if not isinstance(self.strain, Strain):
                raise AuctionError("18A", f"a bid needs a strain, got {self.strain!r}: expected e.g. 1NT, 4S")
            if isinstance(self.level, bool) or not isinstance(self.level, int) or not self.level >= 1:
                raise AuctionError("18A", f"bid level {self.level!r} is not a level: expected 1..7")
            # a bid above seven is representable (Law 38 says what happens to it) but never legal
        elif self.level is not None or self.strain is not None:
            raise AuctionError("18A", f"{self.kind.value} has no level or strain")

    @classmethod
    def bid(cls, level: int, strain: Strain | str) -> Call:
        return cls(CallKind.BID, level, Strain.parse(strain))

    @classmethod
    def parse(cls, text: str | Call) -> Call:
        """Read '1H', '3NT', '3N', 'Pass', 'P', 'X', 'XX', '不叫', '加倍', '再加倍', '4♠' (or '4♤': the
        outline suits some files and phones write)."""
        if isinstance(text, Call):
            return text
        key = str(text).strip().upper()
        if key in _CALL_WORDS:
            return cls(_CALL_WORDS[key])
        match = _BID_RE.match(key)
        if not match:
            raise AuctionError("18A", f"cannot read call {text!r}: expected e.g. 1H, 3NT, Pass, X, XX")
        try:
            return cls.bid(int(match[1]), match[2])
        except DealError as exc:  # pragma: no cover - the pattern admits only known strains
            raise AuctionError("18A", f"cannot read call {text!r}: {exc}") from exc

    @property
    def is_bid(self) -> bool:
        return self.kind is CallKind.BID

    def rank(self) -> int:
        """Bids in order 1C < 1D < ... < 7NT (Law 18B, E)."""
        assert self.level is not None and self.strain is not None
        return (self.level - 1) * 5 + self.strain.value

    def __str__(self) -> str:
        if self.is_bid:
            assert self.strain is not None
            return f"{self.level}{self.strain.name}"
        return self.kind.value

    @property
    def chinese(self) -> str:
        """'1♥', '3NT', '不叫', '加倍', '再加倍': the call as a Chinese reader writes it."""
        if self.is_bid:
            assert self.strain is not None
            return f"{self.level}{self.strain.symbol}"
        return {CallKind.PASS: "不叫", CallKind.DOUBLE: "加倍", CallKind.REDOUBLE: "再加倍"}[self.kind]


PASS = Call(CallKind.PASS)
DOUBLE = Call(CallKind.DOUBLE)
REDOUBLE = Call(CallKind.REDOUBLE)


@dataclass(frozen=True, slots=True)
class Auction:
    """The calls of one board from the dealer on, every one of them legal."""

    dealer: Seat
    calls: tuple[Call, ...] = field(default=())

    def __post_init__(self) -> None:
        if not isinstance(self.dealer, Seat):
            raise AuctionError("17B", f"dealer {self.dealer!r} is not a Seat: expected e.g. Seat.N")
        calls = tuple(self.calls)
        object.__setattr__(self, "calls", calls)
        replay = Auction.__new__(Auction)
        object.__setattr__(replay, "dealer", self.dealer)
        object.__setattr__(replay, "calls", ())
        for call in calls:
            replay = replay.add(call)

    @classmethod
    def parse(cls, dealer: Seat | str, calls: str) -> Auction:
        """Read calls separated by spaces, starting with the dealer's."""
        auction = cls(Seat.parse(dealer))
        for word in calls.split():
            auction = auction.add(Call.parse(word))
        return auction

    # -- whose turn, what came before -------------------------------------------------------

    def seat_of(self, index: int) -> Seat:
        """The seat that made call number ``index`` (0 = the dealer's first call; Law 17B, C)."""
        return Seat((self.dealer.value + index) % 4)

    @property
    def next_seat(self) -> Seat:
        return self.seat_of(len(self.calls))

    def last_bid(self) -> tuple[int, Call] | None:
        """The index and the call of the last bid, if any."""
        for index in range(len(self.calls) - 1, -1, -1):
            if self.calls[index].is_bid:
                return index, self.calls[index]
        return None

    @property
    def is_complete(self) -> bool:
        """Law 17E / 22: four passes to start, or three passes in turn after any call."""
        calls = self.calls
        if len(calls) == 4 and all(c.kind is CallKind.PASS for c in calls):
            return True
        return len(calls) >= 4 and all(c.kind is CallKind.PASS for c in calls[-3:])

    # -- what may be called ---------------------------------------------------------------------

    def check(self, call: Call, seat: Seat | None = None) -> None:
        """Raise AuctionError if ``call`` may not be made now by the player whose turn it is, or by
        ``seat`` (Law 19 from that seat: whose bid a double or redouble would be made over)."""
        if self.is_complete:
            raise AuctionError("39", f"{call} after the final pass: the auction is over (Law 17E)")
        last = self.last_bid()
        seat = self.next_seat if seat is None else seat
        if call.is_bid:
            assert call.level is not None
            if call.level > 7:
                raise AuctionError("38", f"{call} is a bid above seven, which may never be made (Law 38)")
            if last is not None and call.rank() <= last[1].rank():
                better = _lowest_sufficient(last[1], call.strain)
                raise AuctionError("18D", f"{call} after {last[1]} is insufficient: a bid must name more "
                                          f"tricks, or the same number in a higher strain (e.g. {better})")
        elif call.kind is CallKind.DOUBLE:
            if last is None or _same_side(self.seat_of(last[0]), seat):
                raise AuctionError("19A1", f"{seat} may double only the last bid, and only when an "
                                           f"opponent made it")
            if any(c.kind is not CallKind.PASS for c in self.calls[last[0] + 1:]):
                raise AuctionError("19A1", f"{seat} may not double: {last[1]} has already been doubled")
        elif call.kind is CallKind.REDOUBLE:
            after = self.calls[last[0] + 1:] if last else ()
            doubles = [i for i, c in enumerate(after) if c.kind is CallKind.DOUBLE]
            if last is None or not doubles or not _same_side(self.seat_of(last[0]), seat):
                raise AuctionError("19B1", f"{seat} may redouble only the last double, made by an "
                                           f"opponent of his own side's last bid")
            if any(c.kind is CallKind.REDOUBLE for c in after):
                raise AuctionError("19B1", f"{seat} may not redouble: {last[1]} has already been redoubled")

    def is_legal(self, call: Call | str, seat: Seat | None = None) -> bool:
        """Whether ``call`` may be made now by the player in turn (or by ``seat``, see :meth:`check`)."""
        try:
            self.check(Call.parse(call), seat)
        except AuctionError:
            return False
        return True

    def legal_calls(self) -> list[Call]:
        """Every call the next player may make, pass first, then double/redouble, then the bids."""
        if self.is_complete:
            return []
        candidates = [PASS, DOUBLE, REDOUBLE] + [Call.bid(level, strain) for level in range(1, 8) for strain in Strain]
        return [c for c in candidates if self.is_legal(c)]

    def add(self, call: Call | str) -> Auction:
        """The auction with one more call, made by the player whose turn it is."""
        parsed = Call.parse(call)
        self.check(parsed)
        result = Auction.__new__(Auction)
        object.__setattr__(result, "dealer", self.dealer)
        object.__setattr__(result, "calls", self.calls + (parsed,))
        return result

    # -- the result ----------------------------------------------------------------------------

    def final_contract(self) -> Contract:
        """Law 22B: the last bid becomes the contract, doubled or redoubled if that stood; the
        declarer is the player of the declaring side who first named its strain."""
        if not self.is_complete:
            raise AuctionError("22", "the auction is not over: it ends with three passes after a call, "
                                     "or four passes (Law 17E)")
        last = self.last_bid()
        if last is None:
            return Contract.passed_out()
        index, bid = last
        after = self.calls[index + 1:]
        doubling = Doubling.UNDOUBLED
        if any(c.kind is CallKind.REDOUBLE for c in after):
            doubling = Doubling.REDOUBLED
        elif any(c.kind is CallKind.DOUBLE for c in after):
            doubling = Doubling.DOUBLED
        side = self.seat_of(index)
        declarer = next(self.seat_of(i) for i, c in enumerate(self.calls)
                        if c.is_bid and c.strain is bid.strain and _same_side(self.seat_of(i), side))
        assert bid.level is not None
        return Contract(bid.level, bid.strain, doubling, declarer)

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.calls)


def _same_side(a: Seat, b: Seat) -> bool:
    return a.is_ns == b.is_ns


def _lowest_sufficient(last: Call, strain: Strain | None) -> Call:
    """The lowest bid in ``strain`` that would be sufficient over ``last`` (Law 27 uses it too)."""
    assert last.level is not None and last.strain is not None and strain is not None
    level = last.level if strain.value > last.strain.value else last.level + 1
    return Call.bid(level, strain)


def lowest_sufficient_bid(last: Call | str, strain: Strain | str) -> Call:
    """The lowest sufficient bid in ``strain`` after the bid ``last`` (a level above 7 is possible)."""
    return _lowest_sufficient(Call.parse(last), Strain.parse(strain))
