"""Travellers: blank ones to take to the tables, filled ones with the board's scored results, and
match travellers of a teams event.

A blank traveller shows the board, dealer and vulnerability and one row for each time the movement
plays the board (labelled by round, or by table when a round plays it at several tables, and with
the pairs the file seats there; a phantom or a sit-out said so), with room to write contract, by,
lead, tricks, score and matchpoints. A filled one lists each result (from ``compute_results``)
with its score, matchpoints or IMPs and percentage, optionally under the hand diagram; a teams
event prints each board's matches with both rooms side by side and the IMPs each way. A traveller
is kept on one page when it fits one; a longer one continues under "第5牌（续）Board 5 (cont.)".
Figures that differ from the file's own are marked (see :class:`rules_ext.pdf.sheets.Marks`).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from html import escape
from pathlib import Path

from reportlab.platypus import Flowable, Paragraph

from rules_ext.core import Vulnerability
from rules_ext.errors import RulesError
from rules_ext.events.model import Board, Event, EventKind, TableResult, id_key
from rules_ext.events.scoring.conventions import scoring_rules
from rules_ext.events.scoring.results import compute_results
from rules_ext.events.scoring.results_model import BoardResults, EventResults, ScoredResult
from rules_ext.events.scoring.teams import match_rooms
from rules_ext.pdf.basis import blank_basis, board_basis, butler_trim, datum_text, event_basis
from rules_ext.pdf.diagram import HandDiagram
from rules_ext.pdf.layout import (
    Cell,
    PageHeader,
    PrintOptions,
    Progress,
    StyleCommand,
    Styles,
    build_document,
    card_markup,
    frame_size,
)
from rules_ext.pdf.sheets import (
    DAGGER,
    Column,
    Marks,
    Titled,
    continued,
    file_places,
    fit,
    free_text,
    grid,
    header_row,
    label_cell,
    lead_in,
    phantoms_of,
    result_cells,
    seat_holder,
    write_row_height,
)


def board_title(board: Board, options: PrintOptions, styles: Styles) -> Paragraph:
    dealer = options.seat(board.dealer) if board.dealer else "?"
    vulnerability = options.vulnerability(board.vulnerability or Vulnerability.NONE)
    text = (f'<font size="{styles.heading.fontSize + 2}">{escape(board_label(board.number, options))}</font>'
            f'&nbsp;&nbsp;&nbsp;{options.labelled("dealer", dealer)}'
            f'&nbsp;&nbsp;&nbsp;{options.labelled("vul", vulnerability)}')
    return styles.para(text, "heading")


def board_label(number: int, options: PrintOptions) -> str:
    """``牌号 Board 5``, ``牌号 5`` or ``Board 5``."""
    return f"{options.label('board')} {number}"


def board_continued(board: Board, options: PrintOptions, styles: Styles) -> Paragraph:
    zh, en = (f"第{board.number}牌", f"Board {board.number}")
    return styles.para(escape(continued(zh, en, options)), "small")


# -------------------------------------------------------------------------------- rows of a board

def row_labels(results: Sequence[TableResult]) -> tuple[str, list[str]] | None:
    """What tells a board's results apart, as the movement has it: ('round', [...]) when each was
    played in its own round, ('table', [...]) when a round played it at several tables,
    ('section_table', ['N-4', ...]) when tables of the same number in several sections played it;
    None when the file gives none of them."""
    for key in ("round", "table", "section_table"):
        values = [row_label(r, key) for r in results]
        if values and all(values) and len(set(values)) == len(values):
            return key, values
    return None


def row_label(result: TableResult, key: str) -> str:
    """The label of a result's row under ``key`` (see :func:`row_labels`): its round, its table, or
    its section and table (``N-4``; '' when the file names no section or no table)."""
    if key == "section_table":
        return f"{result.section}-{result.table}" if result.section and result.table else ""
    return str(getattr(result, key))


#: the points a blank traveller's title and header row take above its rows (with a margin)
_BLANK_ABOVE = 64


def blank_traveller(board: Board, rows: int | None, options: PrintOptions, styles: Styles,
                    width: float, page_height: float, phantoms: frozenset[str] = frozenset(),
                    method: str = "matchpoints") -> Flowable:
    """A blank traveller for ``board``: one row for each time the file's movement plays it, its
    pairs (or players) filled in and labelled by round or table when the file says; else ``rows``
    numbered rows. Matchpoint columns, or IMP columns when ``method`` is not matchpoints."""
    key: str | None = None
    if rows is None and board.results:
        labelled = row_labels(board.results)
        key = labelled[0] if labelled else None
        seated = sorted(board.results, key=lambda r: (r.section, id_key(r.table)) if key == "section_table"
                        else id_key(row_label(r, key) if key else r.ns))
        lines = [(row_label(r, key) if key else "", seat_holder(r.ns, options, phantoms),
                  seat_holder(r.ew, options, phantoms)) for r in seated]
    else:
        key = "round"
        lines = [(str(i + 1), "", "") for i in range(rows or 10)]
    figures = ("mp_ns", "mp_ew") if method == "matchpoints" else ("imp_ns", "imp_ew")
    columns = ((key,) if key else ()) + ("ns_pair", "ew_pair", "contract", "by", "lead", "tricks", "score_ns",
                                         "score_ew") + figures + ("notes",)
    shares = ((0.065,) if key else ()) + (0.07, 0.07, 0.085, 0.055, 0.065, 0.06, 0.085, 0.085, 0.1, 0.1, 0.11)
    widths = [s * width / sum(shares) for s in shares]
    data: list[list[Cell]] = [header_row(columns, widths, options, styles)]
    first = 1 if key else 0
    for label, ns, ew in lines:
        data.append(([fit(label, widths[0], styles, plain=False)] if key else [])
                    + [fit(ns, widths[first], styles, lines=1, plain=False),
                       fit(ew, widths[first + 1], styles, lines=1, plain=False)]
                    + [""] * (len(columns) - 2 - first))
    row_h = write_row_height(len(lines), page_height, most=19, least=15, above=_BLANK_ABOVE)
    table = grid(data, widths, styles, row_heights=[None] + [row_h] * (len(data) - 1))
    return Titled([board_title(board, options, styles)], table, [board_continued(board, options, styles)],
                  page_height, space_before=6)


def filled_columns(method: str, key: str | None = None, lead: bool = True) -> tuple[str, ...]:
    """The columns of a filled traveller for a scoring method (``key``: round or table first;
    ``lead``: whether the file records the opening leads)."""
    figures = ("mp_ns", "mp_ew", "pct") if method == "matchpoints" else ("imp_ns",)
    return ((key,) if key else ()) + ("ns_pair", "ew_pair", "contract", "by") + (("lead",) if lead else ()) \
        + ("tricks", "score_ns", "score_ew") + figures


def _figure(marks: Marks | None, board: int, r: TableResult, figure: str, side: str, text: str,
            styles: Styles) -> Cell:
    if marks is None or not text:
        return text
    markup = marks.line(board, r, figure, side, text)
    return text if DAGGER not in markup else styles.para(markup, "cell_center")


class Formats:
    """What the sheets of one document share: the number format of each figure column (the file's
    precision, else what the figures need: matchpoints, percentages, IMPs) and the phantom pairs."""

    def __init__(self, event: Event | None, boards: Iterable[BoardResults]) -> None:
        lines = [line for b in boards for line in b.lines]
        self.phantoms = phantoms_of(event) if event is not None else frozenset()
        self.leads = any(line.result.lead for line in lines)
        self._headers: dict[tuple[tuple[str, ...], tuple[float, ...]], list[Cell]] = {}
        places = (lambda kind: file_places(event, kind)) if event is not None else (lambda kind: None)
        self.mp = Column.of([v for ln in lines for v in (ln.mp_ns, ln.mp_ew)], places("mp"))
        pct_places = places("pct")
        self.pct = Column(2 if pct_places is None else pct_places)  # percentages: the file's, else 56.25
        self.imp = Column.of([v for ln in lines for v in (ln.imp_ns, ln.imp_ew)], places("imp"))

    def header(self, keys: Sequence[str], widths: Sequence[float], options: PrintOptions, styles: Styles
               ) -> list[Cell]:
        """The header row of a table of the document: made once for each set of columns (every
        traveller of a document shares it)."""
        key = (tuple(keys), tuple(round(w, 3) for w in widths))
        if key not in self._headers:
            self._headers[key] = header_row(keys, widths, options, styles)
        return list(self._headers[key])


def filled_rows(board_results: BoardResults, method: str, options: PrintOptions, styles: Styles,
                widths: Sequence[float], formats: Formats, marks: Marks | None = None,
                key: str | None = None) -> list[list[Cell]]:
    """The rows of a filled traveller: one per result, as the table cells."""
    rows: list[list[Cell]] = []
    number = board_results.board.number
    offset = 1 if key else 0
    for line in board_results.lines:
        result = line.result
        contract, by, tricks = result_cells(result, options, styles, formats.phantoms)
        score = line.score_ns
        score_text = "" if score is None else str(abs(score))
        ns_score = _figure(marks, number, result, "score", "NS", score_text, styles) if score and score > 0 else ""
        ew_score = _figure(marks, number, result, "score", "NS", score_text, styles) if score and score < 0 else ""
        if score == 0:
            ns_score = ew_score = "0"
        ns, ew = seat_holder(result.ns, options, formats.phantoms), seat_holder(result.ew, options, formats.phantoms)
        row: list[Cell] = ([row_label(result, key)] if key else []) + [
            fit(ns, widths[offset], styles, lines=2), fit(ew, widths[offset + 1], styles, lines=2), contract, by]
        if formats.leads:
            row.append(styles.para(card_markup(result.lead), "cell_center") if result.lead else "")
        row += [tricks, ns_score, ew_score]
        if method == "matchpoints":
            row += [_figure(marks, number, result, "mp", "NS", formats.mp(line.mp_ns), styles),
                    _figure(marks, number, result, "mp", "EW", formats.mp(line.mp_ew), styles),
                    _figure(marks, number, result, "pct", "NS", formats.pct(line.pct_ns), styles)]
        else:
            row += [_figure(marks, number, result, "imp", "NS", formats.imp(line.imp_ns), styles)]
        rows.append(row)
    return rows


#: relative widths of a filled traveller's columns (a bilingual label such as 南北比赛分 MP NS fits whole)
_WEIGHTS = {"round": 0.8, "table": 0.8, "section_table": 1.0, "ns_pair": 1.1, "ew_pair": 1.1, "contract": 1.3,
            "by": 0.8, "lead": 1.0, "tricks": 0.9, "score_ns": 1.1, "score_ew": 1.1, "mp_ns": 1.35, "mp_ew": 1.35,
            "pct": 1.0, "imp_ns": 1.6, "datum": 1.2}


def filled_traveller(board_results: BoardResults, method: str, options: PrintOptions, styles: Styles,
                     width: float, page_height: float, formats: Formats, *, diagram: bool = False,
                     marks: Marks | None = None, basis: str = "", datum: bool = False) -> Flowable:
    """A filled traveller: the board's results with scores and matchpoints or IMPs; ``basis``: the
    line that says what its figures rest on (:func:`rules_ext.pdf.basis.board_basis`); ``datum``:
    a Butler board's datum column beside the IMPs."""
    board = board_results.board
    labelled = row_labels([line.result for line in board_results.lines])
    key = labelled[0] if labelled else None
    columns = filled_columns(method, key, formats.leads)
    if datum:
        columns = columns[:-1] + ("datum",) + columns[-1:]
    weights = [_WEIGHTS[c] for c in columns]
    widths = [width * w / sum(weights) for w in weights]
    data: list[list[Cell]] = [formats.header(columns, widths, options, styles)]
    rows = filled_rows(board_results, method, options, styles, widths, formats, marks, key)
    if datum:
        text = datum_text(board_results.datum)
        cell: Cell = text
        if marks is not None and text:
            markup = marks.datum(board.number, text)
            cell = text if DAGGER not in markup else styles.para(markup, "cell_center")
        rows = [row[:-1] + [cell if line.score_ns is not None else ""] + row[-1:]
                for row, line in zip(rows, board_results.lines, strict=True)]
    data += rows
    head: list[Flowable] = [board_title(board, options, styles)]
    top = board_results.top
    if basis:
        head.append(styles.para(free_text(basis), "small"))
    elif method == "matchpoints" and top is not None:
        note = options.labelled('max', formats.mp(top))
        if board_results.neuberg:
            note += " (Neuberg)"
        head.append(styles.para(note, "small"))
    if diagram and board.deal is not None:
        head.append(HandDiagram(board.deal, options, font_size=8.5, dealer=board.dealer,
                                vulnerability=board.vulnerability or Vulnerability.NONE))
    extra: list[StyleCommand] = []
    return Titled(head, grid(data, widths, styles, extra), [board_continued(board, options, styles)],
                  page_height)


