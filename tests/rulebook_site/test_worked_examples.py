"""The worked examples as a director reads them (the real site, both scripts): each doctest's result
in Chinese outside the folded code, a ruling as the renderer tells it, the index listing every
example with its law and summary; in chromium, a ruling visible without a click."""
from __future__ import annotations

import contextlib
import doctest
import io
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from test_browser import SCREENSHOTS, browser, server  # noqa: F401  (fixtures)

from rules_ext.cli.rulings import explain

SOURCE = Path(__file__).resolve().parents[2] / "source" / "examples"
VOID = frozenset({"br", "hr", "img", "input", "link", "meta", "col", "wbr", "source", "area", "base"})


class _Blocks(HTMLParser):
    """The result boxes of a page (text, and whether a closed ``<details>`` holds them) and the
    folded code blocks, in page order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str]] = []
        self.found: list[dict] = []     # {"kind": "result"|"code", "text": str, "folded": bool}
        self.open: list[tuple[int, dict]] = []

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            return
        classes = dict(attrs).get("class") or ""
        self.stack.append((tag, classes))
        kind = ("result" if tag == "div" and "worked-result" in classes.split() else
                "code" if tag == "details" and "worked-code" in classes.split() else "")
        if kind:
            folded = any(t == "details" for t, _ in self.stack[:-1])
            block = {"kind": kind, "text": "", "folded": folded}
            self.found.append(block)
            self.open.append((len(self.stack), block))

    def handle_endtag(self, tag):
        if tag in VOID or not self.stack:
            return
        if self.open and self.open[-1][0] == len(self.stack):
            self.open.pop()
        self.stack.pop()

    def handle_data(self, data):
        for _, block in self.open:
            block["text"] += data


def blocks(path: Path) -> list[dict]:
    parser = _Blocks()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.found


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.split("\n") if line.strip()]


def test_every_doctest_shows_its_result_outside_the_folded_code(real_site):
    for path in sorted(SOURCE.glob("*.rst")):
        if path.stem == "index":
            continue
        found = blocks(real_site.outdir / "examples" / f"{path.stem}.html")
        results = [b for b in found if b["kind"] == "result"]
        assert results, path.stem
        assert not any(b["folded"] for b in results), path.stem
        assert all(re.search(r"[\u4e00-\u9fff]", b["text"]) for b in results), path.stem
        # each result box comes right before the code it was computed by
        kinds = [b["kind"] for b in found]
        assert all(kinds[i + 1] == "code" for i, k in enumerate(kinds) if k == "result"), path.stem


def test_a_worked_ruling_is_the_renderers_text_shown_line_by_line(real_site):
    found = blocks(real_site.outdir / "examples" / "rulings-play.html")
    first = next(b for b in found if b["kind"] == "result")
    # the first ruling of the page (dummy designation, rank only: source/examples/rulings-play.rst), run again
    examples = doctest.DocTestParser().get_examples((SOURCE / "rulings-play.rst").read_text(encoding="utf-8"))
    ruled = next(e for e in examples if "print(explain(" in e.source)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(ruled.source, {"explain": explain})   # the page's own example
    text = out.getvalue()
    assert _lines(first["text"]) == _lines(text)
    assert "裁定：只说牌点，明手只有一张该牌点的牌可合法打出：必须出该张牌。" in _lines(first["text"])


def test_a_numeric_result_is_a_chinese_sentence_or_table_from_the_checked_output(real_site):
    found = blocks(real_site.outdir / "examples" / "law-77.html")
    texts = [" ".join(b["text"].split()) for b in found if b["kind"] == "result"]
    assert "有局4♠加倍刚好做成：墩分240，总得分790。" in texts
    table = next(t for t in texts if t.startswith("加倍时每墩的墩分"))
    assert "书中的表 40 40 40 40 算出 40 40 60 60" in table   # the misprint, cell by cell
    assert not any(word in " ".join(texts) for word in ("True", "False", "None"))


def test_the_traditional_site_shows_the_results_converted(real_site):
    found = blocks(real_site.outdir / "hant" / "examples" / "law-64.html")
    first = next(b for b in found if b["kind"] == "result")
    assert "依據條文：" in first["text"] and "違規：東家打出♠5。" in first["text"]
    assert "依据条文" not in first["text"]


def test_the_index_lists_every_example_with_its_law_and_summary(real_site):
    html = (real_site.outdir / "worked" / "index.html").read_text(encoding="utf-8")
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", html, re.S)[1:]
    pages = sorted(p for p in SOURCE.glob("*.rst") if p.stem != "index")
    assert len(rows) == len(pages)
    for row, page in zip(rows, pages):
        head = page.read_text(encoding="utf-8")[:2000]
        summary = re.search(r"^:summary:\s*(.+)$", head, re.M).group(1)
        assert f'href="../examples/{page.stem}.html' in row, page.stem
        assert re.search(r'href="\.\./(1991|1999)/law-\d+\.html', row), page.stem   # the law, linked
        assert summary in re.sub(r"<[^>]+>", "", row), page.stem


@pytest.mark.slow
def test_a_worked_ruling_is_visible_without_a_click(server, browser):  # noqa: F811
    from selenium.webdriver.common.by import By

    for width, name in ((1280, "desktop"), (375, "phone")):
        browser.set_window_size(width, 900)
        browser.get(f"{server}/examples/rulings-play.html")
        result = browser.find_elements(By.CSS_SELECTOR, ".worked-result-text")[0]
        browser.execute_script("arguments[0].scrollIntoView({block: 'start', behavior: 'instant'})", result)
        assert result.is_displayed()
        assert "裁定：" in result.text and "依据条文：" in result.text
        box = result.rect
        assert box["height"] > 200 and box["width"] <= width
        # the code is below it, folded
        code = browser.find_elements(By.CSS_SELECTOR, "details.worked-code")[0]
        assert code.get_attribute("open") is None
        assert code.rect["y"] > box["y"] + box["height"] - 1
        assert browser.execute_script("return document.documentElement.scrollWidth") <= width
        browser.save_screenshot(str(SCREENSHOTS / f"worked-ruling-{name}.png"))
    browser.set_window_size(1280, 1400)


def _article(html: str) -> str:
    return html[html.index("<article"):html.index("</article>")]


def _prose(html: str) -> str:
    """A page's article as a reader reads it: the folded code, code blocks, scripts and tags left out."""
    article = _article(html)
    for pattern in (r'<details class="[^"]*worked-code.*?</details>', r"<pre.*?</pre>", r"<script.*?</script>"):
        article = re.sub(pattern, "", article, flags=re.S)
    return re.sub(r"<[^>]+>", "", article)


