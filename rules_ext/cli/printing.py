"""The print commands: PBN event or ruling record in, PDF out (see rules_ext.cli).

``handrecord EVENT.pbn -o hands.pdf [--per-page 1|2|4|6|8] [--no-dd] [--no-results] [--commentary NOTES.toml]
[--link URL]``,
``travellers EVENT.pbn -o t.pdf [--blank] [--rows N] [--diagram]``,
``ruling RULING.toml -o form.pdf`` / ``ruling --blank -o blank.pdf``,
``pickup EVENT.pbn -o slips.pdf`` / ``pickup -o slips.pdf --tables N --rounds R --boards-per-round B``
(one slip per table per round, from the movement in the results file or from its size),
``edition-pdf --edition 1991 -o rules-1991.pdf`` (a whole edition of the rulebook for printing) and
``samples -o DIR`` (every sample PDF the site links to, the editions' included). All take
``--paper a4|letter``; all but ``edition-pdf`` (Chinese throughout) take ``--lang zh|en|both``. A bad event or record is one ``error:`` line and exit status 1, and no
output file is left behind (files are written to a temporary name and renamed). ``-o`` is checked
before any work (:func:`rules_ext.fileio.check_output`: a regular file or a new name in an existing
folder); ``-o -`` sends the PDF to standard output, refused when that is a terminal.
"""
from __future__ import annotations

import argparse
import os
import sys
import tomllib
from pathlib import Path

from rules_ext.cli.common import (
    add_figures_option,
    add_input_options,
    add_print_options,
    check_output_path,
    progress_bar,
)
from rules_ext.errors import RulesError
from rules_ext.events.dd.cache import use_dd_cache
from rules_ext.events.files import read_event
from rules_ext.fileio import check_output_folder, is_stdout, read_input

#: what ``-o`` of a PDF command accepts
PDF_OUTPUT_HELP = ("the PDF file to write: a regular file (replaced) or a new name in an existing folder; "
                   "- is standard output when it is not a terminal")


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-o", "--output", type=Path, required=True, help=PDF_OUTPUT_HELP)
    add_print_options(parser)
    add_input_options(parser)


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add this layer's sub-commands to the main parser."""
    p = subparsers.add_parser("handrecord", help="print the hand record of a PBN event (PDF)",
                              description="Hand record: diagrams with HCP, double-dummy tricks and par.")
    p.add_argument("event", type=Path, help="the PBN file")
    p.add_argument("--per-page", type=int, choices=(1, 2, 4, 6, 8), default=2, help="boards per page")
    p.add_argument("--no-dd", action="store_true", help="leave out the double-dummy grid and par")
    p.add_argument("--no-results", action="store_true",
                   help="leave out how often each result was scored (printed when the file has results)")
    p.add_argument("--link", default="", metavar="URL",
                   help="print a QR code on each board linking to this URL pattern, e.g. "
                        "\"https://example.org/{event}/{board}\"")
    p.add_argument("--commentary", type=Path,
                   help="TOML file of commentary by board: [commentary] 1 = \"...\"")
    add_dd_cache_option(p)
    _common(p)
    p.set_defaults(handler=run_handrecord)

    p = subparsers.add_parser("travellers", help="print blank or filled travellers of a PBN event (PDF)")
    p.add_argument("event", type=Path, help="the PBN file")
    p.add_argument("--blank", action="store_true", help="blank travellers to fill in at the tables")
    p.add_argument("--rows", type=int, help="numbered rows of a blank traveller (default: one for each time "
                                            "the file's movement plays the board, labelled by round or table)")
    p.add_argument("--diagram", action="store_true", help="print the hand diagram on filled travellers")
    add_figures_option(p)
    _common(p)
    p.set_defaults(handler=run_travellers)

    p = subparsers.add_parser("ruling", help="print a ruling form from a ruling record, or a blank one",
                              description="Ruling form from a TOML ruling record "
                                          "(see rules_ext/pdf/rulings/format.md).")
    p.add_argument("record", type=Path, nargs="?", help="the ruling record (TOML)")
    p.add_argument("--blank", action="store_true", help="a blank form for use at the table")
    add_dd_cache_option(p)
    _common(p)
    p.set_defaults(handler=run_ruling)

    p = subparsers.add_parser("pickup", help="print pickup slips, one per table per round (PDF)",
                              description="Pickup slips for clubs without scoring devices: one slip per "
                                          "table per round, from the movement in a results file (table, "
                                          "round and boards of each result) or from the movement's size.")
    p.add_argument("event", type=Path, nargs="?",
                   help="the results file (PBN or USEBIO); with the size options, only its name and date are used")
    p.add_argument("--tables", type=int, metavar="N", help="tables in the movement")
    p.add_argument("--rounds", type=int, metavar="R", help="rounds in the movement")
    p.add_argument("--boards-per-round", type=int, metavar="B", help="boards played at a table in a round")
    _common(p)
    p.set_defaults(handler=run_pickup)

    p = subparsers.add_parser("edition-pdf", help="print a whole edition of the rulebook (PDF)",
                              description="The whole edition for printing: title page, front matter, "
                                          "definitions, every law with its provisions, notes and tables, "
                                          "editorial insertions marked 〔…〕, the errata list at the end.")
    p.add_argument("--edition", required=True, help="the edition, e.g. 1991, 1999, 2008, 1999-trad")
    p.add_argument("-o", "--output", type=Path, required=True, help=PDF_OUTPUT_HELP)
    p.add_argument("--paper", choices=("a4", "letter"), default="a4", help="paper size (default a4)")
    p.set_defaults(handler=run_edition_pdf)

    p = subparsers.add_parser("samples", help="render every sample PDF into a directory")
    p.add_argument("-o", "--output", type=Path, required=True,
                   help="the folder to write into: an existing folder or a new name in an existing folder")
    p.add_argument("--site-url", default=os.environ.get("SITE_URL") or None, metavar="URL",
                   help="the site's public address, printed at the foot of each law's PDF "
                        "(default: $SITE_URL; without it, the law page's place in the site)")
    add_print_options(p)
    p.set_defaults(handler=run_samples)


