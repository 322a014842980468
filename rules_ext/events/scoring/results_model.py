"""What ``compute_results(event)`` returns: scored boards, rankings, matches and differences."""
from __future__ import annotations

from dataclasses import dataclass, field

from rules_ext.events.fastbuild import compact
from rules_ext.events.model import Board, EventKind, TableResult

__all__ = ["BoardResults", "Difference", "EventResults", "MatchBoard", "MatchResult", "RankEntry", "Ranking", "ScoredResult",
           "places"]


@compact("result", "score_ns", "imp_ns", "imp_ew")
@dataclass(frozen=True)
class ScoredResult:
    """One result with our figures: ``score_ns`` (None when not played), matchpoints ``mp_ns`` and
    ``mp_ew`` (pairs and individual; Neuberg-adjusted where the board needs it; for an artificial
    score, its percentage of the top), ``pct_ns`` / ``pct_ew`` (0..100), ``imp_ns`` / ``imp_ew``
    (teams, cross-IMPs, Butler). Figures that do not apply are None.

    The four matchpoint figures are kept in one object (:func:`~rules_ext.events.fastbuild.compact`),
    which the results with the same matchpoints on the same top share."""

    result: TableResult
    score_ns: int | None
    mp_ns: float | None = None
    mp_ew: float | None = None
    pct_ns: float | None = None
    pct_ew: float | None = None
    imp_ns: float | None = None
    imp_ew: float | None = None


@dataclass(frozen=True, slots=True)
class BoardResults:
    """A board's results scored: ``top`` (matchpoints of a top on this board after any Neuberg
    adjustment), ``neuberg`` (True when Neuberg's formula was applied: artificial scores or fewer
    results than the board played most often), ``datum`` (Butler), ``lines`` in file order."""

    board: Board
    lines: tuple[ScoredResult, ...]
    top: float | None = None
    neuberg: bool = False
    datum: int | None = None
    section: str = ""  # a session whose sections are scored each on its own: the section of these lines


@dataclass(frozen=True, slots=True)
class RankEntry:
    """A line of a ranking. ``rank`` is the printed place with ties marked (``1``, ``3=``);
    ``position`` the same as a number; ``id`` and ``names`` of the pair/team/player;
    ``total`` (matchpoints, IMPs or VPs as the ranking's ``unit`` says); ``pct`` (pairs and
    individual: total / sum of tops × 100, else None); ``boards`` played (or matches for VPs);
    ``imps`` (teams: IMP balance; else None)."""

    rank: str
    position: int
    id: str
    names: str
    total: float
    pct: float | None
    boards: int
    imps: float | None = None


@dataclass(frozen=True, slots=True)
class Ranking:
    """A ranked list. ``group`` is 'NS' / 'EW' for a Mitchell (each direction ranked apart), ''
    for one overall list; ``unit`` is 'MP', 'IMP', 'VP' or 'BP' (board points, point-a-board teams);
    ``section``: the section ranked, '' for the field."""

    group: str
    unit: str
    entries: tuple[RankEntry, ...]
    section: str = ""


