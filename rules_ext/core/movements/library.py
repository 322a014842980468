"""The library of Howell movements: ``library/howells.toml`` (package data), the complete Howells
of 3-7 tables and the ¾ Howells of 5-10 tables, each a cyclic Howell
(:class:`rules_ext.core.movements.howell_search.Cyclic`) read, built into a :class:`Movement` and
checked before it is offered, so that a defect of the file is the package's, found before any
paper is printed. The file was found by :mod:`rules_ext.core.movements.howell_search`; how a
cyclic Howell moves: :func:`cyclic_howell`.
"""
from __future__ import annotations

import functools

from rules_ext.core.movements.howell_search import Cyclic
from rules_ext.core.movements.model import Kind, Movement, MovementError, Rest, Seating
from rules_ext.core.movements.pairs import board_sets
from rules_ext.fileio import package_path, read_toml

LIBRARY_FILE = package_path(__package__, "library", "howells.toml")


class LibraryError(MovementError):
    """The library file is not what it must be (a defect of the package, not of the user's input)."""


def cyclic_howell(c: Cyclic, boards_per_round: int = 1, phantom: bool = False) -> Movement:
    """The movement of a cyclic Howell of ``T`` tables and ``R`` rounds: pairs 1 to ``2T - 1`` move
    round the seats of the circuit (pair ``k`` starts at seat ``k``), pair ``2T`` stays at table 1;
    board set ``(place + round - 1) mod R + 1`` is at each place of the boards' circuit, so after each
    round the boards go one place back (to the table, or the relay stand, before them on the
    circuit). A complete Howell (``R = 2T - 1``): every pair meets every other once and plays every
    board; a ¾ Howell plays fewer rounds and every pair still plays every board in play. With an odd
    number of pairs (``phantom``), pair ``2T`` is missing: table 1 is the sit-out table, where the
    moving pairs sit out in turn."""
    tables, rounds = c.tables, c.rounds
    p = len(c.seats)
    pairs = 2 * tables
    sets = board_sets(rounds, boards_per_round)
    seatings: list[Seating] = []
    rests: list[Rest] = []
    # the relay stands: the places of the boards' circuit that no table holds, each after the table
    # whose place is the nearest before it on the circuit (boards go back one place each round)
    table_at: dict[int, int] = {}
    for t, place in enumerate(c.places, start=1):
        table_at.setdefault(place, t)
    for r in range(1, rounds + 1):
        if c.free:
            for t, (ns, ew, number) in enumerate(c.free[r - 1], start=1):
                seatings.append(Seating(r, t, ns, ew, number))
            in_play = {n for _, _, n in c.free[r - 1]}
            rests.extend(Rest(r, n) for n in range(1, rounds + 1) if n not in in_play)
            continue
        at: dict[int, dict[bool, int]] = {}
        for k in range(1, p + 1):
            table, is_ns = c.seats[(k - 1 + r - 1) % p]
            at.setdefault(table, {})[is_ns] = k
        for j, (table, is_ns) in enumerate(c.stationary, start=1):
            at.setdefault(table, {})[is_ns] = p + j
        for t in range(1, tables + 1):
            number = (c.places[t - 1] + r - 1) % rounds + 1
            seatings.append(Seating(r, t, at[t].get(True), at[t].get(False), number))
        for place in range(rounds):
            if place not in table_at:
                after = next(table_at[q] for q in ((place - d) % rounds for d in range(1, rounds + 1)) if q in table_at)
                rests.append(Rest(r, (place + r - 1) % rounds + 1, after))
    complete = rounds == pairs - 1
    shared = len(c.places) - len(set(c.places)) if not c.free else 1
    name = f"豪厄尔 {tables}桌{rounds}轮" + ("" if complete else "（¾豪厄尔）")
    name_en = f"{'Complete' if complete else '¾'} Howell, {tables} tables, {rounds} rounds"
    fixed = [p + j for j in range(1, len(c.stationary) + 1)] if not c.free else [pairs]
    fixed_tables = [t for t, _ in c.stationary] if not c.free else [1]
    staying = [(x, t) for x, t in zip(fixed, fixed_tables) if not (phantom and x == fixed[0])]
    stays_zh = "、".join(f"第{x}对坐第{t}桌" for x, t in staying)
    stays_en = ", ".join(f"pair {x} at table {t}" for x, t in staying)
    zh = [(f"{stays_zh}固定不动，其余" if staying else "") + "各对每轮按移动卡换座；牌每轮按移动卡传到下一桌或休息台。"]
    en = [(f"{stays_en[0].upper()}{stays_en[1:]} stay{'s' if len(staying) == 1 else ''}; the other pairs follow "
           if staying else "The pairs follow ") + "the guide cards each round; the boards go to the next table or "
          "relay stand on the guide card."]
    if complete:
        zh.append("每对与其他每对相遇一次，打全部的牌。")
        en.append("Every pair meets every other pair once and plays every board.")
    else:
        zh.append("每对打全部在用的牌，但不与所有对相遇。")
        en.append("Every pair plays every board in play, but does not meet every pair.")
    if shared:
        zh.append("两桌同打一组牌时轮流传递（每组至少两副）。")
        en.append("Where two tables share a set they pass the boards between them (at least two boards a set).")
    missing = fixed[0]
    if phantom:
        zh.append(f"共{pairs - 1}对：第{fixed_tables[0]}桌为轮空桌，移到那里的一对本轮休息。")
        en.append(f"{pairs - 1} pairs: table {fixed_tables[0]} is the sit-out table; the pair that comes to it sits out.")
    return Movement(name, name_en, Kind.HOWELL, sets, tuple(seatings), tuple(rests),
                    phantom=missing if phantom else None, note=("".join(zh), " ".join(en)))


