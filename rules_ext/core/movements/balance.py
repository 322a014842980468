"""How balanced a movement is: the amount of competition between every two pairs, so that a
director can choose the fairest movement for a field and see why.

The measure is John Manning's, as the English Bridge Union publishes it ("Bridge movements: the
maths") and as Ross Moore tabulates it for the scoring program Jeanie ("Too many arrow-switches
spoil the balance"): :func:`balance` says how it counts, :class:`Balance` what its figures are,
:class:`Field` when a two-winner movement is fair.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from rules_ext.core.movements.model import Movement


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a two-winner movement (its pairs never change direction): ``direction`` NS or
    EW, ``pairs``; ``compared``: the fewest and the most board sets two of its pairs both play;
    ``meetings``: the fewest and the most sets a pair of this field plays against each pair of the
    other field. A movement with two winners (a Mitchell: the North-South and the East-West pairs
    ranked apart) is fair when each field's pairs meet the other field's equally and are compared on
    the same boards: both spreads 0.

    >>> from rules_ext.core.movements.pairs import mitchell
    >>> f = balance(mitchell(5, boards_per_round=3)).fields[0]
    >>> f.compared_spread, f.meetings_spread
    (0, 0)
    """

    direction: str
    pairs: tuple[int, ...]
    compared: tuple[int, int]
    meetings: tuple[int, int]

    @property
    def compared_spread(self) -> int:
        return self.compared[1] - self.compared[0]

    @property
    def meetings_spread(self) -> int:
        return self.meetings[1] - self.meetings[0]


@dataclass(frozen=True, slots=True)
class Balance:
    """The balance figures of a movement (:func:`balance`): ``competition`` of every two pairs
    (a < b); ``mean`` (the total amount of competition shared out); ``sd``, its standard deviation
    (Moore's figure: 0 is perfect); ``percent`` = 100 × (1 − sd / mean) (100: every two pairs compete
    equally, 0: the spread is as large as the mean); ``least`` and ``most``, the least and the most
    any two pairs get as a fraction of the mean; ``meetings`` (sets played against each other);
    ``fields`` (two-winner movements); ``played``: the times each set is played (the fewest and the
    most)."""

    competition: dict[tuple[int, int], int]
    meetings: dict[tuple[int, int], int]
    mean: float
    sd: float
    fields: tuple[Field, ...]
    played: tuple[int, int]

    @property
    def percent(self) -> float:
        if self.mean <= 0:
            return 0.0
        return max(0.0, 100.0 * (1.0 - self.sd / self.mean))

    @property
    def least(self) -> float:
        return min(self.competition.values(), default=0) / self.mean if self.mean > 0 else 0.0

    @property
    def most(self) -> float:
        return max(self.competition.values(), default=0) / self.mean if self.mean > 0 else 0.0

    def of(self, a: int, b: int) -> int:
        return self.competition.get((min(a, b), max(a, b)), 0)

    def met(self, a: int, b: int) -> int:
        return self.meetings.get((min(a, b), max(a, b)), 0)


def balance(movement: Movement) -> Balance:
    """The balance figures of a pairs movement (every pair that plays; the phantom left out).

    In a pairs event scored by matchpoints, a pair competes with every other pair that plays the
    same boards: directly with its opponents at the table, and through the scores with the others:
    a pair in the same direction elsewhere is compared with it (its better score is our worse one), a
    pair in the other direction elsewhere is an ally (its good score is ours). Manning's measure
    counts, for each two pairs A, B and each board set they both play:

    * ``t - 1`` when A and B are opponents at the table, ``t`` being the number of tables that play
      the set (a top on it is ``2(t - 1)``);
    * ``+1`` when they sit the same way at different tables;
    * ``-1`` when they sit opposite ways at different tables.

    The sum over the sets is their *competition*; a movement is balanced when every two pairs
    compete equally.

    >>> from rules_ext.core.movements.pairs import mitchell
    >>> b = balance(mitchell(5, boards_per_round=3))
    >>> round(b.mean, 3), round(b.sd, 4)
    (2.222, 2.4845)
    """
    pairs = movement.participants
    competition = dict.fromkeys(combinations(pairs, 2), 0)
    meetings = dict.fromkeys(combinations(pairs, 2), 0)
    by_set: dict[int, list[tuple[int, int]]] = {}  # set -> (NS pair, EW pair) of each table playing it
    for s, number in movement.plays():
        assert s.ns is not None and s.ew is not None
        by_set.setdefault(number, []).append((s.ns, s.ew))
    for tables in by_set.values():
        t = len(tables)
        for ns, ew in tables:
            key = (min(ns, ew), max(ns, ew))
            if key in competition:
                competition[key] += t - 1
                meetings[key] += 1
        for (ns1, ew1), (ns2, ew2) in combinations(tables, 2):
            for a, b, same in ((ns1, ns2, True), (ew1, ew2, True), (ns1, ew2, False), (ew1, ns2, False)):
                key = (min(a, b), max(a, b))
                if key in competition:
                    competition[key] += 1 if same else -1
    values = list(competition.values())
    mean = sum(values) / len(values) if values else 0.0
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / len(values)) if values else 0.0
    times = [t for t in movement.times_played().values() if t]
    return Balance(competition, meetings, mean, sd, _fields(movement, by_set, meetings),
                   (min(times, default=0), max(times, default=0)))


def _fields(movement: Movement, by_set: dict[int, list[tuple[int, int]]],
            meetings: dict[tuple[int, int], int]) -> tuple[Field, ...]:
    """The two fields of a movement whose pairs never change direction (none otherwise)."""
    directions: dict[int, set[str]] = {}
    for s, _ in movement.plays():
        assert s.ns is not None and s.ew is not None
        directions.setdefault(s.ns, set()).add("NS")
        directions.setdefault(s.ew, set()).add("EW")
    if any(len(d) > 1 for d in directions.values()):
        return ()
    groups = {d: tuple(sorted(p for p, ds in directions.items() if d in ds)) for d in ("NS", "EW")}
    sets_of: dict[int, set[int]] = {}
    for number, tables in by_set.items():
        for ns, ew in tables:
            sets_of.setdefault(ns, set()).add(number)
            sets_of.setdefault(ew, set()).add(number)
    out = []
    for direction, other in (("NS", "EW"), ("EW", "NS")):
        mine = groups[direction]
        compared = [len(sets_of[a] & sets_of[b]) for a, b in combinations(mine, 2)]
        met = [meetings.get((min(a, b), max(a, b)), 0) for a in mine for b in groups[other]]
        out.append(Field(direction, mine, _span(compared), _span(met)))
    return tuple(out)


def _span(values: Sequence[int]) -> tuple[int, int]:
    return (min(values), max(values)) if values else (0, 0)
