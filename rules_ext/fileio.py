"""Files: the data the package ships (texts, templates, samples), and writing output files so that
a failure never leaves a half-written file behind."""
from __future__ import annotations

import contextlib
import os
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
