"""Files: the data the package ships (texts, templates, samples), writing output files so that
a failure never leaves a half-written file behind, and reading the TOML files a director writes
(ruling records, corrections) so that a problem names its line."""
from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from rules_ext.errors import RulesError


def package_path(package: str, *parts: str) -> Path:
    """The file or folder ``parts`` shipped inside ``package``, e.g.
    ``package_path("rules_ext.corpus", "texts")``. A wheel installs the package as plain folders, so
    this is a real path that globbing, Jinja2's file loader and reportlab can use."""
    resource = resources.files(package).joinpath(*parts)
    if not isinstance(resource, Path):
        raise RuntimeError(f"{package} is not installed as a folder (a zip file?): cannot read "
                           f"{'/'.join(parts)} from it; install the wheel with pip")
    return resource


#: the largest input file read unless the caller allows more (a results file is a few MB at most)
MAX_INPUT_SIZE = 64 * 1024 * 1024


class InputFileError(RulesError):
    """An input that is not a regular file, or larger than the limit."""


def read_input(path: str | os.PathLike[str], max_size: int = MAX_INPUT_SIZE) -> bytes:
    """The bytes of a regular file of at most ``max_size`` bytes; a directory, a device
    (``/dev/zero``), a pipe or a larger file is an :class:`InputFileError` (nothing is read)."""
    try:
        info = os.stat(path)
    except FileNotFoundError as exc:
        raise FileNotFoundError(f"{path}: no such file") from exc
    if not stat.S_ISREG(info.st_mode):
        kind = ("a directory" if stat.S_ISDIR(info.st_mode) else "a pipe" if stat.S_ISFIFO(info.st_mode)
                else "a device" if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode) else "a socket")
        raise InputFileError(f"{path}: {kind}, not a regular file: expected a file to read")
    with open(path, "rb") as handle:
        data = handle.read(max_size + 1)  # no more than the limit, even if the file grows meanwhile
    if len(data) > max_size:
        raise InputFileError(f"{path}: more than {max_size:,} bytes: expected a smaller file, or "
                             f"--max-size MB to allow it")
    return data


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether two paths name one existing file (also through links or another spelling)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


@contextlib.contextmanager
def atomic_output(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield a temporary path next to ``path``; rename it over ``path`` only if the block succeeds."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    os.close(fd)
    tmp_path = Path(tmp)
    os.chmod(tmp_path, 0o666 & ~_umask())  # mkstemp makes 0600; give the file the usual mode
    try:
        yield tmp_path
        os.replace(tmp_path, target)
    finally:
        if tmp_path.exists():
            tmp_path.unlink()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_bytes_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    with atomic_output(path) as tmp:
        tmp.write_bytes(data)


def write_text_atomic(path: str | os.PathLike[str], text: str) -> None:
    write_bytes_atomic(path, text.encode("utf-8"))


# -- TOML files a person writes (ruling records, corrections): data, and the line of a key ------

_TOML_HEADER = re.compile(r"^\s*\[\[?\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\]\]?\s*(?:#.*)?$")
_TOML_PATH_PART = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(?:\[(\d+)\])?")


@dataclass(frozen=True, slots=True)
class TomlText:
    """A TOML text read: its ``data`` and its ``lines``, so that a problem can name the line of the
    key it is about (``tomllib`` gives no positions for keys). ``source`` names the file."""

    data: dict[str, Any]
    lines: tuple[str, ...]
    source: str

    def line_of(self, path: str) -> int | None:
        """The line that sets ``path``'s last key: ``board``, ``players.N``, ``correction[2].tricks``
        (the second ``[[correction]]``), searched from its table header to the next header; the
        header's line for a table itself (``correction[2]``)."""
        parts = _TOML_PATH_PART.findall(path)
        if not parts:
            return None
        start, table = 0, None  # the line of the table header, when the path is inside a table
        if len(parts) > 1 or parts[0][1]:
            name, index = parts[0]
            seen = 0
            for i, line in enumerate(self.lines):
                header = _TOML_HEADER.match(line)
                if header and header[1] == name:
                    seen += 1
                    if seen == int(index or 1):
                        start = table = i
                        break
            if len(parts) == 1 and table is not None:  # a table itself; else a list item, e.g. laws[1]
                return table + 1
        key = re.escape(parts[-1][0])
        for i in range(start, len(self.lines)):
            line = self.lines[i]
            if i > start and _TOML_HEADER.match(line):
                break
            if re.match(rf"\s*{key}\s*=", line) or re.search(rf"[{{,]\s*{key}\s*=", line):
                return i + 1
        return None if table is None else table + 1

    def where(self, path: str) -> str:
        """``file:line`` of ``path`` (the file alone when the key is nowhere in it)."""
        line = self.line_of(path)
        return f"{self.source}:{line}" if line else self.source


def parse_toml(text: str, *, source: str, error: type[ValueError] = ValueError) -> TomlText:
    """Read TOML text; invalid TOML raises ``error`` as ``file:line: not valid TOML: problem``."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        where = f"{source}:{found[1]}" if found else source
        raise error(f"{where}: not valid TOML: {str(exc).split(' (at line')[0]}") from exc
    return TomlText(data, tuple(text.splitlines()), source)


def read_toml(path: str | os.PathLike[str], *, error: type[ValueError] = ValueError) -> TomlText:
    """Read a UTF-8 TOML file, a regular file under the input size limit (:func:`read_input`; see
    :func:`parse_toml`); text that is not UTF-8 raises ``error``."""
    try:
        text = read_input(path).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from exc
    return parse_toml(text, source=str(path), error=error)
