"""Hand records: per board the compass diagram with HCP, the double-dummy grid, the par and the
makeable contracts; with results, how often each result was scored; 1, 2, 4, 6 or 8 boards a page,
each board scaled to fill its share of the page, never below 7 pt (:data:`MIN_PT`): where the usual
form does not fit at that size (8 a page), the compact form (board, dealer and vulnerability on one
line, one type size, the grid beside the diagram) rather than fewer boards; an optional QR code
linking to the board.

:func:`hand_record_story` lays out :class:`BoardSheet` values (what one board shows); :func:`write_hand_record`
turns a PBN event into sheets — taking the double-dummy grid and par from the file's
``DoubleDummyTricks`` / ``OptimumScore`` / ``ParContract`` tags when all boards have them, otherwise
solving every deal in one DDS batch — and writes the PDF. The par and the results are printed in the
one notation of :mod:`rules_ext.pdf.figures` (``4♠ 北 +1 = 南北 +450``).
"""
from __future__ import annotations

import string
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from urllib.parse import quote

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table, TableStyle

from rules_ext.core import Contract, Deal, Seat, Strain, Vulnerability, board_conditions
from rules_ext.errors import RulesError
from rules_ext.events.dd import DD_SEATS, DD_STRAINS, DoubleDummy, Par, par_from_grid, solve
from rules_ext.events.model import Board, Event, TableResult
from rules_ext.pdf.diagram import HandDiagram
from rules_ext.pdf.figures import (
    KinsokuParagraph,
    cjk_style,
    contract_text,
    par_markup,
    result_markup,
    text_markup,
)
from rules_ext.pdf.layout import (
    GRID,
    RED,
    SHADE,
    Lang,
    PageHeader,
    PrintOptions,
    Progress,
    Styles,
    build_document,
    frame_size,
    is_red,
)

PER_PAGE = (1, 2, 4, 6, 8)

#: the biggest a board is scaled up to fill its share of the page (1 board a page)
MAX_SCALE = 3.0

#: the smallest type printed anywhere on a hand record (points, after scaling)
MIN_PT = 7.0


@dataclass(frozen=True, slots=True)
class BoardSheet:
    """What the hand record shows for one board: the deal, the double-dummy grid and par, the
    commentary, the results at the tables (their frequencies are printed) and a link (QR code)."""

    number: int
    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability
    dd: DoubleDummy | None = None
    commentary: str = ""
    results: tuple[TableResult, ...] = ()
    link: str = ""

    def __post_init__(self) -> None:
        if isinstance(self.number, bool) or not isinstance(self.number, int) or self.number < 1:
            raise ValueError(f"board number {self.number!r} is not a positive whole number")
        if not isinstance(self.dealer, Seat):
            raise ValueError(f"dealer {self.dealer!r} is not a Seat: expected e.g. Seat.N")
        if not isinstance(self.vulnerability, Vulnerability):
            raise ValueError(f"vulnerability {self.vulnerability!r} is not a Vulnerability: "
                             "expected e.g. Vulnerability.NS")
        object.__setattr__(self, "results", tuple(self.results))


def board_corner(sheet_number: int, dealer: Seat, vulnerability: Vulnerability,
                 options: PrintOptions) -> list[str]:
    """The top-left corner of a diagram: board number, dealer, vulnerability; each on one line
    that fits the corner (``西发牌 Dealer W``, not ``发牌人 Dealer 西 West`` broken in two)."""
    zh, en = f"{dealer.chinese}发牌", f"Dealer {dealer.name}"
    said = {Lang.ZH: zh, Lang.EN: en}.get(options.lang, f"{zh} {en}")
    return [f"{options.label('board')} {sheet_number}", said, options.vulnerability(vulnerability)]


