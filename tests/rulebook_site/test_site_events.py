"""Events published by a Sphinx build (``rules_ext.event_site.sphinx_ext``): a small project of
its own (a conf.py naming the extension and ``rules_events_dir``, one page with ``.. rules-events::``),
built by ``python -m sphinx -W`` as ``make html`` builds the site, 简体 and then 繁體 beside it.

The event is published into ``events/NAME/`` of each build in its script, listed with its name, date,
kind and boards; a second build with nothing changed publishes nothing (the digest of its inputs) and
reads no page again; a changed input (the corrections file appears) publishes it again; a name that
cannot be a folder of the site is refused in one line naming the file.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rules_ext.fileio import package_path

TEAMS = package_path("rules_ext.events", "samples", "sample-teams.pbn")
PROJECT = Path(__file__).resolve().parents[2]

CONF = '''\
project = "赛事"
language = "zh_CN"
extensions = ["rules_ext.event_site.sphinx_ext"]
rules_events_dir = "events-in"
'''
PAGE = """\
赛事成绩
========

.. rules-events::
"""


def build(root: Path, *options: str) -> subprocess.CompletedProcess:
    out = root / "html" / ("hant" if "language=zh_TW" in options else "")
    doctrees = root / "doctrees" / ("hant" if "language=zh_TW" in options else "hans")
    return subprocess.run([sys.executable, "-m", "sphinx", "-W", "--no-color", "-b", "html", "-d", str(doctrees),
                           *options, str(root / "src"), str(out)],
                          capture_output=True, text=True, encoding="utf-8", cwd=PROJECT, timeout=600)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "conf.py").write_text(CONF, encoding="utf-8")
    (tmp_path / "src" / "index.rst").write_text(PAGE, encoding="utf-8")
    (tmp_path / "src" / "events-in").mkdir()
    shutil.copy(TEAMS, tmp_path / "src" / "events-in" / "friendly.pbn")
    return tmp_path


def test_events_published_listed_and_not_published_again(project: Path):
    first = build(project)
    assert first.returncode == 0, first.stderr
    assert re.search(r"rules: event friendly published: \d+ pages", first.stdout), first.stdout
    event = project / "html" / "events" / "friendly"
    index = (event / "index.html").read_text(encoding="utf-8")
    assert 'href="../../hant/events/friendly/index.html"' in index  # the 繁體 build's copy
    assert (event / "pdf" / "results.pdf").is_file() and (event / "export" / "event.pbn").is_file()
    listing = (project / "html" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<a class="reference external" href="events/friendly/index.html">友谊赛'
                     r'</a> — 2026年11月26日 · 团体赛 · 8副牌', listing), listing
    assert '<a class="site" href="../../index.html">赛事 ' in index  # back to the site (html_title)

    hant = build(project, "-D", "language=zh_TW")
    assert hant.returncode == 0, hant.stderr
    board = (project / "html" / "hant" / "events" / "friendly" / "boards" / "1.html").read_text(encoding="utf-8")
    assert "牌號 1" in board and 'href="../../../../events/friendly/boards/1.html"' in board

    stamp = (event / "index.html").stat().st_mtime_ns
    again = build(project)
    assert again.returncode == 0, again.stderr
    assert "rules: event friendly up to date" in again.stdout
    assert "rules: event friendly published" not in again.stdout
    assert (event / "index.html").stat().st_mtime_ns == stamp  # nothing written
    assert "0 source files that are out of date" in again.stdout or "no targets are out of date" in again.stdout

    fix = project / "src" / "events-in" / "friendly-fix.toml"
    fix.write_text("[[correction]]\nboard = 1\n", encoding="utf-8")  # bad input: refused in one line
    refused = build(project)
    assert refused.returncode != 0
    assert "Traceback" not in refused.stderr and "traceback" not in refused.stderr, refused.stderr
    assert re.search(rf"ERROR: {re.escape(str(fix))}:2: board: ", refused.stderr), refused.stderr
    assert (event / "index.html").stat().st_mtime_ns == stamp

    fix.write_text("[conventions]\ncentred = false\n", encoding="utf-8")  # a change of input: published again
    changed = build(project)
    assert changed.returncode == 0, changed.stderr
    assert "rules: event friendly published" in changed.stdout


def test_a_name_the_site_cannot_use_is_refused(project: Path):
    shutil.move(project / "src" / "events-in" / "friendly.pbn", project / "src" / "events-in" / "周四.pbn")
    done = build(project)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert "周四.pbn: the name '周四' cannot be the event's folder in the site" in done.stderr, done.stderr
    assert not (project / "html" / "events").exists()


def test_an_event_removed_from_the_folder_leaves_no_pages(project: Path):
    """An event taken out of the events folder: its pages go from both builds at the next build;
    a folder in ``events/`` that the extension never wrote stays."""
    pairs = package_path("rules_ext.events", "samples", "sample-pairs.pbn")
    shutil.copy(pairs, project / "src" / "events-in" / "thursday.pbn")
    for options in [(), ("-D", "language=zh_TW")]:
        done = build(project, *options)
        assert done.returncode == 0, done.stderr
    hans, hant = project / "html" / "events", project / "html" / "hant" / "events"
    assert (hans / "thursday" / "index.html").is_file() and (hant / "thursday" / "index.html").is_file()
    own = hans / "kept-by-hand"
    own.mkdir()
    (own / "index.html").write_text("<p>手工放入</p>", encoding="utf-8")

    (project / "src" / "events-in" / "thursday.pbn").unlink()
    for options, events in [((), hans), (("-D", "language=zh_TW"), hant)]:
        done = build(project, *options)
        assert done.returncode == 0, done.stderr
        assert "rules: event thursday no longer in the events folder, its pages removed" in done.stdout
        assert not (events / "thursday").exists()
        assert (events / "friendly" / "index.html").is_file()
    assert (own / "index.html").is_file()  # not recorded by the extension: left alone
    listing = (project / "html" / "index.html").read_text(encoding="utf-8")
    assert "events/friendly/index.html" in listing and "thursday" not in listing


def test_an_event_that_cannot_be_written_is_refused_and_not_listed(project: Path):
    """The pages are written by a background process while Sphinx builds the rest: a refusal there
    (a file where the event's ``boards/`` folder goes) is still one line naming it, nothing of the
    event is written, and the listing does not show it; once the file is gone it is published."""
    blocking = project / "html" / "events" / "friendly" / "boards"
    blocking.parent.mkdir(parents=True)
    blocking.write_text("不是文件夹", encoding="utf-8")
    refused = build(project)
    assert refused.returncode != 0
    assert "Traceback" not in refused.stderr and "traceback" not in refused.stderr, refused.stderr
    assert re.search(rf"ERROR: {re.escape(str(blocking))}: not a folder", refused.stderr), refused.stderr
    assert "rules: event friendly published" not in refused.stdout
    assert sorted(p.name for p in blocking.parent.iterdir()) == ["boards"]  # nothing moved in, no staging left
    listing = (project / "html" / "index.html").read_text(encoding="utf-8")
    assert "本站尚未发布赛事成绩。" in listing and "events/friendly/index.html" not in listing, listing

    blocking.unlink()
    done = build(project)
    assert done.returncode == 0, done.stderr
    assert "rules: event friendly published" in done.stdout
    assert (blocking.parent / "boards" / "1.html").is_file()
    listing = (project / "html" / "index.html").read_text(encoding="utf-8")
    assert 'href="events/friendly/index.html"' in listing, listing


def test_a_bad_ruling_record_is_refused_in_one_line_and_the_event_not_listed(project: Path):
    """The ruling records are read by the background process that publishes the event: a bad one
    is still one line naming the file, and the event is neither published nor listed."""
    rulings = project / "src" / "events-in" / "friendly-rulings"
    rulings.mkdir()
    bad = rulings / "board-3.toml"
    bad.write_text("board = \n", encoding="utf-8")
    refused = build(project)
    assert refused.returncode != 0
    assert "Traceback" not in refused.stderr and "traceback" not in refused.stderr, refused.stderr
    assert re.search(rf"ERROR: {re.escape(str(bad))}:1: not valid TOML", refused.stderr), refused.stderr
    assert not (project / "html" / "events" / "friendly").exists()
    listing = (project / "html" / "index.html").read_text(encoding="utf-8")
    assert "本站尚未发布赛事成绩。" in listing and "events/friendly/index.html" not in listing, listing
