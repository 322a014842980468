"""A movement file (TOML, format in ``format.md`` beside this module): written by
:func:`movement_text`, read and checked by :func:`read_movement`; every problem names the file and
the line (``movement.toml:12: round 2, table 3: ...``).

>>> from rules_ext.core.movements.pairs import mitchell
>>> m = mitchell(3, boards_per_round=2)
>>> parse_movement(movement_text(m), source="m.toml") == m
True
"""
from __future__ import annotations

import os
import re
from typing import Any

from rules_ext.core.movements.model import Kind, Movement, MovementError, Rest, Seating
from rules_ext.fileio import TomlText, parse_toml, read_input

#: the version of the format this module writes and reads
FORMAT = 1


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def movement_text(m: Movement) -> str:
    """The movement as a TOML file: its name, kind and notes, the board sets, then one ``[[round]]``
    table per round, one line per table (and per set at rest)."""
    lines = ["# 移动方式 Movement (rules_ext movement file)", f"format = {FORMAT}", f"name = {_quote(m.name)}",
             f"name_en = {_quote(m.name_en)}", f'kind = "{m.kind.value}"', f"winners = {m.winners}"]  # type: ignore[union-attr]
    if m.phantom is not None:
        lines.append(f"phantom = {m.phantom}")
    if m.duplicated:
        lines.append("duplicated = true")
    lines.append(f"note = {_quote(m.note[0])}")
    lines.append(f"note_en = {_quote(m.note[1])}")
    lines.append("# the boards of each set: set 1 first")
    lines.append("sets = [" + ", ".join("[" + ", ".join(map(str, s)) + "]" for s in m.sets) + "]")
    if m.names:
        lines.append("[names]")
        lines.extend(f'{who} = {_quote(name)}' for who, name in m.names)
    for r in range(1, m.rounds + 1):
        lines.append("")
        lines.append("[[round]]")
        lines.append(f"number = {r}")
        lines.append("tables = [")
        for s in m.round(r):
            cells = [f"table = {s.table}"]
            if s.section:
                cells.append(f"section = {_quote(s.section)}")
            if s.room:
                cells.append(f'room = "{s.room}"')
            cells.append(f"ns = {s.ns if s.ns is not None else 0}")
            cells.append(f"ew = {s.ew if s.ew is not None else 0}")
            cells.append(f"set = {s.set if s.set is not None else 0}")
            if s.switched:
                cells.append("switched = true")
            lines.append("  { " + ", ".join(cells) + " },")
        lines.append("]")
        rests = m.rests_in(r)
        if rests:
            lines.append("rest = [")
            for x in rests:
                cells = [f"set = {x.set}", f"after = {x.after}"] + ([f"section = {_quote(x.section)}"] if x.section else [])
                lines.append("  { " + ", ".join(cells) + " },")
            lines.append("]")
    return "\n".join(lines) + "\n"


def _int(value: Any, where: str, what: str, zero: bool = False) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or value < (0 if zero else 1):
        raise MovementError(f"{where}: {what} {value!r}: expected a whole number{' (0: none)' if zero else ''}")
    return None if zero and value == 0 else value


def _board(value: Any, where: str) -> int:
    number = _int(value, where, "board")
    assert number is not None  # _int without zero never gives None
    return number


def _item_lines(doc: TomlText) -> dict[tuple[int, str, int], int]:
    """The line of each table and rest item of each ``[[round]]`` (round index, key, item index)."""
    out: dict[tuple[int, str, int], int] = {}
    round_index = 0
    key = ""
    item = 0
    for i, line in enumerate(doc.lines, start=1):
        stripped = line.strip()
        if re.match(r"\[\[\s*round\s*\]\]", stripped):
            round_index += 1
            key = ""
        elif m := re.match(r"(tables|rest)\s*=\s*\[", stripped):
            key, item = m[1], 0
            if "{" in stripped[m.end():]:
                out[(round_index, key, item)] = i
                item += 1
        elif key and stripped.startswith("{"):
            out[(round_index, key, item)] = i
            item += 1
        elif stripped.startswith("]"):
            key = ""
    return out


