"""Travellers: blank ones to take to the tables, and filled ones with the board's scored results.

A blank traveller shows the board, dealer and vulnerability and one empty row per round (NS, EW,
contract, by, lead, tricks, score +/−, matchpoints, room to write). A filled one lists each result
of the board (from ``compute_results``) with its score, matchpoints or IMPs and percentage, and
optionally the hand diagram.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import CondPageBreak, Flowable, Spacer, Table, TableStyle

from rules_ext.core import Vulnerability
from rules_ext.pbn.model import Board, Event
from rules_ext.pbn.results import compute_results
from rules_ext.pbn.results_model import BoardResults, EventResults
from rules_ext.pdf.diagram import HandDiagram
from rules_ext.pdf.figures import fmt_number, fmt_pct
from rules_ext.pdf.layout import (
    GRID,
    SHADE,
    Cell,
    PageHeader,
    PrintOptions,
    Progress,
    StyleCommand,
    Styles,
    build_document,
    card_markup,
    contract_markup,
    frame_size,
)


def _title(board: Board, options: PrintOptions, styles: Styles) -> Flowable:
    dealer = options.seat(board.dealer) if board.dealer else "?"
    vulnerability = options.vulnerability(board.vulnerability or Vulnerability.NONE)
    text = (f'<font size="{styles.heading.fontSize + 2}">{options.label("board")} {board.number}</font>'
            f'&nbsp;&nbsp;&nbsp;{options.label("dealer")}: {dealer}'
            f'&nbsp;&nbsp;&nbsp;{options.label("vul")}: {vulnerability}')
    return styles.para(text, "heading")


#: the look of every grid of figures (travellers, rankings, score cards)
TABLE_STYLE: list[StyleCommand] = [
    ("GRID", (0, 0), (-1, -1), 0.4, GRID),
    ("BACKGROUND", (0, 0), (-1, 0), SHADE),
    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ("ALIGN", (0, 0), (-1, -1), "CENTER"),
    ("TOPPADDING", (0, 0), (-1, -1), 2),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ("LEFTPADDING", (0, 0), (-1, -1), 2),
    ("RIGHTPADDING", (0, 0), (-1, -1), 2),
]


def _header_row(keys: Sequence[str], options: PrintOptions, styles: Styles) -> list[Flowable]:
    return [styles.para(options.label(k), "cell_center") for k in keys]


BLANK_COLUMNS = ("round", "ns_pair", "ew_pair", "contract", "by", "lead", "tricks", "score_ns",
                 "score_ew", "mp_ns", "mp_ew", "notes")
_BLANK_WIDTHS = (0.06, 0.06, 0.06, 0.09, 0.06, 0.07, 0.06, 0.09, 0.09, 0.09, 0.09, 0.18)


def _kept(parts: list[Flowable], height: float) -> list[Flowable]:
    """``parts`` preceded by a page break if less than ``height`` is left on the page.

    Cheaper than KeepTogether, which lays a table out twice; ``height`` is an estimate, and a
    table that still does not fit splits with its header row repeated."""
    return [CondPageBreak(height)] + parts


def _heading_height(styles: Styles) -> float:
    return styles.heading.leading + styles.heading.spaceBefore + styles.heading.spaceAfter + 4


def blank_traveller(board: Board, rows: int, options: PrintOptions, styles: Styles,
                    width: float) -> list[Flowable]:
    """A blank traveller for ``board`` (number, dealer, vulnerability) with ``rows`` rows."""
    data: list[list[Cell]] = [_header_row(BLANK_COLUMNS, options, styles)]
    data += [[str(i + 1)] + [""] * (len(BLANK_COLUMNS) - 1) for i in range(rows)]
    table = Table(data, colWidths=[w * width for w in _BLANK_WIDTHS],
                  rowHeights=[None] + [19] * rows, repeatRows=1)
    table.setStyle(TableStyle(TABLE_STYLE + [("FONTNAME", (0, 0), (-1, -1), styles.font),
                                        ("FONTSIZE", (0, 1), (-1, -1), styles.cell.fontSize)]))
    height = _heading_height(styles) + 2 * styles.cell.leading + 6 + 19 * rows
    return _kept([_title(board, options, styles), table, Spacer(1, 14)], height)


def filled_columns(method: str) -> tuple[str, ...]:
    """The columns of a filled traveller for a scoring method."""
    figures = ("mp_ns", "mp_ew", "pct") if method == "matchpoints" else ("imp_ns",)
    return ("ns_pair", "ew_pair", "contract", "by", "lead", "tricks", "score_ns", "score_ew") + figures


def filled_rows(board_results: BoardResults, method: str, styles: Styles) -> list[list[Cell]]:
    """The rows of a filled traveller: one per result, as the table cells."""
    rows: list[list[Cell]] = []
    for line in board_results.lines:
        result = line.result
        contract: Cell
        if result.artificial is not None:
            contract = result.artificial.marker
        elif result.not_played:
            contract = "—"
        elif result.contract is None:
            contract = ""
        else:
            contract = styles.para(contract_markup(result.contract), "cell_center")
        score = line.score_ns
        row: list[Cell] = [
            result.ns, result.ew, contract, result.declarer.name if result.declarer else "",
            styles.para(card_markup(result.lead), "cell_center") if result.lead else "",
            "" if result.tricks is None else str(result.tricks),
            str(score) if score is not None and score > 0 else "",
            str(-score) if score is not None and score < 0 else "",
        ]
        if method == "matchpoints":
            row += [fmt_number(line.mp_ns), fmt_number(line.mp_ew), fmt_pct(line.pct_ns)]
        else:
            row += [fmt_number(line.imp_ns)]
        rows.append(row)
    return rows


#: horizontal padding of a table cell (reportlab's default 6 points on each side)
_CELL_PADDING = 12


def _wrap_names(data: list[list[Cell]], widths: list[float], styles: Styles) -> int:
    """Put a pair or team name that is wider than its column (NS, EW) in a wrapping paragraph;
    return how many extra lines of text that adds to the table."""
    extra = 0
    for row in data[1:]:
        lines = 1
        for column in (0, 1):
            text = row[column]
            if isinstance(text, str) and stringWidth(text, styles.font, styles.cell.fontSize) > widths[column] - _CELL_PADDING:
                name = row[column] = styles.text(text, "cell_center")
                _, tall = name.wrap(widths[column] - _CELL_PADDING, 1e6)
                lines = max(lines, round(tall / styles.cell_center.leading))
        extra += lines - 1
    return extra


def filled_traveller(board_results: BoardResults, method: str, options: PrintOptions, styles: Styles,
                     width: float, *, diagram: bool = False) -> list[Flowable]:
    """A filled traveller: the board's results with scores and matchpoints or IMPs."""
    board = board_results.board
    columns = filled_columns(method)
    data: list[list[Cell]] = [_header_row(columns, options, styles)] + filled_rows(board_results, method, styles)
    share = width / (len(columns) + 1.5)
    widths = [share] * len(columns)
    widths[2] = share * 1.3
    widths[4] = share * 1.2
    extra_lines = _wrap_names(data, widths, styles)
    table = Table(data, colWidths=widths, repeatRows=1)
    table.setStyle(TableStyle(TABLE_STYLE + [("FONTNAME", (0, 0), (-1, -1), styles.font),
                                        ("FONTSIZE", (0, 1), (-1, -1), styles.cell.fontSize)]))
    parts: list[Flowable] = [_title(board, options, styles)]
    height = (_heading_height(styles) + (len(data) + 1) * (styles.cell.leading + 4) + 2
              + extra_lines * styles.cell.leading)
    top = board_results.top
    if method == "matchpoints" and top is not None:
        note = f"{options.label('max')}: {fmt_number(top)}"
        if board_results.neuberg:
            note += " (Neuberg)"
        parts.append(styles.para(note, "small"))
        height += styles.small.leading
    if diagram and board.deal is not None:
        hands = HandDiagram(board.deal, options, font_size=8.5, dealer=board.dealer,
                            vulnerability=board.vulnerability or Vulnerability.NONE)
        parts.append(hands)
        height += hands.wrap(width, 1e6)[1]
    parts += [Spacer(1, 2), table, Spacer(1, 12)]
    return _kept(parts, height)


