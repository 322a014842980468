"""Red hearts and diamonds in running text; code and the text itself untouched."""
from __future__ import annotations

import re

import pytest


@pytest.mark.sphinx("html", testroot="suits", freshenv=True)
def test_hearts_and_diamonds_are_red_in_text_only(app):
    app.build()
    page = (app.outdir / "index.html").read_text(encoding="utf-8")
    red = re.findall(r'<span class="suit suit-red">([^<]*)</span>', page)
    # title (♥ ♦) and the paragraph (4♥, ♦K); not the code block, not the inline literal
    assert red.count("♥") == 2 and red.count("♦") == 2, red
    assert "♠" in page and "♣" in page and '<span class="suit suit-red">♠' not in page
    code = page[page.index('class="highlight'):]
    assert "4♥ 10 tricks" in code
    assert re.search(r"<code[^>]*>.*3♦.*</code>", page)
    assert (app.outdir / "_static" / "rules.css").read_text(encoding="utf-8").count(".suit-red") >= 1


@pytest.mark.sphinx("html", testroot="suits", freshenv=True)
def test_chinese_wrapped_in_the_source_shows_no_space(app):
    """A line break of the source between two Chinese characters is no space in the page (browsers
    show one there); next to a Latin word or a digit it stays a space."""
    app.build()
    page = (app.outdir / "index.html").read_text(encoding="utf-8")
    assert "每一步的结果直接写在页上，计算过程折叠在结果下面；参阅\n<span" in page  # before an inline English word
    assert "</span>\n与第16条。英文 Law\n27 的断行保留空格。" in page
    assert not re.search(r"[，。；\u4e00-\u9fff]\s*\n\s*[\u4e00-\u9fff，。；]", page.split("<pre")[0]), page