def parse_movement(text: str, *, source: str) -> Movement:
    """A movement from its file's text, checked (:meth:`Movement.problems`): a
    :class:`MovementError` lists every problem as ``file:line: ...``."""
    doc = parse_toml(text, source=source, error=MovementError)
    data = doc.data
    lines = _item_lines(doc)
    if data.get("format", FORMAT) != FORMAT:
        raise MovementError(f"{doc.where('format')}: format {data.get('format')!r}: expected {FORMAT}")
    try:
        kind = Kind(data.get("kind", ""))
    except ValueError as exc:
        raise MovementError(f"{doc.where('kind')}: kind {data.get('kind')!r}: expected one of "
                            f"{', '.join(k.value for k in Kind)}") from exc
    sets_value = data.get("sets")
    if not isinstance(sets_value, list) or not all(isinstance(s, list) for s in sets_value):
        raise MovementError(f"{doc.where('sets')}: sets: expected the boards of each set, e.g. sets = [[1, 2], [3, 4]]")
    sets = tuple(tuple(_board(b, doc.where("sets")) for b in s) for s in sets_value)
    rounds = data.get("round", [])
    if not isinstance(rounds, list) or not rounds:
        raise MovementError(f"{source}: no [[round]]: expected one [[round]] table for each round")
    seatings: list[Seating] = []
    rests: list[Rest] = []
    where_of: dict[tuple[int, tuple[str, int, str]], str] = {}
    for ri, entry in enumerate(rounds, start=1):
        here = doc.where(f"round[{ri}]")
        number = _int(entry.get("number", ri), here, "round number")
        assert number is not None
        tables = entry.get("tables", [])
        if not isinstance(tables, list):
            raise MovementError(f"{here}: tables: expected a list of {{ table = 1, ns = 1, ew = 2, set = 1 }}")
        for ti, cell in enumerate(tables):
            at = f"{source}:{lines.get((ri, 'tables', ti), 0)}" if (ri, "tables", ti) in lines else here
            if not isinstance(cell, dict):
                raise MovementError(f"{at}: expected {{ table = 1, ns = 1, ew = 2, set = 1 }}")
            room = cell.get("room", "")
            try:
                seating = Seating(number, _int(cell.get("table"), at, "table"),  # type: ignore[arg-type]
                                  _int(cell.get("ns", 0), at, "ns", zero=True),
                                  _int(cell.get("ew", 0), at, "ew", zero=True),
                                  _int(cell.get("set", 0), at, "set", zero=True),
                                  str(cell.get("section", "")), str(room), bool(cell.get("switched", False)))
            except MovementError as exc:
                raise MovementError(str(exc) if str(exc).startswith(source) else f"{at}: {exc}") from exc
            seatings.append(seating)
            where_of[(number, seating.place)] = at
        for xi, cell in enumerate(entry.get("rest", [])):
            at = f"{source}:{lines[(ri, 'rest', xi)]}" if (ri, "rest", xi) in lines else here
            rests.append(Rest(number, _int(cell.get("set"), at, "set"),  # type: ignore[arg-type]
                              int(cell.get("after", 0)), str(cell.get("section", ""))))
    names = tuple(sorted((int(k), str(v)) for k, v in data.get("names", {}).items() if str(k).isdigit()))
    phantom = data.get("phantom")
    movement = Movement(str(data.get("name", "")), str(data.get("name_en", "")), kind, sets, tuple(seatings),
                        tuple(rests), phantom=_int(phantom, doc.where("phantom"), "phantom") if phantom else None,
                        duplicated=bool(data.get("duplicated", False)), winners=int(data.get("winners", 1)),
                        note=(str(data.get("note", "")), str(data.get("note_en", ""))), names=names)
    problems = movement.problems()
    if problems:
        raise MovementError([f"{where_of.get((p.round, p.place), source)}: {p.en}" for p in problems])
    return movement


def read_movement(path: str | os.PathLike[str]) -> Movement:
    """Read and check a movement file (a regular UTF-8 file under the input size limit)."""
    data = read_input(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MovementError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from exc
    return parse_movement(text, source=str(path))
