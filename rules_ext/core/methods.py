"""Methods of scoring (Law 78 and what directors use today): matchpoints, percentages, Neuberg,
IMPs, cross-IMPs, Butler, victory points.

Scores are given from North-South's point of view (a positive number is good for NS), one per
table that played the board; the results are in the same order.

>>> imps(430), imps(-430), imps(10)
(10, -10, 0)
>>> matchpoints([420, 420, 450, -50])
[3.0, 3.0, 6.0, 0.0]
>>> butler([420, 450, 400, -50, 420])
(410, [0, 1, 0, -10, 0])
>>> vp(1, 20)
(10.28, 9.72)
"""
from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal

from rules_ext.errors import RulesError


class ScoringMethodError(RulesError):
    """Input that a method of scoring cannot use (unknown scale, too few results, ...)."""


#: Law 78B: the lowest point difference that earns 1, 2, ... 24 IMPs (below 20 points: 0 IMPs)
IMP_SCALE: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)

#: matchpoint scales: points for each result beaten and each result tied (Law 78A)
MATCHPOINT_SCALES = {"2/1/0": (2.0, 1.0), "1/0.5/0": (1.0, 0.5)}
#: other spellings of a scale (Law 78A writes the half point as ½)
_SCALE_SPELLINGS = {"1/½/0": "1/0.5/0"}


def imps(difference: float) -> int:
    """IMPs for a point difference (Law 78B), with the sign of the difference: imps(-430) == -10."""
    if isinstance(difference, bool) or not isinstance(difference, (int, float)) or math.isnan(difference):
        raise ScoringMethodError(f"cannot convert {difference!r} to IMPs: expected a point difference such as 430")
    won = bisect.bisect_right(IMP_SCALE, abs(difference))
    return won if difference >= 0 else -won


def _scale(scale: str) -> tuple[float, float]:
    try:
        return MATCHPOINT_SCALES[_SCALE_SPELLINGS.get(scale, scale)]
    except (KeyError, TypeError) as exc:
        raise ScoringMethodError(f"unknown matchpoint scale {scale!r}: expected '2/1/0' or '1/0.5/0' (or 1/½/0)") from exc


def _numbers(scores: Sequence[float], what: str) -> list[float]:
    values = list(scores)
    for value in values:
        kind = type(value)
        if kind is int or (kind is float and value == value):  # the usual case first: a score, not NaN
            continue
        if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value):
            raise ScoringMethodError(f"{what} holds {value!r}, which is not a score: expected numbers such as 420, -50")
    return values