@dataclass(frozen=True, slots=True)
class MatchBoard:
    """One board of a teams match, counted once for the match (not once per room): ``number``;
    ``open`` and ``closed``, the line of each room (the Open room is the one where the home team sits
    North-South; None for a room the file has no record of); ``imps_home``, the IMPs the board gives
    the home team (negative: to the visiting team), None when it is not counted; ``one_room``: the
    file gives one room only, and ``imps_home`` is then the file's own figure for that record (its
    ``ScoreIMP``), counted as the scoring program counted it, never compared with ours."""

    number: int
    open: ScoredResult | None
    closed: ScoredResult | None
    imps_home: float | None
    one_room: bool = False

    def imps_of(self, team: str, home: str) -> float | None:
        """The IMPs of this board to ``team`` (one of the match's two; ``home`` the match's home team)."""
        if self.imps_home is None:
            return None
        return self.imps_home if team == home else -self.imps_home


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A teams match: ``home`` and ``visit`` team names, IMPs each, boards compared, and VPs
    (WBF 2013 scale, through the core's ``vp``). ``table`` is the file's Table/match label, ``round``
    its Round ('' when the file has none). A match not played has no boards. ``lines``: its boards,
    each once (:class:`MatchBoard`); ``one_room``: how many of ``boards`` the file gives one room
    of, counted with the file's own IMPs."""

    home: str
    visit: str
    imps_home: float
    imps_visit: float
    boards: int
    vp_home: float
    vp_visit: float
    table: str = ""
    round: str = ""
    lines: tuple[MatchBoard, ...] = field(default=(), compare=False)
    one_room: int = 0

    def imps_of(self, team: str) -> float:
        """The IMP balance of the match to ``team``: each board counted once."""
        balance = self.imps_home - self.imps_visit
        return balance if team == self.home else -balance


@dataclass(frozen=True, slots=True)
class Difference:
    """A figure where the file and we disagree: ``board`` (None for a total), ``participant`` (pair
    id, team, or ``ns-ew`` of a result), ``item`` (the column: MP_NS, Percentage_EW, Score_NS,
    TotalScoreMP, Rank, ...), ``theirs`` and ``ours`` as text, and the file ``line``."""

    board: int | None
    participant: str
    item: str
    theirs: str
    ours: str
    line: int = field(default=0, compare=False)

    def __str__(self) -> str:
        where = f"board {self.board}" if self.board is not None else "totals"
        return f"{where}, {self.participant}: {self.item} theirs {self.theirs}, ours {self.ours}"


@dataclass(frozen=True, slots=True)
class Penalty:
    """Points a director gives to or takes from a pair's (player's) total, in the ranking's unit (MP
    or IMPs; a penalty is negative): a Ruter ``"Pen"`` row, a ``ScorePenalty`` column of the totals,
    or a ``[[penalty]]`` of a corrections file. ``board`` when it is given on a board; ``source``:
    where it comes from ("row", "ScorePenalty", "corrections"); ``line`` its line there."""

    pair: str
    points: float
    board: int | None = None
    reason: str = ""
    source: str = ""
    line: int = field(default=0, compare=False)

    def __str__(self) -> str:
        where = f" on board {self.board}" if self.board is not None else ""
        why = f" — {self.reason}" if self.reason else ""
        return f"pair {self.pair}: {self.points:+g}{where} ({self.source}){why}"


@dataclass(frozen=True, slots=True)
class EventResults:
    """Everything computed for an event.

    - ``kind``: the event's :class:`EventKind`; ``method``: 'matchpoints', 'cross-imps',
      'cross-imps-average', 'butler' or 'imps' (teams); ``scale``: matchpoint scale ('2/1/0' or
      '1/0.5/0'), '' when not matchpoints.
    - ``boards``: :class:`BoardResults` by board number; ``rankings``: one :class:`Ranking`
      (or one per direction for a Mitchell); ``matches``: :class:`MatchResult` (teams);
      ``differences``: each :class:`Difference` between the file's own figures and ours;
      ``compared``: how many of the file's figures were compared with ours, ``rounding``: how many
      of them differ only inside the file's printed precision (counted, not listed);
      ``artificial``: the convention artificial scores were IMPed by (cross-IMPs, Butler; else '');
      ``not_compared``: the file's figures that had none of ours to be compared with, by item
      (``ScoreIMP NS``: 10), not counted in ``compared``; ``unpaired``: a note for each board of a
      teams match whose records could not be paired (which records, and why);
      ``conventions``: each convention of :class:`~rules_ext.events.scoring.conventions.Conventions` the
      scoring used that was set or inferred, as ``(name, value, why)`` ("centred", "yes",
      "inferred from 575/575 rows (NS = -EW)"); ``penalties``: each :class:`Penalty` applied to a total.
    - ``vp_scale``: the scale the teams matches' VPs are on (:data:`rules_ext.core.vp_scales.SCALES`;
      '' when not teams); ``sections``: the sections of the session, in the file's order (() for one).
    """

    kind: EventKind
    method: str
    scale: str
    boards: tuple[BoardResults, ...]
    rankings: tuple[Ranking, ...]
    matches: tuple[MatchResult, ...] = ()
    differences: tuple[Difference, ...] = ()
    compared: int = 0
    rounding: int = 0
    artificial: str = ""
    not_compared: tuple[tuple[str, int], ...] = ()
    unpaired: tuple[str, ...] = ()
    conventions: tuple[tuple[str, str, str], ...] = ()
    penalties: tuple[Penalty, ...] = ()
    vp_scale: str = ""
    sections: tuple[str, ...] = ()

    @property
    def agreeing(self) -> int:
        """Figures of the file that agree with ours (rounding and differences apart)."""
        return self.compared - self.rounding - len(self.differences)


def places(keys: list[float]) -> list[tuple[int, bool]]:
    """For ranking keys sorted best first: each one's position (the first place of its equals, as
    in 3=) and whether it is tied with another."""
    out = []
    for key in keys:
        same = [j for j, other in enumerate(keys) if abs(other - key) < 1e-9]
        out.append((same[0] + 1, len(same) > 1))
    return out
