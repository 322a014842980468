"""Files: the data the package ships (texts, templates, samples), writing output files so that
a failure never leaves a half-written file behind, and reading the TOML files a director writes
(ruling records, corrections) so that a problem names its line."""
from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import sys
import tempfile
import tomllib
from collections.abc import Iterable, Iterator
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

#: the output name that means standard output
STDOUT = "-"


class InputFileError(RulesError):
    """An input that is not a regular file, or larger than the limit."""


class OutputFileError(RulesError):
    """An output that would destroy something: a path that is not a regular file or a new name in
    an existing folder (a device, a pipe, a socket, a symbolic link, a folder), a folder that does
    not exist, or standard output where the output cannot go."""


class FileAccessError(RulesError):
    """A file the system will not let us read or write, in plain words: ``cannot read FILE:
    permission denied``, ``cannot write FILE: no space left on device``. ``errno`` is the system's
    error number."""

    def __init__(self, message: str, errno_: int | None = None) -> None:
        super().__init__(message)
        self.errno = errno_


#: the system's errors in plain words (the rest: the system's own text, lower-cased)
_PLAIN_REASONS = {
    errno.ENOENT: "no such file",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENOSPC: "no space left on device",
    errno.EDQUOT: "disk quota exceeded",
    errno.EROFS: "the file system is read-only",
    errno.ELOOP: "a loop of symbolic links",
    errno.ENOTDIR: "a part of the path is a file, not a folder",
    errno.EISDIR: "a folder, not a file",
    errno.ENAMETOOLONG: "the name is too long",
    errno.EFBIG: "the file is too large",
    errno.EIO: "input/output error (a failing disk or device?)",
    errno.EBUSY: "the file is busy",
    errno.ETXTBSY: "the file is busy",
    errno.EMFILE: "too many open files",
    errno.ENFILE: "too many open files",
}


def plain_reason(exc: OSError) -> str:
    """What went wrong, in plain words without the ``[Errno N]`` prefix."""
    if exc.errno in _PLAIN_REASONS:
        return _PLAIN_REASONS[exc.errno]
    if exc.errno is not None:
        return os.strerror(exc.errno).lower()
    return str(exc).strip() or type(exc).__name__


def access_error(action: str, path: str | os.PathLike[str], exc: OSError) -> FileAccessError:
    """``cannot ACTION PATH: reason`` for an OSError met while reading or writing ``path`` (the
    name the user gave, never a temporary one)."""
    return FileAccessError(f"cannot {action} {os.fspath(path)}: {plain_reason(exc)}", exc.errno)


def plain_os_error(exc: OSError) -> str:
    """One line in plain words for any OSError (the command line's last resort): ``cannot open
    FILE: permission denied``; a message raised without an error number is kept as it is."""
    if exc.errno is None:
        return str(exc)
    if exc.filename is not None:
        names = f"{os.fsdecode(exc.filename)}" + (f" or {os.fsdecode(exc.filename2)}" if exc.filename2 else "")
        return f"cannot open {names}: {plain_reason(exc)}"
    return plain_reason(exc)


def _kind(mode: int) -> str:
    return ("a symbolic link" if stat.S_ISLNK(mode) else "a directory" if stat.S_ISDIR(mode)
            else "a pipe" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode)
            else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a regular file")


def read_input(path: str | os.PathLike[str], max_size: int = MAX_INPUT_SIZE) -> bytes:
    """The bytes of a regular file of at most ``max_size`` bytes; a directory, a device
    (``/dev/zero``), a pipe or a larger file is an :class:`InputFileError` (nothing is read); a
    file the system will not let us read (missing, unreadable, a loop of symbolic links) is a
    :class:`FileAccessError` (``cannot read FILE: permission denied``)."""
    try:
        info = os.stat(path)
    except FileNotFoundError as exc:
        if os.path.lexists(path):  # a symbolic link whose target is missing
            raise FileAccessError(f"cannot read {os.fspath(path)}: a symbolic link to a missing file "
                                  f"({os.readlink(path)})", exc.errno) from exc
        raise access_error("read", path, exc) from exc
    except OSError as exc:
        raise access_error("read", path, exc) from exc
    if not stat.S_ISREG(info.st_mode):
        raise InputFileError(f"{os.fspath(path)}: {_kind(info.st_mode)}, not a regular file: expected a file to read")
    try:
        with open(path, "rb") as handle:
            data = handle.read(max_size + 1)  # no more than the limit, even if the file grows meanwhile
    except OSError as exc:
        raise access_error("read", path, exc) from exc
    if len(data) > max_size:
        raise InputFileError(f"{os.fspath(path)}: more than {max_size:,} bytes: expected a smaller file, or "
                             f"--max-size MB to allow it")
    return data


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether two paths name one existing file (also through links or another spelling)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


# -- outputs: a regular file or a new name in an existing folder, written aside and renamed ------

_OUTPUT_EXPECTED = "expected a regular file or a new name in an existing folder (an output never replaces anything else)"


def is_stdout(path: str | os.PathLike[str] | None) -> bool:
    """Whether ``path`` is ``-``, standard output."""
    return path is not None and os.fspath(path) == STDOUT


def _lstat_output(path: str | os.PathLike[str]) -> os.stat_result | None:
    """What is at an output path now (None: nothing); a loop of symbolic links or a file in the
    path is a :class:`FileAccessError`: nothing can be written there."""
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise access_error("write", path, exc) from exc


