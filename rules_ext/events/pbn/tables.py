"""PBN tables (PBN 2.1 section 5): ScoreTable, TotalScoreTable, OptimumResultTable, ...

The tag value lists the columns, ``;``-separated, each with an optional sort mark (leading ``+`` or
``-``) and an optional minimum width and alignment (``\\8R``). Each following line is a row of
whitespace-separated cells; a cell may be a quoted string with spaces (``"Li Wei - Wang Fang"``),
``-`` (not applicable), ``?`` (unknown) or carry an artificial-score marker.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from rules_ext.errors import RulesError

_COLUMN_RE = re.compile(r"^([+-]?)([A-Za-z0-9_]+)(?:\\(\d+)([LRlr]?))?$")


class TableError(RulesError):
    """A table's column list or one of its rows cannot be read."""


@dataclass(frozen=True, slots=True)
class Column:
    """A table column: ``name``, ``sort`` ('+', '-' or ''), ``width`` (0 = none) and ``align`` ('L', 'R' or '')."""

    name: str
    sort: str = ""
    width: int = 0
    align: str = ""

    def __post_init__(self) -> None:
        if self.sort not in ("", "+", "-") or self.align not in ("", "L", "R") or self.width < 0:
            raise TableError(f"bad column {self!r}: expected e.g. Column('Score_NS', '', 6, 'R')")

    @classmethod
    def parse(cls, text: str) -> Column:
        match = _COLUMN_RE.match(text.strip())
        if not match:
            raise TableError(f"cannot read table column {text.strip()!r}: expected e.g. Score_NS, +Rank\\2R")
        return cls(match[2], match[1], int(match[3] or 0), (match[4] or "").upper())

    def __str__(self) -> str:
        return f"{self.sort}{self.name}" + (f"\\{self.width}{self.align}" if self.width else "")


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell token of a row line: its ``value`` (unquoted), whether it was ``quoted``, and where
    it lies in the line (``start``, ``end``; not part of equality)."""

    value: str
    quoted: bool = False
    start: int = field(default=0, compare=False)
    end: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Table:
    """A parsed table: ``name`` (the tag), ``columns``, and ``rows`` of cell values (strings, as in
    the file: '-' and '?' kept), each row as long as ``columns``; ``lines`` gives each row's line."""

    name: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...] = ()
    lines: tuple[int, ...] = field(default=(), compare=False)

    def index(self, column: str) -> int | None:
        for i, col in enumerate(self.columns):
            if col.name == column:
                return i
        return None

    def has(self, column: str) -> bool:
        return self.index(column) is not None

    def records(self) -> list[dict[str, str]]:
        """Each row as ``{column name: cell}``."""
        names = [c.name for c in self.columns]
        return [dict(zip(names, row)) for row in self.rows]


@functools.lru_cache(maxsize=256)
def parse_columns(value: str) -> tuple[Column, ...]:
    """The columns of a table tag's value (a file repeats its ScoreTable's on every board: read once)."""
    parts = value.split(";")
    if not value.strip() or any(not p.strip() for p in parts):
        raise TableError(f"cannot read table columns {value!r}: expected e.g. \"PairId_NS;PairId_EW;Contract\"")
    return tuple(Column.parse(p) for p in parts)


