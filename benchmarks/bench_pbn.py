"""Benchmark: read and score PBN files, against a peer (endplay) and a floor (a regex split).

1. Speed, on a 1,000-board file with 20 results a board: our read (lossless, every check, the
   tables and results built, problems collected), our read + score, endplay's PBN parser (it only
   parses: no cell checked, no score built, the first bad line raises; the boards, deals and rows
   it finds are checked against ours) and a regex split of the tags (checks nothing), interleaved,
   best of 15 rounds of process CPU time. Goals: read + score <= endplay's parse alone, read
   within 6x the split. All are handed the same ``str``.
2. Size: a valid 50 MB file read and scored with a peak memory under 10x its size and in linear
   time (at most 1.3x the time per MB of a 5 MB file), each file in a fresh process (peak memory:
   the rise of the peak resident set over the resident set with the file's bytes loaded).

The method in full: the 使用说明's 性能测量 (source/manual/benchmarks.rst).
Run: ``python benchmarks/bench_pbn.py [--large-mb 50]`` (exit status 1 when a goal is missed).
"""
from __future__ import annotations

import argparse
import json
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _timing import interleaved_best
from endplay.parsers import pbn as endplay_pbn

from rules_ext.core import Contract, Seat, board_conditions, score
from rules_ext.events import Event, compute_results, read_pbn
from rules_ext.events.sample import shuffled_deals

BOARDS, RESULTS = 1000, 20
READ_GOAL, PEER_GOAL, MEMORY_GOAL, LINEAR_GOAL = 6.0, 1.0, 10.0, 1.3
SPEED_ROUNDS = 15
CONTRACTS = ["1NT", "2S", "3NT", "4H", "4S", "3NT", "2H", "5D", "4SX", "6NT", "3C", "Pass"]
TAG_RE = re.compile(r'\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]')


def make_file(seed: int = 1, boards: int = BOARDS) -> str:
    rng = random.Random(seed)
    deals = shuffled_deals(seed, boards)
    out = ["% PBN 2.1", "% EXPORT", '% <META  name=ScoringType content="MatchPoints;MP1">', ""]
    columns = "Table\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\5R;Score_EW\\5R"
    for number in range(1, boards + 1):
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


def check_endplay_reads_the_same(text: str, event: Event) -> None:
    """endplay's parse of ``text`` holds the boards, deals and ScoreTable rows our read found."""
    boards = endplay_pbn.loads(text)
    assert [b.board_num for b in boards] == [b.number for b in event.boards]
    for theirs, ours in zip(boards, event.boards):
        assert ours.deal is not None and theirs.deal.to_pbn() == ours.deal.to_pbn(Seat.N), ours.number
        rows = theirs.info["ScoreTable"]["rows"]
        assert [(row[1], row[2]) for row in rows] == [(r.ns, r.ew) for r in ours.results], ours.number


def _verdict(met: bool) -> str:
    return "met" if met else "MISSED"


def _resident_kb() -> int:
    """The process's resident set now (Linux ``/proc``), else its peak so far, in KiB."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return pages * resource.getpagesize() // 1024


def measure(path: Path) -> dict[str, float]:
    """Read and score one file in this (fresh) process: CPU and wall time, peak memory rise."""
    data = path.read_bytes()
    before = _resident_kb()
    start_cpu, start_wall = time.process_time(), time.perf_counter()
    event = read_pbn(data, max_size=len(data))
    results = compute_results(event)
    cpu, wall = time.process_time() - start_cpu, time.perf_counter() - start_wall
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    assert not event.problems and len(results.boards) == len(event.boards), event.problems[:3]
    return {"size": len(data), "cpu": cpu, "wall": wall, "rise": (peak - before) * 1024.0}


def measure_in_a_fresh_process(megabytes: float, folder: Path) -> dict[str, float]:
    path = folder / f"event-{megabytes:g}mb.pbn"
    boards = max(1, round(megabytes * 1e6 / len(make_file(boards=100).encode()) * 100))
    path.write_bytes(make_file(boards=boards).encode())
    out = subprocess.run([sys.executable, __file__, "--measure", str(path)], capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--large-mb", type=float, default=50.0, help="size of the large file (default 50)")
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)  # the fresh process's job
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure)))
        return 0

    text = make_file()
    event = read_pbn(text)
    results = compute_results(event)
    assert not event.problems, event.problems[:3]
    assert len(event.boards) == BOARDS and all(len(b.results) == RESULTS for b in event.boards)
    assert len(results.boards) == BOARDS
    check_endplay_reads_the_same(text, event)
    contenders = {
        "read": lambda: read_pbn(text),
        "read + score": lambda: compute_results(read_pbn(text)),
        "endplay parse": lambda: endplay_pbn.loads(text),
        "regex split": lambda: regex_split(text),
    }
    cpu = dict(zip(contenders, interleaved_best(SPEED_ROUNDS, *contenders.values(), clock=time.process_time)))
    wall = dict(zip(contenders, interleaved_best(3, *contenders.values())))
    split = cpu["regex split"]
    print(f"file: {BOARDS} boards x {RESULTS} results, {len(text.encode('utf-8')) / 1e6:.2f} MB; "
          f"CPU best of {SPEED_ROUNDS} interleaved rounds, wall best of 3")
    for name in contenders:
        print(f"{name + ':':15s}{cpu[name]:.3f} s CPU ({wall[name]:.3f} s wall) = {cpu[name] / split:.1f}x the regex split")
    read_ratio, peer_ratio = cpu["read"] / split, cpu["read + score"] / cpu["endplay parse"]
    print(f"read / regex split = {read_ratio:.1f}x   (goal <= {READ_GOAL:g}x: {_verdict(read_ratio <= READ_GOAL)})")
    print(f"read + score / endplay parse = {peer_ratio:.2f}   (goal <= {PEER_GOAL:g}: "
          f"{_verdict(peer_ratio <= PEER_GOAL)})")
    ok = read_ratio <= READ_GOAL and peer_ratio <= PEER_GOAL

    with tempfile.TemporaryDirectory() as folder:
        small = measure_in_a_fresh_process(args.large_mb / 10, Path(folder))
        large = measure_in_a_fresh_process(args.large_mb, Path(folder))
    for figures in (small, large):
        print(f"{figures['size'] / 1e6:5.1f} MB file: {figures['cpu']:.1f} s CPU ({figures['wall']:.1f} s wall), "
              f"{figures['cpu'] / figures['size'] * 1e6:.2f} s/MB, peak memory +{figures['rise'] / 1e6:.0f} MB "
              f"= {figures['rise'] / figures['size']:.1f}x the file")
    memory = large["rise"] / large["size"]
    linearity = (large["cpu"] / large["size"]) / (small["cpu"] / small["size"])
    print(f"peak memory / file size = {memory:.1f}x   (goal < {MEMORY_GOAL:g}x: {_verdict(memory < MEMORY_GOAL)})")
    print(f"time per MB, large / small = {linearity:.2f}   (goal <= {LINEAR_GOAL:g}: "
          f"{_verdict(linearity <= LINEAR_GOAL)})")
    ok = ok and memory < MEMORY_GOAL and linearity <= LINEAR_GOAL
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
