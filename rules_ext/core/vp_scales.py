"""Victory-point scales as data: each scale in use by its name, with where it is published, so that
a teams event is converted on the scale its organisers used and a sheet can say which.

:data:`SCALES` holds each :class:`VPScale`: ``wbf2013`` (the WBF 2013 continuous 20-point scale,
the formula of :func:`~rules_ext.core.methods.vp`), ``wbf2013-discrete`` (its whole-number scale,
the EBU's 20-VP scale; :func:`discrete_steps` builds it for any match length, and the EBU White Book
tables for 5-64 boards come out of it), ``ebu-10`` (the same rule on 10 VPs: the EBU's scale for
half matches and triangles), ``acbl-20`` and ``acbl-30`` (the ACBL Swiss teams tables of whole
numbers for matches of 6-8 and of 9-11 boards). A table is, per range of boards, the lowest margin
earning each VP figure of the winner from the draw up; the loser gets the rest of the total. A
match length a table does not cover is refused, naming the lengths it covers. Not carried, their
published tables not found to check against: the old WBF 25-point scale, other 30-point scales.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from rules_ext.core.methods import WBF_TAU, ScoringMethodError, blitz_margin
from rules_ext.core.methods import vp as wbf2013_vp

__all__ = ["SCALES", "VPScale", "discrete_steps", "scale_of"]

#: a published table: (fewest boards, most boards, ((lowest margin, winner's VPs), ...) from the draw up)
_Table = tuple[int, int, tuple[tuple[int, int], ...]]


@dataclass(frozen=True, slots=True)
class VPScale:
    """A VP scale: ``name`` (as a setting names it), ``title`` (how a sheet names it, Chinese and
    English), ``source`` (where it is published), ``total`` (the VPs of a match: 10, 20 or 30),
    ``whole`` (whole numbers, read from ``tables``, or the continuous formula), ``derived`` (whole
    numbers built from the continuous curve by :func:`discrete_steps` for a match of any length,
    on ``share`` of its boards: the EBU's 10-VP scale reads the curve of half the match's boards)."""

    name: str
    title_zh: str
    title_en: str
    source: str
    total: int = 20
    whole: bool = False
    tables: tuple[_Table, ...] = ()
    derived: bool = False
    share: float = 1.0

    def __post_init__(self) -> None:
        for low, high, steps in self.tables:
            margins = [m for m, _ in steps]
            figures = [v for _, v in steps]
            if not (low <= high and margins[0] == 0 and margins == sorted(set(margins)) and figures == sorted(figures)
                    and figures[0] * 2 == self.total and figures[-1] == self.total):
                raise ValueError(f"scale {self.name}: the table for {low}-{high} boards is not a scale from the "
                                 f"draw up to {self.total}")

    def boards(self) -> str:
        """The match lengths the scale covers, as a reader says them (``6-8, 9-11``; '' for any)."""
        return ", ".join(f"{low}-{high}" if low != high else str(low) for low, high, _ in self.tables)

    def covers(self, boards: int) -> bool:
        return not self.whole or self.derived or any(low <= boards <= high for low, high, _ in self.tables)

    def steps(self, boards: int) -> tuple[tuple[int, int], ...] | None:
        """A whole-number scale's steps for a match of ``boards`` (``(lowest margin, winner's VPs)``
        from the draw up); None where its tables have none (and for the continuous scale)."""
        if self.derived:
            return discrete_steps(boards * self.share, self.total)
        return next((steps for low, high, steps in self.tables if low <= boards <= high), None)

    def vp(self, imp_margin: float, boards: int) -> tuple[float, float]:
        """The VPs of the two teams for ``imp_margin`` (positive: the first team won) over ``boards``.
        A match of a length the published table does not cover is refused, naming the lengths it
        covers, rather than guessed.

        >>> SCALES["acbl-20"].vp(4, 7), SCALES["acbl-20"].vp(-4, 10)
        ((12.0, 8.0), (8.0, 12.0))
        >>> SCALES["acbl-30"].vp(1, 8)
        (18.0, 12.0)
        """
        if not self.whole:
            return wbf2013_vp(imp_margin, boards)
        if isinstance(imp_margin, bool) or not isinstance(imp_margin, (int, float)) or math.isnan(imp_margin):
            raise ScoringMethodError(f"cannot convert {imp_margin!r} to VPs: expected an IMP margin such as 23 or -7")
        if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
            raise ScoringMethodError(f"a match of {boards!r} boards is impossible: expected a whole number ≥ 1")
        table = self.steps(boards)
        if table is None:
            raise ScoringMethodError(f"the {self.name} VP scale has no table for a match of {boards} boards: "
                                     f"its published tables are for {self.boards()} boards")
        margin = abs(imp_margin)
        winner = next(v for m, v in reversed(table) if margin >= m)
        loser = self.total - winner
        return (float(winner), float(loser)) if imp_margin >= 0 else (float(loser), float(winner))


#: r = τ³, the continuous curve's ratio (VP = 10 + 10 (1 − r^(M/X)) / (1 − r) below the blitz X)
_RATIO = WBF_TAU ** 3


def _margin_reaching(vps: float, draw: int, blitz: float) -> float:
    """The IMP margin at which the continuous curve (draw ``draw``, blitz ``blitz``) reaches ``vps``."""
    return blitz * math.log(1 - (1 - _RATIO) * (vps / draw - 1)) / math.log(_RATIO)


@functools.lru_cache(maxsize=256)
def discrete_steps(boards: float, total: int = 20) -> tuple[tuple[int, int], ...]:
    """The WBF 2013 discrete scale of ``total`` VPs for a match of ``boards``: each VP figure of the
    winner from the draw up with the lowest margin earning it.

    Built as the EBU's generator of its published tables builds it (ebu.co.uk/dynamic/js/vps.js):
    the top margin of the band of ``draw + k`` VPs is the continuous curve's margin at
    ``draw + k + ½`` rounded down; then, from the draw up, a band wider than the one after it loses
    its top margin (the draw band counts both signs: 2 × top + 1 margins) until every band is at
    least as wide as the one before, so that no IMP is worth more than an IMP before it.

    >>> discrete_steps(8)[:4], discrete_steps(8)[-1]
    (((0, 10), (1, 11), (4, 12), (7, 13)), (39, 20))
    """
    draw = total // 2
    blitz = blitz_margin(boards)
    tops = [math.floor(_margin_reaching(draw + k + 0.5, draw, blitz)) for k in range(draw)]
    k = 0
    while k < draw - 1:
        before = 2 * tops[0] + 1 if k == 0 else tops[k] - tops[k - 1]
        if tops[k + 1] - tops[k] < before:
            tops[k] -= 1
            k = 0
        else:
            k += 1
    return ((0, draw), *((top + 1, draw + k + 1) for k, top in enumerate(tops)))


_DISCRETE_SOURCE = "WBF Scoring Panel, \"The New WBF IMP to VP Scales\" (2013), discrete scale; EBU White Book 3.1.1"
_ACBL_SOURCE = ("ACBL Swiss teams scale, BridgeHands encyclopedia \"Victory Points\" "
                "(bridgehands.com/V/Victory_Points.htm)")

# The scales (sources: the module's docstring):
# - wbf2013: the WBF 2013 continuous 20-point scale, a formula: two decimals, 10-10 for a draw, 20-0 from
#   15 √N IMPs; in force in WBF events since the 2013 World Teams Championships.
# - acbl-20: the ACBL 20-point scale of whole numbers, 10-10 for a draw, for Swiss teams matches of 6-8 and
#   of 9-11 boards (BridgeHands: "the two common scales used in North America for multi-board per match
#   Swiss team games").
# - acbl-30: the ACBL 30-point scale of whole numbers, 15-15 for a draw (a win by a single IMP is already
#   18-12), for matches of 6-8 and of 9-11 boards. Same source.
# Not carried, because their published tables could not be checked here: the WBF 2013 discrete
# (whole-number) scale the EBU uses outside its trials, the old WBF 25-point scale and the 10-point scales
# of some Swiss events.
SCALES: dict[str, VPScale] = {scale.name: scale for scale in (
    VPScale("wbf2013", "WBF 2013 连续胜利分表", "WBF 2013 continuous scale",
            "WBF Scoring Panel, \"The New WBF IMP to VP Scales\" (2013)"),
    VPScale("wbf2013-discrete", "WBF 2013 整数胜利分表（EBU 20 分）", "WBF 2013 discrete scale (whole numbers, the EBU's)",
            _DISCRETE_SOURCE, 20, True, derived=True),
    VPScale("ebu-10", "EBU 10 分整数胜利分表", "EBU 10-VP scale (whole numbers)",
            "EBU White Book 3.1.1, the 10-VP scale of half matches", 10, True, derived=True, share=0.5),
    VPScale("acbl-20", "ACBL 20 分整数胜利分表", "ACBL 20-VP scale (whole numbers)", _ACBL_SOURCE, 20, True, (
        (6, 8, ((0, 10), (1, 11), (3, 12), (5, 13), (8, 14), (11, 15), (14, 16), (17, 17), (20, 18), (24, 19),
                (28, 20))),
        (9, 11, ((0, 10), (1, 11), (3, 12), (6, 13), (10, 14), (14, 15), (18, 16), (22, 17), (26, 18), (31, 19),
                 (36, 20))))),
    VPScale("acbl-30", "ACBL 30 分整数胜利分表", "ACBL 30-VP scale (whole numbers)", _ACBL_SOURCE, 30, True, (
        (6, 8, ((0, 15), (1, 18), (2, 19), (3, 20), (4, 21), (5, 22), (7, 23), (9, 24), (11, 25), (14, 26), (17, 27),
                (20, 28), (24, 29), (28, 30))),
        (9, 11, ((0, 15), (1, 18), (2, 19), (3, 20), (5, 21), (7, 22), (9, 23), (12, 24), (15, 25), (18, 26),
                 (22, 27), (26, 28), (31, 29), (36, 30))))),
)}


def scale_of(name: str) -> VPScale:
    """The scale called ``name`` (:data:`SCALES`); an unknown name is a :class:`ScoringMethodError`."""
    try:
        return SCALES[name.strip().lower()]
    except KeyError:
        raise ScoringMethodError(f"unknown VP scale {name!r}: expected one of {', '.join(SCALES)}") from None
