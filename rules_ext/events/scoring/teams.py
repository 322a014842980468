"""Teams events: the rooms of each match paired board by board, IMPs, match totals, VPs (the core's
``imps`` and ``vp``, WBF 2013) and the teams' ranking.

A match is the two teams that meet (in a round, when the file has rounds), whatever table numbers
and home/visiting order its records carry: its two rooms on a board are the two records with the
same unordered pair of teams; its home team is the HomeTeam of its first record. The rooms are
told apart by ``[Room]`` (the home team North-South in Open), else as the records show: teams named
in both orders (RealBridge), each record's HomeTeam sits North-South; two tables, one order, the
home team sits North-South at the table met first; one table, one order, a room keeps its
North-South pair and the room met first is the home team's. A record that cannot be paired is not
scored and said so (:func:`team_matches`' notes). A match written ``Contract "Pass"`` without a
``Score`` is "not played", never a pass-out, when every record of its match is one or the file's
ScoreIMP for it is nothing while the other room scored. In the director's words: the 使用说明's
成绩的计算 (source/manual/scoring.rst).
"""
from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import TypeVar

from rules_ext.core import imps, vp
from rules_ext.events.model import Board, Event, TableResult
from rules_ext.events.scoring.results_model import (
    BoardResults,
    MatchBoard,
    MatchResult,
    RankEntry,
    Ranking,
    ScoredResult,
    places,
)

__all__ = ["match_of", "match_rooms", "seat_teams", "team_board_imps", "team_matches", "team_ranking"]

_IMP_FIGURE = re.compile(r"[+-]?\d+(?:[.,]\d+)?")
_SIDE_IMPS = re.compile(r"(NS|EW)\s+([+-]?\d+(?:[.,]\d+)?)", re.IGNORECASE)
_Match = tuple[str, str, str]  # round, home team, visiting team (the match's: its first record's)


def match_of(r: TableResult) -> tuple[_Match, bool] | None:
    """The match of a teams result, ``(round, home, visit)``, and whether the home team sat
    North-South in it; None when the result is not one of a teams match (or names one team as both)."""
    if r.home and r.visit:
        if r.home == r.visit:
            return None
        return (r.round, r.home, r.visit), r.ns == r.home
    if r.room:
        closed = r.room.lower().startswith("c")
        home, visit = (r.ew, r.ns) if closed else (r.ns, r.ew)
        return (r.round, home, visit), not closed
    return None


T = TypeVar("T")


def match_rooms(items: Iterable[T], result: Callable[[T], TableResult]) -> dict[_Match, dict[bool, T]]:
    """A board's results (or anything ``result`` reads a result from) by match, in file order, each
    under whether the home team sat North-South in it (True: the Open room)."""
    rooms: dict[_Match, dict[bool, T]] = defaultdict(dict)
    for item in items:
        found = match_of(result(item))
        if found is not None:
            rooms[found[0]].setdefault(found[1], item)
    return rooms


@dataclass(slots=True)
class _MatchLayout:
    """What the records of one match show: its home and visiting team (its first record's), the
    tables its rooms carry, and whether the records name the teams in both orders."""

    home: str
    visit: str
    tables: list[str] = field(default_factory=list)
    both_orders: bool = False


def _unordered(r: TableResult) -> tuple[str, frozenset[str]]:
    return r.round, frozenset((r.home, r.visit))


def seat_teams(boards: Iterable[Board]) -> list[Board]:
    """The boards with each teams result's ``ns`` and ``ew`` the teams that sat there, its ``home``
    and ``visit`` those of its match (the rooms paired as the module doc says) and the matches
    not played marked so."""
    boards = list(boards)
    layouts: dict[tuple[str, frozenset[str]], _MatchLayout] = {}
    for board in boards:
        for r in board.results:
            if r.home and r.visit:
                layout = layouts.setdefault(_unordered(r), _MatchLayout(r.home, r.visit))
                layout.both_orders |= r.home != layout.home
                if not r.room and r.table not in layout.tables:
                    layout.tables.append(r.table)
    home_room: dict[tuple[str, frozenset[str]], tuple[frozenset[str], frozenset[str]]] = {}
    seated = []
    for board in boards:
        met: dict[tuple[str, frozenset[str]], int] = defaultdict(int)
        results = []
        for r in board.results:
            if r.home and r.visit:
                key = _unordered(r)
                layout = layouts[key]
                if r.room:
                    home_ns = r.ns == layout.home  # as the Room tag seated it
                elif layout.both_orders:  # each record names the team sitting North-South its home team
                    home_ns = r.home == layout.home
                elif len(layout.tables) == 2:  # the home team sits North-South at the table met first
                    home_ns = r.table == layout.tables[0]
                else:
                    ns, ew = _pair(r, 0, 2), _pair(r, 1, 3)
                    first_ns, first_ew = home_room.setdefault(key, (ns, ew))
                    home_ns = (ns == first_ns or ew == first_ew) if ns or ew else met[key] == 0
                met[key] += 1
                ns_team, ew_team = (layout.home, layout.visit) if home_ns else (layout.visit, layout.home)
                if (r.ns, r.ew, r.home, r.visit) != (ns_team, ew_team, layout.home, layout.visit):
                    r = replace(r, ns=ns_team, ew=ew_team, home=layout.home, visit=layout.visit)
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
    one_room: int = 0
    lines: list[MatchBoard] = field(default_factory=list)  # each board of the match, once

    def add(self, gain: float) -> None:
        self.imps_home += max(gain, 0)
        self.imps_visit += max(-gain, 0)
        self.boards += 1


