"""compute_results: an Event's figures through the core, compared with the file's own figures, so
that every number a scoring program printed is either reproduced or listed as a difference.

The method is read from the file (:mod:`~rules_ext.events.scoring.conventions`) and the file's
figures are compared by :mod:`~rules_ext.events.scoring.file_figures`; :func:`compute_results`
sums up the rules. Each rule with its source, in the director's words: the 使用说明's 成绩的计算
(source/manual/scoring.rst).
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import repeat
from operator import attrgetter, itemgetter

from rules_ext.core import butler, cross_imps, imps, matchpoints, neuberg, top
from rules_ext.core.adjusted import LAW88_MINIMUM, law88_percentage
from rules_ext.errors import RulesError
from rules_ext.events.fastbuild import builder, collector_paused
from rules_ext.events.model import Artificial, Board, Event, EventKind, TableResult, id_key, plain_results
from rules_ext.events.scoring.artificial_top import board_figures as artificial_figures
from rules_ext.events.scoring.artificial_top import infer_artificial_top
from rules_ext.events.scoring.board_a_match import BOARD_POINTS, choose_board_points
from rules_ext.events.scoring.conventions import (
    DEFAULT_ARTIFICIAL,
    Conventions,
    ScoringRules,
    artificial_rate,
    infer_artificial,
    infer_centred,
    infer_centred_scale,
    infer_datum_round,
    infer_scale,
    infer_short,
    scoring_rules,
    with_settings,
)
from rules_ext.events.scoring.directors import keep_directors_figures
from rules_ext.events.scoring.file_figures import FileFigures, as_printed, printed_number
from rules_ext.events.scoring.results_model import (
    BoardResults,
    EventResults,
    MatchResult,
    Penalty,
    RankEntry,
    Ranking,
    ScoredResult,
)
from rules_ext.events.scoring.results_model import places as tie_places
from rules_ext.events.scoring.sections import pair_sections, ranking_groups, scored_by_section, section_names
from rules_ext.events.scoring.teams import team_matches, team_ranking
from rules_ext.events.scoring.ties import file_order, place_ties
from rules_ext.events.scoring.victory_points import DEFAULT_SCALE, choose_vp_scale, on_scale

__all__ = ["compute_results"]

#: 20,000 results make 20,000 lines: made from (result, score_ns, imp_ns, imp_ew, matchpoint figures),
#: the matchpoint figures (mp_ns, mp_ew, pct_ns, pct_ew) in one object, shared by the lines that have them
_new_line = ScoredResult._from_slots  # type: ignore[attr-defined]
_matchpoint_figures = ScoredResult._rare_of  # type: ignore[attr-defined]
_new_board_results = builder(BoardResults)  # a board's results from values made here (BoardResults has no checks)
_NO_FIGURES: tuple[object, ...] = (None, None, ScoredResult._plain_rare)  # type: ignore[attr-defined]
_NO_FIGURES_GIVEN: dict[str, str] = {}
_SCORE_NS = attrgetter("score_ns")
_RARE = itemgetter(2)
_RESULTS = attrgetter("results")
#: a line's NS and EW figures of the ranking's unit
_MP_FIGURES = attrgetter("_rare.mp_ns", "_rare.mp_ew")  # line.mp_ns, line.mp_ew, read off their object
_IMP_FIGURES = attrgetter("imp_ns", "imp_ew")

#: what is not a pair, team or player in a pair column
_NOBODY = frozenset({"", "-", "?", "Bye", "BYE", "bye"})


def compute_results(event: Event, *, scale: str | None = None, method: str | None = None,
                    artificial: str | None = None, conventions: dict[str, object] | None = None,
                    penalties: Sequence[Penalty] = ()) -> EventResults:
    """Score every board of ``event`` and rank the field; every result is scored for both sides,
    each from its own column. Matchpoints (Law 78A; ``MP1`` 2/1/0, ``MP2`` 1/½/0) with Neuberg on a
    board with artificial scores or fewer results; cross-IMPs summed, or averaged; Butler against a
    datum (``Butler-N`` drops N at each end; ``Mean`` gives a Bye board the pair's own average);
    teams IMPs in :mod:`~rules_ext.events.scoring.teams`, point-a-board in
    :mod:`~rules_ext.events.scoring.board_a_match`; any other method is refused. An artificial score
    (Law 12C) gives each side its own percentage (Law 88 raising an average plus); on an IMP board it
    is worth IMPs per 10 % off average, per comparison on a cross-IMP board — ``ruter`` 1.5, ``ebu``
    2 or ``acbl`` 3 (:data:`~rules_ext.events.scoring.conventions.ARTIFICIAL_IMPS`) as the file's
    figures show, else ``ruter`` for cross-IMPs and ``acbl`` for Butler. A weighted score (1999 Law
    12C3) scores each outcome alone, then weights.

    ``method``, ``scale`` and ``artificial`` (a convention of :data:`~rules_ext.events.scoring.conventions.ARTIFICIAL_IMPS`,
    or IMPs per 10 %) override what the file declares; ``conventions``: the director's settings
    (:func:`~rules_ext.events.scoring.conventions.parse_convention`: name -> value), the rest inferred from the file;
    ``penalties``: the director's, besides those the file gives (``"Pen"`` rows, a ``ScorePenalty`` column).
    A session of several sections is scored across the field or section by section
    (:mod:`rules_ext.events.scoring.sections`)."""
    plain = list(map(plain_results, map(_RESULTS, event.boards)))  # each board's rows all plain: no section
    names = section_names(event, plain)
    if names:
        return scored_by_section(event, names, lambda part, settings, given: _compute_results(
            part, scale=scale, method=method, artificial=artificial, conventions=settings, penalties=given),
            dict(conventions or {}), penalties)
    return _compute_results(event, scale=scale, method=method, artificial=artificial, conventions=conventions,
                            penalties=penalties, plain=plain)


def _compute_results(event: Event, *, scale: str | None, method: str | None, artificial: str | None,
                     conventions: dict[str, object] | None, penalties: Sequence[Penalty],
                     plain: list[bool] | None = None) -> EventResults:
    settings = dict(conventions or {})
    declared = scoring_rules(event) if method is None else ScoringRules(method)
    rules = replace(declared, scale="") if declared.method != "matchpoints" else declared
    if rules.method in ("imps", "board-a-match") and event.kind is not EventKind.TEAMS:
        raise RulesError(f"method {rules.method!r} compares the Open and Closed rooms of a teams match, but this is a "
                         f"{event.kind.value} event: expected cross-imps, cross-imps-average or butler")
    reasons: list[tuple[str, str, str]] = []
    conv = with_settings(Conventions(), settings)
    for name, value in settings.items():
        reasons.append((name, _shown(value), "set by the director"))
    if rules.method == "matchpoints":
        if "centred" not in settings:
            found = infer_centred(event)
            if found is not None:
                conv = replace(conv, centred=found[0])
                reasons.append(("centred", _shown(found[0]), found[1]))
        scale = scale or rules.scale or (infer_centred_scale(event) if conv.centred else infer_scale(event)) or "2/1/0"
        rules = replace(rules, scale=scale)
    if rules.method == "matchpoints" and event.version.startswith("USEBIO"):  # no element marks them: by the rules
        event, kept = keep_directors_figures(event, rules.scale)
        if kept:
            reasons.append(("directors-figures", "kept", "figures no rule gives, the director's: " + "; ".join(kept)))
            plain = None  # its results changed: which boards are plain is read again
    if "trim" in settings and rules.method == "butler":
        rules = replace(rules, trim=int(settings["trim"]))  # type: ignore[call-overload]
    if rules.method == "butler" and "datum-round" not in settings:
        found_round = infer_datum_round(event)
        if found_round is not None:
            conv = replace(conv, datum_round=found_round[0])
            reasons.append(("datum-round", str(found_round[0]), found_round[1]))
    if rules.method in DEFAULT_ARTIFICIAL:
        chosen = artificial or str(settings.get("artificial-imps") or "")
        inferred = "" if chosen else infer_artificial(event, rules.method)
        rules = replace(rules, artificial=chosen or inferred or DEFAULT_ARTIFICIAL[rules.method])
        if inferred:
            reasons.append(("artificial-imps", inferred, "inferred from the IMPs printed for an artificial score"))
        elif artificial:
            reasons.append(("artificial-imps", artificial, "set by the director"))
    with collector_paused():
        work = _Work(event, rules, conv, settings, reasons, tuple(penalties))
        work.plain = plain or []
        return work.run()


def _shown(value: object) -> str:
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)


class _TopFigures(dict[float, tuple[object, ...]]):
    """The figures of each matchpoint count on one top (the lines' imp_ns, imp_ew and matchpoint
    figures, :data:`_NO_FIGURES`' shape), made when first asked for: one object, one set of floats
    for every line that earns it."""

    __slots__ = ("top",)

    def __init__(self, top: float) -> None:
        super().__init__()
        self.top = top

    def __missing__(self, mp: float) -> tuple[object, ...]:
        top = self.top
        found = self[mp] = (None, None, _matchpoint_figures(mp, top - mp, 100 * mp / top, 100 * (top - mp) / top))
        return found


@dataclass(slots=True)
class _Totals:
    total: float = 0.0  # matchpoints or IMPs, as the ranking's unit says
    printed: float = 0.0  # the sum of our board figures rounded as the file prints them
    tops: float = 0.0  # matchpoints: the sum of the tops of the boards counted
    boards: int = 0
    played: int = 0
    names: str = ""
    sides: set[str] = field(default_factory=set)  # the directions it sat: NS, EW
    penalty: float = 0.0  # the director's penalties: added to the total after any factoring


#: (weight, NS score) of each outcome of a result: one for a played result, several for a weighted one
_Outcomes = tuple[tuple[Fraction, int], ...]


def _outcomes(r: TableResult) -> _Outcomes:
    if r.weighted is not None:
        return r.weighted.outcomes
    return ((Fraction(1), r.score_ns if r.score_ns is not None else 0),)


@dataclass(slots=True)
class _Work:
    event: Event
    rules: ScoringRules
    conv: Conventions = field(default_factory=Conventions)
    settings: dict[str, object] = field(default_factory=dict)  # what the director set (name -> value)
    reasons: list[tuple[str, str, str]] = field(default_factory=list)  # (convention, value, why)
    given_penalties: tuple[Penalty, ...] = ()  # the director's (a corrections file)
    penalties: list[Penalty] = field(default_factory=list)  # every penalty applied to a total
    printed: dict[str, float] = field(default_factory=dict)  # id -> its total as the file would add it up
    #: a line of a board played fewer times whose totals count other figures than it shows (Compscore):
    #: id of its result -> (NS figure, EW figure, top), uncentred
    for_totals: dict[int, tuple[float, float, float]] = field(default_factory=dict)
    fit: int = 0  # how many of the file's totals ours reproduce
    inferred_short: bool = False
    plain: list[bool] = field(default_factory=list)  # each board's results all plain (model.plain_results)
    #: the figures of each matchpoint count met, by top, shared by the results that have them
    shared: dict[float, _TopFigures] = field(default_factory=dict)
    vp_scale: str = DEFAULT_SCALE  # teams: the scale of the matches' VPs

    @property
    def method(self) -> str:
        return self.rules.method

    @property
    def scale(self) -> str:
        return self.rules.scale

    def run(self) -> EventResults:
        if self.method == "imps":
            boards, matches, unpaired = team_matches(self.event)
            matches = self.vp_scaled(matches)
            rankings = team_ranking(matches, boards, {p.id: p.names for p in self.event.participants})
        elif self.method == "board-a-match":
            boards, matches, unpaired = team_matches(self.event, BOARD_POINTS["1/0.5/0"])
            points, why = choose_board_points(self.event, matches, self.settings)
            if why and "board-points" not in self.settings:
                self.reasons.append(("board-points", points, why))
            if points != "1/0.5/0":
                boards, matches, unpaired = team_matches(self.event, BOARD_POINTS[points])
            rankings = team_ranking(matches, boards, {p.id: p.names for p in self.event.participants}, unit="BP")
        else:
            boards = self.pairs()
            matches, unpaired = [], []
            before = list(self.reasons)
            rankings = self.pair_rankings(boards)
            if (self.method == "matchpoints" and self.conv.short != "neuberg" and "short-totals" not in self.settings
                    and self.event.totals is not None):  # the totals may count such a board Neuberg-scaled
                trial = _Work(self.event, self.rules, replace(self.conv, short_totals="neuberg"), self.settings,
                              [*before, ("short-totals", "neuberg", "")], self.given_penalties)
                trial.inferred_short = True  # as this one inferred it
                trial.plain = self.plain
                trial_boards = trial.pairs()
                trial_rankings = trial.pair_rankings(trial_boards)
                if trial.fit > self.fit:
                    trial.reasons[len(before)] = ("short-totals", "neuberg",
                                                  f"inferred from {trial.fit}/{_looked(self.file_totals())} totals and percentages")
                    return trial.finish(trial_boards, [], trial_rankings)
        return self.finish(boards, matches, rankings, unpaired)

    def vp_scaled(self, matches: list[MatchResult]) -> list[MatchResult]:
        """The matches on the VP scale set, or shown by the file's VPs (victory_points.choose_vp_scale)."""
        self.vp_scale, why = choose_vp_scale(self.event, matches, self.settings)
        if why and "vp-scale" not in self.settings:
            self.reasons.append(("vp-scale", self.vp_scale, why))
        return matches if self.vp_scale == DEFAULT_SCALE else on_scale(matches, self.vp_scale)

    def finish(self, boards: list[BoardResults], matches: list[MatchResult], rankings: list[Ranking],
               unpaired: Sequence[str] = ()) -> EventResults:
        split = self.settings.get("tied-places")
        penalised: dict[str, float] = defaultdict(float)
        for p in self.penalties:
            penalised[p.pair] += p.points
        check = FileFigures(self.event, {}, split_ties=None if split is None else split == "in-order",
                            penalised=penalised)
        check.compare(boards, matches, rankings)  # the totals are the file's convention's: no other reading of them
        if check.tied_in_order and split is None:
            tiebreak = " (its Tiebreak column)" if check.event.totals is not None and any(
                c.name == "Tiebreak" for c in check.event.totals.columns) else ""
            self.reasons.append(("tied-places", "in-order", f"inferred from {check.tied_in_order} of the equal totals, which the "
                                                            f"file places in order{tiebreak}"))
        if split != "shared" and any(e.rank[-1:] == "=" for r in rankings for e in r.entries):
            # equal totals placed as the file places them, or in order as set
            rankings = place_ties(rankings, file_order(self.event), in_order=split == "in-order")
        return EventResults(self.event.kind, self.method, self.scale, tuple(boards), tuple(rankings),
                            tuple(matches), tuple(check.differences), check.compared, check.rounding,
                            self.rules.artificial, tuple(sorted(check.not_compared.items())), tuple(unpaired),
                            tuple(self.reasons), tuple(self.penalties),
                            self.vp_scale if self.method == "imps" else "")

    # ---------------------------------------------------------------- pairs and individual
    def pairs(self) -> list[BoardResults]:
        # each board's results compared (played or weighted) and artificial: a result is one or the other or neither
        compared: list[list[TableResult]] = []
        artificial: list[list[tuple[TableResult, Artificial]]] = []
        plain = self.plain = self.plain if len(self.plain) == len(self.event.boards) else \
            list(map(plain_results, map(_RESULTS, self.event.boards)))
        for b, played in zip(self.event.boards, plain):
            if played:  # played rows, neither weighted nor artificial
                compared.append([r for r in b.results if r.score_ns is not None])
                artificial.append([])
            else:
                compared.append([r for r in b.results if r.compared])
                artificial.append([(r, a) for r in b.results if (a := r.artificial) is not None])
        most = max((len(c) + len(a) for c, a in zip(compared, artificial)), default=0)
        if self.method == "matchpoints" and "short" not in self.settings and not self.inferred_short:
            self.inferred_short = True  # how a board played fewer times is scored, as the file's lines show it
            short = infer_short(self.event, self.scale, self.conv.centred,
                                [(len(c), len(a)) for c, a in zip(compared, artificial)])
            if short is not None:
                self.conv = replace(self.conv, short=short[0])
                self.reasons.append(("short", short[0], short[1]))
            if "artificial-top" not in self.settings and any(artificial):
                found = infer_artificial_top(self.event, self.scale, self.conv.centred)
                if found is not None:
                    self.conv = replace(self.conv, artificial_top=found[0])
                    self.reasons.append(("artificial-top", found[0], found[1]))
        boards = [self.pairs_board(board, most, c, a, p)
                  for board, c, a, p in zip(self.event.boards, compared, artificial, plain)]
        if self.method == "matchpoints" and self.event.kind is not EventKind.INDIVIDUAL and any(artificial):
            boards = self.law88(boards)
        if self.rules.mean and self.method != "matchpoints":
            boards = self.mean_byes(boards)
        if self.conv.centred and self.method == "matchpoints":
            boards = self.centre(boards)
        if not all(plain):
            boards = self.assign(boards)
        return boards

    def assign(self, boards: list[BoardResults]) -> list[BoardResults]:
        """A result's own figures as the director gave them (``TableResult.assigned``, in the file's
        terms: centred when its matchpoints are); the others' figures stay as scored."""
        out = []
        for board in boards:
            if not any(line.result.assigned is not None for line in board.lines):
                out.append(board)
                continue
            lines = []
            for line in board.lines:
                given = line.result.assigned
                if given is not None and self.method == "matchpoints" and board.top:
                    half = board.top / 2 if self.conv.centred else 0.0
                    line = replace(line, mp_ns=given[0], mp_ew=given[1], pct_ns=100 * (given[0] + half) / board.top,
                                   pct_ew=100 * (given[1] + half) / board.top)
                elif given is not None and self.method != "matchpoints":
                    line = replace(line, imp_ns=given[0], imp_ew=given[1])
                lines.append(line)
            out.append(replace(board, lines=tuple(lines)))
        return out

    @staticmethod
    def law88(boards: list[BoardResults]) -> list[BoardResults]:
        """Law 88: a side given average plus (A+, 60 %) gets its percentage on the session's other
        boards instead when that is higher (artificial scores left out of that percentage). Each
        side on its own: in an A+/A+ row both may be raised."""
        if not any(line.result.artificial is not None for board in boards if board.top for line in board.lines):
            return boards  # no artificial score to raise
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
                if a is not None and board.top and not any(ch.isdigit() for ch in a.marker):  # A+, A+/A+, ...
                    pct_ns, pct_ew = raised(line.result.ns, a.pct_ns), raised(line.result.ew, a.pct_ew)
                    line = replace(line, mp_ns=pct_ns * board.top / 100, mp_ew=pct_ew * board.top / 100,
                                   pct_ns=pct_ns, pct_ew=pct_ew)
                lines.append(line)
            out.append(replace(board, lines=tuple(lines)))
        return out

    def mean_byes(self, boards: list[BoardResults]) -> list[BoardResults]:
        """"Mean": the side of a Bye row that is a pair gets that pair's average IMPs per played board."""
        earned: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])  # pair -> [IMPs, boards played]
        for board in boards:
            for line in board.lines:
                for ident, imp in ((line.result.ns, line.imp_ns), (line.result.ew, line.imp_ew)):
                    if imp is not None and ident not in _NOBODY:
                        earned[ident][0] += imp
                        earned[ident][1] += 1

        def average(ident: str) -> float | None:
            total, played = earned.get(ident, (0.0, 0.0))
            return total / played if played and ident not in _NOBODY else None

        out = []
        for board in boards:
            lines = tuple(replace(line, imp_ns=average(line.result.ns), imp_ew=average(line.result.ew))
                          if line.result.not_played else line for line in board.lines)
            out.append(replace(board, lines=lines))
        return out

    def pairs_board(self, board: Board, most: int, compared: list[TableResult],
                    artificial: list[tuple[TableResult, Artificial]], plain: bool) -> BoardResults:
        """The board's lines; ``compared``: its results compared (``r.compared``), ``artificial``: those
        with an artificial score, each with it; ``most``: the most results compared or artificial on a
        board; ``plain``: whether the board's results are all plain (``model.plain_results``)."""
        figures: dict[int, tuple[object, ...]] = {}  # id of a result -> imp_ns, imp_ew, matchpoint figures
        board_top: float | None = None
        adjusted = False
        datum: int | None = None
        if self.method == "matchpoints":
            n = len(compared)
            board_top = top(most, self.scale) if most > 1 else None
            # every result played, none weighted (the usual board): its scores compared as they are, its lines in one step
            usual = plain and n == len(board.results)
            scores = list(map(_SCORE_NS, compared)) if usual else []
            mps = matchpoints(scores, self.scale) if usual else self.board_matchpoints(compared)
            if n and n < most and artificial and self.conv.artificial_top != "neuberg":  # BriAn: not scaled
                mps, board_top = artificial_figures(mps, n, len(artificial), most, self.scale, self.conv.artificial_top)
                board_top = board_top or None
            elif n and n < most:
                short = self.conv.short if not artificial else "neuberg"
                totals_short = self.conv.totals_short if not artificial else "neuberg"
                if totals_short != short:  # the totals count this board otherwise than its lines show it
                    other, other_top = self.short_figures(mps, n, most, totals_short)
                    self.for_totals.update((id(r), (mp, other_top - mp, other_top)) for r, mp in zip(compared, other))
                mps, shown_top = self.short_figures(mps, n, most, short)
                adjusted = short == "neuberg"
                board_top = shown_top if shown_top else None
            elif n:
                board_top = top(n, self.scale) if n > 1 else None
            if board_top:
                on_top = self.shared.get(board_top)
                if on_top is None:
                    on_top = self.shared[board_top] = _TopFigures(board_top)
                found_all = list(map(on_top.__getitem__, mps))
                if usual:
                    lines = tuple(map(_new_line, compared, scores, repeat(None), repeat(None), map(_RARE, found_all)))
                    return _new_board_results(board, lines, board_top, adjusted, datum)
                figures.update(zip(map(id, compared), found_all))
            for r, a in artificial:
                if board_top:
                    a = self.split_shown(r, a, board_top)
                    figures[id(r)] = (None, None, _matchpoint_figures(a.pct_ns * board_top / 100,
                                                                      a.pct_ew * board_top / 100, a.pct_ns, a.pct_ew))
        else:
            datum, values = self.board_imps(compared)
            no_figures = _NO_FIGURES[2]
            for r, imp in zip(compared, values):
                figures[id(r)] = (imp, -imp, no_figures)
            results = len(compared) + len(artificial)
            for r, a in artificial:
                worth = self.artificial_imps(results)
                figures[id(r)] = ((a.pct_ns - 50) / 10 * worth, (a.pct_ew - 50) / 10 * worth, no_figures)
                shown = (printed_number(r.their("IMP_NS")), printed_number(r.their("IMP_EW")))
                if _shown_split(a) and shown[0] is not None and shown[1] is not None:  # 800>a: as the row shows
                    figures[id(r)] = (shown[0], shown[1], no_figures)
        scored = {id(r) for r in compared if r.score_ns is not None}  # r.scored: compared, and not weighted
        lines = tuple(_new_line(r, r.score_ns if id(r) in scored else None, *figures.get(id(r), _NO_FIGURES))
                      for r in board.results)
        return _new_board_results(board, lines, board_top, adjusted, datum)

    def split_shown(self, r: TableResult, a: Artificial, board_top: float) -> Artificial:
        """``800>a`` (the table's result replaced by an artificial score, the split not written in
        the cell): the split the row's own matchpoints show, when it gives no percentages."""
        if not _shown_split(a) or r.their("Percentage_NS") is not None:
            return a
        ns, ew = printed_number(r.their("MP_NS")), printed_number(r.their("MP_EW"))
        if ns is None or ew is None:
            return a
        half = board_top / 2 if self.conv.centred else 0.0
        return Artificial(a.marker, min(100.0, max(0.0, 100 * (ns + half) / board_top)),
                          min(100.0, max(0.0, 100 * (ew + half) / board_top)))

    def short_figures(self, mps: list[float], n: int, most: int, how: str) -> tuple[list[float], float]:
        """A board played ``n`` times of ``most``: its NS matchpoints and top as ``how`` scores it
        (:data:`~rules_ext.events.scoring.conventions.SHORT_BOARDS`)."""
        if how == "own-top":
            return mps, top(n, self.scale) if n > 1 else 0.0
        if how == "ties":  # each missing comparison a tie: 1 on 2/1/0, 1/2 on 1/0.5/0
            tie = 1.0 if self.scale == "2/1/0" else 0.5
            return [mp + (most - n) * tie for mp in mps], top(most, self.scale)
        return [neuberg(mp, n, most, self.scale) for mp in mps], top(most, self.scale)

    def centre(self, boards: list[BoardResults]) -> list[BoardResults]:
        """Matchpoints centred on the average: each side's figure less half the top (NS = -EW)."""
        out = []
        for board in boards:
            half = (board.top or 0.0) / 2
            if not half:
                out.append(board)
                continue
            lines = tuple(replace(line, mp_ns=line.mp_ns - half, mp_ew=line.mp_ew - half)
                          if line.mp_ns is not None and line.mp_ew is not None else line for line in board.lines)
            out.append(replace(board, lines=lines))
        return out

    def board_matchpoints(self, compared: list[TableResult]) -> list[float]:
        """NS matchpoints of each compared result (Law 78A); a weighted result's outcomes are each
        compared with the other results and weighted (1999 12C3), and so are the comparisons with it."""
        if not any(r.weighted for r in compared):
            return matchpoints([r.score_ns for r in compared if r.score_ns is not None], self.scale)
        outcomes = [_outcomes(r) for r in compared]
        return [float(sum(w * sum(v * Fraction(matchpoints([score, other], self.scale)[0])
                                  for j, theirs in enumerate(outcomes) if j != i for v, other in theirs)
                          for w, score in mine)) for i, mine in enumerate(outcomes)]

    def board_imps(self, compared: list[TableResult]) -> tuple[int | None, list[float]]:
        """The Butler datum (None for cross-IMPs) and NS IMPs of each compared result."""
        scores = [r.score_ns for r in compared if r.score_ns is not None and r.weighted is None]
        if self.method == "butler":
            if not scores:
                scores = [round(r.weighted.expected_score()) for r in compared if r.weighted is not None]
            if not scores:
                return None, []
            trim = 1 if self.rules.trim is None else self.rules.trim
            datum, _ = butler(scores, trim=min(trim, (len(scores) - 1) // 2), round_to=self.conv.datum_round)
            return datum, [r.weighted.imps(datum) if r.weighted is not None else float(imps(_ns(r) - datum))
                           for r in compared]
        average = self.method == "cross-imps-average"
        if len(compared) < 2:
            return None, [0.0] * len(compared)
        if len(scores) == len(compared):
            return None, cross_imps(scores, average=average)
        outcomes = [_outcomes(r) for r in compared]
        values = [float(sum(w * sum(v * imps(score - other) for j, theirs in enumerate(outcomes) if j != i
                                    for v, other in theirs) for w, score in mine)) for i, mine in enumerate(outcomes)]
        return None, [v / (len(compared) - 1) for v in values] if average else values

    def artificial_imps(self, results: int) -> float:
        """IMPs that 10 % above average is worth on a board of ``results`` results (:func:`compute_results`)."""
        worth = artificial_rate(self.rules.artificial or DEFAULT_ARTIFICIAL[self.method])
        return worth * max(results - 1, 1) if self.method == "cross-imps" else worth

    def pair_rankings(self, boards: list[BoardResults]) -> list[Ranking]:
        known = {p.id: p.names for p in self.event.participants}
        individual = self.event.kind is EventKind.INDIVIDUAL
        totals: dict[str, _Totals] = {}
        matchpointed = self.method == "matchpoints"
        unit = "MP" if matchpointed else "IMP"
        unit_figures = _MP_FIGURES if matchpointed else _IMP_FIGURES
        given: dict[tuple[tuple[str, str], ...], dict[str, str]] = {}  # a result's own figures of the unit, by seat
        for_totals, centred = self.for_totals, self.conv.centred and matchpointed
        for board, plain in zip(boards, self.plain, strict=True):
            # a matchpointed board adds its top to each side's tops (a board without a top adds nothing
            # but the board); an IMP board adds no top
            counted = bool(board.top) or not matchpointed
            board_top = board.top or 0.0
            for line in board.lines:
                ns_figure, ew_figure = unit_figures(line)
                if ns_figure is None and ew_figure is None:
                    continue  # nothing to add up for either side
                r = line.result
                played = plain or not r.not_played  # a plain result (model.plain_results) is played, names no one
                figures = r.theirs
                theirs = given.get(figures) if figures else _NO_FIGURES_GIVEN
                if theirs is None:  # the first of a repeated column counts, as TableResult.their gives
                    theirs = given[figures] = {column.removeprefix(f"{unit}_"): text
                                               for column, text in reversed(figures)
                                               if column.startswith(f"{unit}_")}
                # _sides(...), a pair's inline: a call per line is 2 % of reading and scoring a file
                sides = _sides(r, individual, ns_figure, ew_figure) if individual else (
                    (r.ns, "" if plain else r.names_ns, "NS", "NS", ns_figure),
                    (r.ew, "" if plain else r.names_ew, "EW", "EW", ew_figure))
                for ident, names, side, seat, figure in sides:
                    if figure is None or ident in _NOBODY:
                        continue
                    t = totals.get(ident)
                    if t is None:
                        t = totals[ident] = _Totals(names=known.get(ident, ""))  # the names the field gives first
                    t.boards += 1
                    t.played += played
                    if not t.names:
                        t.names = names
                    t.sides.add(side)
                    if counted:
                        line_top = board_top
                        if for_totals and id(r) in for_totals:  # counted otherwise than the line shows it
                            ns_t, ew_t, line_top = for_totals[id(r)]
                            figure = (ns_t if side == "NS" else ew_t) - (line_top / 2 if centred else 0.0)
                        t.total += figure
                        t.tops += line_top
                        if theirs and (text := theirs.get(seat)) is not None:  # printed: the total's rounding, for now
                            t.printed += as_printed(figure, text) - figure
        for t in totals.values():
            t.printed += t.total  # the sum of the figures rounded as the file prints them
        if self.rules.mean and not matchpointed:  # a pair's boards not in the file count at its average too
            session = max((t.boards for t in totals.values()), default=0)
            for t in totals.values():
                if t.played and t.boards < session:
                    t.total, t.printed = t.total * session / t.boards, t.printed * session / t.boards
                    t.boards = session
        self.apply_penalties(totals, unit, individual)
        self.fit = self.settle(totals, unit)
        directions = {ident: t.sides for ident, t in totals.items()}
        self.printed = {ident: t.printed for ident, t in totals.items()}
        groups = ranking_groups(self.event, directions, pair_sections(self.event.boards, self.plain), individual,
                                self.settings, self.reasons)
        return [self.rank(direction, unit, totals, idents, section) for section, direction, idents in groups]

    def apply_penalties(self, totals: dict[str, _Totals], unit: str, individual: bool) -> None:
        """The director's penalties, kept beside the totals and added after any factoring (:meth:`settle`),
        as Ruter adds them: the file's ``"Pen"`` rows (each side's own figure of the unit), its
        ``ScorePenalty`` column for a pair no row penalises (taken away; added only when the file's
        total shows so), a corrections file's."""
        found: list[Penalty] = []
        for board, plain in zip(self.event.boards, self.plain or repeat(False)):
            if plain:  # a penalty row is not plain
                continue
            for r in board.results:
                if not r.penalty:
                    continue
                for ident, _, side, seat, _ in _sides(r, individual, None, None):
                    value = printed_number(r.their(f"{unit}_{seat}"))
                    if value is None and seat != side:
                        value = printed_number(r.their(f"{unit}_{side}"))
                    if value and ident not in _NOBODY:
                        found.append(Penalty(ident, value, board.number, "", "row", r.line))
        penalised = {p.pair for p in found}
        table = self.event.totals
        if table is not None and any(c.name == "ScorePenalty" for c in table.columns):
            theirs = self.file_totals()
            for row, line in zip(table.records(), table.lines):
                ident = row.get("PairId") or row.get("PlayerId") or ""
                value = printed_number(row.get("ScorePenalty"))
                if not value or ident in penalised or ident not in totals:
                    continue
                points = -abs(value)
                printed_total = theirs.get(ident, (None, 0.0, None, 0.0))
                if printed_total[0] is not None and abs(totals[ident].total + abs(value) - printed_total[0]) < abs(
                        totals[ident].total - abs(value) - printed_total[0]):
                    points = abs(value)  # the file's total shows it added
                found.append(Penalty(ident, points, None, "", "ScorePenalty", line))
        for p in self.given_penalties:
            if p.pair not in totals:
                raise RulesError(f"{p.source}: penalty for pair {p.pair}, who is not in the event: expected one of "
                                 f"{', '.join(sorted(totals, key=id_key)[:12])}")
            found.append(p)
        for p in found:
            t = totals.get(p.pair)
            if t is not None:
                t.penalty += p.points
        self.penalties = found

    def settle(self, totals: dict[str, _Totals], unit: str) -> int:
        """The conventions of the totals the file's own totals show, unless the director set them:
        sums of the rounded board figures or of the exact ones, a pair that missed boards factored
        up to the session's boards or not. Applies them to ``totals``; returns how many of the file's
        totals they reproduce."""
        session = max((t.boards for t in totals.values()), default=0)
        rounded_choices = [self.conv.rounded_totals] if "rounded-totals" in self.settings else \
            [False, True] if any(abs(t.printed - t.total) > 1e-9 for t in totals.values()) else [False]
        factored_choices = [self.conv.factored] if "factored" in self.settings else \
            [False, True] if any(0 < t.boards < session for t in totals.values()) else [False]
        session_tops = max((t.tops for t in totals.values()), default=0.0)
        base_choices = [self.conv.pct_base] if "pct-base" in self.settings or unit != "MP" else \
            ["played", "session"] if any(t.tops < session_tops for t in totals.values()) else ["played"]
        theirs = self.file_totals()
        fits: dict[tuple[bool, bool, str], int] = {}
        for rounded in rounded_choices:
            for factored in factored_choices:
                for base in base_choices:
                    fit = 0
                    for ident, (value, precision, pct, pct_precision) in theirs.items():
                        t = totals.get(ident)
                        if t is not None:
                            ours = (t.printed if rounded else t.total)
                            tops = t.tops if base == "played" else session_tops
                            if factored and 0 < t.boards < session:
                                ours, tops = ours * session / t.boards, tops * session / t.boards
                            ours += t.penalty
                            fit += value is not None and abs(ours - value) <= precision
                            if pct is not None and tops:
                                ours_pct = 100 * (ours + (tops / 2 if self.conv.centred else 0.0)) / tops
                                fit += abs(ours_pct - pct) <= pct_precision
                    fits[rounded, factored, base] = fit
        best = max(fits, key=fits.__getitem__)  # the first of equals: the director's, else the plain one
        rounded, factored, base = best
        self.conv = replace(self.conv, rounded_totals=rounded, factored=factored, pct_base=base)
        known = {name for name, _, _ in self.reasons}
        if theirs:
            for name, choices, shown in (("rounded-totals", rounded_choices, "yes" if rounded else "no"),
                                         ("factored", factored_choices, "yes" if factored else "no"),
                                         ("pct-base", base_choices, base)):
                if len(choices) > 1 and name not in known:
                    self.reasons.append((name, shown, f"inferred from {fits[best]}/{_looked(theirs)} totals and "
                                                      f"percentages"))
        for t in totals.values():
            if rounded:
                t.total = t.printed
            if base == "session":
                t.tops = session_tops
            if factored and 0 < t.boards < session:
                t.total, t.printed, t.tops = (t.total * session / t.boards, t.printed * session / t.boards,
                                              t.tops * session / t.boards)
            t.total += t.penalty  # points given or taken: never factored with the boards
            t.printed += t.penalty
        return fits[best]

    def file_totals(self) -> dict[str, tuple[float | None, float, float | None, float]]:
        """The file's total and percentage of each pair (player): id -> (total, half its printed
        precision, percentage, half its precision); None where the file gives none."""
        table = self.event.totals
        out: dict[str, tuple[float | None, float, float | None, float]] = {}
        if table is None:
            return out
        for row in table.records():
            ident = row.get("PairId") or row.get("PlayerId") or ""
            total, precision = None, 0.0
            for column in ("TotalScoreMP", "TotalMP", "TotalScoreIMP", "TotalIMP"):
                total = printed_number(row.get(column))
                if total is not None:
                    precision = _half_unit(row[column])
                    break
            pct = printed_number(row.get("TotalPercentage")) if self.method == "matchpoints" else None
            if ident and (total is not None or pct is not None):
                out[ident] = (total, precision, pct, _half_unit(row.get("TotalPercentage", "")))
        return out

    def rank(self, group: str, unit: str, totals: dict[str, _Totals], idents: list[str], section: str = "") -> Ranking:
        entries = []
        centred = self.conv.centred and unit == "MP"
        for ident in idents:
            t = totals[ident]
            if unit == "MP":
                pct = 100 * (t.total + (t.tops / 2 if centred else 0.0)) / t.tops if t.tops else None
                entries.append((pct if pct is not None else -1.0, ident, t.total, pct, t))
            else:
                entries.append((t.total, ident, t.total, None, t))
        entries.sort(key=lambda e: (-round(e[0], 9), id_key(e[1])))
        ranked = []
        places = tie_places([round(e[0], 9) for e in entries])
        for (_, ident, total, pct, t), (position, tied) in zip(entries, places):
            ranked.append(RankEntry(f"{position}=" if tied else str(position), position, ident, t.names,
                                    round(total, 6), None if pct is None else round(pct, 6), t.boards,
                                    None if unit == "MP" else round(t.total, 6)))
        return Ranking(group, unit, tuple(ranked), section)


def _sides(r: TableResult, individual: bool, ns_figure: float | None, ew_figure: float | None
           ) -> tuple[tuple[str, str, str, str, float | None], ...]:
    """(id, names, side, seat or side as the file's columns name it, figure) of who played a result,
    each with its side's figure (``ns_figure`` or ``ew_figure``)."""
    if individual and len(r.players) == 4:  # each player of a side shares its figures
        n, e, s, w = r.players
        return ((n, "", "NS", "North", ns_figure), (e, "", "EW", "East", ew_figure),
                (s, "", "NS", "South", ns_figure), (w, "", "EW", "West", ew_figure))
    return ((r.ns, r.names_ns, "NS", "NS", ns_figure), (r.ew, r.names_ew, "EW", "EW", ew_figure))


def _shown_split(a: Artificial) -> bool:
    """An artificial score whose split the cell does not write (``800>a``)."""
    return ">" in a.marker and a.marker[-1:] in "aA"


def _looked(theirs: dict[str, tuple[float | None, float, float | None, float]]) -> int:
    """How many totals and percentages the file gives (:meth:`_Work.file_totals`)."""
    return sum((total is not None) + (pct is not None) for total, _, pct, _ in theirs.values())


def _half_unit(text: str) -> float:
    """Half the last printed decimal of a figure: how far a figure may be from it and still print so."""
    t = text.strip().replace(",", ".")
    return 0.5 * 10 ** -(len(t.split(".")[1]) if "." in t else 0) + 1e-9


def _ns(r: TableResult) -> int:
    return r.score_ns if r.score_ns is not None else 0
