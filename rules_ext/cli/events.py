"""The event-file commands (see rules_ext.cli).

``results EVENT.pbn [--format json|text|pdf] [-o FILE] [--paper a4|letter] [--lang zh|en|both]``:
scores, matchpoints/IMPs, rankings and the differences from the file's own figures; ``-o FILE.pdf``
(or ``--format pdf``) prints them through the PDF layer, on the paper and in the label language asked. ``pbn FILE [--export] [-o OUT]``: check a file (a summary) or write it in
the strict export format. Every problem in the file is printed as one ``file:line: problem`` line
on stderr; the boards that are fine are still used, and the exit status is 1.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rules_ext.cli.common import add_print_options, emit
from rules_ext.pbn.corrections import AppliedCorrection, apply_corrections, check_exportable, read_corrections
from rules_ext.pbn.model import Event
from rules_ext.pbn.reader import read_pbn
from rules_ext.pbn.report import results_as_dict, results_as_text
from rules_ext.pbn.results import METHODS, compute_results
from rules_ext.pbn.writer import encode_pbn, write_pbn


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add this layer's sub-commands to the main parser."""
    results = subparsers.add_parser("results", help="score a PBN event: travellers, matchpoints/IMPs, ranking",
                                    description="Score a PBN event and compare with the file's own figures.")
    results.add_argument("event", type=Path, help="the PBN file")
    results.add_argument("--format", choices=("json", "text", "pdf"), default=None,
                         help="output format (default: text, or pdf when -o ends in .pdf)")
    results.add_argument("-o", "--output", type=Path, help="write to this file instead of standard output")
    results.add_argument("--encoding", help="read the file in this encoding instead of detecting it")
    results.add_argument("--method", choices=METHODS, help="override the scoring method the file names")
    results.add_argument("--scale", choices=("2/1/0", "1/0.5/0"), help="matchpoint scale (default: the file's)")
    results.add_argument("--corrections", type=Path, metavar="FIX.toml",
                         help="apply the director's corrections (rules_ext/pbn/corrections.md) before scoring")
    add_print_options(results.add_argument_group("PDF output (-o FILE.pdf or --format pdf)"))
    results.set_defaults(handler=run_results)

    pbn = subparsers.add_parser("pbn", help="check a PBN file, or write it in the strict export format",
                                description="Read a PBN file (import format); report its problems, or "
                                            "write it in the PBN 2.1 export format.")
    pbn.add_argument("file", type=Path, help="the PBN file")
    pbn.add_argument("--export", action="store_true", help="write the export format (to -o or standard output)")
    pbn.add_argument("-o", "--output", type=Path, help="output file for --export")
    pbn.add_argument("--encoding", help="read the file in this encoding instead of detecting it")
    pbn.add_argument("--output-encoding", default="utf-8",
                     help="character set of the export (default utf-8; the standard's is iso-8859-1)")
    pbn.add_argument("--lf", action="store_true", help="end lines with LF instead of the standard CRLF")
    pbn.add_argument("--corrections", type=Path, metavar="FIX.toml",
                     help="with --export: write the event with the director's corrections applied")
    pbn.set_defaults(handler=run_pbn)


def _report_problems(event: Event) -> int:
    for problem in event.problems:
        print(problem, file=sys.stderr)
    return 1 if event.problems else 0


def _corrected(event: Event, corrections: Path | None) -> tuple[Event, tuple[AppliedCorrection, ...]]:
    """The event with the corrections file applied (as read when there is none)."""
    return (event, ()) if corrections is None else apply_corrections(event, read_corrections(corrections))


def run_results(args: argparse.Namespace) -> int:
    fmt = args.format or ("pdf" if args.output and args.output.suffix.lower() == ".pdf" else "text")
    if fmt == "pdf" and args.output is None:
        raise ValueError("--format pdf needs an output file: expected -o results.pdf")
    event = read_pbn(args.event, encoding=args.encoding)
    if not event.boards:  # nothing to score is a failure, not an empty results sheet
        _report_problems(event)
        raise ValueError(f"{event.source}: no board to score: expected games with [Board \"1\"] and results")
    event, applied = _corrected(event, args.corrections)
    results = compute_results(event, scale=args.scale, method=args.method)
    notes = [f"Correction {a.correction.number}: {a}" for a in applied]
    if fmt == "pdf":
        from rules_ext.pdf.results import write_results_pdf  # the PDF layer is loaded only when asked for
        write_results_pdf(event, results, args.output, paper=args.paper, lang=args.lang, notes=notes)
    elif fmt == "json":
        data = {**results_as_dict(event, results), "corrections": [a.as_dict() for a in applied]}
        emit((json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8"), args.output)
    else:
        corrections = [f"Corrections applied ({len(applied)})", *(f"  {n}" for n in notes), ""] if applied else []
        emit(("\n".join([results_as_text(event, results), *corrections]) + "\n").encode("utf-8"), args.output)
    return _report_problems(event)


def run_pbn(args: argparse.Namespace) -> int:
    event = read_pbn(args.file, encoding=args.encoding)
    if args.corrections is not None and not args.export:
        raise ValueError("--corrections needs --export: expected pbn EVENT --export --corrections FIX.toml -o NEW.pbn")
    if args.export:
        event, applied = _corrected(event, args.corrections)
        check_exportable(applied)
        text = write_pbn(event, newline="\n" if args.lf else "\r\n", encoding=args.output_encoding)
        emit(encode_pbn(text, args.output_encoding, source=str(args.output or "<stdout>")), args.output)
    else:
        results = sum(len(b.results) for b in event.boards)
        print(f"{event.source}: PBN {event.version or '?'}, {event.encoding}, "
              f"{'CRLF' if event.newline == chr(13) + chr(10) else 'LF'}; {len(event.games)} games, "
              f"{len(event.boards)} boards, {results} results, {event.kind.value}; "
              f"{len(event.problems)} problem(s)")
    return _report_problems(event)