def matchpoints(scores_ns: Sequence[float], scale: str = "2/1/0") -> list[float]:
    """Matchpoints of each NS result against all the others on the board (Law 78A).

    Each result beaten scores 2 (or 1), each other result equal to it scores 1 (or ½). The EW
    matchpoints of a table are ``top(n) - ns``. The NS matchpoints of a board add up to n(n-1) on
    the 2/1/0 scale.
    """
    win, tie = _scale(scale)
    values = _numbers(scores_ns, "scores_ns")
    counts: dict[float, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    points = {}  # each distinct score's matchpoints: the scores below it beaten, the others equal to it tied
    below = 0
    for value in sorted(counts):
        count = counts[value]
        points[value] = win * below + tie * (count - 1)
        below += count
    return list(map(points.__getitem__, values))


def top(results: int, scale: str = "2/1/0") -> float:
    """The most matchpoints a result can earn on a board with ``results`` results: 2(n-1) or n-1."""
    win, _ = _scale(scale)
    if results < 1:
        raise ScoringMethodError(f"a board needs at least one result, got {results!r}")
    return win * (results - 1)


def neuberg(mp: float, results: int, top_results: int, scale: str = "2/1/0") -> float:
    """Neuberg's formula: matchpoints earned among ``results`` results, scaled to ``top_results``.

    Used when a board was played fewer times than the others, or when some of its results were
    replaced by artificial adjusted scores (those are taken out of the comparison, so the other
    results are compared among ``results`` tables and scaled up). With ``n = results`` and
    ``N = top_results``, on the 2/1/0 scale::

        mp' = (mp + 1) × N / n − 1

    (on 1/0.5/0 the 1 becomes ½). The board's average is kept (n results scaled this way average
    N − 1, the average among N); a top among n becomes a little less than a top among N.
    """
    win, tie = _scale(scale)
    if results < 1 or top_results < 1:
        raise ScoringMethodError(f"Neuberg needs results ≥ 1 and top_results ≥ 1, got {results!r} and {top_results!r}")
    if not 0 <= mp <= win * (results - 1):
        raise ScoringMethodError(f"{mp!r} matchpoints is impossible among {results} results on {scale}: "
                                 f"expected 0..{win * (results - 1):g}")
    return (mp + tie) * top_results / results - tie


def percentages(points: Sequence[float], top: float) -> list[float]:
    """Each score as a percentage of ``top`` (the most it could have been)."""
    if not top > 0:
        raise ScoringMethodError(f"a percentage needs a positive top, got {top!r}")
    return [100.0 * value / top for value in _numbers(points, "points")]


def cross_imps(scores_ns: Sequence[float], average: bool = False) -> list[float]:
    """Each NS result IMPed against every other result on the board and summed (cross-IMPs).

    With ``average=True`` the sum is divided by the number of comparisons (n-1), so boards with
    different numbers of results are comparable.
    """
    values = _numbers(scores_ns, "scores_ns")
    if len(values) < 2 and average:
        raise ScoringMethodError(f"averaged cross-IMPs need at least two results, got {len(values)}")
    totals = [float(sum(imps(v - other) for j, other in enumerate(values) if j != i)) for i, v in enumerate(values)]
    if average:
        return [t / (len(values) - 1) for t in totals]
    return totals


def team_match(home_ns: Sequence[int], away_ns: Sequence[int]) -> tuple[int, int]:
    """IMP totals of a teams match (Law 78B): the home team sat North-South at the first table
    (``home_ns``, one score per board) and East-West at the second, where the visitors sat
    North-South (``away_ns``). Each board gives imps(home_ns - away_ns) to the home team."""
    home, away = _numbers(home_ns, "home_ns"), _numbers(away_ns, "away_ns")
    if len(home) != len(away):
        raise ScoringMethodError(f"the two tables played {len(home)} and {len(away)} boards: expected the same boards")
    swings = [imps(a - b) for a, b in zip(home, away)]
    return sum(s for s in swings if s > 0), -sum(s for s in swings if s < 0)


def total_points(scores: Sequence[int]) -> int:
    """Total-point scoring: the plain sum of a side's scores on its boards."""
    return int(sum(_numbers(scores, "scores")))


def round_to_ten(value: float) -> int:
    """Round to the nearest 10 points, halves away from zero (415 -> 420, -415 -> -420)."""
    return int(Decimal(str(value)).scaleb(-1).quantize(Decimal(1), rounding=ROUND_HALF_UP).scaleb(1))


def butler(scores_ns: Sequence[float], trim: int = 1, round_to: int = 10) -> tuple[int, list[int]]:
    """Butler scoring: a datum for the board and each result IMPed against it.

    The datum is the mean of the NS scores after dropping the ``trim`` highest and the ``trim``
    lowest (``trim=0`` keeps them all; 1 is usual, larger fields often drop 10 %); it is rounded to
    the nearest 10 (``round_to=1``: to the nearest point), halves away from zero. Returns ``(datum,
    imps per result)``.
    """
    values = _numbers(scores_ns, "scores_ns")
    if isinstance(trim, bool) or not isinstance(trim, int) or trim < 0:
        raise ScoringMethodError(f"trim {trim!r} is not a count: expected 0, 1, 2, ...")
    kept = sorted(values)[trim:len(values) - trim]
    if not kept:
        raise ScoringMethodError(f"cannot take a datum of {len(values)} results after dropping "
                                 f"{trim} at each end: expected more than {2 * trim} results")
    mean = sum(kept) / len(kept)
    datum = round_to_ten(mean) if round_to == 10 else int(math.copysign(math.floor(abs(mean) + 0.5), mean))
    return datum, [imps(value - datum) for value in values]


#: the WBF 2013 scale: tau = (√5 − 1) / 2, the golden section
WBF_TAU = (math.sqrt(5) - 1) / 2
VP_SCALES = ("wbf2013",)


def blitz_margin(boards: float) -> float:
    """WBF 2013: the margin X = 15 √N at which the winner gets all 20 VPs."""
    return 15 * math.sqrt(boards)


def vp(imp_margin: float, boards: int, scale: str = "wbf2013") -> tuple[float, float]:
    """Victory points of the two teams for an IMP margin (positive: the first team won).

    The WBF 2013 continuous 20-point scale: with X = 15 √boards and τ = (√5 − 1) / 2, the winner of
    a match by M IMPs (M < X) gets::

        VP = 10 + 10 × (1 − τ^(3M/X)) / (1 − τ³)

    rounded to two decimals, and 20 when M ≥ X; the loser gets 20 − VP (the two always add to 20).
    Fractional margins (from averaged cross-IMPs, for instance) are accepted.

    The WBF's printed tables were produced from this formula with "minor corrections" after
    rounding so that no extra IMP is worth more than the one before; those corrections are not
    reproduced here, so a value may differ from a printed table by 0.01 at some margins.

    ``scale`` names another scale of :data:`rules_ext.core.vp_scales.SCALES` (``acbl-20``, ...).
    """
    if scale not in VP_SCALES:  # another scale of the core's tables (rules_ext.core.vp_scales)
        from rules_ext.core.vp_scales import scale_of
        return scale_of(scale).vp(imp_margin, boards)
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise ScoringMethodError(f"a match of {boards!r} boards is impossible: expected a whole number ≥ 1")
    if isinstance(imp_margin, bool) or not isinstance(imp_margin, (int, float)) or math.isnan(imp_margin):
        raise ScoringMethodError(f"cannot convert {imp_margin!r} to VPs: expected an IMP margin such as 23 or -7")
    margin = abs(imp_margin)
    blitz = blitz_margin(boards)
    if margin >= blitz:
        winner = 20.0
    else:
        exact = 10 + 10 * (1 - WBF_TAU ** (3 * margin / blitz)) / (1 - WBF_TAU ** 3)
        winner = float(Decimal(repr(exact)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
    loser = round(20 - winner, 2)
    return (winner, loser) if imp_margin >= 0 else (loser, winner)
