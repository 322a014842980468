"""The event-file commands ``results`` and ``pbn`` (see rules_ext.cli): they read an event file,
score it or write it again, and never write from a file they could not read whole.

Every problem in the file is one ``file:line: problem`` line on stderr and the exit status is 1;
nothing is written unless ``--keep-going`` asks for the boards without problems (every output then
names the boards left out). An output that is an input, or that would destroy something
(:func:`rules_ext.fileio.check_output`), is refused before any work; ``-o -`` is standard output
(a PDF only when that is not a terminal); inputs are regular files up to ``--max-size`` MB. What
each command writes: :func:`run_results`, :func:`run_pbn`.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rules_ext.cli.common import (
    add_figures_option,
    add_input_options,
    add_print_options,
    add_sessions_arguments,
    check_output_path,
    emit,
)
from rules_ext.errors import RulesError
from rules_ext.events.corrections.apply import corrected
from rules_ext.events.corrections.export import check_exportable
from rules_ext.events.files import read_event_file
from rules_ext.events.model import Event
from rules_ext.events.pbn.reader import leave_out_bad_boards
from rules_ext.events.pbn.writer import encode_pbn, write_pbn
from rules_ext.events.report import Words, results_as_dict, results_as_text
from rules_ext.events.report_sessions import sessions_as_dict, sessions_as_text
from rules_ext.events.scoring.conventions import CONVENTIONS, METHODS, artificial_rate, parse_convention
from rules_ext.events.scoring.results import compute_results
from rules_ext.events.scoring.sessions import CarryOver, combine_sessions
from rules_ext.events.usebio.writer import FIGURES, figures_written, write_usebio


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add this layer's sub-commands to the main parser."""
    results = subparsers.add_parser("results", help="score a PBN event: travellers, matchpoints/IMPs, ranking",
                                    description="Score a PBN event and compare with the file's own figures. The text, like the "
                                                "PDF, is in the language of --lang (default both: Chinese "
                                                "with English beside).")
    add_sessions_arguments(results)
    results.add_argument("--format", choices=("json", "text", "pdf"), default=None,
                         help="output format (default: text, or pdf when -o ends in .pdf)")
    results.add_argument("-o", "--output", type=Path,
                         help="write to this file instead of standard output (a regular file or a new name in "
                              "an existing folder; - is standard output, for a PDF only when it is not a terminal)")
    results.add_argument("--encoding", help="read the file in this encoding instead of detecting it")
    results.add_argument("--method", choices=METHODS, help="override the scoring method the file names")
    results.add_argument("--scale", choices=("2/1/0", "1/0.5/0"), help="matchpoint scale (default: the file's)")
    results.add_argument("--artificial-imps", metavar="CONVENTION",
                         help="IMPs an artificial score is worth per 10 %% off average on a cross-IMP or Butler board "
                              "(per comparison on a cross-IMP board): ruter 1.5, ebu 2, acbl 3, or a number such as "
                              "1 (default: as the file's figures show, else ruter for cross-IMPs, acbl for Butler)")
    results.add_argument("--convention", action="append", default=[], metavar="NAME=VALUE",
                         help="how the scoring program scored, instead of what the file's figures show; repeatable: "
                              + "; ".join(f"{name}={values}" for name, (_, values) in CONVENTIONS.items())
                              + " (the site's 使用说明: 成绩的计算)")
    results.add_argument("--corrections", type=Path, metavar="FIX.toml",
                         help="apply the director's corrections (rules_ext/events/corrections/format.md) before scoring")
    pdf_options = results.add_argument_group("PDF output (-o FILE.pdf or --format pdf)")
    add_print_options(pdf_options)
    add_figures_option(pdf_options)
    _add_reading_options(results)
    results.set_defaults(handler=run_results)

    pbn = subparsers.add_parser("pbn", help="check a PBN file, or write it in the strict export format",
                                description="Read a PBN file (import format); report its problems, or "
                                            "write it in the PBN 2.1 export format.")
    pbn.add_argument("file", type=Path, help="the PBN file (or USEBIO results XML)")
    pbn.add_argument("--export", action="store_true", help="write the export format (to -o or standard output)")
    pbn.add_argument("--usebio", action="store_true",
                     help="write the event and its scores as USEBIO 1.2 XML (to -o or standard output)")
    pbn.add_argument("--figures", choices=FIGURES, default="file",
                     help="with --usebio: the places, totals and percentages written: the file's own, as it "
                          "writes them (default: the official record), or ours")
    pbn.add_argument("-o", "--output", type=Path,
                     help="output file for --export or --usebio (a regular file or a new name in an existing "
                          "folder; default or -: standard output)")
    pbn.add_argument("--encoding", help="read the file in this encoding instead of detecting it")
    pbn.add_argument("--output-encoding", default="utf-8",
                     help="character set of the export (default utf-8; the standard's is iso-8859-1)")
    pbn.add_argument("--lf", action="store_true", help="end lines with LF instead of the standard CRLF")
    pbn.add_argument("--corrections", type=Path, metavar="FIX.toml",
                     help="with --export: write the event with the director's corrections applied")
    _add_reading_options(pbn)
    pbn.set_defaults(handler=run_pbn)


