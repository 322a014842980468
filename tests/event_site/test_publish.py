"""``python -m rules_ext publish``: a scored event as a folder of static pages.

The sample events (package data) are published in process (tests/cli_runner.py) and the pages read
back: every ranked pair has its page with each board it played, every board its traveller with our
figures and the hand record's par, the law a ruling cites links to the provision's anchor on the
rulebook site's law page (or, without the site's address, to its copy inside the folder), the 繁體
pages are converted, nothing is fetched from outside the folder, bad input is refused as ``results``
refuses it and leaves nothing behind, a project's template replaces the package's. The sample
ruling (board 14, table 4 of the sample pairs) is the event's and its adjusted score is on the
traveller and in the figures. One real event (44 pairs, 30 boards), kept outside the repository, is
published too when it is there.
"""
from __future__ import annotations

import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from cli_runner import run_cli
from visible_words import ALLOWED, english_words

from rules_ext.events import compute_results, read_pbn
from rules_ext.fileio import package_path
from rules_ext.pdf.figures import par_markup, plain
from rules_ext.pdf.handrecord import event_sheets
from rules_ext.pdf.layout import PrintOptions

PAIRS = package_path("rules_ext.events", "samples", "sample-pairs.pbn")
TEAMS = package_path("rules_ext.events", "samples", "sample-teams.pbn")
#: the sample pairs session's own ruling record: board 14, round 4, table 4, NS 4 v EW 11, 4♠ by
#: North making (+420) adjusted to 3♠ by North making ten tricks (+170)
RULING = package_path("rules_ext.events", "samples", "sample-pairs-rulings", "board-14.toml")
#: a record of another event (the ruling form's example: board 14 at table 7, another deal)
OTHER_RULING = package_path("rules_ext.pdf", "rulings", "example.toml")
REAL = Path(__file__).resolve().parents[3] / "shared" / "real-events" / "pbn"


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.hrefs: list[str] = []
        self.sources: list[str] = []
        self.rows = 0

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if tag == "a" and values.get("href"):
            self.hrefs.append(values["href"])
        for key in ("src", "href"):
            if tag in ("link", "script", "img", "iframe") and values.get(key):
                self.sources.append(values[key])


def links(html: str) -> _Links:
    parser = _Links()
    parser.feed(html)
    return parser


def text_of(html: str) -> str:
    return plain(re.sub(r"<(script|style)[^>]*>.*?</\1>", "", html, flags=re.S))


@pytest.fixture(scope="module")
def published(tmp_path_factory) -> Path:
    rulings = tmp_path_factory.mktemp("rulings")
    shutil.copy(RULING, rulings / "board-14.toml")
    out = tmp_path_factory.mktemp("site") / "pairs"
    done = run_cli("publish", PAIRS, "-o", out, "--rulings", rulings, "--rulebook", "https://rules.example.org/",
                   text=True)
    assert done.returncode == 0, done.stderr
    assert re.fullmatch(rf"{re.escape(str(out))}: \d+ pages, \d+ files, \d+ KB in [\d.]+ s\n", done.stdout)
    return out


def test_every_pair_and_board_has_its_page_and_the_ranking_links_them(published):
    event = read_pbn(PAIRS)
    results = compute_results(event)
    index = (published / "index.html").read_text(encoding="utf-8")
    hrefs = links(index).hrefs
    entries = [e for r in results.rankings for e in r.entries]
    assert len(entries) == 20
    for entry in entries:
        assert f"pairs/{entry.id}.html" in hrefs
        assert (published / "pairs" / f"{entry.id}.html").is_file()
    for board in event.boards:
        assert f"boards/{board.number}.html" in hrefs
    # the scoring basis is stated, in the sheets' words
    assert "计分依据" in index and "比赛分制" in index
    # the downloads are there and linked
    for path in ("pdf/results.pdf", "pdf/travellers.pdf", "pdf/handrecord.pdf", "export/event.pbn",
                 "export/event.xml"):
        assert path in hrefs
        assert (published / path).stat().st_size > 1000
    assert (published / "pdf" / "results.pdf").read_bytes().startswith(b"%PDF")


