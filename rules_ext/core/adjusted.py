"""Adjusted scores (Laws 12C, 86A, 88): artificial, assigned and weighted.

Law 12C1 gives 40 % of the matchpoints to a side directly at fault, 50 % to one partly at fault,
60 % to one not at fault; Law 86A makes the 60 % of a teams match 3 IMPs (-3 and 0 alike); Law 88
gives a non-offender at least 60 %, or its session percentage if higher.

>>> artificial_matchpoints(Responsibility.NONE, top=12)
7.2
>>> artificial_imps(Responsibility.DIRECT)
-3
>>> law88_percentage(session_percentage=63.5)
63.5
>>> weighted_matchpoints([(Fraction(1, 3), 620), (Fraction(2, 3), 170)], others=[620, 170, 140, 650])
3.6666666666666665
"""
from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules_ext.core.methods import ScoringMethodError, imps, matchpoints


class Responsibility(enum.Enum):
    """Law 12C1: how far a contestant is to blame; the value is the matchpoint percentage."""

    DIRECT = 40   # 负直接责任: average minus
    PARTIAL = 50  # 负部分责任: average
    NONE = 60     # 无须负责任: average plus

    @property
    def chinese(self) -> str:
        return {40: "平均负分", 50: "平均分", 60: "平均正分"}[self.value]

    @property
    def imps(self) -> int:
        """Law 86A: average plus is 3 IMPs; average 0; average minus -3."""
        return {40: -3, 50: 0, 60: 3}[self.value]


#: Law 88: the least a non-offending pair is given for an artificial adjusted score
LAW88_MINIMUM = 60.0


def artificial_matchpoints(responsibility: Responsibility, top: float) -> float:
    """Law 12C1 on matchpoints: 40 / 50 / 60 % of the top of the board."""
    if not top >= 0:
        raise ScoringMethodError(f"the top of a board is {top!r}: expected a number ≥ 0, e.g. 2(n−1)")
    return round(top * responsibility.value / 100, 10)


def artificial_imps(responsibility: Responsibility) -> int:
    """Law 86A: ±3 IMPs (0 for an average)."""
    return responsibility.imps


def knockout_adjusted_imps(first: float, second: float) -> tuple[float, float]:
    """Law 86B (1991): in a knockout match, a non-balancing adjusted score is scored for each side
    separately (``first``: the first side's IMPs from its own adjusted score; ``second``: the second
    side's from its own), and the average is given to both sides, so the board balances again.

    >>> knockout_adjusted_imps(5, -2)     # the first side +5 on its score; the second −2 on its own
    (3.5, -3.5)
    """
    average = (first - second) / 2
    return average, -average


def law88_percentage(session_percentage: float) -> float:
    """Law 88: a non-offending contestant's artificial score: 60 %, or the session percentage if higher."""
    if not 0 <= session_percentage <= 100:
        raise ScoringMethodError(f"session percentage {session_percentage!r} is not a percentage: expected 0..100")
    return max(LAW88_MINIMUM, float(session_percentage))


def law88_matchpoints(session_percentage: float, top: float) -> float:
    return round(top * law88_percentage(session_percentage) / 100, 10)


@dataclass(frozen=True, slots=True)
class WeightedScore:
    """An assigned adjusted score made of several results with weights. Weights are Fractions adding up to 1.

    The 1999 text's Law 12C3 reads "除非地区桥牌组织另行规定，为保持公平可改变调整分" and names no one;
    the 1997 international Law it translates gives this power to an appeals committee (a zonal
    organisation may give it to the director as well). The 1991 text has no such provision: its
    12C2 assigns the single most favourable / most unfavourable likely result."""

    outcomes: tuple[tuple[Fraction, int], ...]

    def __post_init__(self) -> None:
        outcomes = tuple((Fraction(w), s) for w, s in self.outcomes)
        if not outcomes:
            raise ScoringMethodError("a weighted score needs at least one result, e.g. [(1/3, 620), (2/3, 170)]")
        for weight, score in outcomes:
            if not 0 < weight <= 1:
                raise ScoringMethodError(f"weight {weight} is not between 0 and 1")
            if isinstance(score, bool) or not isinstance(score, int) or score % 10:
                raise ScoringMethodError(f"{score!r} is not a bridge score: expected a multiple of 10")
        total = sum(w for w, _ in outcomes)
        if total != 1:
            raise ScoringMethodError(f"weights add up to {total}, not 1: expected e.g. 1/3 and 2/3")
        object.__setattr__(self, "outcomes", outcomes)

    def matchpoints(self, others: Sequence[float], scale: str = "2/1/0") -> float:
        """Matchpoints against the other NS results of the board: each outcome is matchpointed
        against ``others`` and the results are weighted."""
        total = 0.0
        for weight, score in self.outcomes:
            total += float(weight) * matchpoints([score, *others], scale)[0]
        return total

    def imps(self, other_table: int) -> float:
        """IMPs against the score at the other table of a teams match, weighted."""
        return float(sum(w * imps(score - other_table) for w, score in self.outcomes))

    def expected_score(self) -> float:
        return float(sum(w * s for w, s in self.outcomes))


def weighted_matchpoints(outcomes: Sequence[tuple[Fraction | float, int]], others: Sequence[float],
                         scale: str = "2/1/0") -> float:
    return WeightedScore(tuple((Fraction(w).limit_denominator(1000), s) for w, s in outcomes)).matchpoints(others, scale)


def weighted_imps(outcomes: Sequence[tuple[Fraction | float, int]], other_table: int) -> float:
    return WeightedScore(tuple((Fraction(w).limit_denominator(1000), s) for w, s in outcomes)).imps(other_table)

