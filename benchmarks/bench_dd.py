"""Benchmark: double-dummy solving in one process against a process pool.

DDS already spreads one batch of deals over threads; ``solve(..., workers=N)`` spreads the deals
over N processes instead, one at a time, each process's DDS with its share of the cores. This
measures 72 random deals solved with 1 worker and with the machine's core count (at least 2),
interleaved, best of 3 wall-clock runs, and checks the two give the same tricks and par. Goal: the
pool costs at most a tenth more than one process (ratio <= 1.1), so asking for it is safe on any
machine (no command asks for it by default); the speed-up it brings is printed (on a 2-core machine
DDS's own threads already use both cores, so none is expected there).

Run: ``python benchmarks/bench_dd.py`` (exit status 1 if the goal is missed or the results differ).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _timing import interleaved_best

from rules_ext.core import board_conditions
from rules_ext.events.dd import solve
from rules_ext.events.sample import shuffled_deals

GOAL = 1.1


def main() -> int:
    deals = shuffled_deals(11, 72)
    conditions = [board_conditions(n) for n in range(1, 73)]
    workers = max(2, os.cpu_count() or 1)
    one = solve(deals, conditions, cache=False)  # every deal solved: the cache would answer from memory
    many = solve(deals, conditions, workers=workers, cache=False)
    if one != many:
        print("the pool's results differ from one process's")
        return 1
    t_one, t_many = interleaved_best(3, lambda: solve(deals, conditions, cache=False),
                                     lambda: solve(deals, conditions, workers=workers, cache=False))
    ratio = t_many / t_one
    print(f"72 deals double-dummy with par: 1 process {t_one:.2f} s, {workers} processes {t_many:.2f} s, "
          f"ratio {ratio:.2f} (goal <= {GOAL}; speed-up {t_one / t_many:.2f}x)")
    return 0 if ratio <= GOAL else 1


if __name__ == "__main__":
    sys.exit(main())