def dd_table(dd: DoubleDummy, options: PrintOptions, styles: Styles, cell: float = 15) -> Table:
    """The double-dummy grid: declarers N S E W down, strains NT ♠ ♥ ♦ ♣ across (无将 in Chinese)."""
    header = [""] + [("无将" if options.lang is Lang.ZH else "NT") if s is Strain.NT else s.symbol
                     for s in DD_STRAINS]
    rows = [[options.seat_mark(d)] + [str(dd.get(d, s)) for s in DD_STRAINS] for d in DD_SEATS]
    size = styles.cell.fontSize
    widths = [cell + 4] + [max(cell + 6, stringWidth(h, styles.font, size) + 2) for h in header[1:]]
    table = Table([header] + rows, colWidths=widths, rowHeights=[max(cell + 1, size * 1.15)] * 5)
    table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), styles.font),
        ("FONTSIZE", (0, 0), (-1, -1), styles.cell.fontSize),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("GRID", (0, 0), (-1, -1), 0.4, GRID),
        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ("BACKGROUND", (0, 0), (0, -1), SHADE),
        *[("TEXTCOLOR", (i, 0), (i, 0), RED) for i, s in enumerate(DD_STRAINS, start=1) if is_red(s)],
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ("LEFTPADDING", (0, 0), (-1, -1), 1),
        ("RIGHTPADDING", (0, 0), (-1, -1), 1),
    ]))
    return table


def makeable_markup(dd: DoubleDummy, options: PrintOptions) -> str:
    """The highest contract each side makes in each strain (NT ♠ ♥ ♦ ♣), by the better of its two
    declarers: ``南北：3无将 4♠ 5♦ · 东西：2♥`` (``NS: 3NT 4♠ 5♦ · EW: 2♥``); a side that makes nothing
    gets ``—``."""
    parts = []
    for key, seats in (("ns_pair", (Seat.N, Seat.S)), ("ew_pair", (Seat.E, Seat.W))):
        made = []
        for strain in DD_STRAINS:
            best = max(dd.get(seat, strain) for seat in seats)
            if best >= 7:
                made.append(contract_text(Contract(best - 6, strain), options))
        parts.append(options.labelled(key, ' '.join(made) or '—'))
    return " · ".join(parts)


def frequencies(results: Sequence[TableResult], options: PrintOptions) -> list[tuple[int, str]]:
    """How often each result was scored at the tables, most frequent first (then the best for
    North-South first): ``(3, '4♠ N +1 = NS +450')``. Results not played or artificial are left out.
    A bilingual sheet writes them the English way (seat letters read the same to both readers)."""
    counts: Counter[tuple[Contract, Seat | None, int, int]] = Counter()
    for r in results:
        if r.scored and r.contract is not None and r.score_ns is not None:
            over = 0 if r.contract.is_passed_out or r.tricks is None else r.tricks - r.contract.tricks_needed
            counts[(r.contract, r.declarer, over, r.score_ns)] += 1
    lang = Lang.EN if options.lang is Lang.BOTH else options.lang
    one = PrintOptions(options.paper, lang)
    ordered = sorted(counts.items(), key=lambda item: (-item[1], -item[0][3], str(item[0][0])))
    return [(n, result_markup(contract, (by,) if by else (), over, score, one))
            for (contract, by, over, score), n in ordered]


class _Filled(Flowable):
    """Flowables stacked top-down and scaled, up or down, to fill ``width`` × ``height`` (a board's
    share of the page): the largest scale at which the stack, laid out ``width / scale`` wide, is
    at most ``height / scale`` tall. Only paragraphs that span the stack wrap differently at each
    scale; tables (fixed column widths), the diagram and spacers are measured once."""

    def __init__(self, parts: Sequence[Flowable], width: float, height: float, max_scale: float = MAX_SCALE,
                 floor: float = 0.15):
        super().__init__()
        self.parts, self.box_w, self.box_h = list(parts), width, height
        self.fixed = [None if isinstance(part, Paragraph) else part.wrap(width, height) for part in self.parts]
        widest = max([w for size in self.fixed if size is not None for w in size[:1]] or [1.0])
        low, high = floor, max(floor, min(max_scale, width / widest))
        #: whether the stack fits at the smallest scale allowed (``floor``)
        self.fits = self._fits(floor)
        self.makeable = True  # False: the makeable contracts had to be left out to fit
        if self._fits(high):
            low = high
        elif self.fits:
            for _ in range(12):
                mid = (low + high) / 2
                low, high = (mid, high) if self._fits(mid) else (low, mid)
        self.scale = low
        self._fits(low)  # leave every part wrapped at the chosen scale

    def at(self, scale: float) -> None:
        """Print at ``scale`` (no larger than the one found: one scale for every board of a page)."""
        self.scale = min(self.scale, scale)
        self._fits(self.scale)

    def rewrap(self) -> None:
        """Wrap every part again at the chosen scale (tables wrap their cells again)."""
        self.sizes = [part.wrap(self.box_w / self.scale, self.box_h / self.scale) for part in self.parts]

    def _fits(self, scale: float) -> bool:
        width, height = self.box_w / scale, self.box_h / scale
        self.sizes = [size if size is not None else part.wrap(width, height)
                      for part, size in zip(self.parts, self.fixed)]
        return (sum(h for _, h in self.sizes) <= height + 1e-6
                and max(w for w, _ in self.sizes) <= width + 1e-6)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.box_w, self.box_h

    def draw(self) -> None:
        canvas = self.canv
        canvas.saveState()
        canvas.scale(self.scale, self.scale)
        y = self.box_h / self.scale
        for part, (_, height) in zip(self.parts, self.sizes):
            y -= height
            part.drawOn(canvas, 0, y)
        canvas.restoreState()


