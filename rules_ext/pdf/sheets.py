"""What the results sheets and travellers share, so that every sheet breaks, fits and marks alike.

:class:`Titled` keeps a titled table on one page when it fits, else splits it between rows under a
continuation title ("第5牌（续）Board 5 (cont.)") with the header repeated, never leaving a title
alone at a page's foot or forcing a page break; :func:`fit` and :func:`label_cell` set a cell's text
smaller rather than break a word (a name is never broken letter by letter); :class:`Column` gives a
column one number format (the file's decimals, else what the figures need, up to two);
:func:`contract_cell`, :func:`seat_mark`, :func:`side_name` write 无将, 北, 南北; :class:`Marks`
prints our figure (or the file's) with a dagger where the two differ, and the note saying how many.
"""
from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from html import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from rules_ext.core import Contract, Seat, Strain
from rules_ext.errors import RulesError
from rules_ext.events.model import Event, TableResult
from rules_ext.events.scoring.file_figures import result_label
from rules_ext.events.scoring.results_model import Difference, EventResults, RankEntry
from rules_ext.pdf.layout import GRID, SHADE, Cell, Lang, PrintOptions, StyleCommand, Styles, suit_markup

#: horizontal padding of a table cell, both sides together (TABLE_STYLE's 2 + 2)
CELL_PADDING = 4
#: the smallest type a cell's text is set in to fit
MIN_SIZE = 5.5
#: the smallest type a word is set in before it is abbreviated instead (a name stays readable)
WORD_MIN_SIZE = 7.0
#: the mark on a figure that differs from the file's own
DAGGER = "†"
#: the mark of a result whose cell the file damaged (a contract typed ``42``): the file's score kept
DAMAGED = "‡"

#: the look of every grid of figures (travellers, rankings, score cards, matches)
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


def grid(data: list[list[Cell]], widths: Sequence[float], styles: Styles, extra: Sequence[StyleCommand] = (),
         *, header_rows: int = 1, row_heights: Sequence[float | None] | None = None) -> Table:
    """A table of figures in the house look, its header row(s) repeated on every page it runs onto."""
    return styled_table(data, widths, row_heights, header_rows,
                        TABLE_STYLE + [("FONTNAME", (0, 0), (-1, -1), styles.font),
                                       ("FONTSIZE", (0, 0), (-1, -1), styles.cell.fontSize),
                                       ("BACKGROUND", (0, 0), (-1, header_rows - 1), SHADE)] + list(extra))


def styled_table(data: list[list[Cell]], widths: Sequence[float], row_heights: Sequence[float | None] | None,
                 repeat_rows: int, commands: Sequence[StyleCommand]) -> Table:
    """A table and its style, the style's commands kept on it (``house_style``) so that a block can
    set it again with its rows closer (:class:`Titled`)."""
    table = Table(data, colWidths=list(widths), repeatRows=repeat_rows,
                  rowHeights=None if row_heights is None else list(row_heights))
    table.setStyle(TableStyle(list(commands)))
    table.house_style = list(commands)
    return table


# ------------------------------------------------------------------------------------------ blocks

