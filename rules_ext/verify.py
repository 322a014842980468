"""The rulebook's own tables (corpus) recomputed by the scoring core.

Every value of the tables of Law 2 (dealer, vulnerability), Law 77 (trick score, premiums,
undertricks) and Law 78B (IMP scale), in every edition that prints them, is computed by
``rules_ext.core`` and compared with the printed value. Each disagreement is a :class:`Finding` —
an erratum candidate to publish on the law's page, not something to hide. Cells lost in the source
(empty strings in the corpus model) cannot be compared; the report counts them as not checked.

The column meanings of the tables are documented in ``rules_ext.corpus.tables``.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from rules_ext.core import (
    IMP_SCALE,
    SUITS,
    Contract,
    Doubling,
    Seat,
    Strain,
    Vulnerability,
    dealer,
    imps,
    score,
    trick_score,
    vulnerability,
)


@dataclass(frozen=True, slots=True)
class Finding:
    """A printed table value that the core computes differently."""

    edition: str
    label: str  # the provision the table belongs to, e.g. '77A'
    table: str  # table id, e.g. 'law77A-trick-score'
    row: str  # the row as printed (its first cell), e.g. '加倍时'
    column: str  # the column header as printed (or its meaning when the header is lost)
    printed: str
    computed: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class _Check:
    row: str
    column: str
    printed: str
    computed: str | None  # None: the printed cell cannot be compared (lost in the source)
    note: str = ""


@dataclass(slots=True)
class TableReport:
    edition: str
    table: str
    label: str
    checked: int = 0
    not_checked: int = 0
    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


# -- Law 2 -------------------------------------------------------------------------------------

#: the dealer as the table prints it: 北, 东, 南, 西
_SEATS = {seat.chinese: seat for seat in Seat}
#: the vulnerabilities as the table prints them (short forms of the core's 双方无局 ...)
_VULNERABILITIES = {"双无": Vulnerability.NONE, "南北": Vulnerability.NS, "东西": Vulnerability.EW,
                    "双有": Vulnerability.ALL}


def _boards_of(predicate: Callable[[int], bool]) -> str:
    return " ".join(str(b) for b in range(1, 17) if predicate(b))


def _boards_dealt_by(seat: Seat) -> str:
    return _boards_of(lambda board: dealer(board) is seat)


def _boards_with(vul: Vulnerability) -> str:
    return _boards_of(lambda board: vulnerability(board) is vul)


def _check_law2_dealer(table) -> Iterator[_Check]:
    for row in table.rows:
        name, boards = row[0], row[1]
        seat = _SEATS.get(_squash(name)[:1])
        if seat is None:
            # the dealer column is lost: the printed boards must still be one dealer's boards
            groups = {_boards_dealt_by(s): s for s in Seat}
            found = groups.get(" ".join(boards.split()))
            yield _Check(name or "（发牌人缺失）", table.header[1], boards, None if found else "",
                         "dealer cell lost in the source; the boards form "
                         + (f"{found.chinese}家's group" if found else "no dealer's group"))
            continue
        yield _Check(name, table.header[1], boards, _boards_dealt_by(seat))


def _check_law2_vulnerability(table) -> Iterator[_Check]:
    for row in table.rows:
        name, boards = row[0], row[1]
        vul = _VULNERABILITIES.get(_squash(name))
        if vul is None:
            yield _Check(name, table.header[1], boards, None, "vulnerability cell not recognised")
            continue
        yield _Check(name, table.header[1], boards, _boards_with(vul))


# -- Law 77 ------------------------------------------------------------------------------------

_DOUBLING_ROWS = {"未加倍时": Doubling.UNDOUBLED, "加倍时": Doubling.DOUBLED, "再加倍时": Doubling.REDOUBLED}
#: the suits of the odd-trick columns, as printed: ♣ ♦ ♥ ♠ (the lowest first)
_TRICK_COLUMNS = SUITS[::-1]


def _odd_trick_values(doubling: Doubling) -> list[int]:
    """Per odd trick: ♣ ♦ ♥ ♠, then notrump first and subsequent, from the core's trick score."""
    values = [trick_score(Contract(2, s, doubling)) - trick_score(Contract(1, s, doubling)) for s in _TRICK_COLUMNS]
    first = trick_score(Contract(1, Strain.NT, doubling))
    return values + [first, trick_score(Contract(2, Strain.NT, doubling)) - first]


def _check_law77a(table) -> Iterator[_Check]:
    for row in table.rows:
        doubling = _DOUBLING_ROWS.get(_squash(row[0]))
        if doubling is None:
            yield _Check(row[0], "", " ".join(row[1:]), None, "row not recognised")
            continue
        for column, printed, computed in zip(table.header[1:], row[1:], _odd_trick_values(doubling)):
            yield _Check(row[0], column, printed, str(computed))


def _premium(item: str, group: str, vulnerable: bool) -> str | None:
    """The premium a row of the Law 77B table names, worked out from the core's ``score``."""
    v = vulnerable
    game = score("3NT", 9, v) - trick_score(Contract.parse("3NT"))
    if "小满贯" in item:
        return str(score("6NT", 12, v) - trick_score(Contract.parse("6NT")) - game)
    if "大满贯" in item:
        return str(score("7NT", 13, v) - trick_score(Contract.parse("7NT")) - game)
    if "超额" in group:
        doubling = _DOUBLING_ROWS.get(_squash(item))
        if doubling is None:
            return None
        contract = "1C" + doubling.suffix
        over = score(contract, 8, v) - score(contract, 7, v)
        if doubling is Doubling.UNDOUBLED:
            same = all(score(Contract(1, s), 8, v) - score(Contract(1, s), 7, v) ==
                       trick_score(Contract(2, s)) - trick_score(Contract(1, s)) for s in _TRICK_COLUMNS)
            return "同墩分" if same else str(over)
        return str(over)
    if "未再加倍" in item or ("加倍" in item and "再加倍" not in item):
        return str(score("1CX", 7, v) - trick_score(Contract.parse("1CX")) - (score("1C", 7, v) - 20))
    if "再加倍" in item:
        return str(score("1CXX", 7, v) - trick_score(Contract.parse("1CXX")) - (score("1C", 7, v) - 20))
    if "不成局" in item:
        return str(score("1C", 7, v) - trick_score(Contract.parse("1C")))
    if "成局" in item:
        return str(game)
    return None