def test_an_examples_prose_is_for_readers(real_site):
    """The examples' text names no command, package or file (those live in the folded code), the
    rulings examples are titled alike (裁决助手实例：…), and Chinese wrapped across source lines
    shows no space (写在页上，计算过程)."""
    pages = sorted((real_site.outdir / "examples").glob("*.html"))
    assert len(pages) == len(list(SOURCE.glob("*.rst")))
    for path in pages:
        prose = _prose(path.read_text(encoding="utf-8"))
        for machine in ("rules_ext", "python -m", ".toml", "sphinx.ext", "make doctest"):
            assert machine not in prose, (path.name, machine)
        if path.name.startswith("rulings-"):
            title = re.search(r"<h1>(.*?)<", path.read_text(encoding="utf-8"))[1]
            assert title.startswith("裁决助手实例："), (path.name, title)
    index = (real_site.outdir / "examples" / "index.html").read_text(encoding="utf-8")
    paragraphs = [re.sub(r"<[^>]+>", "", p) for p in re.findall(r"<p>(.*?)</p>", _article(index), flags=re.S)]
    assert any("每一步的结果直接写在页上，计算过程（程序代码）折叠在结果下面" in p for p in paragraphs), paragraphs
    for paragraph in paragraphs:
        assert not re.search(r"[\u4e00-\u9fff，。；：]\s+[\u4e00-\u9fff，。；：]", paragraph), paragraph
