"""Fixtures of the site tests: sphinx.testing roots, and one full build of the real texts.

The full build (``real_site``) is made once per test run: the tests that read it are one xdist
group (``site``, see ``pytest_collection_modifyitems`` in tests/conftest.py), so one worker builds
it while the other runs everything else. It is built as ``make html`` builds it (the project's
conf.py, ``-W --keep-going``), from a temporary copy of ``source/`` — tests never write into the
checkout — with the 简体 and the 繁體 builds side by side, each a ``sphinx-build`` process of its
own (one process per build, as ``make html`` runs them; each starts from its own copy of the
sources, since the generator writes its pages into the source folder).
"""
from __future__ import annotations

import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from functools import cached_property
from html.parser import HTMLParser
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[2]
SOURCE = PROJECT / "source"


@pytest.fixture(scope="session")
def rootdir() -> Path:
    return Path(__file__).parent / "roots"


class _Parsed(HTMLParser):
    """What the page checks read from a page: its ids (in order) and its links."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        self.ids.extend(value for key, value in attrs if key == "id" and value)
        if tag == "a" and values.get("name"):
            self.ids.append(values["name"] or "")
        for key in ("href", "src"):
            if values.get(key) and not (tag == "link" and values.get("rel") == "preconnect"):
                self.hrefs.append(values[key] or "")


@dataclass(frozen=True)
class Page:
    path: Path
    html: str
    ids: tuple[str, ...]
    hrefs: tuple[str, ...]


@dataclass(frozen=True)
class SiteBuild:
    outdir: Path
    warnings: str
    status: str
    seconds: float

    @cached_property
    def pages(self) -> dict[Path, Page]:
        """Every HTML page of both sites, read and parsed once for all the page checks."""
        pages = {}
        for path in sorted(self.outdir.rglob("*.html")):
            html = path.read_text(encoding="utf-8")
            parsed = _Parsed()
            parsed.feed(html)
            pages[path] = Page(path, html, tuple(parsed.ids), tuple(parsed.hrefs))
        return pages


def copy_sources(target: Path) -> Path:
    """``source/`` as committed: the hand-written pages, without what a build generated there
    (the folders marked ``.generated``, ``_generated/``)."""
    def generated(folder: str, names: list[str]) -> set[str]:
        return {n for n in names
                if (Path(folder, n) / ".generated").exists() or n == "_generated"}

    shutil.copytree(SOURCE, target, ignore=generated)
    return target


def start_build(srcdir: Path, outdir: Path, doctrees: Path, *options: str) -> subprocess.Popen:
    """``python -m sphinx`` with the project's conf.py, warnings as errors, keep going: status on
    stdout, Sphinx's warnings into ``doctrees/warnings.txt`` (stderr for whatever else goes wrong)."""
    doctrees.mkdir(parents=True)
    return subprocess.Popen(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "--no-color", "-c", str(PROJECT),
         "-b", "html", "-d", str(doctrees), "-w", str(doctrees / "warnings.txt"), *options,
         str(srcdir), str(outdir)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8")


def build_site(base: Path) -> SiteBuild:
    """The 简体 site into ``base/html``, the 繁體 site into ``base/html/hant``, side by side."""
    started = time.perf_counter()
    builds = {
        "简体": start_build(copy_sources(base / "src-hans"), base / "html", base / "doctrees/hans"),
        "繁體": start_build(copy_sources(base / "src-hant"), base / "html" / "hant",
                          base / "doctrees/hant", "-D", "language=zh_TW"),
    }
    status = warnings = ""
    failed = []
    for name, process in builds.items():
        out, err = process.communicate(timeout=900)
        status += out
        warnings += Path(process.args[process.args.index("-w") + 1]).read_text(encoding="utf-8")
        if process.returncode:
            failed.append(f"{name} build: exit status {process.returncode}\n{err[-4000:]}")
    assert not failed, "\n".join(failed)
    return SiteBuild(base / "html", warnings, status, time.perf_counter() - started)


@pytest.fixture(scope="session")
def real_site(tmp_path_factory, sample_pdfs) -> SiteBuild:
    """The real texts built as `make html` does (both scripts), with the sample PDFs next to the
    site as `make` puts them, so that the print page's links are checked."""
    build = build_site(tmp_path_factory.mktemp("site"))
    shutil.copytree(sample_pdfs, build.outdir / "pdf")
    return build