def board_block(sheet: BoardSheet, options: PrintOptions, styles: Styles, width: float,
                height: float, *, trim: bool = True, compact: bool = False) -> _Filled:
    """One board, scaled to fill ``width`` × ``height``: the diagram with the double-dummy grid, the
    par and the makeable contracts beside it or below it (whichever prints larger), then the
    results at the tables (one a line when the space is tall) and the commentary.
    ``compact``: the form for small shares (8 a page): board, dealer and vulnerability on one line
    above the diagram, every text (hands, compass, grid, par, results) in one size, the grid with
    the par and the makeable contracts beside the diagram.
    The board is never scaled below the size at which its smallest type prints at :data:`MIN_PT`;
    when it does not fit its share at that size, the results at the tables are cut to the most
    frequent ones (``+3 more``), then the makeable contracts left out; ``fits`` on the block says
    whether even that fits."""
    one_a_line = height > 1.25 * width
    parts = _BoardParts(sheet, options, styles, one_a_line=one_a_line, compact=compact)
    floor = MIN_PT / parts.smallest
    best = _arrange(parts, width, height, floor)
    if best.fits or not trim:
        return best
    counted = len(frequencies(sheet.results, options)) if sheet.results else 0
    for keep, makeable in [(k, True) for k in range(counted - 1, -1, -1)] + [(0, False)]:
        parts = _BoardParts(sheet, options, styles, one_a_line=one_a_line, keep=keep, makeable=makeable,
                            compact=compact)
        best = _arrange(parts, width, height, floor)
        best.makeable = makeable
        if best.fits:
            break
    return best


def _arrange(parts: _BoardParts, width: float, height: float, floor: float) -> _Filled:
    if not parts.side:
        return _Filled(parts.arranged(stacked=False), width, height, floor=floor)
    beside, below = (_Filled(parts.arranged(stacked=stacked), width, height, floor=floor)
                     for stacked in (False, True))
    best = below if (below.fits, below.scale) > (beside.fits, beside.scale) else beside
    best.rewrap()  # the parts both arrangements share were last wrapped for the other one
    return best


