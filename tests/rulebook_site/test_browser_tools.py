"""The browser the browser tests drive starts where this machine keeps it (PATH, or CHROMIUM and
CHROMEDRIVER) and renders a page, checked without building the site."""
from __future__ import annotations

from browser_tools import chromium


def test_chromium_starts_and_renders_a_page(tmp_path):
    page = tmp_path / "page.html"
    page.write_text('<!doctype html><meta charset="utf-8"><title>测试</title><p id="p">红心 ♥</p>',
                    encoding="utf-8")
    with chromium(width=400, height=300) as driver:
        driver.get(page.as_uri())
        assert driver.title == "测试"
        assert driver.execute_script("return document.getElementById('p').textContent") == "红心 ♥"
