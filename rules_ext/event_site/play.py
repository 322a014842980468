"""The board as it happened at one table, and how often each result came up: what a board page
shows beside the traveller.

- :func:`auction_of`: the calls of a result's Auction section as a grid West, North, East, South
  (the printed auction's order: :func:`rules_ext.pdf.diagram.auction_table`), each call in the
  sheets' words, a note's number on the call it explains and the notes below.
- :func:`play_of`: the Play section trick by trick, each card under its player, the card led and
  the card that won marked (the core's :func:`~rules_ext.core.play.trick_winner`), the tricks
  each side has taken so far, checked card by card against the deal by the core's
  :class:`~rules_ext.core.play.PlayRecord`; a play that does not fit the deal is not shown. What
  a script needs to step through it (``steps``: each trick's leader, cards and winner) rides along.
- :func:`frequencies`: the results of a board grouped by North-South's score, how many tables
  reached each, and the figures that score earned.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from markupsafe import Markup

from rules_ext.core import Card, Contract, Deal, Seat, Strain
from rules_ext.core.play import PlayError, PlayRecord, trick_winner
from rules_ext.errors import RulesError
from rules_ext.events.model import TableResult
from rules_ext.events.scoring.results_model import BoardResults, ScoredResult
from rules_ext.pdf.diagram import _call_markup
from rules_ext.pdf.layout import PrintOptions, card_markup

__all__ = ["AuctionGrid", "PlayedTricks", "auction_of", "frequencies", "play_of"]

#: the columns of an auction and of a trick table: West, North, East, South (as printed)
COLUMNS = (Seat.W, Seat.N, Seat.E, Seat.S)


@dataclass(frozen=True, slots=True)
class AuctionGrid:
    """``rows`` of four cells (West to South), each ``(markup of the call, note number or 0)`` or
    None before the dealer's first call; ``notes``: (number, text) of the notes the calls refer to."""

    rows: tuple[tuple[tuple[Markup, int] | None, ...], ...]
    notes: tuple[tuple[int, str], ...]


def auction_of(r: TableResult, options: PrintOptions, html: Callable[[str], Markup]) -> AuctionGrid | None:
    """The auction of result ``r`` as a grid, None when the file has none (or its first seat is
    unknown). ``html`` turns the sheets' markup into HTML."""
    if not r.auction or r.auction_first is None:
        return None
    noted = dict(r.auction_notes)  # call index -> note number
    cells: list[tuple[Markup, int] | None] = [None] * COLUMNS.index(r.auction_first)
    for i, call in enumerate(r.auction):
        try:
            text = html(_call_markup(call, options))
        except RulesError:  # the reader has reported it; shown as the file writes it
            text = Markup.escape(call)
        cells.append((text, noted.get(i, 0)))
    cells += [None] * (-len(cells) % 4)
    rows = tuple(tuple(cells[i:i + 4]) for i in range(0, len(cells), 4))
    used = set(noted.values())
    return AuctionGrid(rows, tuple((n, text) for n, text in r.notes if n in used))


@dataclass(frozen=True, slots=True)
class PlayedTricks:
    """``rows``: each trick's cards by column (West to South, ``(markup, led, won)`` or None for a
    card not known) with the tricks declarer's side and the defenders have taken after it;
    ``lead``: the opening lead (markup); ``claimed``: tricks not played out (a claim or a record
    cut short); ``steps``: the play for a step-through, ``leader:card,card,card,card:winner`` per
    trick separated by ``;`` (cards from the leader on, as PBN writes them: ``W:S9,ST,SQ,SA:E``)."""

    rows: tuple[tuple[tuple[tuple[Markup, bool, bool] | None, ...], int, int], ...]
    lead: Markup
    claimed: int
    steps: str


