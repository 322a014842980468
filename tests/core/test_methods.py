"""Law 78 and the methods of scoring directors use: IMPs, matchpoints, Neuberg, Butler, VPs."""
import itertools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_ext.core import (
    ScoringMethodError,
    butler,
    cross_imps,
    imps,
    matchpoints,
    neuberg,
    percentages,
    top,
    vp,
)

# Law 78B, the ends of every band of the IMP table
IMP_BANDS = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5), (220, 260, 6),
    (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11), (600, 740, 12),
    (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16), (1500, 1740, 17),
    (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22),
    (3500, 3990, 23), (4000, 7600, 24),
]


@pytest.mark.parametrize("low, high, expected", IMP_BANDS)
def test_imp_table(low, high, expected):
    assert imps(low) == imps(high) == expected
    assert imps(-low) == imps(-high) == -expected


def test_imps_signed_and_between_bands():
    assert imps(-430) == -10
    assert imps(15) == 0 and imps(19.9) == 0 and imps(425) == 9


@settings(max_examples=200)
@given(st.integers(-8000, 8000), st.integers(0, 8000))
def test_imps_monotone_and_odd(a, step):
    assert imps(a + step) >= imps(a)
    assert imps(-a) == -imps(a)


@pytest.mark.parametrize("bad", ["430", None, float("nan"), True])
def test_imps_rejects_non_numbers(bad):
    with pytest.raises(ScoringMethodError, match="IMPs"):
        imps(bad)


@pytest.mark.parametrize("scores, scale, expected", [
    ([420, 420, 450, -50], "2/1/0", [3, 3, 6, 0]),
    ([420, 420, 450, -50], "1/0.5/0", [1.5, 1.5, 3, 0]),
    ([420, 420, 450, -50], "1/½/0", [1.5, 1.5, 3, 0]),
    ([100], "2/1/0", [0]),
    ([-100, -100, -100], "2/1/0", [2, 2, 2]),
    ([620, 170, 650, 620, -100, 140], "2/1/0", [7, 4, 10, 7, 0, 2]),
])
def test_matchpoints_known(scores, scale, expected):
    assert matchpoints(scores, scale) == expected


def test_unknown_scale():
    with pytest.raises(ScoringMethodError, match=re.escape("'2/1/0' or '1/0.5/0'")):
        matchpoints([1, 2], "3/1/0")


@settings(max_examples=150)
@given(st.lists(st.integers(-200, 200).map(lambda x: x * 10), min_size=1, max_size=30))
def test_matchpoints_sum_to_n_n_minus_1(scores):
    n = len(scores)
    points = matchpoints(scores)
    assert sum(points) == n * (n - 1)
    assert all(0 <= p <= top(n) for p in points)
    assert sum(matchpoints(scores, "1/0.5/0")) == n * (n - 1) / 2
    # better scores never get fewer matchpoints
    for a, pa in zip(scores, points):
        for b, pb in zip(scores, points):
            if a > b:
                assert pa > pb


@pytest.mark.parametrize("mp, n, big_n, scale, expected", [
    (4, 3, 5, "2/1/0", 7.333333333333333),   # (4 + 1) * 5/3 - 1
    (0, 3, 5, "2/1/0", 2 / 3),
    (2, 3, 5, "2/1/0", 4.0),                 # an average stays an average (top 8)
    (4, 3, 3, "2/1/0", 4.0),                 # nothing to scale
    (2, 3, 5, "1/0.5/0", 3.6666666666666665),  # (2 + 0.5) * 5/3 - 0.5
    (10, 6, 8, "2/1/0", 13.666666666666666),
])
def test_neuberg(mp, n, big_n, scale, expected):
    assert neuberg(mp, n, big_n, scale) == pytest.approx(expected)


def test_neuberg_keeps_the_average_and_rejects_impossible():
    assert neuberg(top(4), 4, 9) == pytest.approx(14.75)   # (6 + 1) * 9/4 - 1, not a full top of 16
    assert neuberg(0, 4, 9) == pytest.approx(1.25)
    # the board's average is kept: n results scaled to N average N - 1
    points = matchpoints([420, 450, -50, 100])
    assert sum(neuberg(p, 4, 9) for p in points) / 4 == pytest.approx(top(9) / 2)
    with pytest.raises(ScoringMethodError, match="impossible"):
        neuberg(7, 4, 9)


def test_percentages():
    assert percentages([6, 3, 0], 6) == [100.0, 50.0, 0.0]
    with pytest.raises(ScoringMethodError):
        percentages([1], 0)


def test_cross_imps():
    assert cross_imps([420, 450, -50]) == [9.0, 12.0, -21.0]
    assert cross_imps([420, 450, -50], average=True) == [4.5, 6.0, -10.5]
    assert sum(cross_imps([620, 170, 650, 620, -100, 140])) == 0


