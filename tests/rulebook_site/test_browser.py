"""The built site in a real headless browser: chromium through selenium + chromedriver (found on PATH
or through CHROMIUM / CHROMEDRIVER: browser_tools.py).

Opens the home page, follows links to 1991 Law 62, clicks its reference to Law 50 (详50条) and lands
there, searches 藏牌 and sees Laws 61–64, switches to 繁體 and back at the same provision, reads the
comparison of Law 29 in dark mode; screenshots go to the test artifacts folder
(``RULES_EXT_TEST_ARTIFACTS``, else ``rules-ext-test-artifacts`` in the temporary folder: tests/artifacts.py).
"""
from __future__ import annotations

import functools
import http.server
import re
import threading
from pathlib import Path

import pytest
from artifacts import artifacts_folder
from browser_tools import chromium

pytestmark = pytest.mark.slow

SCREENSHOTS = artifacts_folder("screenshots")  # tests/artifacts.py: outside the checkout


@pytest.fixture(scope="module")
def server(real_site):
    handler = functools.partial(QuietHandler, directory=str(real_site.outdir))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


@pytest.fixture(scope="module")
def browser():
    with chromium() as driver:
        yield driver


def shot(driver, name: str) -> Path:
    path = SCREENSHOTS / f"{name}.png"
    assert driver.save_screenshot(str(path)), path
    assert path.stat().st_size > 10_000
    return path


