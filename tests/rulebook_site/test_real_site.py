"""The real texts: a full `-W --keep-going` build, page counts, internal links, search, 繁體 check."""
from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from visible_words import count_site

from rules_ext.corpus import load_corpus
from rules_ext.rulebook_site.script import to_traditional

pytestmark = pytest.mark.slow


def check_links(real_site) -> tuple[int, list[str]]:
    """Every internal href/src of every page resolves to a file, and its #anchor to an id there
    (the pages as parsed once, ``real_site.pages``). Returns (links checked, problems)."""
    pages, outdir = real_site.pages, real_site.outdir
    ids = {path: set(page.ids) for path, page in pages.items()}
    checked, problems = 0, []
    for source, page in pages.items():
        for href in page.hrefs:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:", "data:")):
                continue
            target = (source.parent / unquote(parts.path)).resolve() if parts.path else source
            if target.is_dir():
                target = target / "index.html"
            checked += 1
            if target not in ids and not target.exists():
                problems.append(f"{source.relative_to(outdir)}: {href} (no file)")
                continue
            if (parts.fragment and target.suffix == ".html"
                    and unquote(parts.fragment) not in ids.get(target, ())):
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
    checked, problems = check_links(real_site)
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
    found = _indexed_pages(_search_index(real_site.outdir), word)
    for number in laws:
        assert f"1991/law-{number}" in found, (word, number)


def test_search_javascript_defines_its_stemmer(real_site):
    # sphinx-doc/sphinx#14229: Sphinx 9.0's zh search binds an undefined ChineseStemmer
    text = (real_site.outdir / "_static" / "language_data.js").read_text(encoding="utf-8")
    assert "ChineseStemmer" not in text
    assert "var Stemmer = function" in text


def test_traditional_agreement_is_reported(real_site):
    match = re.search(r"繁體 check, 1999 converted \(OpenCC s2tw, reviewed words\) vs delivered 1999-trad, "
                      r"Laws 20–40: (\d+) characters, (\d+) differences after the corrections; (\d+) places "
                      r"differ from the delivered text, (\d+) without a marked correction", real_site.status)
    assert match, real_site.status[-2000:]
    assert int(match.group(1)) > 4000 and match.group(2) == "0" and match.group(4) == "0"
    assert "the 繁體 conversion differs from the delivered" not in real_site.status
    print(f"\n{match.group(0)}")


def test_real_pages_show_editions_titles_and_differences(real_site):
    out = real_site.outdir

    def page(name: str) -> str:
        return (out / f"{name}.html").read_text(encoding="utf-8")

    assert "措辞与 1999 年版相同" in page("2008/index")
    law50 = page("1991/law-50")
    # a checked English title, marked as English and attributed: 1991 followed the 1987 Laws
    assert ('据1997年国际规则；本版对应1987年国际规则，条名措辞或有不同）：'
            '<span lang="en">Law 50 — Disposition of Penalty Card</span>') in law50
    assert "Law 62 —" not in page("1991/law-62")  # unchecked title: not published
    assert "条号由编者恢复" in page("1991/law-62")  # recovered number, with its evidence
    # a term linked with its definition on hover, and an erratum candidate from verification
    assert re.search(r'class="[^"]*law-term[^"]*" href="glossary.html#term-[a-z-]+" title="[^"]+"',
                     page("1991/law-62"))
    assert re.search(r'40<span class="law-misprint">〔应为60〕</span>', page("1991/law-77"))
    # references resolved in another edition are links there, visibly marked
    other = re.findall(r'class="[^"]*law-other-edition[^"]*" href="\.\./1991/law-\d+\.html#\w+"',
                       page("1999/law-12"))
    assert other, "1999 Law 12 cites laws (86, 88) that the partial 1999 text lacks"
    compare = page("compare/law-27")
    assert 'class="diff-del"' in compare and 'class="diff-ins"' in compare
    assert page("1999-trad/law-27").count("第27條") >= 1