@pytest.mark.parametrize("scores, trim, expected", [
    ([420, 450, 400, -50, 420], 1, (410, [0, 1, 0, -10, 0])),
    ([420, 450, 400, -50, 420], 0, (330, [3, 3, 2, -9, 3])),
    ([100, 110], 0, (110, [0, 0])),      # 105 rounds half away from zero
    ([-100, -110], 0, (-110, [0, 0])),
    ([620, 170, 650, 620, -100, 140, 600, 630], 2, (500, [3, -8, 4, 3, -12, -8, 3, 4])),  # mean of 170 600 620 620 = 502.5,
])
def test_butler(scores, trim, expected):
    assert butler(scores, trim) == expected


def test_butler_needs_enough_results():
    with pytest.raises(ScoringMethodError, match="after dropping 1"):
        butler([420, 450], 1)


# WBF 2013 continuous scale; published values (20-board table: 0 -> 10.00, 1 -> 10.28, 2 -> 10.55)
@pytest.mark.parametrize("margin, boards, expected", [
    (0, 20, (10.0, 10.0)), (1, 20, (10.28, 9.72)), (2, 20, (10.55, 9.45)),
    (-1, 20, (9.72, 10.28)), (68, 20, (20.0, 0.0)), (200, 8, (20.0, 0.0)),
])
def test_vp_published_values(margin, boards, expected):
    assert vp(margin, boards) == expected


@settings(max_examples=150)
@given(st.integers(0, 120), st.integers(1, 64))
def test_vp_sum_to_20_and_never_decrease(margin, boards):
    a, b = vp(margin, boards)
    assert round(a + b, 2) == 20
    assert vp(margin + 1, boards)[0] >= a
    assert 10 <= a <= 20


def test_vp_blitz_is_15_root_n():
    assert vp(60, 16) == (20.0, 0.0)
    assert vp(59, 16)[0] < 20


def test_vp_rejects_unknown_scale():
    with pytest.raises(ScoringMethodError, match="wbf2013"):
        vp(3, 16, scale="wbf2008")


def test_team_match_and_total_points():
    from rules_ext.core import team_match, total_points
    # board 1: home NS 620, away NS 170 -> +10; board 2: home NS -100, away NS 140 -> -6; board 3: equal
    assert team_match([620, -100, 400], [170, 140, 400]) == (10, 6)
    assert total_points([620, -100, 400]) == 920
    with pytest.raises(ScoringMethodError, match="same boards"):
        team_match([620], [170, 140])


@settings(max_examples=100)
@given(st.lists(st.integers(-300, 300).map(lambda x: x * 10), min_size=2, max_size=20))
def test_cross_imps_are_zero_sum_and_butler_datum_is_a_multiple_of_ten(scores):
    assert sum(cross_imps(scores)) == 0
    datum, swings = butler(scores, trim=0)
    assert datum % 10 == 0 and len(swings) == len(scores)


# ---------------------------------------------------------------- VP scales as tables (rules_ext.core.vp_scales)
# The ACBL Swiss teams scales as printed (BridgeHands encyclopedia, "Victory Points"): each row is the
# winner's VPs and the IMP margins earning them, for matches of 6-8 and of 9-11 boards.
ACBL_20_PRINTED = {  # winner's VPs: (margins over 6-8 boards, margins over 9-11 boards)
    10: ("0", "0"), 11: ("1-2", "1-2"), 12: ("3-4", "3-5"), 13: ("5-7", "6-9"), 14: ("8-10", "10-13"),
    15: ("11-13", "14-17"), 16: ("14-16", "18-21"), 17: ("17-19", "22-25"), 18: ("20-23", "26-30"),
    19: ("24-27", "31-35"), 20: ("28+", "36+"),
}
ACBL_30_PRINTED = {
    15: ("0", "0"), 18: ("1", "1"), 19: ("2", "2"), 20: ("3", "3-4"), 21: ("4", "5-6"), 22: ("5-6", "7-8"),
    23: ("7-8", "9-11"), 24: ("9-10", "12-14"), 25: ("11-13", "15-17"), 26: ("14-16", "18-21"),
    27: ("17-19", "22-25"), 28: ("20-23", "26-30"), 29: ("24-27", "31-35"), 30: ("28+", "36+"),
}


def _margins(text):
    if text.endswith("+"):
        return range(int(text[:-1]), int(text[:-1]) + 30)
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


@pytest.mark.parametrize(("name", "printed", "total"), [("acbl-20", ACBL_20_PRINTED, 20),
                                                        ("acbl-30", ACBL_30_PRINTED, 30)])
@pytest.mark.parametrize(("column", "lengths"), [(0, (6, 7, 8)), (1, (9, 10, 11))])
def test_whole_number_scales_give_the_printed_table(name, printed, total, column, lengths):
    for boards in lengths:
        for winner, margins in printed.items():
            for margin in _margins(margins[column]):
                assert vp(margin, boards, scale=name) == (winner, total - winner), (name, boards, margin)
                assert vp(-margin, boards, scale=name) == (total - winner, winner)


