"""``verify [--json PATH] [--strict]``: the rulebook's tables recomputed by the scoring core
(rules_ext.verify), each disagreement printed (see rules_ext.cli)."""
from __future__ import annotations

import argparse
import json
from dataclasses import asdict

from rules_ext.corpus import load_corpus
from rules_ext.fileio import check_output, write_text_atomic
from rules_ext.verify import format_report, verify_tables


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the verify sub-command to the main parser."""
    p = subparsers.add_parser("verify", help="recompute the rulebook's tables (Laws 2, 77, 78B) with the core",
                              description="Compare every value of the tables of Laws 2, 77 and 78B, per edition, "
                                          "with the scoring core; print each disagreement.")
    p.add_argument("--json", metavar="PATH", help="also write the findings as JSON")
    p.add_argument("--strict", action="store_true", help="exit with status 2 when there is any finding")
    p.set_defaults(handler=_verify)


def _verify(args: argparse.Namespace) -> int:
    if args.json:
        check_output(args.json, stdout=None)  # the report itself goes to standard output
    reports = verify_tables(load_corpus())
    print(format_report(reports))
    findings = [f for r in reports for f in r.findings]
    if args.json:
        write_text_atomic(args.json, json.dumps([asdict(f) for f in findings], ensure_ascii=False, indent=1) + "\n")
    return 2 if args.strict and findings else 0