def test_a_board_page_shows_the_traveller_with_our_figures_and_the_par(published):
    event = read_pbn(PAIRS)
    results = compute_results(event)
    board = next(b for b in results.boards if b.board.number == 13)  # no ruling on it: the file's event scores it
    page = (published / "boards" / "13.html").read_text(encoding="utf-8")
    text = text_of(page)
    # previous and next boards
    found = links(page).hrefs
    assert "12.html" in found and "14.html" in found
    assert "牌号 12" in text and "牌号 14" in text
    # one traveller row per result, with our matchpoints
    traveller = page.split('<table class="traveller">')[1].split("</table>")[0]
    assert traveller.count("<tr id=") == len(board.lines)  # a row per result
    assert "<th class=\"opt\"><span class=\"words\">轮次</span></th>" in traveller  # each result's round, as the printed traveller has it
    for line in board.lines:
        assert f"{line.mp_ns:.2f}" in text
    # the par and the makeable contracts as the hand record prints them
    sheet = next(s for s in event_sheets(event, results=False) if s.number == 13)
    par = plain(par_markup(sheet.dd.par, PrintOptions.of("a4", "zh")))
    assert par and f"最优定约：{par}" in text
    assert "双明手赢墩" in text and "可成定约" in text
    # the first board has no previous board, the last no next
    first = links((published / "boards" / "1.html").read_text(encoding="utf-8")).hrefs
    assert "0.html" not in first and "2.html" in first


def test_a_pairs_score_card_links_every_board_it_played(published):
    results = compute_results(read_pbn(PAIRS))
    page = (published / "pairs" / "3.html").read_text(encoding="utf-8")
    played = sorted(b.board.number for b in results.boards for ln in b.lines if "3" in (ln.result.ns, ln.result.ew))
    hrefs = links(page).hrefs
    assert played and all(f"../boards/{n}.html" in {h.split("#")[0] for h in hrefs} for n in played)
    entry = next(e for r in results.rankings for e in r.entries if e.id == "3")
    assert f"{entry.total:.2f}" in text_of(page)


def test_a_ruling_links_each_law_to_its_provision_on_the_rulebook_site(published):
    page = (published / "rulings" / "1.html").read_text(encoding="utf-8")
    hrefs = links(page).hrefs
    assert "https://rules.example.org/1999/law-16.html#16A" in hrefs
    assert "https://rules.example.org/1999/law-12.html#12C2" in hrefs
    assert "../boards/14.html#t-4-11" in hrefs and "../pdf/ruling-1.pdf" in hrefs  # its table on the board
    text = text_of(page)
    assert "1999年版 第16条A款" in text and "3♠ 北 +1 = 南北 +170" in text
    # the board the ruling is on says so
    assert "../rulings/1.html" in links((published / "boards" / "14.html").read_text(encoding="utf-8")).hrefs
    # the 繁體 page links to the 繁體 rulebook
    hant = (published / "hant" / "rulings" / "1.html").read_text(encoding="utf-8")
    assert "https://rules.example.org/hant/1999/law-16.html#16A" in links(hant).hrefs
    assert "第16條A款" in hant and "裁決" in hant


def test_the_pages_are_self_contained_and_chinese(published):
    event = read_pbn(PAIRS)
    data_words = set(re.findall(r"[A-Za-z]{2,}", " ".join(
        [event.name, event.site, *(p.names for p in event.participants), *(v for _, v in event.meta)]
        + [RULING.read_text(encoding="utf-8")])))
    data_words.add("USEBIO")  # the export format's name, as PBN is (ALLOWED): no Chinese name exists
    pages = sorted(published.rglob("*.html"))
    assert len(pages) > 80
    for path in pages:
        html = path.read_text(encoding="utf-8")
        found = links(html)
        assert all("://" not in s for s in found.sources), path  # nothing fetched from outside
        for href in found.hrefs:
            if "://" in href:
                assert href.startswith("https://rules.example.org/"), (path, href)
                continue
            target = (path.parent / href.split("#")[0]).resolve()
            assert target.is_file(), (path, href)  # every link inside the folder resolves
        words = {w for w, _ in english_words(html) if not re.fullmatch(r"[AKQJT]+", w)}  # cards: AKJ
        words -= set(ALLOWED) | data_words
        assert not words, (path, words)


