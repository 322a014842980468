"""The theme's interface words are Chinese in both scripts (rules_ext/rulebook_site/interface.py)."""
from __future__ import annotations

import re
import shutil

import pytest
from sphinx import locale

from rules_ext.rulebook_site import interface

#: the English words furo and Sphinx print on every page (text, aria labels, icon titles); none
#: may reach a reader of a Chinese page
THEME_ENGLISH = ("Next", "Previous", "On this page", "Back to top", "Skip to content", "Made with",
                 "Copyright", "Contents", "Menu", "Expand", "Light mode", "Dark mode",
                 "Auto light/dark", "Toggle", "Search", "Home", "'s")


def theme_english(html: str) -> list[str]:
    """The theme's English words a reader sees or a screen reader reads on ``html``: text between
    tags (scripts and styles left out) and aria labels, titles and placeholders."""
    html = re.sub(r"<(script|style)\b.*?</\1>", "", html, flags=re.S)
    body = html.partition("<body")[2]
    texts = re.findall(r">([^<]+)<", body)
    texts += re.findall(r'\b(?:aria-label|title|placeholder|alt)="([^"]*)"', html)
    return sorted({f"{word}: {text.strip()[:60]}" for text in texts for word in THEME_ENGLISH
                   if re.search(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])", text)})


def test_every_catalog_entry_is_translated():
    words = interface.catalog_words()
    assert {"Next", "Previous", "On this page", "Toggle navigation of %(title)s"} <= words
    simplified = interface.translations(interface.CATALOG)
    for word in words:
        assert re.search(r"[\u4e00-\u9fff]", simplified.gettext(word)), word
    # the 繁體 catalog is the same one converted
    from rules_ext.rulebook_site.script import to_traditional

    traditional = interface.translations(interface.CATALOG, to_traditional)
    assert traditional.gettext("On this page") == "本頁目錄"
    assert traditional.gettext("Next") == "下一頁"


def test_literals_are_translated_and_page_text_is_left_alone():
    catalog = interface.translations(interface.CATALOG)
    html = ('<input aria-label="Toggle site navigation sidebar"><svg><symbol><title>Menu</title>'
            '</symbol></svg><input aria-label="Toggle navigation of 第1条 &amp; 附录">'
            '<a class="muted-link" href="https://pradyunsg.me">@pradyunsg</a>\'s'
            '<abbr title="Next">下</abbr><abbr title="Contract">定约</abbr><span data-subtitle="Next">下</span>')
    out = interface.translate_literals(html, catalog.gettext)
    assert 'aria-label="打开或关闭导航栏"' in out and "<title>菜单</title>" in out
    assert 'aria-label="展开或收起“第1条 &amp; 附录”"' in out
    assert "@pradyunsg</a></span> 的" in out  # the name marked lang="en"
    # a catalog word in a title is the theme's; any other English title is the page's own
    assert 'title="下一页"' in out and 'title="Contract"' in out
    assert 'data-subtitle="Next"' in out  # an attribute whose name only ends in "title" is not the theme's


@pytest.mark.parametrize("language, words", [("zh_CN", ("下一页", "上一页", "本站由", "跳到正文")),
                                             ("zh_TW", ("下一頁", "上一頁", "本站由", "回到頂部"))])
def test_furo_pages_speak_chinese(make_app, rootdir, tmp_path, language, words):
    """A small project with the site's theme, in each script: no theme word left in English on a
    page with prev/next links, nor on the search page."""
    src = tmp_path / "src"
    shutil.copytree(rootdir / "test-suits", src)
    (src / "second.rst").write_text("第二页\n======\n\n正文。\n", encoding="utf-8")
    with (src / "index.rst").open("a", encoding="utf-8") as index:
        index.write("\n.. toctree::\n\n   second\n")
    locale.translators.clear()  # each build loads its language's catalogs afresh, as sphinx-build
    try:
        app = make_app("html", srcdir=src, freshenv=True,
                       confoverrides={"html_theme": "furo", "language": language})
        app.build()
    finally:
        locale.translators.clear()
    for page in ("index.html", "second.html", "search.html"):
        html = (app.outdir / page).read_text(encoding="utf-8")
        assert theme_english(html) == [], (page, theme_english(html))
    pages = "".join((app.outdir / page).read_text(encoding="utf-8")
                    for page in ("index.html", "second.html"))
    for word in words:
        assert word in pages, word


@pytest.mark.slow
@pytest.mark.parametrize("page", ["1991/law-77.html", "hant/1991/law-77.html", "1999/law-23.html",
                                  "hant/1999-trad/law-25.html", "compare/law-29.html", "search.html",
                                  "index.html"])
def test_real_pages_have_no_theme_english(real_site, page):
    html = (real_site.outdir / page).read_text(encoding="utf-8")
    assert theme_english(html) == []
    assert re.search(r"(下一|上一)[页頁]", html) or page == "search.html"