class _BoardParts:
    """The flowables of one board at their natural size (10 pt), made once; :meth:`arranged` puts
    the grid, the par and the makeable contracts beside the diagram or below it. The compact form
    (``compact``) sets everything in the grid's size, 9.5 pt, so that scaled down to :data:`MIN_PT`
    no type is smaller than any other."""

    size = 10.0

    def __init__(self, sheet: BoardSheet, options: PrintOptions, styles: Styles, *, one_a_line: bool,
                 keep: int | None = None, makeable: bool = True, compact: bool = False) -> None:
        self.styles = styles
        self.compact = compact
        corner = board_corner(sheet.number, sheet.dealer, sheet.vulnerability, options)
        self.head: list[Flowable] = []
        if compact:
            size = styles.cell.fontSize
            small = body = ParagraphStyle("compact", parent=styles.cell, leading=size * 1.2)
            self.smallest = size
            self.diagram = HandDiagram(sheet.deal, options, font_size=size, dealer=sheet.dealer,
                                       vulnerability=sheet.vulnerability, qr=sheet.link,
                                       leading=1.15, compass_size=1.0, gutter=0.6, row_gap=3, even=False)
            board, dealer, vulnerable = (escape(line) for line in corner)
            self.head = [Paragraph(f'<font size="{size * 1.3:g}">{board}</font>　{dealer} · {vulnerable}',
                                   ParagraphStyle("compact_head", parent=body, leading=size * 1.4))]
        else:
            small, body = styles.small, styles.body
            #: the smallest type in the board at its natural size (the compass's points, the small text)
            self.smallest = min(self.size * 0.85, styles.small.fontSize, styles.cell.fontSize)
            self.diagram = HandDiagram(sheet.deal, options, font_size=self.size, dealer=sheet.dealer,
                                       vulnerability=sheet.vulnerability, qr=sheet.link, corner=corner)
        self.diagram_w, _ = self.diagram.wrap(1e6, 1e6)
        self.side: list[Flowable] = []
        if sheet.dd is not None:
            self.side.append(dd_table(sheet.dd, options, styles, cell=9.5 if compact else 15))
            # the narrow column of the compact form breaks between characters
            side_para = ((lambda markup: KinsokuParagraph(markup, cjk_style(small))) if compact
                         else (lambda markup: Paragraph(markup, small)))
            par = par_markup(sheet.dd.par, options)
            if par:
                self.side += [Spacer(1, 3), side_para(options.labelled('par', par))]
            if makeable:
                self.side += [Spacer(1, 2), side_para(f"{options.label('makeable')} — {makeable_markup(sheet.dd, options)}")]
        self.below: list[Flowable] = []
        counted = frequencies(sheet.results, options) if sheet.results else []
        if counted:
            gap = "<br/>" if one_a_line else "；" if options.lang is Lang.ZH else ";  "
            shown = [f"{n}× {markup}" for n, markup in counted[:keep]]
            if keep is not None and keep < len(counted):
                shown.append(f"+{len(counted) - keep} {'种' if options.lang is Lang.ZH else 'more'}")
            text = gap.join(shown)
            head = options.labelled('at_the_tables', "").rstrip() + ("<br/>" if one_a_line else ("" if options.lang is Lang.ZH else " "))
            self.below += [Spacer(1, 3 if compact else 5), KinsokuParagraph(head + text, cjk_style(small))]
        if sheet.commentary:
            self.below += [Spacer(1, 5), Paragraph(options.label("commentary"), small),
                           KinsokuParagraph(text_markup(sheet.commentary), cjk_style(body))]

    def arranged(self, *, stacked: bool) -> list[Flowable]:
        cell_style = [("VALIGN", (0, 0), (-1, -1), "BOTTOM"), ("FONTNAME", (0, 0), (-1, -1), self.styles.font),
                      ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                      ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]
        side, head = self.side, self.head
        if not side:
            return head + [self.diagram] + self.below
        if stacked:  # the grid, the par and the makeable contracts under the diagram
            grid_w = side[0].wrap(0, 0)[0] + (6 if self.compact else 10)
            return head + [self.diagram, Spacer(1, 3 if self.compact else 8),
                           Table([[side[0], side[1:]]], colWidths=[grid_w, max(self.diagram_w - grid_w, self.size * 9)],
                                 style=cell_style + [("VALIGN", (0, 0), (-1, -1), "TOP")])] + self.below
        if self.compact:  # beside the diagram, from its top, as wide as the grid
            return head + [Table([[self.diagram, side]], colWidths=[self.diagram_w + 4, side[0].wrap(0, 0)[0] + 1],
                                 style=cell_style + [("VALIGN", (0, 0), (-1, -1), "TOP")])] + self.below
        return [Table([[self.diagram, side]], colWidths=[self.diagram_w + 8, self.size * 14],
                      style=cell_style)] + self.below


def _grid_of(per_page: int) -> tuple[int, int]:
    """Columns and rows of boards on a page."""
    cols = 1 if per_page <= 2 else 2
    return cols, per_page // cols


