"""Tables and the 404 page in a real browser (chromium, browser_tools.py) on the real site.

On a phone (375 px) Law 77's tables and every other law table fit the page without scrolling
sideways, and no column is narrower than its content (no cell's words or figures overflow it, no
heading or figure broken inside); the 404 page, served for a missing address at any depth, is in
Chinese, styled, and offers the law the address names in each edition that has it. Screenshots go
to the artifacts folder (tests/artifacts.py).
"""
from __future__ import annotations

import functools
import http.server
import threading

import pytest
from artifacts import artifacts_folder
from browser_tools import chromium

pytestmark = pytest.mark.slow

SCREENSHOTS = artifacts_folder("screenshots")

#: every law table of the page: does the page scroll sideways, does a cell's content overflow it,
#: is a figure or a column heading broken inside (a figure's lines, a heading narrower than a word)
MEASURE = """
const out = {page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
             tables: 0, overflow: [], broken: [], wider: []};
for (const table of document.querySelectorAll('article table.law-table')) {
  out.tables += 1;
  const wrapper = table.closest('.table-wrapper') || table.parentElement;
  if (wrapper.scrollWidth > wrapper.clientWidth + 1) out.wider.push(table.className);
  for (const cell of table.querySelectorAll('th, td')) {
    if (cell.offsetParent === null) continue;  // hidden (a phone hides the repeated headings)
    if (cell.scrollWidth > cell.clientWidth + 1) out.overflow.push(cell.innerText);
    // a figure or a short heading set on more than one line: its column is narrower than it
    const range = document.createRange();
    for (const node of cell.querySelectorAll('p')) {
      for (const text of node.childNodes) {
        if (text.nodeType !== 3 || !/^\\s*(\\d+|[^\\s]{1,4})\\s*$/.test(text.textContent)) continue;
        range.selectNodeContents(text);
        if (range.getClientRects().length > 1) out.broken.push(text.textContent);
      }
    }
  }
}
return out;
"""


@pytest.fixture(scope="module")
def server(real_site):
    root = real_site.outdir

    class Handler(http.server.SimpleHTTPRequestHandler):
        """Answers a missing address with the site's 404.html, as a server configured so."""

        def log_message(self, format, *args):
            pass

        def send_error(self, code, message=None, explain=None):
            if code != 404:
                return super().send_error(code, message, explain)
            body = (root / "404.html").read_bytes()
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(root)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def phone():
    with chromium(width=375, height=900) as driver:
        yield driver


def full_shot(driver, name: str) -> None:
    height = driver.execute_script("return document.documentElement.scrollHeight")
    width = driver.execute_script("return window.outerWidth")
    driver.set_window_size(width, min(height + 150, 12000))
    assert driver.save_screenshot(str(SCREENSHOTS / f"{name}.png"))
    driver.set_window_size(width, 900)


@pytest.mark.parametrize("page", ["1991/law-77.html", "hant/1991/law-77.html", "1991/law-2.html",
                                  "1991/law-78.html", "2008/law-2.html", "1991/all.html"])
def test_law_tables_fit_a_phone(server, phone, page):
    phone.get(f"{server}/{page}")
    found = phone.execute_script(MEASURE)
    assert found["tables"] >= 1, page
    assert found["page"] <= 0, f"{page} scrolls sideways by {found['page']} px"
    assert found["wider"] == [], f"{page}: tables wider than the page: {found['wider']}"
    assert found["overflow"] == [], f"{page}: cells narrower than their content: {found['overflow'][:5]}"
    assert found["broken"] == [], f"{page}: figures or headings broken inside: {found['broken'][:5]}"
    if page == "1991/law-77.html":
        full_shot(phone, "1991-law-77-375")


def test_law77_on_a_phone_reads_row_by_row(server, phone):
    """The wide blocks are stacked: each value with its column's heading beside it, on one line."""
    from selenium.webdriver.common.by import By

    phone.get(f"{server}/1991/law-77.html")
    cells = phone.find_elements(By.CSS_SELECTOR, "table.law-table-stacked td:not(:first-child)")
    assert len(cells) >= 12 + 6 + 18
    shown = [c.text for c in cells]
    assert "未加倍时40" in ["".join(s.split()) for s in shown]  # the no-trump block, as printed
    heights = {c.size["height"] for c in cells if "应为" not in c.text}
    assert max(heights) < 40, heights  # one line each, not a column one character wide
    # 77B: the printed side headings are there, and a one-value row shows its value once
    article = phone.find_element(By.CSS_SELECTOR, "article").text
    for words in ("满贯奖分", "满贯打成时", "每一个超额赢墩（超过定约需要的赢墩）", "完成定约时的成局、不成局奖分"):
        assert words in article
    row = phone.find_element(By.XPATH, "//td[normalize-space()='完成任何不成局定约']/..")
    assert [c.text for c in row.find_elements(By.TAG_NAME, "td")] == ["完成任何不成局定约", "50"]


def test_law77_on_a_desktop(server):
    with chromium(width=1280, height=900) as desktop:
        desktop.get(f"{server}/1991/law-77.html")
        found = desktop.execute_script(MEASURE)
        assert found["page"] <= 0 and found["wider"] == [] and found["overflow"] == []
        labels = desktop.execute_script(
            "return [...document.querySelectorAll('.law-cell-label')].filter(e => e.offsetParent).length")
        assert labels == 0  # the cells' headings are a phone's only
        full_shot(desktop, "1991-law-77-1280")


@pytest.mark.parametrize("address, law", [("1991/law-999.html", None), ("1987/law-45.html", "45"),
                                          ("hant/1999/law-45.html", "45"), ("no/such/page.html", None)])
def test_404_page_at_any_depth(server, phone, address, law):
    from selenium.webdriver.common.by import By

    phone.get(f"{server}/{address}")
    assert phone.find_element(By.CSS_SELECTOR, "article h1").text == "找不到此页"
    assert phone.execute_script("return document.documentElement.lang") == "zh-Hans"
    # styled: the theme's stylesheets were found from this depth
    assert phone.execute_script(
        "return getComputedStyle(document.querySelector('.sidebar-drawer')).position") != "static"
    links = {a.text: a.get_attribute("href") for a in phone.find_elements(By.CSS_SELECTOR, "#rules-404 a")}
    assert links["1991年版"] == f"{server}/1991/index.html"
    assert links["首页"] == f"{server}/index.html"
    offered = {t: h for t, h in links.items() if t.endswith("条") and "第" in t}
    if law is None:
        assert offered == {}
    else:
        assert offered[f"1991年版 第{law}条"] == f"{server}/1991/law-{law}.html"
        if int(law) <= 40:
            assert offered[f"1999年版 第{law}条"] == f"{server}/1999/law-{law}.html"
        for href in offered.values():  # every law offered exists
            phone.get(href)
            assert phone.find_element(By.CSS_SELECTOR, "article h1").text.startswith(f"第{law}")
        phone.get(f"{server}/{address}")
    full_shot(phone, "404-" + address.replace("/", "-").removesuffix(".html"))


def test_traditional_404_page(server, phone):
    from selenium.webdriver.common.by import By

    phone.get(f"{server}/hant/404.html")
    assert phone.find_element(By.CSS_SELECTOR, "article h1").text == "找不到此頁"
    assert phone.execute_script("return document.documentElement.lang") == "zh-Hant"
    links = {a.text: a.get_attribute("href") for a in phone.find_elements(By.CSS_SELECTOR, "#rules-404 a")}
    assert links["首頁"] == f"{server}/hant/index.html"