class Titled(Flowable):
    """``head`` (a title, notes, a diagram) over ``table``, then ``foot`` (signatures, a line to cut
    along) under its last rows.

    A block to hand out or cut (``keep``: a traveller, a score card, a match sheet, a pickup slip)
    is never split across pages: it is moved whole to the next page when it does not fit where it
    is; one a little longer than a page has its rows set closer to fit it; one longer still starts
    on a fresh page and continues, between rows, under ``cont`` (a continuation title) with the
    table's header row repeated. A list (``keep=False``: a
    ranking) stays whole when it fits where it is or on the next page without leaving this one more
    than half empty; else it runs on from here. Neither leaves a page with only a title, a header
    row or a single row of a table, nor a continuation with fewer than two rows.
    """

    #: fewest rows of a table a part of a split block shows
    MIN_ROWS = 2

    def __init__(self, head: Sequence[Flowable], table: Table, cont: Sequence[Flowable], page_height: float,
                 *, space_before: float = 8, first: bool = True, keep: bool = True,
                 foot: Sequence[Flowable] = ()) -> None:
        super().__init__()
        self.head = list(head)
        self.table = table
        self.cont = list(cont)
        self.foot = list(foot)
        self.page_height = page_height
        self.spaceBefore = space_before
        self.first = first
        self.keep = keep
        self._heights: list[float] = []
        self._foot_heights: list[float] = []
        self._squeezed = False

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self._heights = [f.wrap(availWidth, availHeight)[1] + f.getSpaceAfter() for f in self.head]
        self._foot_heights = [f.wrap(availWidth, availHeight)[1] + f.getSpaceBefore() for f in self.foot]
        self._table_size = self.table.wrap(availWidth, availHeight)
        self.width = availWidth
        self.height = sum(self._heights) + self._table_size[1] + sum(self._foot_heights)
        rows = len(getattr(self.table, "_cellvalues", []))
        commands = getattr(self.table, "house_style", None)
        if (self.keep and commands is not None and not self._squeezed
                and self.height > self.page_height >= self.height - 2 * rows):
            # a little too long for a page: closer rows keep it on one
            self._squeezed = True
            self.table = styled_table(self.table._cellvalues, self.table._argW, self.table._argH,
                                      self.table.repeatRows,
                                      [*commands, ("TOPPADDING", (0, 0), (-1, -1), 1),
                                       ("BOTTOMPADDING", (0, 0), (-1, -1), 1)])
            return self.wrap(availWidth, availHeight)
        return self.width, self.height

    def draw(self) -> None:
        y = self.height
        for f, h in zip(self.head, self._heights, strict=True):
            y -= h
            f.drawOn(self.canv, 0, y + f.getSpaceAfter())
        table_w, table_h = self._table_size
        y -= table_h
        self.table.drawOn(self.canv, max(0.0, (self.width - table_w) / 2), y)
        for f, h in zip(self.foot, self._foot_heights, strict=True):
            y -= h
            f.drawOn(self.canv, 0, y)

    def rows(self) -> int:
        """Rows of the table below its header row(s)."""
        return len(getattr(self.table, "_cellvalues", [])) - self.table.repeatRows

    def _part(self, head: Sequence[Flowable], table: Table, first: bool, space_before: float,
              foot: Sequence[Flowable]) -> Titled:
        return Titled(head, table, self.cont, self.page_height, space_before=space_before, first=first,
                      keep=self.keep, foot=foot)

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        self.wrap(availWidth, availHeight)
        fresh = availHeight >= self.page_height - 1  # at the top of a page
        fits_next = self.height <= self.page_height and availHeight < self.page_height / 2
        if not fresh and (self.keep or fits_next):
            return []  # to the next page: whole when it fits one, else from its top
        room = availHeight - sum(self._heights)
        parts = self.table.split(availWidth, room)
        if len(parts) < 2 and self.foot:  # the rows fit, the foot under them does not: the last rows go with it
            parts = self.table.split(availWidth, room - sum(self._foot_heights))
        if len(parts) < 2:
            return []
        first_rows = len(getattr(parts[0], "_cellvalues", [])) - self.table.repeatRows
        rest_rows = len(getattr(parts[1], "_cellvalues", [])) - self.table.repeatRows
        if rest_rows < self.MIN_ROWS and first_rows > self.MIN_ROWS:  # no widow row under a continuation title
            heights = getattr(parts[0], "_rowHeights", None) or []
            shorter = room - sum(heights[-(self.MIN_ROWS - rest_rows):]) - 1
            again = self.table.split(availWidth, shorter)
            if len(again) == 2:
                parts = again
                first_rows = len(getattr(parts[0], "_cellvalues", [])) - self.table.repeatRows
        if first_rows < self.MIN_ROWS and not fresh:
            return []  # a title, a header and a row at the foot of a page: start on the next page
        return [self._part(self.head, parts[0], self.first, self.spaceBefore, ()),
                self._part(self.cont, parts[1], False, 0, self.foot)]