#: interface words in simplified script that a 繁體 page must not show (reviewed: each differs from
#: its traditional form, and none occurs in the delivered traditional text)
#: (搜索 and 打印 are written so in traditional characters too: the conversion is by characters,
#: not s2twp's Taiwan vocabulary 搜尋/列印)
SIMPLIFIED_INTERFACE = ("勘误", "依据", "目录", "条文索引", "对照", "实例", "定义", "编者", "恢复",
                        "条号", "条名", "仅见于", "并入", "简体字", "导航",
                        "上一页", "下一页", "说明", "关于", "第1条", "计算过程", "一页阅读")


def _visible_text(html: str) -> str:
    """The text a reader sees: no scripts, code, or the switch (简体 in its own script)."""
    html = re.sub(r"<(script|style|pre)\b.*?</\1>", "", html, flags=re.S)
    html = re.sub(r'<p class="rules-script-switch">.*?</p>', "", html)
    return re.sub(r"<[^>]+>", " ", html)


def test_traditional_site_converts_every_string(real_site):
    from rules_ext.rulebook_site.script import to_traditional

    assert all(to_traditional(word) != word for word in SIMPLIFIED_INTERFACE)
    hant = real_site.outdir / "hant"
    # the Sphinx pages (a published event's pages, hant/events/NAME/, are the web part's: tests/event_site/)
    pages = sorted(p for p in real_site.pages if p.is_relative_to(hant) and not p.is_relative_to(hant / "events"))
    assert len(pages) > 200
    found, unconverted = [], []
    for path in pages:
        html = real_site.pages[path].html
        assert '<html class="no-js" lang="zh-Hant"' in html, path
        text = _visible_text(html)
        found += [f"{path.relative_to(hant)}: {w}" for w in SIMPLIFIED_INTERFACE if w in text]
        # converting once more changes nothing: no simplified character is left
        again = to_traditional(text)
        unconverted += [f"{path.relative_to(hant)}: {text[max(0, i - 8):i + 8]!r} ({a}→{b})"
                        for i, (a, b) in enumerate(zip(text, again)) if a != b]
    assert found == [], found[:20]
    assert unconverted == [], unconverted[:20]
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
        # a correction marked in place: the struck original is not the text (the erratum note says it)
        html = re.sub(r"<del\b[^>]*>.*?</del>", "", html, flags=re.S)
        # an erratum's insertion is shown set apart in 〔〕: the words are compared
        text = re.sub(r"[\s〔〕]+", "", _visible_text(html))
        for p in law.walk():
            for line in filter(None, (re.sub(r"[\s〔〕]+", "", x) for x in p.text.split("\n"))):
                assert line in text, (law.number, p.label, line)
                shown += 1
    assert shown > 50


def test_traditional_law_pages_keep_the_laws_words(real_site):
    """繁體 by OpenCC's s2tw: no law page converted from a simplified edition has the
    computing vocabulary of OpenCC's s2twp; 第90條 程序性判罰 is printed so; the copy-link's
    citation and tooltip are converted."""
    from rules_ext.rulebook_site.script import to_traditional

    hant = real_site.outdir / "hant"
    computing = ("程式", "許可權", "連線", "迴圈", "型別")
    found, attributes, pages = [], [], 0
    for edition in ("1991", "1999", "2008"):
        for path in sorted((hant / edition).glob("*.html")):
            html = real_site.pages[path].html
            pages += 1
            text = _visible_text(html)
            found += [f"{path.relative_to(hant)}: {w}" for w in computing if w in text]
            for value in re.findall(r'(?:data-cite|title|aria-label)="([^"]*)"', html):
                if value != "简体" and to_traditional(value) != value:
                    attributes.append(f"{path.relative_to(hant)}: {value}")
    assert pages > 150
    assert found == [], found[:20]
    assert attributes == [], attributes[:20]
    assert "程序性判罰" in (hant / "1991/law-90.html").read_text(encoding="utf-8")
    tooltip = to_traditional("复制引用和链接")
    assert f'title="{tooltip}"' in (hant / "1991/law-45.html").read_text(encoding="utf-8")


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
    # (the traditional copy's *** struck beside the bracket it stands for)
    assert re.search(r'<span class="law-marker"><del[^>]*>\*\*\*</del><ins[^>]*>（</ins>注：</span>非.*?計分'
                     r'<del[^>]*>\*\*\*</del><ins[^>]*>）</ins>', trad)
    # hover texts (definitions, references) show text, never reST markup
    markup = [f"{path.relative_to(out)}: {m}" for path, page in real_site.pages.items()
              for m in re.findall(r'title="[^"]*(?::law:|\\ )[^"]*"', page.html)]
    assert markup == [], markup[:5]


