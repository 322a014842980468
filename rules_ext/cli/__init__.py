"""`python -m rules_ext <command>`: one entry point for every job.

This package is the command-line layer, the one part that may import every other (``corpus``,
``core``, ``pbn``, ``pdf``, ``verify``): glue that needs two parts (read an event, then print it) lives
here, never inside one of the parts. Each module exposes ``register(subparsers)`` for its commands;
every command's handler takes the parsed arguments and returns an exit status. Errors that a user
can fix (bad input files, bad values) are ValueError or OSError subclasses: they are printed as one
line and the exit status is 1, never a traceback; the problems of an input file (``PBNErrors``) are
printed one ``file:line: problem`` line each. A failing command writes no output file.
"""
from __future__ import annotations

import argparse
import sys

from rules_ext.cli import core, corpus, events, printing, rulings, verify
from rules_ext.pbn.errors import PBNErrors

#: the modules that contribute sub-commands, in the order they appear in ``--help``
COMMAND_MODULES = (corpus, core, events, printing, rulings, verify)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m rules_ext",
        description="Chinese duplicate bridge competition rules: corpus, scoring, PBN and print jobs.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in COMMAND_MODULES:
        module.register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.handler(args) or 0)
    except PBNErrors as exc:  # the problems of an input file: one file:line: problem line each
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 1
    except (ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
