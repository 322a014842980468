"""Benchmark: read and score a 1,000-board, 20-results-per-board PBN file.

Goal: reading (import format, full checks) plus scoring (matchpoints, rankings, comparison with the
file's own figures) in under 1 s. Baseline, measured in the same run on the same text: a plain regex
split (every tag pair by one regular expression, every other line split on white space), which
checks and means nothing; the ratio says what the real reader costs on top of that.

Each figure is the best of 5 runs (wall clock; the CPU time of the process is printed too, since a
busy machine inflates the wall clock). Run: ``python benchmarks/bench_pbn.py`` (prints the figures;
exit status 1 if the goal is missed).
"""
from __future__ import annotations

import random
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _timing import best_of

from rules_ext.core import Contract, Seat, board_conditions, score
from rules_ext.pbn import compute_results, read_pbn
from rules_ext.pbn.sample import shuffled_deals

BOARDS, RESULTS, GOAL = 1000, 20, 1.0
CONTRACTS = ["1NT", "2S", "3NT", "4H", "4S", "3NT", "2H", "5D", "4SX", "6NT", "3C", "Pass"]
TAG_RE = re.compile(r'\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]')


def make_file(seed: int = 1) -> str:
    rng = random.Random(seed)
    deals = shuffled_deals(seed, BOARDS)
    out = ["% PBN 2.1", "% EXPORT", '% <META  name=ScoringType content="MatchPoints;MP1">', ""]
    columns = "Table\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\5R;Score_EW\\5R"
    for number in range(1, BOARDS + 1):
        dealer, vul = board_conditions(number)
        out += ['[Event "Bench"]', '[Site "Here"]', '[Date "2026.01.01"]', f'[Board "{number}"]',
                '[West ""]', '[North ""]', '[East ""]', '[South ""]', f'[Dealer "{dealer.name}"]',
                f'[Vulnerable "{vul.value}"]', f'[Deal "{deals[number - 1].to_pbn(dealer)}"]',
                '[Scoring "MP;MP1"]', '[Declarer ""]', '[Contract ""]', '[Result ""]', f'[ScoreTable "{columns}"]']
        for table in range(1, RESULTS + 1):
            text = rng.choice(CONTRACTS)
            contract = Contract.parse(text)
            if contract.is_passed_out:
                out.append(f"{table:2d} {table:2d} {table + 20:2d} Pass  - -     0     -")
                continue
            declarer = rng.choice(list(Seat))
            tricks = max(0, min(13, contract.tricks_needed + rng.choice((-2, -1, 0, 0, 0, 1))))
            points = score(contract, tricks, vul.is_vulnerable(declarer))
            ns = points if declarer.is_ns else -points
            cells = (f"{ns:5d}", "    -") if ns >= 0 else ("    -", f"{-ns:5d}")
            out.append(f"{table:2d} {table:2d} {table + 20:2d} {text:5s} {declarer.name} {tricks:2d} "
                       f"{cells[0]} {cells[1]}")
        out.append("")
    return "\r\n".join(out)


def regex_split(text: str) -> int:
    tags = rows = 0
    for line in text.splitlines():
        if line.startswith("["):
            tags += len(TAG_RE.findall(line))
        elif line and not line.startswith("%"):
            rows += len(line.split())
    return tags + rows


def main() -> int:
    text = make_file()
    event = read_pbn(text)
    results = compute_results(event)
    assert not event.problems, event.problems[:3]
    assert len(event.boards) == BOARDS and all(len(b.results) == RESULTS for b in event.boards)
    assert len(results.boards) == BOARDS
    read_time = best_of(5, lambda: read_pbn(text))
    score_time = best_of(5, lambda: compute_results(event))
    total = best_of(5, lambda: compute_results(read_pbn(text)))
    total_cpu = best_of(5, lambda: compute_results(read_pbn(text)), time.process_time)
    baseline = best_of(5, lambda: regex_split(text))
    print(f"file: {BOARDS} boards x {RESULTS} results, {len(text.encode('utf-8')) / 1e6:.2f} MB")
    print(f"read_pbn:          {read_time:.3f} s")
    print(f"compute_results:   {score_time:.3f} s")
    print(f"read + score:      {total:.3f} s   (goal < {GOAL:.1f} s: {'met' if total < GOAL else 'MISSED'})")
    print(f"read + score, CPU: {total_cpu:.3f} s   (process time: what the machine's other load does not inflate)")
    print(f"regex split:       {baseline:.3f} s   (baseline)")
    print(f"read / regex split = {read_time / baseline:.1f}x")
    return 0 if total < GOAL else 1


if __name__ == "__main__":
    sys.exit(main())
