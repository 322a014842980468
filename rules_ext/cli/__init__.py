"""`python -m rules_ext <command>`: one entry point for every job.

The command-line layer is the one part that may import every other: glue that needs two parts
(read an event, then print it) lives here, never inside one of them. Each module has
``register(subparsers)`` for its commands; a command's handler takes the parsed arguments and
returns an exit status. :func:`main` holds the error policy in one place: bad input (the
:class:`~rules_ext.errors.RulesError` family, an ``OSError``, an input file's problems) is one
line and exit status 1; anything else is a bug, said so in one line with exit status 70 and the
traceback only with ``--debug``; Ctrl-C is 130. The policy in the director's words, with the
output rules: the 使用说明's 出错与输出 (source/manual/errors.rst).
"""
from __future__ import annotations

import argparse
import importlib
import sys
import traceback

from rules_ext.errors import RulesError
from rules_ext.events.errors import PBNErrors
from rules_ext.fileio import plain_os_error

#: the modules that contribute sub-commands, in the order they appear in ``--help``; imported when
#: the parser is built, so that a module of this package used alone (the site's events extension,
#: :mod:`rules_ext.event_site.sphinx_ext`) does not load every command's parts
COMMAND_MODULES = ("corpus", "core", "events", "printing", "publish", "rulings", "verify", "sessions")

#: the exit status of bad input (a RulesError, an OSError or the problems of an input file)
EXIT_BAD_INPUT = 1
#: the exit status of an internal error, a bug in the package (sysexits.h's EX_SOFTWARE)
EXIT_INTERNAL_ERROR = 70
#: the exit status after Ctrl-C
EXIT_INTERRUPTED = 130

_DEBUG_HELP = "on an internal error (a bug in rules_ext), print the traceback too"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m rules_ext",
        description="Chinese duplicate bridge competition rules: corpus, scoring, PBN and print jobs.",
    )
    parser.add_argument("--debug", action="store_true", help=_DEBUG_HELP)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMAND_MODULES:
        importlib.import_module(f"{__name__}.{name}").register(subparsers)
    for command in subparsers.choices.values():  # also accepted after the command's name
        command.add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help=_DEBUG_HELP)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.handler(args) or 0)
    except PBNErrors as exc:  # the problems of an input file: one file:line: problem line each
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return EXIT_BAD_INPUT
    except RulesError as exc:  # bad input: the one line says what is wrong
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as exc:  # a file the system refuses: in plain words, never "[Errno N]"
        print(f"error: {plain_os_error(exc)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as exc:  # anything else is a bug of ours, never shown as bad input
        print(internal_error_line(exc), file=sys.stderr)
        if args.debug:
            traceback.print_exception(exc, file=sys.stderr)
        return EXIT_INTERNAL_ERROR


def internal_error_line(exc: BaseException) -> str:
    """The one line an internal error is reported with, e.g. ``internal error: KeyError: 'x' — this
    is a bug in rules_ext, please report it (run with --debug for the traceback)``."""
    message = str(exc).strip().splitlines()
    what = f"{type(exc).__name__}: {message[0]}" if message else type(exc).__name__
    return (f"internal error: {what} — this is a bug in rules_ext, please report it "
            f"(run with --debug for the traceback)")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
