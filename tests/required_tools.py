"""The programs some tests need besides Python: found on PATH, or where an environment variable
named after the program says (``CHROMIUM=/opt/chromium/chrome``, ``CHROMEDRIVER=...``, ``PDFTOPPM``,
``PDFTOTEXT``, ``PDFFONTS``). A test that needs one and finds it missing FAILS with how to install
it — never skips — the same rule for every tool (the embedded font: ``rules_ext.pdf.fonts``).

Importable from every test folder: pytest puts ``tests/`` on ``sys.path`` for its conftest.py.
"""
from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

SETUP = "as root, `make system-deps` installs every Debian package the tests need"


@dataclass(frozen=True, slots=True)
class Tool:
    variable: str  # the environment variable that may name the program's path
    names: tuple[str, ...]  # its names on PATH, first found wins
    package: str  # the Debian package that installs it

    @property
    def install(self) -> str:
        return (f"install it with `sudo apt-get install {self.package}` ({SETUP}), "
                f"or name the program in the environment variable {self.variable}")


TOOLS = {
    "chromium": Tool("CHROMIUM", ("chromium", "chromium-browser"), "chromium"),
    "chromedriver": Tool("CHROMEDRIVER", ("chromedriver",), "chromium-driver"),
    "pdftoppm": Tool("PDFTOPPM", ("pdftoppm",), "poppler-utils"),
    "pdftotext": Tool("PDFTOTEXT", ("pdftotext",), "poppler-utils"),
    "pdffonts": Tool("PDFFONTS", ("pdffonts",), "poppler-utils"),
}


def find(name: str, environ: dict[str, str] | None = None) -> str | None:
    """The path of the program ``name`` (a key of :data:`TOOLS`), or None when it is missing. A
    variable that names no executable file counts as missing (it is never passed over for PATH)."""
    tool = TOOLS[name]
    environ = dict(os.environ) if environ is None else environ
    if environ.get(tool.variable):
        path = Path(environ[tool.variable]).expanduser()
        return str(path) if path.is_file() and os.access(path, os.X_OK) else None
    return next(filter(None, (shutil.which(n, path=environ.get("PATH")) for n in tool.names)), None)


def require(name: str) -> str:
    """The path of the program ``name``; the calling test fails, saying how to install it, when it
    is missing."""
    path = find(name)
    if path is None:
        tool = TOOLS[name]
        where = (f"{tool.variable}={os.environ[tool.variable]!r} is not an executable file"
                 if os.environ.get(tool.variable) else f"{' or '.join(tool.names)} is not on PATH")
        pytest.fail(f"{name} is missing ({where}): {tool.install}", pytrace=False)
    return path
