"""Timing helpers shared by the benchmark scripts (``from _timing import best_of``).

The machine is shared, so every figure is the best of several runs, and a figure and its baseline
are measured interleaved (one run of each in turn) so that a burst of other load hits both.
"""
from __future__ import annotations

import time
from collections.abc import Callable


def times_of(runs: int, fn: Callable[[], object], clock: Callable[[], float] = time.perf_counter) -> list[float]:
    """The time of each of ``runs`` calls of ``fn`` (``clock``: wall clock, or ``time.process_time``)."""
    times = []
    for _ in range(runs):
        start = clock()
        fn()
        times.append(clock() - start)
    return times


def best_of(runs: int, fn: Callable[[], object], clock: Callable[[], float] = time.perf_counter) -> float:
    """The fastest of ``runs`` calls of ``fn``."""
    return min(times_of(runs, fn, clock))


def interleaved_best(rounds: int, *fns: Callable[[], object],
                     clock: Callable[[], float] = time.perf_counter) -> list[float]:
    """Each of ``fns`` run once per round, in turn, ``rounds`` times; the fastest time of each."""
    best = [float("inf")] * len(fns)
    for _ in range(rounds):
        for i, fn in enumerate(fns):
            best[i] = min(best[i], best_of(1, fn, clock))
    return best
