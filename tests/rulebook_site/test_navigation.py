"""The sidebar holds the index pages only; the pages an index leads to follow it in a reading order
(prev/next and parents from Sphinx), and the sidebar marks the index above the page being read."""
from __future__ import annotations

import re

import pytest


@pytest.fixture
def site(make_app, tmp_path, rootdir):
    project = tmp_path
    (project / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(rootdir / 'test-small')!r})\n"
        'extensions = ["rules_ext"]\nrules_corpus_loader = "small_corpus:load"\n'
        'language = "zh_CN"\nhtml_theme = "furo"\n', encoding="utf-8")
    app = make_app("html", srcdir=project, freshenv=True)
    app.build()
    assert app.statuscode == 0
    return app


def sidebar(html: str) -> str:
    start = html.index('class="sidebar-tree"')
    return html[start:html.index("</aside>", start)]


def related(html: str) -> dict[str, str]:
    """The page's next and previous links (furo's related-pages block)."""
    return dict(re.findall(r'<a class="(next|prev)-page" href="([^"]+)"', html))


def test_laws_follow_their_edition_in_order(site):
    laws = [f"law-{n}" for n in (1, 2, 50, 62)]
    for i, law in enumerate(laws):
        html = (site.outdir / "1991" / f"{law}.html").read_text(encoding="utf-8")
        links = related(html)
        assert links.get("prev") == (f"{laws[i - 1]}.html" if i else "kaozheng.html"), law
        if i + 1 < len(laws):
            assert links.get("next") == f"{laws[i + 1]}.html", law
    # the edition's index leads to its first page; its last law to the next index
    index = (site.outdir / "1991" / "index.html").read_text(encoding="utf-8")
    assert related(index)["next"] == "glossary.html"
    last = (site.outdir / "1991" / "law-62.html").read_text(encoding="utf-8")
    assert related(last)["next"].endswith("index.html") and "1991" not in related(last)["next"]
    assert site.env.toctree_includes["1991/index"][:3] == ["1991/glossary", "1991/errata", "1991/kaozheng"]


def test_the_sidebar_holds_index_pages_and_marks_where_the_reader_is(site):
    html = (site.outdir / "1991" / "law-50.html").read_text(encoding="utf-8")
    tree = sidebar(html)
    assert "law-" not in tree  # no law in any page's sidebar
    assert re.search(r'<li class="toctree-l1 current current-page"><a class="current reference internal" '
                     r'href="index.html">', tree)
    assert tree.count("current-page") == 1
    # an index page is in the sidebar itself: marked as Sphinx marks it
    index = sidebar((site.outdir / "1991" / "index.html").read_text(encoding="utf-8"))
    assert index.count("current-page") == 1


def test_a_reading_order_naming_no_page_is_a_warning(make_app, tmp_path):
    (tmp_path / "conf.py").write_text('extensions = ["rules_ext.rulebook_site.navigation"]\n', encoding="utf-8")
    (tmp_path / "index.rst").write_text("Home\n====\n\n.. rules-reading-order::\n\n   a\n   nowhere\n",
                                        encoding="utf-8")
    (tmp_path / "a.rst").write_text("A\n=\n", encoding="utf-8")
    app = make_app("html", srcdir=tmp_path, freshenv=True)
    app.build()
    warnings = app.warning.getvalue()
    assert "index.rst:7: WARNING: reading order names a page that does not exist: nowhere" in warnings
    assert "isn't included in any toctree" not in warnings  # a.rst is reached through the order
    assert related((app.outdir / "a.html").read_text(encoding="utf-8")) == {}  # basic theme: no furo links
