"""The results of a board as the file gives them: a ScoreTable row, or a game played at one table.

A result is a bye or a board not played, an artificial adjusted score (``A+``, ``A60-40``, a ``^``
percentage), or a played contract with declarer and tricks; its score is the file's or, when the
file lacks it, the core's. For one game per table the Auction (checked against the contract), the
Play and the Notes are read too.
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable
from operator import attrgetter, itemgetter
from sys import intern  # ids, tables and rounds repeat on every board: one string each
from typing import NotRequired, TypedDict

from rules_ext.core import Contract, ContractError, DealError, Seat
from rules_ext.events.fastbuild import builder
from rules_ext.events.model import Artificial, Board, TableResult, side_score, split_member_id
from rules_ext.events.pbn.auction_play import contract_mismatch, read_auction, read_notes, read_play
from rules_ext.events.pbn.checks import in_played_order, misplayed_cards
from rules_ext.events.pbn.context import RELATIVE_RESULT, UNKNOWN, ReadContext, known, section_line, tag_line
from rules_ext.events.pbn.lexer import Game

_BYE = frozenset({"Bye", "BYE", "bye"})
#: a director's penalty row (Ruter writes "Pen" in its contract and score cells)
_PEN = frozenset({"Pen", "PEN", "pen", "Penalty", "PENALTY", "penalty"})
_ARTIFICIAL_COLUMNS = ("Contract", "Score_NS", "Score_EW", "Score", "Result", "Percentage_NS")
_SEAT_LETTERS = {seat.name: seat for seat in Seat}


class _Seating(TypedDict):
    """The fields of a :class:`TableResult` that say where and by whom a board was played."""

    board: int
    ns: str
    ew: str
    table: str
    round: str
    room: NotRequired[str]
    section: NotRequired[str]
    member_ids: NotRequired[tuple[str, ...]]
    home: NotRequired[str]
    visit: NotRequired[str]
    lead: NotRequired[str]
    names_ns: str
    names_ew: str
    players: tuple[str, ...]
    line: int
    theirs: tuple[tuple[str, str], ...]


class _Sections(TypedDict, total=False):
    """The fields of a :class:`TableResult` read from a game's Auction, Play and Note tags."""

    auction: tuple[str, ...]
    auction_first: Seat
    auction_notes: tuple[tuple[int, int], ...]
    play: tuple[tuple[str, ...], ...]
    play_first: Seat | None
    notes: tuple[tuple[int, str], ...]


