"""Benchmarks of the scoring core, each with a baseline measured in the same run.

1. ``score`` over all 2,940 contract cases against endplay's ``Contract.score`` (goal: ≥ 3× faster).
2. Matchpointing 1,000 boards × 20 results (goal: < 0.5 s), against a plain pairwise comparison.

Run: ``.venv/bin/python benchmarks/bench_core.py`` (prints the timings and the ratios).
"""
from __future__ import annotations

import itertools
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _timing import best_of

from rules_ext.core import Contract, Doubling, Strain, matchpoints, score


def bench_score() -> float:
    from endplay.types import Contract as EContract
    from endplay.types import Denom, Penalty, Player, Vul

    denom = {Strain.C: Denom.clubs, Strain.D: Denom.diamonds, Strain.H: Denom.hearts,
             Strain.S: Denom.spades, Strain.NT: Denom.nt}
    penalty = {Doubling.UNDOUBLED: Penalty.passed, Doubling.DOUBLED: Penalty.doubled,
               Doubling.REDOUBLED: Penalty.redoubled}
    ours, theirs = [], []
    for level, strain, doubling, vul, tricks in itertools.product(range(1, 8), Strain, Doubling, (False, True), range(14)):
        ours.append((Contract(level, strain, doubling), tricks, vul))
        theirs.append((EContract(level=level, denom=denom[strain], declarer=Player.north,
                                 penalty=penalty[doubling], result=tricks - level - 6),
                       Vul.both if vul else Vul.none))
    assert len(ours) == 2940
    assert [score(*case) for case in ours] == [c.score(v) for c, v in theirs]

    def run_ours():
        for case in ours:
            score(*case)

    def run_theirs():
        for contract, vul in theirs:
            contract.score(vul)

    t_ours = best_of(5, run_ours)
    t_theirs = best_of(5, run_theirs)
    ratio = t_theirs / t_ours
    print(f"score, 2,940 cases: core {t_ours * 1e3:.2f} ms, endplay {t_theirs * 1e3:.2f} ms, "
          f"ratio {ratio:.2f}x (goal >= 3x) {'OK' if ratio >= 3 else 'MISSED'}")
    as_text = [(str(c), t, v) for c, t, v in ours]
    t_parse = best_of(3, lambda: [score(*case) for case in as_text])
    print(f"score from strings ('4SX'), 2,940 cases: {t_parse * 1e3:.2f} ms "
          f"({t_theirs / t_parse:.2f}x endplay on pre-built contracts)")
    return ratio


def naive_matchpoints(scores: list[int]) -> list[float]:
    """The baseline: compare every result with every other one."""
    return [float(sum(2 if a > b else 1 if a == b else 0 for j, b in enumerate(scores) if j != i))
            for i, a in enumerate(scores)]


def bench_matchpoints() -> float:
    rng = random.Random(2026)
    boards = [[rng.choice([-200, -100, -50, 110, 140, 170, 420, 450, 620, 650, 680, 1430])
               for _ in range(20)] for _ in range(1000)]
    assert all(matchpoints(b) == naive_matchpoints(b) for b in boards[:50])
    t_ours = best_of(3, lambda: [matchpoints(b) for b in boards])
    t_naive = best_of(3, lambda: [naive_matchpoints(b) for b in boards])
    print(f"matchpoints, 1,000 boards x 20 results: core {t_ours:.3f} s (goal < 0.5 s) "
          f"{'OK' if t_ours < 0.5 else 'MISSED'}; pairwise baseline {t_naive:.3f} s, ratio {t_naive / t_ours:.2f}x")
    return t_ours


if __name__ == "__main__":
    ratio = bench_score()
    seconds = bench_matchpoints()
    sys.exit(0 if ratio >= 3 and seconds < 0.5 else 1)