# ------------------------------------------------------------------------------------------ teams

#: columns of a match traveller: table, the two teams, each room's contract/by/tricks/NS score, IMPs each way
_MATCH_SHARES = (0.06, 0.14, 0.14, 0.09, 0.05, 0.05, 0.08, 0.09, 0.05, 0.05, 0.08, 0.06, 0.06)


def _tables_key(tables: str) -> tuple[tuple[int, int | str], ...]:
    """The order of matches by their tables: ``2/17`` before ``10/8`` (each table number by value)."""
    return tuple(id_key(t) for t in tables.split("/"))


def room_cells(line: ScoredResult | None, number: int, options: PrintOptions, styles: Styles,
                marks: Marks | None) -> list[Cell]:
    if line is None:
        return ["", "", "", ""]
    contract, by, tricks = result_cells(line.result, options, styles)
    score = "" if line.score_ns is None else str(line.score_ns)
    return [contract, by, tricks, _figure(marks, number, line.result, "score", "NS", score, styles)]


def imps_each_way(home_ns: ScoredResult | None, number: int, formats: Formats, styles: Styles,
                  marks: Marks | None) -> list[Cell]:
    """The IMPs a board gave the home and the visiting team (the winner's column; 0 and 0 for a push)."""
    if home_ns is None or home_ns.imp_ns is None:
        return ["", ""]
    gain = home_ns.imp_ns
    if home_ns.imp_ew is not None and home_ns.imp_ew != -gain:  # board-a-match: each team's board points
        r = home_ns.result
        return [_figure(marks, number, r, "imp", "NS", f"{gain:g}", styles),
                _figure(marks, number, r, "imp", "EW", f"{home_ns.imp_ew:g}", styles)]
    home = formats.imp(gain) if gain >= 0 else ""
    visit = formats.imp(-gain) if gain <= 0 else ""
    r = home_ns.result
    return [_figure(marks, number, r, "imp", "NS", home, styles) if home else "",
            _figure(marks, number, r, "imp", "EW", visit, styles) if visit else ""]


