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
