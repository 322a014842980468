"""The counter of English words a reader sees (visible_words.py), on small pages."""
from __future__ import annotations

from visible_words import ALLOWED, english_words


def words(html: str) -> list[str]:
    return [w for w, _ in english_words(html)]


def test_counts_text_title_and_spoken_attributes():
    page = ("<html><head><title>实例 (worked examples)</title><script>var x = 'English';</script>"
            "</head><body><p>版本 (editions)</p><button aria-label=\"Toggle sidebar\">x</button>"
            "<input placeholder=\"Search\"></body></html>")
    assert set(words(page)) == {"worked", "examples", "editions", "Toggle", "sidebar", "Search"}


def test_leaves_out_lang_en_code_and_the_search_form():
    page = ("<body><p>英文条名：<span lang=\"en\">Law 27 — <i>Insufficient</i> Bid</span></p>"
            "<p><code>make pdf</code> <kbd>Tab</kbd></p><pre>print(1)</pre>"
            "<form class=\"sidebar-search-container\"><input placeholder=\"Search\"></form>"
            "<a class=\"law-term\" title=\"包括Ace\">大牌</a><br><p>第45条C款4项b目 45C4b</p></body>")
    assert words(page) == []


def test_every_allowed_word_has_a_reason():
    assert all(reason.strip() for reason in ALLOWED.values())