def _match_header(widths: list[float], options: PrintOptions, styles: Styles) -> list[list[Cell]]:
    """The two header rows of a teams traveller, filled or blank: the rooms and IMPs over their
    columns, then each column's name."""
    top: list[Cell] = ["", "", ""] + [label_cell(options, "open_room", sum(widths[3:7]), styles), "", "", ""] \
        + [label_cell(options, "closed_room", sum(widths[7:11]), styles), "", "", ""] \
        + [label_cell(options, "imps_won", sum(widths[11:]), styles), ""]
    keys = ("table", "home", "visit", "contract", "by", "tricks", "ns_score", "contract", "by", "tricks",
            "ns_score", "home", "visit")
    return [top, header_row(keys, widths, options, styles)]


def match_traveller(board_results: BoardResults, options: PrintOptions, styles: Styles, width: float,
                    page_height: float, formats: Formats, *, diagram: bool = False,
                    marks: Marks | None = None, basis: str = "") -> Flowable:
    """A teams board: each match on one row, its Open room (home team North-South) beside its
    Closed room, and the IMPs each way; a match not played says so."""
    board = board_results.board
    number = board.number
    widths = [s * width for s in _MATCH_SHARES]
    rooms = match_rooms(board_results.lines, lambda line: line.result)
    data: list[list[Cell]] = _match_header(widths, options, styles)
    spans: list[StyleCommand] = [("SPAN", (0, 0), (2, 0)), ("SPAN", (3, 0), (6, 0)), ("SPAN", (7, 0), (10, 0)),
                                 ("SPAN", (11, 0), (12, 0)), ("BACKGROUND", (0, 1), (-1, 1), "#e8e8e8")]
    def tables(pair: dict[bool, ScoredResult]) -> str:  # the rooms' tables: "1", or "11/7" (RealBridge)
        found = [line.result.table for line in pair.values() if line.result.table]
        return "/".join(dict.fromkeys(found))

    for (round_, home, visit), pair in sorted(rooms.items(), key=lambda kv: (id_key(kv[0][0]),
                                                                               _tables_key(tables(kv[1])))):
        open_room, closed_room = pair.get(True), pair.get(False)
        table = tables(pair)
        row: list[Cell] = [f"{round_}-{table}" if round_ else table, fit(home, widths[1], styles),
                           fit(visit, widths[2], styles)]
        if all(line.result.not_played for line in pair.values()):
            row += [fit(options.label("not_played"), sum(widths[3:]), styles)] + [""] * 9
            spans.append(("SPAN", (3, len(data)), (-1, len(data))))
        else:
            row += room_cells(open_room, number, options, styles, marks)
            row += room_cells(closed_room, number, options, styles, marks)
            row += imps_each_way(open_room, number, formats, styles, marks)
        data.append(row)
    head: list[Flowable] = [board_title(board, options, styles)]
    if basis:
        head.append(styles.para(free_text(basis), "small"))
    if diagram and board.deal is not None:
        head.append(HandDiagram(board.deal, options, font_size=8.5, dealer=board.dealer,
                                vulnerability=board.vulnerability or Vulnerability.NONE))
    table_flowable = grid(data, widths, styles, spans, header_rows=2)
    return Titled(head, table_flowable, [board_continued(board, options, styles)], page_height)


