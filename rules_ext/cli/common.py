"""What several commands share: the print options, reading an event that must be clean, the
progress bar, and writing a result to standard output or a file."""
from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

from rules_ext.fileio import write_bytes_atomic
from rules_ext.pbn import read_pbn
from rules_ext.pbn.model import Event

T = TypeVar("T")

#: wraps the items of a long job in a progress display, e.g. ``progress_bar("travellers")``
Progress = Callable[[Iterable[T]], Iterable[T]]


def progress_bar(description: str) -> Progress:
    """A tqdm progress bar on stderr, shown only when stderr is a terminal."""
    def wrap(items: Iterable[T]) -> Iterable[T]:
        from tqdm import tqdm

        items = list(items)
        return tqdm(items, desc=description, unit="", file=sys.stderr, leave=False,
                    disable=not sys.stderr.isatty())
    return wrap


def add_print_options(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """``--paper a4|letter`` and ``--lang zh|en|both``: every command that prints a PDF takes them."""
    parser.add_argument("--paper", choices=("a4", "letter"), default="a4", help="paper size (default a4)")
    parser.add_argument("--lang", choices=("zh", "en", "both"), default="both",
                        help="language of the labels (default both: Chinese with English beside)")


def read_event(path: Path) -> Event:
    """Read a PBN event; any problem in it is an error (one line: file:line: problem)."""
    if not path.is_file():
        raise FileNotFoundError(f"{path}: no such file")
    event = read_pbn(path)
    if event.problems:
        more = len(event.problems) - 1
        raise ValueError(f"{event.problems[0]}" + (f" (and {more} more problem{'s' * (more > 1)})"
                                                    if more else ""))
    return event


def emit(data: bytes, output: Path | None) -> None:
    """Write ``data`` to ``output`` (atomically), or to standard output when there is none."""
    if output is None:
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    else:
        write_bytes_atomic(output, data)
