"""Files: the data the package ships (texts, templates, samples), and writing output files so that
a failure never leaves a half-written file behind."""
from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from importlib import resources
from pathlib import Path


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


class InputFileError(ValueError):
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