def lead_in(intro: Sequence[Flowable], story: Sequence[Flowable]) -> list[Flowable]:
    """``intro`` (a sheet's title, its scoring basis, notes) put at the head of the story's first
    block, so that it goes where that block goes: a page never holds only a title and notes."""
    story = list(story)
    if story and isinstance(story[0], Titled) and story[0].first:
        block = story[0]
        block.head = [*intro, *block.head]
        return story
    return [*intro, *story]


def write_row_height(rows: int, page_height: float, *, most: float, least: float, above: float) -> float:
    """The height of a row to write a result in by hand: ``most``, or less (down to ``least``) so
    that ``rows`` rows and ``above`` points of title and header fit one page."""
    return max(least, min(most, (page_height - above) / max(rows, 1)))


# ------------------------------------------------------------------------------------- fitting text

@functools.cache
def _style(base: ParagraphStyle, size: float) -> ParagraphStyle:
    if size == base.fontSize:
        return base
    return ParagraphStyle(f"{base.name}-{size:g}", parent=base, fontSize=size, leading=size * 1.2)


_TAG = re.compile(r"<[^>]+>")
_NOT_BREAKING = re.compile(r"[^\s\u2e80-\u9fff\u3000-\u303f\uff00-\uffef]+")


def _widest_word(markup: str, font: str, size: float) -> float:
    """The width of the widest run of the text a line may not break inside (Latin words and figures;
    Chinese may break between any two characters)."""
    text = _TAG.sub("", markup).replace("&nbsp;", "\u00a0").replace("&amp;", "&").replace("&lt;", "<")
    text = text.replace("&gt;", ">")
    return max((stringWidth(w, font, size) for w in _NOT_BREAKING.findall(text)), default=0.0)


def fit_markup(markup: str, width: float, style: ParagraphStyle, *, lines: int = 0) -> Paragraph:
    """A paragraph of ``markup`` in a cell ``width`` wide: set smaller (down to 5.5 pt) when a word
    would not fit the width, or when it would take more than ``lines`` lines (0: any number)."""
    room = width - CELL_PADDING
    size = style.fontSize
    widest = _widest_word(markup, style.fontName, size)
    if widest > room:
        size = max(MIN_SIZE, int(size * room / widest * 4) / 4)
    para = Paragraph(markup, _style(style, size))
    while lines and size > MIN_SIZE and para.wrap(room, 1e6)[1] > lines * para.style.leading + 0.1:
        size = max(MIN_SIZE, size - 0.5)
        para = Paragraph(markup, _style(style, size))
    return para


def free_text(text: str) -> str:
    """Paragraph markup of plain text (names, notes, titles): escaped, lines kept, ♥♦ in red."""
    out = escape(text).replace("\n", "<br/>")
    for strain in (Strain.H, Strain.D):
        out = out.replace(strain.symbol, suit_markup(strain))
    return out


_PLAIN = re.compile(r"[^<>&\n♥♦]*")


def abbreviate(text: str, width: float, font: str, size: float) -> str:
    """``text`` with each word too wide for ``width`` at ``size`` cut to the longest beginning that
    fits with a full stop (``SCHWARZWALDERLAND`` -> ``SCHWARZWALD.``): a cell never breaks a word."""
    def cut(word: str) -> str:
        if stringWidth(word, font, size) <= width:
            return word
        for end in range(len(word) - 1, 0, -1):
            if stringWidth(word[:end] + ".", font, size) <= width:
                return word[:end] + "."
        return word[:1]
    return re.sub(r"\S+", lambda m: cut(m[0]) if _NOT_BREAKING.fullmatch(m[0]) else m[0], text)


