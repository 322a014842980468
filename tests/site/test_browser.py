"""The built site in a real headless browser: Debian's chromium through selenium + chromedriver.

Opens the home page, follows links to 1991 Law 62, clicks its reference to Law 50 (详50条) and lands
there, searches 藏牌 and sees Laws 61–64, switches to 繁體 and back at the same provision, reads the
comparison of Law 29 in dark mode; screenshots go to build/screenshots/.
"""
from __future__ import annotations

import functools
import http.server
import re
import shutil
import tempfile
import threading
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
SCREENSHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
INSTALL = ("install Debian's browser: `make setup` (as root) or "
           "`sudo apt-get install chromium chromium-driver`")


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
    missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
    if missing:
        pytest.fail(f"{', '.join(missing)} not found: {INSTALL}")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="rules-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update",
                 "--no-first-run", "--disable-sync", "--window-size=1280,1400",
                 f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


def shot(driver, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
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
    compare = shot(browser, "compare-29-dark")
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
    print(f"\nbrowser journey OK; screenshots: {law62}, {found}, {hant}, {compare}; print: {printed}")
