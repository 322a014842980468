"""The search that found the Howells of the library (``library/howells.toml``): kept so that the
library can be checked and made again, ``python -m rules_ext.core.movements.howell_search`` finds
them again and rewrites the file.

A Howell is searched in the form the printed guide cards run it, the *cyclic* Howell
(:class:`Cyclic`); :func:`valid` says when one is playable, :func:`free_three` why the 3-table
Howell is not cyclic, :func:`best_directions` how each table's directions are chosen. Everything
here is deterministic: the same run finds the same movements.
"""
from __future__ import annotations

import itertools
import random
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

#: the tables and rounds searched: the complete Howells of 3 to 7 tables, and the ¾ Howells in use
#: (about three quarters of the complete Howell's rounds, 24 to 30 boards in play)
SIZES: tuple[tuple[int, int], ...] = (
    (3, 5), (4, 7), (5, 9), (6, 11), (7, 13),
    (5, 7), (6, 8), (6, 9), (7, 9), (7, 10), (8, 11), (8, 12), (9, 13), (10, 13), (10, 14),
)


@dataclass(frozen=True, slots=True)
class Cyclic:
    """A cyclic Howell of ``T`` = ``tables`` tables and ``R`` = ``rounds`` rounds, built the way the
    printed guide cards run it: ``P = 2T - 1`` moving pairs go round a circuit of ``P`` seats (each
    round every pair moves to the next seat), the last pair stays at table 1; the boards go round a
    circuit of ``R`` places (tables and relay stands), one place each round. So a movement is its
    seats (which table and direction each seat of the circuit is), the stationary pair's seat, and
    the place of each table on the boards' circuit.

    ``seats[i]`` the (table, is_ns) of seat ``i`` of the pairs' circuit (moving pair ``k`` starts at
    seat ``k - 1``; each round it goes to the next seat, the last seat to the first), ``stationary[j]``
    the (table, is_ns) of stationary pair ``len(seats) + j + 1`` (table 1 holds the first; more are
    *appendix* tables, a ¾ Howell's),
    ``places[t - 1]`` the place of table ``t`` on the boards' circuit of ``rounds`` places (set
    ``(place + round - 1) % rounds + 1`` is there in a round; two tables at one place share it);
    ``free``: the schedule is not cyclic (the 3-table Howell): ``sets[r][t - 1]`` and
    ``pairs[r][t - 1]`` (NS, EW) give each round in full."""

    tables: int
    rounds: int
    seats: tuple[tuple[int, bool], ...]
    stationary: tuple[tuple[int, bool], ...]
    places: tuple[int, ...]
    free: tuple[tuple[tuple[int, int, int], ...], ...] = ()


class _Search:
    """Backtracking over the tables: each table's seats on the pairs' circuit and its place on the
    boards' circuit, every step checked (no two pairs meet twice, no pair meets a set twice)."""

    def __init__(self, tables: int, rounds: int, stationary: int, share: bool, deadline: float,
                 order: random.Random | None = None, nodes: int = 0) -> None:
        self.t, self.r, self.s, self.share, self.deadline = tables, rounds, stationary, share, deadline
        self.order = order  # the options of each step shuffled (a restart of the search), else in order
        self.nodes = nodes  # give up after this many steps (0: never)
        self.steps = 0
        self.p = 2 * tables - stationary
        self.met: set[tuple[int, int]] = set()
        self.played: list[set[int]] = [set() for _ in range(self.p + stationary)]
        self.used_seats: set[int] = set()
        self.table_seats: list[tuple[int, ...]] = []
        self.places: list[int] = []

    def _occupy(self, table: int, seats: tuple[int, ...], place: int) -> list[tuple[str, object]] | None:
        """Mark what table ``table`` (0-based) at ``seats`` and ``place`` plays; None on a conflict
        (nothing left marked)."""
        done: list[tuple[str, object]] = []
        ok = True
        for r in range(self.r):
            number = (place + r) % self.r
            who = [(x - r) % self.p for x in seats]
            if len(seats) == 1:
                who.append(self.p + table)  # the stationary pair of a half table
            a, b = who
            key = (min(a, b), max(a, b))
            if key in self.met:
                ok = False
                break
            self.met.add(key)
            done.append(("met", key))
            for x in who:
                if number in self.played[x]:
                    ok = False
                    break
                self.played[x].add(number)
                done.append(("played", (x, number)))
            if not ok:
                break
        if not ok:
            self._undo(done)
            return None
        return done

    def _undo(self, done: list[tuple[str, object]]) -> None:
        for kind, value in reversed(done):
            pair: tuple[int, int] = value  # type: ignore[assignment]
            if kind == "met":
                self.met.discard(pair)
            else:
                self.played[pair[0]].discard(pair[1])

    def run(self) -> Iterator[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]]:
        """Every answer found before the deadline, in the order of the search."""
        return self._table(0)

    def _table(self, j: int) -> Iterator[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]]:
        self.steps += 1
        if time.monotonic() > self.deadline or (self.nodes and self.steps > self.nodes):
            return
        if j == self.t:
            yield tuple(self.table_seats), tuple(self.places)
            return
        free = [x for x in range(self.p) if x not in self.used_seats]
        options: list[tuple[int, ...]]
        if j < self.s:
            options = [(x,) for x in ([0] if j == 0 else free)]
        else:
            first = free[0]  # the lowest free seat goes to this table: no order of tables searched twice
            options = [(first, y) for y in free[1:]]
        taken = set(self.places)
        places = [0] if j == 0 else list(range(self.r))
        if self.order is not None:
            self.order.shuffle(options)
            self.order.shuffle(places)
        for seats in options:
            for place in places:
                if place in taken and (not self.share or self.places.count(place) > 1):
                    continue  # two tables at most share a set
                done = self._occupy(j, seats, place)
                if done is None:
                    continue
                self.used_seats.update(seats)
                self.table_seats.append(seats)
                self.places.append(place)
                yield from self._table(j + 1)
                self.places.pop()
                self.table_seats.pop()
                self.used_seats.difference_update(seats)
                self._undo(done)


