"""Hand records: per board the compass diagram with HCP, the double-dummy grid and par; 1, 2 or 4
boards a page.

:func:`hand_record_story` lays out :class:`BoardSheet` values (what one board shows); :func:`write_hand_record`
turns a PBN event into sheets — taking the double-dummy grid and par from the file's
``DoubleDummyTricks`` / ``OptimumScore`` / ``ParContract`` tags when all boards have them, otherwise
solving every deal in one DDS batch — and writes the PDF.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib import colors
from reportlab.platypus import Flowable, KeepInFrame, PageBreak, Spacer, Table, TableStyle

from rules_ext.pdf.dd import DECLARERS, STRAINS, DoubleDummy, parse_optimum_score, solve
from rules_ext.pdf.diagram import HandDiagram, vulnerable_seats
from rules_ext.pdf.layout import (
    GRID,
    SHADE,
    PageHeader,
    PrintOptions,
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
    deal: object  # a core Deal (or a PBN deal string)
    dealer: str  # 'N', 'E', 'S' or 'W'
    vulnerability: str  # 'NONE', 'NS', 'EW' or 'ALL'
    dd: DoubleDummy | None = None
    commentary: str = ""

    def __post_init__(self) -> None:
        if isinstance(self.number, bool) or not isinstance(self.number, int) or self.number < 1:
            raise ValueError(f"board number {self.number!r} is not a positive whole number")
        dealer = str(self.dealer).strip().upper()[:1]
        if dealer not in ("N", "E", "S", "W"):
            raise ValueError(f"cannot read dealer {self.dealer!r}: expected N, E, S or W")
        object.__setattr__(self, "dealer", dealer)
        vul = str(getattr(self.vulnerability, "name", self.vulnerability)).strip().upper()
        if vul not in ("NONE", "NS", "EW", "ALL"):
            raise ValueError(f"cannot read vulnerability {self.vulnerability!r}: expected NONE, NS, EW or ALL")
        object.__setattr__(self, "vulnerability", vul)

    @property
    def vulnerable_seats(self) -> tuple[str, ...]:
        return vulnerable_seats(self.vulnerability)


def board_corner(sheet_number: int, dealer: str, vulnerability: str,
                 options: PrintOptions) -> list[str]:
    """The top-left corner of a diagram: board number, dealer, vulnerability."""
    return [
        f"{options.label('board')} {sheet_number}",
        f"{options.label('dealer')} {options.label(dealer)}",
        f"{options.label('vul.' + vulnerability)}",
    ]


def dd_table(dd: DoubleDummy, options: PrintOptions, styles: Styles, cell: float = 15) -> Table:
    """The double-dummy grid: declarers N S E W down, strains NT ♠ ♥ ♦ ♣ across."""
    seat = {"zh": {"N": "北", "S": "南", "E": "东", "W": "西"}}.get(options.lang.value, {})
    header = [""] + [s if s == "NT" else styles.para(suit_markup(s), "cell_center") for s in STRAINS]
    rows = [[seat.get(d, d)] + [str(dd.get(d, s)) for s in STRAINS] for d in DECLARERS]
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


def par_markup(dd: DoubleDummy, options: PrintOptions) -> str:
    """``最优定约 Par: 3NT NS, NS +400`` (contracts with suit symbols)."""
    if dd.par_score is None and not dd.par_contracts:
        return ""
    parts = []
    for text in dd.par_contracts:
        contract, _, rest = text.partition(" ")
        parts.append(f"{contract_markup(contract)} {rest}".strip())
    score = ""
    if dd.par_score is not None:
        side = "NS" if dd.par_score >= 0 else "EW"
        score = f"{side} {abs(dd.par_score):+d}" if dd.par_score else "0"
    return f"{options.label('par')}: " + ", ".join(parts) + (f"; {score}" if score else "")


def board_block(sheet: BoardSheet, options: PrintOptions, styles: Styles, per_page: int,
                width: float, height: float) -> Flowable:
    """One board's block, shrunk if needed to fit ``width`` × ``height``."""
    size = {1: 15.0, 2: 12.0, 4: 8.5}[per_page]
    diagram = HandDiagram(sheet.deal, options, font_size=size, dealer=sheet.dealer,
                          vulnerable=sheet.vulnerable_seats,
                          corner=board_corner(sheet.number, sheet.dealer, sheet.vulnerability, options),
                          min_col_width=width / (3.4 if per_page == 4 else 5.2))
    side: list[Flowable] = []
    if sheet.dd is not None:
        side.append(dd_table(sheet.dd, options, styles, cell={1: 22, 2: 17, 4: 12.5}[per_page]))
        par = par_markup(sheet.dd, options)
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
                      progress: Callable[[Iterable[BoardSheet]], Iterable[BoardSheet]] = iter
                      ) -> list[Flowable]:
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
        page = blocks[start:start + per_page]
        page += [""] * (per_page - len(page))  # type: ignore[list-item]
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
                             options: PrintOptions, *, per_page: int = 2, progress=iter) -> int:
    """Write a hand record of ``sheets``; return the number of pages."""
    story = hand_record_story(sheets, options, per_page=per_page, progress=progress)
    return build_document(path, story, header, options)


