"""A published event on a phone (375 px) in a real headless browser (chromium through selenium:
tests/rulebook_site/browser_tools.py), opened from ``file://`` as a director opens a folder:

- a column heading wraps between its words only (南北 / 得分, 东西 / 比赛分), never inside one
  (南 / 北, 东西得 / 分), on the traveller of a pairs board, on a teams match and on the teams' ranking;
- every layout of pairs and teams (a Mitchell with its ranking each way and a ruling, a Howell, an
  individual, cross-IMPs in sections, Butler with a phantom, teams with rooms, room-less teams,
  a Swiss teams, a match with its auctions and play) is crawled (tests/event_site/crawl.py): no page
  wider than the screen, no broken link, no request outside the folder, no console error, every
  page inside the weight budget;
- finding oneself: a name typed on the ranking leaves one row, two taps reach "my board 7" with my
  line marked, "this is me" is remembered and marks my row and my opponents on the ranking;
  columns sort, the direction tabs show one ranking; a board's play steps trick by trick.
"""
from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from browser_tools import chromium
from cli_runner import run_cli
from crawl import crawl

from rules_ext.event_site.pages import PAGE_WEIGHT
from rules_ext.fileio import package_path
from rules_ext.pdf.layout import LABELS

pytestmark = pytest.mark.slow

SAMPLES = package_path("rules_ext.events", "samples")
PAIRS = SAMPLES / "sample-pairs.pbn"
TEAMS = SAMPLES / "sample-teams.pbn"
RULINGS = SAMPLES / "sample-pairs-rulings"
FIXTURES = Path(__file__).parent / "fixtures"
EVENT_FIXTURES = Path(__file__).parents[1] / "events" / "fixtures"

#: each visible heading of the page's tables: its text, and the lines the browser laid it out in
#: (its drawn characters grouped by the top of their line)
HEADING_LINES = r"""
const out = [];
for (const th of document.querySelectorAll("thead th")) {
  if (!th.offsetParent) continue;
  const lines = new Map();
  const walk = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    if (!node.parentElement.offsetParent) continue;
    for (let i = 0; i < node.data.length; i++) {
      const range = document.createRange();
      range.setStart(node, i); range.setEnd(node, i + 1);
      const rect = range.getBoundingClientRect();
      if (!rect.width) continue;
      const top = Math.round(rect.top);
      lines.set(top, (lines.get(top) || "") + node.data[i]);
    }
  }
  out.push([th.innerText.replace(/\s+/g, " ").trim(),
            [...lines.entries()].sort((a, b) => a[0] - b[0]).map(e => e[1].trim())]);
}
return out;
"""
#: the Chinese labels of the sheets, as a heading may be laid out: whole, or its side (南北, 东西) then the rest
LAID_OUT = {zh: [[zh]] + ([[zh[:2], zh[2:]]] if zh[:2] in ("南北", "东西") and len(zh) > 2 else [])
            for zh, _ in LABELS.values()}


def broken_words(driver) -> list[list[str]]:
    """The headings with a word broken across lines (as their lines): a label laid out otherwise
    than whole or after its side (牌 / 号, 南 / 北, 东西得 / 分), a Latin word (a team's name:
    Tige / rs) split."""
    broken = []
    for text, lines in driver.execute_script(HEADING_LINES):
        if (text in LAID_OUT and lines not in LAID_OUT[text]) or any(not any(word in line for line in lines) for word in re.findall(r"[A-Za-z0-9]+", text)):
            broken.append(lines)
    return broken


def phone(driver, width: int = 375) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": width < 500})


def publish(out: Path, event: Path, *options: object) -> Path:
    done = run_cli("publish", event, "-o", out, "--no-pdf", *options, text=True)
    assert done.returncode == 0, done.stderr
    return out


@pytest.fixture(scope="module")
def thursday(tmp_path_factory) -> Path:
    """The sample pairs session with its ruling, both scripts."""
    return publish(tmp_path_factory.mktemp("phone") / "thursday", PAIRS, "--rulings", RULINGS)


@pytest.mark.parametrize("sample, page, heading", [
    (PAIRS, "boards/1.html", "南北得分"),
    (TEAMS, "matches/1.html", "南北得分"),
    (TEAMS, "index.html", "国际分"),
])
def test_a_heading_wraps_between_words_only_on_a_phone(tmp_path, sample, page, heading):
    out = publish(tmp_path / "event", sample, "--rulebook", "https://rules.example.org/", "--script", "hans")
    with chromium(375, 900) as driver:
        phone(driver)
        driver.get((out / page).as_uri())
        headings = [text for text, _ in driver.execute_script(HEADING_LINES)]
        assert heading in headings, headings
        assert broken_words(driver) == []
        assert driver.execute_script("return document.documentElement.scrollWidth") <= 375


