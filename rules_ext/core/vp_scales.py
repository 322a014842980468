"""Victory-point scales as data: each scale in use by its name, with where it is published, so that
a teams event is converted on the scale its organisers used and a sheet can say which.

:data:`SCALES` holds every scale the project knows, each a :class:`VPScale`: ``wbf2013`` (WBF
Scoring Panel, "The New WBF IMP to VP Scales", 2013: a formula, :func:`~rules_ext.core.methods.vp`),
``acbl-20`` and ``acbl-30`` (the ACBL's Swiss teams scales as printed in the BridgeHands
encyclopedia, "Victory Points", bridgehands.com/V/Victory_Points.htm). The comment above
:data:`SCALES` says what each holds and which scales are left out, and why.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from rules_ext.core.methods import ScoringMethodError
from rules_ext.core.methods import vp as wbf2013_vp

__all__ = ["SCALES", "VPScale", "scale_of"]

#: a published table: (fewest boards, most boards, ((lowest margin, winner's VPs), ...) from the draw up)
_Table = tuple[int, int, tuple[tuple[int, int], ...]]


@dataclass(frozen=True, slots=True)
class VPScale:
    """A VP scale: it converts a match's IMP margin over a number of boards into the VPs of the two
    teams. ``name`` (as a setting names it), ``title`` (how a sheet names it, Chinese and English),
    ``source`` (where it is published), ``total`` (the VPs of a match: 20 or 30), ``whole`` (whole
    numbers, read from ``tables``, or the continuous formula). A whole-number scale is a table: for
    each range of boards, the lowest margin that earns each VP figure of the winner (``(margin,
    winner's VPs)``, from the draw up); the loser gets the rest of the scale's total."""

    name: str
    title_zh: str
    title_en: str
    source: str
    total: int = 20
    whole: bool = False
    tables: tuple[_Table, ...] = ()

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
        return not self.whole or any(low <= boards <= high for low, high, _ in self.tables)

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
        table = next((steps for low, high, steps in self.tables if low <= boards <= high), None)
        if table is None:
            raise ScoringMethodError(f"the {self.name} VP scale has no table for a match of {boards} boards: "
                                     f"its published tables are for {self.boards()} boards")
        margin = abs(imp_margin)
        winner = next(v for m, v in reversed(table) if margin >= m)
        loser = self.total - winner
        return (float(winner), float(loser)) if imp_margin >= 0 else (float(loser), float(winner))


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