def test_every_page_has_unique_ids(real_site):
    duplicated = {}
    for path, page in real_site.pages.items():
        seen: set[str] = set()
        twice = sorted({i for i in page.ids if i in seen or seen.add(i)})
        if twice:
            duplicated[str(path.relative_to(real_site.outdir))] = twice
    assert len(real_site.pages) > 300
    assert not duplicated, duplicated


def test_law_heading_anchor_is_its_number(real_site):
    law45 = (real_site.outdir / "1991" / "law-45.html").read_text(encoding="utf-8")
    assert '<section id="45">' in law45
    assert 'href="#45" title=' in law45  # the h1's own link
    assert 'id="id1"' not in law45


def test_provisions_have_a_copy_link_with_their_citation(real_site):
    law45 = (real_site.outdir / "1991" / "law-45.html").read_text(encoding="utf-8")
    assert ('<a class="law-permalink" href="#45C4b" '
            'data-cite="《中国桥牌竞赛规则》1991年版 第45条C款4项b目"') in law45
    hant = (real_site.outdir / "1999-trad" / "law-21.html").read_text(encoding="utf-8")
    assert 'data-cite="《中國橋牌競賽規則》1999年版 繁體原文 第21條A款"' in hant


def test_search_index_holds_each_law_text_once(real_site):
    index = _search_index(real_site.outdir)
    docnames = index["docnames"]
    for table in ("terms", "titleterms"):
        for word, hits in index[table].items():
            for i in [hits] if isinstance(hits, int) else hits:
                assert not docnames[i].startswith(("zh-hant/", "compare/")), (word, docnames[i])
    assert "1991/law-45" in docnames and "1999-trad/law-21" in docnames


def test_search_snippet_text_is_the_law_text(real_site):
    path = real_site.outdir / "_search" / "1991" / "law-45.json"
    page = json.loads(path.read_text(encoding="utf-8"))
    blocks = dict(page["blocks"])
    assert page["title"] == "第45条 打出的牌张"
    assert blocks["45C4b"].startswith("（b）对疏忽指定牌张的改正")
    text = " ".join(blocks.values())
    for furniture in ("←", "→", "›", "置信度", "繁體", "依据", "¶", "1991年版"):
        assert furniture not in text, furniture
    assert path.stat().st_size < 10_000
    data = (real_site.outdir / "_static" / "rules-search-data.js").read_text(encoding="utf-8")
    assert data.startswith("window.RULES_SEARCH=") and "未按顺序" in data


def _snippet_text(outdir: Path, docname: str) -> str:
    page = json.loads((outdir / "_search" / f"{docname}.json").read_text(encoding="utf-8"))
    return " ".join(text for _, text in page["blocks"])


def _indexed_pages(index: dict, word: str, tables: tuple[str, ...] = ("terms", "titleterms")) -> set[str]:
    """The pages the search index finds ``word`` on (in their text or titles)."""
    found = set()
    for table in tables:
        hits = index[table].get(word, [])
        found |= {index["docnames"][i] for i in ([hits] if isinstance(hits, int) else hits)}
    return found


