"""Interpreting the normalised games: what the event is (boards, results, participants, kind).

``#`` and ``##`` inheritance is resolved first (the first of a repeated tag counts); then each
game gives its board (dealer and vulnerability checked against the board number, the deal, the
double-dummy tricks) and its results (the rows of a ScoreTable, or the game itself: one table);
the boards of several games with one number are merged, the pairs, teams or players are collected
from the results and the TotalScoreTable. Every problem is reported with its line.
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from operator import attrgetter
from typing import NamedTuple, TypeVar

from rules_ext.core import Deal, DealError, Seat, Strain, Vulnerability, board_conditions
from rules_ext.events.dd import DD_SEATS, DD_STRAINS
from rules_ext.events.fastbuild import builder
from rules_ext.events.model import Board, EventKind, Participant, TableResult, id_key, plain_results
from rules_ext.events.pbn.checks import (
    ids_given_twice,
    numbered_by_direction,
    pairs_given_twice,
    repeated_game,
    seating_problems,
)
from rules_ext.events.pbn.context import UNKNOWN, ReadContext, known, tag_line
from rules_ext.events.pbn.lexer import Game
from rules_ext.events.pbn.normalise import is_table_tag
from rules_ext.events.pbn.table_results import RowLayout, game_result, table_results
from rules_ext.events.pbn.tables import Table, TableError, parse_table
from rules_ext.events.scoring.teams import seat_teams

#: tags whose value may not be inherited with '#' or '##'
NOT_INHERITABLE = frozenset({"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play"})
#: the tags of an event, a segment or a match that a game leaving them out takes from the previous
#: game (PBN 2.1 copies only with '#' or '##'; BBO vugraph files name HomeTeam and VisitTeam in the
#: first game of a match only, compilations the Event and Stage in the first game of a segment)
INHERITED_WHEN_LEFT_OUT = ("Event", "Site", "Date", "Stage", "HomeTeam", "VisitTeam", "Round")
#: what a game that leaves out its Board and Deal (a further table of the board before it) takes
#: from the previous game: the board itself, which PBN 2.1 never copies for Dealer, Vulnerable, Deal
BOARD_TAGS = ("Board", "Dealer", "Vulnerable", "Deal")
#: the figures a ScoreTable row may carry that we compute too
THEIR_COLUMNS = ("Score_NS", "Score_EW", "MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW",
                 "IMP_NS", "IMP_EW", "ButlerDatum",
                 *(f"{figure}_{seat}" for figure in ("MP", "Percentage", "IMP")  # an individual's seats
                   for seat in ("North", "East", "South", "West")))

_EXAMPLES = {"Dealer": "[Dealer \"N\"]", "Vulnerable": "[Vulnerable \"NS\"]", "Deal": "[Deal \"N:...\"]",
             "Declarer": "[Declarer \"S\"]", "Contract": "[Contract \"4S\"]", "Auction": "[Auction \"N\"]",
             "Play": "[Play \"W\"]"}
T = TypeVar("T")
#: the tags that make an event a teams event
_TEAMS_TAGS = frozenset({"Room", "HomeTeam", "VisitTeam"})
_NAME = attrgetter("name")
_NS, _EW = attrgetter("ns"), attrgetter("ew")
#: a Board from values already checked (a number of at least 1, tuples): without Board's own checks
_new_board = builder(Board)


def resolve_inheritance(games: list[Game], ctx: ReadContext) -> list[dict[str, str]]:
    """The value of each tag of each game with '#' and '##' resolved (first occurrence wins; the
    normaliser has carried ``##`` values to the games that leave the tag out); a tag of
    :data:`INHERITED_WHEN_LEFT_OUT` that a game leaves out has the previous game's value; a game
    that leaves out Board and Deal but gives a contract is a further table of the previous game's
    board (its :data:`BOARD_TAGS`, one warning for the file: not PBN 2.1, but unambiguous)."""
    resolved: list[dict[str, str]] = []
    previous: dict[str, str] = {}
    further: list[int] = []
    for game in games:
        values: dict[str, str] = {}
        added: list[str] = []
        for tag in game.tags:
            if tag.name in values:
                continue
            value = tag.value
            if not tag.line and value == "?":  # a mandatory tag the game leaves out (normalising added it)
                added.append(tag.name)
                continue
            if value.startswith("#"):
                if tag.name in NOT_INHERITABLE:
                    ctx.problem(tag.line or game.line, f"[{tag.name} \"{value}\"]: {tag.name} may not be "
                                f"inherited with '#' or '##': expected the value itself, e.g. "
                                f"{_EXAMPLES.get(tag.name, '')}")
                if value == "#":
                    if tag.name not in previous:
                        ctx.problem(tag.line or game.line, f"[{tag.name} \"#\"] copies the previous game's "
                                    f"{tag.name}, but there is none: expected a value")
                        value = "?"
                    else:
                        value = previous[tag.name]
                elif value.startswith("##"):
                    value = value[2:]
            values[tag.name] = value
        for name in INHERITED_WHEN_LEFT_OUT:
            if name not in values and name in previous:
                values[name] = previous[name]
        if ("Board" not in values and "Deal" not in values and "Board" in previous
                and values.get("Contract", "?") not in UNKNOWN):
            further.append(game.line)
            for name in BOARD_TAGS:
                if name in previous:
                    values.setdefault(name, previous[name])
        for name in added:
            values.setdefault(name, "?")
        resolved.append(values)
        previous = values
    if further:
        ctx.warning(further[0], f"{len(further)} game(s) leave out [Board] and [Deal] (the first here): each is "
                                f"read as a further table of the board of the game before it (PBN 2.1 copies "
                                f"a tag only with \"#\", and never Dealer, Vulnerable or Deal)")
    return resolved


class Interpretation(NamedTuple):
    """What the games say: the boards (by number), who played, the kind of event, the totals."""

    boards: list[Board]
    participants: list[Participant]
    kind: EventKind
    totals: Table | None


def interpret(games: list[Game], resolved: list[dict[str, str]], ctx: ReadContext) -> Interpretation:
    """The boards, participants, kind and totals of the games (``resolved``: their tag values)."""
    boards: dict[int, Board] = {}
    players = _Field()
    totals: Table | None = None
    kind = EventKind.PAIRS
    layouts: dict[tuple[str, ...], RowLayout] = {}
    for game, values in zip(games, resolved):
        tag_names = tuple(map(_NAME, game.tags))
        if not _TEAMS_TAGS.isdisjoint(tag_names):
            kind = EventKind.TEAMS
        tables = _tables(game, tag_names, ctx)
        if "TotalScoreTable" in tables and totals is None:
            totals = tables["TotalScoreTable"]
        number = _board_number(game, values, ctx)
        if number is None:
            continue
        board = _board(game, values, number, ctx)
        results: list[TableResult] = []
        if "ScoreTable" in tables:
            table = tables["ScoreTable"]
            names = tuple(map(_NAME, table.columns))
            if "PlayerId_North" in names:
                kind = EventKind.INDIVIDUAL
            layout = layouts.get(names)
            if layout is None:  # one per distinct column list: a file repeats its ScoreTable's
                layout = layouts[names] = RowLayout(names, [c for c in THEIR_COLUMNS if c in names])
            results = table_results(table.rows, table.lines, board, layout, ctx)
        else:
            result = game_result(game, values, board, ctx)
            if result is not None:
                results.append(result)
        players.seat_all(results, kind)
        _add_board(boards, board, tuple(results), game, ctx)
    if totals is not None:
        for line, message in ids_given_twice(totals):
            ctx.problem(line, message)
        players.add_totals(totals)
    by_direction = numbered_by_direction([board.results for board in boards.values()])
    shared, covered = (pairs_given_twice([(b.number, b.results) for b in boards.values()], by_direction)
                       if kind is EventKind.PAIRS else ([], set()))
    for line, message in shared:  # one line for a number given to two pairs, not one per board
        ctx.problem(line, message)
    for board in boards.values():
        for line, message in seating_problems(board.number, board.results, kind is EventKind.INDIVIDUAL,
                                              by_direction):
            if not (line in covered and "plays the board twice" in message):
                ctx.problem(line, message)
    ordered = [boards[n] for n in sorted(boards)]
    return Interpretation(seat_teams(ordered) if kind is EventKind.TEAMS else ordered, players.participants(),
                          kind, totals)


def _add_board(boards: dict[int, Board], board: Board, results: tuple[TableResult, ...], game: Game,
               ctx: ReadContext) -> None:
    """Add a game's board and results; a board met before keeps what it had and gains the rest."""
    number = board.number
    old = boards.get(number)
    if old is None:
        boards[number] = _new_board(board.number, board.dealer, board.vulnerability, board.deal, results,
                                    board.optimum_score, board.par_contract, board.double_dummy, board.line)
        return
    if (repeated := repeated_game(number, old.results, results, game.line)) is not None:
        ctx.problem(*repeated)
        results = ()
    if board.deal is not None and old.deal is not None and board.deal != old.deal:
        ctx.problem(tag_line(game, "Deal"), f"board {number}: Deal differs from the one given "
                    f"for board {number} at line {old.line}: expected the same cards at every table")
    boards[number] = _new_board(number, old.dealer or board.dealer, old.vulnerability or board.vulnerability,
                                old.deal or board.deal, old.results + results,
                                old.optimum_score or board.optimum_score,
                                old.par_contract or board.par_contract,
                                old.double_dummy or board.double_dummy, old.line)


@dataclass(slots=True)
class _Field:
    """The pairs, teams or players met so far: their names and the directions they sat."""

    names: dict[str, str] = field(default_factory=dict)
    sides: dict[str, set[str]] = field(default_factory=dict)
    #: the ids seen North-South and East-West in plain results (each pair's side told once)
    plain_ns: set[str] = field(default_factory=set)
    plain_ew: set[str] = field(default_factory=set)

    def seat_all(self, results: list[TableResult], kind: EventKind) -> None:
        """Who sat where in the results of a board."""
        if not plain_results(results):
            for r in results:
                self.seat(r, kind)
            return
        # plain rows name no teams, players or names: a pair's side is told the first time it sits there
        for ident, side, seen in ((_NS, "NS", self.plain_ns), (_EW, "EW", self.plain_ew)):
            if seen.issuperset(map(ident, results)):  # the usual board: every pair seen there before
                continue
            fresh = set(map(ident, results)).difference(seen)
            for pair in fresh:
                self.sit(pair, side)
            seen.update(fresh)

    def seat(self, r: TableResult, kind: EventKind) -> None:
        """Who sat where in one result."""
        if r.room or r.home:  # teams: the ids are the team names; the players change from room to room
            for ident in (r.ns, r.ew):
                self.sides.setdefault(ident, set()).update(("NS", "EW"))
                self.names[ident] = ident
            return
        if kind is EventKind.INDIVIDUAL and len(r.players) == 4:  # the players are the field
            for ident, side in zip(r.players, ("NS", "EW", "NS", "EW")):
                if ident and ident not in ("-", "?"):
                    self.sides.setdefault(ident, set()).add(side)
            return
        self.sit(r.ns, "NS", r.names_ns)
        self.sit(r.ew, "EW", r.names_ew)

    def sit(self, ident: str, side: str, who: str = "") -> None:
        """Pair ``ident`` sat ``side`` (NS or EW), its names ``who`` when the result gives them."""
        if ident and ident not in ("-", "?"):
            seen = self.sides.get(ident)
            if seen is None:  # not setdefault(ident, set()): a set made for nothing on every result
                seen = self.sides[ident] = set()
            seen.add(side)
            if who and not self.names.get(ident):
                self.names[ident] = who

    def add_totals(self, totals: Table) -> None:
        """The names (and participants without a result) of the file's TotalScoreTable."""
        for row in totals.records():
            ident = row.get("PairId") or row.get("TeamId") or row.get("PlayerId") or ""
            names = row.get("Names") or row.get("Name", "")  # an individual's column is Name
            if ident and names and not self.names.get(ident):
                self.names[ident] = names
            if ident and names and ident not in self.sides:
                self.sides[ident] = set()

    def participants(self) -> list[Participant]:
        """Everyone, by id (numbers in numeric order), with the direction they always sat."""
        out = [Participant(ident, self.names.get(ident, ""), next(iter(s)) if len(s) == 1 else "")
               for ident, s in self.sides.items()]
        out.sort(key=lambda p: id_key(p.id))
        return out


def _tables(game: Game, names: tuple[str, ...], ctx: ReadContext) -> dict[str, Table]:
    """The game's tables by tag name (the first of each; an inherited one is not read again);
    ``names``: its tags' names."""
    found: dict[str, Table] = {}
    for tag in map(game.tags.__getitem__, _table_positions(names)):
        if tag.name in found or tag.value.startswith("#"):
            continue
        try:
            table, problems = parse_table(tag.name, tag.value, tag.section, tag.section_lines, ctx.rows.__getitem__)
        except TableError as exc:
            ctx.problem(tag.line or game.line, str(exc))
            continue
        for line, message in problems:
            ctx.problem(line or tag.line, message)
        found[tag.name] = table
    return found


@functools.lru_cache(maxsize=256)
def _table_positions(names: tuple[str, ...]) -> tuple[int, ...]:
    """Where the tables are among tags of these names (the games of a file repeat one list of tags)."""
    return tuple(i for i, name in enumerate(names) if is_table_tag(name))


def _board_number(game: Game, values: dict[str, str], ctx: ReadContext) -> int | None:
    """The game's board number; None (a problem if the game has a deal or results) when unknown."""
    text = values.get("Board", "?").strip()
    if text in UNKNOWN:
        if any(t.name in ("Deal", "ScoreTable", "Contract") and t.value not in UNKNOWN for t in game.tags):
            ctx.problem(game.line, "a game without a board number: expected e.g. [Board \"1\"]")
        return None
    if not (text.isascii() and text.isdigit()) or int(text) < 1:
        ctx.problem(tag_line(game, "Board"), f"cannot read board number {text!r}: expected e.g. [Board \"1\"]")
        return None
    return int(text)


def _board(game: Game, values: dict[str, str], number: int, ctx: ReadContext) -> Board:
    """The board of a game (without results); dealer and vulnerability checked against Law 2, and
    taken from it (the board number's) when the game does not give them."""
    expected_dealer, expected_vul = board_conditions(number)
    dealer = _board_tag(game, values, "Dealer", number, Seat.parse, ctx)
    vul = _board_tag(game, values, "Vulnerable", number, Vulnerability.parse, ctx)
    if dealer is not None and dealer is not expected_dealer:
        ctx.problem(tag_line(game, "Dealer"), f"board {number}: [Dealer \"{dealer.name}\"] does not match the "
                    f"board number: Law 2 gives dealer {expected_dealer.name}")
    if vul is not None and vul is not expected_vul:
        ctx.problem(tag_line(game, "Vulnerable"), f"board {number}: [Vulnerable \"{vul.value}\"] does not match "
                    f"the board number: Law 2 gives {expected_vul.value}")
    # a file without the tags (a BridgeWebs export of contracts and tricks) has the board's own, Law 2's
    if values.get("Vulnerable", "?") in UNKNOWN:
        vul = expected_vul
    if values.get("Dealer", "?") in UNKNOWN:
        dealer = expected_dealer
    deal: Deal | None = _board_tag(game, values, "Deal", number, ctx.deal, ctx)
    return _new_board(number, dealer, vul, deal, (), known(values.get("OptimumScore", "")),
                      known(values.get("ParContract", "") or values.get("OptimumContract", "")),
                      _double_dummy(game, values, number, ctx), game.line)


def _board_tag(game: Game, values: dict[str, str], name: str, number: int, parse: Callable[[str], T],
               ctx: ReadContext) -> T | None:
    """The value of tag ``name`` read by ``parse``; None when it is unknown or (a problem) unreadable."""
    text = values.get(name, "?")
    if text in UNKNOWN:
        return None
    try:
        return parse(text)
    except DealError as exc:
        ctx.problem(tag_line(game, name), f"board {number}: {exc}")
        return None


def _double_dummy(game: Game, values: dict[str, str], number: int, ctx: ReadContext
                  ) -> tuple[tuple[Seat, Strain, int], ...]:
    """The tricks each declarer takes in each strain, from DoubleDummyTricks or an
    OptimumResultTable (none when the file gives neither)."""
    text = values.get("DoubleDummyTricks", "").strip()
    if text and text not in UNKNOWN:
        if len(text) != 20 or any(c not in "0123456789abcdefABCDEF" for c in text):
            ctx.problem(tag_line(game, "DoubleDummyTricks"), f"board {number}: cannot read DoubleDummyTricks "
                        f"{text!r}: expected 20 hex digits (N, S, E, W x NT, S, H, D, C), e.g. 98A8798A8735353535")
            return ()
        out = []
        for i, seat in enumerate(DD_SEATS):
            for j, strain in enumerate(DD_STRAINS):
                tricks = int(text[i * 5 + j], 16)
                if tricks > 13:
                    ctx.problem(tag_line(game, "DoubleDummyTricks"), f"board {number}: DoubleDummyTricks "
                                f"{text!r} gives {tricks} tricks: expected 0..D (13)")
                    return ()
                out.append((seat, strain, tricks))
        return tuple(out)
    table_tag = game.tag("OptimumResultTable") if "OptimumResultTable" in values else None
    if table_tag is None:
        return ()
    try:
        table, _ = parse_table(table_tag.name, table_tag.value, table_tag.section, table_tag.section_lines)
    except TableError:
        return ()
    out = []
    for row in table.records():
        try:
            out.append((Seat.parse(row.get("Declarer", "")), Strain.parse(row.get("Denomination", "")),
                        int(row.get("Result", ""))))
        except (DealError, ValueError):
            continue
    return tuple(out)
