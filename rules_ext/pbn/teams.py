"""Teams events: the rooms of each match paired board by board, IMPs (the core's ``imps``),
match totals, victory points (the core's ``vp``, WBF 2013) and the teams' ranking.

A match is the boards one table played between its home and visiting teams (in one round, when
the file has rounds). Its two rooms are
told apart by ``[Room "Open"]`` / ``[Room "Closed"]`` (home team North-South in the Open room), or,
in files without a Room tag (RealBridge writes ``Table``, ``HomeTeam`` and ``VisitTeam`` on each
record), by who sits North-South: a room keeps its North-South pair through the match, and the
room met first in the file (the lowest board) is the one where the home team sits North-South.
When the players are not named either, the first record of a match on each board is that room.

A match not played is written as ``[Contract "Pass"]`` without a ``[Score]`` (and ``ScoreIMP "NS 0
EW 0"``). Such a record is "not played", never a pass-out, when every record of its match is one,
or when the file's own ScoreIMP for it is nothing while the other room scored something: it has no
score and takes no part in the IMPs.
"""
from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import TypeVar

from rules_ext.core import imps, vp
from rules_ext.pbn.model import Board, Event, TableResult
from rules_ext.pbn.results_model import BoardResults, MatchResult, RankEntry, Ranking, ScoredResult, places

__all__ = ["match_of", "match_rooms", "seat_teams", "team_matches", "team_ranking"]

_IMP_FIGURE = re.compile(r"[+-]?\d+(?:[.,]\d+)?")
_Match = tuple[str, str, str, str]  # round, table, home team, visiting team


def match_of(r: TableResult) -> tuple[_Match, bool] | None:
    """The match of a teams result, ``(round, table, home, visit)``, and whether the home team sat
    North-South in it; None when the result is not one of a teams match."""
    if r.home and r.visit:
        return (r.round, r.table, r.home, r.visit), r.ns == r.home
    if r.room:
        closed = r.room.lower().startswith("c")
        home, visit = (r.ew, r.ns) if closed else (r.ns, r.ew)
        return (r.round, r.table, home, visit), not closed
    return None


T = TypeVar("T")


def match_rooms(items: Iterable[T], result: Callable[[T], TableResult]) -> dict[_Match, dict[bool, T]]:
    """A board's results (or anything ``result`` reads a result from) by match, in file order, each
    under whether the home team sat North-South in it (True: the Open room)."""
    rooms: dict[_Match, dict[bool, T]] = defaultdict(dict)
    for item in items:
        found = match_of(result(item))
        if found is not None:
            rooms[found[0]][found[1]] = item
    return rooms


def seat_teams(boards: Iterable[Board]) -> list[Board]:
    """The boards with each teams result's ``ns`` and ``ew`` the teams that sat there (the rooms of
    a file without Room tags paired as the module doc says) and the matches not played marked so."""
    home_room: dict[_Match, tuple[frozenset[str], frozenset[str]]] = {}
    seated = []
    for board in boards:
        met: dict[_Match, int] = defaultdict(int)
        results = []
        for r in board.results:
            if r.home and r.visit and not r.room:
                key = (r.round, r.table, r.home, r.visit)
                ns, ew = _pair(r, 0, 2), _pair(r, 1, 3)
                first_ns, first_ew = home_room.setdefault(key, (ns, ew))
                home_ns = (ns == first_ns or ew == first_ew) if ns or ew else met[key] == 0
                met[key] += 1
                if not home_ns:
                    r = replace(r, ns=r.visit, ew=r.home)
            results.append(r)
        seated.append(replace(board, results=tuple(results)))
    return _mark_not_played(seated)


def _pair(r: TableResult, first: int, second: int) -> frozenset[str]:
    """Who sat in two seats (member ids where the file gives them, else names); empty if unnamed."""
    who = r.member_ids if any(r.member_ids) else r.players
    return frozenset(who[i] for i in (first, second) if len(who) > i and who[i])


def _unscored_pass(r: TableResult) -> bool:
    """``[Contract "Pass"]`` without a ``[Score]``: a pass-out, or a board not played."""
    return r.contract is not None and r.contract.is_passed_out and r.score_computed


def _no_imps(r: TableResult) -> bool:
    """The file's own ScoreIMP for the result gives nobody anything (``NS 0 EW 0``, ``NS 0 EW -0``)."""
    text = r.their("ScoreIMP")
    figures = _IMP_FIGURE.findall(text or "")
    return bool(figures) and all(float(f.replace(",", ".")) == 0 for f in figures)


def _mark_not_played(boards: list[Board]) -> list[Board]:
    by_match: dict[_Match, list[TableResult]] = defaultdict(list)
    for board in boards:
        for r in board.results:
            found = match_of(r)
            if found is not None:
                by_match[found[0]].append(r)
    unplayed = {key for key, results in by_match.items() if all(_unscored_pass(r) for r in results)}
    out = []
    for board in boards:
        rooms: dict[_Match, list[TableResult]] = defaultdict(list)
        for r in board.results:
            found = match_of(r)
            if found is not None:
                rooms[found[0]].append(r)

        results = tuple(replace(r, contract=None, declarer=None, tricks=None, score_ns=None, score_computed=False,
                                not_played=True) if _not_played(r, rooms, unplayed) else r
                        for r in board.results)
        out.append(board if results == board.results else replace(board, results=results))
    return out


