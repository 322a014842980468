"""A whole edition of the rulebook as a PDF for printing (``python -m rules_ext edition-pdf``).

In the order of the printed book: a title page (the edition, what it covers, which numbers and
titles the editors recovered, how their marks read), the front matter and definitions, the laws
with each provision indented by its level and the tables where they were printed (a misprinted
cell ``40〔应为60〕`` with its reason: the findings are given by the caller, this layer does not
import ``verify``), editorial insertions and recovered headings in grey 〔…〕, and the errata list.
Each page has a running head (the edition; the law or laws on it) and ``第 n 页`` / ``共 N 页`` at its
foot; Chinese is broken by the kinsoku rule, ♥ and ♦ are red, the same corpus gives the same bytes.
One law alone (:func:`write_law_pdf`, the site's 本条PDF) is set the same way without the title
page and the errata list: its citation is the running head, its page's address and the build date
are at the foot of every page.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from rules_ext.corpus.catalogue import EDITIONS
from rules_ext.corpus.labels import citation, law_of, number_runs
from rules_ext.corpus.model import Corpus, Definition, Edition, Law, Provision
from rules_ext.corpus.model import Table as TextTable
from rules_ext.corpus.printed import (
    RULE_TITLES,
    Change,
    CorrectedPlace,
    block_cell,
    changes_in_place,
    corrected_places,
    coverage_notes,
    inserted_ranges,
    join_reasons,
    law_citation,
    lost_table_notice,
    misprint_reasons,
    misprinted_cells,
    note_marker,
    recovered_header_cells,
    table_cuts,
    tables_by_label,
)
from rules_ext.errors import NotFoundError
from rules_ext.fileio import atomic_output
from rules_ext.pdf.figures import CANNOT_END, CANNOT_START, KinsokuParagraph, cjk_style, red_suits
from rules_ext.pdf.fonts import register_fonts
from rules_ext.pdf.layout import _TOTAL_FORM, GRID, MARGIN, RED_HEX, SHADE, Paper, _CountingCanvas

#: colour of what the editors added (insertions, recovered headings, notices)
EDITORIAL_HEX = "#5a5a5a"
#: colour of the delivered characters a correction struck through
STRUCK_HEX = "#8a8a8a"
#: colour of the provisions' own headings and the defined terms (the font has no bold cut)
HEADING_HEX = "#17375e"
#: indent of each level below a law's sections
INDENT = 5 * mm
_HEAD_GAP = 8 * mm


class _EditionCanvas(_CountingCanvas):
    """``共 N 页`` (in the edition's script) at the right of every footer."""

    total_right = True

    def __init__(self, *args, total_format: str = "共 {} 页", **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.total_format = total_format


class _Head(KinsokuParagraph):
    """A heading that names the part of the book it opens in the running head of its page."""

    def __init__(self, markup: str, style: ParagraphStyle, running: str) -> None:
        super().__init__(markup, style)
        self.running = running

    def drawOn(self, canvas, x, y, _sW=0):
        canvas.rules_heads.append((self.running, y + self.height))
        super().drawOn(canvas, x, y, _sW)


_LAW_HEAD = re.compile(r"第\d+[条條]")


def _running_head(canvas, frame_top: float) -> str:
    """The right-hand running head of the page just drawn: the heads that opened on it, after
    the one carried over from the page before when the page does not open with a head."""
    heads = canvas.rules_heads
    carried = canvas.rules_carried
    shown = [text for text, _ in heads]
    if carried and (not heads or heads[0][1] < frame_top - 2):
        shown.insert(0, carried)
    if heads:
        canvas.rules_carried = heads[-1][0]
    # the laws on the page when there are any (a chapter's or the definitions' head otherwise)
    laws = [t for t in shown if _LAW_HEAD.match(t)]
    if len(laws) > 1:
        return f"{laws[0].split()[0]}—{laws[-1].split()[0]}"
    return laws[0] if laws else shown[0] if shown else ""


class EditionPdf:
    """The flowables of one edition (see the module doc)."""

    def __init__(self, corpus: Corpus, edition: Edition, misprints: Sequence[Any] = (),
                 convert: Callable[[str], str] | None = None, room: float = 170 * mm) -> None:
        self.corpus, self.edition = corpus, edition
        self.room = room  # the width of the text
        #: the editors' words in the edition's script (a traditional copy's in 繁體)
        self.convert = convert or (lambda text: text)
        self._indented: dict[tuple[str, float, bool], ParagraphStyle] = {}
        self.misprints = [f for f in misprints if getattr(f, "edition", None) == edition.id]
        self.errata = {x.id: x for x in corpus.errata}
        self.tables = tables_by_label(edition)
        self.traditional = edition.script == "traditional"
        font = register_fonts()
        base = ParagraphStyle("edition-body", fontName=font, fontSize=10.5, leading=17,
                              spaceAfter=3)
        self.body = cjk_style(base, "edition-body-cjk")
        self.note = cjk_style(ParagraphStyle("edition-note", parent=base, fontSize=9.5, leading=15))
        self.small = cjk_style(ParagraphStyle("edition-small", parent=base, fontSize=8.5, leading=12.5,
                                              textColor=colors.HexColor(EDITORIAL_HEX)))
        # a closing mark hung at the end of a line stays inside the cell
        self.cell = cjk_style(ParagraphStyle("edition-cell", parent=base, fontSize=9, leading=12,
                                             spaceAfter=0, rightIndent=9))
        self.cell_center = ParagraphStyle("edition-cell-center", parent=self.cell, alignment=TA_CENTER,
                                          rightIndent=0)
        self.caption = ParagraphStyle("edition-caption", parent=self.cell, alignment=TA_CENTER,
                                      spaceBefore=4, spaceAfter=3, keepWithNext=1)
        # a printed block's own heading (1991 77B: 满贯奖分), over its block
        self.block_title = ParagraphStyle("edition-block-title", parent=self.cell, spaceBefore=5, spaceAfter=2,
                                          textColor=colors.HexColor(HEADING_HEX))
        self.law_style = cjk_style(ParagraphStyle("edition-law", parent=base, fontSize=14, leading=20,
                                            spaceBefore=12, spaceAfter=6, keepWithNext=1))
        self.chapter = cjk_style(ParagraphStyle("edition-chapter", parent=base, fontSize=17, leading=24,
                                                alignment=TA_CENTER, spaceBefore=18, spaceAfter=10,
                                                keepWithNext=1))
        self.group = cjk_style(ParagraphStyle("edition-group", parent=base, fontSize=12.5, leading=18,
                                              alignment=TA_CENTER, spaceBefore=8, spaceAfter=6,
                                              keepWithNext=1))
        self.subhead = ParagraphStyle("edition-subhead", parent=self.group, keepWithNext=0)
        self.title = cjk_style(ParagraphStyle("edition-title", parent=base, fontSize=26, leading=36,
                                              alignment=TA_CENTER, spaceAfter=14))
        self.subtitle = cjk_style(ParagraphStyle("edition-subtitle", parent=base, fontSize=15,
                                                 leading=22, alignment=TA_CENTER, spaceAfter=30))

    # -- text ---------------------------------------------------------------------------------
    def words(self, text: str) -> str:
        """The editors' words, escaped, in the edition's script."""
        return escape(self.convert(text))

    def editorial(self, text: str, *, delivered: bool = False) -> str:
        """The editors' words (or, ``delivered``, the text's own words they inserted) in grey."""
        return f'<font color="{EDITORIAL_HEX}">{escape(text if delivered else self.convert(text))}</font>'

    def text_markup(self, text: str, insertions: Sequence[tuple[int, int]] = (), offset: int = 0,
                    changes: Sequence[Change] = ()) -> str:
        """Markup of the text: escaped, insertions (offsets in the whole text, this piece starting
        at ``offset``) in 〔〕 and grey, each correction marked where it stands (``changes``, offsets
        in the whole text too: the delivered characters struck through in grey, then the corrected
        ones underlined), ♥ ♦ red."""
        size = len(text)
        spans = [(a - offset, b - offset) for a, b in insertions if b - offset > 0 and a - offset < size]
        marks = [(c.start - offset, c.end - offset, c.original) for c in changes
                 if 0 <= c.start - offset <= size and (c.end - offset <= size)]
        cuts = sorted({0, size} | {min(max(x, 0), size) for a, b in spans for x in (a, b)}
                      | {x for a, b, _ in marks for x in (a, b)})
        out = []
        for lo, hi in zip(cuts, [*cuts[1:], None]):
            out += [self.struck(old) for a, _, old in marks if a == lo and old]
            if hi is None or hi == lo:
                continue
            piece = escape(text[lo:hi])
            if any(a <= lo and hi <= b for a, b, _ in marks):
                piece = f"<u>{piece}</u>"
            inside = next(((a, b) for a, b in spans if a <= lo and hi <= b), None)
            if inside is not None:
                opening = "〔" if lo == max(inside[0], 0) else ""
                closing = "〕" if hi == min(inside[1], size) else ""
                piece = f'<font color="{EDITORIAL_HEX}">{opening}{piece}{closing}</font>'
            out.append(piece)
        return red_suits("".join(out))

    @staticmethod
    def struck(original: str) -> str:
        """Delivered characters a correction removed: struck through, grey; a removed line break of the
        scrape (1991 Law 1's lost suit symbols: 黑桃（⏎）) is no character and is not printed."""
        if not original.strip():
            return ""
        return f'<font color="{STRUCK_HEX}"><strike>{escape(" ".join(original.split()))}</strike></font>'

    def corrected(self, original: str, text: str) -> str:
        """``text`` (delivered as ``original``: a marker, a heading, a title) with its corrections
        marked where they stand."""
        if not original or original == text:
            return self.text_markup(text)
        return self.text_markup(text, changes=changes_in_place(original, text)[0])

    def reasons(self, ids: Sequence[str], indent: float = 0) -> list[Flowable]:
        """The note under a corrected place: why each correction was made (the errata list at the
        end of the edition repeats them)."""
        found = [self.errata[i].explanation for i in ids if i in self.errata]
        if not found:
            return []
        return [self.para(self.editorial("勘误：" + join_reasons(found)), self.small, indent)]

    def para(self, markup: str, style: ParagraphStyle, indent: float = 0, *,
             hang: bool = False) -> KinsokuParagraph:
        """A paragraph set in by ``indent``; ``hang``: its second and later lines set in by two
        characters more (a provision's text under its marker)."""
        if indent or hang:
            extra = 2 * style.fontSize if hang else 0
            key = (style.name, round(indent, 1), hang)
            if key not in self._indented:
                self._indented[key] = ParagraphStyle(f"{style.name}-{indent:.0f}-{hang}", parent=style,
                                                     leftIndent=indent + extra, firstLineIndent=-extra)
            style = self._indented[key]
        return KinsokuParagraph(markup, style)

    # -- the book -------------------------------------------------------------------------------
    def story(self) -> list[Flowable]:
        story = self.title_page()
        story += self.front_matter()
        story += self.definitions()
        story += self.laws()
        story += self.errata_list()
        return story

    def name(self) -> str:
        return EDITIONS.name(self.edition.id)

    def title_page(self) -> list[Flowable]:
        e = self.edition
        story: list[Flowable] = [Spacer(1, 60 * mm),
                                 self.para(escape(e.title or self.name()), self.title),
                                 self.para(self.words(f"{self.name()} · 全文打印本"), self.subtitle)]
        notes = coverage_notes(e)
        numbered = [law.number for law in e.laws if law.number_editorial]
        titled = [law.number for law in e.laws if law.title_editorial]
        if numbered:
            notes.append(f"原文未印条号的{len(numbered)}条（{_ranges(numbered)}），条号由编者恢复。")
        if titled:
            notes.append(f"原文未印条名的{len(titled)}条（{_ranges(titled)}），条名由编者拟定，标以“编者”。")
        notes += ["以〔〕和灰色标出的文字为编者所加：补入的文字、恢复的标题与表头、误印数值的改正"
                  "（如“40〔应为60〕”）。原文的每一处改动都在原处标出：原文所印的字加删除线，改正的字"
                  "加下划线，其下注明理由；书末的勘误表一并列出。",
                  "本打印本与网站的条文页由同一份语料生成，内容相同。"]
        style = ParagraphStyle("edition-about", parent=self.body, leftIndent=18 * mm, rightIndent=18 * mm)
        story += [self.para(self.words(n), style) for n in notes]
        story += [NextPageTemplate("page"), PageBreak()]
        return story

    def front_matter(self) -> list[Flowable]:
        story: list[Flowable] = []
        for f in self.edition.front:
            if f.kind == "abstract":  # the encyclopedia's abstract is garbled: not published
                continue
            story.append(_Head(escape(f.title), self.group, f.title))
            story += [self.para(self.corrected(original, p), self.body)
                      for original, p in zip(f.original_paragraphs, f.paragraphs) if p.strip()]
            story += self.reasons(f.corrections)
        return story

    def definitions(self) -> list[Flowable]:
        if not self.edition.definitions:
            return []
        head = self.convert("定义")
        story: list[Flowable] = [CondPageBreak(60 * mm), _Head(head, self.chapter, head)]
        story += [self.definition(d) for d in self.edition.definitions]
        return story

    def definition(self, d: Definition) -> Flowable:
        term = f'<font color="{HEADING_HEX}">【{escape(d.term)}】</font>'
        term += self.editorial("（编者恢复）") if d.recovered else ""
        # the English term as printed, a correction marked
        english = f"（{self.corrected(d.original_english, d.english)}）" if d.english else ""
        ranges = inserted_ranges(d.text, d.corrections, self.errata)
        changes, whole = changes_in_place(d.original_text, d.text, ranges) if d.corrections else ([], False)
        text = self.text_markup(d.text, ranges, changes=[] if whole else changes)
        shown = [self.para(f"{term}{english}　{text}", self.body, hang=True)]
        if whole:
            shown.append(self.para(self.editorial("原文作：") + self.struck(d.original_text), self.small))
        return KeepTogether(shown + self.reasons(d.corrections)) if d.corrections else shown[0]

    def laws(self) -> list[Flowable]:
        story: list[Flowable] = []
        chapter: str | None = None
        groups: tuple[str, ...] = ()
        for law in sorted(self.edition.laws, key=lambda x: x.number):
            if law.chapter and law.chapter != chapter:
                story += [CondPageBreak(50 * mm), _Head(escape(law.chapter), self.chapter, law.chapter)]
                chapter, groups = law.chapter, ()
            for i, group in enumerate(law.groups):
                if groups[:i + 1] != law.groups[:i + 1]:
                    story.append(self.para(escape(group), self.group))
            groups = law.groups
            story += self.law(law)
        return story

    def law(self, law: Law) -> list[Flowable]:
        title = citation(law.label, law.title or "", traditional=self.traditional)
        marks = []
        if law.number_editorial:
            marks.append("条号")
        if law.title_editorial:
            marks.append("条名")
        marked = escape(title)
        if law.original_title and title.endswith(law.title):
            marked = escape(title[:len(title) - len(law.title)]) + self.corrected(law.original_title, law.title)
        heading = marked + (self.editorial(f"  （{'、'.join(marks)}：编者）") if marks else "")
        story: list[Flowable] = [CondPageBreak(30 * mm), _Head(heading, self.law_style, title)]
        story += self.reasons(law.title_corrections)
        for p in law.provisions:
            story += self.provision(p, 0)
        shown = {p.label for p in law.walk()}
        for label, tables in self.tables.items():  # tables of the law itself, after its text
            if label == law.label and label not in shown:
                for table in tables:
                    story += self.table(table)
        if not any(p.text.strip() or p.children for p in law.provisions):
            story.append(self.para(self.editorial("原文此条只存条名，条文已缺失。"), self.small))
        return story

    def provision(self, p: Provision, level: int) -> list[Flowable]:
        indent = INDENT * max(level, 0)
        style = self.note if p.kind == "note" else self.body
        marker, closing = note_marker(p.marker) if p.kind == "note" else (p.marker, "")
        # the marker as delivered, where the shown one differs (the traditional copy's ***a***)
        marker_original = p.original_marker or (p.marker if marker != p.marker else "")
        lead = self.corrected(marker_original, marker)
        if closing and marker_original.startswith("***"):
            closing_markup = self.struck("***") + f"<u>{escape(closing)}</u>"
        else:
            closing_markup = escape(closing)
        if p.heading:
            lead += (("" if not lead else " ") + f'<font color="{HEADING_HEX}">'
                     f'{self.corrected(p.original_heading, p.heading)}</font>')
        if p.recovered:
            lead += self.editorial("（编者恢复）")
        own_tables = self.tables.get(p.label, [])
        cuts = table_cuts(p, own_tables)
        insertions = inserted_ranges(p.text, p.corrections, self.errata)
        changes: list[Change] = []
        whole = False
        if p.corrections and p.original_text and p.original_text != p.text:
            changes, whole = changes_in_place(p.original_text, p.text, insertions)
            if whole:
                changes = []
        story: list[Flowable] = []
        bounds = list(zip([0, *cuts], [*cuts, len(p.text)]))
        for k, (start, end) in enumerate(bounds):
            lines = self._lines(p.text, start, end)
            if k == 0:
                if not lines:
                    lines = [(start, "")]
                first_at, first = lines[0]
                text = self.text_markup(first, insertions, first_at, changes)
                if closing and len(lines) == 1 and len(bounds) == 1:
                    text += closing_markup
                if lead or text:
                    story.append(self.para(f"{lead}{' ' if lead and text else ''}{text}", style, indent,
                                           hang=bool(lead)))
                lines = lines[1:]
            for n, (at, line) in enumerate(lines):
                text = self.text_markup(line, insertions, at, changes)
                if closing and k == len(bounds) - 1 and n == len(lines) - 1:
                    text += closing_markup
                story.append(self.para(text, style, indent))
            if k < len(own_tables):
                story += self.table(own_tables[k], indent)
        if whole:  # a rewrite: the delivered wording in full, struck through
            story.append(self.para(self.editorial("原文作：") + self.struck(p.original_text), self.small, indent))
        if p.corrections:  # the reasons under the corrected text, kept on its page
            story = [KeepTogether(story + self.reasons(p.corrections, indent))]
        for child in p.children:
            story += self.provision(child, level + (0 if p.kind in ("law", "intro") else 1))
        if p.closing:
            closing_changes = (changes_in_place(p.closing_original, p.closing)[0]
                               if p.closing_original and p.closing_original != p.closing else [])
            story.append(self.para(self.text_markup(p.closing, changes=closing_changes), style, indent))
        return story

    @staticmethod
    def _lines(text: str, start: int, end: int) -> list[tuple[int, str]]:
        """The non-empty lines of ``text[start:end]`` with their offsets in ``text``."""
        out, at = [], start
        for line in text[start:end].split("\n"):
            if line.strip():
                out.append((at, line))
            at += len(line) + 1
        return out

    # -- tables ---------------------------------------------------------------------------------
    def table(self, t: TextTable, indent: float = 0) -> list[Flowable]:
        """A table where it was printed: as the book printed it, block by block under each block's
        printed heading (``Table.blocks``: 1991 77A, 77B, the same blocks the site draws), else as
        rebuilt; a misprinted value marked in its cell, the reasons below."""
        story: list[Flowable] = [self.para(escape(t.caption), self.caption, indent)] if t.caption else []
        if not t.rows:
            return story + [self.para(self.editorial(lost_table_notice(t)), self.small, indent)]
        wrong = misprinted_cells(t, self.misprints)
        recovered = recovered_header_cells(t)

        def cell(text: str, at: tuple[int, int] | None) -> _Cell:
            """A cell's words with the marks of its place in the rebuilt table."""
            if at is None:
                return _Cell(text)
            f = wrong.get(at)
            return _Cell(text, self.convert(f"〔应为{f.computed}〕") if f else "",
                         at[0] < 0 and text in recovered)

        if t.blocks:
            for block in t.blocks:
                head = [cell(*block_cell(t, c)) for c in block.header]
                rows = [[cell(*block_cell(t, c)) for c in row] for row in block.rows]
                title = [KinsokuParagraph(escape(block.title), self.block_title)] if block.title else []
                story += [KeepTogether(title + self.grid(head, rows, indent)), Spacer(1, 3)]
        else:
            width = max([len(t.header)] + [len(r) for r in t.rows])
            grouped = len({r[0] for r in t.rows if r}) < len([r for r in t.rows if r]) and width >= 3
            head = [cell(h, (-1, j)) for j, h in enumerate(t.header)] if any(h.strip() for h in t.header) else []
            rows = [[cell("" if j == 0 and grouped and i and t.rows[i - 1][:1] == row[:1] else text, (i, j))
                     for j, text in enumerate(row)] for i, row in enumerate(t.rows)]
            story += self.grid(head, rows, indent)
        story += [self.para(self.editorial(r), self.small, indent)
                  for r in misprint_reasons([f for f in self.misprints if f.table == t.id])]
        story.append(Spacer(1, 4))
        return story

    def grid(self, head: list[_Cell], rows: list[list[_Cell]], indent: float = 0) -> list[Flowable]:
        """A ruled grid of cells (a shaded header row when there is one), each column as wide as
        :meth:`_column_widths` says, set in by ``indent``."""
        width = max([len(head)] + [len(r) for r in rows])
        data = [[self.cell_paragraph(c) for c in row] + [self.cell_paragraph(_Cell(""))] * (width - len(row))
                for row in ([head] if head else []) + rows]
        widths = self._column_widths([c.shown for c in head], [[c.shown for c in r] for r in rows],
                                     width, self.room - indent)
        table = Table(data, colWidths=widths, repeatRows=1 if head else 0, hAlign="LEFT")
        style = [("FONTNAME", (0, 0), (-1, -1), self.cell.fontName),
                 ("GRID", (0, 0), (-1, -1), 0.5, GRID), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                 ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]
        if head:
            style.append(("BACKGROUND", (0, 0), (-1, 0), SHADE))
        table.setStyle(TableStyle(style))
        return [_Indented(table, indent) if indent else table]

    def cell_paragraph(self, c: _Cell) -> Paragraph:
        shown = self.editorial(f"〔{c.text}〕", delivered=True) if c.editorial else red_suits(escape(c.text))
        if c.mark:
            shown += f'<font color="{RED_HEX}">{escape(c.mark)}</font>'
        # figures and short words centred, sentences from the left
        return KinsokuParagraph(shown, self.cell_center if len(c.text) <= 6 else self.cell)

    def _column_widths(self, head: Sequence[str], rows: Sequence[Sequence[str]], width: int,
                       room: float) -> list[float]:
        """Each column as wide as its widest cell (as shown: a misprint mark, a recovered cell's
        brackets included) and its header up to five characters; room left over widens the columns
        whose header is longer, so that it breaks onto fewer lines; a table wider than ``room`` is
        narrowed in proportion."""
        font, size, pad = self.cell.fontName, self.cell.fontSize, 14  # the cell padding is 6 + 6

        def w(text: str) -> float:
            # a cell of more than six characters is set in self.cell, whose right indent keeps room
            # for a closing mark hung at a line's end (cell_paragraph())
            return stringWidth(text, font, size) + (self.cell.rightIndent if len(text) > 6 else 0)

        bodies = [max([w(r[j]) for r in rows if j < len(r)] + [size]) for j in range(width)]
        heads = [w(head[j]) if j < len(head) else 0 for j in range(width)]
        wants = [max(b, min(h, 5 * size)) + pad for b, h in zip(bodies, heads)]
        spare = room - sum(wants)
        if spare < 0:
            return [x * room / sum(wants) for x in wants]
        more = [max(h + pad - x, 0) for h, x in zip(heads, wants)]
        if sum(more):
            share = min(1.0, spare / sum(more))
            wants = [x + m * share for x, m in zip(wants, more)]
        return wants

    # -- errata ---------------------------------------------------------------------------------
    def errata_list(self) -> list[Flowable]:
        e = self.edition
        head = self.convert("勘误表")
        story: list[Flowable] = [PageBreak(), _Head(head, self.chapter, head)]
        keyed: list[list[Paragraph]] = []
        ruled: dict[str, tuple[Any, list[str]]] = {}
        for place in corrected_places(e):
            where = place.where(traditional=self.traditional)
            for cid in place.corrections:
                x = self.errata.get(cid)
                if x is None:
                    continue
                if hasattr(x, "key"):
                    left, right = misprint_context(place_text(e, place), x.key, x.original, x.corrected)
                    shown = f"{left}{x.corrected}{right}"
                    corrected = self.text_markup(shown)
                    if getattr(x, "insertion", False) and x.inserted:
                        at = len(left) + x.corrected.find(x.inserted)
                        corrected = self.text_markup(shown, [(at, at + len(x.inserted))])
                    keyed.append([KinsokuParagraph(escape(where), self.cell),
                                  KinsokuParagraph(self.text_markup(f"{left}{x.original}{right}") or "—", self.cell),
                                  KinsokuParagraph(corrected or "—", self.cell),
                                  KinsokuParagraph(self.words(x.explanation or x.reason), self.cell)])
                else:
                    ruled.setdefault(cid, (x, []))[1].append(where)
        misprints = []
        for law in sorted(e.laws, key=lambda x: x.number):
            found = [f for f in self.misprints if law_of(f.label) == law.number]
            misprints += [f"{citation(found[0].label)}：{r}" for r in misprint_reasons(found)]
        count = len(keyed) + sum(len(p) for _, p in ruled.values()) + len(misprints)
        story.append(self.para(self.words(
            "本版原文的每一处改动都列在这里，并说明理由；正文印的是改正后的文字。"
            f"以〔〕标出的文字为编者补入，任何原本都没有。共{count}处。"), self.body))
        if keyed:
            room = self.room
            header = [KinsokuParagraph(self.words(h), self.cell_center) for h in ("位置", "原文", "改为", "理由")]
            table = Table([header, *keyed], colWidths=[room * w for w in (0.16, 0.24, 0.24, 0.36)],
                          repeatRows=1, hAlign="LEFT")
            table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), self.cell.fontName),
                                       ("GRID", (0, 0), (-1, -1), 0.5, GRID),
                                       ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                                       ("VALIGN", (0, 0), (-1, -1), "TOP")]))
            # not kept with the table: a long table starts on the page the heading is on
            story += [CondPageBreak(40 * mm), self.para(self.words("逐处勘误"), self.subhead), table]
        for x, places in ruled.values():
            story += [self.para(self.words(RULE_TITLES.get(x.change, "统一改动")), self.group),
                      self.para(self.words(x.explanation), self.body),
                      self.para(self.words(f"见于{len(places)}处：") + escape("、".join(places)), self.note)]
        if misprints:
            story.append(self.para(self.words("表格误印（保留原印数值，只加注）"), self.group))
            story += [self.para(self.words(m), self.body) for m in misprints]
        return story


