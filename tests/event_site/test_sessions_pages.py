"""``publish S1 S2 --carry-over 50%``: an event of two sessions as pages. The fixtures
(fixtures/spring-session-1.pbn and -2.pbn) are six pairs, three boards a session, a top of 12 a
session, whose session totals are worked out by hand in their header comments (written out again
here as :data:`S1`, :data:`S2`); every overall figure below is computed here from those: half of
session 1 carried, session 2 whole, the percentage over 0.5 × 12 + 12 = 18 matchpoints.

The folder is published once (both scripts); the tests read its pages: the overall ranking and its
order, each session's pages in its own folder linked to and from the overall ones, each pair's
results across the sessions, the 繁體 pages, one key for "this is me", no broken link, and the
command's refusals of what does not fit several sessions.
"""
from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from cli_runner import run_cli

FIXTURES = Path(__file__).parent / "fixtures"
SESSION_1, SESSION_2 = FIXTURES / "spring-session-1.pbn", FIXTURES / "spring-session-2.pbn"
#: each pair's matchpoints in each session, from the fixtures' comments (worked out by hand)
S1 = {"1": 10, "2": 8, "3": 4, "4": 8, "5": 4, "6": 2}
S2 = {"1": 12, "2": 5, "3": 1, "4": 11, "5": 2, "6": 5}
SHARE = 0.5
TOP = 12


def overall(pair: str) -> tuple[float, float, float]:
    """(carried, total, percentage) of ``pair``, by this test's own arithmetic."""
    carried = SHARE * S1[pair]
    return carried, carried + S2[pair], 100 * (carried + S2[pair]) / (SHARE * TOP + TOP)


