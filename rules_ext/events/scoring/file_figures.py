"""The file's own figures compared with ours.

Every figure the file prints (Score_NS, MP, percentages, IMPs per row and side, per seat in an
individual, ScoreIMP/ScoreMP/ScorePercentage, totals, percentages and ranks of the TotalScoreTable,
a Butler board's Datum, a teams match's VPs and IMPs) is compared with ours. A difference inside the
printed precision (the file prints 2.7 where we have 2.6667) is rounding: counted, not listed. A
total is also accepted as the sum of the printed board figures (Magic Contest adds its one-decimal
board figures); that too is rounding. What is left is listed as a :class:`Difference`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

from rules_ext.core import ns_score
from rules_ext.events.model import Board, Event, TableResult
from rules_ext.events.scoring.results_model import BoardResults, Difference, MatchResult, Ranking

__all__ = ["FileFigures", "as_printed", "printed_number", "result_label"]

_NUMBER = re.compile(r"^[+-]?\d+(?:[.,]\d+)?$")
_SIDE_FIGURE = re.compile(r"(NS|EW)\s+([+-]?\d+(?:[.,]\d+)?)", re.IGNORECASE)
_EPSILON = 1e-9
_NOT_YET = object()  # a score not yet looked up (table_score may give None)
_PLAIN_RARE = TableResult._plain_rare  # type: ignore[attr-defined]  # a result's rare fields all at their defaults


@dataclass(slots=True)
class FileFigures:
    """How the file's figures compared with ours: each figure compared, and those that differ only
    inside the file's printed precision (rounding); the rest agree or are listed as differences.
    ``printed``: each pair's (team's, player's) total as the file would add it up, our board figures
    rounded as it prints them."""

    event: Event
    printed: dict[str, float] = field(default_factory=dict)
    #: equal totals the file places in order (31, 32 where we have 31=, 31=): accepted (None: when the
    #: file does so, counted in ``split_ties``; True: always), or a difference (False)
    split_ties: bool | None = None
    #: each penalised pair's penalties added up (a TotalScoreTable's ScorePenalty is compared with it)
    penalised: dict[str, float] = field(default_factory=dict)
    compared: int = 0
    rounding: int = 0
    #: the file's figures with none of ours to compare them with, by item (not in ``compared``)
    not_compared: dict[str, int] = field(default_factory=dict)
    differences: list[Difference] = field(default_factory=list)
    #: what of a result's own figures (``TableResult.theirs``) compare with which of ours, by the figures
    plans: dict[tuple[tuple[str, str], ...], tuple[tuple[str, str, int], ...]] = field(default_factory=dict)
    #: the score of each distinct (contract level, strain, doubling, declarer, tricks, vulnerability) met: a file
    #: repeats a few results
    scores: dict[tuple[object, ...], int | None] = field(default_factory=dict)
    tied_in_order: int = 0  # equal totals the file placed in order, accepted

    def compare(self, boards: list[BoardResults], matches: list[MatchResult], rankings: list[Ranking]) -> None:
        """Every figure of the file: the results' lines, the Butler data, the matches and the totals."""
        for board in boards:
            self.compare_lines(board)
            datum = board.board.their("Datum")
            if datum is not None:
                self.differ(board.board.number, "datum", "Datum", datum, board.datum, board.board.line)
            elif board.datum is not None and board.lines:  # a Butler ScoreTable's ButlerDatum column
                first = board.lines[0].result
                datum = first.their("ButlerDatum")
                if datum is not None:
                    self.differ(board.board.number, "datum", "ButlerDatum", datum, board.datum, first.line)
        self.compare_matches(matches)
        self.compare_totals(rankings)

    def differ(self, board: int | None, who: str, item: str, theirs: str, ours: float | None, line: int,
               printed: float | None = None) -> None:
        """Compare one printed figure with ours: agreeing, rounding (inside the printed precision, or
        equal to ``printed``, the sum of our figures rounded as the file prints them), or a difference."""
        value = printed_number(theirs)
        if value is None:
            return
        if ours is None:
            self.not_compared[item] = self.not_compared.get(item, 0) + 1
            return
        self.compared += 1
        text = theirs.strip().lstrip("^").replace(",", ".")
        decimals = len(text.split(".")[1]) if "." in text else 0
        precision = 0.5 * 10 ** -decimals + _EPSILON
        if abs(ours - value) <= _EPSILON:
            return
        if abs(ours - value) <= precision or (printed is not None and abs(printed - value) <= precision):
            self.rounding += 1
            return
        self.differences.append(Difference(board, who, item, theirs.strip(), f"{ours:.{max(decimals, 2)}f}"
                                           if decimals or ours != int(ours) else str(int(ours)), line))

    def listed(self, board: int | None, who: str, item: str, theirs: str, ours: str, line: int) -> None:
        """Compare a figure that is right or wrong (a score, a rank)."""
        self.compared += 1
        if theirs != ours:
            self.differences.append(Difference(board, who, item, theirs, ours, line))

    def compare_lines(self, board: BoardResults) -> None:
        """Each line of a board: its score against its contract's, its own figures against ours."""
        number, vulnerability = board.board.number, board.board.vulnerability
        scores, plans = self.scores, self.plans
        for line in board.lines:
            r = line.result
            score_ns, contract = r.score_ns, r.contract
            if score_ns is not None and contract is not None and not r.score_computed:
                # the contract's parts: a key hashed without calling Contract's (Python) hash
                key = (contract.level, contract.strain, contract.doubling, r.declarer, r.tricks, vulnerability)
                score = scores.get(key, _NOT_YET)
                if score is _NOT_YET:  # table_score depends on nothing but the key
                    score = scores[key] = self.table_score(board.board, r)
                if score is not None:  # self.listed(...), its label made only for a difference
                    self.compared += 1
                    if score != score_ns:
                        self.differences.append(Difference(number, result_label(r), "Score_NS", str(score_ns),
                                                            str(score), r.line))
            given = r.theirs
            if not given:
                continue
            if r._rare is not _PLAIN_RARE and r.damaged:  # type: ignore[attr-defined]  # the file's, kept: not compared
                self.not_compared["kept from the file"] = self.not_compared.get("kept from the file", 0) + len(
                    [c for c, _ in given if not c.startswith("Score")])
                continue
            plan = plans.get(given)
            if plan is None:
                plan = plans[given] = _plan(given)
            if not plan:
                continue
            who = result_label(r)
            ours = (line.mp_ns, line.mp_ew, line.pct_ns, line.pct_ew, line.imp_ns, line.imp_ew)
            for item, theirs, figure in plan:
                self.differ(number, who, item, theirs, ours[figure], r.line)

    @staticmethod
    def table_score(board: Board, r: TableResult) -> int | None:
        contract = r.contract
        if contract is None:
            return None
        if contract.level == 0:  # passed out
            return 0
        if r.declarer is None or r.tricks is None or board.vulnerability is None:
            return None
        return ns_score(contract, r.declarer, r.tricks, board.vulnerability)

    def compare_matches(self, matches: list[MatchResult]) -> None:
        """The file's own figures per teams match (VPs, IMPs) against ours."""
        table = self.event.match_totals
        if table is None:
            return
        for row, line in zip(table.records(), table.lines):
            home, visit, round_ = row.get("Home", ""), row.get("Visit", ""), row.get("Round", "")
            who = f"{home} v {visit}" + (f" (round {round_})" if round_ else "")
            same = [m for m in matches if (m.home, m.visit) == (home, visit)]
            found = next((m for m in same if m.round == round_), same[0] if same else None)
            if found is None:
                self.listed(None, who, "Match", "played", "not among our matches", line)
                continue
            for column, ours in (("VP_Home", found.vp_home), ("VP_Visit", found.vp_visit),
                                 ("IMP_Home", found.imps_home), ("IMP_Visit", found.imps_visit)):
                if column in row:
                    self.differ(None, who, column, row[column], ours if found.boards else None, line)

    def compare_totals(self, rankings: list[Ranking]) -> None:
        table = self.event.totals
        if table is None:
            return
        ours = {(e.id): (ranking, e) for ranking in rankings for e in ranking.entries}
        for row, line in zip(table.records(), table.lines):
            ident = row.get("PairId") or row.get("TeamId") or row.get("PlayerId") or ""
            if ident not in ours and row.get("TeamName") in ours:  # teams are known by name
                ident = row["TeamName"]
            if ident not in ours:
                if ident:
                    self.listed(None, ident, "PairId", ident, "not in our ranking", line)
                continue
            ranking, entry = ours[ident]
            printed = self.printed.get(ident)
            for column in ("TotalScoreMP", "TotalMP", "TotalScoreIMP", "TotalIMP", "TotalScoreVP", "TotalVP"):
                if column in row:
                    value = entry.imps if ranking.unit != "MP" and "IMP" in column else entry.total
                    self.differ(None, ident, column, row[column], value, line, printed)
            penalty = row.get("ScorePenalty", "").strip()
            if printed_number(penalty) and ident in self.penalised:  # printed as the points taken away
                self.differ(None, ident, "ScorePenalty", penalty.lstrip("+-"), abs(self.penalised[ident]), line)
            if "TotalPercentage" in row and entry.pct is not None:
                printed_pct = printed * entry.pct / entry.total if printed is not None and entry.total else None
                self.differ(None, ident, "TotalPercentage", row["TotalPercentage"], entry.pct, line, printed_pct)
            if "Rank" in row and (len(rankings) == 1 or "Direction" in row or "Section" in row):
                theirs = row["Rank"].strip().rstrip("=")
                if theirs.isascii() and theirs.isdigit():
                    self.compared += 1
                    place = int(theirs)
                    if (place != entry.position and self.split_ties is not False and entry.rank.endswith("=")
                            and entry.position < place < entry.position + sum(
                                1 for e in ranking.entries if e.position == entry.position)):
                        self.tied_in_order += 1  # the file places equals in order: its convention
                    elif place != entry.position:
                        self.differences.append(Difference(None, ident, "Rank", row["Rank"], entry.rank, line))


