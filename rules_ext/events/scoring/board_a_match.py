"""Point-a-board (board-a-match) teams: each board of a match won, tied or lost by the two rooms'
net score, whatever the margin (PBN ``[Scoring "BAM"]``, USEBIO ``MATCH_SCORING_METHOD`` ``PAB``),
the match and the event scored in board points (the boards themselves:
:func:`rules_ext.events.scoring.teams.team_matches` with ``board_points``).

A board won is worth 1 and a tie ½ (``1/0.5/0``, the ACBL's), or 2 and 1 (``2/1/0``, as British
events score it): set by the director (``board-points``), else as the file's match figures show
(the two teams of a match share as many points as its boards on 1/0.5/0, twice as many on 2/1/0),
else 1/0.5/0.
"""
from __future__ import annotations

from rules_ext.events.model import Event
from rules_ext.events.scoring.file_figures import printed_number
from rules_ext.events.scoring.results_model import MatchResult

__all__ = ["BOARD_POINTS", "choose_board_points"]

#: the points of a board won and tied, by the name of the scale
BOARD_POINTS = {"1/0.5/0": (1.0, 0.5), "2/1/0": (2.0, 1.0)}


def choose_board_points(event: Event, matches: list[MatchResult], settings: dict[str, object]
                        ) -> tuple[str, str]:
    """The board points (a name of :data:`BOARD_POINTS`) and why ('' for the default, 1/0.5/0);
    ``matches``: the event's matches scored on any scale (only their boards are read)."""
    if "board-points" in settings:
        return str(settings["board-points"]), "set by the director"
    table = event.match_totals
    if table is None:
        return "1/0.5/0", ""
    boards = {(m.round, m.home, m.visit): m.boards for m in matches}
    fits = dict.fromkeys(BOARD_POINTS, 0)
    looked = 0
    for row in table.records():
        shared = [printed_number(row.get(column)) for column in ("VP_Home", "VP_Visit")]
        played = boards.get((row.get("Round", ""), row.get("Home", ""), row.get("Visit", "")))
        if played is None:
            played = next((n for (_, home, visit), n in boards.items()
                           if (home, visit) == (row.get("Home"), row.get("Visit"))), None)
        if not played or shared[0] is None or shared[1] is None:
            continue
        looked += 1
        for name, (won, _) in BOARD_POINTS.items():
            fits[name] += abs(shared[0] + shared[1] - won * played) < 1e-6
    best = max(fits, key=lambda name: (fits[name], name == "1/0.5/0"))
    if not fits[best]:
        return "1/0.5/0", ""
    return best, f"inferred from {fits[best]}/{looked} matches, each sharing {BOARD_POINTS[best][0]:g} a board"
