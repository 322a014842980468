"""Adjusted scores (Laws 12C, 86A, 88). Rectifications are the rulings assistant's trees: tests/core/test_rulings*.py."""
from fractions import Fraction

import pytest

from rules_ext.core import (
    Responsibility,
    ScoringMethodError,
    WeightedScore,
    artificial_imps,
    artificial_matchpoints,
    law88_matchpoints,
    law88_percentage,
    top,
)


@pytest.mark.parametrize("who, pct, imps_", [
    (Responsibility.DIRECT, 40, -3), (Responsibility.PARTIAL, 50, 0), (Responsibility.NONE, 60, 3),
])
def test_law12c_and_86a(who, pct, imps_):
    assert artificial_matchpoints(who, top(11)) == pytest.approx(20 * pct / 100)
    assert artificial_imps(who) == imps_


@pytest.mark.parametrize("session, expected", [(48.0, 60.0), (60.0, 60.0), (63.5, 63.5), (0, 60.0)])
def test_law88(session, expected):
    assert law88_percentage(session) == expected
    assert law88_matchpoints(session, 10) == pytest.approx(expected / 10)


def test_law88_rejects_non_percentages():
    with pytest.raises(ScoringMethodError, match="101"):
        law88_percentage(101)


def test_weighted_score():
    w = WeightedScore(((Fraction(1, 3), 620), (Fraction(2, 3), 170)))
    assert w.matchpoints([620, 170, 140, 650]) == pytest.approx(5 / 3 + 2)
    assert w.imps(170) == pytest.approx(Fraction(1, 3) * 10)
    assert w.expected_score() == pytest.approx(320)
    with pytest.raises(ScoringMethodError, match="add up to"):
        WeightedScore(((Fraction(1, 2), 620), (Fraction(1, 3), 170)))
    with pytest.raises(ScoringMethodError, match="multiple of 10"):
        WeightedScore(((1, 625),))
