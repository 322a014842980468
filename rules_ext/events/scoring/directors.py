"""The figures a director entered by hand, kept as the director's: never replaced by ours silently.

A scoring program lets a director type a result's matchpoints over what its rules give (Compscore:
one −650 given 21 where every other −650 scored 19; an ``A5050`` given 23 / 11 instead of 20 / 20),
and USEBIO has no element that marks such a figure, so a figure is taken as the director's where it
fits no rule of matchpointing (:func:`keep_directors_figures` says which). The results say so in
their conventions (``directors-figures``), which every sheet and page states with the scoring basis.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import replace

from rules_ext.core import matchpoints, top
from rules_ext.events.model import Board, Event, TableResult
from rules_ext.events.scoring.file_figures import printed_number, result_label

__all__ = ["keep_directors_figures"]


def _figures(r: TableResult) -> tuple[float, float] | None:
    ns, ew = printed_number(r.their("MP_NS")), printed_number(r.their("MP_EW"))
    return None if ns is None or ew is None else (ns, ew)


def keep_directors_figures(event: Event, scale: str) -> tuple[Event, list[str]]:
    """The event with each hand-entered result's figures kept as its own, and one line for each
    (``board 4, 1NS-21EW: 21/19``); the event itself when there is none. A figure is the director's
    where it fits no rule of matchpointing:

    - two results of a board with the same score are matchpointed alike by every method: one of
      them printed with figures that differ from those of its equals, which agree with each other,
      has the director's figures (with only two equals, the one whose figures are not ours);
    - an artificial score is its percentage of the top (Law 12C1; Law 88 may raise a side's 60 %):
      one whose printed figures give neither side its percentage was given other figures by hand.

    Each such result keeps the file's figures as its own (``TableResult.assigned``, as a corrections
    file's ``mp_ns`` / ``mp_ew`` would give them: the other results are scored as before, its score
    still compared with theirs)."""
    kept: dict[int, tuple[float, float]] = {}
    said: list[str] = []
    most = max((sum(1 for r in b.results if r.scored or r.artificial is not None) for b in event.boards), default=0)
    for board in event.boards:
        for r, figures in _hand_entered(board, scale, top(most, scale) if most > 1 else 0.0):
            if r.assigned is None:
                kept[id(r)] = figures
                said.append(f"board {board.number}, {result_label(r)}: {figures[0]:g}/{figures[1]:g}")
    if not kept:
        return event, []
    boards = tuple(replace(b, results=tuple(replace(r, assigned=kept[id(r)]) if id(r) in kept else r
                                            for r in b.results)) if any(id(r) in kept for r in b.results) else b
                   for b in event.boards)
    return replace(event, boards=boards), said


def _hand_entered(board: Board, scale: str, board_top: float) -> list[tuple[TableResult, tuple[float, float]]]:
    """The results of a board whose printed matchpoints fit no rule, each with them; ``board_top``:
    the session's top (an artificial score's percentage is of it)."""
    out: list[tuple[TableResult, tuple[float, float]]] = []
    played = [r for r in board.results if r.scored and r.weighted is None]
    same: dict[int, list[TableResult]] = defaultdict(list)
    for r in played:
        if r.score_ns is not None and _figures(r) is not None:
            same[r.score_ns].append(r)
    ours: dict[int, float] | None = None
    for score, equals in same.items():
        counts = Counter(_figures(r) for r in equals)
        if len(counts) < 2:
            continue
        (common, count), *rest = counts.most_common()
        if count > 1 and count > rest[0][1]:  # the odd ones out of equals that agree
            out += [(r, f) for r in equals if (f := _figures(r)) is not None and f != common]
            continue
        if ours is None:  # two equals, or no majority: those not ours are the director's
            scores = [r.score_ns for r in played if r.score_ns is not None]
            ours = dict(zip(scores, matchpoints(scores, scale))) if len(scores) > 1 else {}
        if len(played) == len(board.results):  # a plain board: our figure is the rule's
            out += [(r, f) for r in equals if (f := _figures(r)) is not None and score in ours
                    and abs(f[0] - ours[score]) > 0.05]
    for r in board.results:
        a, figures = r.artificial, _figures(r)
        if a is None or figures is None or not board_top or any(ch in a.marker for ch in "+-=>"):
            continue  # A+ and its kind may be raised by Law 88; 800>a is the row's own split
        expected = (a.pct_ns * board_top / 100, a.pct_ew * board_top / 100)
        if abs(figures[0] - expected[0]) > 0.05 and abs(figures[1] - expected[1]) > 0.05:
            out.append((r, figures))
    return out
