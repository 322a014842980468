"""compute_results: an Event's figures through the core, compared with the file's own figures.

Pairs and individual events are matchpointed (Law 78A) per board among its real results; a board
with artificial scores or fewer results than the board played most often gets Neuberg's formula
(the core's ``neuberg``), and an artificial score gets its percentage of that top (an average plus,
A+, is raised to the pair's session percentage when that is higher: Law 88). IMP pairs are
cross-IMPed (summed or averaged, as the Scoring tag says) or Butler-scored against a datum; an
artificial score there is worth ±3 IMPs per 10 % off average (A+ = +3, A- = -3). Teams compare
the Open and Closed rooms of each match board by board (IMPs, the core's ``imps``) and convert
each match to VPs (the core's ``vp``). Every figure the file gives itself (scores, MP, percentages,
IMPs, totals, ranks) is compared with ours and each difference listed.
"""
from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from rules_ext.core import butler, cross_imps, matchpoints, neuberg, ns_score, top
from rules_ext.core.adjusted import LAW88_MINIMUM, law88_percentage
from rules_ext.pbn.model import Board, Event, EventKind, TableResult
from rules_ext.pbn.results_model import (
    BoardResults,
    Difference,
    EventResults,
    RankEntry,
    Ranking,
    ScoredResult,
)
from rules_ext.pbn.results_model import places as tie_places
from rules_ext.pbn.teams import team_matches, team_ranking

__all__ = ["compute_results", "scoring_method"]

_NUMBER = re.compile(r"^[+-]?\d+(?:[.,]\d+)?$")
_SIDE_FIGURE = re.compile(r"(NS|EW)\s+([+-]?\d+(?:[.,]\d+)?)", re.IGNORECASE)
_EPSILON = 1e-9
METHODS = ("matchpoints", "cross-imps", "cross-imps-average", "butler", "imps")


def scoring_method(event: Event) -> tuple[str, str]:
    """``(method, scale)`` from the event's kind and Scoring tag (or META ScoringType).

    Teams: 'imps'. Pairs: 'butler' if the scoring names Butler; 'cross-imps' (or
    'cross-imps-average' when it says Average/Avg/Mean) if it names Cross or IMP without MP;
    otherwise 'matchpoints', on '2/1/0' when the scoring says MP1, '1/0.5/0' when it says MP2, and
    '' (not said: :func:`compute_results` looks at the file's own figures, else takes 2/1/0).
    """
    text = " ".join([event.scoring, *(c for n, c in event.meta if n.lower() == "scoringtype")]).lower()
    words = set(re.split(r"[^a-z0-9]+", text))
    if event.kind is EventKind.TEAMS:
        return "imps", ""
    if "butler" in words:
        return "butler", ""
    if "cross" in words or "crossimps" in words or (("imp" in words or "imps" in words) and not
                                                     words & {"mp", "mp1", "mp2", "matchpoints"}):
        average = bool(words & {"average", "avg", "mean", "averaged"})
        return ("cross-imps-average" if average else "cross-imps"), ""
    return "matchpoints", ("1/0.5/0" if "mp2" in words else "2/1/0" if "mp1" in words else "")


def _infer_scale(event: Event) -> str | None:
    """The file's own matchpoint scale, if its MP columns show it (MP_NS + MP_EW = top)."""
    for board in event.boards:
        real = [r for r in board.results if r.scored]
        if len(real) < 2 or len(real) != len([r for r in board.results if not r.not_played]):
            continue
        for r in real:
            ns, ew = _number(r.their("MP_NS")), _number(r.their("MP_EW"))
            if ns is not None and ew is not None:
                if abs(ns + ew - (len(real) - 1)) < 0.01:
                    return "1/0.5/0"
                if abs(ns + ew - 2 * (len(real) - 1)) < 0.01:
                    return "2/1/0"
    return None


def compute_results(event: Event, *, scale: str | None = None, method: str | None = None) -> EventResults:
    """Score every board of ``event`` and rank the field; see the module doc for the rules."""
    found_method, found_scale = scoring_method(event)
    method = method or found_method
    if method not in METHODS:
        raise ValueError(f"unknown scoring method {method!r}: expected one of {', '.join(METHODS)}")
    if method == "imps" and event.kind is not EventKind.TEAMS:
        raise ValueError(f"method 'imps' compares the Open and Closed rooms of a teams match, but this is a "
                         f"{event.kind.value} event: expected cross-imps, cross-imps-average or butler")
    if method == "matchpoints":
        scale = scale or found_scale or _infer_scale(event) or "2/1/0"
    else:
        scale = ""
    work = _Work(event, method, scale)
    return work.run()


