"""Benchmark of the rule-corpus parser, with a baseline measured in the same run.

Parses every delivered text (rules_ext/corpus/texts) afresh (no cache: ``rules_ext.corpus.parse``, which
also finds and resolves the cross-references) N times, and compares it with just reading the same
files (the baseline). Goal: one full parse under 0.3 s on this machine.

Run: ``.venv/bin/python benchmarks/bench_corpus.py [N]`` (prints the timings and the ratio).
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _timing import times_of

from rules_ext.corpus import DEFAULT_TEXTS, parse

GOAL_SECONDS = 0.3


def read_all() -> int:
    return sum(len(p.read_text(encoding="utf-8").splitlines())
               for p in sorted(DEFAULT_TEXTS.glob("*")) if p.is_file())


def main(argv: list[str]) -> int:
    repeats = int(argv[0]) if argv else 10
    start = time.perf_counter()
    first = parse()  # includes one-time set-up (OpenCC converter, subject table)
    cold = time.perf_counter() - start
    lines = sum(first.corpus.line_counts.values())
    parse_times = times_of(repeats, parse)
    read_times = times_of(repeats, read_all)
    best, mean = min(parse_times), sum(parse_times) / repeats
    base = min(read_times)
    print(f"texts: {len(first.corpus.line_counts)} files, {lines} lines, "
          f"{len(first.corpus.editions)} editions, "
          f"{sum(len(e.laws) for e in first.corpus.editions)} laws")
    print(f"first parse (with one-time set-up): {cold * 1000:.1f} ms")
    print(f"parse, {repeats} runs: best {best * 1000:.1f} ms, mean {mean * 1000:.1f} ms")
    print(f"baseline (read the files only): best {base * 1000:.2f} ms")
    print(f"ratio parse/read: {best / base:.0f}x")
    ok = best < GOAL_SECONDS
    print(f"goal: full parse < {GOAL_SECONDS:.1f} s -> {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
