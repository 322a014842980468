"""``publish EVENT.pbn|EVENT.xml -o DIR``: the event as a folder of static pages beside the rulebook
(the work is :mod:`rules_ext.event_site.publish`'s); ``publish S1 S2 … [--carry-over none|full|N%]``:
the sessions of one event, each on pages of its own, with the overall ranking, as ``results`` ranks them."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from rules_ext.cli.common import add_figures_option, add_input_options, add_sessions_arguments, progress_bar
from rules_ext.cli.printing import add_dd_cache_option
from rules_ext.errors import RulesError
from rules_ext.event_site.publish import (
    LANGS,
    MISMATCHED,
    SCRIPTS,
    placements,
    publish_event,
    publish_sessions,
    rulebook_address,
)
from rules_ext.events.dd.cache import use_dd_cache
from rules_ext.events.errors import PBNErrors
from rules_ext.fileio import check_output_folder


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "publish", help="publish an event as static pages linked to the rulebook (HTML folder)",
        description="The ranking, one page per board (deal, double dummy, par, traveller), per pair, "
                    "player or team, per match, the rulings with their laws linked to the rulebook site, "
                    "the PDFs and the corrected event: a self-contained folder of pages.")
    add_sessions_arguments(p)
    p.add_argument("-o", "--output", type=Path, required=True,
                   help="the folder to write into: an existing folder or a new name in an existing folder")
    p.add_argument("--corrections", type=Path, metavar="FIX.toml",
                   help="apply the director's corrections (rules_ext/events/corrections/format.md) before scoring")
    p.add_argument("--rulings", type=Path, metavar="DIR",
                   help="a folder of ruling records (*.toml, rules_ext/pdf/rulings/format.md): the session's rulings")
    p.add_argument("--lang", choices=LANGS, default="zh",
                   help="language of the pages' and PDFs' words (default zh; both: the English as a gloss)")
    p.add_argument("--script", choices=SCRIPTS, default="both",
                   help="简体 pages, 繁體 pages, or both (default: 繁體 in DIR/hant/)")
    p.add_argument("--rulebook", metavar="URL",
                   help="the rulebook site's address the rulings' laws link to, e.g. https://rules.example.org/, "
                        "/rules/, or ../../ from a folder inside the site's (default: the cited provisions "
                        "copied into the folder's laws/)")
    p.add_argument("--mismatched-rulings", choices=MISMATCHED, default="refuse",
                   help="a ruling record whose board, table, round, pairs or deal are not the event's: refused "
                        "(default), or published with a warning and left out of the scores")
    p.add_argument("--templates", type=Path, metavar="DIR",
                   help="a templates folder whose events/*.html.jinja replace the package's")
    p.add_argument("--no-pdf", action="store_true", help="leave out the PDFs of the sheets")
    add_figures_option(p)
    p.add_argument("--encoding", help="read the file in this encoding instead of detecting it")
    add_dd_cache_option(p)
    add_input_options(p)
    p.set_defaults(handler=run_publish)


def run_publish(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    out: Path = args.output
    check_output_folder(out, [])  # a folder, or a new one in an existing folder: refused before any work
    rulebook = rulebook_address(args.rulebook, out) if args.rulebook is not None else ""
    use_dd_cache(args.dd_cache)
    several = len(args.event) > 1
    if several and args.corrections is not None:
        raise RulesError("--corrections applies to one session: expected `publish S1.pbn --corrections FIX.toml`, "
                         "then the corrected export as a session")
    if several and args.rulings is not None:
        raise RulesError("--rulings applies to one session: expected `publish S1.pbn --rulings DIR` for one "
                         "session's rulings")
    if not several and args.carry_over is not None:
        raise RulesError("--carry-over is for several sessions: expected `publish S1.pbn S2.xml --carry-over 50% "
                         "-o DIR`")
    try:
        if several:
            done = publish_sessions(args.event, out, placements(args.script, rulebook), carry_over=args.carry_over,
                                    lang=args.lang, templates=args.templates, pdf=not args.no_pdf,
                                    encoding=args.encoding, max_size=args.max_size,
                                    progress=progress_bar("double dummy"), figures=args.figures)
        else:
            done = publish_event(args.event[0], out, placements(args.script, rulebook),
                                 corrections=args.corrections, rulings=args.rulings, lang=args.lang,
                                 templates=args.templates, pdf=not args.no_pdf, encoding=args.encoding,
                                 max_size=args.max_size, progress=progress_bar("double dummy"),
                                 mismatched=args.mismatched_rulings, figures=args.figures)
    except PBNErrors as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 1
    print(f"{out}: {done.pages} pages, {done.files} files, {done.size / 1024:.0f} KB in "
          f"{time.perf_counter() - started:.1f} s", file=sys.stdout)
    return 0


