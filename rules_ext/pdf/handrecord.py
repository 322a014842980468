"""Hand records: per board the compass diagram with HCP, the double-dummy grid and par; 1, 2 or 4
boards a page.

:func:`hand_record_story` lays out :class:`BoardSheet` values (what one board shows); :func:`write_hand_record`
turns a PBN event into sheets — taking the double-dummy grid and par from the file's
``DoubleDummyTricks`` / ``OptimumScore`` / ``ParContract`` tags when all boards have them, otherwise
solving every deal in one DDS batch — and writes the PDF.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib import colors
from reportlab.platypus import Flowable, KeepInFrame, PageBreak, Spacer, Table, TableStyle

from rules_ext.core import Deal, Seat, Strain, Vulnerability, board_conditions
from rules_ext.pbn.dd import DD_SEATS, DD_STRAINS, DoubleDummy, Par, solve
from rules_ext.pbn.model import Board, Event
from rules_ext.pdf.diagram import HandDiagram
from rules_ext.pdf.layout import (
    GRID,
    SHADE,
    PageHeader,
    PrintOptions,
    Progress,
    Styles,
    build_document,
    contract_markup,
    frame_size,
    suit_markup,
)

PER_PAGE = (1, 2, 4)


@dataclass(frozen=True, slots=True)
class BoardSheet:
    """What the hand record shows for one board."""

    number: int
    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability
    dd: DoubleDummy | None = None
    commentary: str = ""

    def __post_init__(self) -> None:
        if isinstance(self.number, bool) or not isinstance(self.number, int) or self.number < 1:
            raise ValueError(f"board number {self.number!r} is not a positive whole number")
        if not isinstance(self.dealer, Seat):
            raise ValueError(f"dealer {self.dealer!r} is not a Seat: expected e.g. Seat.N")
        if not isinstance(self.vulnerability, Vulnerability):
            raise ValueError(f"vulnerability {self.vulnerability!r} is not a Vulnerability: "
                             "expected e.g. Vulnerability.NS")


def board_corner(sheet_number: int, dealer: Seat, vulnerability: Vulnerability,
                 options: PrintOptions) -> list[str]:
    """The top-left corner of a diagram: board number, dealer, vulnerability."""
    return [
        f"{options.label('board')} {sheet_number}",
        f"{options.label('dealer')} {options.seat(dealer)}",
        options.vulnerability(vulnerability),
    ]


def dd_table(dd: DoubleDummy, options: PrintOptions, styles: Styles, cell: float = 15) -> Table:
    """The double-dummy grid: declarers N S E W down, strains NT ♠ ♥ ♦ ♣ across."""
    header = [""] + [s.name if s is Strain.NT else styles.para(suit_markup(s), "cell_center")
                     for s in DD_STRAINS]
    rows = [[options.seat_mark(d)] + [str(dd.get(d, s)) for s in DD_STRAINS] for d in DD_SEATS]
    table = Table([header] + rows, colWidths=[cell + 4] + [cell + 2] * 5,
                  rowHeights=[cell + 1] * 5)
    table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), styles.font),
        ("FONTSIZE", (0, 0), (-1, -1), styles.cell.fontSize),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("GRID", (0, 0), (-1, -1), 0.4, GRID),
        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ("BACKGROUND", (0, 0), (0, -1), SHADE),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ("LEFTPADDING", (0, 0), (-1, -1), 1),
        ("RIGHTPADDING", (0, 0), (-1, -1), 1),
    ]))
    return table


def par_markup(par: Par, options: PrintOptions) -> str:
    """``最优定约 Par: 3NT NS; NS +400`` (contracts with suit symbols)."""
    if par.score is None and not par.contracts:
        return ""
    parts = [f"{contract_markup(p.contract)} {p.tail}".rstrip() for p in par.contracts]
    score = ""
    if par.score is not None:
        side = "NS" if par.score >= 0 else "EW"
        score = f"{side} {abs(par.score):+d}" if par.score else "0"
    return f"{options.label('par')}: " + ", ".join(parts) + (f"; {score}" if score else "")


def board_block(sheet: BoardSheet, options: PrintOptions, styles: Styles, per_page: int,
                width: float, height: float) -> Flowable:
    """One board's block, shrunk if needed to fit ``width`` × ``height``."""
    size = {1: 15.0, 2: 12.0, 4: 8.5}[per_page]
    diagram = HandDiagram(sheet.deal, options, font_size=size, dealer=sheet.dealer,
                          vulnerability=sheet.vulnerability,
                          corner=board_corner(sheet.number, sheet.dealer, sheet.vulnerability, options),
                          min_col_width=width / (3.4 if per_page == 4 else 5.2))
    side: list[Flowable] = []
    if sheet.dd is not None:
        side.append(dd_table(sheet.dd, options, styles, cell={1: 22, 2: 17, 4: 12.5}[per_page]))
        par = par_markup(sheet.dd.par, options) if sheet.dd.par else ""
        if par:
            side += [Spacer(1, 3), styles.para(par, "small" if per_page == 4 else "body")]
    parts: list[Flowable]
    if per_page == 4:
        parts = [diagram, Spacer(1, 4)] + side
    else:
        diagram_w, _ = diagram.wrap(width, height)
        parts = [Table([[diagram, side]], colWidths=[diagram_w + 6, max(width - diagram_w - 6, 1)],
                       style=[("VALIGN", (0, 0), (-1, -1), "BOTTOM"), ("FONTNAME", (0, 0), (-1, -1), styles.font),
                              ("LEFTPADDING", (0, 0), (-1, -1), 0)])]
    if sheet.commentary:
        parts += [Spacer(1, 5), styles.para(options.label("commentary"), "small"),
                  styles.text(sheet.commentary, "small" if per_page == 4 else "body")]
    return KeepInFrame(width, height, parts, mode="shrink", hAlign="LEFT", vAlign="TOP")