@dataclass(frozen=True, slots=True)
class _Cell:
    """A table cell as printed: its words, a misprint's correction after them (``〔应为60〕``), and
    whether the editors recovered it (a header cell shown as an insertion, ``〔♣〕``)."""

    text: str
    mark: str = ""
    editorial: bool = False

    @property
    def shown(self) -> str:
        return (f"〔{self.text}〕" if self.editorial else self.text) + self.mark


class _Indented(Flowable):
    """A table set in from the left margin by its provision's indent."""

    def __init__(self, inner: Flowable, indent: float) -> None:
        super().__init__()
        self.inner, self.indent = inner, indent

    def wrap(self, aw, ah):
        w, h = self.inner.wrap(aw - self.indent, ah)
        return w + self.indent, h

    def split(self, aw, ah):
        return [_Indented(part, self.indent) for part in self.inner.split(aw - self.indent, ah)]

    def drawOn(self, canvas, x, y, _sW=0):
        self.inner.drawOn(canvas, x + self.indent, y, _sW)


def _ranges(numbers: Sequence[int]) -> str:
    """``第5–93条``, ``第3、5、7–9条``."""
    return "第" + "、".join(number_runs(numbers)) + "条"


def _frame(book: EditionPdf, height: float) -> Frame:
    top_gap = _HEAD_GAP / 2
    return Frame(MARGIN + 4 * mm, MARGIN + top_gap, book.room, height - 2 * MARGIN - 2 * top_gap,
                 id="body", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)