def blank_match_traveller(board: Board, rows: int | None, options: PrintOptions, styles: Styles, width: float,
                          page_height: float) -> Flowable:
    """A blank teams traveller for ``board``: one row per match (its tables, home and visiting
    team, as the file seats them; else ``rows`` numbered rows), the Open room (home team
    North-South) beside the Closed room, each with contract, by, tricks and North-South score to
    write in, and the IMPs each way."""
    widths = [s * width for s in _MATCH_SHARES]
    lines: list[tuple[str, str, str]] = []
    if rows is None and board.results:
        rooms = match_rooms(board.results, lambda r: r)
        def tables(pair: dict[bool, TableResult]) -> str:
            return "/".join(dict.fromkeys(r.table for r in pair.values() if r.table))
        for (round_, home, visit), pair in sorted(rooms.items(), key=lambda kv: (id_key(kv[0][0]),
                                                                                   _tables_key(tables(kv[1])))):
            table = tables(pair)
            lines.append((f"{round_}-{table}" if round_ and table else round_ or table, home, visit))
    if not lines:
        lines = [(str(i + 1), "", "") for i in range(rows or 8)]
    data: list[list[Cell]] = _match_header(widths, options, styles)
    for label, home, visit in lines:
        data.append([fit(label, widths[0], styles), fit(home, widths[1], styles, lines=2),
                     fit(visit, widths[2], styles, lines=2)] + [""] * 10)
    spans: list[StyleCommand] = [("SPAN", (0, 0), (2, 0)), ("SPAN", (3, 0), (6, 0)), ("SPAN", (7, 0), (10, 0)),
                                 ("SPAN", (11, 0), (12, 0)), ("BACKGROUND", (0, 1), (-1, 1), "#e8e8e8"),
                                 ("LINEBEFORE", (3, 0), (3, -1), 1.2, "#303030"),
                                 ("LINEBEFORE", (7, 0), (7, -1), 1.2, "#303030"),
                                 ("LINEBEFORE", (11, 0), (11, -1), 1.2, "#303030")]
    row_h = write_row_height(len(lines), page_height, most=22, least=16, above=_BLANK_ABOVE + 16)
    table = grid(data, widths, styles, spans, header_rows=2, row_heights=[None, None] + [row_h] * len(lines))
    return Titled([board_title(board, options, styles)], table, [board_continued(board, options, styles)],
                  page_height, space_before=6)


