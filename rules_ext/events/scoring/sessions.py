"""Events of several sessions: each session scored on its own, then carried into an overall ranking,
so that a two-session pairs event or a final with a carry-over is ranked from the sessions' own files.

Each session is one event file (PBN or USEBIO, mixed freely), scored by ``compute_results`` as it
would be alone (its own conventions, comparisons and ranking); :func:`combine_sessions` says how
the overall ranking adds them, :class:`CarryOver` how much of the earlier sessions counts. The
model (:class:`SeveralSessions`) is what every output shows.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rules_ext.errors import RulesError
from rules_ext.events.model import Event, EventKind, id_key
from rules_ext.events.scoring.results_model import EventResults, places

__all__ = ["CarryOver", "OverallEntry", "OverallRanking", "Session", "SeveralSessions", "combine_sessions",
           "participant_tops"]

_SHARE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*%?\s*$")


@dataclass(frozen=True, slots=True)
class CarryOver:
    """How much of the sessions before the last counts in the overall ranking, the last session
    counting whole: ``share`` 0..1 (1: ``full``, every session adds whole, a two-session pairs event;
    0: ``none``, the last session alone, a final started afresh, the earlier sessions only
    qualified; a percentage such as ``50%``: a final with half the qualifying score carried), and
    ``why`` ("set by the director", "the default: every session counts whole": ``full`` when nothing
    sets it)."""

    share: float = 1.0
    why: str = "the default: every session counts whole"

    def __post_init__(self) -> None:
        if not 0 <= self.share <= 1:
            raise RulesError(f"carry-over {self.share * 100:g}%: expected none, full or a percentage 0..100")

    @classmethod
    def parse(cls, text: str, why: str = "set by the director") -> CarryOver:
        """``none``, ``full``, or a percentage (``50%``, ``50``, ``33.3%``).

        >>> CarryOver.parse("50%").share
        0.5
        >>> CarryOver.parse("none").name
        'none'
        """
        word = text.strip().lower()
        if word in ("none", "0", "0%"):
            return cls(0.0, why)
        if word in ("full", "100", "100%"):
            return cls(1.0, why)
        match = _SHARE.match(word)
        if not match or float(match[1]) > 100:
            raise RulesError(f"cannot read carry-over {text!r}: expected none, full or a percentage, e.g. 50%")
        return cls(float(match[1]) / 100, why)

    @property
    def name(self) -> str:
        """``none``, ``full`` or ``50%``."""
        return "none" if self.share == 0 else "full" if self.share == 1 else f"{self.share * 100:g}%"


@dataclass(frozen=True, slots=True)
class Session:
    """One session: ``number`` (1, 2, … in the order given), ``event`` as read (and corrected) from
    its file ``event.source``, and its ``results`` exactly as ``compute_results`` gives them for the
    session alone (its travellers, ranking, comparison with the file's own figures)."""

    number: int
    event: Event
    results: EventResults

    @property
    def name(self) -> str:
        """The session's name as its file gives it (else its file's name)."""
        return self.event.name or self.event.source


@dataclass(frozen=True, slots=True)
class OverallEntry:
    """A line of the overall ranking: ``rank`` printed with ties (``3=``), ``position``; ``id`` and
    ``names``; ``sessions``: the participant's total in each session, in the session's ranking unit
    (None for a session it did not play); ``weights``: what each session counts for (the carry-over
    share, 1 for the last); ``carried``: what the sessions before the last bring (``Σ w·total``);
    ``total``: ``carried`` + the last session's; ``pct``: matchpoints only, the overall percentage
    (``Σ w·top·% / Σ w·top``); ``boards``: boards (matches, for VPs) played in all sessions."""

    rank: str
    position: int
    id: str
    names: str
    sessions: tuple[float | None, ...]
    weights: tuple[float, ...]
    carried: float
    total: float
    pct: float | None
    boards: int


@dataclass(frozen=True, slots=True)
class OverallRanking:
    """The overall ranking: ``group`` ('NS' / 'EW' when every session ranks the two directions apart
    and each pair keeps its direction; '' for one list), ``unit`` ('MP', 'IMP', 'VP'), ``entries``."""

    group: str
    unit: str
    entries: tuple[OverallEntry, ...]


@dataclass(frozen=True, slots=True)
class SeveralSessions:
    """An event of several sessions: ``sessions`` in order, the ``carry_over`` used, the ``overall``
    ranking(s), and ``notes`` (a participant missing from a session, one whose names differ between
    sessions), one line each. It is what every output shows: the text and JSON of ``results S1 S2
    …``, the results PDF, and the published pages (one page per session from
    :attr:`Session.results`, and the overall ranking from :attr:`SeveralSessions.overall`)."""

    sessions: tuple[Session, ...]
    carry_over: CarryOver
    overall: tuple[OverallRanking, ...]
    notes: tuple[str, ...] = ()

    @property
    def kind(self) -> EventKind:
        return self.sessions[0].results.kind

    @property
    def unit(self) -> str:
        return self.overall[0].unit if self.overall else ""


def participant_tops(results: EventResults) -> dict[str, float]:
    """The matchpoint tops each pair (player) of a matchpointed session scored on: the tops of the
    boards of its lines that carry its figures (a board's ``top``, the same for every line of it)."""
    tops: dict[str, float] = {}
    individual = results.kind is EventKind.INDIVIDUAL
    for board in results.boards:
        if not board.top:
            continue
        for line in board.lines:
            r = line.result
            sides: tuple[tuple[str, float | None], ...]
            if individual and len(r.players) == 4:
                sides = ((r.players[0], line.mp_ns), (r.players[2], line.mp_ns), (r.players[1], line.mp_ew),
                         (r.players[3], line.mp_ew))
            else:
                sides = ((r.ns, line.mp_ns), (r.ew, line.mp_ew))
            for ident, figure in sides:
                if figure is not None:
                    tops[ident] = tops.get(ident, 0.0) + board.top
    return tops


def combine_sessions(sessions: Sequence[tuple[Event, EventResults]], carry_over: CarryOver | None = None
                     ) -> SeveralSessions:
    """The sessions (each event with its results, in order) and their overall ranking. One session
    alone is its own overall ranking.

    - Matchpoints: a participant's overall percentage is its sessions' percentages weighted by
      their tops and the carry-over (``Σ w·top·% / Σ w·top``: a session of a bigger top counts for
      more, each session's percentage as its own conventions give it); its overall total is
      ``Σ w·MP``. The ranking is by percentage, as a session's is.
    - IMPs (cross-IMPs, Butler) and VPs (teams over their matches): the weighted sum.
    - A participant is the same one in every session by its id (pair number, player id, team name);
      one who missed a session counts the sessions it played (its percentage over its own tops; its
      IMPs or VPs without that session) and is named in ``notes``; with ``none`` carried, one who did
      not play the last session is not ranked. Sessions whose figures cannot be added (matchpoints
      with IMPs, pairs with teams) are refused in one line."""
    if not sessions:
        raise RulesError("no session to rank: expected one event file or more")
    carry = carry_over or CarryOver()
    made = tuple(Session(i, event, results) for i, (event, results) in enumerate(sessions, start=1))
    kinds = {s.results.kind for s in made}
    if len(kinds) > 1:
        raise RulesError("the sessions are of different kinds (" + ", ".join(
            f"{s.event.source}: {s.results.kind.value}" for s in made) + "): expected one kind of event")
    units = {r.unit for s in made for r in s.results.rankings}
    if len(units) > 1:
        raise RulesError("the sessions cannot be added: their rankings are in " + ", ".join(
            f"{s.event.source}: {'/'.join(sorted({r.unit for r in s.results.rankings}))}" for s in made)
            + ": expected sessions ranked alike (all matchpoints, all IMPs or all VPs)")
    unit = units.pop() if units else "MP"
    weights = tuple(carry.share for _ in made[:-1]) + (1.0,)
    notes: list[str] = []
    entries: dict[str, _Seen] = {}
    tops: list[dict[str, float]] = [participant_tops(s.results) if unit == "MP" else {} for s in made]
    groups: dict[str, set[str]] = {}
    for index, session in enumerate(made):
        for ranking in session.results.rankings:
            for e in ranking.entries:
                found = entries.setdefault(e.id, _Seen(e.names, [None] * len(made), [None] * len(made)))
                if e.names and not found.names:
                    found.names = e.names
                elif e.names and found.names and e.names != found.names:
                    notes.append(f"{session.event.source}: {e.id} is {e.names!r} here, {found.names!r} before: "
                                 f"ranked as one by its id")
                found.totals[index] = e.total
                found.pcts[index] = e.pct
                found.boards += e.boards
                groups.setdefault(e.id, set()).add(ranking.group)
    if carry.share == 0:  # the last session alone: who did not play it is not ranked
        last = {e.id for r in made[-1].results.rankings for e in r.entries}
        entries = {ident: v for ident, v in entries.items() if ident in last}
    for ident, seen in entries.items():
        missed = [s.number for s, t in zip(made, seen.totals) if t is None and weights[s.number - 1]]
        if missed:
            notes.append(f"{ident} did not play session {', '.join(map(str, missed))}: ranked on the sessions it played")
    grouped = all(len(g) == 1 and "" not in g for g in groups.values()) and {
        next(iter(g)) for g in groups.values()} == {"NS", "EW"}
    lists = [("NS", [i for i in entries if groups[i] == {"NS"}]), ("EW", [i for i in entries if groups[i] == {"EW"}])] \
        if grouped else [("", list(entries))]
    overall = tuple(_ranking(group, unit, idents, entries, weights, tops) for group, idents in lists)
    return SeveralSessions(made, carry, overall, tuple(notes))


@dataclass(slots=True)
class _Seen:
    """A participant as met in the sessions: its names, its total and percentage in each (None where
    it did not play), the boards it played in all."""

    names: str
    totals: list[float | None]
    pcts: list[float | None]
    boards: int = 0


def _ranking(group: str, unit: str, idents: list[str], entries: dict[str, _Seen],
             weights: tuple[float, ...], tops: list[dict[str, float]]) -> OverallRanking:
    rows = []
    last = len(weights) - 1
    for ident in idents:
        seen = entries[ident]
        names, totals_t, pcts_t, boards = seen.names, seen.totals, seen.pcts, seen.boards
        carried = sum(weights[i] * t for i, t in enumerate(totals_t[:last]) if t is not None)
        total = carried + (totals_t[last] or 0.0)
        pct = None
        if unit == "MP":  # each session's percentage weighted by its tops and its carry-over share
            parts = [(weights[i] * tops[i].get(ident, 0.0), p) for i, p in enumerate(pcts_t) if p is not None]
            base = sum(w for w, _ in parts)
            pct = sum(w * p for w, p in parts) / base if base else None
        key = (pct if pct is not None else -1.0) if unit == "MP" else total
        rows.append((key, ident, names, tuple(totals_t), carried, total, pct, boards))
    rows.sort(key=lambda row: (-round(row[0], 9), id_key(row[1])))
    out = []
    for (_, ident, names, totals, carried, total, pct, boards), (position, tied) in zip(
            rows, places([round(row[0], 9) for row in rows])):
        out.append(OverallEntry(f"{position}=" if tied else str(position), position, ident, names, totals, weights,
                                round(carried, 6), round(total, 6), None if pct is None else round(pct, 6), boards))
    return OverallRanking(group, unit, tuple(out))
