"""What every reader's view of an edition (the site's pages, the printed PDF) shows the same way:
where a table was printed inside its provision's text, which words of a corrected text are an
editorial insertion, how a misprinted table cell is explained, what the edition covers, and which
places of the text were changed (the errata list). Plain text and offsets only: each view marks
them up in its own way.
"""
from __future__ import annotations

import datetime
import difflib
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .labels import citation
from .model import Edition, PrintedCell, Provision, Table

#: the heading of a rule's section of the errata list, by the rule's kind of change
RULE_TITLES = {"suits": "花色符号的恢复", "brackets": "括号（繁体本的“***”）",
               "semicolons": "分号（繁体本的半角“;”）"}
#: closing bracket of each opening one a note marker may leave open
_CLOSING = {"（": "）", "(": ")"}


def note_marker(marker: str) -> tuple[str, str]:
    """(marker as shown, bracket that closes the note after its text).

    A note printed as a sentence, ``（注：…）``, opens its bracket in the marker; the page closes it
    after the text, as printed. The traditional copy prints brackets as ``***`` (``***注：…***``).
    """
    shown = marker.replace("***", "（", 1) if marker.startswith("***") else marker
    opening = shown[:1]
    if opening in _CLOSING and _CLOSING[opening] not in shown:
        return shown, _CLOSING[opening]
    return shown, ""


def recovered_header_cells(table: Table) -> set[str]:
    """Header cells the editors recovered (1991 77A: the suit symbols), shown as insertions 〔♣〕."""
    return {cell for note in table.notes
            for m in [re.search(r"recovered as ([♠♥♦♣ ]+)", note)] if m for cell in m.group(1).split()}


def block_cell(table: Table, cell: PrintedCell) -> tuple[str, tuple[int, int] | None]:
    """A cell of a table's printed block (``Table.blocks``): its words and, for a cell of the
    rebuilt table, its place there (row, column; row -1: the header), where a view finds the
    cell's marks (a recovered header cell, a misprinted value); ``None`` for words printed in the
    block only (77A's no-trump block's headings)."""
    if isinstance(cell, str):
        return cell, None
    row, column = cell
    return (table.header if row < 0 else table.rows[row])[column], (row, column)


def lost_table_notice(table: Table) -> str:
    """The editors' notice shown instead of a table whose body the source lost."""
    kept = "、".join(f"“{c}”" for c in table.header if c.strip())
    return f"编注：此处原印“{table.caption}”表，原文只存表头{kept}，表身已缺失。"


def table_cuts(p: Provision, own_tables: Sequence[Table]) -> list[int]:
    """For each table (in print order), the offset in ``p.text`` of the first text line printed
    after it (``len(p.text)`` when none is): 1991 Law 2 prints 如下： / the tables / 上表."""
    lines = p.text.split("\n") if p.text else []
    if len(lines) != len(p.text_lines):
        return [len(p.text)] * len(own_tables)  # no line map: tables after the text
    starts = [sum(len(x) + 1 for x in lines[:i]) for i in range(len(lines))]
    cuts: list[int] = []
    for table in own_tables:
        after = [start for start, number in zip(starts, p.text_lines) if number > table.lines[0]]
        cuts.append(max([after[0] if after else len(p.text)] + cuts[-1:]))
    return cuts


def tables_by_label(edition: Edition) -> dict[str, list[Table]]:
    """The edition's tables under the label of the provision they belong to, in print order."""
    tables: dict[str, list[Table]] = {}
    for table in sorted(edition.tables, key=lambda t: t.lines[0]):
        tables.setdefault(table.label, []).append(table)
    return tables


def inserted_ranges(text: str, corrections: Sequence[str], errata: Mapping[str, Any]
                    ) -> list[tuple[int, int]]:
    """(start, end) in ``text`` of each editorial insertion among ``corrections`` (an erratum's
    text that no delivered copy has), in text order."""
    found = []
    for cid in corrections:
        inserted = getattr(errata.get(cid), "inserted", "")
        at = text.find(inserted) if inserted else -1
        if at >= 0:
            found.append((at, at + len(inserted)))
    return sorted(found)


@dataclass(frozen=True, slots=True)
class Change:
    """A correction where it stands in the corrected text: ``text[start:end]`` replaces the
    delivered ``original`` (``start == end``: the delivered characters were removed; ``original``
    empty: the characters were added)."""

    start: int
    end: int
    original: str