def fit(text: str, width: float, styles: Styles, style: str = "cell_center", *, lines: int = 0,
        plain: bool = True) -> Cell:
    """:func:`fit_markup` of plain text; the text itself (cheaper to lay out) when it fits one line
    as it is and ``plain`` allows it. A word too wide for the cell even at the smallest size is
    abbreviated (never broken across lines)."""
    base: ParagraphStyle = getattr(styles, style)
    if plain and _PLAIN.fullmatch(text) and stringWidth(text, base.fontName, base.fontSize) <= width - CELL_PADDING:
        return text
    if plain and _PLAIN.fullmatch(text):
        text = abbreviate(text, width - CELL_PADDING, base.fontName, min(WORD_MIN_SIZE, base.fontSize))
    return fit_markup(free_text(text), width, base, lines=lines)


_MEMBER_ID = re.compile(r"\s*#\s*\w+")


def person(text: str) -> str:
    """Names as printed: without the member ids some files append (``Markus Knob#39415``)."""
    return _MEMBER_ID.sub("", text).strip()


def label_cell(options: PrintOptions, key: str, width: float, styles: Styles, *, lines: int = 2) -> Paragraph:
    """A header cell: the label fitted to ``width``. In both languages, a label that does not fit
    one line puts its Chinese over its English, each part whole (never 南北比赛 / 分 MP NS)."""
    return fit_label(options.label(key), width, styles, lines=lines, both=options.lang is Lang.BOTH)


def fit_label(text: str, width: float, styles: Styles, *, lines: int = 2, both: bool = True) -> Paragraph:
    """:func:`label_cell` of a label's text (``总分 Total``)."""
    style = styles.cell_center
    zh, _, en = text.partition(" ")
    if not both or not en or stringWidth(text, style.fontName, style.fontSize) <= width - CELL_PADDING:
        return fit_markup(free_text(text), width, style, lines=lines)
    parts = (free_text(zh), free_text(en).replace(" ", "&nbsp;"))
    widest = max(stringWidth(part, style.fontName, style.fontSize) for part in (zh, en))
    size = style.fontSize
    if widest > width - CELL_PADDING:
        size = max(MIN_SIZE, int(size * (width - CELL_PADDING) / widest * 4) / 4)
    return Paragraph("<br/>".join(parts), _style(style, size))


def continued(zh: str, en: str, options: PrintOptions) -> str:
    """The title of a block continued from the page before: ``第5牌（续）Board 5 (cont.)``."""
    zh_text, en_text = f"{zh}（续）", f"{en} (cont.)"
    return {Lang.ZH: zh_text, Lang.EN: en_text, Lang.BOTH: f"{zh_text} {en_text}"}[options.lang]


def header_row(keys: Sequence[str], widths: Sequence[float], options: PrintOptions, styles: Styles
               ) -> list[Cell]:
    return [label_cell(options, k, w, styles) for k, w in zip(keys, widths, strict=True)]


# ------------------------------------------------------------------------------------------ numbers

def fixed(value: float | None, places: int) -> str:
    """``value`` with exactly ``places`` decimals, halves rounded up as scoring programs print them
    (1261.25 is 1261.3, not the binary float's 1261.2; '' for None, never '-0')."""
    if value is None:
        return ""
    text = f"{Decimal(repr(value)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP):f}"
    return text[1:] if text.startswith("-") and float(text) == 0 else text


@dataclass(frozen=True, slots=True)
class Column:
    """How a column of figures is printed: with ``places`` decimals, every row and the total alike."""

    places: int

    @classmethod
    def of(cls, values: Iterable[float | None], file_places: int | None = None, most: int = 2) -> Column:
        """The file's precision when it prints these figures, else as few decimals (up to ``most``)
        as show every value."""
        if file_places is not None:
            return cls(file_places)
        need = 0
        for value in values:
            if value is None:
                continue
            for places in range(need, most + 1):
                if abs(round(value, places) - value) < 1e-9:
                    need = places
                    break
            else:
                return cls(most)
        return cls(need)

    def __call__(self, value: float | None) -> str:
        return fixed(value, self.places)