#: ScoredResult's figures, in the order :meth:`FileFigures.compare_lines` lists them
_FIGURES = ("MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW", "IMP_NS", "IMP_EW")
#: the tags of a game that give its figures, each with our NS and EW figure (indices in _FIGURES)
_TAG_FIGURES = (("ScoreIMP", 4, 5), ("ScoreMP", 0, 1), ("ScorePercentage", 2, 3))


def _plan(theirs: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str, int], ...]:
    """The file's figures of a result to compare, in order: ``(item, their text, our figure's index
    in _FIGURES)`` -- a row's MP, percentage and IMP columns (by side, or an individual's seat), then
    a game's ScoreIMP, ScoreMP and ScorePercentage (``NS 2.5 EW -2.5``, or one NS figure)."""
    given = dict(reversed(theirs))  # the first of a repeated column, as TableResult.their gives
    plan: list[tuple[str, str, int]] = []
    for figure, column in enumerate(_FIGURES):
        for seat_column in _SEAT_COLUMNS[column]:
            if seat_column in given:
                plan.append((seat_column, given[seat_column], figure))
    for tag, ns, ew in _TAG_FIGURES:
        text = given.get(tag)
        if text is None:
            continue
        sides = _SIDE_FIGURE.findall(text)
        if not sides and _NUMBER.match(text.strip()):
            sides = [("NS", text.strip())]
        for side, value in sides:
            plan.append((f"{tag} {side.upper()}", value, ns if side.upper() == "NS" else ew))
    return tuple(plan)