#: a corrected text is marked in place unless one change is more than this share of it (a
#: rewrite is struck whole, the delivered wording shown in full)
IN_PLACE = 0.5


def changes_in_place(original: str, text: str, insertions: Sequence[tuple[int, int]] = ()
                     ) -> tuple[list[Change], bool]:
    """The corrections of ``text`` (delivered as ``original``) where they stand, and whether the
    text changed too much to be read in place (one change longer than half of it; many small
    ones, the traditional copy's *** for each bracket, are marked where they are). A change inside
    an editorial insertion (``insertions``: ranges of ``text``, shown as 〔…〕) keeps the insertion
    whole: its struck delivered characters, if any, stand before it."""
    matcher = difflib.SequenceMatcher(None, original, text, autojunk=False)
    # two short changes one shared character apart are one word (达到 -> 到达, not 达̶到达); longer
    # ones stay apart (***a*** -> （a）: each *** struck beside its bracket)
    groups: list[list[int]] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op != "equal":
            if groups and groups[-1][1] == i1 and groups[-1][3] == j1:
                groups[-1][1], groups[-1][3] = i2, j2
            else:
                groups.append([i1, i2, j1, j2])
        elif i2 - i1 == 1 and groups and groups[-1][1] == i1 and i2 < len(original) and j2 < len(text) \
                and original[i2] != text[j2] and groups[-1][1] - groups[-1][0] <= 2 \
                and groups[-1][3] - groups[-1][2] <= 2:
            groups[-1][1], groups[-1][3] = i2, j2  # the shared character goes into the change
    found: list[Change] = []
    longest = 0
    for i1, i2, j1, j2 in groups:
        old = original[i1:i2]
        longest = max(longest, (i2 - i1) + (j2 - j1))
        inside = next(((a, b) for a, b in insertions if a <= j1 and max(j2, j1 + 1) <= b), None)
        if inside is not None:
            if old.strip():
                found.append(Change(j1, j1, old))
            continue
        found.append(Change(j1, j2, old))
    return found, longest > IN_PLACE * max(len(text), 1)


def join_reasons(reasons: Sequence[str]) -> str:
    """The reasons of one place's corrections as one sentence ending with one “。”."""
    return "；".join(r.strip().rstrip("。") for r in reasons if r.strip()) + "。"


def misprint_reason(finding: Any, columns: Sequence[str] = ()) -> str:
    """The Chinese reason shown under a table whose cell(s) were printed wrong: ``columns`` are
    the columns of the same row printed with the same wrong value (default: the finding's)."""
    columns = list(columns) or [finding.column]
    cells = "、".join(str(c) for c in columns if c)
    count = "一格" if len(columns) == 1 else f"{'两' if len(columns) == 2 else len(columns)}格"
    return (f"〔应为{finding.computed}〕：原表{finding.row}{cells}{count}印作{finding.printed}；按计分规则"
            f"核算应为{finding.computed}，当属误印。表中保留原印数值，只加注改正。")


def misprint_reasons(findings: Sequence[Any]) -> list[str]:
    """One reason per row and wrong value (1991 77A: 加倍时 ♥、♠ both printed 40 for 60)."""
    groups: dict[tuple[str, str, str, str], list[Any]] = {}
    for f in findings:
        groups.setdefault((f.table, f.row, f.printed, f.computed), []).append(f)
    return [misprint_reason(fs[0], [f.column for f in fs]) for fs in groups.values()]


def misprinted_cells(table: Table, findings: Sequence[Any]) -> dict[tuple[int, int], Any]:
    """(row index, column index) -> the finding of each cell of ``table`` printed wrong (a finding
    names its row by the row's first cell and its column by the header)."""
    found = {}
    for f in findings:
        if getattr(f, "table", None) != table.id or f.column not in table.header:
            continue
        for i, row in enumerate(table.rows):
            if row and row[0] == f.row:
                found[i, table.header.index(f.column)] = f
    return found


