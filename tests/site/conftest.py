"""Fixtures of the site tests: sphinx.testing roots, and one full build of the real texts."""
from __future__ import annotations

import io
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from sphinx.application import Sphinx

from rules_ext.cli.samples import render_samples

PROJECT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def rootdir() -> Path:
    return Path(__file__).parent / "roots"


@dataclass(frozen=True, slots=True)
class SiteBuild:
    outdir: Path
    warnings: str
    status: str
    seconds: float


@pytest.fixture(scope="session")
def real_site(tmp_path_factory) -> SiteBuild:
    """The real texts built once with the project's conf.py, warnings as errors, keep going, into
    a temporary folder (the generated reST lands in source/<edition>/..., git-ignored)."""
    base = tmp_path_factory.mktemp("site")
    status, warnings = io.StringIO(), io.StringIO()
    started = time.perf_counter()
    app = Sphinx(str(PROJECT / "source"), str(PROJECT), str(base / "html"), str(base / "doctrees"),
                 "html", status=status, warning=warnings, freshenv=True, warningiserror=True,
                 keep_going=True)
    try:
        app.build()
    except Exception as exc:  # keep going collects every warning; report them all
        raise AssertionError(f"site build failed: {exc}\n{warnings.getvalue()}") from exc
    build = SiteBuild(base / "html", warnings.getvalue(), status.getvalue(),
                      time.perf_counter() - started)
    # the sample PDFs next to the site, as `make` does, so that the print page's links are checked
    render_samples(build.outdir / "pdf")
    return build