def hand_record_story(sheets: Sequence[BoardSheet], options: PrintOptions, *, per_page: int = 2,
                      progress: Progress = iter) -> list[Flowable]:
    """The flowables of a hand record: ``per_page`` boards a page (1, 2 or 4)."""
    if per_page not in PER_PAGE:
        raise ValueError(f"cannot put {per_page!r} boards on a page: expected 1, 2 or 4")
    styles = Styles(9)
    frame_w, frame_h = frame_size(options)
    cols = 2 if per_page == 4 else 1
    rows = per_page // cols
    cell_w, cell_h = frame_w / cols, frame_h / rows - 1
    blocks = [board_block(s, options, styles, per_page, cell_w - 8, cell_h - 8) for s in progress(sheets)]
    story: list[Flowable] = []
    for start in range(0, len(blocks), per_page):
        page: list[Flowable | str] = list(blocks[start:start + per_page])
        page += [""] * (per_page - len(page))  # empty cells after the last board
        grid = [page[r * cols:(r + 1) * cols] for r in range(rows)]
        table = Table(grid, colWidths=[cell_w] * cols, rowHeights=[cell_h] * rows)
        table.setStyle(TableStyle([
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("FONTNAME", (0, 0), (-1, -1), styles.font),
            ("LEFTPADDING", (0, 0), (-1, -1), 4),
            ("TOPPADDING", (0, 0), (-1, -1), 4),
            ("LINEBELOW", (0, 0), (-1, -2), 0.4, colors.HexColor("#b0b0b0")),
            ("LINEAFTER", (0, 0), (-2, -1), 0.4, colors.HexColor("#b0b0b0")),
        ]))
        if story:
            story.append(PageBreak())
        story.append(table)
    return story


def write_hand_record_sheets(sheets: Sequence[BoardSheet], path: str | Path, header: PageHeader,
                             options: PrintOptions, *, per_page: int = 2, progress: Progress = iter) -> int:
    """Write a hand record of ``sheets``; return the number of pages."""
    story = hand_record_story(sheets, options, per_page=per_page, progress=progress)
    return build_document(path, story, header, options)


def _conditions(board: Board) -> tuple[Seat, Vulnerability]:
    """Dealer and vulnerability as the file says, else by the board number (Law 2)."""
    if board.dealer is not None and board.vulnerability is not None:
        return board.dealer, board.vulnerability
    return board_conditions(board.number)


def _file_dd(board: Board) -> DoubleDummy | None:
    """The double-dummy grid and par the PBN file gives for ``board`` (None if incomplete)."""
    grid = []
    for declarer in DD_SEATS:
        row = []
        for strain in DD_STRAINS:
            tricks = board.dd_tricks(declarer, strain)
            if tricks is None:
                return None
            row.append(tricks)
        grid.append(tuple(row))
    try:
        par = Par.from_tags(board.optimum_score, board.par_contract)
    except ValueError as exc:
        raise ValueError(f"board {board.number}: {exc}") from exc
    return DoubleDummy(tuple(grid), par)


def event_sheets(event: Event, *, dd: bool = True, commentary: dict[int, str] | None = None,
                 progress: Progress = iter) -> list[BoardSheet]:
    """Hand-record sheets of every board of a PBN event that has a deal; the double-dummy grid and
    par from the file where it has them, else solved by DDS (complete deals only)."""
    dealt = [(b, b.deal) for b in event.boards if b.deal is not None]
    if not dealt:
        raise ValueError(f"{event.source}: no board with a deal to print")
    grids: dict[int, DoubleDummy | None] = {b.number: _file_dd(b) if dd else None for b, _ in dealt}
    # a deal with unknown hands ('-') is printed as far as it is known, without a DD grid
    todo = [(b, deal) for b, deal in dealt if dd and grids[b.number] is None and deal.is_complete]
    if todo:
        solved = solve([deal for _, deal in todo], [_conditions(b) for b, _ in todo], progress=progress)
        grids.update({b.number: g for (b, _), g in zip(todo, solved)})
    notes = commentary or {}
    return [BoardSheet(b.number, deal, *_conditions(b), grids[b.number], notes.get(b.number, ""))
            for b, deal in dealt]


def write_hand_record(event: Event, path: str | Path, *, per_page: int = 2, dd: bool = True,
                      paper: str = "a4", lang: str = "both",
                      commentary: dict[int, str] | None = None, progress: Progress = iter) -> int:
    """Write the hand record of a PBN ``event``; return the number of pages."""
    options = PrintOptions.of(paper, lang)
    header = PageHeader(options.label("hand_records"), event.name, event.date)
    sheets = event_sheets(event, dd=dd, commentary=commentary, progress=progress)
    return write_hand_record_sheets(sheets, path, header, options, per_page=per_page)
