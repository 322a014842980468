"""The session's ruling records checked against the event they are published with, and their
adjusted scores turned into corrections of the results.

A record names a board and, usually, the table, round and pairs it happened at, the deal and the
result obtained there (``rules_ext/pdf/rulings/format.md``). :func:`check_rulings` finds the one
result of the event the record is about and compares each of those with the event's (as the file
has it, before any correction): a record of another event (another board, table, pairs, deal or
result) is refused in one line ``record.toml:line: field: problem``, or, when the caller allows it,
kept with that line as its warning and taken no further. :func:`ruling_corrections` makes each
adjusted score of a record that belongs into a :class:`~rules_ext.events.corrections.Correction`
of its result, so that the traveller and every figure show the director's score: an assigned result
(one, or several weighted ones) or an artificial score. A result that the file already scores that
way, or that the corrections file corrects itself, is left as it is.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from rules_ext.core import Seat
from rules_ext.errors import RulesError
from rules_ext.events.corrections import AppliedCorrection, Correction, CorrectionKind, ResultKey, WeightedOutcome
from rules_ext.events.model import Artificial, Board, Event, TableResult
from rules_ext.fileio import read_toml
from rules_ext.pdf.ruling_record import RulingRecord

__all__ = ["CheckedRuling", "RulingMismatch", "check_rulings", "ruling_corrections"]


class RulingMismatch(RulesError):
    """A ruling record that does not belong to the event: ``record.toml:line: field: problem``."""


@dataclass(frozen=True, slots=True)
class CheckedRuling:
    """A ruling record and what the event says of it: ``result`` (the event's result the record is
    about, None when it names no table or pairs), ``problem`` (why it does not belong to the
    event, one line; '' when it does), ``in_file`` (the file already scores the result as the
    ruling adjusts it)."""

    record: RulingRecord
    result: TableResult | None = None
    problem: str = ""
    in_file: bool = False


def check_rulings(event: Event, records: Sequence[RulingRecord], *, allow_mismatch: bool = False
                  ) -> tuple[CheckedRuling, ...]:
    """Each record checked against ``event``: its board, table, round, pairs, deal and result must be
    the event's. A mismatch raises :class:`RulingMismatch`, or with ``allow_mismatch`` is kept as
    the record's ``problem``."""
    boards = {b.number: b for b in event.boards}
    out = []
    for record in records:
        try:
            result, in_file = _check(record, boards)
        except RulingMismatch as exc:
            if not allow_mismatch:
                raise RulingMismatch(f"{exc} (publish it anyway, with a warning, with --mismatched-rulings warn)") \
                    from None
            out.append(CheckedRuling(record, problem=str(exc)))
        else:
            out.append(CheckedRuling(record, result, in_file=in_file))
    return tuple(out)


def _fail(record: RulingRecord, field_name: str, problem: str) -> RulingMismatch:
    try:
        where = read_toml(record.source, error=RulesError).where(field_name)
    except (RulesError, OSError):
        where = record.source
    return RulingMismatch(f"{where}: {field_name}: {problem}")


def _check(record: RulingRecord, boards: dict[int, Board]) -> tuple[TableResult | None, bool]:
    board = boards.get(record.board)
    if board is None:
        numbers = sorted(boards)
        span = f"{numbers[0]}..{numbers[-1]}" if numbers else "none"
        raise _fail(record, "board", f"the event has no board {record.board}: expected one of boards {span}")
    if record.deal is not None and board.deal is not None:
        for seat in Seat:
            recorded, dealt = record.deal.hand(seat), board.deal.hand(seat)
            if len(recorded) and len(dealt) and recorded != dealt:
                raise _fail(record, "deal", f"not the deal of board {board.number}: {seat.name} holds "
                                            f"{dealt.to_pbn()} in the event, {recorded.to_pbn()} in the record")
    wanted = {"table": record.table, "round": record.round, "ns_pair": record.ns_pair, "ew_pair": record.ew_pair}
    given = {k: v for k, v in wanted.items() if v}
    if not given:
        if record.adjustment is not None:
            raise _fail(record, "board", "an adjusted score but no table or pairs to adjust: expected e.g. "
                                         "table = \"4\" or ns_pair and ew_pair")
        return None, False
    found = [r for r in board.results if all(_value(r, k) == v for k, v in given.items())]
    if not found:
        first = next(iter(given))
        there = [r for r in board.results if _value(r, first) == given[first]]
        if there and len(given) > 1:
            r = there[0]
            seen = ", ".join(f"{_word(k)} {_value(r, k)}" for k in given if k != first and _value(r, k))
            said = ", ".join(f"{_word(k)} {v}" for k, v in given.items() if k != first)
            raise _fail(record, next(k for k in given if k != first),
                        f"board {board.number}, {_word(first)} {given[first]}: {seen} played there, the record "
                        f"says {said}")
        known = sorted({_value(r, first) for r in board.results if _value(r, first)}, key=_order)
        raise _fail(record, first, f"board {board.number} has no result with {_word(first)} {given[first]}: "
                                   f"expected one of {', '.join(known) or 'none'}")
    if len(found) > 1:
        raise _fail(record, next(iter(given)), f"board {board.number}: {len(found)} results fit "
                                               f"{', '.join(f'{_word(k)} {v}' for k, v in given.items())}: "
                                               "expected also the table or the pairs to tell them apart")
    result = found[0]
    in_file = _adjusted_in_file(record, result)
    score = record.result
    if score is not None and not in_file and result.contract is not None and result.artificial is None:
        played = _played(result)
        told = (score.contract, score.contract.declarer if score.contract else None, score.tricks)
        for name, ours, theirs in zip(("contract", "declarer", "tricks"), played, told, strict=True):
            if theirs is not None and ours is not None and _same(name, ours, theirs) is False:
                raise _fail(record, f"result.{name}", f"board {board.number}, table {result.table or '?'}: the event "
                                                      f"has {_text(played)}, the record {_text(told)}")
    return result, in_file