@dataclass(slots=True)
class _Totals:
    points: float = 0.0
    tops: float = 0.0
    boards: int = 0
    imps: float = 0.0
    names: str = ""


@dataclass(slots=True)
class _Work:
    event: Event
    method: str
    scale: str
    differences: list[Difference] = field(default_factory=list)

    def run(self) -> EventResults:
        if self.method == "imps":
            boards, matches = team_matches(self.event)
            rankings = team_ranking(matches)
        else:
            boards = self.pairs()
            matches = []
            rankings = self.pair_rankings(boards)
        for board in boards:
            for line in board.lines:
                self.compare_line(board, line)
        self.compare_totals(rankings)
        return EventResults(self.event.kind, self.method, self.scale, tuple(boards), tuple(rankings),
                            tuple(matches), tuple(self.differences))

    # ---------------------------------------------------------------- pairs and individual
    def pairs(self) -> list[BoardResults]:
        most = max((sum(1 for r in b.results if r.scored or r.artificial) for b in self.event.boards), default=0)
        boards = [self.pairs_board(board, most) for board in self.event.boards]
        if self.method == "matchpoints" and self.event.kind is not EventKind.INDIVIDUAL:
            boards = self.law88(boards)
        return boards

    @staticmethod
    def law88(boards: list[BoardResults]) -> list[BoardResults]:
        """Law 88: a pair given average plus (A+, 60 %) gets its percentage on the session's other
        boards instead when that is higher (artificial scores left out of that percentage)."""
        earned: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])  # pair -> [matchpoints, tops]
        for board in boards:
            for line in board.lines:
                if line.result.artificial is None and line.mp_ns is not None and line.mp_ew is not None and board.top:
                    for ident, mp in ((line.result.ns, line.mp_ns), (line.result.ew, line.mp_ew)):
                        earned[ident][0] += mp
                        earned[ident][1] += board.top

        def raised(ident: str, pct: float) -> float:
            points, tops = earned.get(ident, (0.0, 0.0))
            return law88_percentage(min(100.0, 100 * points / tops)) if pct == LAW88_MINIMUM and tops else pct

        out = []
        for board in boards:
            lines = []
            for line in board.lines:
                a = line.result.artificial
                if a is not None and board.top and not any(ch.isdigit() for ch in a.marker):  # A+, A+-, ...
                    pct_ns, pct_ew = raised(line.result.ns, a.pct_ns), raised(line.result.ew, a.pct_ew)
                    line = replace(line, mp_ns=pct_ns * board.top / 100, mp_ew=pct_ew * board.top / 100,
                                   pct_ns=pct_ns, pct_ew=pct_ew)
                lines.append(line)
            out.append(replace(board, lines=tuple(lines)))
        return out

    def pairs_board(self, board: Board, most: int) -> BoardResults:
        real = [r for r in board.results if r.scored]
        scores = [r.score_ns for r in real if r.score_ns is not None]  # all: a scored result has a score
        figures: dict[int, tuple[float | None, ...]] = {}
        board_top: float | None = None
        adjusted = False
        datum: int | None = None
        values: Sequence[float]
        if self.method == "matchpoints":
            n = len(real)
            board_top = top(most, self.scale) if most > 1 else None
            mps = matchpoints(scores, self.scale) if n else []
            if n and n < most:
                adjusted = True
                mps = [neuberg(mp, n, most, self.scale) for mp in mps]
            elif n:
                board_top = top(n, self.scale) if n > 1 else None
            for r, mp in zip(real, mps):
                if board_top:
                    figures[id(r)] = (mp, board_top - mp, 100 * mp / board_top, 100 * (board_top - mp) / board_top,
                                      None, None)
                else:
                    figures[id(r)] = (None, None, None, None, None, None)
            for r in board.results:
                if r.artificial is not None and board_top:
                    a = r.artificial
                    figures[id(r)] = (a.pct_ns * board_top / 100, a.pct_ew * board_top / 100, a.pct_ns, a.pct_ew,
                                      None, None)
        else:
            if self.method == "butler" and len(scores) >= 3:
                datum, values = butler(scores, trim=1)
            elif self.method == "butler" and scores:
                datum, values = butler(scores, trim=0)
            elif len(scores) >= 2:
                values = cross_imps(scores, average=self.method == "cross-imps-average")
            else:
                values = [0.0] * len(scores)
            for r, imp in zip(real, values):
                figures[id(r)] = (None, None, None, None, float(imp), -float(imp))
            for r in board.results:
                if r.artificial is not None:
                    imps_ns = (r.artificial.pct_ns - 50) / 10 * 3
                    imps_ew = (r.artificial.pct_ew - 50) / 10 * 3
                    figures[id(r)] = (None, None, None, None, imps_ns, imps_ew)
        lines = []
        for r in board.results:
            mp_ns, mp_ew, pct_ns, pct_ew, imp_ns, imp_ew = figures.get(id(r), (None,) * 6)
            lines.append(ScoredResult(r, r.score_ns if not r.not_played and r.artificial is None else None,
                                      mp_ns, mp_ew, pct_ns, pct_ew, imp_ns, imp_ew))
        return BoardResults(board, tuple(lines), board_top, adjusted, datum)

    def pair_rankings(self, boards: list[BoardResults]) -> list[Ranking]:
        known = {p.id: p.names for p in self.event.participants}
        individual = self.event.kind is EventKind.INDIVIDUAL
        totals: dict[str, _Totals] = defaultdict(_Totals)
        directions: dict[str, set[str]] = defaultdict(set)
        matchpointed = self.method == "matchpoints"
        for board in boards:
            for line in board.lines:
                r = line.result
                if r.not_played or (line.mp_ns is None and line.imp_ns is None):
                    continue
                sides: tuple[tuple[str, str, str, float | None, float | None], ...]
                if individual and len(r.players) == 4:  # each player of a side shares its figures
                    n, e, s, w = r.players
                    sides = ((n, "", "NS", line.mp_ns, line.imp_ns), (s, "", "NS", line.mp_ns, line.imp_ns),
                             (e, "", "EW", line.mp_ew, line.imp_ew), (w, "", "EW", line.mp_ew, line.imp_ew))
                else:
                    sides = ((r.ns, r.names_ns, "NS", line.mp_ns, line.imp_ns),
                             (r.ew, r.names_ew, "EW", line.mp_ew, line.imp_ew))
                for ident, names, side, mp, imp in sides:
                    t = totals[ident]
                    t.boards += 1
                    if not t.names:
                        t.names = names or known.get(ident, "")
                    directions[ident].add(side)
                    if matchpointed and mp is not None and board.top:
                        t.points += mp
                        t.tops += board.top
                    if imp is not None:
                        t.imps += imp
        unit = "MP" if matchpointed else "IMP"
        fixed = all(len(d) == 1 for d in directions.values())
        groups = {"NS", "EW"} <= {next(iter(d)) for d in directions.values() if d} if fixed else False
        if self.event.kind is EventKind.INDIVIDUAL or not groups:
            return [self.rank("", unit, totals, list(totals))]
        return [self.rank(side, unit, totals, [i for i, d in directions.items() if d == {side}])
                for side in ("NS", "EW")]

    def rank(self, group: str, unit: str, totals: dict[str, _Totals], idents: list[str]) -> Ranking:
        entries = []
        for ident in idents:
            t = totals[ident]
            if unit == "MP":
                pct = 100 * t.points / t.tops if t.tops else None
                entries.append((pct if pct is not None else -1.0, ident, t.points, pct, t))
            else:
                entries.append((t.imps, ident, t.imps, None, t))
        entries.sort(key=lambda e: (-round(e[0], 9), _id_key(e[1])))
        ranked = []
        places = tie_places([round(e[0], 9) for e in entries])
        for (_, ident, total, pct, t), (position, tied) in zip(entries, places):
            ranked.append(RankEntry(f"{position}=" if tied else str(position), position, ident, t.names,
                                    round(total, 6), None if pct is None else round(pct, 6), t.boards,
                                    None if unit == "MP" else round(t.imps, 6)))
        return Ranking(group, unit, tuple(ranked))

    # ------------------------------------------------------------------------ comparison
    def differ(self, board: int | None, who: str, item: str, theirs: str, ours: float | None, line: int) -> None:
        value = _number(theirs)
        if value is None or ours is None:
            return
        text = theirs.strip().replace(",", ".")
        decimals = len(text.split(".")[1]) if "." in text else 0
        if abs(ours - value) > 0.5 * 10 ** -decimals + _EPSILON:
            self.differences.append(Difference(board, who, item, theirs.strip(), f"{ours:.{max(decimals, 2)}f}"
                                               if decimals or ours != int(ours) else str(int(ours)), line))

    def compare_line(self, board: BoardResults, line: ScoredResult) -> None:
        r = line.result
        who = f"{r.ns}-{r.ew}" if r.room == "" else f"{r.ns} ({r.room})"
        number = board.board.number
        if r.score_ns is not None and not r.score_computed and r.contract is not None:
            score = self.table_score(board.board, r)
            if score is not None and score != r.score_ns:
                self.differences.append(Difference(number, who, "Score_NS", str(r.score_ns), str(score), r.line))
        for column, ours in (("MP_NS", line.mp_ns), ("MP_EW", line.mp_ew), ("Percentage_NS", line.pct_ns),
                             ("Percentage_EW", line.pct_ew), ("IMP_NS", line.imp_ns), ("IMP_EW", line.imp_ew)):
            theirs = r.their(column)
            if theirs is not None:
                self.differ(number, who, column, theirs.lstrip("^"), ours, r.line)
        for tag, ours_ns, ours_ew in (("ScoreIMP", line.imp_ns, line.imp_ew), ("ScoreMP", line.mp_ns, line.mp_ew),
                                      ("ScorePercentage", line.pct_ns, line.pct_ew)):
            theirs = r.their(tag)
            if theirs is None:
                continue
            sides = _SIDE_FIGURE.findall(theirs)
            if not sides and _NUMBER.match(theirs.strip()):
                sides = [("NS", theirs.strip())]
            for side, value in sides:
                self.differ(number, who, f"{tag} {side.upper()}", value, ours_ns if side.upper() == "NS" else ours_ew,
                            r.line)

    @staticmethod
    def table_score(board: Board, r: TableResult) -> int | None:
        if r.contract is None:
            return None
        if r.contract.is_passed_out:
            return 0
        if r.declarer is None or r.tricks is None or board.vulnerability is None:
            return None
        return ns_score(r.contract, r.declarer, r.tricks, board.vulnerability)

    def compare_totals(self, rankings: list[Ranking]) -> None:
        table = self.event.totals
        if table is None:
            return
        ours = {(e.id): (ranking, e) for ranking in rankings for e in ranking.entries}
        for row, line in zip(table.records(), table.lines):
            ident = row.get("PairId") or row.get("TeamId") or row.get("PlayerId") or ""
            if ident not in ours:
                if ident:
                    self.differences.append(Difference(None, ident, "PairId", ident, "not in our ranking", line))
                continue
            ranking, entry = ours[ident]
            for column in ("TotalScoreMP", "TotalMP", "TotalScoreIMP", "TotalIMP", "TotalScoreVP", "TotalVP"):
                if column in row:
                    value = entry.imps if ranking.unit == "IMP" else entry.total
                    self.differ(None, ident, column, row[column], value, line)
            if "TotalPercentage" in row:
                self.differ(None, ident, "TotalPercentage", row["TotalPercentage"], entry.pct, line)
            if "Rank" in row and (len(rankings) == 1 or "Direction" in row):
                theirs = row["Rank"].strip().rstrip("=")
                if theirs.isascii() and theirs.isdigit() and int(theirs) != entry.position:
                    self.differences.append(Difference(None, ident, "Rank", row["Rank"], entry.rank, line))


def _number(text: str | None) -> float | None:
    if text is None:
        return None
    t = text.strip().lstrip("^").replace(",", ".")
    if not _NUMBER.match(t):
        return None
    return float(t)


def _id_key(ident: str) -> tuple[int, int | str]:
    return (0, int(ident)) if ident.isascii() and ident.isdigit() else (1, ident)