def _add_reading_options(parser: argparse.ArgumentParser) -> None:
    add_input_options(parser)
    parser.add_argument("--keep-going", action="store_true",
                        help="despite problems in the file, use the boards without any (the output names "
                             "the boards left out; the exit status is still 1)")


def _report_problems(event: Event) -> int:
    """Print the event's warnings (what was kept) and problems on stderr; 1 when it has problems."""
    for warning in event.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    for problem in event.problems:
        print(problem, file=sys.stderr)
    return 1 if event.problems else 0


def _read(path: Path, args: argparse.Namespace, *, stdout: str = "text") -> Event | None:
    """The event to use: the file as read when it has no problem; with ``--keep-going`` the boards
    without problems; else None (its problems printed: nothing is written). The output is checked
    first (``stdout``: what ``-o -`` may send to standard output)."""
    check_output_path(args.output, path, args.corrections, stdout=stdout)
    event = read_event_file(path, encoding=args.encoding, max_size=args.max_size)
    if not event.problems:
        return event
    if not args.keep_going:
        if event.second_event is not None:  # several events: the one line that says so, not each one's problems
            print(event.second_event, file=sys.stderr)
        else:
            _report_problems(event)
        return None
    return leave_out_bad_boards(event)


def run_results(args: argparse.Namespace) -> int:
    """``results EVENT.pbn [--format json|text|pdf] [-o FILE] [--paper a4|letter] [--lang zh|en|both]``:
    scores, matchpoints/IMPs, rankings and the differences from the file's own figures; ``-o FILE.pdf``
    (or ``--format pdf``) prints them through the PDF layer, on the paper asked; the text and the PDF
    are in the label language asked (``--lang``). ``results S1 S2 … [--carry-over none|full|N%]``: the sessions of one event
    (:func:`run_sessions`). A cell that cannot be read but has the file's own score is kept and named
    in a ``warning:`` line on stderr (the exit status stays 0)."""
    fmt = args.format or ("pdf" if args.output and args.output.suffix.lower() == ".pdf" else "text")
    if fmt == "pdf" and args.output is None:
        raise RulesError("--format pdf needs an output file: expected -o results.pdf")
    if len(args.event) > 1:
        return run_sessions(args, fmt)
    if args.carry_over is not None:
        raise RulesError("--carry-over is for several sessions: expected `results S1.pbn S2.xml --carry-over 50%`")
    args.event = args.event[0]
    event = _read(args.event, args, stdout="binary" if fmt == "pdf" else "text")
    if event is None:
        return 1
    if not event.boards:  # nothing to score is a failure, not an empty results sheet
        _report_problems(event)
        raise RulesError(f"{event.source}: no board to score: expected games with [Board \"1\"] and results")
    given: dict[str, object] = dict(parse_convention(text) for text in args.convention)  # checked before scoring
    if args.artificial_imps:
        artificial_rate(args.artificial_imps)
    event, applied, whole = corrected(event, args.corrections)
    settings = {**whole.conventions, **given}  # the command line over the corrections file
    results = compute_results(event, scale=args.scale, method=args.method, artificial=args.artificial_imps,
                              conventions=settings, penalties=whole.penalties)
    notes = [f"Correction {a.correction.number}: {a}" for a in applied]
    if fmt == "pdf":
        from rules_ext.pdf.results import write_results_pdf  # the PDF layer is loaded only when asked for
        write_results_pdf(event, results, args.output, paper=args.paper, lang=args.lang, notes=notes,
                          figures=args.figures)
    elif fmt == "json":
        data = {**results_as_dict(event, results), "corrections": [a.as_dict() for a in applied]}
        emit((json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8"), args.output)
    else:
        words = Words(args.lang)
        corrections = [words.heading(f"{words.zh('corrections')}（{len(applied)}）", f"Corrections applied ({len(applied)})"),
                       *(f"  {n}" for n in notes), ""] if applied else []
        emit(("\n".join([results_as_text(event, results, args.lang), *corrections]) + "\n").encode("utf-8"),
             args.output)
    return _report_problems(event)


def run_pbn(args: argparse.Namespace) -> int:
    """``pbn FILE [--export] [-o OUT]``: check a file (a summary) or write it in the strict export
    format; ``pbn FILE --usebio [--figures file|ours]``: write it as USEBIO with the file's own places
    and totals (the official record) or ours, saying on stderr which."""
    writes = args.export or args.usebio
    if args.corrections is not None and not args.export:
        raise RulesError("--corrections needs --export: expected pbn EVENT --export --corrections FIX.toml -o NEW.pbn")
    if args.figures != "file" and not args.usebio:
        raise RulesError("--figures is for --usebio: expected `pbn FILE --usebio --figures ours -o OUT.xml`")
    if not writes and (args.output or args.lf or args.keep_going):
        raise RulesError("-o, --lf and --keep-going do nothing without --export or --usebio: expected "
                         "`pbn FILE --export -o OUT.pbn`, `pbn FILE --usebio -o OUT.xml`, or `pbn FILE` for a summary")
    event = _read(args.file, args) if writes else read_event_file(args.file, encoding=args.encoding,
                                                                  max_size=args.max_size)
    if event is None:
        return 1
    if args.usebio:
        emit(write_usebio(event, compute_results(event), figures=args.figures), args.output)
        print(f"{event.source}: {figures_written(event, args.figures)}", file=sys.stderr)
    elif args.export and event.version.startswith("USEBIO"):
        raise RulesError(f"{event.source}: a USEBIO file has no PBN games to export: expected --usebio")
    elif args.export:
        event, applied, _ = corrected(event, args.corrections)
        check_exportable(applied)
        text = write_pbn(event, newline="\n" if args.lf else "\r\n", encoding=args.output_encoding)
        emit(encode_pbn(text, args.output_encoding, source=str(args.output or "<stdout>")), args.output)
    else:
        return _summary(event)
    return _report_problems(event)


def _summary(event: Event) -> int:
    """The ``pbn FILE`` summary line, then the warnings and problems of every segment of the file
    (a second event is said once, as a warning: each segment is read with its own boards); 1 when
    something could not be read."""
    games, boards, results = (len(event.games), len(event.boards), sum(len(b.results) for b in event.boards))
    if event.segments:
        games, boards, results = (sum(counts) for counts in zip(*event.segments))
    form = event.version if event.version.startswith("USEBIO") else (
        f"PBN {event.version or '?'}, {event.encoding}, "
        f"{'CRLF' if event.newline == chr(13) + chr(10) else 'LF'}; {games} games")
    problems = sorted((p for p in (*event.problems, *event.later_problems) if p is not event.second_event),
                      key=lambda p: p.line)
    several = f" in {len(event.segments)} events or segments" if event.segments else ""
    print(f"{event.source}: {form}, {boards} boards{several}, {results} results, {event.kind.value}; "
          f"{len(problems)} problem(s)")
    for warning in sorted((*event.warnings, *event.later_warnings), key=lambda p: p.line):
        print(f"warning: {warning}", file=sys.stderr)
    if event.second_event is not None:
        print(f"warning: {event.second_event} (results, travellers and handrecord refuse the file)", file=sys.stderr)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


def run_sessions(args: argparse.Namespace, fmt: str) -> int:
    """``results S1 S2 …``: the sessions of one event (PBN and USEBIO mixed), each read and scored on
    its own, then ranked overall (:mod:`rules_ext.events.scoring.sessions`); every file is read before
    anything is written."""
    if args.corrections is not None:
        raise RulesError("--corrections applies to one session: expected `results S1.pbn --corrections FIX.toml`, "
                         "then the corrected export as a session")
    carry = CarryOver.parse(args.carry_over) if args.carry_over is not None else None
    check_output_path(args.output, *args.event, stdout="binary" if fmt == "pdf" else "text")
    given: dict[str, object] = dict(parse_convention(text) for text in args.convention)
    if args.artificial_imps:
        artificial_rate(args.artificial_imps)
    sessions = []
    status = 0
    for path in args.event:
        event = read_event_file(path, encoding=args.encoding, max_size=args.max_size)
        if event.problems and not args.keep_going:
            _report_problems(event)
            status = 1
            continue
        if event.problems:
            event = leave_out_bad_boards(event)
        if not event.boards:
            raise RulesError(f"{event.source}: no board to score: expected games with [Board \"1\"] and results")
        sessions.append((event, compute_results(event, scale=args.scale, method=args.method,
                                                artificial=args.artificial_imps, conventions=given)))
    if status:
        return status  # nothing written: a session's problems are printed
    several = combine_sessions(sessions, carry)
    if fmt == "pdf":
        from rules_ext.pdf.sessions import write_sessions_pdf  # the PDF layer is loaded only when asked for
        write_sessions_pdf(several, args.output, paper=args.paper, lang=args.lang, figures=args.figures)
    elif fmt == "json":
        emit((json.dumps(sessions_as_dict(several), ensure_ascii=False, indent=1) + "\n").encode("utf-8"), args.output)
    else:
        emit((sessions_as_text(several, args.lang) + "\n").encode("utf-8"), args.output)
    return max((_report_problems(event) for event, _ in sessions), default=0)