def least_boards(c: Cyclic) -> int:
    """The fewest boards a set needs: as many as the tables that share it in one round (1 when none do)."""
    rows = c.free or tuple(tuple((0, 0, (place + r) % c.rounds) for place in c.places) for r in range(c.rounds))
    return max(max(sum(1 for _, _, n in row if n == m) for m in {n for _, _, n in row}) for row in rows)


@functools.cache
def _library() -> dict[tuple[int, int], Cyclic]:
    """The library file read; every entry checked (a defect is a :class:`LibraryError`)."""
    doc = read_toml(LIBRARY_FILE, error=LibraryError)
    found: dict[tuple[int, int], Cyclic] = {}
    for i, entry in enumerate(doc.data.get("howell", []), start=1):
        where = doc.where(f"howell[{i}]")
        try:
            tables, rounds = int(entry["tables"]), int(entry["rounds"])
            side = {"NS": True, "EW": False}
            if "rounds_in_full" in entry:
                free = tuple(tuple((int(a), int(b), int(n)) for a, b, n in r) for r in entry["rounds_in_full"])
                c = Cyclic(tables, rounds, (), (), (), free)
            else:
                seats = tuple((int(t), side[d]) for t, d in entry["seats"])
                stationary = tuple((int(t), side[d]) for t, d in entry["stationary"])
                places = tuple(int(x) for x in entry["places"])
                c = Cyclic(tables, rounds, seats, stationary, places)
                if len(seats) + len(stationary) != 2 * tables or len(places) != tables:
                    raise LibraryError(f"{where}: {len(seats)} seats, {len(stationary)} stationary pairs and "
                                       f"{len(places)} places: expected {2 * tables} pairs and {tables} places")
        except (KeyError, TypeError, ValueError) as exc:
            raise LibraryError(f"{where}: cannot read the Howell: {exc}") from exc
        problems = cyclic_howell(c, least_boards(c)).problems()
        if problems:
            raise LibraryError(f"{where}: {problems[0].en}")
        found[(tables, rounds)] = c
    return found


def available() -> dict[tuple[int, int], Cyclic]:
    """The Howells of the library by (tables, rounds).

    >>> sorted(available())[:5]
    [(3, 5), (4, 7), (5, 7), (5, 9), (6, 8)]
    """
    return dict(_library())


def howell(tables: int, *, boards_per_round: int, rounds: int | None = None, phantom: bool = False) -> Movement:
    """The library's Howell of ``tables`` tables and ``rounds`` rounds (the complete one when not
    given); a :class:`MovementError` names the sizes there are.

    >>> m = howell(4, boards_per_round=3)
    >>> m.rounds, len(m.sets), m.participants
    (7, 7, (1, 2, 3, 4, 5, 6, 7, 8))
    """
    library = _library()
    if rounds is None:
        rounds = 2 * tables - 1
    c = library.get((tables, rounds))
    if c is None:
        sizes = ", ".join(f"{t} tables {r} rounds" for t, r in sorted(library))
        raise MovementError(f"no Howell of {tables} tables and {rounds} rounds in the library: expected one of {sizes}")
    need = least_boards(c)
    if boards_per_round < need:
        raise MovementError(f"the Howell of {tables} tables and {rounds} rounds shares a set between {need} tables: "
                            f"expected at least {need} boards a round")
    return cyclic_howell(c, boards_per_round, phantom).checked()