@pytest.mark.parametrize("trouble", ["problem", "law", "file"])
def test_bad_input_is_refused_and_nothing_is_written(tmp_path, trouble):
    out = tmp_path / "out"
    args = ["publish", PAIRS, "-o", out]
    if trouble == "problem":
        bad = tmp_path / "bad.pbn"
        bad.write_text(PAIRS.read_text(encoding="utf-8").replace('[Dealer "N"]', '[Dealer "Q"]', 1), encoding="utf-8")
        args[1] = bad
    elif trouble == "law":
        rulings = tmp_path / "rulings"
        rulings.mkdir()
        (rulings / "r.toml").write_text(RULING.read_text(encoding="utf-8").replace('"1999:16A"', '"1999:16Z9"'),
                                        encoding="utf-8")
        args += ["--rulings", rulings]
    else:
        out.write_text("a file, not a folder")
    done = run_cli(*args, text=True)
    assert done.returncode == 1
    line = done.stderr.strip().splitlines()[0]
    assert "Traceback" not in done.stderr
    if trouble == "problem":
        assert re.match(rf"{re.escape(str(args[1]))}:\d+: ", line)
    elif trouble == "law":
        assert "16Z9" in line and "r.toml" in line
    else:
        assert "not a folder" in line
    assert not out.exists() if trouble != "file" else out.read_text() == "a file, not a folder"


def test_a_projects_template_replaces_the_packages(tmp_path):
    templates = tmp_path / "templates" / "events"
    templates.mkdir(parents=True)
    default = package_path("rules_ext.event_site", "templates", "events", "board.html.jinja").read_text(encoding="utf-8")
    (templates / "board.html.jinja").write_text(default.replace("<h1>", '<h1 class="club-own">'), encoding="utf-8")
    out = tmp_path / "out"
    done = run_cli("publish", PAIRS, "-o", out, "--templates", tmp_path / "templates", "--no-pdf",
                   "--script", "hans", text=True)
    assert done.returncode == 0, done.stderr
    assert 'class="club-own"' in (out / "boards" / "1.html").read_text(encoding="utf-8")
    assert 'class="club-own"' not in (out / "index.html").read_text(encoding="utf-8")
    assert not (out / "hant").exists() and not (out / "pdf" / "results.pdf").exists()


def test_a_teams_event_has_match_and_team_pages(tmp_path):
    out = tmp_path / "teams"
    done = run_cli("publish", TEAMS, "-o", out, "--no-pdf", "--script", "hans", text=True)
    assert done.returncode == 0, done.stderr
    results = compute_results(read_pbn(TEAMS))
    assert results.matches
    index = (out / "index.html").read_text(encoding="utf-8")
    for i, match in enumerate(results.matches, start=1):
        page = (out / "matches" / f"{i}.html").read_text(encoding="utf-8")
        assert f"{match.vp_home:.2f} : {match.vp_visit:.2f}" in text_of(page)
        assert f"matches/{i}.html" in links(index).hrefs
    assert "胜利分" in index
    teams = list((out / "teams").glob("*.html"))
    assert len(teams) == len({e.id for r in results.rankings for e in r.entries})


def test_publishing_again_replaces_the_pages(published, tmp_path):
    out = tmp_path / "again"
    for _ in range(2):
        done = run_cli("publish", PAIRS, "-o", out, "--no-pdf", "--script", "hans", text=True)
        assert done.returncode == 0, done.stderr
    assert not [p for p in out.iterdir() if p.name.startswith(".publish.")]  # no staging folder left