def _page_furniture(font: str, width: float, height: float, book: EditionPdf,
                    left: str | Callable[[Any], str], right: Callable[[Any], str],
                    foot_left: str = "") -> Callable[[Any, Any], None]:
    """The onPageEnd of a printed page: a running head (``left`` and ``right`` of the rule),
    ``第 n 页`` in the middle of the foot (``foot_left`` at its left), ``共 N 页`` at its right."""
    def end(canvas, doc) -> None:
        canvas.saveState()
        canvas.setFont(font, 8.5)
        y = height - MARGIN + 1 * mm
        canvas.drawString(MARGIN, y, left if isinstance(left, str) else left(canvas))
        canvas.drawRightString(width - MARGIN, y, right(canvas))
        canvas.setStrokeColor(GRID)
        canvas.setLineWidth(0.5)
        canvas.line(MARGIN, y - 2 * mm, width - MARGIN, y - 2 * mm)
        bottom = MARGIN - 6 * mm
        canvas.setFont(font, 8.5)
        if foot_left:
            canvas.setFont(font, 7.5)
            canvas.drawString(MARGIN, bottom, foot_left)
            canvas.setFont(font, 8.5)
            canvas.drawRightString(width - MARGIN - 16 * mm, bottom,
                                   book.convert(f"第 {canvas.getPageNumber()} 页"))
        else:
            canvas.drawCentredString(width / 2, bottom, book.convert(f"第 {canvas.getPageNumber()} 页"))
        canvas.translate(width - MARGIN, bottom)
        canvas.doForm(_TOTAL_FORM)
        canvas.restoreState()

    return end