def click(driver, element) -> None:
    """Click like a reader: scroll the link to the middle of the window first (furo's sticky
    header and back-to-top button would otherwise be hit instead)."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", element)
    element.click()


def test_reader_journey(server, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    wait = WebDriverWait(browser, 30)
    article = (By.CSS_SELECTOR, "article")

    # home page -> 1991 edition -> Law 62
    browser.get(f"{server}/index.html")
    assert "中国桥牌竞赛规则" in browser.title
    click(browser, browser.find_element(By.CSS_SELECTOR, 'article a[href="1991/index.html"]'))
    wait.until(ec.url_contains("/1991/index.html"))
    click(browser, browser.find_element(By.CSS_SELECTOR, 'article a[href="law-62.html"]'))
    wait.until(ec.url_contains("/1991/law-62.html"))
    heading = browser.find_element(By.CSS_SELECTOR, "article h1").text
    assert heading.startswith("第62条"), heading
    law62 = shot(browser, "1991-law-62")

    # its reference to Law 50 (详50条) lands on Law 50
    link = browser.find_element(By.CSS_SELECTOR, 'article a[href="law-50.html#50"]')
    assert link.text == "50条"
    context = browser.execute_script(
        "return arguments[0].parentNode.textContent", link)
    assert "详50条" in context
    click(browser, link)
    wait.until(ec.url_contains("/1991/law-50.html#50"))
    assert browser.find_element(By.CSS_SELECTOR, "article h1").text.startswith("第50条")

    # search 藏牌: the revoke laws 61-64 are among the results
    browser.get(f"{server}/search.html?q=藏牌")
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#search-results li a")) >= 4
               and "search-summary" in d.page_source)
    wait.until(lambda d: all(
        d.find_elements(By.CSS_SELECTOR, f'#search-results a[href*="1991/law-{n}.html"]')
        for n in range(61, 65)))
    found = shot(browser, "search-藏牌")

    # switch Law 62 to 繁體 from a provision: the 繁體 site's page, at the same provision
    browser.get(f"{server}/1991/law-62.html#62B")
    switch = browser.find_element(By.CSS_SELECTOR, ".rules-script-switch a")
    assert switch.text == "繁體"
    assert switch.get_attribute("href").endswith("/hant/1991/law-62.html#62B")
    click(browser, switch)
    wait.until(ec.url_contains("/hant/1991/law-62.html#62B"))
    wait.until(ec.presence_of_element_located(article))
    assert browser.execute_script("return document.documentElement.lang") == "zh-Hant"
    heading = browser.find_element(By.CSS_SELECTOR, "article h1").text
    assert heading.startswith("第62條"), heading
    page = browser.find_element(By.TAG_NAME, "body").text  # sidebar, headings, notes, footer
    assert "藏牌" in page and "條" in page
    for simplified in ("条", "勘误", "依据", "目录", "编者", "恢复", "对照", "实例", "搜索"):
        assert simplified not in page, simplified
    hant = shot(browser, "hant-1991-law-62")
    # and back, still at the provision
    click(browser, browser.find_element(By.CSS_SELECTOR, ".rules-script-switch a"))
    wait.until(ec.url_contains("/1991/law-62.html#62B"))
    assert "/hant/" not in browser.current_url
    assert browser.execute_script("return document.documentElement.lang") == "zh-Hans"

    # the comparison of Law 29 pairs provisions by wording (1991 29A is 1999 29B), in dark mode
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    browser.get(f"{server}/compare/law-29.html")
    rows = browser.find_elements(By.CSS_SELECTOR, "table.law-compare tbody tr")
    row = next(r for r in rows if r.find_elements(By.CSS_SELECTOR, 'a[href$="1991/law-29.html#29A"]'))
    assert row.find_elements(By.CSS_SELECTOR, 'a[href$="1999/law-29.html#29B"]')
    assert "移位" in row.text
    deleted = row.find_element(By.CSS_SELECTOR, ".diff-del")
    background, colour = browser.execute_script(
        "const s = getComputedStyle(arguments[0]); return [s.backgroundColor, s.color]", deleted)
    dark = [int(x) for x in re.findall(r"\d+", background)[:3]]
    light = [int(x) for x in re.findall(r"\d+", colour)[:3]]
    assert sum(dark) < 200 < sum(light), (background, colour)  # light text on a dark mark
    shot(browser, "compare-29-dark")
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})

    # the print style: the law text without navigation, sidebar or script switch
    import base64
    import io

    import pypdf
    from selenium.webdriver.common.print_page_options import PrintOptions

    browser.get(f"{server}/1991/law-62.html")
    pdf = base64.b64decode(browser.print_page(PrintOptions()))
    printed = SCREENSHOTS / "1991-law-62-print.pdf"
    printed.write_bytes(pdf)
    text = "".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages)
    assert "第62条" in text and "（A）" in text and "详50条" in text
    for chrome in ("繁體", "版本 (EDITIONS)", "第63条", "Skip to content"):
        assert chrome not in text, chrome
    print(f"\nbrowser journey OK; screenshots: {law62}, {found}, {hant}; print: {printed}")


def _wait_for_results(browser, query: str, count: int = 1):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(browser, 30).until(
        lambda d: len(d.find_elements(By.CSS_SELECTOR, "#search-results li.rules-result")) >= count
        and d.find_element(By.CSS_SELECTOR, ".search-summary").text.strip())
    return browser.execute_script("""
        return [...document.querySelectorAll('#search-results li.rules-result')].map(li => ({
          href: li.querySelector('a').getAttribute('href'),
          text: (li.querySelector('p.context') || {textContent: ''}).textContent}))""")


def _law(href: str) -> str:
    """'./1991/law-45.html?highlight=x#45C4b' -> '1991/law-45'"""
    path = href.split("?")[0].split("#")[0].removesuffix(".html")
    while path.startswith(("./", "../")):
        path = path.split("/", 1)[1]
    return path


def test_copy_link_by_keyboard_and_followed_link(server, browser):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(f"{server}/1991/law-45.html")
    own = browser.find_element(By.CSS_SELECTOR, 'a.law-permalink[href="#45C4b"]')
    before = browser.find_element(By.CSS_SELECTOR, 'a.law-permalink[href="#45C4a"]')
    assert own.is_displayed()
    # capture what is copied (the clipboard itself is the browser's)
    browser.execute_script("window.copied = null; navigator.clipboard.writeText = "
                           "(t) => { window.copied = t; return Promise.resolve(); };")
    browser.execute_script("arguments[0].focus()", before)
    ActionChains(browser).send_keys(Keys.TAB).perform()
    active = browser.switch_to.active_element
    assert active.get_attribute("href").endswith("#45C4b")
    active.send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(lambda d: d.execute_script("return window.copied"))
    assert browser.execute_script("return window.copied") == (
        f"《中国桥牌竞赛规则》1991年版 第45条C款4项b目 {server}/1991/law-45.html#45C4b")
    assert "已复制" in browser.find_element(By.CSS_SELECTOR, ".law-copied").text
    assert browser.execute_script("return document.querySelector(':target').id") == "45C4b"

    # hovering 45C4b's line strengthens its own copy-link only, not 45C's or 45C4's
    ActionChains(browser).move_to_element(
        browser.find_element(By.CSS_SELECTOR, '[id="45C4b"] > p')).perform()
    opacity = browser.execute_script("""return ['45C', '45C4', '45C4b'].map(a =>
        getComputedStyle(document.querySelector(`a.law-permalink[href="#${a}"]`)).opacity)""")
    assert opacity[2] == "1" and opacity[0] != "1" and opacity[1] != "1", opacity

    # a followed link lands on its provision, highlighted; the law's heading anchor is its number
    browser.get(f"{server}/1991/law-62.html")
    browser.get(f"{server}/1991/law-45.html#45C2")
    target = browser.execute_script("return document.querySelector(':target')")
    assert target.get_attribute("id") == "45C2"
    background = browser.execute_script(
        "return getComputedStyle(arguments[0].querySelector(':scope > p')).backgroundColor", target)
    assert background not in ("rgba(0, 0, 0, 0)", "transparent"), background
    assert browser.execute_script("return document.querySelector('article h1')"
                                  ".closest('section').id") == "45"
    shot(browser, "1991-law-45-target")

    # a phone: the copy-link is there without hovering
    browser.set_window_size(390, 844)
    try:
        browser.get(f"{server}/1991/law-45.html#45C4b")
        link = browser.find_element(By.CSS_SELECTOR, 'a.law-permalink[href="#45C4b"]')
        assert link.is_displayed() and link.size["width"] >= 10
        shot(browser, "phone-1991-law-45C4b")
    finally:
        browser.set_window_size(1280, 1400)


FURNITURE = ("←", "→", "›", "置信度", "confidence", "依据 (evidence", "繁體", "Next", ".txt",
             ">>>")


def test_search_one_result_per_law_with_law_text_snippets(server, browser):
    browser.get(f"{server}/search.html?q=叫牌")
    results = _wait_for_results(browser, "叫牌", 20)
    laws = [_law(r["href"]) for r in results]
    assert len(laws) == len(set(laws)), laws
    assert not [law for law in laws if law.startswith("zh-hant/")]
    for result in results:
        assert "叫牌" in result["text"], result
        for furniture in FURNITURE:
            assert furniture not in result["text"], (furniture, result)
    transferred = browser.execute_script(
        "return performance.getEntriesByType('resource').reduce((t, e) => t + e.transferSize, 0)"
        " + performance.getEntriesByType('navigation')[0].transferSize")
    assert transferred < 1_000_000, transferred
    shot(browser, "search-叫牌")

    # the edition filter
    browser.get(f"{server}/search.html?q=叫牌&edition=1999")
    laws = [_law(r["href"]) for r in _wait_for_results(browser, "叫牌", 5)]
    assert all(law.startswith("1999") for law in laws), laws


def test_first_search_cost(server):
    """A fresh browser's first search (once 454 kB in 37 requests): Sphinx's
    index written as UTF-8, the search data requested beside it, the snippet texts side by side;
    nothing indexed that repeats the laws or leads to them (a worked example's ruling lines, the
    assistant's questionnaire links, an edition's contents: 484 kB in 36 requests before they were
    left out), no stylesheet a page does not use (pygments.css, rules-fidelity.css)."""
    with chromium() as fresh:
        fresh.get(f"{server}/search.html?q=不足叫牌")
        _wait_for_results(fresh, "不足叫牌", 3)
        entries = fresh.execute_script("""return performance.getEntriesByType('resource').map(e => ({
            name: new URL(e.name).pathname, size: e.transferSize, start: e.startTime, end: e.responseEnd}))
            .concat([{name: 'page', size: performance.getEntriesByType('navigation')[0].transferSize}])""")
    by_name = {e["name"]: e for e in entries}
    index, data = by_name["/searchindex.js"], by_name["/_static/rules-search-data.js"]
    assert index["size"] < 180_000, index
    assert data["start"] < index["end"], (data, index)  # not after the index, when rules.js runs
    texts = [e for e in entries if e["name"].startswith("/_search/")]
    assert len(texts) >= 5 and max(e["start"] for e in texts) < min(e["end"] for e in texts) + 50, texts
    assert len(entries) <= 40 and sum(e["size"] for e in entries) < 420_000, (
        len(entries), sum(e["size"] for e in entries))
    print(f"\nfirst search: {len(entries)} requests, {sum(e['size'] for e in entries)} bytes")


#: the top 3 of a query, the same on both sites (a label opens its provision)
LAW_FIRST = [
    ("不足叫牌", ["1991/law-27", "1999/law-27", "1999/law-18"]),  # Law 27's title, in each edition
    ("调整分", ["1991/law-12", "1999/law-12", "1991/law-13"]),  # its definition cites Law 12
    ("調整分", ["1991/law-12", "1999/law-12", "1991/law-13"]),
    ("藏牌", ["1991/law-61", "1991/law-62", "1991/law-63"]),
    ("罰張", ["1991/law-50", "1991/law-51", "1991/law-52"]),
    ("莊家", ["1991/law-48", "1991/law-55", "1991/law-54"]),
    ("發牌", ["1991/law-6", "1999/law-6", "2008/law-6"]),  # 洗牌与发牌, the deal
    ("revoke", ["1991/law-61", "1991/law-62", "1991/law-63"]),
    ("lead out of turn", ["1991/law-53", "1991/law-54", "1991/law-55"]),  # not 30-32 (the auction)
    ("claim", ["1991/law-68", "1991/law-69", "1991/law-70"]),
    ("45C4b", "1991/law-45.html#45C4b"),
    ("第62条", "1991/law-62.html#62"),
]


@pytest.mark.parametrize("site", ["", "hant/"], ids=["简体", "繁體"])
@pytest.mark.parametrize("query, expected", LAW_FIRST, ids=[q for q, _ in LAW_FIRST])
def test_search_finds_the_law_first(server, browser, site, query, expected):
    """Both sites' own indexes (the 繁體 one holds its converted text): the law a term names
    first, in the default edition then the others; examples and the assistant after the laws."""
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(f"{server}/{site}search.html?q={query}")
    if isinstance(expected, str):  # a label: its provision in the default edition, no page between
        WebDriverWait(browser, 30).until(lambda d: "search.html" not in d.current_url)
        assert browser.current_url == f"{server}/{site}{expected}"
        return
    results = [_law(r["href"]) for r in _wait_for_results(browser, query, 3)]
    assert results[:3] == expected, (query, results[:6])


@pytest.mark.parametrize("query, laws", [
    ("未按顺序", [f"1991/law-{n}" for n in (29, 30, 31, 32)]),  # synonym of 越序
    ("首攻", ["1991/law-54"]),  # synonym of 首引
    ("revoke", [f"1991/law-{n}" for n in range(61, 65)]),  # English title and glossary
    ("claim", [f"1991/law-{n}" for n in range(68, 72)]),
    ("罰張", ["1991/law-50"]),  # typed in traditional characters
])
def test_search_understands_bridge_words(server, browser, query, laws):
    browser.get(f"{server}/search.html?q={query}")
    found = {_law(r["href"]) for r in _wait_for_results(browser, query, len(laws))}
    assert set(laws) <= found, (query, sorted(found))
    if query in ("revoke", "罚则"):
        shot(browser, f"search-{query}")


def test_search_jumps_to_a_provision(server, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    wait = WebDriverWait(browser, 30)
    # from a 1999 page, the search box jumps within 1999; from the 繁體 copy, within the copy
    for edition in ("1999", "1999-trad"):
        browser.get(f"{server}/{edition}/law-23.html")
        box = browser.find_element(By.CSS_SELECTOR, 'form input[name="q"]')
        box.send_keys("第21条B款\n")
        wait.until(ec.url_contains(f"/{edition}/law-21.html#21B"))
    # from the search page: the default edition's provision, the other editions named above it
    browser.get(f"{server}/search.html?q=第27条B款")
    wait.until(ec.url_contains("/1991/law-27.html#27B"))
    also = wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, ".rules-also")))
    assert also.text.startswith("第27条B款 其他版本：1999年版 第27条B款"), also.text
    # the delivered 繁體 copy of 1999 is one of them (the index's objects hold its provisions)
    assert "1999年版 繁體原文 第27条B款" in also.text, also.text
    assert [f"{server}/1999/law-27.html#27B", f"{server}/1999-trad/law-27.html#27B"] == [
        a.get_attribute("href") for a in also.find_elements(By.TAG_NAME, "a")
        if "/1999" in a.get_attribute("href")]
    assert browser.execute_script("return document.querySelector(':target').id") == "27B"
    shot(browser, "search-jump-27B")
    click(browser, also.find_element(By.TAG_NAME, "a"))
    wait.until(ec.url_contains("/1999/law-27.html#27B"))
    assert not browser.find_elements(By.CSS_SELECTOR, ".rules-also")  # named once, not again
    browser.get(f"{server}/hant/search.html?q=第27條")
    wait.until(ec.url_contains("/hant/1991/law-27.html#27"))
    also = wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, ".rules-also")))
    assert also.text.startswith("第27條 其他版本：1999年版 第27條"), also.text
    # an edition chosen on the search page, and one that lacks the provision (1999 has Laws 1-40)
    browser.get(f"{server}/search.html?q=45C4b&edition=1991")
    wait.until(ec.url_contains("/1991/law-45.html#45C4b"))
    browser.get(f"{server}/search.html?q=45C4b&edition=1999")
    wait.until(ec.url_contains("/1991/law-45.html#45C4b"))


def test_search_page_for_罚则(server, browser):
    browser.get(f"{server}/search.html?q=罚则")
    results = _wait_for_results(browser, "罚则", 3)
    for result in results:
        assert "罚则" in result["text"], result
    shot(browser, "search-罚则")


def test_definitions_on_focus_and_tap_and_highlights_stay_on_their_page(server, browser):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    wait = WebDriverWait(browser, 30)
    browser.get(f"{server}/1991/law-45.html")
    term = browser.find_element(By.CSS_SELECTOR, "article a.law-term")
    popup = "return document.querySelector('.law-term-popup:not([hidden])')"
    # keyboard: focusing the term shows its definition
    browser.execute_script("""const links = [...document.querySelectorAll('article a')];
        links[links.indexOf(arguments[0]) - 1].focus()""", term)
    ActionChains(browser).send_keys(Keys.TAB).perform()
    assert browser.switch_to.active_element == term
    shown = browser.execute_script(popup)
    assert shown is not None and term.text in shown.text and "词汇表" in shown.text
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    assert browser.execute_script(popup) is None
    # a tap: the first shows the definition and stays, the second follows the link
    tap = ("arguments[0].dispatchEvent(new PointerEvent('pointerdown', "
           "{pointerType: 'touch', bubbles: true})); arguments[0].click();")
    browser.execute_script(tap, term)
    assert browser.current_url.endswith("/1991/law-45.html")
    assert browser.execute_script(popup) is not None
    browser.execute_script(tap, term)
    wait.until(lambda d: "glossary.html#term-" in d.current_url)

    # a search result opens highlighted; the next page the reader goes to is not
    browser.get(f"{server}/search.html?q=越序")
    _wait_for_results(browser, "越序", 3)
    first = browser.find_element(By.CSS_SELECTOR, "#search-results li.rules-result a")
    click(browser, first)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "span.highlighted"))
    browser.get(f"{server}/1991/law-28.html")
    assert browser.find_element(By.CSS_SELECTOR, "article h1").text.startswith("第28条")
    assert not browser.find_elements(By.CSS_SELECTOR, "span.highlighted")


def test_traditional_law_text_keeps_the_laws_words(server, browser):
    """The 繁體 law text as a reader sees it (hant/1991/law-90): converted character by character,
    so 程序 (procedure) stays 程序 and never becomes the phrase profile's 程式 (a computer program);
    the page is ``lang="zh-Hant"``; the copy-link speaks traditional (its tooltip, the citation it
    copies, the message it shows); and so on a phone."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(f"{server}/hant/1991/law-90.html")
    assert browser.execute_script("return document.documentElement.lang") == "zh-Hant"
    article = browser.find_element(By.CSS_SELECTOR, "article").text
    assert "程式" not in article
    assert "違反正常比賽程序" in browser.find_element(By.CSS_SELECTOR, '[id="90A"]').text
    assert "比賽程序方面的錯誤" in browser.find_element(By.CSS_SELECTOR, '[id="90B7"]').text
    link = browser.find_element(By.CSS_SELECTOR, 'a.law-permalink[href="#90A"]')
    assert link.get_attribute("title") == "複製引用和鏈接"
    assert link.get_attribute("aria-label") == "複製引用和鏈接：《中國橋牌競賽規則》1991年版 第90條A款"
    browser.execute_script("window.copied = null; navigator.clipboard.writeText = "
                           "(t) => { window.copied = t; return Promise.resolve(); };")
    click(browser, link)
    WebDriverWait(browser, 10).until(lambda d: d.execute_script("return window.copied"))
    assert browser.execute_script("return window.copied") == (
        f"《中國橋牌競賽規則》1991年版 第90條A款 {server}/hant/1991/law-90.html#90A")
    assert browser.find_element(By.CSS_SELECTOR, ".law-copied").text == "已複製引用和鏈接"
    # a phone: the same words, the copy-link shown without hovering
    browser.set_window_size(390, 844)
    try:
        browser.get("about:blank")  # a fresh load, not a jump within the page
        browser.get(f"{server}/hant/1991/law-90.html#90B7")
        assert browser.execute_script("return document.querySelector(':target').id") == "90B7"
        assert "違反正常比賽程序" in browser.find_element(By.CSS_SELECTOR, "article").text
        own = browser.find_element(By.CSS_SELECTOR, 'a.law-permalink[href="#90B7"]')
        assert own.is_displayed() and own.get_attribute("title") == "複製引用和鏈接"
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
        shot(browser, "phone-hant-1991-law-90")
    finally:
        browser.set_window_size(1280, 1400)