class RowLayout:
    """Where a ScoreTable's columns are: what :func:`table_results` reads from each row, fetched in
    one step: ``fetch`` and ``seat``, of a row padded with ``_DEFAULTS`` (a column the table lacks
    gives the default ``row.get`` would), every cell a result reads and who sat where (PairId_NS,
    PairId_EW, Table, Round); of a row as it is, ``seating`` every cell of those columns,
    ``percentage`` the Percentage_NS cell (None: the table has no such column) and ``rest`` every
    cell but those and the file's own matchpoints, percentages and IMPs (None in an individual's
    table, whose players say who sat where).

    What the rows of a file's tables of this layout repeat is read once: ``results``, a pair's
    row's result's fields but its board, line and seating (contract, declarer, tricks, NS score,
    the object of its rare fields, and its own figures when ``figures_in_rest``, else None), by
    the board's vulnerability and then the row's ``rest`` cells; ``seatings``, who sat where (ns,
    ew, table, round; () when a Bye sits there), by the ``seating`` cells; ``figures``, the file's
    own figures (:meth:`figures_of`), by their cells."""

    __slots__ = ("fetch", "figures", "figures_in_rest", "names", "percentage", "players", "rest", "results", "seat",
                 "seating", "seatings", "their_columns", "theirs")

    #: the columns a row result reads, each with its value when the table lacks it
    FIELDS = (("PairId_NS", ""), ("PairId_EW", ""), ("Table", "-"), ("Round", "-"), ("Lead", "-"),
              ("Names_NS", "-"), ("Names_EW", "-"), ("Contract", "?"), ("Declarer", "?"), ("Result", "?"),
              ("Score_NS", "-"), ("Score_EW", "-"), ("Score", "-"), ("Percentage_NS", ""), ("Section", "-"))
    _PLAYERS = tuple(f"PlayerId_{s}" for s in ("North", "East", "South", "West"))

    def __init__(self, names: tuple[str, ...], their_columns: list[str]) -> None:
        self.names = names
        index = {name: i for i, name in enumerate(names)}  # a repeated column: its last cell, as in a dict
        width = len(names)
        self.fetch = itemgetter(*(index.get(name, width + k) for k, (name, _) in enumerate(self.FIELDS)))
        self.players = (itemgetter(*(index.get(name, width + len(self.FIELDS)) for name in self._PLAYERS))
                        if "PlayerId_North" in index else None)
        self.their_columns = tuple(their_columns)
        self.theirs = _cells([index[c] for c in their_columns]) if their_columns else None
        seated = self.FIELDS[:4]  # PairId_NS, PairId_EW, Table, Round
        self.seat = itemgetter(*(index.get(name, width + k) for k, (name, _) in enumerate(seated)))
        at = [i for i, name in enumerate(names) if name in dict(seated)]
        figures = [i for i, name in enumerate(names) if name in their_columns and not name.startswith("Score")]
        self.seating = _cells(at)
        self.percentage = itemgetter(index["Percentage_NS"]) if "Percentage_NS" in index else None
        self.rest = None if self.players is not None else _cells(
            [i for i in range(width) if i not in at and i not in figures])
        #: the file's own figures are all among the ``rest`` cells (Score_NS, Score_EW): a result read
        #: once has them too
        self.figures_in_rest = not figures
        self.results: dict[object, dict[tuple[str, ...], tuple[object, ...]]] = {}
        self.seatings: dict[tuple[str, ...], tuple[str, ...]] = {}
        self.figures: dict[tuple[str, ...], tuple[tuple[str, str], ...]] = {}

    def figures_of(self, row: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
        """The file's own figures in a row: ``(column, cell)`` pairs of the cells that hold one; rows
        that give the same figures share one tuple (a file repeats them on every board)."""
        if self.theirs is None:
            return ()
        cells = self.theirs(row)
        figures = self.figures.get(cells)
        if figures is None:
            figures = self.figures[cells] = tuple((c, v) for c, v in zip(self.their_columns, cells)
                                                  if v not in ("-", "?", ""))
        return figures


def _cells(indices: list[int]) -> Callable[[tuple[str, ...]], tuple[str, ...]]:
    """A getter of a row's cells at ``indices``, as one tuple (with the first cell again at its end:
    an itemgetter of one index gives the cell itself); () for no index."""
    return itemgetter(*indices, indices[0]) if indices else _no_cells


def _no_cells(row: tuple[str, ...]) -> tuple[str, ...]:
    return ()


_DEFAULTS = tuple(default for _, default in RowLayout.FIELDS) + ("",)
_MARKS = frozenset("Aa^")
#: a cell that says nothing ('-', '?') is ''
_CELL = {"-": "", "?": ""}
_new_result = builder(TableResult)


#: the slots of a TableResult (fastbuild.compact), in order
_SLOTS = ("board", "ns", "ew", "contract", "declarer", "tricks", "score_ns", "table", "round", "theirs", "line")
if TableResult._kept != _SLOTS:  # type: ignore[attr-defined]
    raise TypeError(f"TableResult keeps {TableResult._kept}: table_results fills {_SLOTS}")  # type: ignore[attr-defined]
#: what a pair's TableResult keeps besides its board, line, who sat where and the file's figures, and the
#: object of its rare fields
_PLAYED_FIELDS = attrgetter("contract", "declarer", "tricks", "score_ns", "_rare")
#: a TableResult from its slots (_SLOTS, in order) and the object of its rare fields
_from_slots = TableResult._from_slots  # type: ignore[attr-defined]
_PLAIN = TableResult._plain_rare  # type: ignore[attr-defined]  # all the rare fields at their defaults


def table_results(rows: Iterable[tuple[str, ...]], lines: Iterable[int], board: Board, layout: RowLayout,
                  ctx: ReadContext) -> list[TableResult]:
    """The results of a ScoreTable's rows of cells, each with its line (a row that cannot be read
    gives none: a problem says why).

    A pair's row read without a problem is read once per table layout, vulnerability and cells
    other than who sat where and the file's own figures (``layout.rest``): what its result says
    besides its board, line, seating and those figures depends on nothing else (a file repeats its
    results endlessly), unless a Bye sits there or its Percentage_NS may mark an artificial score."""
    if layout.rest is None:  # an individual's table: who sat where is each row's players
        return [r for r in (_read_row(cells, line, board, layout, ctx) for cells, line in zip(rows, lines))
                if r is not None]
    number = board.number
    rest, seating_of, percentage, figures_of = layout.rest, layout.seating, layout.percentage, layout.figures_of
    seatings, known = layout.seatings, layout.results.setdefault(board.vulnerability, {})
    results = []
    for cells, line in zip(rows, lines):
        seating = seating_of(cells)
        seated = seatings.get(seating)
        if seated is None:  # who sat where, read once per distinct seating (a file repeats its tables' pairs)
            seated = seatings[seating] = _seated(*layout.seat(cells + _DEFAULTS)) if _BYE.isdisjoint(seating) else ()
        again = seated and (percentage is None or percentage(cells)[:1] not in _MARKS)
        if again:
            key = rest(cells)
            fields = known.get(key)
            if fields is not None:
                contract, declarer, tricks, score_ns, rare, theirs = fields
                ns, ew, table_id, round_ = seated
                results.append(_from_slots(number, ns, ew, contract, declarer, tricks, score_ns, table_id, round_,
                                           figures_of(cells) if theirs is None else theirs, line, rare))
                continue
        problems = len(ctx.problems)
        result = _read_row(cells, line, board, layout, ctx)
        if result is not None:
            results.append(result)
            if again and len(ctx.problems) == problems and not result.damaged:
                known[key] = (*_PLAYED_FIELDS(result), result.theirs if layout.figures_in_rest else None)
    return results


def _seated(pair_ns: str, pair_ew: str, table: str, round_: str) -> tuple[str, str, str, str]:
    """A pair's row's ns, ew, table and round from its cells (one string each for the whole file)."""
    return intern(pair_ns), intern(pair_ew), intern(_CELL.get(table, table)), intern(_CELL.get(round_, round_))


def _read_row(cells: tuple[str, ...], line: int, board: Board, layout: RowLayout,
              ctx: ReadContext) -> TableResult | None:
    number = board.number
    padded = cells + _DEFAULTS
    (pair_ns, pair_ew, table, round_, lead, names_ns, names_ew, contract_text, declarer_text, result_text,
     score_ns_text, score_ew_text, score_text, pct_ns, section) = layout.fetch(padded)
    players: tuple[str, ...]
    ns, ew, table, round_ = _seated(pair_ns, pair_ew, table, round_)
    if layout.players is not None:
        players = layout.players(padded)
        ns, ew = f"{players[0]}-{players[2]}", f"{players[1]}-{players[3]}"
    else:
        players = ()
    theirs = layout.figures_of(cells)
    lead, names_ns, names_ew = _CELL.get(lead, lead), _CELL.get(names_ns, names_ns), _CELL.get(names_ew, names_ew)
    section = intern(_CELL.get(section, section))
    if not _BYE.isdisjoint(cells):
        return _new_result(number, ns, ew, not_played=True, table=table, round=round_, section=section, lead=lead,
                           names_ns=names_ns, names_ew=names_ew, players=players, theirs=theirs, line=line)
    if not _PEN.isdisjoint(cells):  # a procedural penalty: points to a pair's total, no result of the board
        return _new_result(number, ns, ew, not_played=True, penalty=True, table=table, round=round_, section=section,
                           players=players, theirs=theirs, line=line)
    for cell, side in ((score_ns_text, "NS"), (score_ew_text, "EW"), (score_text, "NS")):
        if (">" in cell or "/" in cell) and cell[:1] not in _MARKS:  # 800>a, 800>A+, 800>-620: the table's result replaced; 60/40: a split
            replaced = _replaced(cell, side, dict(zip(layout.names, cells)), line, number, ctx)
            if replaced is None:
                return None
            score, artificial = replaced
            return _new_result(number, ns, ew, score_ns=score, artificial=artificial, table=table, round=round_,
                               section=section, lead=lead, names_ns=names_ns, names_ew=names_ew, players=players,
                               theirs=theirs, line=line)
    for cell in (contract_text, score_ns_text, score_ew_text, score_text, result_text, pct_ns):
        if cell and cell[0] in _MARKS:  # perhaps an artificial score: a quick look first, most rows are played
            artificial = _artificial(dict(zip(layout.names, cells)), line, number, ctx)
            if artificial is not None:
                return _new_result(number, ns, ew, artificial=artificial, table=table, round=round_,
                                   section=section, lead=lead, names_ns=names_ns, names_ew=names_ew,
                                   players=players, theirs=theirs, line=line)
            break
    contract_text = contract_text.strip()
    if contract_text in ("-", ""):
        return _new_result(number, ns, ew, not_played=True, table=table, round=round_, section=section, lead=lead,
                           names_ns=names_ns, names_ew=names_ew, players=players, theirs=theirs, line=line)
    key = (contract_text, declarer_text, result_text, score_ns_text, score_ew_text, score_text, board.vulnerability)
    played = ctx.played.get(key)
    if played is None:  # each distinct result once per vulnerability (the rows of a file repeat a few results)
        problems = len(ctx.problems)
        score_ns = _row_score(score_ns_text, score_ew_text, score_text, line, number, ctx)
        played = _played(board, contract_text, declarer_text, result_text, score_ns, line, ctx)
        if played is None:
            if score_ns is None or len(ctx.problems) == problems:
                return None  # nothing of the file's to keep: a problem says why
            return _damaged(board, cells, layout, ctx, problems, score_ns, contract_text, declarer_text, result_text,
                            ns, ew, table, round_, section, lead, names_ns, names_ew, players, theirs, line)
        if len(ctx.problems) == problems:
            ctx.played[key] = played
    contract, declarer, tricks, score_ns, computed = played
    if not (computed or lead or names_ns or names_ew or players or section):  # the usual row: rare fields at defaults
        return _from_slots(number, ns, ew, contract, declarer, tricks, score_ns, table, round_, theirs, line,
                           _PLAIN)
    return _new_result(number, ns, ew, contract, declarer, tricks, score_ns, computed, table=table, round=round_,
                       section=section, lead=lead, names_ns=names_ns, names_ew=names_ew, players=players, theirs=theirs,
                       line=line)


def _damaged(board: Board, cells: tuple[str, ...], layout: RowLayout, ctx: ReadContext, problems: int,
             score_ns: int, contract_text: str, declarer_text: str, result_text: str, ns: str, ew: str, table: str,
             round_: str,
             section: str, lead: str, names_ns: str, names_ew: str, players: tuple[str, ...],
             theirs: tuple[tuple[str, str], ...], line: int) -> TableResult:
    """A row with a cell that cannot be read (a contract typed ``42``) but with the program's own
    score: kept with that score and the row's own figures (its matchpoints, else IMPs, as the
    director's ``assigned`` ones), the cell named in one warning (``..., the file's score kept``)
    instead of a problem; its other cells are kept where they read."""
    found = ctx.problems[problems:]
    del ctx.problems[problems:]
    for p in found:
        ctx.warning(p.line, f"{p.problem}, the file's score kept")
    try:
        contract: Contract | None = ctx.contract(contract_text)
        damaged = declarer_text.strip()
    except ContractError:
        contract, damaged = None, contract_text
    declarer = _SEAT_LETTERS.get(declarer_text.strip())
    tricks = int(result_text) if result_text.strip().isdigit() and int(result_text) <= 13 else None
    row = dict(zip(layout.names, cells))
    assigned = None
    for unit in ("MP", "IMP"):
        figures = (_figure(row.get(f"{unit}_NS", "")), _figure(row.get(f"{unit}_EW", "")))
        if figures[0] is not None and figures[1] is not None:
            assigned = (figures[0], figures[1])
            break
    return _new_result(board.number, ns, ew, contract if contract is None or not contract.declarer else
                       Contract(contract.level, contract.strain, contract.doubling), declarer, tricks, score_ns,
                       table=table, round=round_, section=section, lead=lead, names_ns=names_ns, names_ew=names_ew,
                       players=players, theirs=theirs, assigned=assigned, damaged=damaged or contract_text, line=line)


def _artificial(row: dict[str, str], line: int, number: int, ctx: ReadContext) -> Artificial | None:
    """The artificial score of a row: a marker in a contract, score or result cell, or a ``^`` percentage."""
    for column in _ARTIFICIAL_COLUMNS:  # a quick look first: most rows are played results
        cell = row.get(column)
        if cell and cell[0] in "Aa^":
            break
    else:
        return None
    for column in ("Contract", "Score", "Result"):
        if row.get(column, "").strip().upper() == "A":  # BridgeWebs: an average, 50 % to each side
            return Artificial(row[column].strip(), 50.0, 50.0)
    row = {column: _ascii_signs(cell) for column, cell in row.items()}
    try:
        if Artificial.looks_like(row.get("Score_NS", "")) or Artificial.looks_like(row.get("Score_EW", "")):
            return Artificial.of_columns(row.get("Score_NS", ""), row.get("Score_EW", ""))  # each side its own
        for column in ("Contract", "Score", "Result"):
            cell = row.get(column, "")
            if Artificial.looks_like(cell):
                return Artificial.parse(cell, "NS")
    except ValueError as exc:
        ctx.problem(line, f"board {number}: {exc}")
        return None
    pct = row.get("Percentage_NS", "")
    if pct.startswith("^"):
        try:
            ns = float(pct[1:].replace(",", "."))
            other = row.get("Percentage_EW", "").lstrip("^").replace(",", ".")
            ew = float(other) if other not in ("", "-", "?") else 100.0 - ns
            return Artificial(pct, ns, ew)
        except ValueError:
            ctx.problem(line, f"board {number}: cannot read artificial percentage {pct!r}: expected e.g. ^60")
    return None


def _ascii_signs(cell: str) -> str:
    """A cell with the typographic minus and dash (``A−``, ``A–``) written as ``-``."""
    return cell.replace("\u2212", "-").replace("\u2013", "-") if cell[:1] in "Aa" else cell


def _replaced(cell: str, side: str, row: dict[str, str], line: int, number: int,
              ctx: ReadContext) -> tuple[int | None, Artificial | None] | None:
    """A score cell the director rewrote: ``800>a`` (the table's result replaced by an artificial
    score: the split the row's own percentages or figures give, read when the board is scored),
    ``800>A+`` / ``800>A60`` (replaced by that artificial score), ``800>-620`` (replaced by an
    assigned score, NS's as the column's side says), ``60/40`` (an artificial split, NS % / EW %).
    ``(score_ns, None)`` or ``(None, artificial)``; None when it cannot be read (a problem says why)."""
    text = cell.strip()
    after = text.split(">", 1)[1].strip() if ">" in text else text
    sign = 1 if side == "NS" else -1
    try:
        if ">" in text and re.fullmatch(r"[+-]?\d+", after):
            return sign * int(after), None
        if after.upper() == "A":  # the split the row's own figures show
            pcts = [_figure(row.get(f"Percentage_{s}", "")) for s in ("NS", "EW")]
            pct_ns, pct_ew = (pcts[0], pcts[1]) if pcts[0] is not None and pcts[1] is not None else (50.0, 50.0)
            return None, Artificial(text, pct_ns, pct_ew)
        artificial = Artificial.parse(after, side)
        return None, Artificial(text, artificial.pct_ns, artificial.pct_ew)
    except (ValueError, IndexError):
        ctx.problem(line, f"board {number}: cannot read score {text!r}: expected a score, e.g. 420, or a "
                          f"replaced one, e.g. 800>a, 800>A+, 800>-620, or a split, e.g. 60/40")
        return None


def _figure(text: str) -> float | None:
    t = text.strip().lstrip("^").replace(",", ".")
    return float(t) if re.fullmatch(r"[+-]?\d+(?:\.\d+)?", t) else None


def _row_score(score_ns: str, score_ew: str, score: str, line: int, number: int, ctx: ReadContext) -> int | None:
    """North-South's score from the row's Score_NS, Score_EW or Score cell (None if none is given).

    Both Score_NS and Score_EW filled is a problem unless they say the same (``420`` and ``-420``)."""
    scores: dict[str, int] = {}
    for column, cell, sign in (("Score_NS", score_ns, 1), ("Score_EW", score_ew, -1), ("Score", score, 1)):
        cell = cell.strip()
        if cell in ("-", "?", ""):
            continue
        try:
            scores[column] = ctx.side_score(cell, column, sign)
        except ValueError:
            ctx.problem(line, f"board {number}: cannot read {column} {cell!r}: expected a score, e.g. 420, -50")
            return None
    if "Score_NS" in scores and "Score_EW" in scores and scores["Score_NS"] != scores["Score_EW"]:
        ctx.problem(line, f"board {number}: both Score_NS {score_ns} and Score_EW {score_ew} are "
                          f"filled: expected one of them, the other '-'")
        return None
    return next(iter(scores.values()), None)


def _played(board: Board, contract_text: str, declarer_text: str, result_text: str, score_ns: int | None,
            line: int, ctx: ReadContext) -> tuple[Contract | None, Seat | None, int | None, int | None, bool] | None:
    """A played result: ``(contract, declarer, tricks, score_ns, computed)``; the core scores it
    when the file does not (``computed``). None when it cannot be read (a problem says why)."""
    number = board.number
    if contract_text in UNKNOWN:
        return None, None, None, score_ns, False
    if contract_text.upper() == "PO":  # BridgeWebs: passed out
        contract_text = "Pass"
    try:
        contract = ctx.contract(contract_text)
    except ContractError as exc:
        ctx.problem(line, f"board {number}: {exc}")
        return None
    declarer: Seat | None = contract.declarer
    declarer_text = declarer_text.strip()
    if declarer_text not in ("", "?", "-"):
        try:
            declarer = _SEAT_LETTERS.get(declarer_text) or Seat.parse(declarer_text)
        except DealError as exc:
            ctx.problem(line, f"board {number}: {exc}")
            return None
    if contract.declarer is not None:
        contract = Contract(contract.level, contract.strain, contract.doubling)
    tricks: int | None = None
    result_text = result_text.strip()
    if contract.is_passed_out:
        tricks = None
    elif result_text.isdigit() and result_text.isascii():  # the usual case first: tricks taken
        tricks = int(result_text)
    elif RELATIVE_RESULT.match(result_text):
        tricks = contract.tricks_needed + (0 if result_text == "=" else int(result_text))
    elif result_text not in ("", "?", "-"):
        ctx.problem(line, f"board {number}: cannot read result {result_text!r}: expected the tricks "
                    f"taken by declarer, 0..13 (or =, +1, -2)")
        return None
    if tricks is not None and not 0 <= tricks <= 13:
        ctx.problem(line, f"board {number}: a result of {tricks} tricks is impossible: expected 0..13")
        return None
    computed = False
    vulnerability = board.vulnerability
    if score_ns is not None and declarer is not None and tricks is not None and vulnerability is not None:
        expected = ctx.ns_score(contract, declarer, tricks, vulnerability)
        if score_ns != expected:
            ctx.problem(line, f"board {number}: a score of {score_ns} for NS is not what {contract} by "
                              f"{declarer.name} taking {tricks} tricks scores (vulnerable: "
                              f"{vulnerability.value}): expected {expected}")
    elif score_ns is None:
        if contract.is_passed_out:
            score_ns, computed = 0, True
        elif declarer is not None and tricks is not None and vulnerability is not None:
            score_ns, computed = ctx.ns_score(contract, declarer, tricks, vulnerability), True
    return contract, declarer, tricks, score_ns, computed


def game_result(game: Game, values: dict[str, str], board: Board, ctx: ReadContext) -> TableResult | None:
    """The result of a game played at one table, with its auction, play and notes."""
    result = _game_score(game, values, board, ctx)
    if result is None:
        return None
    sections: _Sections = {}
    auction_tag = game.tag("Auction")
    if auction_tag is not None and auction_tag.value not in UNKNOWN:
        auction, problems = read_auction(auction_tag.value, auction_tag.section)
        for offset, message in problems:
            ctx.problem(section_line(auction_tag, offset), f"board {board.number}: {message}")
        mismatch = contract_mismatch(auction, result.contract, result.declarer) if auction is not None else None
        lead = _SEAT_LETTERS.get(values.get("Play", "").strip().upper()[:1])
        if mismatch and auction is not None and _lead_agrees(auction.contract, result.contract, result.declarer, lead):
            ctx.warning(auction_tag.line or game.line, f"board {board.number}: {mismatch}: the Play's opening "
                        f"lead, from {lead.name if lead else ''}, agrees with the game: kept {result.contract} by "
                        f"{result.declarer.name if result.declarer else ''}, the Auction left out")
        elif auction is not None:
            sections["auction"], sections["auction_first"] = auction.calls, auction.first
            sections["auction_notes"] = auction.notes
            if mismatch:
                ctx.problem(auction_tag.line or game.line, f"board {board.number}: {mismatch}")
    play_tag = game.tag("Play")
    if play_tag is not None and play_tag.value not in UNKNOWN:
        first, tricks, problems = read_play(play_tag.value, play_tag.section)
        for offset, message in problems:
            ctx.problem(section_line(play_tag, offset), f"board {board.number}: {message}")
        if first is not None and board.deal is not None:
            misplayed = misplayed_cards(board.number, board.deal, first, tricks)
            by_seat = in_played_order(board.deal, first, tricks) if misplayed else None
            if by_seat is not None:  # one note for the game, not one problem for each card
                moved = sum(1 for old, new in zip(tricks, by_seat) if tuple(old) != tuple(new))
                tricks = tuple(tuple(trick) for trick in by_seat)
                ctx.warning(play_tag.line or game.line, f"board {board.number}: {moved} of the Play's tricks are written "
                            f"from another seat than {first.name} (in the order played, not by seat): read by who "
                            f"holds each card")
            else:
                for message in misplayed:
                    ctx.problem(play_tag.line or game.line, message)
        sections["play"], sections["play_first"] = tricks, first
    notes = [t.value for t in game.tags if t.name == "Note"]
    if notes:
        sections["notes"] = read_notes(notes)
    return dataclasses.replace(result, **sections) if sections else result


def _lead_agrees(final: Contract | None, contract: Contract | None, declarer: Seat | None, lead: Seat | None) -> bool:
    """Whether an auction that ends in the game's contract by another declarer was written from a
    wrong seat: the contract is the same and the Play's opening lead is from the game's declarer's
    left (the Contract, Declarer and Play agree; the Auction alone does not)."""
    return (final is not None and contract is not None and declarer is not None and final.declarer is not None
            and (final.level, final.strain, final.doubling) == (contract.level, contract.strain, contract.doubling)
            and lead is declarer.lho)


def _game_score(game: Game, values: dict[str, str], board: Board, ctx: ReadContext) -> TableResult | None:
    """The result of a game from its Contract, Declarer, Result and Score tags (None without any)."""
    contract_text = values.get("Contract", "?").strip()
    room = known(values.get("Room", ""))
    if contract_text in UNKNOWN and not room:
        return None
    players, member_ids = zip(*(split_member_id(known(values.get(s, ""))) for s in ("North", "East", "South", "West")))
    home, visit = known(values.get("HomeTeam", "")), known(values.get("VisitTeam", ""))
    if room:
        closed = room.lower().startswith("c")
        ns, ew = (visit, home) if closed else (home, visit)
    elif home and visit:  # which room this is, pbn.teams.seat_teams tells from who sits North-South
        ns, ew = home, visit
    else:
        ns = known(values.get("PairNS", "")) or f"{players[0]} - {players[2]}"
        ew = known(values.get("PairEW", "")) or f"{players[1]} - {players[3]}"
    line = tag_line(game, "Contract")
    score_ns: int | None = None
    score_text = values.get("Score", "").strip()
    if score_text not in UNKNOWN:
        try:
            score_ns = side_score(score_text)
        except ValueError as exc:
            ctx.problem(tag_line(game, "Score"), f"board {board.number}: {exc}")
    theirs = [("Score_NS", str(score_ns))] if score_ns is not None else []
    for tag in ("ScoreIMP", "ScoreMP", "ScorePercentage"):
        if values.get(tag, "") not in UNKNOWN:
            theirs.append((tag, values[tag]))
    seating: _Seating = {
        "board": board.number, "ns": ns, "ew": ew, "table": known(values.get("Table", "")),
        "round": known(values.get("Round", "")), "room": room, "section": known(values.get("Section", "")),
        "players": players, "line": line,
        "member_ids": member_ids if any(member_ids) else (), "home": home, "visit": visit,
        "names_ns": f"{players[0]} - {players[2]}" if any(players) else "",
        "names_ew": f"{players[1]} - {players[3]}" if any(players) else "", "theirs": tuple(theirs)}
    if contract_text in ("-",) or (contract_text in UNKNOWN and score_ns is None):
        return TableResult(not_played=True, **seating)
    if Artificial.looks_like(contract_text):
        try:
            return TableResult(artificial=Artificial.parse(contract_text), **seating)
        except ValueError as exc:
            ctx.problem(line, f"board {board.number}: {exc}")
            return None
    played = _played(board, contract_text, values.get("Declarer", "?"), values.get("Result", "?"), score_ns, line,
                     ctx)
    if played is None:
        return None
    contract, declarer, tricks, score_ns, computed = played
    return TableResult(contract=contract, declarer=declarer, tricks=tricks, score_ns=score_ns,
                       score_computed=computed, **seating)