def write_edition_pdf(corpus: Corpus, edition_id: str, path: str | Path, *,
                      misprints: Sequence[Any] = (), convert: Callable[[str], str] | None = None,
                      paper: str | Paper = Paper.A4) -> int:
    """Write the PDF of edition ``edition_id`` to ``path`` (atomically); return its page count.
    ``misprints`` are verification findings (``edition``, ``label``, ``table``, ``row``,
    ``column``, ``printed``, ``computed``) marked in the tables' cells; ``convert`` puts the
    editors' words in the edition's script (a traditional-script edition's in 繁體)."""
    edition = corpus.edition(edition_id)  # KeyError names the editions
    font = register_fonts()
    width, height = Paper.parse(paper).value
    book = EditionPdf(corpus, edition, misprints, convert, room=width - 2 * MARGIN - 8 * mm)
    frame = _frame(book, height)
    frame_top = frame._y1 + frame._height
    left = f"{edition.title or book.name()}"

    def begin(canvas, doc) -> None:
        canvas.rules_heads = []
        if not hasattr(canvas, "rules_carried"):
            canvas.rules_carried = ""

    def title_end(canvas, doc) -> None:
        canvas.rules_heads = []

    end = _page_furniture(font, width, height, book, left, lambda canvas: _running_head(canvas, frame_top))
    with atomic_output(path) as tmp:
        doc = BaseDocTemplate(str(tmp), pagesize=(width, height), title=f"{left} · 全文打印本",
                              author="rules_ext", creator="rules_ext (reportlab)", invariant=1,
                              initialFontName=font)
        doc.addPageTemplates([
            PageTemplate(id="title", frames=[frame], onPage=begin, onPageEnd=title_end),
            PageTemplate(id="page", frames=[frame], onPage=begin, onPageEnd=end)])
        total = book.convert("共 {} 页")
        doc.build(book.story(),
                  canvasmaker=lambda *args, **kwargs: _EditionCanvas(*args, total_format=total, **kwargs))
        pages = doc.page
    return pages