_FILE_COLUMNS = {
    "mp": ("MP_", "ScoreMP"), "pct": ("Percentage_", "ScorePercentage"), "imp": ("IMP_", "ScoreIMP"),
}
_FIGURE = re.compile(r"[+-]?\d+(?:[.,](\d+))?")


def file_places(event: Event, kind: str) -> int | None:
    """Decimals the file prints its ``kind`` figures with ('mp', 'pct', 'imp'), None when it prints none."""
    prefixes = _FILE_COLUMNS[kind]
    found: int | None = None
    for board in event.boards:
        for r in board.results:
            for column, text in r.theirs:
                if column.startswith(prefixes):
                    for match in _FIGURE.finditer(text):
                        found = max(found or 0, len(match[1] or ""))
    return found


def ranking_columns(event: Event | None, unit: str, entries: Sequence[RankEntry],
                    vp_places: int = 2) -> tuple[Column, Column]:
    """How a ranking's totals and percentages are printed (every sheet and page that shows a total
    alike): with the decimals of the file's own totals table, else of its board figures (matchpoints),
    else as few as show every total; percentages as the totals table prints them, else 2 decimals.
    VPs: ``vp_places`` (0 on a whole-number scale); board points: as few as show every total."""
    places = None if event is None else (total_places(event, unit) if unit not in ("VP", "BP") else
                                         vp_places if unit == "VP" else None)
    if places is None and event is not None and unit == "MP":
        places = file_places(event, "mp")
    pct_places = None if event is None else total_places(event, "pct")
    return Column.of([e.total for e in entries], places), Column(2 if pct_places is None else pct_places)


def total_places(event: Event, unit: str) -> int | None:
    """Decimals of the file's totals table's column for ``unit`` ('MP', 'IMP', 'VP', 'pct')."""
    if event.totals is None:
        return None
    columns = ("TotalPercentage",) if unit == "pct" else (f"TotalScore{unit}", f"Total{unit}")
    found: int | None = None
    for row in event.totals.records():
        for column in columns:
            match = _FIGURE.fullmatch(row.get(column, "").strip())
            if match:
                found = max(found or 0, len(match[1] or ""))
    return found


# ---------------------------------------------------------------------------------- contracts, seats

def contract_markup(contract: Contract, options: PrintOptions) -> str:
    """``4♥X`` (the suit in red); notrump ``3NT``, or ``3无将`` in Chinese; passed out ``Pass``, or
    ``不叫`` in Chinese (contracts are written the international way in both languages)."""
    if contract.is_passed_out:
        return "不叫" if options.lang is Lang.ZH else "Pass"
    assert contract.strain is not None
    strain = "无将" if contract.strain is Strain.NT and options.lang is Lang.ZH else suit_markup(contract.strain)
    return f"{contract.level}{strain}{contract.doubling.suffix}"


def seat_mark(seat: Seat | None, options: PrintOptions) -> str:
    """A seat in a cell: 北 in Chinese, else N."""
    if seat is None:
        return ""
    return seat.chinese if options.lang is Lang.ZH else seat.name


def side_name(side: str, options: PrintOptions) -> str:
    """'NS' / 'EW' in a cell: 南北 / 东西 in Chinese."""
    return options.label("ns_pair" if side == "NS" else "ew_pair").split(" ")[0] if options.lang is Lang.ZH \
        else side


_PHANTOM = re.compile(r"phantom|ghost|幽灵|虚拟", re.IGNORECASE)
_NOBODY = frozenset({"", "-", "?", "0", "bye", "sit-out", "sitout"})


def phantoms_of(event: Event) -> frozenset[str]:
    """The ids of the event's phantom pairs (or players): those the file names Phantom."""
    return frozenset(p.id for p in event.participants if _PHANTOM.search(p.names or p.id))


