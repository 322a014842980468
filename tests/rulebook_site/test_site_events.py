"""Events published by a Sphinx build (``rules_ext.event_site.sphinx_ext``): a small project of its
own (a conf.py naming the extension and ``rules_events_dir``, one page with ``.. rules-events::``),
built by ``python -m sphinx -W`` as ``make html`` builds the site, 简体 and then 繁體 beside it.

The project (two events: a teams match, the sample pairs session) is built once, both scripts
(``built``); a test that changes it works on a copy of the built project (``copy``), whose records
name the folders they wrote relative to the build's output folder, so a copy is as up to date as
the original. Each event is published into ``events/NAME/`` of each build in its script, listed
with its name, date, kind and boards; a second build with nothing changed publishes nothing (the
digest of its inputs) and reads no page again; a changed input (the corrections file appears)
publishes it again; a name that cannot be a folder of the site, a bad corrections file, a bad ruling
record, an event whose pages cannot be written are refused in one line naming the file; an event
taken out of the folder leaves no pages. The project's search language is English: its Chinese
one would load jieba's dictionary on every build, which these tests do not need.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rules_ext.fileio import package_path

pytestmark = pytest.mark.xdist_group("site_events")  # one worker builds the shared project once

TEAMS = package_path("rules_ext.events", "samples", "sample-teams.pbn")
PAIRS = package_path("rules_ext.events", "samples", "sample-pairs.pbn")
PROJECT = Path(__file__).resolve().parents[2]

CONF = '''\
project = "赛事"
language = "zh_CN"
extensions = ["rules_ext.event_site.sphinx_ext"]
rules_events_dir = "events-in"
html_search_language = "en"
'''
PAGE = """\
赛事成绩
========

.. rules-events::
"""
HANT = ("-D", "language=zh_TW")


def build(root: Path, *options: str) -> subprocess.CompletedProcess:
    out = root / "html" / ("hant" if "language=zh_TW" in options else "")
    doctrees = root / "doctrees" / ("hant" if "language=zh_TW" in options else "hans")
    return subprocess.run([sys.executable, "-m", "sphinx", "-W", "--no-color", "-b", "html", "-d", str(doctrees),
                           *options, str(root / "src"), str(out)],
                          capture_output=True, text=True, encoding="utf-8", cwd=PROJECT, timeout=600)


def project_at(root: Path, *events: tuple[Path, str]) -> Path:
    (root / "src" / "events-in").mkdir(parents=True)
    (root / "src" / "conf.py").write_text(CONF, encoding="utf-8")
    (root / "src" / "index.rst").write_text(PAGE, encoding="utf-8")
    for source, name in events:
        shutil.copy(source, root / "src" / "events-in" / name)
    return root


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The project with its two events, built in both scripts."""
    root = project_at(tmp_path_factory.mktemp("site-events") / "project", (TEAMS, "friendly.pbn"),
                      (PAIRS, "thursday.pbn"))
    for options in [(), HANT]:
        done = build(root, *options)
        assert done.returncode == 0, done.stderr
        assert re.search(r"rules: event friendly published: \d+ pages", done.stdout), done.stdout
    return root


@pytest.fixture
def copy(built, tmp_path) -> Path:
    """A copy of the built project to change."""
    target = tmp_path / "project"
    shutil.copytree(built, target, symlinks=True)
    return target


def test_events_are_published_in_both_scripts_and_listed(built: Path):
    event = built / "html" / "events" / "friendly"
    index = (event / "index.html").read_text(encoding="utf-8")
    assert 'href="../../hant/events/friendly/index.html"' in index  # the 繁體 build's copy
    assert (event / "pdf" / "results.pdf").is_file() and (event / "export" / "event.pbn").is_file()
    listing = (built / "html" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<a class="reference external" href="events/friendly/index.html">友谊赛'
                     r'</a> — 2026年11月26日 · 团体赛 · 8副牌', listing), listing
    assert "events/thursday/index.html" in listing
    assert '<a class="site" href="../../index.html">赛事 ' in index  # back to the site (html_title)
    board = (built / "html" / "hant" / "events" / "friendly" / "boards" / "1.html").read_text(encoding="utf-8")
    assert "牌號 1" in board and 'href="../../../../events/friendly/boards/1.html"' in board


def test_nothing_changed_publishes_nothing(built: Path):
    index = built / "html" / "events" / "friendly" / "index.html"
    stamp = index.stat().st_mtime_ns
    again = build(built)
    assert again.returncode == 0, again.stderr
    assert "rules: event friendly up to date" in again.stdout and "rules: event thursday up to date" in again.stdout
    assert "published:" not in again.stdout
    assert index.stat().st_mtime_ns == stamp  # nothing written
    assert "0 source files that are out of date" in again.stdout or "no targets are out of date" in again.stdout


