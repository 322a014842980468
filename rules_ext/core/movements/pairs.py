"""Pairs movements built from their rules, so that any number of tables gets a movement that is
checked rather than copied from a card: the Mitchell (:func:`mitchell`: any number of tables; the
skip or the share and relay for an even number; arrow-switch rounds, :func:`arrow_switched`), the
two-section Mitchell (:func:`two_section_mitchell`), and the Howells of the library
(:mod:`rules_ext.core.movements.library`).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules_ext.core.movements.model import Kind, Movement, MovementError, Rest, Seating

#: the most tables a movement is built for (a larger number is a typing mistake)
MAX_TABLES = 60


def board_sets(count: int, boards_per_round: int, first_board: int = 1) -> tuple[tuple[int, ...], ...]:
    """``count`` sets of ``boards_per_round`` consecutive boards from ``first_board``.

    >>> board_sets(3, 2)
    ((1, 2), (3, 4), (5, 6))
    """
    _whole("boards per round", boards_per_round, 1, 12)
    return tuple(tuple(range(first_board + i * boards_per_round, first_board + (i + 1) * boards_per_round))
                 for i in range(count))


def _whole(what: str, value: object, least: int, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise MovementError(f"{what} {value!r}: expected a whole number from {least} to {most}")
    return value


def mitchell(tables: int, *, boards_per_round: int, rounds: int | None = None, relay: bool = False,
             arrow_switch: Iterable[int] = (), phantom: bool = False, first_board: int = 1,
             section: str = "", first_pair: int = 1) -> Movement:
    """A Mitchell of ``T`` = ``tables`` tables. North-South pair ``t`` stays at table ``t``;
    East-West pair ``T + t`` starts at table ``t`` and moves up one table each round (from the last
    table to table 1); the boards move down one table. With an even number of tables East-West
    would meet the boards they have played halfway round the room, so either

    * they *skip* a table before round ``T/2 + 1`` (at most ``T - 1`` rounds), or
    * tables 1 and ``T`` *share* a set and a *relay* (bye stand) between tables ``T/2`` and
      ``T/2 + 1`` holds the set no one plays (``T`` rounds: the boards go from table ``T/2 + 1`` to
      the stand and from the stand to table ``T/2``).

    ``rounds``: all there can be when not given (``T``, or ``T - 1`` with the skip); ``relay``: share
    and relay instead of the skip (an even number of tables); ``arrow_switch``: the rounds played
    with the arrows switched (the East-West pairs seated North-South: a one-winner Mitchell);
    ``phantom``: one pair short, the North-South pair of the last table (the East-West pair that
    comes to that table sits out that round).

    >>> m = mitchell(4, boards_per_round=4)
    >>> m.rounds, [s.ew for s in m.round(3)]
    (3, [6, 7, 8, 5])
    >>> r = mitchell(4, boards_per_round=3, relay=True)
    >>> r.rounds, [(s.table, s.set) for s in r.round(1)], [(x.set, x.after) for x in r.rests_in(1)]
    (4, [(1, 1), (2, 2), (3, 4), (4, 1)], [(3, 2)])
    """
    _whole("tables", tables, 2, MAX_TABLES)
    even = tables % 2 == 0
    if relay and not even:
        raise MovementError(f"a Mitchell of {tables} tables needs no relay: expected an even number of tables "
                            "for share and relay")
    most = tables if (not even or relay) else tables - 1
    rounds = most if rounds is None else _whole("rounds", rounds, 1, most)
    switched = set(arrow_switch)
    for r in switched:
        _whole("arrow-switch round", r, 1, rounds)
    sets = board_sets(tables, boards_per_round, first_board)
    ns_of = {t: first_pair + t - 1 for t in range(1, tables + 1)}
    ew_of = {t: first_pair + tables + t - 1 for t in range(1, tables + 1)}
    seatings: list[Seating] = []
    rests: list[Rest] = []
    half = tables // 2
    # the board circuit of share and relay: tables 1..T/2, the stand, T/2+1..T-1 (T shares with 1)
    circuit: list[int | None] = list(range(1, half + 1)) + [None] + list(range(half + 1, tables))
    for r in range(1, rounds + 1):
        skip = 1 if even and not relay and r > half else 0
        for t in range(1, tables + 1):
            e = (t - 1 - (r - 1) - skip) % tables + 1  # the EW pair that started at table e
            if relay:
                position = circuit.index(t) if t != tables else 0
                number = (position + r - 1) % tables + 1
            else:
                number = (t - 1 + r - 1) % tables + 1
            ns, ew = ns_of[t], ew_of[e]
            flip = r in switched
            seatings.append(Seating(r, t, ew if flip else ns, ns if flip else ew, number, section, switched=flip))
        if relay:
            stand = circuit.index(None)
            rests.append(Rest(r, (stand + r - 1) % tables + 1, half, section))
    how = ("共用牌组与休息台" if relay else f"东西第{half + 1}轮前跳一桌") if even else ""
    how_en = ("share and relay" if relay else f"EW skip a table before round {half + 1}") if even else ""
    switch_zh = f"，第{'、'.join(map(str, sorted(switched)))}轮方向互换" if switched else ""
    switch_en = f", arrows switched in round {', '.join(map(str, sorted(switched)))}" if switched else ""
    name = f"米切尔 {tables}桌{rounds}轮" + (f"（{how}）" if how else "") + switch_zh
    name_en = f"Mitchell, {tables} tables, {rounds} rounds" + (f" ({how_en})" if how_en else "") + switch_en
    note = _mitchell_note(tables, even, relay, switched)
    return Movement(name, name_en, Kind.MITCHELL, sets, tuple(seatings), tuple(rests),
                    phantom=ns_of[tables] if phantom else None, winners=1 if switched else 2, note=note)


def _mitchell_note(tables: int, even: bool, relay: bool, switched: set[int]) -> tuple[str, str]:
    zh = ["南北对固定不动，东西对每轮向上一桌（最后一桌到第1桌），牌每轮向下一桌。"]
    en = ["North-South pairs stay; East-West pairs move up one table each round (the last table to table 1); "
          "the boards move down one table."]
    if even and relay:
        zh.append(f"第1桌与第{tables}桌共用一组牌（轮流打）；第{tables // 2}桌与第{tables // 2 + 1}桌之间设休息台，"
                  f"牌从第{tables // 2 + 1}桌放到休息台，再从休息台到第{tables // 2}桌。")
        en.append(f"Tables 1 and {tables} share a set; a relay stand between tables {tables // 2} and "
                  f"{tables // 2 + 1}: boards go from table {tables // 2 + 1} to the stand, from the stand to "
                  f"table {tables // 2}.")
    elif even:
        zh.append(f"第{tables // 2}轮结束后东西对跳过一桌（向上两桌）。")
        en.append(f"After round {tables // 2} the East-West pairs skip a table (move up two).")
    if switched:
        zh.append(f"第{'、'.join(map(str, sorted(switched)))}轮方向互换：东西对坐南北，打南北的牌。")
        en.append(f"Arrow switch in round {', '.join(map(str, sorted(switched)))}: the East-West pairs sit "
                  "North-South.")
    return "".join(zh), " ".join(en)


def arrow_switched(movement: Movement, rounds: Sequence[int]) -> Movement:
    """``movement`` with the arrows switched in ``rounds`` (every table: the pairs swap directions)."""
    for r in rounds:
        _whole("arrow-switch round", r, 1, movement.rounds)
    flip = set(rounds)
    seatings = tuple(Seating(s.round, s.table, s.ew, s.ns, s.set, s.section, s.room, not s.switched)
                     if s.round in flip else s for s in movement.seatings)
    return Movement(movement.name, movement.name_en, movement.kind, movement.sets, seatings, movement.rests,
                    movement.phantom, movement.duplicated, 1, movement.note, movement.names)


def two_section_mitchell(tables: int, *, boards_per_round: int, rounds: int | None = None,
                         relay: bool = False, arrow_switch: Iterable[int] = (), phantom: bool = False) -> Movement:
    """Two Mitchell sections A and B of ``tables`` tables each, playing the same boards: table ``t``
    of B plays the set of table ``t`` of A in every round (each section has its copy of the boards),
    so every board is compared across both sections, as one field. Pairs of A are numbered
    1..2T, pairs of B 2T+1..4T; ``phantom``: the last North-South pair of section B is missing."""
    a = mitchell(tables, boards_per_round=boards_per_round, rounds=rounds, relay=relay, arrow_switch=arrow_switch,
                 section="A")
    b = mitchell(tables, boards_per_round=boards_per_round, rounds=rounds, relay=relay, arrow_switch=arrow_switch,
                 section="B", first_pair=2 * tables + 1)
    rounds_played = a.rounds
    name = f"两区米切尔 每区{tables}桌{rounds_played}轮（两区打同样的牌）"
    name_en = f"Two-section Mitchell, {tables} tables a section, {rounds_played} rounds (both sections play the same boards)"
    note = ("A、B两区各按米切尔移动，两区同桌号同轮打同一组牌（每区一套牌），全部成绩合在一起计分。" + a.note[0],
            "Sections A and B each move as a Mitchell; the same table number plays the same set in the same "
            "round (a copy of the boards for each section), and the results are scored across both. " + a.note[1])
    return Movement(name, name_en, Kind.TWO_SECTION, a.sets, a.seatings + b.seatings, a.rests + b.rests,
                    phantom=2 * tables + tables if phantom else None, duplicated=True,
                    winners=a.winners, note=note)