# ---------------------------------------------------------------------------------------- stories

def blank_travellers_story(boards: Iterable[Board], options: PrintOptions, *, rows: int | None = None,
                           event: Event | None = None, lead: float = 0, method: str | None = None,
                           teams: bool | None = None) -> list[Flowable]:
    """Flowables of blank travellers of event boards (``rows``: that many numbered rows each
    instead of the file's movement; ``event``: the file, for its phantom pairs and scoring method;
    ``lead``: the height of what comes before the first one on its page; ``method`` and ``teams``:
    the scoring method and whether the boards are a teams event's, when there is no file to say)."""
    styles = Styles(9)
    width, height = frame_size(options)
    phantoms = phantoms_of(event) if event is not None else frozenset()
    if method is None:
        method = scoring_rules(event).method if event is not None else "matchpoints"
    if teams is None:
        teams = event is not None and event.kind is EventKind.TEAMS
    story: list[Flowable] = []
    for board in boards:
        room = height - (0 if story else lead)  # the first one shares its page with the lead
        story.append(blank_match_traveller(board, rows, options, styles, width, room) if teams else
                     blank_traveller(board, rows, options, styles, width, room, phantoms, method))
    return story


def filled_travellers_story(boards: Iterable[BoardResults], options: PrintOptions, *,
                            method: str = "matchpoints", diagram: bool = False, marks: Marks | None = None,
                            event: Event | None = None, results: EventResults | None = None) -> list[Flowable]:
    """Flowables of filled travellers of scored boards (``BoardResults``); for ``method`` 'imps'
    (teams) match travellers. ``event``: the file, for the precision its figures are printed to;
    ``results``: the event's, for each board's scoring basis (top, Butler datum and its column,
    cross-IMP comparisons, figures that differ from the file's)."""
    styles = Styles(9)
    width, height = frame_size(options)
    boards = list(boards)
    formats = Formats(event, boards)
    differ = Counter(d.board for d in results.differences) if results is not None else Counter()
    trim = butler_trim(event)

    def basis(b: BoardResults) -> str:
        if results is None:
            return ""
        return board_basis(b, results, options, differ=differ[b.board.number], mp_format=formats.mp, trim=trim)

    if method in ("imps", "board-a-match") and any(line.result.in_match for b in boards for line in b.lines):
        return [match_traveller(b, options, styles, width, height, formats, diagram=diagram, marks=marks,
                                basis=basis(b)) for b in boards]
    datum = results is not None and results.method == "butler" and any(b.datum is not None for b in boards)
    return [filled_traveller(b, method, options, styles, width, height, formats, diagram=diagram, marks=marks,
                             basis=basis(b), datum=datum) for b in boards]