#: one event of each layout (the package's samples, the events' test fixtures and this folder's)
LAYOUTS = [
    SAMPLES / "sample-teams.pbn",                    # teams, Room Open/Closed
    SAMPLES / "sample-teams-realbridge.pbn",         # teams without rooms: a table number each way
    FIXTURES / "played-teams.pbn",                   # a match with every table's auction and play
    FIXTURES / "two-sections.pbn",                   # cross-IMP pairs in two sections
    EVENT_FIXTURES / "swedish-individual.pbn",       # individual
    EVENT_FIXTURES / "finnish-butler-mean.pbn",      # Butler, a phantom pair's byes
    EVENT_FIXTURES / "ruter-cross-imps.pbn",         # cross-IMPs summed
    EVENT_FIXTURES / "salliere-howell.xml",          # a Howell, no rounds (USEBIO 1.0)
    EVENT_FIXTURES / "compscore-swiss-teams.xml",    # Swiss teams (USEBIO)
]


def crawl_at_a_phones_width(tmp_path, layouts, least_pages: int) -> None:
    folders = [publish(tmp_path / "thursday", PAIRS, "--rulings", RULINGS, "--script", "hans")]
    folders += [publish(tmp_path / f"{i}-{event.stem}", event, "--script", "hans") for i, event in enumerate(layouts)]
    found = crawl(folders, widths=(375,))
    assert found.pages > least_pages
    assert found.wide == [] and found.broken == [] and found.external == [] and found.console == []
    assert found.heaviest[0] <= PAGE_WEIGHT, found.heaviest


def test_no_page_of_the_rulings_and_the_teams_layouts_is_wider_than_a_phone(tmp_path):
    """make test: the pairs event with rulings and the two teams layouts that once overflowed (room-less
    teams, a match with auctions and play); every layout under make test-full."""
    crawl_at_a_phones_width(tmp_path, LAYOUTS[1:3], 60)


@pytest.mark.full
def test_no_page_of_any_layout_is_wider_than_a_phone(tmp_path):
    crawl_at_a_phones_width(tmp_path, LAYOUTS, 150)


def ranking_rows(driver) -> list:
    from selenium.webdriver.common.by import By

    return [r for r in driver.find_elements(By.CSS_SELECTOR, "table.ranking tbody tr") if r.is_displayed()]


def tap(driver, element) -> None:
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].click()", element)


def test_find_me_then_my_board_7_in_two_taps(thursday):
    """North-South 4 (许安 - 林雨) played board 7 in round 1, against East-West 14;
    in nine rounds they met nine East-West pairs."""
    from selenium.webdriver.common.by import By

    with chromium(375, 800) as driver:
        phone(driver)
        driver.get((thursday / "index.html").as_uri())
        box = driver.find_element(By.ID, "find")
        assert box.is_displayed() and len(ranking_rows(driver)) == 20
        started = time.perf_counter()
        box.send_keys("许安")
        rows = ranking_rows(driver)
        found_in = time.perf_counter() - started
        assert len(rows) == 1 and rows[0].get_attribute("data-who") == "4"
        assert driver.find_element(By.CSS_SELECTOR, ".find .found").text == "找到 1 个"
        assert found_in < 1.0, found_in
        taps = 0
        tap(driver, rows[0].find_element(By.CSS_SELECTOR, "td.who a"))
        taps += 1
        assert driver.current_url.endswith("/pairs/4.html")
        board = next(a for a in driver.find_elements(By.CSS_SELECTOR, "table.card td:first-child a") if a.text == "7")
        assert board.size["height"] >= 44 and board.size["width"] >= 44  # a finger's target
        tap(driver, board)
        taps += 1
        assert taps == 2 and re.search(r"/boards/7\.html#t-", driver.current_url), driver.current_url
        target = driver.execute_script("return document.querySelector(':target')")
        assert target.get_attribute("data-who").split() == ["4", "14"]

        # "this is me", remembered: my row and my opponents on the ranking, my line on a board
        driver.back()
        tap(driver, driver.find_element(By.CSS_SELECTOR, ".me-choice .me-set"))
        assert driver.find_element(By.CSS_SELECTOR, ".me-choice .me-is").is_displayed()
        driver.get((thursday / "index.html").as_uri())
        mine = driver.find_elements(By.CSS_SELECTOR, "table.ranking tr.me")
        assert [r.get_attribute("data-who") for r in mine] == ["4"]
        assert len(driver.find_elements(By.CSS_SELECTOR, "table.ranking tr.opp")) == 9
        assert driver.find_element(By.CSS_SELECTOR, ".me-bar").is_displayed()
        assert driver.find_element(By.CSS_SELECTOR, "header .me-link").get_attribute("href").endswith("/pairs/4.html")
        tap(driver, next(a for a in driver.find_elements(By.CSS_SELECTOR, "nav.boards a") if a.text == "7"))
        marked = driver.find_elements(By.CSS_SELECTOR, "table.traveller tr.me")
        assert [r.get_attribute("id") for r in marked] == ["t-4-14"]  # North-South 4 against East-West 14
        # the 繁體 pages know me too (one event, both scripts)
        driver.get((thursday / "hant" / "index.html").as_uri())
        assert [r.get_attribute("data-who") for r in driver.find_elements(By.CSS_SELECTOR, "table.ranking tr.me")] == ["4"]
        tap(driver, driver.find_element(By.CSS_SELECTOR, ".me-bar .me-clear"))
        assert driver.find_elements(By.CSS_SELECTOR, "table.ranking tr.me") == []


