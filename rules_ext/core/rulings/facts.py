"""What the calls and cards of a case settle: the facts derived from the auction before the
irregularity, the calls made over it, the auction after it was rectified and the play so far,
named as the trees' questions name them. Legality is always the core's (:class:`Auction` for the
calls, :class:`PlayRecord` for the cards); :mod:`rules_ext.core.rulings.case` reads the file and
refuses an answer that contradicts these facts, naming the field and its line.

>>> a = Auction.parse(Seat.N, "1D Pass 1S")
>>> change_facts(a, Seat.W, Call.parse("1NT"), Call.parse("1H"))
{'first_legal': 'yes', 'substitute_legal': 'no'}
>>> later = Auction.parse(Seat.N, "1D Pass 1S 1NT Pass Pass 2H Pass Pass Pass")
>>> f = later_facts(a, Seat.W, Call.parse("2H"), later, ())
>>> f["suit_related"], f["named_later"], f["offender_defends"]
('yes', 'no', 'no')
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules_ext.core.auction import Auction, Call, CallKind, lowest_sufficient_bid
from rules_ext.core.cards import Card, Seat, Strain
from rules_ext.core.play import PlayRecord

#: the facts derived from the play rather than the auction
PLAY_FACTS = frozenset({"trick", "opening", "honour", "several", "role", "defender_turn", "declarer_turn"})

_CALL_TYPES = {CallKind.PASS: "pass", CallKind.BID: "bid", CallKind.DOUBLE: "double", CallKind.REDOUBLE: "redouble"}


def yes(flag: bool) -> str:
    return "yes" if flag else "no"


def auction_facts(auction: Auction, offender: Seat, call: Call) -> dict[str, str]:
    """What the auction so far settles about ``offender``'s ``call`` (names as the trees use them)."""
    seats = [auction.seat_of(i) for i in range(len(auction.calls))]
    facts = {"call_type": _CALL_TYPES[call.kind], "bid_before": yes(auction.last_bid() is not None),
             "offender_called_before": yes(offender in seats), "partner_called_before": yes(offender.partner in seats)}
    turn = auction.next_seat
    facts["in_turn"] = yes(turn is offender)
    if turn is not offender:
        facts["turn"] = {offender.rho: "rho", offender.partner: "partner", offender.lho: "lho"}[turn]
    last = auction.last_bid()
    if call.is_bid:
        insufficient = last is not None and call.rank() <= last[1].rank()
        facts["insufficient"] = yes(insufficient)
        if last is not None and insufficient:
            assert call.strain is not None
            lowest = lowest_sufficient_bid(last[1], call.strain)
            facts["lowest_same_strain"] = yes(lowest.level is not None and lowest.level <= 7)
        facts["above_seven"] = yes(call.level is not None and call.level > 7)
    if call.kind in (CallKind.DOUBLE, CallKind.REDOUBLE):   # Law 19 from the offender's seat
        facts["admissible"] = yes(auction.is_legal(call, offender))
    if auction.is_complete:
        declarer = auction.final_contract().declarer
        if declarer is not None:
            facts["defender"] = yes(offender not in (declarer, declarer.partner))
    return facts


def change_facts(auction: Auction, offender: Seat, first: Call | None, substitute: Call) -> dict[str, str]:
    """Law 25: whether the first call and the substituted call were legal where ``offender`` made
    them (the substitute replaces the first call at the same point of the auction)."""
    facts = {"substitute_legal": yes(auction.is_legal(substitute, offender))}
    if first is not None:
        facts = {"first_legal": yes(auction.is_legal(first, offender)), **facts}
    return facts


def over_facts(called_over: Sequence[Call]) -> dict[str, str]:
    """The calls made over the irregular call before attention was drawn to it (from the offender's
    left-hand opponent): any call means the left-hand opponent called, and so accepted it."""
    return {"lho_called": yes(bool(called_over)), "accepted": yes(bool(called_over))}


def related_suits(call: Call, given: Sequence[Strain]) -> tuple[Strain, ...]:
    """Law 26A: the suits a cancelled call relates to: those given (a conventional call), else the
    suit of a suit bid; none for a pass, a double, a redouble or a notrump bid."""
    if given:
        return tuple(given)
    if call.is_bid and call.strain is not None and call.strain.is_suit:
        return (call.strain,)
    return ()