def hand_record_story(sheets: Sequence[BoardSheet], options: PrintOptions, *, per_page: int = 2,
                      progress: Progress = iter, warn: Callable[[str], None] | None = None) -> list[Flowable]:
    """The flowables of a hand record: ``per_page`` boards a page (1, 2, 4, 6 or 8), each scaled
    to fill its share of the page."""
    if per_page not in PER_PAGE:
        raise RulesError(f"cannot put {per_page!r} boards on a page: expected 1, 2, 4, 6 or 8")
    styles = Styles(10)
    frame_w, frame_h = frame_size(options)
    pad = 6
    sheets = list(progress(sheets))
    # fewer boards a page rather than type below MIN_PT: the first layout, from the one asked for
    # down, in which every board fits whole; if none does, one a page with what fits
    # (the compact form where the usual one does not fit whole: 8 a page)
    for tried, compact in [(n, c) for n in reversed(PER_PAGE) if n <= per_page for c in (False, True)] + [(0, False)]:
        cols, rows = _grid_of(tried or 1)
        cell_w, cell_h = frame_w / cols, frame_h / rows - 1
        blocks = [board_block(s, options, styles, cell_w - 2 * pad, cell_h - 2 * pad, compact=compact)
                  for s in sheets]
        if not tried or all(b.fits and b.makeable for b in blocks):
            break
    if (tried or 1) != per_page:
        (warn or _stderr)(f"warning: {per_page} boards a page do not fit at {MIN_PT:g} pt or larger: "
                          f"printed {tried or 1} a page")
    per_page = tried or 1
    story: list[Flowable] = []
    for start in range(0, len(blocks), per_page):
        on_page = blocks[start:start + per_page]
        scale = min(b.scale for b in on_page)
        for block in on_page:  # one scale for every board of the page
            block.at(scale)
        page: list[Flowable | str] = list(on_page)
        page += [""] * (per_page - len(page))  # empty cells after the last board
        grid = [page[r * cols:(r + 1) * cols] for r in range(rows)]
        table = Table(grid, colWidths=[cell_w] * cols, rowHeights=[cell_h] * rows)
        table.setStyle(TableStyle([
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("FONTNAME", (0, 0), (-1, -1), styles.font),
            ("LEFTPADDING", (0, 0), (-1, -1), pad),
            ("RIGHTPADDING", (0, 0), (-1, -1), pad),
            ("TOPPADDING", (0, 0), (-1, -1), pad),
            ("BOTTOMPADDING", (0, 0), (-1, -1), pad),
            ("LINEBELOW", (0, 0), (-1, -2), 0.4, colors.HexColor("#b0b0b0")),
            ("LINEAFTER", (0, 0), (-2, -1), 0.4, colors.HexColor("#b0b0b0")),
        ]))
        if story:
            story.append(PageBreak())
        story.append(table)
    return story


def write_hand_record_sheets(sheets: Sequence[BoardSheet], path: str | Path, header: PageHeader,
                             options: PrintOptions, *, per_page: int = 2, progress: Progress = iter,
                             warn: Callable[[str], None] | None = None) -> int:
    """Write a hand record of ``sheets``; return the number of pages."""
    story = hand_record_story(sheets, options, per_page=per_page, progress=progress, warn=warn)
    return build_document(path, story, header, options)


def check_link(pattern: str) -> str:
    """A ``--link`` URL pattern: only ``{event}`` and ``{board}`` may be filled in."""
    try:
        fields = [name for _, name, _, _ in string.Formatter().parse(pattern) if name is not None]
    except ValueError as exc:
        raise RulesError(f"--link {pattern!r}: {exc}: expected e.g. "
                         "\"https://example.org/{{event}}/{{board}}\"") from exc
    unknown = [name for name in fields if name not in ("event", "board")]
    if unknown:
        raise RulesError(f"--link {pattern!r}: unknown field {{{unknown[0]}}}: expected {{event}} and {{board}}")
    return pattern


def board_link(pattern: str, event: str, board: int) -> str:
    """The URL of one board: the event's name URL-encoded, the board's number."""
    return pattern.format(event=quote(event, safe=""), board=board) if pattern else ""


def _conditions(board: Board) -> tuple[Seat, Vulnerability]:
    """Dealer and vulnerability as the file says, else by the board number (Law 2)."""
    if board.dealer is not None and board.vulnerability is not None:
        return board.dealer, board.vulnerability
    return board_conditions(board.number)