def coverage_notes(edition: Edition) -> list[str]:
    """What the edition is and what it covers, in Chinese sentences."""
    numbers = sorted(law.number for law in edition.laws)
    notes = []
    if edition.same_wording_as:
        notes.append(f"本版措辞与 {edition.same_wording_as} 年版相同，只收录了部分条文。")
    elif edition.partial:
        notes.append("本版只收录了部分条文。")
    if edition.script == "traditional":
        notes.append(f"繁體字原文，对应 {edition.variant_of} 年版。")
    span = f"第{numbers[0]}–{numbers[-1]}条" if numbers else ""
    told = f"共 {len(numbers)} 条（{span}）" + ("，另有定义" if edition.definitions else "")
    empty = [n.number for n in edition.laws if not any(p.text.strip() or p.children for p in n.provisions)]
    if empty:
        told += "；" + "、".join(f"第{n}条" for n in empty) + "原文只存条名"
    notes.append(told + "。")
    return notes


@dataclass(frozen=True, slots=True)
class CorrectedPlace:
    """A place of the text that the corrections changed."""

    kind: str  # 'provision', 'title' (a law's title), 'definition', 'front'
    key: str  # the provision's label, the law's number, the defined term, the front matter's title
    corrections: tuple[str, ...]  # erratum and rule ids

    def where(self, *, traditional: bool = False) -> str:
        """The place in Chinese: ``第25条B款1``, ``定义“明手”``, the front matter's title."""
        if self.kind == "provision":
            return citation(self.key, traditional=traditional)
        if self.kind == "title":
            return citation(self.key, traditional=traditional) + ("條名" if traditional else "条名")
        if self.kind == "definition":
            return f"定义“{self.key}”"
        return self.key


def corrected_places(edition: Edition) -> list[CorrectedPlace]:
    """Every place of the edition that a correction changed, in text order: the laws' titles and
    provisions, then the definitions, then the front matter."""
    out = []
    for law in sorted(edition.laws, key=lambda x: x.number):
        if law.title_corrections:
            out.append(CorrectedPlace("title", law.label, tuple(law.title_corrections)))
        out += [CorrectedPlace("provision", p.label, tuple(p.corrections))
                for p in law.walk() if p.corrections]
    out += [CorrectedPlace("definition", d.term, tuple(d.corrections))
            for d in edition.definitions if d.corrections]
    out += [CorrectedPlace("front", f.title, tuple(f.corrections)) for f in edition.front if f.corrections]
    return out


#: the rulebook's title as a citation names it, by script (traditional: True)
BOOK_TITLE = {False: "《中国桥牌竞赛规则》", True: "《中國橋牌競賽規則》"}


def law_citation(edition_id: str, name: str, number: int, title: str, *, traditional: bool = False) -> str:
    """How a printed law is cited (the site's print view and the law's PDF):
    ``《中国桥牌竞赛规则》（1999年版）第27条 不足叫牌`` (``name``: the edition's name)."""
    return f"{BOOK_TITLE[traditional]}（{name}）{citation(str(number), title, traditional=traditional)}"


def build_day(environ: Mapping[str, str] | None = None) -> datetime.date:
    """The day of a build: today, or the day of ``SOURCE_DATE_EPOCH`` (a reproducible build)."""
    epoch = (os.environ if environ is None else environ).get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        return datetime.datetime.fromtimestamp(int(epoch), datetime.UTC).date()
    return datetime.date.today()


def build_date(environ: Mapping[str, str] | None = None) -> str:
    """The date a build prints on a law or a download (``2026年12月1日``): :func:`build_day`."""
    return chinese_date(build_day(environ))


def chinese_date(when: datetime.date | str) -> str:
    """A date as a Chinese reader writes it (``2026年11月26日``): a ``datetime.date``, or a text as
    files write it (``2026-11-26``, a PBN or USEBIO ``2026.11.26``); another text as given.

    >>> chinese_date(datetime.date(2026, 12, 1)), chinese_date("2026.11.06"), chinese_date("2026-1-6")
    ('2026年12月1日', '2026年11月6日', '2026年1月6日')
    >>> chinese_date("Thursday")
    'Thursday'
    """
    if isinstance(when, datetime.date):
        return f"{when.year}年{when.month}月{when.day}日"
    m = re.fullmatch(r"(\d{4})[.-](\d{1,2})[.-](\d{1,2})", when.strip())
    return f"{m[1]}年{int(m[2])}月{int(m[3])}日" if m else when


def law_page(edition_id: str, number: int) -> str:
    """A law's page in the site: ``1999/law-27.html``."""
    return f"{edition_id}/law-{number}.html"


def page_address(site_url: str | None, page: str) -> str:
    """A page's address on the site published at ``site_url``; without one, its place in the site."""
    return f"{site_url.rstrip('/')}/{page}" if site_url else page