def later_facts(before: Auction, offender: Seat, cancelled: Call, later: Auction,
                given_suits: Sequence[Strain]) -> dict[str, str]:
    """What the auction after the rectification (``later``: ``before`` and the calls made after the
    irregular call was cancelled) settles: whether the cancelled call relates to a suit and the
    offender later named it (Law 26A1), what the player in turn did first (31A: ``rho_action``),
    whether the offender's next call repeated the strain (31A2a), and, once it has ended, whether
    the offender's side defends (Law 26 applies "之后当其成为防家时")."""
    after = [(later.seat_of(i), c) for i, c in enumerate(later.calls) if i >= len(before.calls)]
    suits = related_suits(cancelled, given_suits)
    own = [c for seat, c in after if seat is offender]
    facts = {"suit_related": yes(bool(suits)),
             "named_later": yes(any(c.is_bid and c.strain in suits for c in own))}
    if after and after[0][0] is offender.rho:
        facts["rho_action"] = "pass" if after[0][1].kind is CallKind.PASS else "call"
    if own and cancelled.is_bid and not given_suits:
        facts["repeat_strain"] = yes(own[0].is_bid and own[0].strain is cancelled.strain)
    if later.is_complete:
        declarer = later.final_contract().declarer
        facts["offender_defends"] = yes(declarer is not None and offender not in (declarer, declarer.partner))
    return facts


def correction(before: Auction, insufficient: Call, first: Call) -> str:
    """Law 27B: what the offender's first call after his insufficient bid was not accepted makes of
    it: ``lowest_same_strain`` (the lowest sufficient bid in its strain), ``double`` (an attempted
    double or redouble) or ``other`` (any other sufficient bid or a pass)."""
    if first.kind in (CallKind.DOUBLE, CallKind.REDOUBLE):
        return "double"
    last = before.last_bid()
    if first.is_bid and last is not None and insufficient.strain is not None and first.strain is insufficient.strain:
        lowest = lowest_sufficient_bid(last[1], insufficient.strain)
        if first == lowest:
            return "lowest_same_strain"
    return "other"


def play_role(declarer: Seat, seat: Seat) -> str:
    """Whose hand ``seat`` is in the play: ``declarer``, ``dummy`` or ``defender``."""
    return "declarer" if seat is declarer else "dummy" if seat is declarer.partner else "defender"


@dataclass(frozen=True, slots=True)
class PlaySoFar:
    """The point of the play the irregular card came at: the trick it belongs to, who was to play,
    and the card led to that trick (None when the card was a lead)."""

    trick: int
    next_seat: Seat
    led: Card | None
    record: PlayRecord | None = None

    @classmethod
    def of(cls, record: PlayRecord) -> PlaySoFar:
        last = record.tricks[-1] if record.tricks else None
        if last is not None and not last.is_complete:
            return cls(len(record.tricks), record.next_seat, last.cards[0], record)
        return cls(len(record.tricks) + 1, record.next_seat, None, record)

    def holds(self, seat: Seat, card: Card) -> bool:
        """Whether ``seat`` still holds ``card`` (it was dealt to him and not played yet)."""
        assert self.record is not None
        return card in self.record.remaining(seat)

    def proper_leader(self, offender: Seat, declarer: Seat) -> str:
        """Who should have led, as the trees ask it: from a defender's side ``partner`` or
        ``declarer`` (declarer or dummy); from declarer's side ``defender`` or ``declarer``."""
        if play_role(declarer, offender) == "defender":
            return "partner" if self.next_seat is offender.partner else "declarer"
        return "defender" if play_role(declarer, self.next_seat) == "defender" else "declarer"


def revoke_problem(play: PlaySoFar, offender: Seat, card: Card) -> str:
    """Why ``card`` played by ``offender`` at this point is no revoke (Law 61A), or ``""``. A lead
    is not judged (a revoke may be a failure to lead a card or suit a penalty requires)."""
    if play.led is None or play.record is None:
        return ""
    if play.next_seat is not offender:
        return f"it is {play.next_seat}'s turn to play to trick {play.trick}, not {offender}'s"
    if card.suit is play.led.suit:
        return f"{card} follows the suit led ({play.led}): not a revoke"
    if not play.record.remaining(offender).suit(play.led.suit):
        return f"{offender} holds no {play.led.suit.symbol} any more ({play.led} led): {card} is not a revoke"
    return ""


def suit_list(suits: Sequence[Strain]) -> str:
    return "".join(s.symbol for s in suits)