def blank_travellers_story(boards: Iterable[Board], options: PrintOptions, *, rows: int = 10
                           ) -> list[Flowable]:
    """Flowables of blank travellers of event boards, ``rows`` rows each."""
    styles = Styles(9)
    width, _ = frame_size(options)
    return [f for board in boards for f in blank_traveller(board, rows, options, styles, width)]


def filled_travellers_story(boards: Iterable[BoardResults], options: PrintOptions, *,
                            method: str = "matchpoints", diagram: bool = False) -> list[Flowable]:
    """Flowables of filled travellers of scored boards (``BoardResults``)."""
    styles = Styles(9)
    width, _ = frame_size(options)
    return [f for board in boards
            for f in filled_traveller(board, method, options, styles, width, diagram=diagram)]


def write_travellers(event: Event, path: str | Path, *, blank: bool = False,
                     results: EventResults | None = None, rows: int | None = None,
                     diagram: bool = False, paper: str = "a4", lang: str = "both",
                     progress: Progress = iter) -> int:
    """Write the travellers of a PBN ``event``; filled ones use ``results`` (``compute_results``,
    computed here when not given). Returns the number of pages."""
    options = PrintOptions.of(paper, lang)
    header = PageHeader(options.label("travellers"), event.name, event.date)
    if blank:
        if rows is None:
            rows = max([len(b.results) for b in event.boards] + [0]) or 10
        story = blank_travellers_story(progress(event.boards), options, rows=rows)
    else:
        if results is None:
            results = compute_results(event)
        method = "matchpoints" if results.method == "matchpoints" else "imps"
        story = filled_travellers_story(progress(results.boards), options, method=method,
                                        diagram=diagram)
    if not story:
        raise ValueError(f"{event.source}: no boards to print travellers for")
    return build_document(path, story, header, options)