def write_law_pdf(corpus: Corpus, edition_id: str, number: int, path: str | Path, *,
                  address: str, date: str, misprints: Sequence[Any] = (),
                  convert: Callable[[str], str] | None = None, paper: str | Paper = Paper.A4) -> int:
    """Write one law of an edition to ``path`` as the printed edition sets it (atomically), with
    its citation as the running head and its page's ``address`` and the build ``date`` at the foot
    of every page; return the page count."""
    edition = corpus.edition(edition_id)  # a NotFoundError names the editions
    law = edition.law(number)
    if law is None:
        raise NotFoundError(f"no law {number} in edition {edition_id}: expected one of "
                            f"{', '.join(number_runs([x.number for x in edition.laws]))}")
    font = register_fonts()
    width, height = Paper.parse(paper).value
    book = EditionPdf(corpus, edition, misprints, convert, room=width - 2 * MARGIN - 8 * mm)
    traditional = edition.script == "traditional"
    cite = law_citation(edition.id, EDITIONS.name(edition.id), law.number, law.title or "",
                        traditional=traditional)
    words = book.convert(f"网址：{address}　生成日期：{date}")
    end = _page_furniture(font, width, height, book, cite, lambda canvas: "", foot_left=words)

    def begin(canvas, doc) -> None:
        canvas.rules_heads = []

    story = book.law(law)
    with atomic_output(path) as tmp:
        doc = BaseDocTemplate(str(tmp), pagesize=(width, height), title=cite,
                              author="rules_ext", creator="rules_ext (reportlab)", invariant=1,
                              initialFontName=font)
        doc.addPageTemplates([PageTemplate(id="page", frames=[_frame(book, height)], onPage=begin,
                                           onPageEnd=end)])
        total = book.convert("共 {} 页")
        doc.build(story,
                  canvasmaker=lambda *args, **kwargs: _EditionCanvas(*args, total_format=total, **kwargs))
        pages = doc.page
    return pages