def team_matches(event: Event, board_points: tuple[float, float] | None = None
                 ) -> tuple[list[BoardResults], list[MatchResult], list[str]]:
    """Every board with each result's IMPs against the other room of its match, the matches (IMPs
    each side over the boards both rooms played, VPs; a match not played has no boards), and a note
    for each board of a match whose records cannot be paired (which records, and why).

    A board the file gives one room of, whose record carries the program's own IMPs (``ScoreIMP``),
    is counted with those IMPs (the program counted it: the other room is missing from the file, not
    from the match) and said so; its record's IMPs are the file's, not ours, and are not compared.
    ``board_points`` (point-a-board, board-a-match: the points of a board won and tied, e.g.
    ``(1, 0.5)``): each board is won, tied or lost by the two rooms' net score instead (a line's
    ``imp_ns`` / ``imp_ew`` are then the board points of the team sitting there), the match's
    figures are its board points, IMPs and VPs alike."""
    per_match: dict[_Match, _MatchTotals] = {}
    tables: dict[_Match, list[str]] = {}
    notes: list[str] = []
    boards = []
    for board in event.boards:
        figures: dict[int, tuple[float, float]] = {}
        #: the board in each match: (match, Open room's record, Closed room's, IMPs to home, one room only)
        counted: list[tuple[_Match, TableResult | None, TableResult | None, float | None, bool]] = []
        rooms: dict[_Match, dict[bool, list[TableResult]]] = defaultdict(lambda: {True: [], False: []})
        for r in board.results:
            found = match_of(r)
            if found is None:
                if r.home or r.visit:
                    notes.append(f"board {board.number}, line {r.line}: HomeTeam {r.home or '(none)'}, VisitTeam "
                                 f"{r.visit or '(none)'}: not the two teams of a match; not scored")
                continue
            rooms[found[0]][found[1]].append(r)
            met = tables.setdefault(found[0], [])
            if r.table and r.table not in met:
                met.append(r.table)
        for key, pair in rooms.items():
            totals = per_match.setdefault(key, _MatchTotals())
            note = _unpaired(board.number, key, pair[True], pair[False])
            if note:
                lone = _lone_room(pair[True], pair[False])
                gain = _file_imps(lone, key[1]) if lone is not None else None
                if lone is not None and gain is not None:
                    note = note.replace("; not scored", f"; counted with the file's own IMPs ({lone.their('ScoreIMP')}), "
                                                        f"which are not compared")
                    totals.add(gain)
                    totals.one_room += 1
                    lone_home = lone.ns == key[1]
                    counted.append((key, lone if lone_home else None, None if lone_home else lone, gain, True))
                elif lone is not None:  # shown as one room only, not counted
                    lone_home = lone.ns == key[1]
                    counted.append((key, lone if lone_home else None, None if lone_home else lone, None, True))
                notes.append(note)
                continue
            if not (pair[True] and pair[False]):
                continue
            home_ns, visit_ns = pair[True][0], pair[False][0]
            if not (home_ns.scored and visit_ns.scored):
                counted.append((key, home_ns, visit_ns, None, False))
                continue
            if home_ns.score_ns is None or visit_ns.score_ns is None:
                continue  # not reached: a scored result has a score (said for the type checker)
            totals = per_match[key]
            if board_points is not None:  # won, tied or lost by any margin
                net = home_ns.score_ns - visit_ns.score_ns
                won, tied = board_points
                to_home, to_visit = (won, 0.0) if net > 0 else (0.0, won) if net < 0 else (tied, tied)
                figures[id(home_ns)] = (to_home, to_visit)
                figures[id(visit_ns)] = (to_visit, to_home)
                totals.boards += 1
                totals.imps_home += to_home
                totals.imps_visit += to_visit
                counted.append((key, home_ns, visit_ns, None, False))  # board points: the lines carry them
                continue
            gain = imps(home_ns.score_ns - visit_ns.score_ns)  # to the home team
            figures[id(home_ns)] = (gain, -gain)
            figures[id(visit_ns)] = (-gain, gain)
            totals.add(gain)
            counted.append((key, home_ns, visit_ns, gain, False))
        lines = [ScoredResult(r, r.score_ns if r.scored else None,
                              imp_ns=figures.get(id(r), (None, None))[0],
                              imp_ew=figures.get(id(r), (None, None))[1]) for r in board.results]
        scored = {id(line.result): line for line in lines}
        for key, open_room, closed_room, gain, one_room in counted:
            per_match[key].lines.append(MatchBoard(board.number, scored[id(open_room)] if open_room else None,
                                                   scored[id(closed_room)] if closed_room else None, gain, one_room))
        boards.append(BoardResults(board, tuple(lines)))
    matches = []
    for (round_, home, visit), t in per_match.items():
        if board_points is not None:  # the match's board points are its score
            vp_home, vp_visit = (t.imps_home, t.imps_visit) if t.boards else (0.0, 0.0)
        else:
            vp_home, vp_visit = vp(t.imps_home - t.imps_visit, t.boards) if t.boards else (0.0, 0.0)
        matches.append(MatchResult(home, visit, t.imps_home, t.imps_visit, t.boards, vp_home, vp_visit,
                                   "/".join(tables.get((round_, home, visit), [])), round_, tuple(t.lines), t.one_room))
    return boards, matches, notes