def _not_played(r: TableResult, rooms: dict[_Match, list[TableResult]], unplayed: set[_Match]) -> bool:
    """Whether ``r`` is a board not played (the module doc says when); ``rooms``: the board's
    results by match; ``unplayed``: the matches not played at all."""
    found = match_of(r)
    if found is None or not _unscored_pass(r):
        return False
    others = [o for o in rooms[found[0]] if o is not r]
    return found[0] in unplayed or (_no_imps(r) and any(o.score_ns for o in others))


@dataclass(slots=True)
class _MatchTotals:
    imps_home: float = 0.0
    imps_visit: float = 0.0
    boards: int = 0


def team_matches(event: Event) -> tuple[list[BoardResults], list[MatchResult]]:
    """Every board with each result's IMPs against the other room of its match, and the matches
    (IMPs each side over the boards both rooms played, VPs; a match not played has no boards)."""
    per_match: dict[_Match, _MatchTotals] = {}
    boards = []
    for board in event.boards:
        figures: dict[int, tuple[float, float]] = {}
        rooms = match_rooms(board.results, lambda r: r)
        for key, pair in rooms.items():
            per_match.setdefault(key, _MatchTotals())
            home_ns, visit_ns = pair.get(True), pair.get(False)
            if home_ns is None or visit_ns is None or not (home_ns.scored and visit_ns.scored):
                continue
            if home_ns.score_ns is None or visit_ns.score_ns is None:
                continue  # not reached: a scored result has a score (said for the type checker)
            gain = imps(home_ns.score_ns - visit_ns.score_ns)  # to the home team
            figures[id(home_ns)] = (gain, -gain)
            figures[id(visit_ns)] = (-gain, gain)
            totals = per_match[key]
            totals.imps_home += max(gain, 0)
            totals.imps_visit += max(-gain, 0)
            totals.boards += 1
        lines = [ScoredResult(r, r.score_ns if r.scored else None,
                              imp_ns=figures.get(id(r), (None, None))[0],
                              imp_ew=figures.get(id(r), (None, None))[1]) for r in board.results]
        boards.append(BoardResults(board, tuple(lines)))
    matches = []
    for (round_, table, home, visit), t in per_match.items():
        vp_home, vp_visit = vp(t.imps_home - t.imps_visit, t.boards) if t.boards else (0.0, 0.0)
        matches.append(MatchResult(home, visit, t.imps_home, t.imps_visit, t.boards, vp_home, vp_visit, table,
                                   round_))
    return boards, matches


@dataclass(slots=True)
class _TeamTotals:
    points: float = 0.0
    imps: float = 0.0
    matches: int = 0
    players: list[str] = field(default_factory=list)


def team_ranking(matches: list[MatchResult], boards: Iterable[BoardResults] = (),
                 players: dict[str, str] | None = None) -> list[Ranking]:
    """The teams ranked by VPs (ties share a place, ``3=``; listed by IMP balance, then name); a
    match not played counts for neither team. ``players`` (team -> names, e.g. a USEBIO file's team
    list): every team it names is ranked, a match or not, and ``names`` are its players as given
    there, else those met in ``boards``."""
    totals: dict[str, _TeamTotals] = defaultdict(_TeamTotals)
    for team in players or {}:
        totals[team] = _TeamTotals()
    for m in matches:
        for team, points, balance in ((m.home, m.vp_home, m.imps_home - m.imps_visit),
                                      (m.visit, m.vp_visit, m.imps_visit - m.imps_home)):
            t = totals[team]
            if m.boards:
                t.points += points
                t.imps += balance
                t.matches += 1
    for board in boards:
        for line in board.lines:
            r = line.result
            if match_of(r) is None or len(r.players) != 4:
                continue
            for team, seats in ((r.ns, (0, 2)), (r.ew, (1, 3))):
                if team in totals:
                    for name in (r.players[i] for i in seats):
                        if name and name not in totals[team].players:
                            totals[team].players.append(name)
    entries = sorted(totals.items(), key=lambda kv: (-round(kv[1].points, 6), -kv[1].imps, kv[0]))
    ranked = []
    for (ident, t), (position, tied) in zip(entries, places([round(t.points, 6) for _, t in entries])):
        known = (players or {}).get(ident, "")
        names = known if known and known != ident else ", ".join(t.players) or ident
        ranked.append(RankEntry(f"{position}=" if tied else str(position), position, ident, names,
                                round(t.points, 2), None, t.matches, round(t.imps, 6)))
    return [Ranking("", "VP", tuple(ranked))]
