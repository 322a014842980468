"""Benchmark: the movements offered for 5 to 15 tables and their balance, against a peer's published
figures for the same sizes, so that a movement the program proposes is never less balanced than the
one a director would find in the peer's table.

The peer: Ross Moore's table "Too many arrow-switches spoil the balance" (in the help of ASE
Computing's scoring program Jeanie: asecomputing.com/JeanieHelp/toomanyarrow_switchesspoil.htm),
John Manning's measure (:func:`rules_ext.core.movements.balance`). What is compared and the goals:
:func:`main`; the method: the 使用说明's 性能测量 (source/manual/benchmarks.rst).

Run: ``.venv/bin/python benchmarks/bench_movements.py`` (exit status 1 if a goal is missed).
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules_ext.core.movements import available, balance, howell, mitchell, propose
from rules_ext.core.movements.propose import best_switches

#: Moore's figures: tables -> (mean, no switch, one switch, two switches)
MOORE_ODD = {5: (2.222, 2.4845, 1.6178, 3.3921), 7: (3.231, 3.4896, 1.0491, 3.3086),
             9: (4.235, 4.4922, 1.1647, 2.8186), 11: (5.238, 5.4938, 1.8748, 2.2447),
             13: (6.240, 6.4948, 2.7609, 1.7727), 15: (7.241, 7.4955, 3.7014, 1.6327)}
#: Moore's means of the share-and-relay Mitchell of an even number of tables
MOORE_EVEN_MEAN = {6: 2.727, 8: 3.733, 10: 4.737, 12: 5.739, 14: 6.741}
TOLERANCE = 1e-4


def main() -> int:
    """Moore's figures of the competition between every two pairs (opponents ``t - 1``, the same
    direction ``+1``, the other direction ``-1``): its mean and its standard deviation (0 is perfect)
    for a complete Mitchell of an odd number of tables with no, one and two arrow-switched rounds, and
    the mean for the share-and-relay Mitchell of an even number. Ours is the same measure, the
    switched rounds chosen by :func:`rules_ext.core.movements.propose.best_switches`. Goal: every
    standard deviation the same as the peer's or lower (within 0.0001, the figures' last place), every
    mean the same. Then, for each size, every movement the library and the rules offer (Mitchell,
    Howell, ¾ Howell) with its rounds and its balance percent, and the time to propose the movements
    for 18 pairs and 27 boards."""
    ok = True
    print("tables  Mitchell mean (Moore) | sd no switch (Moore) | best 1 switch (Moore) | best 2 switches (Moore)")
    for tables in range(5, 16):
        even = tables % 2 == 0
        plain = balance(mitchell(tables, boards_per_round=1, relay=even))
        one = balance(mitchell(tables, boards_per_round=1, relay=even,
                               arrow_switch=best_switches(tables, rounds=tables, relay=even, most=1)))
        two_rounds = best_switches(tables, rounds=tables, relay=even, most=2)
        two = balance(mitchell(tables, boards_per_round=1, relay=even, arrow_switch=two_rounds))
        if tables in MOORE_ODD:
            mean, sd0, sd1, sd2 = MOORE_ODD[tables]
            best_two = min(balance(mitchell(tables, boards_per_round=1, arrow_switch=(a, b))).sd
                           for a in range(1, tables + 1) for b in range(a + 1, tables + 1))
            good = (abs(plain.mean - mean) < 0.0005 and plain.sd <= sd0 + TOLERANCE and one.sd <= sd1 + TOLERANCE
                    and best_two <= sd2 + TOLERANCE)
            ok &= good
            print(f"{tables:>6}  {plain.mean:6.3f} ({mean:.3f})        | {plain.sd:.4f} ({sd0:.4f})      "
                  f"| {one.sd:.4f} ({sd1:.4f})       | {best_two:.4f} ({sd2:.4f})  {'ok' if good else 'MISSED'}")
        else:
            mean = MOORE_EVEN_MEAN.get(tables)
            good = mean is None or abs(plain.mean - mean) < 0.0005
            ok &= good
            shown = f"({mean:.3f})" if mean is not None else "(-)    "
            print(f"{tables:>6}  {plain.mean:6.3f} {shown}        | {plain.sd:.4f} (share and relay) "
                  f"| {one.sd:.4f}                | {two.sd:.4f}  {'ok' if good else 'MISSED'}")
    print()
    print("tables  movements offered (rounds; balance % as one field; standard deviation)")
    library = available()
    for tables in range(5, 16):
        even = tables % 2 == 0
        offered = []
        for relay in ((False, True) if even else (False,)):
            m = mitchell(tables, boards_per_round=1, relay=relay)
            switched = mitchell(tables, boards_per_round=1, relay=relay,
                                arrow_switch=best_switches(tables, rounds=m.rounds, relay=relay))
            b = balance(switched)
            kind = "relay" if relay else ("skip" if even else "")
            offered.append(f"Mitchell{(' ' + kind) if kind else ''} {m.rounds}r two winners; "
                           f"switched {b.percent:.0f}% sd {b.sd:.2f}")
        for (t, rounds) in sorted(library):
            if t == tables:
                b = balance(howell(t, rounds=rounds, boards_per_round=3))
                offered.append(f"{'Howell' if rounds == 2 * t - 1 else '¾ Howell'} {rounds}r {b.percent:.0f}% "
                               f"sd {b.sd:.2f}")
        print(f"{tables:>6}  " + " · ".join(offered))
    started = time.perf_counter()
    found = propose(18, 27)
    print(f"\npropose(18 pairs, 27 boards): {len(found)} movements in {time.perf_counter() - started:.2f} s; "
          f"first: {found[0].movement.name_en}")
    print("goals met" if ok else "a goal was missed")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