def shared_count(places: Sequence[int]) -> int:
    return len(places) - len(set(places))


def cyclic_of(tables: int, rounds: int, table_seats: Sequence[tuple[int, ...]], places: Sequence[int],
              directions: Sequence[bool]) -> Cyclic:
    """The cyclic Howell of a search's answer; ``directions[j]``: table ``j + 1``'s first seat is NS
    (a half table's circuit seat; its stationary pair the other way)."""
    stationary_count = sum(1 for s in table_seats if len(s) == 1)
    p = 2 * tables - stationary_count
    seats: list[tuple[int, bool]] = [(0, False)] * p
    stationary: list[tuple[int, bool]] = []
    for j, (chosen, first_ns) in enumerate(zip(table_seats, directions), start=1):
        seats[chosen[0]] = (j, first_ns)
        if len(chosen) == 2:
            seats[chosen[1]] = (j, not first_ns)
        else:
            stationary.append((j, not first_ns))
    return Cyclic(tables, rounds, tuple(seats), tuple(stationary), tuple(places))


def free_three() -> Cyclic:
    """The 3-table Howell. A complete Howell (``R = P``) without shared boards is a cyclic Room
    square: none exists for 3 tables, so the 3-table Howell lets two tables share a set (they pass
    the boards within the round). No cyclic one exists (not even with shared boards), so the round
    robin of six pairs (the circle: pair 6 fixed at table 1, the others turning) gets its sets by a search:
    the fewest tables sharing a set, the matches of each round placed at the tables so that no table
    gets the same boards twice, then the directions that balance the comparisons best (every match
    either way round; the lowest standard deviation)."""
    from rules_ext.core.movements.balance import balance
    from rules_ext.core.movements.library import cyclic_howell

    rounds = [[(6, r + 1)] + [((r + i) % 5 + 1, (r - i) % 5 + 1) for i in (1, 2)] for r in range(5)]
    answers: list[tuple[int, ...]] = []
    chosen: list[int] = []
    played: dict[int, set[int]] = {p: set() for p in range(1, 7)}
    matches = [(r, a, b) for r, ms in enumerate(rounds) for a, b in ms]

    def go(i: int, shared: int) -> None:
        if shared > 2:
            return
        if i == len(matches):
            answers.append(tuple(chosen))
            return
        r, a, b = matches[i]
        here = [chosen[k] for k in range(i) if matches[k][0] == r]
        for number in range(5):
            if number in played[a] or number in played[b]:
                continue
            played[a].add(number)
            played[b].add(number)
            chosen.append(number)
            go(i + 1, shared + (number in here))
            chosen.pop()
            played[a].discard(number)
            played[b].discard(number)

    go(0, 0)
    best: tuple[float, Cyclic] | None = None
    for answer in answers:
        sets = [answer[3 * r:3 * r + 3] for r in range(5)]
        # place the two moving matches of each round at tables 2 and 3 (either way): no table twice
        for swaps in itertools.product((False, True), repeat=5):
            placed = []
            for r in range(5):
                order = [0, 2, 1] if swaps[r] else [0, 1, 2]
                placed.append([(rounds[r][k], sets[r][k]) for k in order])
            at_table = [[placed[r][t][1] for r in range(5)] for t in range(3)]
            if any(len(set(x)) < 5 for x in at_table):
                continue
            for flips in itertools.product((False, True), repeat=10):
                free = []
                for r in range(5):
                    row = []
                    for t, ((a, b), number) in enumerate(placed[r]):
                        if t and flips[2 * r + t - 1]:
                            a, b = b, a
                        row.append((a, b, number + 1))
                    free.append(tuple(row))
                c = Cyclic(3, 5, (), (), (), tuple(free))
                movement = cyclic_howell(c, 3)
                if movement.problems():
                    continue
                sd = balance(movement).sd
                if best is None or sd < best[0] - 1e-9:
                    best = (sd, c)
        if best is not None and len(answers) > 50:
            break
    assert best is not None
    return best[1]


