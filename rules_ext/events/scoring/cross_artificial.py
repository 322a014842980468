"""A cross-IMP board with an artificial score, as salliere scores it (the convention
``artificial-cross``, values :data:`ARTIFICIAL_CROSS`), so that its printed figures are reproduced.

salliere writes an artificial score as ``SCORE 0.0`` with no contract, like a board passed out; its
IMPs tell them apart (``+3``, ``0`` or ``-3``, not the line's cross-IMPs as a score of 0). It then
IMPs each real line against the other real lines and multiplies the sum by s / ((s − a)(s − 1)), s the
lines on the board and a the artificial lines listed *above* it on the traveller (it counts them as it
goes), so lines above an artificial one are averaged over s − 1 comparisons, lines below it are
scaled by s / (s − 1) more. ``real`` (the default) averages each real line over the real comparisons.
:func:`infer_artificial_cross` tells which the file's figures show.
"""
from __future__ import annotations

from collections.abc import Sequence

from rules_ext.core import cross_imps, imps
from rules_ext.events.model import Event, TableResult
from rules_ext.events.scoring.extra_conventions import ARTIFICIAL_CROSS
from rules_ext.events.scoring.file_figures import printed_number

__all__ = ["ARTIFICIAL_CROSS", "artificial_zeros", "infer_artificial_cross", "salliere_figures"]


def _printed(r: TableResult) -> tuple[float, float, float] | None:
    """A line's printed NS and EW IMPs and half their last printed decimal, or None."""
    ns_text, ew_text = r.their("IMP_NS"), r.their("IMP_EW")
    ns, ew = printed_number(ns_text), printed_number(ew_text)
    if ns is None or ew is None or ns_text is None:
        return None
    t = ns_text.strip().replace(",", ".")
    return ns, ew, 0.5 * 10 ** -(len(t.split(".")[1]) if "." in t else 0) + 1e-9


def artificial_zeros(compared: Sequence[TableResult]) -> list[bool]:
    """Which of a board's compared lines are salliere's artificial scores: a score of 0 without a
    contract whose printed IMPs are not its cross-IMPs (averaged) as a score of 0."""
    scores = [r.score_ns for r in compared]
    if len(compared) < 3 or any(s is None or r.weighted is not None for s, r in zip(scores, compared)):
        return [False] * len(compared)
    played = cross_imps([float(s or 0) for s in scores], average=True)
    found = []
    for r, value in zip(compared, played):
        shown = _printed(r)
        found.append(r.score_ns == 0 and r.contract is None and shown is not None
                     and abs(shown[0] - value) > shown[2])
    return found


def salliere_figures(compared: Sequence[TableResult], zeros: Sequence[bool]) -> list[tuple[float, float]]:
    """NS and EW IMPs of each compared line as salliere scores the board (``zeros``: its artificial
    lines, from :func:`artificial_zeros`; they keep their printed IMPs)."""
    s = len(compared)
    real = [float(r.score_ns or 0) for r, zero in zip(compared, zeros) if not zero]
    out: list[tuple[float, float]] = []
    above = 0
    for r, zero in zip(compared, zeros):
        if zero:
            shown = _printed(r)
            out.append((shown[0], shown[1]) if shown is not None else (0.0, 0.0))
            above += 1
            continue
        total = sum(imps(float(r.score_ns or 0) - other) for other in real) * s / ((s - above) * (s - 1))
        out.append((total, -total))
    return out


def infer_artificial_cross(event: Event) -> tuple[str, str] | None:
    """``("salliere", why)`` when the file's averaged cross-IMPs on its boards with an artificial
    0 fit salliere's scaling on more boards than the plain average over the real comparisons; None
    when no board has one."""
    looked = fits = plain_fits = 0
    for board in event.boards:
        compared = [r for r in board.results if r.compared]
        zeros = artificial_zeros(compared)
        if not any(zeros) or all(zeros):
            continue
        shown = [_printed(r) for r in compared]
        if any(p is None for p in shown):
            continue
        looked += 1
        ours = salliere_figures(compared, zeros)
        fits += all(abs(p[0] - f[0]) <= p[2] for p, f in zip(shown, ours) if p is not None)
        real = [float(r.score_ns or 0) for r, zero in zip(compared, zeros) if not zero]
        plain = iter(cross_imps(real, average=True) if len(real) > 1 else [0.0] * len(real))
        plain_fits += all(p is not None and (zero or abs(p[0] - next(plain)) <= p[2])
                          for p, zero in zip(shown, zeros))
    if not looked or fits <= plain_fits:
        return None
    return "salliere", f"inferred from {fits}/{looked} boards with an artificial score written as 0"