def test_a_copy_of_the_built_project_is_up_to_date_and_a_changed_input_publishes_again(copy: Path):
    index = copy / "html" / "events" / "friendly" / "index.html"
    stamp = index.stat().st_mtime_ns
    fix = copy / "src" / "events-in" / "friendly-fix.toml"
    fix.write_text("[[correction]]\nboard = 1\n", encoding="utf-8")  # bad input: refused in one line
    refused = build(copy)
    assert refused.returncode != 0
    assert "Traceback" not in refused.stderr and "traceback" not in refused.stderr, refused.stderr
    assert re.search(rf"ERROR: {re.escape(str(fix))}:2: board: ", refused.stderr), refused.stderr
    assert "rules: event thursday up to date" in refused.stdout  # the copy's records hold
    assert index.stat().st_mtime_ns == stamp

    fix.write_text("[conventions]\ncentred = false\n", encoding="utf-8")  # a change of input: published again
    changed = build(copy)
    assert changed.returncode == 0, changed.stderr
    assert "rules: event friendly published" in changed.stdout
    assert "rules: event thursday up to date" in changed.stdout


def test_a_name_the_site_cannot_use_is_refused(tmp_path: Path):
    root = project_at(tmp_path / "project", (TEAMS, "周四.pbn"))
    done = build(root)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert "周四.pbn: the name '周四' cannot be the event's folder in the site" in done.stderr, done.stderr
    assert not (root / "html" / "events").exists()


def test_an_event_removed_from_the_folder_leaves_no_pages(copy: Path):
    """An event taken out of the events folder: its pages go from both builds at the next build;
    a folder in ``events/`` that the extension never wrote stays."""
    hans, hant = copy / "html" / "events", copy / "html" / "hant" / "events"
    assert (hans / "thursday" / "index.html").is_file() and (hant / "thursday" / "index.html").is_file()
    own = hans / "kept-by-hand"
    own.mkdir()
    (own / "index.html").write_text("<p>手工放入</p>", encoding="utf-8")

    (copy / "src" / "events-in" / "thursday.pbn").unlink()
    for options, events in [((), hans), (HANT, hant)]:
        done = build(copy, *options)
        assert done.returncode == 0, done.stderr
        assert "rules: event thursday no longer in the events folder, its pages removed" in done.stdout
        assert not (events / "thursday").exists()
        assert (events / "friendly" / "index.html").is_file()
    assert (own / "index.html").is_file()  # not recorded by the extension: left alone
    listing = (copy / "html" / "index.html").read_text(encoding="utf-8")
    assert "events/friendly/index.html" in listing and "thursday" not in listing


def test_an_event_that_cannot_be_written_is_refused_and_not_listed(copy: Path):
    """The pages are written by a background process while Sphinx builds the rest: a refusal there
    (a file where the event's ``boards/`` folder goes) is still one line naming it, nothing of the
    event is written, and the listing does not show it; once the file is gone it is published."""
    folder = copy / "html" / "events" / "friendly"
    shutil.rmtree(folder)
    folder.mkdir()
    blocking = folder / "boards"
    blocking.write_text("不是文件夹", encoding="utf-8")
    refused = build(copy)
    assert refused.returncode != 0
    assert "Traceback" not in refused.stderr and "traceback" not in refused.stderr, refused.stderr
    assert re.search(rf"ERROR: {re.escape(str(blocking))}: not a folder", refused.stderr), refused.stderr
    assert "rules: event friendly published" not in refused.stdout
    assert sorted(p.name for p in folder.iterdir()) == ["boards"]  # nothing moved in, no staging left
    listing = (copy / "html" / "index.html").read_text(encoding="utf-8")
    assert "events/friendly/index.html" not in listing and "events/thursday/index.html" in listing, listing

    blocking.unlink()
    done = build(copy)
    assert done.returncode == 0, done.stderr
    assert "rules: event friendly published" in done.stdout
    assert (folder / "boards" / "1.html").is_file()
    listing = (copy / "html" / "index.html").read_text(encoding="utf-8")
    assert 'href="events/friendly/index.html"' in listing, listing


def test_a_bad_ruling_record_is_refused_in_one_line_and_the_event_not_listed(copy: Path):
    """The ruling records are read (and checked against the event) before anything is published:
    a bad one is one line naming the file, and the event is neither published again nor listed."""
    index = copy / "html" / "events" / "friendly" / "index.html"
    stamp = index.stat().st_mtime_ns
    rulings = copy / "src" / "events-in" / "friendly-rulings"
    rulings.mkdir()
    bad = rulings / "board-3.toml"
    bad.write_text("board = \n", encoding="utf-8")
    refused = build(copy)
    assert refused.returncode != 0
    assert "Traceback" not in refused.stderr and "traceback" not in refused.stderr, refused.stderr
    assert re.search(rf"ERROR: {re.escape(str(bad))}:1: not valid TOML", refused.stderr), refused.stderr
    assert index.stat().st_mtime_ns == stamp
    listing = (copy / "html" / "index.html").read_text(encoding="utf-8")
    assert "events/friendly/index.html" not in listing and "events/thursday/index.html" in listing, listing