def play_of(r: TableResult, deal: Deal | None, html: Callable[[str], Markup]) -> PlayedTricks | None:
    """The play of result ``r`` trick by trick, None when the file has none, the deal is not known
    whole, or the cards do not fit the deal and the contract (the reader reports that)."""
    if not r.play or r.play_first is None or deal is None or not deal.is_complete:
        return None
    contract = r.contract
    if contract is None or contract.is_passed_out or contract.strain is None or r.declarer is None:
        return None
    trump: Strain = contract.strain
    contract = replace(contract, declarer=r.declarer)
    if r.play_first is not r.declarer.lho:
        return None
    tricks: list[tuple[Seat, tuple[Card, ...]]] = []
    leader = r.play_first
    played: list[Card] = []
    for written in r.play:
        by_seat: dict[Seat, str] = {Seat((r.play_first.value + i) % 4): card for i, card in enumerate(written)}
        order = [Seat((leader.value + i) % 4) for i in range(4)]
        texts = [by_seat.get(seat, "-") for seat in order]
        if any(t in ("-", "") for t in texts):
            break  # a claim: the rest of the play is not recorded
        try:
            cards = tuple(Card.parse(t) for t in texts)
        except RulesError:
            return None
        tricks.append((leader, cards))
        played.extend(cards)
        leader = trick_winner(leader, cards, trump)
    try:
        PlayRecord(deal, contract, tuple(played))  # every card held and suit followed (Laws 44B, 44C)
    except PlayError:
        return None
    rows = []
    steps = []
    ours = theirs = 0
    for leader, cards in tricks:
        winner = trick_winner(leader, cards, trump)
        if winner.is_ns == r.declarer.is_ns:
            ours += 1
        else:
            theirs += 1
        by_seat_card = {Seat((leader.value + i) % 4): card for i, card in enumerate(cards)}
        rows.append((tuple((html(card_markup(_pbn(by_seat_card[seat]))), seat is leader, seat is winner)
                           for seat in COLUMNS), ours, theirs))
        steps.append(f"{leader.name}:{','.join(_pbn(c) for c in cards)}:{winner.name}")
    if not rows:
        return None
    lead = html(card_markup(_pbn(tricks[0][1][0])))
    return PlayedTricks(tuple(rows), lead, 13 - len(rows), ";".join(steps))


def _pbn(card: Card) -> str:
    """A card as PBN writes it: suit then rank (``ST``, ``HA``)."""
    return f"{card.suit.name}{card.rank_char}"


def opening_lead(r: TableResult, deal: Deal | None, html: Callable[[str], Markup]) -> Markup:
    """The opening lead of ``r``: the file's Lead, else the first card of its play ('' for none)."""
    if r.lead:
        return html(card_markup(r.lead))
    if r.play and r.play[0] and r.play[0][0] not in ("-", ""):
        return html(card_markup(r.play[0][0]))
    return Markup("")


@dataclass(frozen=True, slots=True)
class Frequency:
    """One North-South score of a board: how many tables reached it, the results that made it
    (each once, in the order first reached) and the figures (as the traveller prints them)."""

    score_ns: int
    tables: int
    results: tuple[TableResult, ...]
    line: ScoredResult


def frequencies(board: BoardResults) -> list[Frequency]:
    """The board's played results grouped by North-South's score, best for North-South first
    (an artificial or weighted score, a sit-out or a board not played is no table's score)."""
    groups: dict[int, list[ScoredResult]] = {}
    for line in board.lines:
        if line.result.scored and line.score_ns is not None:
            groups.setdefault(line.score_ns, []).append(line)
    out = []
    for score, lines in sorted(groups.items(), key=lambda kv: -kv[0]):
        seen: dict[tuple[object, ...], TableResult] = {}
        for line in lines:
            r = line.result
            seen.setdefault((_contract_key(r.contract), r.declarer, r.tricks), r)
        out.append(Frequency(score, len(lines), tuple(seen.values()), lines[0]))
    return out


def _contract_key(contract: Contract | None) -> tuple[object, ...]:
    if contract is None:
        return ()
    return (contract.level, contract.strain, contract.doubling)