def _check_law77b(table) -> Iterator[_Check]:
    for row in table.rows:
        group, item = row[0], row[1]
        for column, printed, vulnerable in ((table.header[2], row[2], False), (table.header[3], row[3], True)):
            if not printed:
                continue  # a one-value row: the other column is empty by design (see corpus.tables)
            computed = _premium(item, group, vulnerable)
            yield _Check(item, column, printed, computed, "" if computed is not None else "row not recognised")


def _penalty(down: int, doubling: Doubling, vulnerable: bool) -> int:
    return -score(Contract(7, Strain.NT, doubling), 13 - down, vulnerable)


def _check_law77c(table) -> Iterator[_Check]:
    columns = [(False, Doubling.UNDOUBLED), (False, Doubling.DOUBLED), (False, Doubling.REDOUBLED),
               (True, Doubling.UNDOUBLED), (True, Doubling.DOUBLED), (True, Doubling.REDOUBLED)]
    for row in table.rows:
        name = _squash(row[0])
        for column, printed, (vul, dbl) in zip(table.header[1:], row[1:], columns):
            p = [0] + [_penalty(n, dbl, vul) for n in range(1, 5)]
            if name.startswith("第一个"):
                computed: str | None = str(p[1])
            elif name.startswith("从第四个"):
                computed = str((p[4] - p[3]) - (p[3] - p[2]))   # the extra for the 4th over the 3rd
            elif name.startswith("以后的每一个"):
                second, third = p[2] - p[1], p[3] - p[2]
                computed = str(second) if second == third else f"{second}/{third}"
            else:
                computed = None
            yield _Check(row[0], column, printed, computed, "" if computed is not None else "row not recognised")


# -- Law 78B -----------------------------------------------------------------------------------

def _band(imp: int) -> str:
    low = 0 if imp == 0 else IMP_SCALE[imp - 1]
    if imp == len(IMP_SCALE):
        return f"{low}（含）以上"
    return f"{low}—{IMP_SCALE[imp] - 10}"


def _check_law78b(table) -> Iterator[_Check]:
    for row in table.rows:
        difference, printed_imp = row[0], row[1]
        numbers = [int(n) for n in re.findall(r"\d+", difference)]
        if not numbers:
            yield _Check(difference, table.header[0], difference, None, "difference not recognised")
            continue
        ends = {imps(n) for n in numbers}
        yield _Check(difference, table.header[1], printed_imp,
                     str(ends.pop()) if len(ends) == 1 else "/".join(str(imps(n)) for n in numbers))
        if printed_imp.strip().isdigit() and int(printed_imp) <= len(IMP_SCALE):
            yield _Check(printed_imp, table.header[0], difference, _band(int(printed_imp)),
                         "the band of differences the core gives this many IMPs")


CHECKERS: dict[str, Callable] = {
    "law2-dealer": _check_law2_dealer,
    "law2-vulnerability": _check_law2_vulnerability,
    "law77A-trick-score": _check_law77a,
    "law77B-premiums": _check_law77b,
    "law77C-undertricks": _check_law77c,
    "law78B-imp": _check_law78b,
}


def _equal(printed: str, computed: str) -> bool:
    a, b = _squash(printed).replace("-", "—"), _squash(computed).replace("-", "—")
    return a == b


def verify_tables(corpus) -> list[TableReport]:
    """One report per table of every edition: how many values were checked, and the findings."""
    reports = []
    for edition in corpus.editions:
        for table in edition.tables:
            checker = CHECKERS.get(table.id)
            report = TableReport(edition.id, table.id, table.label, notes=list(table.notes))
            if checker is None:
                report.notes.append("no checker for this table")
                reports.append(report)
                continue
            for check in checker(table):
                if check.computed is None or not check.printed.strip():
                    report.not_checked += 1
                    continue
                report.checked += 1
                if not _equal(check.printed, check.computed):
                    report.findings.append(Finding(edition.id, table.label, table.id, check.row, check.column,
                                                   check.printed, check.computed, check.note))
            reports.append(report)
    return reports


def verify_corpus(corpus) -> list[Finding]:
    """Every disagreement between a printed table value and the core, in corpus order."""
    return [finding for report in verify_tables(corpus) for finding in report.findings]


def format_report(reports: list[TableReport]) -> str:
    lines = []
    for r in reports:
        lines.append(f"{r.edition} {r.table} (Law {r.label}): {r.checked} checked, {r.not_checked} not checked, "
                     f"{len(r.findings)} finding(s)")
        for f in r.findings:
            lines.append(f"  ! {f.edition}:{f.label} {f.table} row {f.row!r} column {f.column!r}: "
                         f"printed {f.printed!r}, computed {f.computed!r}" + (f" ({f.note})" if f.note else ""))
        if r.checked == 0:
            lines.extend(f"  - {note}" for note in r.notes)
    total = sum(len(r.findings) for r in reports)
    lines.append(f"{sum(r.checked for r in reports)} values checked, "
                 f"{sum(r.not_checked for r in reports)} not checkable, {total} finding(s)")
    return "\n".join(lines)