def team_board_imps(matches: Iterable[MatchResult], team: str) -> dict[tuple[_Match, int], float]:
    """The IMPs each board of its matches gives ``team``, once per board (its two rooms carry the
    same board's IMPs: adding both would count them twice), keyed by the match (``match_of``'s
    ``(round, home, visit)``) and the board number; a board not counted is not there."""
    out: dict[tuple[_Match, int], float] = {}
    for m in matches:
        if team not in (m.home, m.visit):
            continue
        for board in m.lines:
            imps_won = board.imps_of(team, m.home)
            if imps_won is not None:
                out[(m.round, m.home, m.visit), board.number] = imps_won
    return out


def _lone_room(home_ns: list[TableResult], visit_ns: list[TableResult]) -> TableResult | None:
    """The one record of a board of a match that the file gives one room of (None otherwise)."""
    records = [*home_ns, *visit_ns]
    return records[0] if len(records) == 1 and records[0].scored else None


def _file_imps(r: TableResult, home: str) -> float | None:
    """The IMPs a record's own ``ScoreIMP`` gives the home team (None when it gives none)."""
    text = r.their("ScoreIMP")
    if not text:
        return None
    sides = {side.upper(): float(value.replace(",", ".")) for side, value in _SIDE_IMPS.findall(text)}
    ns = sides.get("NS", -sides["EW"] if "EW" in sides else None)
    if ns is None:
        return None
    return ns if r.ns == home else -ns


def _unpaired(number: int, key: _Match, home_ns: list[TableResult], visit_ns: list[TableResult]) -> str:
    """Why a board's records of a match cannot be paired ('' when they can, or when none of them
    was played): the other room is not in the file, or a room has more than one record."""
    _, home, visit = key
    played = [r for r in (*home_ns, *visit_ns) if not r.not_played]
    if not played:
        return ""
    match = f"board {number}, {home} v {visit}" + (f" (round {key[0]})" if key[0] else "")

    def where(r: TableResult) -> str:
        return f"line {r.line}" + (f", table {r.table}" if r.table else "") + (f", room {r.room}" if r.room else "")

    for team, room in ((home, home_ns), (visit, visit_ns)):
        if len(room) > 1:
            return (f"{match}: {len(room)} records with {team} North-South ({'; '.join(map(where, room))}): "
                    f"a match has one per room; none of its records is scored")
    if not (home_ns and visit_ns):
        (only,) = home_ns or visit_ns
        return (f"{match}: one record only ({where(only)}, {only.ns} North-South): the other room is not "
                f"in the file; not scored")
    return ""


@dataclass(slots=True)
class _TeamTotals:
    points: float = 0.0
    imps: float = 0.0
    matches: int = 0
    players: list[str] = field(default_factory=list)


def team_ranking(matches: list[MatchResult], boards: Iterable[BoardResults] = (),
                 players: dict[str, str] | None = None, unit: str = "VP") -> list[Ranking]:
    """The teams ranked by VPs (ties share a place, ``3=``; listed by IMP balance, then name); a
    match not played counts for neither team. ``players`` (team -> names, e.g. a USEBIO file's team
    list): every team it names is ranked, a match or not, and ``names`` are its players as given
    there, else those met in ``boards``. ``unit`` 'BP': point-a-board teams, ranked by their board
    points (the matches' ``vp_home`` / ``vp_visit``), no IMP balance."""
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
                                round(t.points, 2), None, t.matches, None if unit == "BP" else round(t.imps, 6)))
    return [Ranking("", unit, tuple(ranked))]