def _file_dd(board: Board, odd: list[tuple[int, str]] | None = None) -> DoubleDummy | None:
    """The double-dummy grid and par the PBN file gives for ``board`` (None if the grid is
    incomplete). The par is read from ``OptimumScore`` and ``ParContract`` / ``OptimumContract``;
    one given by its score only (``NS +90``), or not at all, gets its contracts worked out from the
    grid (the file's score is kept: when the grid's par scores differently, the score is printed
    alone). A par line that cannot be read leaves the par out and adds (board, why) to ``odd``."""
    grid = []
    for declarer in DD_SEATS:
        row = []
        for strain in DD_STRAINS:
            taken = board.dd_tricks(declarer, strain)
            if taken is None:
                return None
            row.append(taken)
        grid.append(tuple(row))
    tricks = DoubleDummy(tuple(grid))
    try:
        par = Par.from_tags(board.optimum_score, board.par_contract)
    except ValueError as exc:
        if odd is not None:
            odd.append((board.number, str(exc)))
        return tricks
    if not par.contracts:
        worked_out = par_from_grid(tricks, *_conditions(board))
        if par.score is None or par.score == worked_out.score:
            par = worked_out
    return DoubleDummy(tricks.tricks, par)


def event_sheets(event: Event, *, dd: bool = True, commentary: dict[int, str] | None = None,
                 results: bool = True, link: str = "", progress: Progress = iter,
                 warn: Callable[[str], None] | None = None) -> list[BoardSheet]:
    """Hand-record sheets of every board of a PBN event that has a deal; the double-dummy grid and
    par from the file where it has them, else solved by DDS (complete deals only); the results at
    the tables unless ``results`` is False; each board's URL from the ``link`` pattern.

    A par line that cannot be read never stops the hand record: those boards print without par,
    and ``warn`` (default: standard error) gets one line naming them and why."""
    dealt = [(b, b.deal) for b in event.boards if b.deal is not None]
    if not dealt:
        raise RulesError(f"{event.source}: no board with a deal to print")
    odd: list[tuple[int, str]] = []
    grids: dict[int, DoubleDummy | None] = {b.number: _file_dd(b, odd) if dd else None for b, _ in dealt}
    if odd:
        boards = ", ".join(str(n) for n, _ in odd)
        message = (f"{event.source}: warning: board{'s' if len(odd) > 1 else ''} {boards} printed without par: "
                   f"{odd[0][1]}" + (f" (and {len(odd) - 1} more)" if len(odd) > 1 else ""))
        (warn or _stderr)(message)
    # a deal with unknown hands ('-') is printed as far as it is known, without a DD grid
    todo = [(b, deal) for b, deal in dealt if dd and grids[b.number] is None and deal.is_complete]
    if todo:
        solved = solve([deal for _, deal in todo], [_conditions(b) for b, _ in todo], progress=progress)
        grids.update({b.number: g for (b, _), g in zip(todo, solved)})
    notes = commentary or {}
    check_link(link)
    return [BoardSheet(b.number, deal, *_conditions(b), grids[b.number], notes.get(b.number, ""),
                       b.results if results else (), board_link(link, event.name, b.number))
            for b, deal in dealt]


def _stderr(message: str) -> None:
    print(message, file=sys.stderr)


def write_hand_record(event: Event, path: str | Path, *, per_page: int = 2, dd: bool = True,
                      paper: str = "a4", lang: str = "both",
                      commentary: dict[int, str] | None = None, results: bool = True, link: str = "",
                      progress: Progress = iter, warn: Callable[[str], None] | None = None) -> int:
    """Write the hand record of a PBN ``event``; return the number of pages. ``results``: print
    how often each result was scored (when the file has results); ``link``: a URL pattern with
    ``{event}`` and ``{board}``, printed as a QR code on each board."""
    options = PrintOptions.of(paper, lang)
    header = PageHeader(options.label("hand_records"), event.name, event.date)
    sheets = event_sheets(event, dd=dd, commentary=commentary, results=results, link=link,
                          progress=progress, warn=warn)
    return write_hand_record_sheets(sheets, path, header, options, per_page=per_page, warn=warn)
