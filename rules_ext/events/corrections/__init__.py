"""Corrections: a director's changes to an event's results, kept apart from the event file.

A corrections file (TOML; its format, with examples in Chinese and English, is ``format.md`` beside
this module) names results and says what each becomes — a corrected contract, declarer, tricks or
lead; an artificial (Law 12C1) or weighted (1999 Law 12C3) adjusted score; the result withdrawn —
and why. :func:`read_corrections` reads it (each problem a :class:`CorrectionError`, ``file:line:
field: problem``); :func:`~rules_ext.events.corrections.apply.apply_corrections` returns the
corrected event, its games rewritten (:mod:`~rules_ext.events.corrections.export`) so that the
export writes the corrected results, and the corrections applied. The file's own figures on a
corrected board describe it before the correction: they are left out of the comparison.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from rules_ext.core import Contract, ContractError, DealError, Seat
from rules_ext.errors import RulesError
from rules_ext.events.model import Artificial, TableResult
from rules_ext.events.scoring.conventions import parse_convention
from rules_ext.events.scoring.results_model import Penalty
from rules_ext.fileio import TomlText, parse_toml, read_toml

__all__ = ["AppliedCorrection", "Correction", "CorrectionError", "CorrectionKind", "CorrectionsFile", "ResultKey",
           "WeightedOutcome", "parse_corrections", "parse_corrections_file", "read_corrections",
           "read_corrections_file"]


class CorrectionError(RulesError):
    """A correction that cannot be read or applied: ``file:line: field: problem``."""


class CorrectionKind(enum.Enum):
    """What a correction does to its result."""

    RESULT = "result"          # contract, declarer, tricks or lead corrected
    ARTIFICIAL = "artificial"  # A+ / A= / A- per side (Law 12C1)
    WEIGHTED = "weighted"      # a weighted assigned score (1999 Law 12C3)
    REMOVED = "removed"        # the result withdrawn
    ASSIGNED = "assigned"      # the result's own matchpoints (or IMPs) given by the director


#: Law 12C1: the percentage of a top each marker gives
_MARKS = {"A+": 60.0, "A=": 50.0, "A-": 40.0}
_RESULT_KEYS = ("contract", "declarer", "tricks", "lead")
_WHERE_KEYS = ("board", "table", "ns_pair", "ew_pair", "room")
_FIGURE_KEYS = ("mp_ns", "mp_ew", "imp_ns", "imp_ew")
_KEYS = frozenset({*_WHERE_KEYS, *_RESULT_KEYS, *_FIGURE_KEYS, "ns", "ew", "weighted", "remove", "reason",
                   "director", "time"})
_TOP_KEYS = frozenset({"correction", "director", "conventions", "penalty"})
_PENALTY_KEYS = frozenset({"pair", "points", "board", "reason", "director", "time"})
#: each field written as a corrections file writes it, for the messages that say what was expected
EXAMPLE = {
    "board": "board = 5", "table": 'table = "3"', "ns_pair": 'ns_pair = "4"', "ew_pair": 'ew_pair = "11"',
    "room": 'room = "Closed"', "contract": 'contract = "4SX"', "declarer": 'declarer = "S"',
    "tricks": "tricks = 9", "lead": 'lead = "HA"', "ns": 'ns = "A+"', "ew": 'ew = "A-"',
    "weighted": 'weighted = [{contract = "4S", declarer = "S", tricks = 10, weight = 60}, ...]',
    "remove": "remove = true", "reason": 'reason = "wrong contract entered"',
    "mp_ns": "mp_ns = 21, mp_ew = 19", "mp_ew": "mp_ns = 21, mp_ew = 19", "imp_ns": "imp_ns = 3, imp_ew = -3",
    "imp_ew": "imp_ns = 3, imp_ew = -3",
    "director": 'director = "Chen Jing"', "time": 'time = "2026-11-21 16:05"',
}


@dataclass(frozen=True, slots=True)
class ResultKey:
    """Which result of a board: by ``table``, by the pairs (``ns_pair``, ``ew_pair``) or by the
    teams ``room`` (with ``table`` when several matches play the board)."""

    board: int
    table: str = ""
    ns_pair: str = ""
    ew_pair: str = ""
    room: str = ""

    def __post_init__(self) -> None:
        if isinstance(self.board, bool) or not isinstance(self.board, int) or self.board < 1:
            raise RulesError(f"{self.board!r} is not a board number: expected e.g. board = 5")
        if not (self.table or self.ns_pair or self.ew_pair or self.room):
            raise RulesError("which result of the board? expected table = \"3\", ns_pair/ew_pair, or room")

    def matches(self, result: TableResult) -> bool:
        return ((not self.table or result.table == self.table)
                and (not self.ns_pair or result.ns == self.ns_pair)
                and (not self.ew_pair or result.ew == self.ew_pair)
                and (not self.room or result.room.lower() == self.room.lower()))

    def __str__(self) -> str:
        parts = [f"board {self.board}"]
        if self.room:
            parts.append(f"{self.room} room")
        if self.table:
            parts.append(f"table {self.table}")
        if self.ns_pair or self.ew_pair:
            parts.append(f"NS {self.ns_pair or '?'} v EW {self.ew_pair or '?'}")
        return ", ".join(parts)


@dataclass(frozen=True, slots=True)
class WeightedOutcome:
    """One result of a weighted score: contract, declarer, tricks and weight (percent)."""

    contract: Contract
    declarer: Seat | None
    tricks: int | None
    weight: Fraction

    def __str__(self) -> str:
        played = _played_text(self.contract, self.declarer, self.tricks)
        return f"{float(self.weight * 100):g}% {played}"


@dataclass(frozen=True, slots=True)
class Correction:
    """One correction of the file: the result it names (``key``), ``reason``, who and when, and
    what the result becomes (see :class:`CorrectionKind`; fields that do not apply stay None).
    ``source`` and ``lines`` (``(field, line)``) say where it was written (not part of ``==``)."""

    key: ResultKey
    reason: str
    kind: CorrectionKind
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    lead: str = ""
    artificial: Artificial | None = None
    weighted: tuple[WeightedOutcome, ...] = ()
    assigned: tuple[float, float] | None = None
    director: str = ""
    time: str = ""
    number: int = 1
    source: str = field(default="<corrections>", compare=False)
    lines: tuple[tuple[str, int], ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        if not self.reason.strip():
            raise RulesError("a correction needs a reason: expected e.g. reason = \"wrong contract entered\"")
        object.__setattr__(self, "weighted", tuple(self.weighted))

    def where(self, name: str) -> str:
        """``file:line: correction[n].field`` for a problem with field ``name``."""
        found = dict(self.lines)
        line = found.get(name) or found.get("correction")
        return f"{self.source}:{line}" if line else self.source

    def fail(self, name: str, problem: str) -> CorrectionError:
        return CorrectionError(f"{self.where(name)}: {name}: {problem}")

    def describe(self) -> str:
        """What the result becomes, in a few words: '4♠X by S, 9 tricks', 'NS A+, EW A-', 'removed'."""
        if self.kind is CorrectionKind.ARTIFICIAL:
            assert self.artificial is not None
            return f"artificial NS {self.artificial.pct_ns:g} % / EW {self.artificial.pct_ew:g} % ({self.artificial.marker})"
        if self.kind is CorrectionKind.WEIGHTED:
            return "weighted " + " + ".join(str(outcome) for outcome in self.weighted)
        if self.kind is CorrectionKind.REMOVED:
            return "result removed"
        if self.kind is CorrectionKind.ASSIGNED:
            assert self.assigned is not None
            return f"its own figures NS {self.assigned[0]:g}, EW {self.assigned[1]:g}"
        changed = [f"{name} {value}" for name, value in (
            ("contract", self.contract.symbol if self.contract else ""),
            ("declarer", self.declarer.name if self.declarer else ""),
            ("tricks", "" if self.tricks is None else str(self.tricks)), ("lead", self.lead)) if value]
        return ", ".join(changed)


@dataclass(frozen=True, slots=True)
class AppliedCorrection:
    """A correction applied: the result ``before`` and ``after`` (the same result, corrected)."""

    correction: Correction
    before: TableResult
    after: TableResult

    def __str__(self) -> str:
        c = self.correction
        who = "; ".join(x for x in (c.director, c.time) if x)
        return (f"{c.key}: {_result_text(self.before)} → {_result_text(self.after)} — {c.reason}"
                + (f" [{who}]" if who else ""))

    def as_dict(self) -> dict[str, Any]:
        """The ``corrections`` entry of the JSON results."""
        c = self.correction
        return {"board": c.key.board, "table": c.key.table or self.after.table, "ns": self.after.ns,
                "ew": self.after.ew, **({"room": self.after.room} if self.after.room else {}),
                "kind": c.kind.value, "change": c.describe(), "before": _result_text(self.before),
                "after": _result_text(self.after), "score_ns_before": self.before.score_ns,
                "score_ns_after": self.after.score_ns, "reason": c.reason, "director": c.director,
                "time": c.time}


def _played_text(contract: Contract | None, declarer: Seat | None, tricks: int | None) -> str:
    if contract is None:
        return "?"
    if contract.is_passed_out:
        return "passed out"
    by = f" by {declarer.name}" if declarer else ""
    return f"{contract.symbol}{by}" + ("" if tricks is None else f", {tricks} tricks")


def _result_text(r: TableResult) -> str:
    """A result in a few words: '4♠X by S, 9 tricks, NS -500', 'A+/A-', 'not played'."""
    if r.not_played:
        return "not played"
    assigned = "" if r.assigned is None else f", its own figures NS {r.assigned[0]:g}, EW {r.assigned[1]:g}"
    if r.artificial is not None:
        return f"{r.artificial.marker} (NS {r.artificial.pct_ns:g} %, EW {r.artificial.pct_ew:g} %){assigned}"
    if r.weighted is not None:
        return "weighted " + " + ".join(f"{float(w * 100):g}% NS {s}" for w, s in r.weighted.outcomes)
    score = "" if r.score_ns is None else f", NS {r.score_ns}"
    return _played_text(r.contract, r.declarer, r.tricks) + score + assigned


# -- reading -------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class CorrectionsFile:
    """A corrections file whole: its ``[[correction]]`` tables, its ``[conventions]`` (name -> value,
    as :func:`~rules_ext.events.scoring.conventions.parse_convention` reads ``name=value``) and its
    ``[[penalty]]`` tables."""

    corrections: tuple[Correction, ...] = ()
    conventions: dict[str, object] = field(default_factory=dict)
    penalties: tuple[Penalty, ...] = ()


def read_corrections(path: str | Path) -> tuple[Correction, ...]:
    """The corrections of a UTF-8 TOML file; a problem raises CorrectionError ``file:line: field: problem``."""
    return _read(read_toml(path, error=CorrectionError))


def parse_corrections(text: str, *, source: str = "<corrections>") -> tuple[Correction, ...]:
    return _read(parse_toml(text, source=source, error=CorrectionError))


def read_corrections_file(path: str | Path) -> CorrectionsFile:
    """The whole corrections file (corrections, conventions, penalties): one of them at least."""
    return _read_file(read_toml(path, error=CorrectionError))


def parse_corrections_file(text: str, *, source: str = "<corrections>") -> CorrectionsFile:
    return _read_file(parse_toml(text, source=source, error=CorrectionError))


def _read_file(toml: TomlText) -> CorrectionsFile:
    data = toml.data
    conventions: dict[str, object] = {}
    table = data.get("conventions", {})
    if not isinstance(table, dict):
        raise CorrectionError(f"{toml.where('conventions')}: conventions: expected a [conventions] table, "
                              f"e.g. [conventions] centred = true")
    for name, value in table.items():
        text = ("yes" if value else "no") if isinstance(value, bool) else str(value)
        try:
            key, setting = parse_convention(f"{name}={text}")
        except RulesError as exc:
            raise CorrectionError(f"{toml.where(f'conventions.{name}')}: conventions.{name}: {exc}") from exc
        conventions[key] = setting
    penalties = tuple(_penalty(toml, n, item, data.get("director", ""))
                      for n, item in enumerate(data.get("penalty", []) or [], start=1))
    corrections = _read(toml) if data.get("correction") or not (conventions or penalties) else ()
    return CorrectionsFile(corrections, conventions, penalties)


def _penalty(toml: TomlText, number: int, item: object, director: object) -> Penalty:
    """One ``[[penalty]]``: ``pair``, ``points`` (negative: taken away), ``board``, ``reason``."""
    where = f"penalty[{number}]"
    if not isinstance(item, dict):
        raise CorrectionError(f"{toml.where(where)}: penalty: expected [[penalty]] tables")
    for key in item:
        if key not in _PENALTY_KEYS:
            raise CorrectionError(f"{toml.where(f'{where}.{key}')}: {key}: unknown field: expected one of "
                                  f"{', '.join(sorted(_PENALTY_KEYS))}")
    pair, points, board, reason = item.get("pair"), item.get("points"), item.get("board"), item.get("reason")
    if isinstance(pair, int) and not isinstance(pair, bool):
        pair = str(pair)
    if not isinstance(pair, str) or not pair.strip():
        raise CorrectionError(f"{toml.where(where)}: pair: expected the pair (or player) penalised, e.g. pair = \"6\"")
    if isinstance(points, bool) or not isinstance(points, (int, float)) or not points:
        raise CorrectionError(f"{toml.where(f'{where}.points')}: points: {points!r}: expected the points given "
                              f"(taken away: negative) in the ranking's unit, MP or IMPs, e.g. points = -2")
    if board is not None and (isinstance(board, bool) or not isinstance(board, int) or board < 1):
        raise CorrectionError(f"{toml.where(f'{where}.board')}: board: {board!r}: expected e.g. board = 5")
    if not isinstance(reason, str) or not reason.strip():
        raise CorrectionError(f"{toml.where(where)}: reason: missing: every penalty says why, e.g. "
                              f"reason = \"slow play, second warning\"")
    who = item.get("director") or director
    text = reason.strip() + (f" [{who}]" if isinstance(who, str) and who else "")
    return Penalty(pair.strip(), float(points), board, text, "corrections", toml.line_of(where) or 0)


def _read(toml: TomlText) -> tuple[Correction, ...]:
    data = toml.data
    for key in data:
        if key not in _TOP_KEYS:
            raise CorrectionError(f"{toml.where(key)}: {key}: unknown field: expected [[correction]] tables "
                                  f"(and director = \"...\" for all of them), [conventions], [[penalty]]")
    tables = data.get("correction")
    if not isinstance(tables, list) or not tables:
        raise CorrectionError(f"{toml.source}: correction: no correction: expected [[correction]] tables, "
                              f"e.g. [[correction]] board = 5, table = \"3\", tricks = 9, reason = \"...\"")
    director = data.get("director", "")
    if not isinstance(director, str):
        raise CorrectionError(f"{toml.where('director')}: director: {director!r} is not text: "
                              f"expected {EXAMPLE['director']}")
    return tuple(_CorrectionReader(toml, n, table, director).correction()
                 for n, table in enumerate(tables, start=1))


class _CorrectionReader:
    """One ``[[correction]]`` table read and checked."""

    def __init__(self, toml: TomlText, number: int, table: object, director: str) -> None:
        self.toml, self.number, self.director = toml, number, director
        if not isinstance(table, dict):
            raise self.fail("correction", "expected a [[correction]] table")
        self.table: dict[str, Any] = table

    def path(self, name: str) -> str:
        """The TOML path of a field of this correction; ``correction`` is the table itself."""
        table = f"correction[{self.number}]"
        return table if name == "correction" else f"{table}.{name}"

    def fail(self, name: str, problem: str, cause: Exception | None = None) -> CorrectionError:
        where = self.toml.where(self.path(name))
        error = CorrectionError(f"{where}: {name}: {problem}")
        error.__cause__ = cause
        return error

    def text(self, name: str) -> str:
        value = self.table.get(name, "")
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            raise self.fail(name, f"{value!r} is not text: expected e.g. {EXAMPLE[name]}")
        return value.strip()

    def correction(self) -> Correction:
        t = self.table
        for name in t:
            if name not in _KEYS:
                raise self.fail(name, f"unknown field: expected one of {', '.join(sorted(_KEYS))}")
        board = t.get("board")
        if isinstance(board, bool) or not isinstance(board, int) or board < 1:
            raise self.fail("board", f"{board!r} is not a board number: expected e.g. board = 5")
        try:
            key = ResultKey(board, self.text("table"), self.text("ns_pair"), self.text("ew_pair"), self.text("room"))
        except ValueError as exc:
            raise self.fail("board", str(exc), exc) from exc
        reason = self.text("reason")
        if not reason:
            raise self.fail("reason", f"missing: every correction says why, e.g. {EXAMPLE['reason']}")
        kinds = [kind for kind, present in (
            (CorrectionKind.RESULT, any(k in t for k in _RESULT_KEYS)),
            (CorrectionKind.ARTIFICIAL, "ns" in t or "ew" in t),
            (CorrectionKind.WEIGHTED, "weighted" in t), (CorrectionKind.REMOVED, "remove" in t),
            (CorrectionKind.ASSIGNED, any(k in t for k in _FIGURE_KEYS))) if present]
        if len(kinds) != 1:
            first = next((k for k in (*_RESULT_KEYS, "ns", "ew", "weighted", "remove") if k in t), "board")
            raise self.fail(first, "expected exactly one change: contract/declarer/tricks/lead, ns/ew "
                                   "(A+, A=, A-), weighted, mp_ns/mp_ew (or imp_ns/imp_ew), or remove = true")
        kind = kinds[0]
        fields: dict[str, Any] = {}
        if kind is CorrectionKind.RESULT:
            fields = self.result()
        elif kind is CorrectionKind.ARTIFICIAL:
            fields = {"artificial": self.artificial()}
        elif kind is CorrectionKind.WEIGHTED:
            fields = {"weighted": self.weighted()}
        elif kind is CorrectionKind.ASSIGNED:
            fields = {"assigned": self.assigned()}
        elif t["remove"] is not True:
            raise self.fail("remove", f"{t['remove']!r}: expected remove = true")
        lines = [(name, line) for name in ("correction", *t) if (line := self.toml.line_of(self.path(name)))]
        return Correction(key, reason, kind, **fields, director=self.text("director") or self.director,
                          time=self.text("time"), number=self.number, source=self.toml.source, lines=tuple(lines))

    def result(self) -> dict[str, Any]:
        contract = declarer = tricks = None
        if "contract" in self.table:
            contract = self.contract(self.table["contract"], "contract")
            declarer = contract.declarer
            contract = replace(contract, declarer=None)
        if "declarer" in self.table:
            declarer = self.seat(self.table["declarer"], "declarer")
        if "tricks" in self.table:
            tricks = self.tricks(self.table["tricks"], "tricks")
        return {"contract": contract, "declarer": declarer, "tricks": tricks, "lead": self.text("lead")}

    def contract(self, value: object, name: str) -> Contract:
        if not isinstance(value, str):
            raise self.fail(name, f"{value!r} is not text: expected e.g. {EXAMPLE['contract']}")
        try:
            return Contract.parse(value)
        except ContractError as exc:
            raise self.fail(name, f"{exc}", exc) from exc

    def seat(self, value: object, name: str) -> Seat:
        try:
            if isinstance(value, str):
                return Seat.parse(value)
        except DealError as exc:
            raise self.fail(name, f"cannot read declarer {value!r}: expected N, E, S or W", exc) from exc
        raise self.fail(name, f"cannot read declarer {value!r}: expected N, E, S or W")

    def tricks(self, value: object, name: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 13:
            raise self.fail(name, f"{value!r} tricks is impossible: expected the tricks taken by declarer, "
                                  f"0..13, e.g. tricks = 9")
        return value

    def artificial(self) -> Artificial:
        marks, pcts = {}, {}
        for side in ("ns", "ew"):
            mark = self.text(side).upper()
            if mark in _MARKS:
                pct = _MARKS[mark]
            else:  # A60: that percentage of a top (a split such as 60/40 is ns = "A60", ew = "A40")
                try:
                    pct = Artificial.parse(mark, "NS").pct_ns if mark[1:2].isdigit() else -1.0
                except RulesError:
                    pct = -1.0
                if pct < 0:
                    raise self.fail(side, f"{self.table.get(side)!r} is not an artificial score: expected A+, A=, "
                                          f"A- or a percentage such as A60 for each side, e.g. ns = \"A+\", "
                                          f"ew = \"A-\"")
            marks[side], pcts[side] = mark, pct
        return Artificial(f"{marks['ns']}/{marks['ew']}", pcts["ns"], pcts["ew"])

    def assigned(self) -> tuple[float, float]:
        """``mp_ns`` and ``mp_ew`` (or ``imp_ns`` and ``imp_ew``): the result's own figures, both given."""
        unit = "mp" if "mp_ns" in self.table or "mp_ew" in self.table else "imp"
        values = []
        for side in ("ns", "ew"):
            name = f"{unit}_{side}"
            value = self.table.get(name)
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise self.fail(name, f"{value!r}: expected both sides' figures, e.g. {EXAMPLE[name]}")
            values.append(float(value))
        return values[0], values[1]

    def weighted(self) -> tuple[WeightedOutcome, ...]:
        items = self.table["weighted"]
        example = EXAMPLE["weighted"]
        if not isinstance(items, list) or not items:
            raise self.fail("weighted", f"expected a list of results with weights, e.g. {example}")
        outcomes = []
        for item in items:
            if not isinstance(item, dict) or set(item) - {"contract", "declarer", "tricks", "weight"}:
                raise self.fail("weighted", f"{item!r}: expected {{contract, declarer, tricks, weight}}, e.g. {example}")
            contract = self.contract(item.get("contract"), "weighted")
            declarer = contract.declarer
            if "declarer" in item:
                declarer = self.seat(item["declarer"], "weighted")
            contract = replace(contract, declarer=None)
            tricks = None
            if not contract.is_passed_out:
                if declarer is None or "tricks" not in item:
                    raise self.fail("weighted", f"{item!r}: missing declarer or tricks: expected e.g. {example}")
                tricks = self.tricks(item["tricks"], "weighted")
            weight = item.get("weight")
            if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not 0 < weight <= 100:
                raise self.fail("weighted", f"weight {weight!r} is not a percentage: expected e.g. weight = 60")
            outcomes.append(WeightedOutcome(contract, declarer, tricks, Fraction(str(weight)) / 100))
        total = sum(o.weight for o in outcomes)
        if total != 1:
            raise self.fail("weighted", f"weights add up to {float(total * 100):g}, not 100: expected e.g. 60 and 40")
        return tuple(outcomes)
