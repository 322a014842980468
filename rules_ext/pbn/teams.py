"""Teams events: the rooms of each match paired board by board, IMPs (the core's ``imps``),
match totals, victory points (the core's ``vp``) and the teams' ranking."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from rules_ext.core import imps, vp
from rules_ext.pbn.model import Event, TableResult
from rules_ext.pbn.results_model import BoardResults, MatchResult, RankEntry, Ranking, ScoredResult, places

__all__ = ["team_matches", "team_ranking"]


def team_matches(event: Event) -> tuple[list[BoardResults], list[MatchResult]]:
    """Every board with each result's IMPs against the other room of its match, and the matches."""
    per_match: dict[tuple[str, str], list[float]] = {}
    labels: dict[tuple[str, str], str] = {}
    boards = []
    for board in event.boards:
        figures: dict[int, tuple[float, float]] = {}
        rooms: dict[tuple[str, str], dict[str, TableResult]] = defaultdict(dict)
        for r in board.results:
            if not r.room:
                continue
            closed = r.room.lower().startswith("c")
            home, visit = (r.ew, r.ns) if closed else (r.ns, r.ew)
            rooms[(home, visit)]["closed" if closed else "open"] = r
            labels.setdefault((home, visit), r.table)
        for key, pair in rooms.items():
            per_match.setdefault(key, [0.0, 0.0, 0])
            o, c = pair.get("open"), pair.get("closed")
            if o is None or c is None or not (o.scored and c.scored):
                continue
            if o.score_ns is None or c.score_ns is None:
                continue  # not reached: a scored result has a score (said for the type checker)
            gain = imps(o.score_ns - c.score_ns)
            figures[id(o)] = (gain, -gain)
            figures[id(c)] = (-gain, gain)
            totals = per_match[key]
            totals[0] += max(gain, 0)
            totals[1] += max(-gain, 0)
            totals[2] += 1
        lines = [ScoredResult(r, r.score_ns if r.scored else None,
                              imp_ns=figures.get(id(r), (None, None))[0],
                              imp_ew=figures.get(id(r), (None, None))[1]) for r in board.results]
        boards.append(BoardResults(board, tuple(lines)))
    matches = []
    for (home, visit), (h, v, n) in per_match.items():
        vp_home, vp_visit = vp(h - v, int(n)) if n else (0.0, 0.0)
        matches.append(MatchResult(home, visit, h, v, int(n), vp_home, vp_visit, labels[(home, visit)]))
    return boards, matches


@dataclass(slots=True)
class _TeamTotals:
    points: float = 0.0
    imps: float = 0.0
    matches: int = 0


def team_ranking(matches: list[MatchResult]) -> list[Ranking]:
    """The teams ranked by VPs (then IMP balance, then name)."""
    totals: dict[str, _TeamTotals] = defaultdict(_TeamTotals)
    for m in matches:
        for team, points, balance in ((m.home, m.vp_home, m.imps_home - m.imps_visit),
                                      (m.visit, m.vp_visit, m.imps_visit - m.imps_home)):
            t = totals[team]
            t.points += points
            t.imps += balance
            t.matches += 1
    entries = sorted(totals.items(), key=lambda kv: (-round(kv[1].points, 6), -kv[1].imps, kv[0]))
    ranked = []
    for (ident, t), (position, tied) in zip(entries, places([t.points for _, t in entries])):
        ranked.append(RankEntry(f"{position}=" if tied else str(position), position, ident, ident,
                                round(t.points, 2), None, t.matches, round(t.imps, 6)))
    return [Ranking("", "VP", tuple(ranked))]