def place_text(edition: Edition, place: CorrectedPlace) -> str:
    """The delivered text of a corrected place (a provision, a definition, the front matter)."""
    if place.kind == "provision":
        return "".join(p.original_heading + p.original_text for p in edition.provisions() if p.label == place.key)
    if place.kind == "title":
        return "".join(law.original_title for law in edition.laws if law.label == place.key)
    if place.kind == "definition":
        return "".join(d.original_text for d in edition.definitions if d.term == place.key)
    return "".join("".join(f.original_paragraphs) for f in edition.front if f.title == place.key)


def misprint_context(text: str, key: str, original: str, corrected: str, *, least: int = 2) -> tuple[str, str]:
    """The delivered characters the errata table prints before and after a correction so that its
    cells read as text: none, unless the original or the corrected text would open a line with
    closing punctuation or end one with opening punctuation (a doubled comma ``，，``, a stray
    ``如果[``); then at least ``least`` characters of the delivered text on that side, as far as
    needed for the kinsoku rule (``翻明，，`` / ``翻明，``; ``如果[牌张`` / ``如果牌张``). The
    correction is found where its ``key`` stands in ``text`` (else in the key itself)."""
    def opens_badly(piece: str) -> bool:
        return bool(piece) and piece[0] in CANNOT_START

    def closes_badly(piece: str) -> bool:
        return bool(piece) and piece[-1] in CANNOT_END

    at = text.find(key)
    if at < 0:
        text, at = key, 0
    start = at + key.find(original)
    end = start + len(original)
    low, high = start, end
    if opens_badly(original) or opens_badly(corrected):
        while low > 0 and (start - low < least or text[low] in CANNOT_START):
            low -= 1
    if closes_badly(original) or closes_badly(corrected):
        while high < len(text) and (high - end < least or text[high - 1] in CANNOT_END):
            high += 1
    return text[low:start], text[end:high]
