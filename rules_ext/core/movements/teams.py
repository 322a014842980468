"""Teams movements: a match of teams of four in two rooms, a round robin of teams, and the Swiss draw
of the next round from a ranking.

A match is two tables (rooms) with one number: the home team sits North-South in the open room
and East-West in the closed room, and both rooms play the same boards (they exchange them during
the round). In a round robin or a Swiss every match of a round plays the same boards, each match
with its own copy (``duplicated``). Teams are numbered from 1; an odd number of teams gets a bye
(the ``phantom`` team ``n + 1``: the team drawn against it does not play that round).

>>> m = round_robin(4, boards_per_round=8)
>>> m.rounds, [(s.table, s.room, s.ns, s.ew) for s in m.round(1)]
(3, [(1, 'open', 1, 4), (1, 'closed', 4, 1), (2, 'open', 2, 3), (2, 'closed', 3, 2)])
>>> swiss_draw([3, 1, 4, 2], met={frozenset((3, 1))})
[(3, 4), (1, 2)]
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import TypeVar

from rules_ext.core.movements.model import CLOSED, OPEN, Kind, Movement, MovementError, Seating
from rules_ext.core.movements.pairs import _whole, board_sets

T = TypeVar("T", bound=Hashable)

#: the most teams a round robin or a Swiss is built for
MAX_TEAMS = 200


def _match(round_: int, table: int, home: int, visit: int, number: int) -> list[Seating]:
    return [Seating(round_, table, home, visit, number, room=OPEN),
            Seating(round_, table, visit, home, number, room=CLOSED)]


def teams_match(*, boards: int, segments: int = 1, home: int = 1, visit: int = 2) -> Movement:
    """A match of ``boards`` boards between two teams in ``segments`` segments (rounds) of equal
    length, each segment a set of boards played in both rooms."""
    _whole("segments", segments, 1, 20)
    if boards % segments:
        raise MovementError(f"{boards} boards do not divide into {segments} segments: expected a multiple of "
                            f"{segments} boards")
    sets = board_sets(segments, boards // segments)
    seatings = [s for r in range(1, segments + 1) for s in _match(r, 1, home, visit, r)]
    return Movement(f"队式赛 {boards}副{segments}节", f"Teams match, {boards} boards in {segments} segment(s)",
                    Kind.TEAMS, sets, tuple(seatings),
                    note=("开室主队坐南北，闭室客队坐南北；两室打同样的牌，每节中途交换。",
                          "Open room: home team North-South; closed room: visitors North-South; both rooms "
                          "play the same boards, exchanged during each segment."))


def round_robin(teams: int, *, boards_per_round: int) -> Movement:
    """Every team meets every other once (the circle: team ``n`` stays, the others turn), one round
    a match; with an odd number of teams one team has a bye each round. Round ``r`` plays set ``r``
    at every match (each match its own copy of the boards)."""
    _whole("teams", teams, 2, MAX_TEAMS)
    n = teams + teams % 2
    bye = n if teams % 2 else None
    sets = board_sets(n - 1, boards_per_round)
    seatings: list[Seating] = []
    at_home = dict.fromkeys(range(1, n + 1), 0)
    for r in range(n - 1):
        pairs = [(n, r + 1)] + [((r + i) % (n - 1) + 1, (r - i) % (n - 1) + 1) for i in range(1, n // 2)]
        for table, (a, b) in enumerate(pairs, start=1):
            # the team that has been at home less often is at home (so each is at home about half the time)
            home, visit = (a, b) if (at_home[a], a) <= (at_home[b], b) else (b, a)
            if bye not in (home, visit):
                at_home[home] += 1
            seatings.extend(_match(r + 1, table, home, visit, r + 1))
    name = f"队式循环赛 {teams}队{n - 1}轮"
    name_en = f"Round robin of {teams} teams, {n - 1} rounds"
    note = ("每队与其他每队各赛一场；每轮所有场次打同样的牌（每场一套）。" + ("队数为奇数：每轮一队轮空。" if bye else ""),
            "Every team meets every other once; every match of a round plays the same boards (a copy for each "
            "match)." + (" An odd number of teams: one team has a bye each round." if bye else ""))
    return Movement(name, name_en, Kind.ROUND_ROBIN, sets, tuple(seatings), phantom=bye, duplicated=True, note=note)


def swiss_draw(ranking: Sequence[T], met: Iterable[frozenset[T]] = (), had_bye: Iterable[T] = ()
               ) -> list[tuple[T, T]] | list[tuple[T, T | None]]:
    """The next round of a Swiss: down the ranking, each team not yet drawn meets the highest-ranked
    team it has not met (``met``: the pairs that have played; a rematch only when no draw avoids
    one), the draw going back a step where a later team would be left without an opponent. With an
    odd number of teams the lowest-ranked team that has not had a bye (``had_bye``) gets it: its
    pair is ``(team, None)``. The first team of each pair is the higher-ranked (the home team)."""
    teams = list(ranking)
    if len(set(teams)) != len(teams):
        twice = next(t for t in teams if teams.count(t) > 1)
        raise MovementError(f"team {twice!r} is in the ranking twice: expected each team once")
    if len(teams) < 2:
        raise MovementError("a Swiss draw needs at least two teams")
    played = {frozenset(m) for m in met}
    bye: T | None = None
    if len(teams) % 2:
        before = set(had_bye)
        bye = next((t for t in reversed(teams) if t not in before), teams[-1])
        teams.remove(bye)
    for rematches in (False, True):
        drawn = _draw(teams, played, rematches)
        if drawn is not None:
            out: list[tuple[T, T | None]] = list(drawn)
            if bye is not None:
                out.append((bye, None))
            return out
    raise AssertionError("a draw with rematches always exists")  # pragma: no cover


def _draw(teams: list[T], played: set[frozenset[T]], rematches: bool) -> list[tuple[T, T]] | None:
    if not teams:
        return []
    first, rest = teams[0], teams[1:]
    for i, other in enumerate(rest):
        if not rematches and frozenset((first, other)) in played:
            continue
        tail = _draw(rest[:i] + rest[i + 1:], played, rematches)
        if tail is not None:
            return [(first, other)] + tail
    return None


def swiss_movement(draws: Sequence[Sequence[tuple[int, int | None]]], *, boards_per_round: int) -> Movement:
    """The movement of a Swiss's rounds so far: round ``r`` plays set ``r`` at every match, in the
    order of its draw (table 1: the top match); a bye is a match against the phantom team."""
    if not draws:
        raise MovementError("a Swiss movement needs at least one round's draw")
    teams = {t for draw in draws for pair in draw for t in pair if t is not None}
    phantom = max(teams) + 1 if any(b is None for draw in draws for _, b in draw) else None
    seatings: list[Seating] = []
    for r, draw in enumerate(draws, start=1):
        for table, (home, visit) in enumerate(draw, start=1):
            seatings.extend(_match(r, table, home, phantom if visit is None else visit, r))  # type: ignore[arg-type]
    sets = board_sets(len(draws), boards_per_round)
    return Movement(f"瑞士制队式赛 {len(teams)}队{len(draws)}轮", f"Swiss teams, {len(teams)} teams, {len(draws)} rounds",
                    Kind.SWISS, sets, tuple(seatings), phantom=phantom, duplicated=True,
                    note=("每轮按当时的排名配对：名次相近而未曾相遇的两队相赛；每轮所有场次打同样的牌。",
                          "Each round is drawn from the ranking so far: teams close in the ranking that have not "
                          "met play each other; every match of a round plays the same boards."))