def add_dd_cache_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dd-cache", type=Path, metavar="DIR",
                        help="keep double-dummy results per deal in this folder, so a deal is solved once "
                             "across runs (default: $RULES_EXT_DD_CACHE, else $XDG_CACHE_HOME/rules-ext/dd, "
                             "i.e. ~/.cache/rules-ext/dd)")


def read_commentary(path: Path | None) -> dict[int, str]:
    if path is None:
        return {}
    try:
        data = tomllib.loads(read_input(path).decode("utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(f"{path}: not valid TOML: {exc}") from exc
    table = data.get("commentary", {})
    out = {}
    for key, text in table.items():
        if not str(key).isdigit() or not isinstance(text, str):
            raise RulesError(f"{path}: commentary.{key}: expected a board number and text, "
                             "e.g. 1 = \"West leads ♠K\"")
        out[int(key)] = text
    return out


def run_handrecord(args: argparse.Namespace) -> int:
    from rules_ext.pdf.handrecord import check_link, write_hand_record

    check_link(args.link)
    check_output_path(args.output, args.event, args.commentary, stdout="binary")
    event = read_event(args.event, max_size=args.max_size)
    use_dd_cache(args.dd_cache)
    write_hand_record(event, args.output, per_page=args.per_page, dd=not args.no_dd,
                      paper=args.paper, lang=args.lang, commentary=read_commentary(args.commentary),
                      results=not args.no_results, link=args.link,
                      progress=progress_bar("double dummy"))
    return 0


def run_travellers(args: argparse.Namespace) -> int:
    from rules_ext.pdf.traveller import write_travellers

    if args.rows is not None and not 1 <= args.rows <= 60:
        raise RulesError(f"--rows {args.rows}: expected 1..60")
    check_output_path(args.output, args.event, stdout="binary")
    event = read_event(args.event, max_size=args.max_size)
    write_travellers(event, args.output, blank=args.blank, rows=args.rows, diagram=args.diagram,
                     paper=args.paper, lang=args.lang, progress=progress_bar("travellers"), figures=args.figures)
    return 0


def run_ruling(args: argparse.Namespace) -> int:
    from rules_ext.pdf.ruling import dd_warnings, double_dummy, write_ruling_form
    from rules_ext.pdf.ruling_record import load_ruling

    if args.blank == (args.record is not None):
        raise RulesError("give either a ruling record or --blank: expected "
                         "`ruling RULING.toml -o form.pdf` or `ruling --blank -o blank.pdf`")
    record = None
    check_output_path(args.output, args.record, stdout="binary")
    if args.record is not None:
        read_input(args.record, args.max_size)  # a regular file under the size limit
        record = load_ruling(args.record)
    use_dd_cache(args.dd_cache)
    dd = double_dummy(record) if record is not None else None
    if record is not None:
        for warning in dd_warnings(record, dd):
            print(warning, file=sys.stderr)
    write_ruling_form(record, args.output, paper=args.paper, lang=args.lang, dd=dd)
    return 0


def run_pickup(args: argparse.Namespace) -> int:
    from rules_ext.pdf.pickup import slips_of_event, slips_of_movement, write_pickup_slips

    size = (args.tables, args.rounds, args.boards_per_round)
    if any(x is not None for x in size) and not all(x is not None for x in size):
        raise RulesError("give --tables, --rounds and --boards-per-round together: expected e.g. "
                         "`pickup -o slips.pdf --tables 10 --rounds 9 --boards-per-round 3`")
    if args.event is None and size[0] is None:
        raise RulesError("give a results file or the movement's size: expected `pickup EVENT.pbn -o slips.pdf` "
                         "or `pickup -o slips.pdf --tables N --rounds R --boards-per-round B`")
    check_output_path(args.output, args.event, stdout="binary")
    event = read_event(args.event, max_size=args.max_size) if args.event is not None else None
    slips = slips_of_movement(*size) if size[0] is not None else slips_of_event(event)  # type: ignore[arg-type]
    write_pickup_slips(slips, args.output, event=event.name if event else "", date=event.date if event else "",
                       paper=args.paper, lang=args.lang, progress=progress_bar("pickup slips"))
    return 0


def run_edition_pdf(args: argparse.Namespace) -> int:
    from rules_ext.cli.samples import write_edition

    check_output_path(args.output, stdout="binary")
    pages = write_edition(args.edition, args.output, paper=args.paper)
    print(f"{args.output}: {pages} pages", file=sys.stderr if is_stdout(args.output) else sys.stdout)
    return 0


def run_samples(args: argparse.Namespace) -> int:
    from rules_ext.cli.samples import SAMPLE_NAMES, render_samples

    check_output_folder(args.output, SAMPLE_NAMES)
    for path in render_samples(args.output, paper=args.paper, lang=args.lang,
                               progress=progress_bar, site_url=args.site_url):
        print(path)
    return 0
