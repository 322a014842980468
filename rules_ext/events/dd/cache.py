"""Double-dummy results cached per deal: in memory for a run and, in a folder, across runs.

A solve depends on the deal alone (the tricks) and on the dealer and the vulnerability (the par), so
an entry is keyed by the deal in PBN, the dealer, the vulnerability and the cache's
:data:`FORMAT` version; an entry solved without par serves only requests without par. One file per
entry, ``DIR/v1/ab/<sha256>.json``, written atomically (a temporary file beside it, then renamed), so
two runs sharing the folder never read half an entry. A missing, unreadable or corrupt entry, or one
of another format or another deal (a hash collision), is ignored and solved again, never an error;
a folder that cannot be written to only costs the cross-run cache.

The folder is ``--dd-cache DIR`` on the command line, else ``$RULES_EXT_DD_CACHE``, else
``$XDG_CACHE_HOME/rules-ext/dd`` (``~/.cache/rules-ext/dd``). Library calls use the in-memory cache
only until :func:`use_folder` names a folder (the CLI does).
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rules_ext.errors import RulesError

#: the layout of an entry; bump it when it changes, and older entries are never read
FORMAT = 1

#: what the solver returns for one deal: the 4 x 5 grid and, when asked, (score, par contracts)
Solved = tuple[tuple[tuple[int, ...], ...], tuple[int, tuple[tuple[int, int, int, int, int], ...]] | None]


def default_folder() -> Path:
    """``$RULES_EXT_DD_CACHE``, else the user's cache folder: ``$XDG_CACHE_HOME/rules-ext/dd``."""
    named = os.environ.get("RULES_EXT_DD_CACHE")
    if named:
        return Path(named)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "rules-ext" / "dd"


def entry_key(pbn: str, dealer: int, vulnerability: str) -> str:
    return hashlib.sha256(f"{FORMAT}|{pbn}|{dealer}|{vulnerability}".encode()).hexdigest()


class DDCache:
    """Solved deals by :func:`entry_key`, in memory and (when ``folder`` is set) on disk."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder
        self.memory: dict[str, Solved] = {}
        self.hits = self.solved = 0

    def _path(self, key: str) -> Path:
        assert self.folder is not None
        return self.folder / f"v{FORMAT}" / key[:2] / f"{key}.json"

    def get(self, pbn: str, dealer: int, vulnerability: str, with_par: bool) -> Solved | None:
        key = entry_key(pbn, dealer, vulnerability)
        found = self.memory.get(key)
        if found is None and self.folder is not None:
            found = self._read(key, pbn, dealer, vulnerability)
            if found is not None:
                self.memory[key] = found
        if found is None or (with_par and found[1] is None):
            return None
        self.hits += 1
        return found if with_par else (found[0], None)

    def put(self, pbn: str, dealer: int, vulnerability: str, solved: Solved) -> None:
        key = entry_key(pbn, dealer, vulnerability)
        old = self.memory.get(key)
        if old is not None and old[1] is not None and solved[1] is None:
            return  # keep the entry with par
        self.memory[key] = solved
        self.solved += 1
        if self.folder is not None:
            self._write(key, {"format": FORMAT, "deal": pbn, "dealer": dealer, "vulnerability": vulnerability,
                              "tricks": solved[0], "par": solved[1]})

    def _read(self, key: str, pbn: str, dealer: int, vulnerability: str) -> Solved | None:
        try:
            data = json.loads(self._path(key).read_text(encoding="utf-8"))
            if (data["format"], data["deal"], data["dealer"], data["vulnerability"]) != \
                    (FORMAT, pbn, dealer, vulnerability):
                return None
            tricks = tuple(tuple(int(t) for t in row) for row in data["tricks"])
            if len(tricks) != 4 or any(len(row) != 5 or any(not 0 <= t <= 13 for t in row) for row in tricks):
                return None
            par = data["par"]
            found = None if par is None else (int(par[0]), tuple(_par_entry(c) for c in par[1]))
            return tricks, found
        except (OSError, ValueError, KeyError, TypeError, IndexError):
            return None   # missing, unreadable or corrupt: solved again

    def _write(self, key: str, data: dict[str, Any]) -> None:
        path = self._path(key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, temporary = tempfile.mkstemp(prefix=".", suffix=".tmp", dir=path.parent)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as out:
                    json.dump(data, out)
                os.replace(temporary, path)
            except BaseException:
                os.unlink(temporary)
                raise
        except OSError:
            pass  # a folder we cannot write to: the deal is solved again next run


def _par_entry(entry: Sequence[Any]) -> tuple[int, int, int, int, int]:
    level, denom, penalty, declarer, result = (int(x) for x in entry)
    if not (1 <= level <= 7 and 0 <= denom <= 4 and 0 <= penalty <= 2 and 0 <= declarer <= 3):
        raise ValueError(f"par entry {entry!r}")
    return level, denom, penalty, declarer, result


_current = DDCache()


def current() -> DDCache:
    """The process's cache (in memory; on disk once :func:`use_folder` is called)."""
    return _current


def use_folder(folder: Path | None) -> DDCache:
    """Keep solved deals in ``folder`` as well (None: the default folder); returns the cache."""
    _current.folder = folder if folder is not None else default_folder()
    return _current


def use_dd_cache(folder: Path | None) -> None:
    """The cache's folder for this run (``--dd-cache``): ``folder``, or the default when None; a
    path that is there and is not a folder is refused."""
    if folder is not None and folder.exists() and not folder.is_dir():
        raise RulesError(f"--dd-cache {folder}: not a folder: expected a folder (it is created if missing)")
    use_folder(folder)