def _stationary_index(table_seats: Sequence[tuple[int, ...]], p: int) -> dict[int, int]:
    """The stationary pair of each half table (0-based table -> pair index ``p``, ``p + 1`` ... in
    table order)."""
    halves = [t for t, chosen in enumerate(table_seats) if len(chosen) == 1]
    return {t: p + i for i, t in enumerate(halves)}


def valid(tables: int, rounds: int, table_seats: Sequence[tuple[int, ...]], places: Sequence[int]) -> bool:
    """Whether a cyclic Howell is playable: no two pairs meet twice, no pair meets a set twice, no
    place holds more than one table (no shared boards). So every two seats of one table differ by a
    different step round the circuit (a *starter* of the numbers modulo ``P``), and every pair meets
    a different set in each of the ``R`` rounds."""
    if len(set(places)) != len(places):
        return False
    p = 2 * tables - sum(1 for x in table_seats if len(x) == 1)
    fixed = _stationary_index(table_seats, p)
    met: set[tuple[int, int]] = set()
    played: set[tuple[int, int]] = set()
    for t, (chosen, place) in enumerate(zip(table_seats, places)):
        for r in range(rounds):
            a = (chosen[0] - r) % p
            b = (chosen[1] - r) % p if len(chosen) == 2 else fixed[t]
            key = (min(a, b), max(a, b))
            number = (place + r) % rounds
            if key in met or (a, number) in played or (b, number) in played:
                return False
            met.add(key)
            played.add((a, number))
            played.add((b, number))
    return True


def best_directions(tables: int, rounds: int, table_seats: Sequence[tuple[int, ...]],
                    places: Sequence[int]) -> tuple[float, tuple[bool, ...]]:
    """The directions of the tables (``True``: a table's first seat is North-South) that give the
    lowest standard deviation of the competition (Manning's measure, as
    :mod:`rules_ext.core.movements.balance` computes it), with that deviation. Table 1's direction is
    fixed (turning every table round gives the same balance); every other choice is tried. The
    direction of a table's two seats does not change who plays what, only who is compared with whom:
    the search keeps the directions that balance the comparisons best."""
    stationary_count = sum(1 for x in table_seats if len(x) == 1)
    p = 2 * tables - stationary_count
    # per set: the tables playing it, each with (pair at its first seat, pair at its second seat)
    by_set: dict[int, list[tuple[int, int, int]]] = {}
    fixed = _stationary_index(table_seats, p)
    for r in range(rounds):
        for t, (chosen, place) in enumerate(zip(table_seats, places)):
            first = (chosen[0] - r) % p
            second = (chosen[1] - r) % p if len(chosen) == 2 else fixed[t]
            by_set.setdefault((place + r) % rounds, []).append((t, first, second))
    n = 2 * tables
    base = [[0] * n for _ in range(n)]
    terms: list[tuple[int, int, int, int, int]] = []  # (a, b, t1, t2, sign when t1 and t2 point the same way)
    for plays in by_set.values():
        k = len(plays)
        for _, x, y in plays:
            base[min(x, y)][max(x, y)] += k - 1
        for i in range(k):
            for j in range(i + 1, k):
                t1, x1, y1 = plays[i]
                t2, x2, y2 = plays[j]
                for a, b, sign in ((x1, x2, 1), (y1, y2, 1), (x1, y2, -1), (y1, x2, -1)):
                    terms.append((min(a, b), max(a, b), t1, t2, sign))
    count = n * (n - 1) // 2
    best: tuple[float, tuple[bool, ...]] | None = None
    for rest in itertools.product((True, False), repeat=tables - 1):
        directions = (True, *rest)
        values = [row[:] for row in base]
        for a, b, t1, t2, sign in terms:
            values[a][b] += sign if directions[t1] == directions[t2] else -sign
        flat = [values[a][b] for a in range(n) for b in range(a + 1, n)]
        mean = sum(flat) / count
        sd = (sum((v - mean) ** 2 for v in flat) / count) ** 0.5
        if best is None or sd < best[0] - 1e-9:
            best = (sd, directions)
    assert best is not None
    return best


