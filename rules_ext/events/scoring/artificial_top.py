"""The real results of a matchpointed board that has an artificial score (Law 12C): how the
scoring programs score them (the convention ``artificial-top``, values in
:data:`~rules_ext.events.scoring.extra_conventions.ARTIFICIAL_TOPS`), so that a file's own
figures are reproduced rather than reported as differences.

:func:`board_figures` gives a board's real matchpoints and its top under a convention (and says
what each does); :func:`infer_artificial_top` tells which the file's own figures show.
"""
from __future__ import annotations

from rules_ext.core import matchpoints, neuberg, top
from rules_ext.events.model import Event
from rules_ext.events.scoring.extra_conventions import ARTIFICIAL_TOPS
from rules_ext.events.scoring.file_figures import printed_number

__all__ = ["board_figures", "infer_artificial_top"]


def board_figures(mps: list[float], real: int, artificial: int, most: int, scale: str, how: str
                  ) -> tuple[list[float], float]:
    """The NS matchpoints of a board's ``real`` results (``mps``: compared among themselves) and
    the board's top, under the convention ``how``; ``artificial``: its artificial rows; ``most``:
    the results of the board played most often.

    The real results are always compared among themselves (an artificial score is no result to
    compare with). Then:

    - ``neuberg`` (Law 78A, the default): their matchpoints are scaled by Neuberg's formula to the
      top of the board played in full, and the artificial score is its percentage of that top;
    - ``full-top`` (BriAn): they are not scaled; the board's top still counts every row, artificial
      ones included, so the best real result of a board of six rows, one of them artificial, gets 8
      of 10 (the artificial score its percentage of 10);
    - ``own-top``: they are not scaled, and the board's top is theirs alone (8 for five real
      results), the artificial score its percentage of that top."""
    if how == "full-top":
        return mps, top(real + artificial, scale)
    if how == "own-top":
        return mps, top(real, scale) if real > 1 else 0.0
    return [neuberg(mp, real, most, scale) for mp in mps], top(most, scale)


def _half(text: str) -> float:
    t = text.strip().lstrip("^").replace(",", ".")
    return 0.5 * 10 ** -(len(t.split(".")[1]) if "." in t else 0) + 1e-9


def infer_artificial_top(event: Event, scale: str, centred: bool) -> tuple[str, str] | None:
    """The convention the file's own matchpoints show on its boards with an artificial score
    (their real results' and artificial rows' MP_NS, inside the printed precision), with the count
    of such boards; None when it prints none (or no board has an artificial score and results)."""
    most = max((sum(1 for r in b.results if r.compared or r.artificial is not None) for b in event.boards), default=0)
    fits = dict.fromkeys(ARTIFICIAL_TOPS, 0)
    looked = 0
    for board in event.boards:
        real = [r for r in board.results if r.scored and r.weighted is None]
        artificial = [r for r in board.results if r.artificial is not None and ">" not in r.artificial.marker]
        if not artificial or len(real) < 2 or any(r.weighted is not None for r in board.results):
            continue
        shown = [r for r in artificial if r.artificial is not None  # an A+ may be raised by Law 88: not compared
                 and any(ch.isdigit() or ch == "=" for ch in r.artificial.marker)]
        printed = [(r, r.their("MP_NS")) for r in (*real, *shown)]
        if any(printed_number(text) is None for _, text in printed):
            continue
        looked += 1
        mps = matchpoints([r.score_ns for r in real if r.score_ns is not None], scale)
        for how in ARTIFICIAL_TOPS:
            figures, board_top = board_figures(mps, len(real), len(artificial), most, scale, how)
            shift = board_top / 2 if centred else 0.0
            ours = [*figures, *(a.artificial.pct_ns * board_top / 100 for a in shown if a.artificial)]
            if all(abs((value - shift) - (printed_number(text) or 0.0)) <= _half(text or "")
                   for value, (_, text) in zip(ours, printed)):
                fits[how] += 1
    if not looked:
        return None
    best = max(ARTIFICIAL_TOPS, key=lambda how: (fits[how], how == "neuberg"))
    if not fits[best]:
        return None
    return best, f"inferred from {fits[best]}/{looked} boards with an artificial score"