def test_whole_number_scale_refuses_a_match_length_it_has_no_table_for():
    with pytest.raises(ScoringMethodError, match=r"acbl-20 VP scale has no table for a match of 12 boards: .*6-8, 9-11"):
        vp(5, 12, scale="acbl-20")
    with pytest.raises(ScoringMethodError, match=r"unknown VP scale 'ebu-25'.*acbl-20"):
        vp(5, 8, scale="ebu-25")


def test_each_scale_names_its_source_and_the_continuous_one_is_the_formula():
    from rules_ext.core.vp_scales import SCALES
    assert {"wbf2013", "acbl-20", "acbl-30"} <= set(SCALES)
    assert all(scale.source and scale.title_zh and scale.title_en for scale in SCALES.values())
    assert SCALES["wbf2013"].vp(1, 20) == vp(1, 20) == (10.28, 9.72)
    assert not SCALES["wbf2013"].whole and SCALES["acbl-30"].total == 30


# ------------------------------------------------------------- the WBF 2013 discrete scale (the EBU's)
# The EBU's printed 20-VP tables (White Book 3.1.1): for each match length, the lowest margin of each
# winner's figure from 10 (the draw) up to 20, read off its rows ("11-9: 1-3, 12-8: 4-6, ... 20-0: 39+").
EBU_20_PRINTED = {
    5: (0, 1, 3, 5, 7, 10, 13, 16, 20, 25, 31), 6: (0, 1, 3, 5, 8, 11, 14, 18, 22, 27, 33),
    7: (0, 1, 3, 6, 9, 12, 15, 19, 24, 29, 36), 8: (0, 1, 4, 7, 10, 13, 17, 21, 26, 31, 39),
    9: (0, 1, 4, 7, 10, 13, 17, 22, 27, 33, 41), 10: (0, 1, 4, 7, 10, 14, 18, 23, 28, 35, 43),
    12: (0, 2, 5, 8, 12, 16, 20, 25, 31, 38, 47), 14: (0, 2, 5, 9, 13, 17, 22, 27, 34, 41, 51),
    16: (0, 2, 5, 9, 13, 18, 23, 29, 36, 44, 54), 20: (0, 2, 6, 10, 15, 20, 26, 32, 40, 49, 61),
    24: (0, 2, 6, 11, 16, 22, 28, 35, 44, 54, 66), 28: (0, 2, 7, 12, 18, 24, 30, 38, 47, 58, 72),
    32: (0, 3, 8, 13, 19, 25, 33, 41, 51, 62, 77), 56: (0, 3, 10, 17, 25, 33, 43, 54, 67, 82, 101),
    64: (0, 4, 11, 18, 26, 36, 46, 58, 71, 88, 108),
}
# Its 10-VP table of half matches, 3 and 4 boards: lowest margin of 5 (the draw), 6, ... 10.
EBU_10_PRINTED = {3: (0, 1, 4, 7, 10, 15), 4: (0, 1, 4, 8, 12, 18)}


@pytest.mark.parametrize(("name", "printed", "draw"), [("wbf2013-discrete", EBU_20_PRINTED, 10),
                                                        ("ebu-10", EBU_10_PRINTED, 5)])
def test_the_discrete_scale_gives_the_ebu_printed_tables(name, printed, draw):
    total = 2 * draw
    for boards, lows in printed.items():
        for margin in range(lows[-1] + 6):
            winner = draw + sum(1 for low in lows[1:] if margin >= low)
            assert vp(margin, boards, scale=name) == (winner, total - winner), (name, boards, margin)
            assert vp(-margin, boards, scale=name) == (total - winner, winner)


@settings(max_examples=100)
@given(st.integers(min_value=1, max_value=120))
def test_no_discrete_band_is_wider_than_the_one_before(boards):
    from rules_ext.core.vp_scales import discrete_steps
    steps = discrete_steps(boards)
    lows = [low for low, _ in steps]
    assert [v for _, v in steps] == list(range(10, 21))
    widths = [2 * lows[1] - 1] + [b - a for a, b in itertools.pairwise(lows[1:])]  # the draw band counts both signs
    assert all(a <= b for a, b in itertools.pairwise(widths)), (boards, widths)
    # each band holds the margins whose continuous VPs are nearest its figure, give or take the narrowing
    for low, figure in steps[1:]:
        assert abs(vp(low, boards)[0] - figure) < 1, (boards, low, figure)


def test_a_whole_scale_refuses_a_match_of_no_boards():
    with pytest.raises(ScoringMethodError, match="a match of 0 boards is impossible"):
        vp(3, 0, scale="wbf2013-discrete")
