"""The write cache of the generated pages: only files whose text changed are written, and the
corpus is not even loaded when nothing the pages are made from changed.

Generated pages are a build product: at ``builder-inited`` they are written into the source tree
(git-ignored folders), and a file is only rewritten when its text changed, so Sphinx's incremental
build re-reads only what really changed. Files in those folders that the corpus no longer produces
are removed. Each folder holds a ``.generated`` marker; a folder without it is never written into
(it would be someone's hand-written pages).
"""
from __future__ import annotations

import hashlib
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from rules_ext.errors import RulesError
from rules_ext.fileio import write_text_atomic

MARKER = ".generated"


class GenerationError(RulesError):
    """A generated folder that is not ours, or a template problem."""



# -- caching: skip loading the corpus when nothing it is made from changed ------------------------
def _package_files(obj) -> list[Path]:
    """The source files of the top-level package (or module) that defines ``obj``."""
    module = sys.modules.get(getattr(obj, "__module__", "") or "")
    if module is None or module.__file__ is None:
        return []
    top = sys.modules.get(module.__name__.split(".")[0], module)
    file = Path(top.__file__ or module.__file__)
    root = file.parent if file.name == "__init__.py" else file
    return sorted(root.rglob("*") if root.is_dir() else [root])


def inputs_stamp(callables: Sequence[Any], folders: Sequence[Path], settings: str) -> str:
    """A digest of everything the generated pages are made from: the code of the packages that
    define the loaders (for the project: all of rules_ext, corpus, verify, core and site), the
    texts, examples and templates folders (names, sizes and modification times) and settings."""
    digest = hashlib.sha256(settings.encode())
    files: set[Path] = set()
    for obj in callables:
        if obj is not None:
            files.update(_package_files(obj))
    files.update(_package_files(inputs_stamp))
    for folder in folders:
        if folder.is_dir():
            files.update(folder.rglob("*"))
    for path in sorted(files):
        if path.is_file() and "__pycache__" not in path.parts:
            st = path.stat()
            digest.update(f"{path}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def stamp_matches(stamp_path: Path, stamp: str, srcdir: Path) -> list[str] | None:
    """The build-log messages of the generation the stamp records, or None if it is stale."""
    try:
        text = stamp_path.read_text(encoding="utf-8")
    except OSError:
        return None
    head, _, messages = text.partition("\n--\n")
    lines = head.splitlines()
    if not lines or lines[0] != stamp:
        return None
    if not all((srcdir / f"{name}.rst").is_file() for name in lines[1:]):
        return None
    return messages.splitlines()


def write_stamp(stamp_path: Path, stamp: str, pages: dict[str, str], messages: list[str]) -> None:
    write_text_atomic(stamp_path, "\n".join([stamp, *sorted(pages), "--", *messages]) + "\n")


# -- writing --------------------------------------------------------------------------------------
def generated_roots(pages: Iterable[str]) -> set[str]:
    return {name.split("/", 1)[0] for name in pages if "/" in name}


def write_pages(srcdir: Path, pages: dict[str, str], roots: Iterable[str]) -> tuple[int, int]:
    """Write the pages as ``<srcdir>/<docname>.rst``; only changed files are rewritten; stale
    generated files are removed. Returns (written, removed)."""
    written = removed = 0
    for root in roots:
        folder = srcdir / root
        if folder.exists() and not (folder / MARKER).exists() and any(folder.iterdir()):
            raise GenerationError(f"{folder} exists and was not generated (no {MARKER} file): "
                                  "move it away or rename the edition")
        folder.mkdir(parents=True, exist_ok=True)
        (folder / MARKER).touch()
    for docname, text in pages.items():
        written += write_if_changed(srcdir / f"{docname}.rst", text)
    wanted = {srcdir / f"{name}.rst" for name in pages}
    for root in roots:
        for path in (srcdir / root).rglob("*.rst"):
            if path not in wanted:
                path.unlink()
                removed += 1
    return written, removed


def write_if_changed(path: Path, text: str) -> bool:
    """Write ``text`` to ``path`` unless the file holds it already; whether it was written."""
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    write_text_atomic(path, text)
    return True