SPELLINGS = [  # (site, query, the law the first result is, the words its page highlights)
    ("", "撤销", "1991/law-69", "撤消"),  # the texts print 撤消 (the reviewed variant spellings)
    ("hant/", "撤销", "1991/law-69", "撤消"),
    ("", "罰張", "1991/law-50", "罚张"),  # typed in traditional characters, found and highlighted in simplified
    ("hant/", "罰張", "1991/law-50", "罰張"),  # and on the 繁體 page in traditional ones
    ("", "發牌", "1991/law-6", "发牌"),
    ("hant/", "發牌", "1991/law-6", "發牌"),
]


@pytest.mark.parametrize("site, query, law, printed", SPELLINGS,
                         ids=[f"{'繁體' if s else '简体'}-{q}" for s, q, _, _ in SPELLINGS])
def test_every_spelling_finds_the_law_and_its_page_highlights_it(server, browser, site, query, law, printed):
    """A query in either script or spelling: its first result, opened, highlights the words as
    that page prints them."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(f"{server}/{site}search.html?q={query}")
    results = _wait_for_results(browser, query, 1)
    assert _law(results[0]["href"]) == law, (query, [_law(r["href"]) for r in results[:5]])
    click(browser, browser.find_element(By.CSS_SELECTOR, "#search-results li.rules-result a"))
    WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "span.highlighted"))
    marked = {e.text for e in browser.find_elements(By.CSS_SELECTOR, "span.highlighted")}
    assert printed in marked, (query, marked)
    print(f"\n{site or '简体 '}{query}: first {law}, highlighted {sorted(marked)}")