@pytest.fixture(scope="module")
def published(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("sessions") / "site"
    done = run_cli("publish", SESSION_1, SESSION_2, "--carry-over", "50%", "-o", out, text=True)
    assert done.returncode == 0, done.stderr
    # per script: the overall ranking, 6 overall pair pages, and per session a ranking, 3 boards, 6 pairs
    assert re.match(rf"{re.escape(str(out))}: {2 * (1 + 6 + 2 * (1 + 3 + 6))} pages", done.stdout), done.stdout
    return out


def text(path: Path) -> str:
    html = path.read_text(encoding="utf-8")
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


class _Rows(HTMLParser):
    """The ranking table's rows: each cell's text and the links in it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[list[tuple[str, list[str]]]] = []
        self.cell: list[str] | None = None
        self.hrefs: list[str] = []
        self.inside = False

    def handle_starttag(self, tag, attrs):
        if tag == "tbody":
            self.inside = True
        elif tag == "tr" and self.inside:
            self.rows.append([])
        elif tag == "td" and self.inside:
            self.cell, self.hrefs = [], []
        elif tag == "a" and self.cell is not None:
            self.hrefs.append(dict(attrs)["href"])

    def handle_endtag(self, tag):
        if tag == "td" and self.cell is not None:
            self.rows[-1].append((re.sub(r"\s+", " ", "".join(self.cell)).strip(), self.hrefs))
            self.cell = None
        elif tag == "tbody":
            self.inside = False

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def ranking_rows(path: Path) -> list[list[tuple[str, list[str]]]]:
    parser = _Rows()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.rows


def test_the_overall_ranking_is_carry_over_plus_the_last_session(published: Path):
    rows = ranking_rows(published / "index.html")
    expected = sorted(S1, key=lambda pair: -overall(pair)[2])
    assert [row[1][0].split()[0] for row in rows] == expected  # 1, 4, 2, 6, 5, 3
    for rank, row in enumerate(rows, start=1):
        pair = row[1][0].split()[0]
        carried, total, pct = overall(pair)
        cells = [cell for cell, _ in row]
        assert cells[0] == str(rank)
        assert cells[2:8] == [f"{S1[pair]:.1f}", f"{S2[pair]:.1f}", f"{carried:.1f}", f"{total:.1f}", f"{pct:.2f}",
                              "6"], pair
        assert row[1][1] == [f"pairs/{pair}.html"]  # the pair's results across the sessions
        assert row[2][1] == [f"session-1/pairs/{pair}.html"] and row[3][1] == [f"session-2/pairs/{pair}.html"]
    page = text(published / "index.html")
    assert "本赛事共 2 节，前几节成绩按 50% 带入，最后一节全部计入（裁判长设定）" in page
    assert "对号 6 在第2节名为 郑浩 - 钱琳：按编号视为同一参赛者。" in page  # the second player's name differs
    assert (published / "pdf" / "results.pdf").is_file()


def test_each_session_has_its_pages_linked_to_the_overall_ranking_and_back(published: Path):
    for n, totals in ((1, S1), (2, S2)):
        folder = published / f"session-{n}"
        assert sorted(p.name for p in (folder / "boards").glob("*.html")) == ["1.html", "2.html", "3.html"]
        assert (folder / "pdf" / "results.pdf").is_file() and (folder / "export" / "event.pbn").is_file()
        index = (folder / "index.html").read_text(encoding="utf-8")
        assert f"这是第{n}节的成绩（共 2 节）" in index
        assert 'href="../index.html"' in index  # to the overall ranking
        assert 'href="../events.css"' in index and not (folder / "events.css").exists()  # shared, not copied
        rows = ranking_rows(folder / "index.html")
        assert {row[1][0].split()[0]: float(row[2][0]) for row in rows} == {k: float(v) for k, v in totals.items()}
    overall_index = (published / "index.html").read_text(encoding="utf-8")
    assert 'href="session-1/index.html"' in overall_index and 'href="session-2/index.html"' in overall_index


def test_a_pairs_card_links_its_other_session_and_its_overall_results(published: Path):
    card = (published / "session-2" / "pairs" / "6.html").read_text(encoding="utf-8")
    assert 'href="../../session-1/pairs/6.html"' in card and 'href="../../pairs/6.html"' in card
    mine = text(published / "pairs" / "6.html")
    carried, total, pct = overall("6")
    assert f"百分比 {pct:.2f} · 总分 {total:.1f}" in mine
    # session 1: 2.0 counted at 50 % (1.0); session 2: 5.0 at 100 %; carried 1.0, total 6.0
    assert f"第1节 6 {S1['6']:.1f} {100 * S1['6'] / TOP:.2f} 50% {SHARE * S1['6']:.1f}" in mine
    assert f"第2节 3= {S2['6']:.1f} {100 * S2['6'] / TOP:.2f} 100% {S2['6']:.1f}" in mine
    assert f"带入分 {carried:.1f} 总分 {total:.1f}" in mine
    html = (published / "pairs" / "6.html").read_text(encoding="utf-8")
    assert 'href="../session-1/pairs/6.html"' in html and 'href="../session-2/pairs/6.html"' in html


def test_every_page_shares_one_key_for_me_and_the_tabs(published: Path):
    pages = [published / "index.html", published / "pairs" / "1.html", published / "session-1" / "index.html",
             published / "session-2" / "boards" / "2.html", published / "hant" / "session-2" / "pairs" / "4.html"]
    keys = {re.search(r'data-event="([0-9a-f]+)"', p.read_text(encoding="utf-8"))[1] for p in pages}
    assert len(keys) == 1
    board = (published / "session-2" / "boards" / "2.html").read_text(encoding="utf-8")
    tabs = re.search(r'<nav class="sessions"[^>]*>(.*?)</nav>', board)[1]
    assert re.findall(r'href="([^"]+)"', tabs) == ["../../session-1/index.html", "../../session-2/index.html",
                                                   "../../index.html"]
    assert re.search(r'<a class="tap" href="../../session-2/index.html" aria-current="page">第2节</a>', tabs)


def test_the_traditional_pages_mirror_the_simplified_ones(published: Path):
    hant = published / "hant"
    page = text(hant / "index.html")
    assert "總排名" in page and "帶入分" in page and "第1節" in page and "本賽事共 2 節" in page
    card = (published / "session-1" / "pairs" / "6.html").read_text(encoding="utf-8")
    assert 'href="../../hant/session-1/pairs/6.html"' in card  # the same page in the other script
    assert 'href="../../../session-1/pairs/6.html"' in (hant / "session-1" / "pairs" / "6.html").read_text("utf-8")
    assert (hant / "session-2" / "boards" / "3.html").is_file()


def test_no_link_is_broken(published: Path):
    sys.path.insert(0, str(Path(__file__).parent))
    from crawl import Crawl, check_links

    found = Crawl()
    pages = check_links([published], found)
    assert len(pages) == 54 and found.broken == [] and found.external == []


@pytest.mark.parametrize("options, message", [
    ((SESSION_1, "--carry-over", "50%"), "--carry-over is for several sessions"),
    ((SESSION_1, SESSION_2, "--carry-over", "120%"), "cannot read carry-over '120%'"),
    ((SESSION_1, SESSION_2, "--corrections", FIXTURES / "none.toml"), "--corrections applies to one session"),
    ((SESSION_1, SESSION_2, "--rulings", FIXTURES), "--rulings applies to one session"),
])
def test_what_does_not_fit_several_sessions_is_refused_in_one_line(tmp_path, options, message):
    out = tmp_path / "site"
    done = run_cli("publish", *options, "-o", out, text=True)
    assert done.returncode != 0
    assert message in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert not out.exists() or not any(out.iterdir())


def test_a_pair_missing_from_a_session_is_marked_and_named():
    """Session 1 without pair 5's rows: its session-1 cell is a dash, its overall total is its
    session 2 alone (2, as worked out in the fixture), and the page says it did not play."""
    from dataclasses import replace

    from rules_ext.event_site.pages import Publication
    from rules_ext.event_site.sessions import overall_pages, session_places
    from rules_ext.events.files import read_event_file
    from rules_ext.events.scoring.results import compute_results
    from rules_ext.events.scoring.sessions import combine_sessions

    first = read_event_file(SESSION_1)
    first = replace(first, totals=None, boards=tuple(
        replace(b, results=tuple(r for r in b.results if "5" not in (r.ns, r.ew))) for b in first.boards))
    second = read_event_file(SESSION_2)
    several = combine_sessions([(first, compute_results(first)), (second, compute_results(second))])
    places = session_places(several)
    pages = overall_pages(several, Publication(first, several.sessions[0].results), places[0])
    index = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", pages["index.html"]))
    assert "对号 5 未参加第1节：按所打各节排名。" in index
    row = re.search(r'<tr data-who="5".*?</tr>', pages["index.html"], re.S)[0]
    cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
    assert cells[2:6] == ["–", f"{S2['5']:.1f}", "0.0", f"{S2['5']:.1f}"]
    assert 'href="session-1/pairs/5.html"' not in row
    card = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", pages["pairs/5.html"]))
    assert "第1节 未参加" in card
    assert places[1].played["5"] == (2,) and places[1].played["4"] == (1, 2)
