"""An event file read by what it holds: USEBIO when it is XML, else PBN; a regular file under the
size limit (:func:`rules_ext.fileio.read_input`)."""
from __future__ import annotations

from pathlib import Path

from rules_ext.events.errors import PBNErrors
from rules_ext.events.model import Event
from rules_ext.events.pbn.reader import read_pbn
from rules_ext.events.usebio.reader import read_usebio
from rules_ext.fileio import MAX_INPUT_SIZE, read_input


def read_event_file(path: Path, *, encoding: str | None = None, max_size: int = MAX_INPUT_SIZE) -> Event:
    """Read an event file with its problems: PBN, or USEBIO when the file is XML."""
    data = read_input(path, max_size)
    if path.suffix.lower() == ".xml" or data.lstrip()[:8].lower().startswith((b"<?xml", b"<usebio")):
        return read_usebio(data, source=str(path), max_bytes=None)  # read_input has checked the size
    return read_pbn(data, source=str(path), encoding=encoding)


def read_event(path: Path, *, max_size: int = MAX_INPUT_SIZE) -> Event:
    """Read an event; any problem in it is an error (one ``file:line: problem`` line each)."""
    event = read_event_file(path, max_size=max_size)
    if event.second_event is not None:  # several events: the one line that says so
        raise PBNErrors((event.second_event,))
    if event.problems:
        raise PBNErrors(event.problems)
    return event