#: a row's figure columns by side: the pair columns, and an individual's seats
_SEAT_COLUMNS = {
    "MP_NS": ("MP_NS", "MP_North", "MP_South"), "MP_EW": ("MP_EW", "MP_East", "MP_West"),
    "Percentage_NS": ("Percentage_NS", "Percentage_North", "Percentage_South"),
    "Percentage_EW": ("Percentage_EW", "Percentage_East", "Percentage_West"),
    "IMP_NS": ("IMP_NS", "IMP_North", "IMP_South"), "IMP_EW": ("IMP_EW", "IMP_East", "IMP_West"),
}


def result_label(r: TableResult) -> str:
    """How a :class:`Difference` names the result it is about: ``ns-ew``, or ``ns (room)`` in a teams room."""
    return f"{r.ns}-{r.ew}" if r.room == "" else f"{r.ns} ({r.room})"


def as_printed(figure: float, theirs: str | None) -> float:
    """Our figure rounded (halves up) to as many decimals as the file prints it with; itself if the
    file prints none."""
    text = None if theirs is None else theirs.strip().lstrip("^").replace(",", ".")
    if text is None or not _NUMBER.match(text):
        return figure
    quantum = Decimal(1).scaleb(-len(text.split(".")[1])) if "." in text else Decimal(1)
    return float(Decimal(repr(figure)).quantize(quantum, rounding=ROUND_HALF_UP))


def printed_number(text: str | None) -> float | None:
    """A figure as the file prints it (``2.5``, ``2,5``, ``^3``), or None for what is no figure."""
    if text is None:
        return None
    t = text.strip().lstrip("^").replace(",", ".")
    if not _NUMBER.match(t):
        return None
    return float(t)
