"""What several commands share: the print and input options, checking an output before any work
(never an input, never anything but a regular file or a new name: ``rules_ext.fileio.check_output``),
the progress bar, and writing a result to standard output or a file."""
from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from rules_ext.errors import RulesError
from rules_ext.fileio import MAX_INPUT_SIZE, check_output, is_stdout, same_file, write_bytes_atomic

if TYPE_CHECKING:  # reportlab is loaded only by the commands that print
    from rules_ext.pdf.layout import Progress

T = TypeVar("T")


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


def add_figures_option(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """``--figures ours|file``: the sheets that print scored figures take it."""
    parser.add_argument("--figures", choices=("ours", "file"), default="ours",
                        help="where our figures differ from the file's own, print ours (default; marked †) "
                             "or the file's (marked †)")


def add_sessions_arguments(parser: argparse.ArgumentParser) -> None:
    """The event files, one or the sessions of one event, and the carry-over between sessions."""
    parser.add_argument("event", type=Path, nargs="+",
                        help="the PBN file (or USEBIO results XML); several: the sessions of one event, in order "
                             "(PBN and USEBIO mixed), ranked overall")
    parser.add_argument("--carry-over", metavar="none|full|N%",
                        help="with several sessions: the share of the earlier sessions that counts in the overall "
                             "ranking, the last counting whole: none, full (default) or a percentage, e.g. 50%%")


def add_input_options(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """``--max-size MB``: every command that reads an event file takes it."""
    parser.add_argument("--max-size", type=_megabytes, default=MAX_INPUT_SIZE, metavar="MB",
                        help=f"read input files up to this size (default {MAX_INPUT_SIZE // 2**20} MB)")


def _megabytes(text: str) -> int:
    try:
        size = float(text)
    except ValueError:
        size = 0
    if size <= 0:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a size in MB, e.g. 200")
    return int(size * 2**20)


def refuse_overwriting_inputs(output: Path | None, *inputs: Path | None) -> None:
    """An output that is one of the inputs (by any path) is refused before anything is read."""
    for source in inputs:
        if output is not None and source is not None and not is_stdout(output) and same_file(output, source):
            raise RulesError(f"{output}: is the input file {source}: expected another output file "
                             f"(an input is never written over)")


def check_output_path(output: Path | None, *inputs: Path | None, stdout: str | None = "text") -> None:
    """Before any work: an output that is an input is refused (:func:`refuse_overwriting_inputs`),
    and so is one that would destroy something (a device, a pipe, a socket, a symbolic link, a
    folder) or lies in a folder that does not exist (:func:`rules_ext.fileio.check_output`; ``-``
    is standard output as ``stdout`` allows: ``"text"``, ``"binary"`` or None)."""
    refuse_overwriting_inputs(output, *inputs)
    if output is not None:
        check_output(output, stdout=stdout)


def emit(data: bytes, output: Path | None) -> None:
    """Write ``data`` to ``output`` (atomically), or to standard output when there is none or it
    is ``-``."""
    if output is None or is_stdout(output):
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    else:
        write_bytes_atomic(output, data)