@pytest.mark.parametrize("site", ["", "hant"], ids=["简体", "繁體"])
def test_search_leaves_out_what_repeats_the_laws_or_leads_to_them(real_site, site):
    """Not indexed nor in the snippets (``no-search``), on both sites: a worked example's ruling
    lines (the tree's questions and the provisions it quotes: the law pages hold them), the
    assistant's links to its questionnaires with the provisions each cites, an edition's contents
    (links to the law pages); what the pages say themselves is searched."""
    out = real_site.outdir / site
    index = _search_index(out)
    words = to_traditional if site else str  # what the 繁體 site writes: its text converted
    example = (out / "examples" / "rulings-auction.html").read_text(encoding="utf-8")
    rulings = re.findall(r'<div class="([^"]*worked-result-text[^"]*)">\s*<div class="line-block">\s*'
                         r'<div class="line">([^<]+)</div>', example)
    assert len(rulings) >= 8, rulings[:2]  # a ruling's first line: 同时叫牌（1991年版）
    text = _snippet_text(out, "examples/rulings-auction")
    for classes, first_line in rulings:
        assert "no-search" in classes.split() and first_line not in text, first_line
    assert words("的同时西家叫2♦") in text  # the example's own words
    assistant = _snippet_text(out, "assistant/index")
    assert words("问卷") in assistant and words("（第27条）") in assistant  # the kinds and their laws
    assert words("引用第") not in assistant and words("裁判长判断1项") not in assistant
    for edition in ("1991", "1999"):
        contents = _snippet_text(out, f"{edition}/index")
        assert words("要领") in contents and words("第27条") not in contents, contents[:200]
    word = words("不足")  # of 不足叫牌, Law 27's title (jieba: 不足 叫牌)
    assert _indexed_pages(index, word) >= {"1991/law-27", "1999/law-27"}
    assert not _indexed_pages(index, word) & {"1991/index", "1999/index", "2008/index", "1999-trad/index"}


@pytest.mark.parametrize("site", ["", "hant"], ids=["简体", "繁體"])
def test_search_objects_hold_the_delivered_traditional_copy(real_site, site):
    """A label typed in the search box is looked up in the index's objects: the provisions of
    each edition's own text, the delivered 繁體 copy (1999-trad) included, so a label jump names
    it among the other editions; never a converted view."""
    index = _search_index(real_site.outdir / site)
    found = {(index["docnames"][doc], anchor or name)
             for objects in index["objects"].values() for doc, _, _, anchor, name in objects}
    for label in ("27", "27B", "27B1a"):
        assert {("1991/law-27", label), ("1999/law-27", label), ("1999-trad/law-27", label)} <= found
    assert not any(doc.startswith("zh-hant/") for doc, _ in found)


def test_stylesheets_only_on_the_pages_that_use_them(real_site):
    """Sphinx's code colours (pygments.css, 20 kB) only with highlighted code, the editors' marks
    (rules-fidelity.css) only where a page has one: the search page loads neither."""
    for path, page in real_site.pages.items():
        where = path.relative_to(real_site.outdir)
        code = '<div class="highlight' in page.html
        assert ("_static/pygments.css" in page.html) == code, where
        if re.search(r'class="[^"]*\b(law-insert|law-misprint|law-table)\b', page.html):
            assert "_static/rules-fidelity.css" in page.html, where
    search_page = (real_site.outdir / "search.html").read_text(encoding="utf-8")
    assert "pygments.css" not in search_page and "rules-fidelity.css" not in search_page
    assert "_static/rules.css" in search_page
    assert "_static/pygments.css" in (real_site.outdir / "examples" / "law-27.html").read_text("utf-8")
    assert "_static/rules-fidelity.css" in (real_site.outdir / "1991" / "law-77.html").read_text("utf-8")


def test_general_index_lists_laws_and_terms(real_site):
    genindex = (real_site.outdir / "genindex.html").read_text(encoding="utf-8")
    assert re.search(r'href="1991/law-45.html#45">1991年版 打出的牌张</a>', genindex)
    assert re.search(r'href="1991/glossary.html#term-dummy">1991年版 词汇表</a>', genindex)  # no English