def _answers(tables: int, rounds: int, stationary: int, share: bool, deadline: float
             ) -> Iterator[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]]:
    """The answers of the search in order; when it finds none within a few thousand steps, of
    restarts with the options shuffled (by a fixed seed per restart: the same run finds the same)."""
    first = _Search(tables, rounds, stationary, share, deadline, nodes=20000)
    found = False
    for answer in first.run():
        found = True
        yield answer
    if found or time.monotonic() > deadline:
        return
    seen: set[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]] = set()
    restart = 0
    while time.monotonic() < deadline:
        restart += 1
        search = _Search(tables, rounds, stationary, share, deadline, random.Random(restart), nodes=4000)
        for answer in search.run():
            if answer not in seen:
                seen.add(answer)
                yield answer


def search(tables: int, rounds: int, *, budget: float = 40.0, answers: int = 200) -> Cyclic | None:
    """The best-balanced cyclic Howell of ``tables`` and ``rounds`` the search finds within ``budget``
    seconds: the fewest stationary pairs, then no shared boards, then, of the first ``answers`` ways to
    seat the tables, the one whose best directions (:func:`best_directions`) give the lowest standard
    deviation of the comparisons."""
    if (tables, rounds) == (3, 5):
        return free_three()
    start = time.monotonic()
    for share in (False, True):
        # as many moving pairs as rounds first (the pairs' and the boards' circuits of one length: a
        # ¾ Howell's usual form), then fewer stationary pairs; never a circuit shorter than the rounds
        # (a moving pair would come back to a seat and meet a stationary pair twice)
        most = 2 * tables - rounds
        for stationary in ([most] if most >= 1 else []) + list(range(1, most)):
            best: tuple[float, Cyclic] | None = None
            share_budget = start + budget * (0.5 if not share else 1.0)
            for i, (seats, places) in enumerate(_answers(tables, rounds, stationary, share, share_budget)):
                sd, directions = best_directions(tables, rounds, seats, places)
                if best is None or sd < best[0] - 1e-9:
                    best = (sd, cyclic_of(tables, rounds, seats, places, directions))
                if i + 1 >= answers or sd < 1e-9:
                    break
            if best is not None:
                return best[1]
    return None


def toml_of(found: Sequence[Cyclic]) -> str:
    """The library file's text."""
    lines = ["# The Howells of the library, found by rules_ext/core/movements/howell_search.py (run it to",
             "# rewrite this file). Each is a cyclic Howell: the pairs' circuit of seats (moving pair k",
             "# starts at seat k; every round each goes to the next seat, the last seat to the first), the",
             "# stationary pairs' seats (numbered after the moving pairs), and each table's place on the",
             "# boards' circuit (round r: set (place + r - 1) mod rounds + 1 is there). A seat is",
             "# [table, \"NS\" or \"EW\"]. A Howell that is not cyclic lists its rounds in full:",
             "# [NS pair, EW pair, set] for each table.",
             ""]
    for c in found:
        lines.append("[[howell]]")
        lines.append(f"tables = {c.tables}")
        lines.append(f"rounds = {c.rounds}")
        if c.free:
            lines.append("rounds_in_full = [")
            for r in c.free:
                lines.append("  [" + ", ".join(f"[{a}, {b}, {n}]" for a, b, n in r) + "],")
            lines.append("]")
        else:
            lines.append("seats = [" + ", ".join(f'[{t}, "{"NS" if ns else "EW"}"]' for t, ns in c.seats) + "]")
            lines.append("stationary = [" + ", ".join(f'[{t}, "{"NS" if ns else "EW"}"]' for t, ns in c.stationary)
                         + "]")
            lines.append("places = [" + ", ".join(map(str, c.places)) + "]")
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    from rules_ext.core.movements.balance import balance
    from rules_ext.core.movements.library import LIBRARY_FILE, cyclic_howell
    from rules_ext.fileio import write_text_atomic

    args = sys.argv[1:] if argv is None else argv
    target = Path(args[0]) if args else LIBRARY_FILE
    found = []
    for tables, rounds in SIZES:
        began = time.monotonic()
        c = search(tables, rounds)
        if c is None:
            print(f"{tables} tables, {rounds} rounds: none found", file=sys.stderr)
            continue
        b = balance(cyclic_howell(c, 2))
        print(f"{tables} tables, {rounds} rounds: {len(c.stationary)} stationary, shared {shared_count(c.places)}, "
              f"sd {b.sd:.4f}, mean {b.mean:.3f} ({time.monotonic() - began:.1f} s)", file=sys.stderr)
        found.append(c)
    write_text_atomic(target, toml_of(found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
