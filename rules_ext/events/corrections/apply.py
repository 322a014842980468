"""A director's corrections applied to an event: each correction finds the one result it names and
makes it what the correction says (the score computed by the core); the file's own figures on a
corrected board describe the board before the correction and are left out. The games are rewritten
too (:mod:`rules_ext.events.corrections.export`), so that the export writes the corrected results.
The corrections themselves and their file: :mod:`rules_ext.events.corrections`.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from rules_ext.core import board_conditions, ns_score
from rules_ext.core.adjusted import WeightedScore
from rules_ext.events.corrections import (
    EXAMPLE,
    AppliedCorrection,
    Correction,
    CorrectionKind,
    CorrectionsFile,
    read_corrections_file,
)
from rules_ext.events.corrections.export import corrected_games
from rules_ext.events.model import Board, Event, TableResult

__all__ = ["apply_corrections"]


def apply_corrections(event: Event, corrections: Sequence[Correction]) -> tuple[Event, tuple[AppliedCorrection, ...]]:
    """The event with each correction applied in turn (boards and games), and what was applied.

    A correction naming a board or result the event does not have, or one that leaves a result
    without what scoring needs (a contract with no declarer or tricks), raises CorrectionError.
    """
    boards = {board.number: board for board in event.boards}
    applied: list[AppliedCorrection] = []
    for correction in corrections:
        board = boards.get(correction.key.board)
        if board is None:
            numbers = [b.number for b in event.boards]
            span = f"{min(numbers)}..{max(numbers)}" if numbers else "none"
            raise correction.fail("board", f"the event has no board {correction.key.board}: expected one of "
                                           f"boards {span}")
        index = _find(board, correction)
        before = board.results[index]
        if correction.kind is CorrectionKind.ASSIGNED:  # the board is scored as it was: its figures still hold
            after = replace(before, assigned=correction.assigned)
            results = list(board.results)
            results[index] = after
            boards[board.number] = replace(board, results=tuple(results))
            applied.append(AppliedCorrection(correction, before, after))
            continue
        after = _without_figures(_corrected(before, board, correction))
        results = [_without_figures(r) for r in board.results]
        results[index] = after
        boards[board.number] = replace(board, results=tuple(results))
        applied.append(AppliedCorrection(correction, before, after))
    games = corrected_games(event.games, applied) if event.games else ()  # USEBIO events have no games
    return (replace(event, boards=tuple(boards[b.number] for b in event.boards), games=games),
            tuple(applied))


def _find(board: Board, correction: Correction) -> int:
    """The index of the one result of ``board`` the correction names."""
    key = correction.key
    found = [i for i, r in enumerate(board.results) if key.matches(r)]
    name = next(n for n in ("table", "ns_pair", "ew_pair", "room") if getattr(key, n))
    if not found:
        seen = dict.fromkeys(_label(r) for r in board.results)
        raise correction.fail(name, f"{key}: no such result: expected one of {'; '.join(seen) or 'no result'}")
    if len(found) > 1:
        raise correction.fail(name, f"{key} names {len(found)} results of the board: expected also "
                                    f"table, ns_pair/ew_pair or room to tell them apart")
    return found[0]


def _label(r: TableResult) -> str:
    parts = [f"room {r.room}"] if r.room else []
    if r.table:
        parts.append(f"table {r.table}")
    parts.append(f"NS {r.ns} v EW {r.ew}")
    return ", ".join(parts)


def _corrected(before: TableResult, board: Board, c: Correction) -> TableResult:
    """The result as the correction makes it (the score computed by the core)."""
    blank = replace(before, contract=None, declarer=None, tricks=None, score_ns=None, score_computed=False,
                    artificial=None, weighted=None, not_played=False)
    vulnerability = board.vulnerability or board_conditions(board.number)[1]
    if c.kind is CorrectionKind.REMOVED:
        return replace(blank, not_played=True)
    if c.kind is CorrectionKind.ARTIFICIAL:
        return replace(blank, artificial=c.artificial)
    if c.kind is CorrectionKind.WEIGHTED:
        outcomes = tuple((o.weight, ns_score(o.contract, o.declarer, o.tricks, vulnerability)) for o in c.weighted)
        return replace(blank, weighted=WeightedScore(outcomes))
    contract = c.contract or before.contract
    if contract is None:
        raise c.fail("contract", f"the result at {c.key} has no contract to keep: expected {EXAMPLE['contract']}")
    declarer = c.declarer or before.declarer
    tricks = c.tricks if c.tricks is not None else before.tricks
    if contract.is_passed_out:
        declarer = tricks = None
    else:
        for name, value in (("declarer", declarer), ("tricks", tricks)):
            if value is None:
                raise c.fail(name, f"missing: the result at {c.key} has no {name} to keep: expected {EXAMPLE[name]}")
    if c.contract is not None or c.declarer is not None:  # the auction and play were of another contract
        blank = replace(blank, auction=(), auction_first=None, auction_notes=(), play=(), play_first=None, notes=())
    return replace(blank, contract=contract, declarer=declarer, tricks=tricks,
                   score_ns=ns_score(contract, declarer, tricks, vulnerability), score_computed=True,
                   lead=c.lead or before.lead)


def _without_figures(r: TableResult) -> TableResult:
    """A result of a corrected board without the file's matchpoints, percentages and IMPs (they
    describe the board before the correction); its own score stays when it is still its score."""
    return replace(r, theirs=tuple((n, v) for n, v in r.theirs if n in _SCORE_COLUMNS
                                   and r.score_ns is not None and not r.score_computed))


_SCORE_COLUMNS = frozenset({"Score_NS", "Score_EW", "Score"})


def corrected(event: Event, corrections: Path | None) -> tuple[Event, tuple[AppliedCorrection, ...], CorrectionsFile]:
    """The event with the corrections file applied (as read when there is none), and the file (its
    conventions and penalties are the scoring's)."""
    if corrections is None:
        return event, (), CorrectionsFile()
    whole = read_corrections_file(corrections)
    corrected, applied = apply_corrections(event, whole.corrections) if whole.corrections else (event, ())
    return corrected, applied, whole
