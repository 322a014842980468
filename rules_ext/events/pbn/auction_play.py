"""Auction and Play sections: the calls (checked by the core's ``Auction``), notes, played cards.

An Auction section lists calls from the seat in the tag value (normally the dealer), four to a
line in export format; ``=n=`` refers to ``[Note "n:..."]``, ``!`` / ``?`` suffixes and ``$n``
annotations are commentary, ``AP`` means "all pass" to the end and ``*`` ends the section. A Play
section has one line per trick, the cards in the order of the players from the seat in the tag
value (the opening leader), ``-`` for a card not known and ``*`` at the end.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from rules_ext.core import Auction, AuctionError, Call, Card, Contract, DealError, Seat
from rules_ext.events.pbn.tables import TableError, row_values

_NOTE_REF = re.compile(r"^=(\d+)=$")
_NAG = re.compile(r"^\$\d+$")
_NOTE = re.compile(r"^\s*(\d+)\s*:(.*)$", re.DOTALL)


@dataclass(frozen=True, slots=True)
class AuctionSection:
    """The calls of an Auction section in export spelling (``Pass``, ``X``, ``XX``, ``1S``, ``3NT``),
    from ``first`` (the seat in the tag value); ``notes``: (call index, note number) for each
    ``=n=``; ``contract``: the final contract with its declarer when the calls are legal and the
    auction is over, else None."""

    first: Seat
    calls: tuple[str, ...]
    notes: tuple[tuple[int, int], ...] = ()
    contract: Contract | None = None


def read_notes(values: list[str]) -> tuple[tuple[int, str], ...]:
    """``[Note "1:text"]`` values as (number, text); a value without a number gets 0."""
    notes = []
    for value in values:
        match = _NOTE.match(value)
        notes.append((int(match[1]), match[2].strip()) if match else (0, value.strip()))
    return tuple(notes)


def _tokens(lines: tuple[str, ...]) -> list[tuple[int, str]]:
    """(line offset, token) of the section, comments and strings left out, up to a '*'."""
    out: list[tuple[int, str]] = []
    for offset, line in enumerate(lines):
        try:
            words = row_values(line)
        except TableError:
            words = tuple(line.split())
        for word in words:
            if word == "*":
                return out
            out.append((offset, word))
    return out


def read_auction(first_text: str, lines: tuple[str, ...]) -> tuple[AuctionSection | None, list[tuple[int, str]]]:
    """Read and check an Auction section; return it and (line offset, problem) pairs."""
    try:
        first = Seat.parse(first_text)
    except DealError as exc:
        return None, [(-1, f"[Auction \"{first_text}\"]: {exc}")]
    calls: list[Call] = []
    notes: list[tuple[int, int]] = []
    problems: list[tuple[int, str]] = []
    all_pass = False
    for offset, word in _tokens(lines):
        if (ref := _NOTE_REF.match(word)) is not None:
            notes.append((len(calls) - 1, int(ref[1])))
            continue
        if _NAG.match(word) or word in ("+", "-"):
            continue
        if word.upper() == "AP":
            all_pass = True
            break
        try:
            calls.append(Call.parse(word.rstrip("!?")))
        except AuctionError as exc:
            problems.append((offset, f"cannot read call {word!r} in the Auction: expected e.g. 1S, 3NT, Pass, "
                                     f"X, XX, AP ({exc})"))
            return AuctionSection(first, tuple(str(c) for c in calls), tuple(notes)), problems
    auction = Auction(first)
    for index, call in enumerate(calls):
        try:
            auction = auction.add(call)
        except AuctionError as exc:
            problems.append((_offset_of(lines, index), f"Auction call {index + 1} ({call}) by "
                                                       f"{auction.next_seat.name}: {exc}"))
            return AuctionSection(first, tuple(str(c) for c in calls), tuple(notes)), problems
    while all_pass and not auction.is_complete:
        auction = auction.add("Pass")
    contract = auction.final_contract() if auction.is_complete else None
    return AuctionSection(first, tuple(str(c) for c in auction.calls), tuple(notes), contract), problems


def _offset_of(lines: tuple[str, ...], call_index: int) -> int:
    """The section line holding call number ``call_index`` (counting calls only)."""
    seen = -1
    for offset, word in _tokens(lines):
        if not (_NOTE_REF.match(word) or _NAG.match(word) or word in ("+", "-")):
            seen += 1
            if seen == call_index:
                return offset
    return 0


def read_play(first_text: str, lines: tuple[str, ...]
              ) -> tuple[Seat | None, tuple[tuple[str, ...], ...], list[tuple[int, str]]]:
    """Read a Play section: the leader's seat, each trick's cards by column (from that seat), problems."""
    try:
        first = Seat.parse(first_text)
    except DealError as exc:
        return None, (), [(-1, f"[Play \"{first_text}\"]: {exc}")]
    tricks: list[tuple[str, ...]] = []
    problems: list[tuple[int, str]] = []
    current: dict[int, list[str]] = {}
    for offset, word in _tokens(lines):
        if _NOTE_REF.match(word) or _NAG.match(word) or word == "+":
            continue
        if word != "-":
            try:
                word = str(Card.parse(word.rstrip("!?")))
            except DealError as exc:
                problems.append((offset, f"cannot read card {word!r} in the Play section: {exc}"))
                continue
        current.setdefault(offset, []).append(word)
    for offset in sorted(current):
        cards = current[offset]
        if len(cards) > 4:
            problems.append((offset, f"a trick of {len(cards)} cards in the Play section "
                                     f"({' '.join(cards)}): expected four, one per player"))
            continue
        tricks.append(tuple(cards))
    return first, tuple(tricks), problems


def contract_mismatch(auction: AuctionSection, contract: Contract | None, declarer: Seat | None) -> str | None:
    """A message when a finished auction does not end in the contract and declarer the game gives."""
    final = auction.contract
    if final is None or contract is None:
        return None
    same = (final.level, final.strain, final.doubling) == (contract.level, contract.strain, contract.doubling)
    if same and (final.is_passed_out or declarer is None or final.declarer is declarer):
        return None
    said = str(contract) + (f" by {declarer.name}" if declarer else "")
    ended = f"{final} by {final.declarer.name}" if final.declarer is not None else "passed out"
    return f"the Auction ends {ended}, but the game says {said}"
