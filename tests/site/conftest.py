"""Fixtures of the site tests: sphinx.testing roots, and one full build of the real texts."""
from __future__ import annotations

import io
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from sphinx import locale
from sphinx.application import Sphinx
from sphinx.util.docutils import docutils_namespace

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


def _build(outdir: Path, doctrees: Path, **overrides) -> tuple[str, str]:
    status, warnings = io.StringIO(), io.StringIO()
    # docutils registers directives, roles and nodes globally, and Sphinx keeps the translations
    # of the first language it loaded: each build starts afresh, as sphinx-build (one process per
    # build) does
    locale.translators.clear()
    with docutils_namespace():
        app = Sphinx(str(PROJECT / "source"), str(PROJECT), str(outdir), str(doctrees),
                     "html", status=status, warning=warnings, freshenv=True,
                     warningiserror=True, keep_going=True, confoverrides=overrides)
        try:
            app.build()
        except Exception as exc:  # keep going collects every warning; report them all
            raise AssertionError(f"site build failed: {exc}\n{warnings.getvalue()}") from exc
    return status.getvalue(), warnings.getvalue()


@pytest.fixture(scope="session")
def real_site(tmp_path_factory) -> SiteBuild:
    """The real texts built as `make html` does, with the project's conf.py, warnings as errors,
    keep going, into a temporary folder (the generated reST lands in source/<edition>/...,
    git-ignored): the 简体 site, then the 繁體 site into its hant/ folder."""
    base = tmp_path_factory.mktemp("site")
    started = time.perf_counter()
    status, warnings = _build(base / "html", base / "doctrees" / "hans")
    hant_status, hant_warnings = _build(base / "html" / "hant", base / "doctrees" / "hant",
                                        language="zh_TW")
    build = SiteBuild(base / "html", warnings + hant_warnings, status + hant_status,
                      time.perf_counter() - started)
    # the sample PDFs next to the site, as `make` does, so that the print page's links are checked
    render_samples(build.outdir / "pdf")
    return build
