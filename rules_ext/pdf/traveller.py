"""Travellers: blank ones to take to the tables, and filled ones with the board's scored results.

A blank traveller shows the board, dealer and vulnerability and one empty row per round (NS, EW,
contract, by, lead, tricks, score +/−, matchpoints, room to write). A filled one lists each result
of the board (from ``compute_results``) with its score, matchpoints or IMPs and percentage, and
optionally the hand diagram.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import CondPageBreak, Flowable, Spacer, Table, TableStyle

from rules_ext.pdf.diagram import HandDiagram, vulnerable_seats
from rules_ext.pdf.layout import (
    GRID,
    SHADE,
    PageHeader,
    PrintOptions,
    Styles,
    build_document,
    card_markup,
    contract_markup,
    frame_size,
)


def fmt_number(value: float | None, places: int = 2) -> str:
    """``12.0`` -> ``12``, ``7.5`` -> ``7.5``, ``6.333`` -> ``6.33``; None -> ''."""
    if value is None:
        return ""
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def fmt_pct(value: float | None) -> str:
    return "" if value is None else f"{value:.1f}"


def _vul_name(vulnerability: object) -> str:
    return str(getattr(vulnerability, "name", vulnerability) or "NONE").upper()


def _seat(seat: object) -> str:
    return str(getattr(seat, "name", seat) or "")


def _title(board: object, options: PrintOptions, styles: Styles) -> Flowable:
    number = board.number  # type: ignore[attr-defined]
    dealer = _seat(board.dealer)  # type: ignore[attr-defined]
    vul = _vul_name(board.vulnerability)  # type: ignore[attr-defined]
    text = (f'<font size="{styles.heading.fontSize + 2}">{options.label("board")} {number}</font>'
            f'&nbsp;&nbsp;&nbsp;{options.label("dealer")}: {options.label(dealer) if dealer else "?"}'
            f'&nbsp;&nbsp;&nbsp;{options.label("vul")}: {options.label("vul." + vul)}')
    return styles.para(text, "heading")


#: the look of every grid of figures (travellers, rankings, score cards)
TABLE_STYLE = [
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


def blank_traveller(board: object, rows: int, options: PrintOptions, styles: Styles,
                    width: float) -> list[Flowable]:
    """A blank traveller for ``board`` (number, dealer, vulnerability) with ``rows`` rows."""
    data = [_header_row(BLANK_COLUMNS, options, styles)]
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


def filled_rows(board_results: object, method: str, styles: Styles) -> list[list[object]]:
    """The rows of a filled traveller: one per result, as the table cells."""
    rows: list[list[object]] = []
    for line in board_results.lines:  # type: ignore[attr-defined]
        result = line.result
        if result.artificial is not None:
            contract: object = result.artificial.marker
        elif result.not_played:
            contract = "—"
        elif result.contract is None:
            contract = ""
        else:
            contract = styles.para(contract_markup(result.contract), "cell_center")
        score = line.score_ns
        row: list[object] = [
            result.ns, result.ew, contract, _seat(result.declarer),
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


def _wrap_names(data: list[list[object]], widths: list[float], styles: Styles) -> int:
    """Put a pair or team name that is wider than its column (NS, EW) in a wrapping paragraph;
    return how many extra lines of text that adds to the table."""
    extra = 0
    for row in data[1:]:
        lines = 1
        for column in (0, 1):
            text = row[column]
            if isinstance(text, str) and stringWidth(text, styles.font, styles.cell.fontSize) > widths[column] - _CELL_PADDING:
                row[column] = styles.text(text, "cell_center")
                _, tall = row[column].wrap(widths[column] - _CELL_PADDING, 1e6)
                lines = max(lines, round(tall / styles.cell_center.leading))
        extra += lines - 1
    return extra


def filled_traveller(board_results: object, method: str, options: PrintOptions, styles: Styles,
                     width: float, *, diagram: bool = False) -> list[Flowable]:
    """A filled traveller: the board's results with scores and matchpoints or IMPs."""
    board = board_results.board  # type: ignore[attr-defined]
    columns = filled_columns(method)
    data = [_header_row(columns, options, styles)] + filled_rows(board_results, method, styles)
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
    top = getattr(board_results, "top", None)
    if method == "matchpoints" and top is not None:
        note = f"{options.label('max')}: {fmt_number(top)}"
        if getattr(board_results, "neuberg", False):
            note += " (Neuberg)"
        parts.append(styles.para(note, "small"))
        height += styles.small.leading
    if diagram and board.deal is not None:
        hands = HandDiagram(board.deal, options, font_size=8.5, dealer=_seat(board.dealer),
                            vulnerable=vulnerable_seats(board.vulnerability))
        parts.append(hands)
        height += hands.wrap(width, 1e6)[1]
    parts += [Spacer(1, 2), table, Spacer(1, 12)]
    return _kept(parts, height)


def travellers_story(boards: Iterable[object], options: PrintOptions, *, blank: bool,
                     rows: int = 10, method: str = "matchpoints", diagram: bool = False
                     ) -> list[Flowable]:
    """Flowables of travellers: ``boards`` are event boards (blank) or ``BoardResults`` (filled)."""
    styles = Styles(9)
    width, _ = frame_size(options)
    story: list[Flowable] = []
    for item in boards:
        if blank:
            story += blank_traveller(item, rows, options, styles, width)
        else:
            story += filled_traveller(item, method, options, styles, width, diagram=diagram)
    return story


def write_travellers(event: object, path: str | Path, *, blank: bool = False, results: object = None,
                     rows: int | None = None, diagram: bool = False, paper: str = "a4",
                     lang: str = "both", progress: Callable[[Iterable], Iterable] = iter) -> int:
    """Write the travellers of a PBN ``event``; filled ones use ``results`` (``compute_results``,
    computed here when not given). Returns the number of pages."""
    options = PrintOptions.of(paper, lang)
    header = PageHeader(options.label("travellers"), getattr(event, "name", ""),
                        getattr(event, "date", ""))
    if blank:
        boards = list(event.boards)  # type: ignore[attr-defined]
        if rows is None:
            rows = max([len(b.results) for b in boards] + [0]) or 10
        story = travellers_story(progress(boards), options, blank=True, rows=rows)
    else:
        if results is None:
            from rules_ext.pbn import compute_results

            results = compute_results(event)
        method = "matchpoints" if results.method == "matchpoints" else "imps"  # type: ignore[attr-defined]
        story = travellers_story(progress(results.boards), options, blank=False,  # type: ignore[attr-defined]
                                 method=method, diagram=diagram)
    if not story:
        raise ValueError(f"{getattr(event, 'source', 'event')}: no boards to print travellers for")
    return build_document(path, story, header, options)
