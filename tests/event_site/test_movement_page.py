"""A movement's page: every pair's route (its tables, directions, opponents, boards), the rounds ×
tables grid and the balance figures, in Chinese and in English; on a phone (375 px, a real headless
browser) nothing but the grid's own box is wider than the screen, and a pair's route opens to a
table that fits."""
from __future__ import annotations

import re

import pytest
from artifacts import artifacts_folder
from browser_tools import chromium

from rules_ext.core.movements import howell, mitchell, round_robin
from rules_ext.event_site.movement_pages import PAGE, movement_pages


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_page_shows_routes_grid_and_balance():
    pages = movement_pages(mitchell(5, boards_per_round=3), event="周四双人赛", date="2026.11.26")
    assert set(pages) == {PAGE, "events.css"}
    text = _text(pages[PAGE])
    assert "米切尔 5桌5轮" in text and "2026年11月26日" in text and "找到你的对号" in text
    # pair 6 (EW, starting at table 1): round 2 at table 2 against NS 2 on boards 7-9
    route = pages[PAGE][pages[PAGE].index('id="p6"'):pages[PAGE].index('id="p7"')]
    assert re.search(r"<td class=\"at\">2</td><td class=\"at\">2</td><td>东西</td><td>2</td><td class=\"num\">7-9</td>", route)
    assert "两个冠军" in text and "同方向两对同打 5 组牌" in text and "均衡度" in text


def test_a_howell_page_in_english_with_a_sit_out():
    html = movement_pages(howell(4, boards_per_round=3, phantom=True), lang="en")[PAGE]
    text = _text(html)
    assert 'lang="en"' in html and "Find your number" in text and "sit out" in text
    # the 4-table Howell is perfect, and stays so without its stationary pair (table 1 is the sit-out)
    assert "balance 100%" in text and "standard deviation 0.00" in text


def test_a_teams_page_finds_teams():
    text = _text(movement_pages(round_robin(4, boards_per_round=8))[PAGE])
    assert "找到你的队号" in text and "开室" in text and "均衡度" not in text


@pytest.mark.slow
def test_the_page_on_a_phone(tmp_path):
    for name, text in movement_pages(howell(7, boards_per_round=2, phantom=True), event="周四双人赛").items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    with chromium(375, 900) as driver:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 375, "height": 900, "deviceScaleFactor": 1, "mobile": True})
        driver.get((tmp_path / PAGE).as_uri())
        assert driver.execute_script("return document.documentElement.scrollWidth") <= 375
        driver.execute_script("document.getElementById('p5').open = true")
        route = driver.execute_script("const t = document.querySelector('#p5 table'); return t.getBoundingClientRect().right")
        assert route <= 375
        rows = driver.execute_script("return document.querySelectorAll('#p5 tbody tr').length")
        assert rows == 13
        driver.save_screenshot(str(artifacts_folder("movement-page") / "movement-phone.png"))
