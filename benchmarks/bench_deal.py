"""Benchmark: dealing and solving a set of 36 boards, against the 36-board hand record of
``bench_pdf.py`` (its double-dummy grids and par solved, then laid out), measured interleaved.

Ours: 36 deals from a seed (SHAKE-256, Pavlicek's numbering), solved by the same DDS adapter, written
as PBN (read back and checked) and as a Duplimate .dlm and .dup. The baseline: the hand record of the
same 36 deals (solved, laid out, written). Both are dominated by the solver, so the goal is that the
rest of dealing costs little beside it: ratio <= 1.1. Also printed: the time to deal alone (no
solving) of 36 and of 10,000 boards.

Run: ``.venv/bin/python benchmarks/bench_deal.py`` (exit status 1 if the goal is missed).
"""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from _timing import best_of, interleaved_best  # noqa: E402

from rules_ext.core.dealing import deal_set, parse_seed  # noqa: E402
from rules_ext.events.dd import solve  # noqa: E402
from rules_ext.events.dealing import deal_set_pbn, machine_file  # noqa: E402
from rules_ext.pdf.handrecord import BoardSheet, write_hand_record_sheets  # noqa: E402
from rules_ext.pdf.layout import PageHeader, PrintOptions  # noqa: E402

GOAL = 1.1
SEED = parse_seed("3f2a9c01 8b7d6e55 0c1b2a39 48576a6b 7c8d9eaf")


def main() -> int:
    boards = range(1, 37)
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)

        def ours() -> None:
            dealt = deal_set(SEED, boards)
            grids = solve([b.deal for b in dealt], [(b.dealer, b.vulnerability) for b in dealt], cache=False)
            pairs = [(b.number, b.deal) for b in dealt]
            (tmp / "set.pbn").write_text(deal_set_pbn(pairs, dd=grids), encoding="utf-8")
            (tmp / "set.dlm").write_bytes(machine_file(".dlm", pairs))
            (tmp / "set.dup").write_bytes(machine_file(".dup", pairs))

        dealt = deal_set(SEED, boards)
        deals, conditions = [b.deal for b in dealt], [(b.dealer, b.vulnerability) for b in dealt]
        options = PrintOptions()

        def hand_record() -> None:
            grids = solve(deals, conditions, cache=False)
            sheets = [BoardSheet(b.number, b.deal, b.dealer, b.vulnerability, g) for b, g in zip(dealt, grids)]
            write_hand_record_sheets(sheets, tmp / "hands.pdf", PageHeader("Hand records", "bench", ""), options,
                                     per_page=2)

        t_ours, t_hand = interleaved_best(3, ours, hand_record)
        t_deal36 = best_of(5, lambda: deal_set(SEED, boards))
        started = time.perf_counter()
        deal_set(SEED, range(1, 10001))
        t_deal10k = time.perf_counter() - started
    ratio = t_ours / t_hand
    print(f"36 boards dealt, solved (DD and par) and written (PBN, .dlm, .dup): {t_ours:.2f} s; "
          f"the 36-board hand record (solved and laid out): {t_hand:.2f} s; ratio {ratio:.2f} (goal <= {GOAL})")
    print(f"  dealing alone: 36 boards {t_deal36 * 1000:.1f} ms, 10,000 boards {t_deal10k:.2f} s")
    return 0 if ratio <= GOAL else 1


if __name__ == "__main__":
    sys.exit(main())