def _value(r: TableResult, key: str) -> str:
    return {"table": r.table, "round": r.round, "ns_pair": r.ns, "ew_pair": r.ew}[key]


def _word(key: str) -> str:
    return {"table": "table", "round": "round", "ns_pair": "NS", "ew_pair": "EW"}[key]


def _order(text: str) -> tuple[int, int | str]:
    return (0, int(text)) if text.isdigit() else (1, text)


def _played(r: TableResult) -> tuple[object, object, object]:
    return (r.contract, r.declarer, r.tricks)


def _same(name: str, ours: object, theirs: object) -> bool:
    if name == "contract":
        return (ours.level, ours.strain, ours.doubling) == (theirs.level, theirs.strain, theirs.doubling)  # type: ignore[attr-defined]
    return ours == theirs


def _text(played: tuple[object, object, object]) -> str:
    contract, declarer, tricks = played
    if contract is None:
        return "no contract"
    words = str(getattr(contract, "symbol", contract))
    if declarer is not None:
        words += f" by {declarer.name}"  # type: ignore[attr-defined]
    if tricks is not None:
        words += f", {tricks} tricks"
    return words


def _adjusted_in_file(record: RulingRecord, r: TableResult) -> bool:
    """The file already scores ``r`` as the record adjusts it (the scoring program was told)."""
    adjustment = record.adjustment
    if adjustment is None:
        return False
    if adjustment.artificial is not None:
        return r.artificial is not None and (r.artificial.pct_ns, r.artificial.pct_ew) == adjustment.artificial
    if len(adjustment.results) == 1:
        one = adjustment.results[0]
        return (r.artificial is None and r.weighted is None and r.contract is not None
                and _same("contract", r.contract, one.contract) and r.declarer == one.contract.declarer
                and r.tricks == one.tricks)
    if r.weighted is None:
        return False
    scores = sorted((Fraction(w), s) for w, s in r.weighted.outcomes)
    return scores == sorted((Fraction(str(res.weight)) / 100, score) for res, score in record.adjusted_scores())


def ruling_corrections(checked: Sequence[CheckedRuling], corrected: Sequence[AppliedCorrection], first: int = 1
                       ) -> list[tuple[int, Correction]]:
    """The corrections that put each adjusted score into the results: ``(ruling number, correction)``
    (ruling numbers from 1, in the records' order), numbered on from ``first``. A record with a
    problem, without an adjustment or without a result is left out, and so is a result the file
    already scores as adjusted or that one of ``corrected`` (the corrections file's) corrects."""
    out: list[tuple[int, Correction]] = []
    taken = {(a.before.board, a.before.line, a.before.table, a.before.ns, a.before.ew) for a in corrected}
    for number, c in enumerate(checked, start=1):
        record, r = c.record, c.result
        if c.problem or r is None or record.adjustment is None or c.in_file:
            continue
        if (r.board, r.line, r.table, r.ns, r.ew) in taken:
            continue
        key = ResultKey(r.board, table=r.table, ns_pair=r.ns, ew_pair=r.ew, room=r.room)
        reason = f"裁决 {number}（{', '.join(str(law) for law in record.laws) or record.source}）"
        adjustment = record.adjustment
        correction = Correction(key, reason, CorrectionKind.RESULT, director=record.director, time=record.ruling_time,
                                number=first + len(out), source=record.source)
        if adjustment.artificial is not None:
            ns, ew = adjustment.artificial
            marker = {(60.0, 40.0): "A+", (50.0, 50.0): "A=", (40.0, 60.0): "A-"}.get((ns, ew), f"A{ns:g}/A{ew:g}")
            correction = replace(correction, kind=CorrectionKind.ARTIFICIAL, artificial=Artificial(marker, ns, ew))
        elif len(adjustment.results) == 1:
            one = adjustment.results[0]
            correction = replace(correction, contract=one.contract, declarer=one.contract.declarer, tricks=one.tricks)
        else:
            correction = replace(correction, kind=CorrectionKind.WEIGHTED, weighted=tuple(
                WeightedOutcome(res.contract, res.contract.declarer, res.tricks, Fraction(str(res.weight)) / 100)
                for res in adjustment.results))
        out.append((number, correction))
    return out