def is_nobody(ident: str, phantoms: frozenset[str] = frozenset()) -> bool:
    """A phantom, or an empty seat (a bye, '-')."""
    return ident in phantoms or bool(_PHANTOM.search(ident)) or ident.strip().lower() in _NOBODY


def seat_holder(ident: str, options: PrintOptions, phantoms: frozenset[str] = frozenset()) -> str:
    """A pair, team or player as a cell names it: a phantom (``phantoms``: their ids) or an empty
    seat said so, with the phantom's number."""
    if ident in phantoms or _PHANTOM.search(ident):
        return f"{options.label('phantom')} {ident}" if ident in phantoms else options.label("phantom")
    if ident.strip().lower() in _NOBODY:
        return options.label("sit_out")
    return person(ident)


def result_cells(r: TableResult, options: PrintOptions, styles: Styles,
                 phantoms: frozenset[str] = frozenset()) -> tuple[Cell, str, str]:
    """Contract (a paragraph), declarer and tricks of a result; a board not played says so (a
    sit-out when a phantom or nobody sat there), an artificial score shows its marker, a weighted
    one its outcomes."""
    if r.artificial is not None:
        return r.artificial.marker, "", ""
    if r.weighted is not None:
        return " + ".join(f"{float(w) * 100:g}% {score}" for w, score in r.weighted.outcomes), "", ""
    if r.not_played:
        sit_out = is_nobody(r.ns, phantoms) or is_nobody(r.ew, phantoms)
        return styles.para(escape(options.label("sit_out" if sit_out else "not_played")), "cell_center"), "", ""
    if r.damaged:  # the cell as the file wrote it, marked: the result is the file's own
        written = escape(r.damaged) if r.contract is None else contract_markup(r.contract, options)
        return (styles.para(f"{written}{DAMAGED}", "cell_center"), seat_mark(r.declarer, options),
                "" if r.tricks is None else str(r.tricks))
    if r.contract is None:
        return "", "", ""
    cell = styles.para(contract_markup(r.contract, options), "cell_center")
    if r.contract.is_passed_out:
        return cell, "", ""
    return cell, seat_mark(r.declarer, options), "" if r.tricks is None else str(r.tricks)


# ------------------------------------------------------------------------------------------- marks

def damaged_note(results: EventResults, options: PrintOptions) -> str:
    """What a sheet says under its title when a result's cell could not be read ('' when none did):
    how many, the mark, and that the file's own score and figures stand for them."""
    damaged = [ln.result for b in results.boards for ln in b.lines if ln.result.damaged]
    if not damaged:
        return ""
    where = ", ".join(f"{r.board}" for r in damaged)
    zh = f"{len(damaged)} 个成绩的单元格无法读取（牌 {where}），标 {DAMAGED}：保留原文件的得分和比赛分。"
    en = f"{len(damaged)} result(s) with a cell that cannot be read (board {where}), marked {DAMAGED}: the file's score kept."
    return {Lang.ZH: zh, Lang.EN: en, Lang.BOTH: f"{zh}<br/>{en}"}[options.lang]


def _figure_of(item: str) -> tuple[str, str]:
    """(figure, side) that a Difference's item is about: ('mp', 'NS'), ('total', ''), ('rank', '')."""
    if item.startswith("Total"):
        if "Percentage" in item:
            return "pct", ""
        return ("imps" if "IMP" in item else "total"), ""
    if item == "Rank":
        return "rank", ""
    if item == "Score_NS":
        return "score", "NS"
    side = "NS" if item.endswith(("NS", "North", "South")) else "EW"
    for figure, prefixes in _FILE_COLUMNS.items():
        if item.startswith(prefixes):
            return figure, side
    return item, side


_WHAT = {"mp": ("比赛分", "MP"), "pct": ("百分比", "%"), "imp": ("国际分", "IMPs"), "imps": ("国际分合计", "IMPs"),
         "total": ("总分", "totals"), "score": ("得分", "scores"), "rank": ("名次", "ranks")}