def test_columns_sort_and_tabs_show_one_direction(thursday):
    from selenium.webdriver.common.by import By

    with chromium(375, 800) as driver:
        phone(driver)
        driver.get((thursday / "index.html").as_uri())
        section = driver.find_element(By.ID, "ranking-NS")
        header = section.find_elements(By.CSS_SELECTOR, "thead th button.sort")[3]  # 百分比
        tap(driver, header)

        def percentages() -> list[float]:
            return [float(re.sub(r"[^\d.]", "", r.find_elements(By.TAG_NAME, "td")[3].text))
                    for r in section.find_elements(By.CSS_SELECTOR, "tbody tr")]
        assert percentages() == sorted(percentages(), reverse=True)
        tap(driver, header)
        assert percentages() == sorted(percentages())
        ew = next(b for b in driver.find_elements(By.CSS_SELECTOR, "nav.tabs button") if b.text == "东西")
        tap(driver, ew)
        assert not section.is_displayed() and driver.find_element(By.ID, "ranking-EW").is_displayed()
        assert ew.get_attribute("aria-pressed") == "true"


def test_the_play_steps_trick_by_trick(tmp_path):
    """The fixture's first trick of board 1 (Open room): West ♥8, North ♥K, East ♥J, South ♥A."""
    from selenium.webdriver.common.by import By

    out = publish(tmp_path / "played", FIXTURES / "played-teams.pbn", "--script", "hans")
    with chromium(375, 800) as driver:
        phone(driver)
        driver.get((out / "boards" / "1.html").as_uri())
        play = driver.find_element(By.ID, "play-t-Lions-Tigers")
        tap(driver, play.find_element(By.TAG_NAME, "summary"))
        stepper = play.find_element(By.CSS_SELECTOR, ".stepper")
        assert stepper.is_displayed() and stepper.find_element(By.CSS_SELECTOR, ".step-at").text == "0 / 13"

        def held(seat: str) -> int:
            hand = stepper.find_element(By.CSS_SELECTOR, f".hand-{seat}")
            return sum(len(s.text.split(" ", 1)[1].replace("10", "T").replace("—", ""))
                       for s in hand.find_elements(By.CSS_SELECTOR, ".suit"))
        assert [held(s) for s in "nesw"] == [13, 13, 13, 13]
        tap(driver, stepper.find_element(By.CSS_SELECTOR, "button[data-step=next]"))
        assert stepper.find_element(By.CSS_SELECTOR, ".step-at").text == "第 1 墩 / 13"
        trick = stepper.find_element(By.CSS_SELECTOR, ".trick")
        assert trick.find_element(By.CSS_SELECTOR, ".won").text == "♥A"
        assert [held(s) for s in "nesw"] == [12, 12, 12, 12]
        assert "8" not in stepper.find_element(By.CSS_SELECTOR, ".hand-w .suit:nth-of-type(3)").text  # ♥ line
        tap(driver, stepper.find_element(By.CSS_SELECTOR, "button[data-step=last]"))
        assert [held(s) for s in "nesw"] == [0, 0, 0, 0]
        assert driver.execute_script("return document.documentElement.scrollWidth") <= 375