def _par_from_file(text: str) -> tuple[str, ...]:
    """A ParContract value (``NS 4S``, ``4SX E``, ``3NT NS; 4S EW``) as ``4S NS`` entries."""
    out = []
    for part in str(text).replace(",", ";").split(";"):
        words = part.split()
        contract = [w for w in words if re.fullmatch(r"[1-7](?:NT|N|[SHDC])X{0,2}", w, re.IGNORECASE)]
        others = [w for w in words if w not in contract]
        if contract:
            out.append(" ".join([contract[0].upper().replace("N", "NT").replace("NTT", "NT")] + others))
        elif part.strip():
            out.append(part.strip())
    return tuple(out)


def _file_dd(board: object) -> DoubleDummy | None:
    """The double-dummy grid and par the PBN file gives for ``board`` (None if incomplete)."""
    from rules_ext.core import Seat, Strain

    grid = []
    for declarer in DECLARERS:
        row = []
        for strain in STRAINS:
            tricks = board.dd_tricks(Seat.parse(declarer), Strain.parse(strain))  # type: ignore[attr-defined]
            if tricks is None:
                return None
            row.append(tricks)
        grid.append(tuple(row))
    score = parse_optimum_score(board.optimum_score) if board.optimum_score else None  # type: ignore[attr-defined]
    return DoubleDummy(tuple(grid), score, _par_from_file(board.par_contract))  # type: ignore[attr-defined]


def event_sheets(event: object, *, dd: bool = True, commentary: dict[int, str] | None = None,
                 progress: Callable[[Iterable], Iterable] = iter) -> list[BoardSheet]:
    """Hand-record sheets of every board of a PBN event that has a deal; the double-dummy grid and
    par from the file where it has them, else solved by DDS (complete deals only)."""
    boards = [b for b in event.boards if b.deal is not None]  # type: ignore[attr-defined]
    if not boards:
        raise ValueError(f"{getattr(event, 'source', 'event')}: no board with a deal to print")
    grids: dict[int, DoubleDummy | None] = {b.number: _file_dd(b) if dd else None for b in boards}
    # a deal with unknown hands ('-') is printed as far as it is known, without a DD grid
    todo = [b for b in boards if dd and grids[b.number] is None and b.deal.is_complete]
    if todo:
        from rules_ext.core import board_conditions

        conditions = [(b.dealer, b.vulnerability) if b.dealer and b.vulnerability
                      else board_conditions(b.number) for b in todo]
        solved = solve([b.deal.to_pbn() for b in todo], [c[0].name for c in conditions],
                       [c[1].name for c in conditions], progress=progress)
        grids.update({b.number: g for b, g in zip(todo, solved)})
    notes = commentary or {}
    from rules_ext.core import board_conditions

    sheets = []
    for b in boards:
        dealer, vul = (b.dealer, b.vulnerability) if b.dealer and b.vulnerability \
            else board_conditions(b.number)
        sheets.append(BoardSheet(b.number, b.deal, dealer.name, vul.name, grids[b.number],
                                 notes.get(b.number, "")))
    return sheets


def write_hand_record(event: object, path: str | Path, *, per_page: int = 2, dd: bool = True,
                      paper: str = "a4", lang: str = "both",
                      commentary: dict[int, str] | None = None, progress=iter) -> int:
    """Write the hand record of a PBN ``event``; return the number of pages."""
    options = PrintOptions.of(paper, lang)
    header = PageHeader(options.label("hand_records"), getattr(event, "name", ""),
                        getattr(event, "date", ""))
    sheets = event_sheets(event, dd=dd, commentary=commentary, progress=progress)
    return write_hand_record_sheets(sheets, path, header, options, per_page=per_page)
