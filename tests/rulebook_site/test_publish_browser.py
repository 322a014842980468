"""A published event beside the rulebook site, in a real headless browser (chromium through selenium:
browser_tools.py), from ``file://`` as a director would open it from a folder.

The sample pairs event is published with its ruling record next to the real site (``real_site``,
both scripts), its laws linked there by the site's address (a ``file://`` URL here, as
``--rulebook https://…`` once uploaded). On a phone (375 px) and on
a desktop (1280 px): the ranking fits the width, a click on a pair opens its score card, a board
from it opens the board's page with its deal and traveller, the ruling on that board opens the
ruling, and its law link lands on the rulebook's law page at the highlighted provision. Screenshots
go to the test artifacts folder (tests/artifacts.py).
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from artifacts import artifacts_folder
from browser_tools import chromium
from cli_runner import run_cli

from rules_ext.fileio import package_path

pytestmark = pytest.mark.slow

SCREENSHOTS = artifacts_folder("screenshots")
PAIRS = package_path("rules_ext.events", "samples", "sample-pairs.pbn")
RULING = package_path("rules_ext.events", "samples", "sample-pairs-rulings", "board-14.toml")


@pytest.fixture(scope="module")
def published(real_site, tmp_path_factory):
    rulings = tmp_path_factory.mktemp("rulings")
    shutil.copy(RULING, rulings / "board-14.toml")
    out = tmp_path_factory.mktemp("events") / "thursday"
    rulebook = Path(real_site.outdir).as_uri() + "/"
    done = run_cli("publish", PAIRS, "-o", out, "--rulings", rulings, "--rulebook", rulebook, "--no-pdf", text=True)
    assert done.returncode == 0, done.stderr
    return out


def width_of(driver) -> int:
    return driver.execute_script("return document.documentElement.scrollWidth")


def follow(driver, css: str, text: str):
    from selenium.webdriver.common.by import By

    link = next(a for a in driver.find_elements(By.CSS_SELECTOR, css) if " ".join(a.text.split()) == text)
    driver.execute_script("arguments[0].click()", link)


@pytest.mark.parametrize("width", [375, 1280])
def test_ranking_to_pair_to_board_to_ruling_to_law(published, width):
    from selenium.webdriver.common.by import By

    with chromium() as driver:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 500})
        driver.get((published / "index.html").as_uri())
        assert driver.find_element(By.TAG_NAME, "h1").text.startswith("杭州桥牌俱乐部周四双人赛")
        assert width_of(driver) <= width
        rows = driver.find_elements(By.CSS_SELECTOR, "table.ranking tbody tr")
        assert len(rows) == 20
        driver.save_screenshot(str(SCREENSHOTS / f"publish-ranking-{width}.png"))

        follow(driver, "table.ranking td.who a", "4 许安 - 林雨")
        assert driver.current_url.endswith("/pairs/4.html")
        assert driver.find_element(By.TAG_NAME, "h1").text.startswith("对号 4")
        assert width_of(driver) <= width
        driver.save_screenshot(str(SCREENSHOTS / f"publish-pair-{width}.png"))

        follow(driver, "table.card td:first-child a", "14")  # the board, not pair 14
        assert driver.current_url.endswith("/boards/14.html#t-4-11")
        assert driver.find_element(By.CSS_SELECTOR, ".hand-n .seat").text.startswith("北")
        assert len(driver.find_elements(By.CSS_SELECTOR, "table.traveller tbody tr")) == 9
        assert "最优定约" in driver.find_element(By.CSS_SELECTOR, ".par").text
        assert width_of(driver) <= width
        driver.save_screenshot(str(SCREENSHOTS / f"publish-board-{width}.png"))

        ruling = driver.find_element(By.CSS_SELECTOR, "section.rulings li a")
        driver.execute_script("arguments[0].click()", ruling)
        assert driver.current_url.endswith("/rulings/1.html")
        assert width_of(driver) <= width
        driver.save_screenshot(str(SCREENSHOTS / f"publish-ruling-{width}.png"))

        follow(driver, "a.law", "1999年版 第16条A款")
        assert driver.current_url.endswith("/1999/law-16.html#16A"), driver.current_url
        target = driver.find_element(By.ID, "16A")
        assert "非法信息" in driver.title or "第16条" in driver.title
        # the provision is the page's :target, highlighted by the site's style
        assert driver.execute_script("return document.querySelector(':target') === arguments[0]", target)
        background = driver.execute_script(
            "return getComputedStyle(arguments[0].querySelector(':scope > :not(.law-provision)')).backgroundColor",
            target)
        assert background not in ("rgba(0, 0, 0, 0)", "transparent"), background
        driver.save_screenshot(str(SCREENSHOTS / f"publish-law-{width}.png"))

        # the 繁體 pages of the event: the same board, converted, linked to the 繁體 rulebook
        driver.get((published / "hant" / "rulings" / "1.html").as_uri())
        follow(driver, "a.law", "1999年版 第16條A款")
        assert driver.current_url.endswith("/hant/1999/law-16.html#16A"), driver.current_url


@pytest.mark.parametrize("width", [375, 1280])
def test_site_home_to_events_to_board_to_ruling_to_law(real_site, width):
    """The events the site publishes at build time (conf.py's ``rules_events_dir``): from
    the rulebook's home page to 赛事成绩, to the sample pairs event, a board, its ruling and the law
    it cites, on this same site; then the same in 繁體 through the event's own switch."""
    from selenium.webdriver.common.by import By

    with chromium() as driver:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 500})
        driver.get((real_site.outdir / "index.html").as_uri())
        follow(driver, "article a", "赛事成绩")
        assert driver.current_url.endswith("/events.html"), driver.current_url
        listed = driver.find_elements(By.CSS_SELECTOR, "ul.rules-events li")
        assert len(listed) == 3  # the package's three invented events
        assert any("双人赛 · 20副牌" in li.text for li in listed)
        driver.save_screenshot(str(SCREENSHOTS / f"site-events-{width}.png"))

        follow(driver, "ul.rules-events a", "杭州桥牌俱乐部周四双人赛")
        assert driver.current_url.endswith("/events/sample-pairs/index.html"), driver.current_url
        assert len(driver.find_elements(By.CSS_SELECTOR, "table.ranking tbody tr")) == 20
        assert width_of(driver) <= width

        follow(driver, "nav.boards a", "14")
        assert driver.current_url.endswith("/events/sample-pairs/boards/14.html")
        assert width_of(driver) <= width
        # each table's result on one line: contract, declarer and result in one unit (a phone too)
        results = driver.find_elements(By.CSS_SELECTOR, "table.traveller td.result > .fig")
        assert len(results) == 9
        assert all(r.size["height"] < 1.6 * float(r.value_of_css_property("line-height").rstrip("px"))
                   for r in results)
        driver.save_screenshot(str(SCREENSHOTS / f"site-event-board-{width}.png"))

        driver.execute_script("arguments[0].click()", driver.find_element(By.CSS_SELECTOR, "section.rulings li a"))
        assert driver.current_url.endswith("/events/sample-pairs/rulings/1.html")
        follow(driver, "a.law", "1999年版 第16条A款")
        assert driver.current_url.endswith("/1999/law-16.html#16A"), driver.current_url
        assert "/events/" not in driver.current_url and "/hant/" not in driver.current_url
        target = driver.find_element(By.ID, "16A")
        assert driver.execute_script("return document.querySelector(':target') === arguments[0]", target)

        # 繁體: the board's switch opens the 繁體 build's copy of the event, linked to the 繁體 laws
        driver.back()
        driver.back()
        assert driver.current_url.endswith("/events/sample-pairs/boards/14.html"), driver.current_url
        driver.execute_script("arguments[0].click()", driver.find_element(By.CSS_SELECTOR, "header.top a.script"))
        assert driver.current_url.endswith("/hant/events/sample-pairs/boards/14.html"), driver.current_url
        assert driver.find_element(By.TAG_NAME, "h1").text == "牌號 14"
        driver.execute_script("arguments[0].click()", driver.find_element(By.CSS_SELECTOR, "section.rulings li a"))
        follow(driver, "a.law", "1999年版 第16條A款")
        assert driver.current_url.endswith("/hant/1999/law-16.html#16A"), driver.current_url
        driver.save_screenshot(str(SCREENSHOTS / f"site-event-law-hant-{width}.png"))
