"""The package stands alone: its wheel, installed into a fresh environment outside the checkout, runs
every job on the data it ships (texts, templates, sample events, sample ruling), and the extension
builds a site from a folder holding nothing but a conf.py that names it.

The wheel is built from a copy of what it is made of (pyproject.toml, README.md, rules_ext/ with the
templates it links to), so the checkout gets no build/ or egg-info; it is built without build
isolation, by the setuptools of this environment (a test dependency), so no package index is needed.
The site is a small one: the conf.py of the empty project names the extension and the small
invented corpus of the site tests (the whole site is what the site tests build already). The new
environment gets rules_ext from the wheel only; the dependencies (Sphinx, reportlab, ...) are this
interpreter's, made visible after the environment's own packages by a .pth file written once the
wheel is installed (so pip never sees, let alone uninstalls, this interpreter's rules_ext).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

from rules_ext.cli.samples import SAMPLE_NAMES
from rules_ext.corpus import load_corpus
from rules_ext.rulebook_site.home import HOME_MARK

PROJECT = Path(__file__).resolve().parents[1]
#: the whole conf.py of the empty project: the extension, with the small invented corpus of the site
#: tests' roots (the shipped texts are checked by the commands; their whole site by the site tests)
SMALL_CONF = f"""import sys

sys.path.insert(0, {str(Path(__file__).parent / "rulebook_site" / "roots" / "test-small")!r})
extensions = ["rules_ext"]
rules_corpus_loader = "small_corpus:load"
"""
WHEEL_SOURCES = ("pyproject.toml", "README.md", "rules_ext")

pytestmark = pytest.mark.slow


def run(command: list[str | Path], cwd: Path, **kwargs) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(c) for c in command], cwd=cwd, env=clean_env(), capture_output=True,
                          text=True, **kwargs)
    assert done.returncode == 0, f"{' '.join(map(str, command))} failed:\n{done.stdout[-2000:]}" \
                                 f"\n{done.stderr[-3000:]}"
    return done


def clean_env() -> dict[str, str]:
    """This environment without anything that would put the checkout on the import path."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The python of a fresh virtual environment holding the wheel."""
    base = tmp_path_factory.mktemp("wheel")
    source = base / "source"
    source.mkdir()
    for name in WHEEL_SOURCES:
        if (PROJECT / name).is_dir():
            shutil.copytree(PROJECT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(PROJECT / name, source / name)
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-q",
         "-w", base / "dist", source], cwd=base, timeout=300)
    (wheel,) = (base / "dist").glob("rules_ext-*.whl")
    venv.EnvBuilder(with_pip=False).create(base / "venv")
    python = base / "venv" / "bin" / "python"
    run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", "-q",
         wheel], cwd=base, timeout=300)
    site_packages = run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                        cwd=base).stdout.strip()
    (Path(site_packages) / "zz-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n",
                                                            encoding="utf-8")
    return python


def test_the_wheel_runs_every_job_outside_the_checkout(installed, tmp_path):
    python = installed
    where = Path(run([python, "-c", "import rules_ext; print(rules_ext.__file__)"], cwd=tmp_path).stdout.strip())
    assert where.is_relative_to(python.parents[1]) and not where.is_relative_to(PROJECT), where

    # the site of an empty project builds in the background while the jobs run
    project = tmp_path / "project"
    project.mkdir()
    (project / "conf.py").write_text(SMALL_CONF, encoding="utf-8")
    log = tmp_path / "sphinx.log"
    with log.open("w", encoding="utf-8") as log_file:
        sphinx_build = subprocess.Popen(
            [str(python), "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", str(project),
             str(tmp_path / "site")], cwd=tmp_path, env=clean_env(), stdout=log_file, stderr=log_file)
    try:
        check = run([python, "-m", "rules_ext", "check"], cwd=tmp_path, timeout=300)
        assert "result: OK (0 lines unaccounted" in check.stdout

        corpus = json.loads(run([python, "-m", "rules_ext", "corpus", "--format", "json"],
                                cwd=tmp_path, timeout=300).stdout)
        here = json.loads(json.dumps({"editions": [e.to_dict() for e in load_corpus().editions]},
                                     ensure_ascii=False))
        assert corpus == here  # the shipped texts are the checkout's, parsed the same way

        verify = run([python, "-m", "rules_ext", "verify", "--json", tmp_path / "verify.json"],
                     cwd=tmp_path, timeout=300)
        assert "values checked" in verify.stdout
        assert json.loads((tmp_path / "verify.json").read_text(encoding="utf-8"))

        run([python, "-m", "rules_ext", "samples", "-o", tmp_path / "pdf"], cwd=tmp_path, timeout=300)
        for name in SAMPLE_NAMES:
            data = (tmp_path / "pdf" / name).read_bytes()
            assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF"), name
    except BaseException:
        sphinx_build.kill()
        raise
    finally:
        sphinx_build.wait(timeout=600)
    assert sphinx_build.returncode == 0, f"sphinx-build failed:\n{log.read_text(encoding='utf-8')[-3000:]}"

    site = tmp_path / "site"
    assert (project / "index.rst").read_text(encoding="utf-8").startswith(HOME_MARK)
    home = (site / "index.html").read_text(encoding="utf-8")
    for edition in ("1991", "1999", "1999-trad"):
        assert f'href="{edition}/index.html"' in home, edition
    assert "罚张的处理" in (site / "1991" / "law-50.html").read_text(encoding="utf-8")
    for name in ("rules.css", "rules-reading.css", "rules.js"):
        assert (site / "_static" / name).is_file(), name
    assert (site / "objects.inv").is_file() and (site / "1991" / "glossary.html").is_file()
    # every template the checkout has is in the wheel (the generator falls back to them): the site's
    # through rules_ext/rulebook_site/templates, the published events' through rules_ext/event_site/templates
    shipped = [(Path(where).parent / part / "templates") for part in ("rulebook_site", "event_site")]
    assert sorted({p.relative_to(top) for top in shipped for p in top.rglob("*") if p.is_file()}) == \
        sorted(p.relative_to(PROJECT / "templates") for p in (PROJECT / "templates").rglob("*") if p.is_file())