@pytest.mark.skipif(not REAL.is_dir(), reason="../shared/real-events/ is not there (real files stay outside the repository)")
def test_a_real_pairs_event_of_44_pairs_and_30_boards(tmp_path):
    out = tmp_path / "ffb"
    done = run_cli("publish", REAL / "ffb-magiccontest-dn1-s1.pbn", "-o", out, "--no-pdf", "--script", "hans",
                   text=True)
    assert done.returncode == 0, done.stderr
    assert len(list((out / "boards").glob("*.html"))) == 30
    assert len(list((out / "pairs").glob("*.html"))) == 44
    board = text_of((out / "boards" / "1.html").read_text(encoding="utf-8"))
    assert "最优定约" in board and "双明手赢墩" in board


@pytest.mark.skipif(not REAL.is_dir(), reason="../shared/real-events/ is not there (real files stay outside the repository)")
def test_figures_that_differ_from_the_files_are_marked_as_on_the_sheets(tmp_path):
    source = REAL.parent / "usebio" / "compscore3-mp_pairs_mitchell_02.xml"  # contradicts itself: it keeps differences
    from rules_ext.events.files import read_event

    results = compute_results(read_event(source))
    assert results.differences
    out = tmp_path / "ubc"
    done = run_cli("publish", source, "-o", out, "--no-pdf", "--script", "hans", text=True)
    assert done.returncode == 0, done.stderr
    index = (out / "index.html").read_text(encoding="utf-8")
    assert f"有 {len(results.differences)} 个数字与文件原有的不同" in index and "--figures" not in index
    marked = [p for p in out.rglob("*.html") if "<sup>†</sup>" in p.read_text(encoding="utf-8")]
    assert len(marked) > 1


def test_a_provisions_address_is_the_sites_law_page_and_anchor():
    from rules_ext.corpus import load_corpus
    from rules_ext.rulebook_site.names import provision_page

    corpus = load_corpus()
    assert provision_page(corpus.edition("1999"), "27B1a") == "1999/law-27.html#27B1a"
    assert provision_page(corpus.edition("1991"), "45C4b") == "1991/law-45.html#45C4b"
    # a provision the page has no anchor for: its nearest ancestor's (as the site's references do)
    assert provision_page(corpus.edition("1999"), "16A9") == "1999/law-16.html#16A"


def test_the_events_date_is_written_the_chinese_way(published):
    """The head of every page dates the event as the site's listing does (2026年11月26日), never
    the file's 2026.11.26."""
    for page in ("index.html", "boards/1.html", "pairs/3.html"):
        html = (published / page).read_text(encoding="utf-8")
        assert '<span class="date">2026年11月26日</span>' in html, page
        assert "2026.11.26" not in html, page


def test_a_rulings_english_is_a_marked_gloss(published):
    """The record's facts, ruling and appeal are bilingual: each English part is marked as English
    (``lang="en"``, the gloss a phone leaves out), the Chinese stays the page's text."""
    page = (published / "rulings" / "1.html").read_text(encoding="utf-8")
    glosses = re.findall(r'<span lang="en" class="gloss">(.*?)</span>(?=[<\s])', page, flags=re.S)
    assert any("East opened 1" in g for g in glosses), glosses  # the facts' English line
    assert any("The director&#x27;s ruling is upheld." in g or "The director's ruling is upheld." in g
               for g in glosses), glosses  # after the appeal's Chinese sentence
    outside = re.sub(r'<span lang="en" class="gloss">.*?</span></p>|<span lang="en" class="gloss">'
                     r'<br>[^<]*(?:<span class="red">.</span>[^<]*)*</span>', "", page, flags=re.S)
    assert "East opened" not in outside and "ruling is upheld" not in outside
    assert "南家明显迟疑" in text_of(page) and "维持裁判长的裁决。" in text_of(page)
