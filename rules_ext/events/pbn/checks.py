"""Contradictions that no single value shows: a game given twice, a pair against itself or twice on
one board, a player in two seats, a card played that the player does not hold or played twice (or
a Play written in the order played, not by seat), a second event after the first in one file, one
id given to two pairs (or teams, or players).

Each check gives ``(line, message)`` pairs, the messages in the reader's style (``board 3: ...:
expected ...``); the interpretation reports them as problems.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import attrgetter

from rules_ext.core import Card, Deal, DealError, Seat
from rules_ext.events.model import TableResult, plain_results
from rules_ext.events.pbn.lexer import EXPORT_RE, VERSION_RE, Game
from rules_ext.events.pbn.tables import Table

#: ids that name nobody: not known, not applicable, a sit-out
_NOBODY = frozenset({"", "-", "?", "Bye", "BYE", "bye"})
_NS, _EW = attrgetter("ns"), attrgetter("ew")


def repeated_game(number: int, earlier: Sequence[TableResult], results: Sequence[TableResult],
                  line: int) -> tuple[int, str] | None:
    """A game whose every result is already on the board (same tables, same pairs, same scores)."""
    if not results or not earlier:
        return None
    if all(r.in_match and not any(r.players) for r in results):
        return None  # a teams row naming nobody (a match not played) reads the same in both rooms
    known = set(earlier)
    if not all(r in known for r in results):
        return None
    first = next(r for r in earlier if r == results[0])
    return line, (f"board {number}: this game repeats the results given at line {first.line} (same board, "
                  f"same pairs): expected each game once")


def numbered_by_direction(boards: Sequence[Sequence[TableResult]]) -> bool:
    """Whether the pairs are numbered within each direction (a Mitchell's NS 1..n and EW 1..n):
    on most boards played at two tables or more, some number sits both North-South and East-West."""
    shared = played = 0
    for results in boards:
        rows = results if plain_results(results) else [
            r for r in results if not (r.room or r.home or r.visit or r.players)]  # not in_match, not seats
        if len(rows) < 2:
            continue
        played += 1
        shared += any(map(_somebody, set(map(_NS, rows)).intersection(map(_EW, rows))))
    return shared * 2 > played


def seating_problems(number: int, results: Sequence[TableResult], individual: bool,
                     by_direction: bool = False) -> list[tuple[int, str]]:
    """A pair (or player) against itself, or seated twice on the board. Teams are left out (a room,
    or a home and a visiting team, marks their rows): a team plays each board once in each room.
    When the pairs are numbered within each direction (``by_direction``), NS 1 and EW 1 are two
    pairs: only a number twice in one direction is wrong."""
    if not individual or not any(len(r.players) == 4 for r in results):
        # the usual board: when no id is met twice (in one direction, numbered by direction), no pair
        # plays against itself or twice, whatever else the rows say -- one look at the ids tells
        ns, ew = set(map(_NS, results)), set(map(_EW, results))
        if len(ns) == len(ew) == len(results) and (by_direction or ns.isdisjoint(ew)):
            return []
    return _seating_problems(number, results, individual, by_direction)


def _seating_problems(number: int, results: Sequence[TableResult], individual: bool,
                      by_direction: bool) -> list[tuple[int, str]]:
    """:func:`seating_problems`, result by result."""
    problems: list[tuple[int, str]] = []
    seen: dict[str, int] = {}
    for r in results:
        if r.room or r.home or r.visit or r.penalty:  # r.in_match, or a director's penalty row
            continue
        if individual and len(r.players) == 4:
            who, ids = "player", [p for p in r.players if _somebody(p)]
        else:
            ns, ew = r.ns, r.ew
            who, ids = "pair", []
            if ns not in _NOBODY and ns.strip(" -"):  # _somebody, inline: this runs for every result
                ids.append(f"{ns} NS" if by_direction else ns)
            if ew not in _NOBODY and ew.strip(" -"):
                ids.append(f"{ew} EW" if by_direction else ew)
        if len(ids) > 1 and (ids[0] == ids[1] if len(ids) == 2 else len(set(ids)) < len(ids)):
            twice = next(i for i in ids if ids.count(i) > 1)
            problems.append((r.line, f"board {number}: {who} {twice} plays against itself "
                                     f"(NS {r.ns}, EW {r.ew}): expected two different {who}s"
                             if who == "pair" else
                             f"board {number}: {who} {twice} sits in two seats ({' '.join(r.players)}): "
                             f"expected four different players"))
            continue
        for ident in ids:
            if ident in seen:
                problems.append((r.line, f"board {number}: {who} {ident} plays the board twice (also at line "
                                         f"{seen[ident]}): expected each {who} once on a board"))
                break
        for ident in ids:
            seen.setdefault(ident, r.line)
    return problems


def pairs_given_twice(boards: Sequence[tuple[int, Sequence[TableResult]]], by_direction: bool = False
                      ) -> tuple[list[tuple[int, str]], set[int]]:
    """One number given to two pairs: a pair id met at two tables of one board, on two boards or more
    (each is then no slip of one row but two pairs sharing a number). One ``(line, message)`` per id,
    at its second table on the first such board, naming both (their names where the file gives
    them, else where each sat and against whom), and the lines of every such second table (their
    "plays the board twice" is said by this line instead)."""
    twice: dict[str, list[tuple[int, TableResult, TableResult]]] = {}
    for number, results in boards:
        ns, ew = set(map(_NS, results)), set(map(_EW, results))
        if len(ns) == len(ew) == len(results) and (by_direction or ns.isdisjoint(ew)):
            continue  # the usual board: no id met twice (seating_problems' first look)
        seen: dict[str, TableResult] = {}
        for r in results:
            if r.room or r.home or r.visit or r.penalty or (r.players and len(r.players) == 4 and not r.ns):
                continue
            for ident, side in ((r.ns, "NS"), (r.ew, "EW")):
                if not _somebody(ident):
                    continue
                key = f"{ident} {side}" if by_direction else ident
                if key in seen and seen[key] is not r:
                    twice.setdefault(key, []).append((number, seen[key], r))
                else:
                    seen.setdefault(key, r)
    problems: list[tuple[int, str]] = []
    covered: set[int] = set()
    for key, found in twice.items():
        if len({number for number, _, _ in found}) < 2:
            continue
        number, first, second = found[0]
        ident = key.split(" ")[0]
        problems.append((second.line, f"board {number}: pair {key} is given to two pairs: {_seated(ident, first)} at "
                                      f"line {first.line} and {_seated(ident, second)} here, on "
                                      f"{len({n for n, _, _ in found})} boards: expected one PairId for each pair"))
        covered.update(r.line for _, _, r in found)
    return problems, covered


def _seated(ident: str, r: TableResult) -> str:
    """A pair as a contradiction names it: its names, else where it sat and against whom."""
    ns = r.ns == ident
    names = r.names_ns if ns else r.names_ew
    if names:
        return f'"{names}"'
    return f"{'NS' if ns else 'EW'} against {r.ew if ns else r.ns}" + (f" at table {r.table}" if r.table else "")


def _somebody(ident: str) -> bool:
    return ident not in _NOBODY and ident.strip(" -") != ""


def misplayed_cards(number: int, deal: Deal, first: Seat, tricks: Sequence[Sequence[str]]) -> list[str]:
    """Cards of a Play section (each trick from ``first``, by seat) that the player does not hold,
    or that were played before."""
    problems: list[str] = []
    played: dict[Card, int] = {}
    seats = first.following()
    for trick_number, trick in enumerate(tricks, start=1):
        for seat, text in zip(seats, trick):
            try:
                card = Card.parse(text)
            except DealError:
                continue  # '-': a card not known
            hand = deal.hand(seat)
            if card in played:
                problems.append(f"board {number}: trick {trick_number}: {card} was played before, in trick "
                                f"{played[card]}: expected each card once")
            elif len(hand) and card not in hand:
                problems.append(f"board {number}: trick {trick_number}: {seat.name} plays {card}, which "
                                f"{seat.name} does not hold ({hand}): expected a card of that hand")
            played.setdefault(card, trick_number)
    return problems


def in_played_order(deal: Deal, first: Seat, tricks: Sequence[Sequence[str]]) -> list[list[str]] | None:
    """A Play section some of whose tricks are written from another seat than ``first`` (in the
    order played, from the trick's leader, or from a wrong seat) rather than by seat as PBN writes
    them: the tricks by seat, when each trick read from some seat (clockwise, the PBN column order
    first) has every card held by the seat that plays it, and each card is played once; None when no
    reading holds for some trick."""
    seats = first.following()
    played: set[Card] = set()
    out: list[list[str]] = []
    for trick in tricks:
        if len(trick) != 4:
            return None
        try:
            cards = [None if text == "-" else Card.parse(text) for text in trick]
        except DealError:
            return None
        if any(card is not None and card in played for card in cards):
            return None
        for start in range(4):
            order = seats[start:] + seats[:start]
            if all(card is None or card in deal.hand(seat) for seat, card in zip(order, cards)):
                break
        else:
            return None
        played.update(card for card in cards if card is not None)
        by_seat = dict(zip(order, trick))
        out.append([by_seat[seat] for seat in seats])
    return out


#: the tags that tell one event (or one segment of it) from another (a value not known tells nothing)
_EVENT_TAGS = ("Event", "Date", "Stage")


def second_event(games: Sequence[Game], resolved: Sequence[Mapping[str, str]]) -> tuple[int, int, str] | None:
    """Where a second event begins in one file (two files put one after the other): the index of
    its first game, the line where it begins and the message, or None. A game begins a second event
    when its board was given before and either its Event or Date differs from the first game's or
    the file's header (``% PBN``, ``% EXPORT``) stands again before it; its ``resolved`` tag values
    tell. The event begins at that header when the header went into the previous game (no empty
    line between the two files: the ``%`` lines follow the last table's rows)."""
    if not games:
        return None
    first = {tag: _known(resolved[0].get(tag, "")) for tag in _EVENT_TAGS}
    seen: set[str] = set()
    for index, (game, values) in enumerate(zip(games, resolved)):
        board = values.get("Board", "").strip()
        if index and board in seen:
            differs = [tag for tag in _EVENT_TAGS
                       if first[tag] and (value := _known(values.get(tag, ""))) and value != first[tag]]
            absorbed = _header_line(games[index - 1])
            header = absorbed or any(VERSION_RE.match(line) or EXPORT_RE.match(line) for line in game.preamble)
            if differs or header:
                return index, absorbed or game.line, (f"a second event begins here ({event_name(values)} after "
                                                      f"{event_name(resolved[0])}): expected one event per file: split "
                                                      f"the file by event")
        if board:
            seen.add(board)
    return None


def event_name(values: Mapping[str, str]) -> str:
    """The Event of a game's tag values, as a message names it, with its Stage when it has one."""
    stage = _known(values.get("Stage", ""))
    return f'Event "{values.get("Event", "").strip()}"' + (f' Stage "{stage}"' if stage else "")


def _header_line(game: Game) -> int:
    """The line of a ``% PBN`` header inside the sections of a game's tags (0: none)."""
    for tag in game.tags:
        for text, line in zip(tag.section, tag.section_lines):
            if text[:1] == "%" and VERSION_RE.match(text):
                return line
    return 0


def _known(value: str) -> str:
    value = value.strip()
    return "" if value in ("", "?", "#") else value


def ids_given_twice(totals: Table) -> list[tuple[int, str]]:
    """An id that a TotalScoreTable gives to two pairs (teams, players): two rows with one id (in one
    section and direction; a Mitchell numbered in each direction has NS 1 and EW 1) and different
    names, or the same row twice. Each is ``(line of the second, message)`` naming the first's line."""
    column = next((c for c in ("PairId", "TeamId", "PlayerId") if totals.has(c)), None)
    if column is None:
        return []
    who = {"PairId": "pair", "TeamId": "team", "PlayerId": "player"}[column]
    lines = totals.lines if len(totals.lines) == len(totals.rows) else (0,) * len(totals.rows)
    seen: dict[tuple[str, str, str], tuple[int, str]] = {}
    problems: list[tuple[int, str]] = []
    for record, line in zip(totals.records(), lines):
        ident = record.get(column, "").strip()
        if not _somebody(ident):
            continue
        key = (ident, record.get("Section", ""), record.get("Direction", ""))
        names = record.get("Names") or record.get("Name") or record.get("TeamName") or ""
        if key not in seen:
            seen[key] = (line, names)
            continue
        first_line, first_names = seen[key]
        if names and first_names and names != first_names:
            problems.append((line, f'{who} {ident} is given to two {who}s: "{first_names}" at line {first_line} and '
                                   f'"{names}" here: expected one {column} for each {who}'))
        else:
            problems.append((line, f"{who} {ident} is listed twice in the {totals.name} (also at line {first_line}): "
                                   f"expected each {who} once"))
    return problems
