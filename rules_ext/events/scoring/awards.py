"""What the file awards beside the ranking: masterpoints (USEBIO ``MASTER_POINTS``, read into the
TotalScoreTable's ``MasterPoints`` and ``MasterPointType`` columns by the USEBIO reader), as the
file writes them: the figure is in the national body's unit (whole points, hundredths of a point,
…) and is shown with its type (``GREEN``, ``LOCAL``, ``BLUE``), never converted or recomputed.
"""
from __future__ import annotations

from dataclasses import dataclass

from rules_ext.events.model import Event

__all__ = ["Award", "masterpoints"]


@dataclass(frozen=True, slots=True)
class Award:
    """The masterpoints the file awards one pair, team or player: ``points`` as written, ``kind``."""

    points: str
    kind: str = ""

    def __str__(self) -> str:
        return f"{self.points} {self.kind}".strip()


def masterpoints(event: Event) -> dict[str, Award]:
    """Each pair's (team's, player's) masterpoints, by the id the ranking gives it (a team by its
    name too); {} when the file awards none. A pair the file gives no figure is left out."""
    table = event.totals
    if table is None or not any(c.name == "MasterPoints" for c in table.columns):
        return {}
    found: dict[str, Award] = {}
    for row in table.records():
        points = row.get("MasterPoints", "").strip()
        if not points or points == "-":
            continue
        kind = row.get("MasterPointType", "").strip()
        award = Award(points, "" if kind == "-" else kind)
        for key in ("PairId", "PlayerId", "TeamId", "TeamName"):
            ident = row.get(key, "").strip()
            if ident and ident != "-":
                found.setdefault(ident, award)
    return found