def check_output(path: str | os.PathLike[str], *, stdout: str | None = None) -> None:
    """Refuse, before any work, an output that would destroy something or cannot be written:
    ``path`` must be a regular file (replaced) or a new name in an existing folder (the folder is
    never created); a device, a pipe, a socket, a symbolic link (to anything) or a folder is an
    :class:`OutputFileError` naming the path. ``-`` is standard output: allowed when ``stdout`` is
    ``"text"``, or ``"binary"`` when standard output is not a terminal; refused when ``stdout`` is
    None (the command's output does not go to standard output)."""
    if is_stdout(path):
        if stdout is None:
            raise OutputFileError("-: this output cannot go to standard output: expected a file name")
        if stdout == "binary" and sys.stdout.isatty():
            raise OutputFileError("-: a PDF is binary and standard output is a terminal: expected -o FILE.pdf, "
                                  "or standard output sent to a file or a program (-o - > FILE.pdf)")
        return
    name = os.fspath(path)
    info = _lstat_output(path)
    if info is not None and not stat.S_ISREG(info.st_mode):
        target = f" to {os.readlink(path)}" if stat.S_ISLNK(info.st_mode) else ""
        raise OutputFileError(f"{name}: {_kind(info.st_mode)}{target}, not a regular file: {_OUTPUT_EXPECTED}")
    folder = os.path.dirname(name) or "."
    try:
        folder_info = os.stat(folder)
    except FileNotFoundError as exc:
        raise OutputFileError(f"{name}: the folder {folder} does not exist: expected an existing folder "
                              f"(it is not created)") from exc
    except OSError as exc:
        raise access_error("write", path, exc) from exc
    if not stat.S_ISDIR(folder_info.st_mode):
        raise OutputFileError(f"{name}: {folder} is not a folder: expected a file in an existing folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise FileAccessError(f"cannot write {name}: permission denied (in the folder {folder})", errno.EACCES)


def check_output_folder(path: str | os.PathLike[str], names: Iterable[str]) -> None:
    """Refuse, before any work, a folder output that would destroy something: ``path`` must be a
    folder (not a symbolic link to one) or a new name in an existing folder, and each of ``names``
    in it a regular file or absent (see :func:`check_output`)."""
    name = os.fspath(path)
    if is_stdout(path):
        raise OutputFileError("-: this command writes a folder of files: expected a folder name")
    info = _lstat_output(path)
    if info is None:
        check_output(path)
        return
    if not stat.S_ISDIR(info.st_mode):
        target = f" to {os.readlink(path)}" if stat.S_ISLNK(info.st_mode) else ""
        raise OutputFileError(f"{name}: {_kind(info.st_mode)}{target}, not a folder: expected a folder "
                              f"or a new name in an existing folder")
    for file in names:
        check_output(os.path.join(name, file))


def install(tmp: str | os.PathLike[str], path: str | os.PathLike[str]) -> None:
    """Move the finished file ``tmp`` to ``path`` (same folder). A new name is linked (which never
    replaces anything, whatever appeared there meanwhile); an existing name is looked at again right
    before the rename and replaced only if it is still a regular file."""
    name = os.fspath(path)
    try:
        os.link(tmp, path)
        os.unlink(tmp)
        return
    except FileExistsError:
        pass
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EMLINK, errno.ENOSYS, errno.EXDEV):
            raise access_error("write", path, exc) from exc
    info = _lstat_output(path)
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise OutputFileError(f"{name}: became {_kind(info.st_mode)} while the output was made: not replaced "
                              f"({_OUTPUT_EXPECTED})")
    try:
        os.replace(tmp, path)
    except OSError as exc:
        raise access_error("write", path, exc) from exc


#: errors of a write that carry no file name (the disk is full ...): the output's own errors
_WRITE_ERRORS = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EROFS)


@contextlib.contextmanager
def atomic_output(path: str | os.PathLike[str], *, stdout: str | None = "binary") -> Iterator[Path]:
    """Yield a temporary path next to ``path``; move it to ``path`` only if the block succeeds
    (:func:`install`). ``path`` is checked first (:func:`check_output`; ``-`` is standard output,
    written once the block has succeeded). An OSError of the temporary file is a
    :class:`FileAccessError` naming ``path``."""
    check_output(path, stdout=stdout)
    if is_stdout(path):
        with tempfile.TemporaryDirectory(prefix="rules_ext.") as folder:
            tmp_path = Path(folder) / "output"
            yield tmp_path
            data = tmp_path.read_bytes()
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    target = Path(path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
        os.close(fd)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; give the file the usual mode
    except OSError as exc:
        raise access_error("write", path, exc) from exc
    tmp_path = Path(tmp)
    try:
        try:
            yield tmp_path
        except OSError as exc:
            ours = exc.filename is not None and os.fsdecode(exc.filename) == tmp
            if ours or (exc.filename is None and exc.errno in _WRITE_ERRORS):
                raise access_error("write", path, exc) from exc
            raise
        install(tmp_path, target)
    finally:
        if os.path.lexists(tmp_path):
            tmp_path.unlink()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_bytes_atomic(path: str | os.PathLike[str], data: bytes, *, stdout: str | None = "binary") -> None:
    """Write ``data`` to ``path`` through :func:`atomic_output` (``-``: standard output)."""
    with atomic_output(path, stdout=stdout) as tmp:
        tmp.write_bytes(data)


def write_text_atomic(path: str | os.PathLike[str], text: str, *, stdout: str | None = "text") -> None:
    write_bytes_atomic(path, text.encode("utf-8"), stdout=stdout)


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


def read_toml(path: str | os.PathLike[str], *, error: type[ValueError] = ValueError,
              max_size: int = MAX_INPUT_SIZE) -> TomlText:
    """Read a UTF-8 TOML file, a regular file under the input size limit (``max_size``,
    :func:`read_input`; see :func:`parse_toml`); text that is not UTF-8 raises ``error``."""
    try:
        text = read_input(path, max_size).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from exc
    return parse_toml(text, source=str(path), error=error)