class Marks:
    """Which printed figures differ from the file's own, and what to print for them: ours (the
    default) or the file's (``figures="file"``), with a dagger either way."""

    def __init__(self, differences: Sequence[Difference], options: PrintOptions, figures: str = "ours") -> None:
        if figures not in ("ours", "file"):
            raise RulesError(f"--figures {figures!r}: expected ours or file")
        self.options = options
        self.file = figures == "file"
        self.differences = tuple(differences)
        self._lines: dict[tuple[int | None, str, str, str], Difference] = {}
        for d in differences:
            figure, side = _figure_of(d.item)
            self._lines.setdefault((d.board, d.participant, figure, side), d)

    def figure(self, board: int | None, who: str, figure: str, side: str, ours: str) -> str:
        """Markup of a figure: ours, or the file's; a dagger where they differ."""
        d = self._lines.get((board, who, figure, side))
        if d is None:
            return escape(ours)
        return f"{escape(d.theirs if self.file else ours)}<super>{DAGGER}</super>"

    def datum(self, board: int, ours: str) -> str:
        """Markup of a Butler board's datum: ours, or the file's; a dagger where they differ."""
        d = next((d for d in self.differences if d.board == board and d.item == "Datum"), None)
        if d is None:
            return escape(ours)
        return f"{escape(d.theirs if self.file else ours)}<super>{DAGGER}</super>"

    def line(self, board: int, r: TableResult, figure: str, side: str, ours: str) -> str:
        return self.figure(board, result_label(r), figure, side, ours)

    def score(self, board: int, r: TableResult, side: str, ours: int | None) -> str:
        """A score as ``side`` sees it (``+420``, ``-420``, ``0``): the file's own where it is printed
        and differs, with a dagger."""
        d = self._lines.get((board, result_label(r), "score", "NS"))
        value = ours
        if d is not None and self.file:
            try:
                value = int(d.theirs) * (1 if side == "NS" else -1)
            except ValueError:
                return f"{escape(d.theirs)}<super>{DAGGER}</super>"
        text = "" if value is None else f"{value:+d}" if value else "0"
        return f"{escape(text)}<super>{DAGGER}</super>" if d is not None else escape(text)

    def total(self, ident: str, figure: str, ours: str) -> str:
        return self.figure(None, ident, figure, "", ours)

    def note(self, *, hint: bool = True) -> str:
        """What the first page says about the differences ('' when there are none); ``hint``: with
        the command-line option that prints the file's figures instead (a page leaves it out)."""
        if not self.differences:
            return ""
        count = len(self.differences)
        kinds = Counter(_figure_of(d.item)[0] for d in self.differences)
        zh_kinds = "、".join(f"{_WHAT.get(k, (k, k))[0]} {n}" for k, n in kinds.items())
        en_kinds = ", ".join(f"{_WHAT.get(k, (k, k))[1]} {n}" for k, n in kinds.items())
        if self.file:
            zh = (f"本表印文件原有的数字。其中 {count} 个与我们按定约和规则计算的结果不同（{zh_kinds}），标 {DAGGER}。")
            en = (f"This sheet prints the file's own figures; {count} of them differ from ours, computed from "
                  f"the contracts by the Laws ({en_kinds}), marked {DAGGER}.")
        else:
            zh = (f"有 {count} 个数字与文件原有的不同（{zh_kinds}），标 {DAGGER}：本表的数字是按定约和规则"
                  f"（第77、78条）重新计算的" + ("；用 --figures file 可印文件原数。" if hint else "。"))
            en = (f"{count} figures differ from the file's own ({en_kinds}), marked {DAGGER}: this sheet "
                  f"prints ours, computed from the contracts by the Laws (77, 78)"
                  + ("; --figures file prints the file's." if hint else "."))
        return {Lang.ZH: zh, Lang.EN: en, Lang.BOTH: f"{zh}<br/>{en}"}[self.options.lang]
