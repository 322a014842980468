"""The real texts: a full `-W --keep-going` build, page counts, internal links, search, 繁體 check."""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from rules_ext.corpus import load_corpus

pytestmark = pytest.mark.slow


class _Links(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("name"):
            self.ids.add(attrs["name"])
        for key in ("href", "src"):
            if attrs.get(key) and not (tag == "link" and attrs.get("rel") == "preconnect"):
                self.hrefs.append(attrs[key])


def check_links(outdir: Path) -> tuple[int, list[str], list[str]]:
    """Every internal href/src of every page resolves to a file, and its #anchor to an id there.
    Returns (links checked, problems)."""
    parsed: dict[Path, _Links] = {}

    def page(path: Path) -> _Links:
        if path not in parsed:
            links = _Links()
            links.feed(path.read_text(encoding="utf-8"))
            parsed[path] = links
        return parsed[path]

    checked, problems = 0, []
    for source in sorted(outdir.rglob("*.html")):
        for href in page(source).hrefs:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:", "data:")):
                continue
            target = (source.parent / unquote(parts.path)).resolve() if parts.path else source
            if target.is_dir():
                target = target / "index.html"
            checked += 1
            if not target.exists():
                problems.append(f"{source.relative_to(outdir)}: {href} (no file)")
                continue
            if (parts.fragment and target.suffix == ".html"
                    and unquote(parts.fragment) not in page(target).ids):
                problems.append(f"{source.relative_to(outdir)}: {href} (no anchor)")
    return checked, problems


def test_build_has_no_warnings(real_site):
    assert real_site.warnings == "", real_site.warnings
    explained = re.findall(r"unresolved reference '([^']*)' \((.*)\)", real_site.status)
    print(f"\nfull build in {real_site.seconds:.1f} s, warnings: 0; {len(explained)} unresolved "
          "references shown as plain text, each explained by the corpus (info level)")


def test_page_counts_per_edition(real_site):
    corpus = load_corpus()
    lines = []
    for edition in corpus.editions:
        law_pages = sorted((real_site.outdir / edition.id).glob("law-*.html"))
        assert len(law_pages) == len(edition.laws), edition.id
        assert (real_site.outdir / edition.id / "index.html").is_file()
        assert (real_site.outdir / edition.id / "glossary.html").is_file() == bool(edition.definitions)
        hant = sorted((real_site.outdir / "hant" / edition.id).glob("law-*.html"))
        assert len(hant) == len(edition.laws)  # the 繁體 site has every page of the 简体 one
        assert (real_site.outdir / edition.id / "all.html").is_file()
        lines.append(f"{edition.id}: {len(law_pages)} law pages, {len(hant)} 繁體")
    both = {law.number for law in corpus.edition("1991").laws} & {
        law.number for law in corpus.edition("1999").laws}
    compare = sorted((real_site.outdir / "compare").glob("law-*.html"))
    assert len(compare) == len(both)
    total = len(list(real_site.outdir.rglob("*.html")))
    print("\n" + "; ".join(lines) + f"; {len(compare)} comparison pages; {total} HTML files")


def test_internal_links_resolve(real_site):
    checked, problems = check_links(real_site.outdir)
    assert not problems, "\n".join(problems[:40]) + f"\n... {len(problems)} broken"
    assert checked > 10000
    pdf_links = re.findall(r'href="(pdf/[^"]+)"', (real_site.outdir / "print.html").read_text("utf-8"))
    assert len(pdf_links) >= 7 and all((real_site.outdir / link).is_file() for link in pdf_links)
    print(f"\n{checked} internal links OK, including {len(pdf_links)} links to the sample PDFs")


def test_law_pages_link_down_to_the_item(real_site):
    law62 = (real_site.outdir / "1991" / "law-62.html").read_text(encoding="utf-8")
    assert re.search(r'href="law-50.html#50"[^>]*><span[^>]*>50条</span></a>', law62)
    assert 'id="62B1"' in law62
    inventory = (real_site.outdir / "objects.inv").read_bytes()
    assert inventory.startswith(b"# Sphinx inventory version 2")


def _search_index(outdir: Path) -> dict:
    text = (outdir / "searchindex.js").read_text(encoding="utf-8")
    return json.loads(text[text.index("(") + 1: text.rindex(")")])


@pytest.mark.parametrize("word, laws", [("藏牌", range(61, 65)), ("明手", range(42, 44))])
def test_search_finds_chinese_terms(real_site, word, laws):
    index = _search_index(real_site.outdir)
    found = set()
    for table in ("terms", "titleterms"):
        hits = index[table].get(word, [])
        found |= {index["docnames"][i] for i in ([hits] if isinstance(hits, int) else hits)}
    for number in laws:
        assert f"1991/law-{number}" in found, (word, number)


def test_search_javascript_defines_its_stemmer(real_site):
    # sphinx-doc/sphinx#14229: Sphinx 9.0's zh search binds an undefined ChineseStemmer
    text = (real_site.outdir / "_static" / "language_data.js").read_text(encoding="utf-8")
    assert "ChineseStemmer" not in text
    assert "var Stemmer = function" in text


def test_traditional_agreement_is_reported(real_site):
    match = re.search(r"繁體 check, OpenCC s2twp vs delivered 1999-trad, Laws 21–39: (\d+) of (\d+) "
                      r"characters agree \(([\d.]+) %\)", real_site.status)
    assert match, real_site.status[-2000:]
    assert float(match.group(3)) >= 95.0
    print(f"\n{match.group(0)}")


def test_real_pages_show_editions_titles_and_differences(real_site):
    out = real_site.outdir

    def page(name: str) -> str:
        return (out / f"{name}.html").read_text(encoding="utf-8")

    assert "措辞与 1999 年版相同" in page("2008/index")
    law50 = page("1991/law-50")
    assert "Law 50 — Disposition of Penalty Card (WBF 1997)" in law50  # checked title
    assert "Law 62 —" not in page("1991/law-62")  # unchecked title: not published
    assert "条号由编者恢复" in page("1991/law-62")  # recovered number, with its evidence
    # a term linked with its definition on hover, and an erratum candidate from verification
    assert re.search(r'class="[^"]*law-term[^"]*" href="glossary.html#term-[a-z-]+" title="[^"]+"',
                     page("1991/law-62"))
    assert "law-findings" in page("1991/law-77")
    # references resolved in another edition are links there, visibly marked
    other = re.findall(r'class="[^"]*law-other-edition[^"]*" href="\.\./1991/law-\d+\.html#\w+"',
                       page("1999/law-12"))
    assert other, "1999 Law 12 cites laws (86, 88) that the partial 1999 text lacks"
    compare = page("compare/law-27")
    assert 'class="diff-del"' in compare and 'class="diff-ins"' in compare
    assert page("1999-trad/law-27").count("第27條") >= 1


#: interface words in simplified script that a 繁體 page must not show (reviewed: each differs from
#: its traditional form, and none occurs in the delivered traditional text)
SIMPLIFIED_INTERFACE = ("勘误", "依据", "目录", "条文索引", "对照", "实例", "定义", "编者", "恢复",
                        "条号", "条名", "仅见于", "并入", "简体字", "搜索", "导航",
                        "上一页", "下一页", "说明", "关于", "打印", "第1条", "计算过程", "一页阅读")


def _visible_text(html: str) -> str:
    """The text a reader sees: no scripts, code, or the switch (简体 in its own script)."""
    html = re.sub(r"<(script|style|pre)\b.*?</\1>", "", html, flags=re.S)
    html = re.sub(r'<p class="rules-script-switch">.*?</p>', "", html)
    return re.sub(r"<[^>]+>", " ", html)


def test_traditional_site_converts_every_string(real_site):
    from rules_ext.site.script import to_traditional

    assert all(to_traditional(word) != word for word in SIMPLIFIED_INTERFACE)
    hant = real_site.outdir / "hant"
    pages = sorted(hant.rglob("*.html"))
    assert len(pages) > 200
    found, unconverted = [], 0
    for path in pages:
        html = path.read_text(encoding="utf-8")
        assert '<html class="no-js" lang="zh-Hant"' in html, path
        text = _visible_text(html)
        found += [f"{path.relative_to(hant)}: {w}" for w in SIMPLIFIED_INTERFACE if w in text]
        # converting once more changes nothing: no simplified character is left
        again = to_traditional(text)
        unconverted += sum(1 for a, b in zip(text, again) if a != b)
    assert found == [], found[:20]
    assert unconverted == 0
    print(f"\n{len(pages)} 繁體 pages: lang zh-Hant, none of {len(SIMPLIFIED_INTERFACE)} simplified "
          "interface words, no character a second conversion would change")
    # the delivered traditional copy is shown as delivered: each line of its text is on its page
    corpus = load_corpus()
    shown = 0
    for law in corpus.edition("1999-trad").laws:
        html = (hant / f"1999-trad/law-{law.number}.html").read_text(encoding="utf-8")
        # the marks the site adds to references (〔1999〕, ?) are not text
        html = re.sub(r'<(span|abbr) class="law-(edition|unresolved)-mark(er)?"[^>]*>[^<]*</\1>', "",
                      html)
        text = re.sub(r"\s+", "", _visible_text(html))
        for p in law.walk():
            for line in filter(None, (re.sub(r"\s+", "", x) for x in p.text.split("\n"))):
                assert line in text, (law.number, p.label, line)
                shown += 1
    assert shown > 50


@pytest.mark.parametrize("number, pairs", [
    (29, [("29B", "29A"), ("29A", "29B")]),
    (11, [("11C", "11B"), ("11C1", "11B1"), ("11C2", "11B2"), ("11D", "11C")]),
    (14, [("14B2", "14B3")]),
])
def test_comparison_pairs_provisions_by_wording(real_site, number, pairs):
    page = (real_site.outdir / f"compare/law-{number}.html").read_text(encoding="utf-8")
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", page, re.S)
    for old, new in pairs:
        row = next((r for r in rows if f'href="../1991/law-{number}.html#{old}"' in r
                    and f'href="../1999/law-{number}.html#{new}"' in r), None)
        assert row is not None, (old, new)
        assert "compare-moved" in row and "移位" in row


def test_notes_and_hovers_read_as_printed(real_site):
    out = real_site.outdir
    # a note printed as a sentence keeps both its brackets; the traditional *** are brackets too
    assert re.search(r'<span class="law-marker">（注：</span>非.*?按实际结果计分）',
                     (out / "1999/law-25.html").read_text(encoding="utf-8"))
    trad = (out / "1999-trad/law-25.html").read_text(encoding="utf-8")
    assert re.search(r'<span class="law-marker">（注：</span>非.*?計分）', trad)
    # hover texts (definitions, references) show text, never reST markup
    markup = [f"{page.relative_to(out)}: {m}" for page in sorted(out.rglob("*.html"))
              for m in re.findall(r'title="[^"]*(?::law:|\\ )[^"]*"', page.read_text(encoding="utf-8"))]
    assert markup == [], markup[:5]


def test_corpus_json_is_downloadable(real_site):
    out = real_site.outdir
    for page in ("editions.html", "index.html"):
        links = re.findall(r'href="(_downloads/[^"]+/rules-corpus\.json)"',
                           (out / page).read_text(encoding="utf-8"))
        assert links, page
    data = json.loads((out / links[0]).read_text(encoding="utf-8"))
    assert data == json.loads(json.dumps(load_corpus().to_dict()))
    # the 繁體 site links its own copy
    assert re.search(r'href="(_downloads/[^"]+/rules-corpus\.json)"',
                     (out / "hant/editions.html").read_text(encoding="utf-8"))