def write_travellers(event: Event, path: str | Path, *, blank: bool = False,
                     results: EventResults | None = None, rows: int | None = None,
                     diagram: bool = False, paper: str = "a4", lang: str = "both",
                     progress: Progress = iter, figures: str = "ours") -> int:
    """Write the travellers of a PBN ``event``; filled ones use ``results`` (``compute_results``,
    computed here when not given); ``figures`` 'file' prints the file's own figures where they
    differ from ours. Returns the number of pages."""
    options = PrintOptions.of(paper, lang)
    teams = event.kind is EventKind.TEAMS
    header = PageHeader(options.label("match_travellers" if teams else "travellers"), event.name, event.date)
    story: list[Flowable]
    if blank:
        styles = Styles(9)
        head = [styles.para(free_text(line), "small") for line in blank_basis(event, options)]
        width, height = frame_size(options)
        lead = sum(para.wrap(width, height)[1] + para.getSpaceBefore() + para.getSpaceAfter() for para in head)
        story = blank_travellers_story(progress(event.boards), options, rows=rows, event=event, lead=lead)
        if story and head:
            story = lead_in(head, story)
    else:
        if results is None:
            results = compute_results(event)
        method = {"matchpoints": "matchpoints", "imps": "imps"}.get(results.method, "cross-imps")
        marks = Marks(results.differences, options, figures)
        story = filled_travellers_story(progress(results.boards), options, method=method, diagram=diagram,
                                        marks=marks, event=event, results=results)
        styles = Styles(9)
        head = [styles.para(free_text(line), "small") for line in event_basis(event, results, options)]
        if marks.note():
            head.append(styles.para(marks.note(), "small"))
        story = lead_in(head, story)
    if not story:
        raise RulesError(f"{event.source}: no boards to print travellers for")
    return build_document(path, story, header, options)