def test_favicon(real_site):
    home = (real_site.outdir / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<link rel="(?:shortcut )?icon" href="_static/favicon.svg"', home)
    assert (real_site.outdir / "_static" / "favicon.svg").stat().st_size > 100


def test_glossary_links_only_in_the_defined_sense(real_site):
    from rules_ext.rulebook_site.markup import term_exclusions

    link = r'<a class="[^"]*law-term[^"]*"[^>]*><span[^>]*>{}</span></a>'
    patterns = [re.compile(re.escape(e.context[:e.start]) + link.format(re.escape(e.term))
                           + re.escape(e.context[e.start + len(e.term):]))
                for e in term_exclusions()]
    found = []
    for path in sorted(real_site.outdir.glob("[12]*/law-*.html")):
        text = path.read_text(encoding="utf-8")
        found += [f"{path.name}: {p.pattern[:12]}" for p in patterns if p.search(text)]
    assert not found, found
    law61 = (real_site.outdir / "1991" / "law-64.html").read_text(encoding="utf-8")
    assert "藏牌墩" in law61


def test_law_pages_publish_no_machine_detail_and_no_wrong_law(real_site):
    """Law pages carry the law, its notes, errata and short Chinese notices only; the
    evidence is on the 考证 pages; no reference links a different rule of another translation."""
    out = real_site.outdir

    def page(name: str) -> str:
        return (out / f"{name}.html").read_text(encoding="utf-8")

    machine = re.compile(r"置信度|confidence|similarity|_[0-9a-f]{16}\.txt|1991-zhuangjia|lost in the source")
    found = [f"{p.relative_to(out)}: {m.group(0)}" for edition in ("1991", "1999", "2008", "1999-trad")
             for p in sorted((out / edition).glob("law-*.html"))
             for m in [machine.search(re.sub(r"<[^>]+>", " ", p.read_text(encoding="utf-8")))] if m]
    assert found == [], found[:10]
    assert "置信度" in page("1991/kaozheng") and "000_dc6495ac30005e06.txt" in page("1991/kaozheng")
    # 1999 Law 23 cites 72B1, which 1991 numbers for another rule: the law only, with a note
    law23 = page("1999/law-23")
    assert 'href="../1991/law-72.html#72B1"' not in law23 and 'href="../1991/law-72.html#72"' in law23
    assert "编注：本版未收录第72条B款1项" in law23
    # errata pages: every correction with its reason; insertions set apart
    errata = page("1991/errata")
    assert "专家" in errata and "庄家" in errata and "1991-zhuangjia" not in errata
    assert '<span class="law-insert">〔而左敌家的叫牌可予取消，均不判罚。〕</span>' in page("1991/law-25")
    # the closing paragraph of 25B2b after both items; the 1999 note inside 25B2b2
    law25 = page("1991/law-25")
    assert law25.index('id="25B2b2"') < law25.index("（1）（2）两项") < law25.index('id="25B2c"')
    law25_1999 = page("1999/law-25")
    assert law25_1999.index('id="25note"') < law25_1999.index('id="25B2c"')
    # the encyclopedia's garbled abstract is not published on the edition's index
    assert "由于1999年审定通过" not in page("1999/index")
    # empty or fragmentary pages say so, in Chinese, and link the other editions
    assert "條文已缺失" in page("1999-trad/law-40") and 'href="../1999/law-40.html"' in page("1999-trad/law-40")
    assert "表身已缺失" in page("1999/law-2") and "第82条C款原文只存标题" in page("1991/law-82")


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


def test_no_english_word_outside_lang_en(real_site):
    """Chinese everywhere a reader looks: every English word a reader sees on the 简体 and 繁體
    sites is inside an element marked ``lang="en"`` (an official law title, a term the rulebook
    prints) or one of the few a Chinese reader writes so (``visible_words.ALLOWED``, each with its
    reason). Counted as ``tests/rulebook_site/visible_words.py`` says (code, the search form and a term's
    hover left out)."""
    # the published events (events/NAME/) show their files' own words (names, clubs): their pages are
    # counted by tests/event_site/test_publish.py, the file's words allowed there; 赛事成绩 is counted here
    for name, counts, where in [("简体", *count_site(real_site.outdir, skip=("hant", "events"))),
                                ("繁體", *count_site(real_site.outdir / "hant", skip=("events",)))]:
        shown = "\n".join(f"{n} {w}: {where[w]}" for w, n in counts.most_common(30))
        assert not counts, f"{name}: {sum(counts.values())} English words outside lang=en\n{shown}"


def test_the_delivered_traditional_copy_is_zh_hant_on_both_sites(real_site):
    """The 1999-trad pages are traditional text: ``<html lang="zh-Hant">`` on the 简体 site too; the
    other pages of the 简体 site stay zh-Hans."""
    for root in (real_site.outdir, real_site.outdir / "hant"):
        page = (root / "1999-trad" / "law-25.html").read_text(encoding="utf-8")
        assert '<html class="no-js" lang="zh-Hant"' in page, root
    assert '<html class="no-js" lang="zh-Hans"' in (real_site.outdir / "1999" / "law-25.html").read_text("utf-8")