_ROW_TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"|;.*|\{[^}]*\}|\{.*|"|[^\s";{]+')
_UNESCAPE = re.compile(r'\\(["\\])')


def _cell_tokens(line: str) -> Iterator[tuple[str, bool, re.Match[str]]]:
    """``(value, quoted, match)`` of each cell of a row line; ``;`` and ``{...}`` comments are skipped."""
    for match in _ROW_TOKEN.finditer(line):
        token = match.group()
        first = token[0]
        if first == '"':
            if len(token) == 1:
                raise TableError(f"unclosed quote in table row {line.strip()!r}: expected \"...\" on one line")
            value = match.group(1)
            yield (_UNESCAPE.sub(r"\1", value) if "\\" in value else value), True, match
        elif first not in ";{":
            yield token, False, match


def tokenize_row(line: str) -> list[Cell]:
    """Split a row line into cells; quoted strings stay whole; ``;`` and ``{...}`` comments are skipped."""
    return [Cell(value, quoted, match.start(), match.end()) for value, quoted, match in _cell_tokens(line)]


def row_values(line: str) -> tuple[str, ...]:
    """The cell values of a row line (what :func:`tokenize_row` gives, without the positions)."""
    if '"' not in line and ";" not in line and "{" not in line:  # no string, no comment: the cells are the words
        return tuple(line.split())
    return tuple(value for value, _, _ in _cell_tokens(line))


def parse_table(name: str, value: str, section: tuple[str, ...], section_lines: tuple[int, ...] = (),
                cells_of: Callable[[str], tuple[str, ...]] = row_values) -> tuple[Table, list[tuple[int, str]]]:
    """Parse a table tag and its section lines; return the table and ``(line, problem)`` pairs.

    A row with a different number of cells than columns is a problem and left out of the table;
    the other rows are kept. When every row (two or more) has one other number of cells, the header
    is what is wrong: one problem for it (line 0: the tag's), not one for each row. ``section_lines`` numbers the section lines (0 when unknown);
    ``cells_of`` splits a row line (:func:`row_values`, or a caching version of it). A table whose
    rows are all fine (the usual one) is read in one step; any other row by row, each problem found.
    """
    columns = parse_columns(value)
    numbers = section_lines if len(section_lines) >= len(section) else (*section_lines, *[0] * len(section))
    joined = "\n".join(section)  # no line starting with '%' (one search, not a call per line)
    if not joined.startswith("%") and "\n%" not in joined:  # the usual table: every row read at once, checked after
        try:
            every = tuple(map(cells_of, section))
        except TableError:
            pass  # a row that cannot be split: row by row below, which says which
        else:
            if set(map(len, every)) == {len(columns)}:  # every row one cell per column (no comment line)
                return Table(name, columns, every, numbers[:len(section)]), []
    rows: list[tuple[str, ...]] = []
    lines: list[int] = []
    problems: list[tuple[int, str]] = []
    miscounted: list[tuple[int, int]] = []  # (index in problems, cells) of the rows that do not fit the header
    listed = f"{len(columns)} columns ({';'.join(c.name for c in columns)})"
    for text, lineno in zip(section, numbers):
        if text[:1] == "%":
            problems.append((lineno, f"a '%' line inside the {name}: expected only its rows here "
                                     f"(an escape line goes before a game's first tag)"))
            continue
        try:
            cells = cells_of(text)
        except TableError as exc:
            problems.append((lineno, str(exc)))
            continue
        if not cells:
            continue  # a comment line
        if len(cells) != len(columns):
            few = "fewer" if len(cells) < len(columns) else "more"
            miscounted.append((len(problems), len(cells)))
            problems.append((lineno, f"{name} row {text.strip()!r} has {len(cells)} cells, {few} than its {listed}: "
                                     f"expected one cell per column, '-' for an empty one"))
            continue
        rows.append(cells)
        lines.append(lineno)
    counts = {count for _, count in miscounted}
    if len(miscounted) > 1 and not rows and len(counts) == 1:  # every row one way: the header is wrong, said once
        count = counts.pop()
        which = "a column missing from" if count > len(columns) else "a column too many in"
        header = (0, f"{name} lists {listed} but each of its {len(miscounted)} rows has {count} cells: "
                     f"expected one column for each cell ({which} the header?)")
        rows_said = {index for index, _ in miscounted}
        problems = [header, *(p for i, p in enumerate(problems) if i not in rows_said)]
    return Table(name, columns, tuple(rows), tuple(lines)), problems


def replace_cell(line: str, column: int, new_value: str) -> str:
    """The row line with cell number ``column`` replaced by ``new_value`` (quoted if it was)."""
    cells = tokenize_row(line)
    cell = cells[column]
    text = f'"{new_value}"' if cell.quoted else new_value
    return line[:cell.start] + text + line[cell.end:]
