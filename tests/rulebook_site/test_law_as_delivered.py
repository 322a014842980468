"""The law as delivered on the built site, in both scripts: 繁體 words right (each converted once, a
paragraph as a whole), every correction marked where it stands (headings, markers, titles, the
preface), tooltips that quote the law, the last law leading back to its index, the edition switch's
counterparts. Reads the session's one build of the real site (``real_site``)."""
from __future__ import annotations

import json
import re
from html import unescape

from rules_ext.corpus import load_corpus
from rules_ext.rulebook_site.script import to_traditional


def _text(html: str) -> str:
    """A page's reader-visible text, the struck originals of corrections left out, no blanks."""
    html = re.sub(r"<(script|style|pre)\b.*?</\1>", "", html, flags=re.S)
    html = re.sub(r"<del\b[^>]*>.*?</del>", "", html, flags=re.S)
    html = re.sub(r'<(span|abbr) class="law-(edition|unresolved)-mark(er)?"[^>]*>[^<]*</\1>', "", html)
    return re.sub(r"[\s〔〕]+", "", unescape(re.sub(r"<[^>]+>", "", html)))


def test_traditional_law_pages_print_each_line_as_converted_once(real_site):
    """Every line of every law of 1991, 1999 and 2008 is on its 繁體 page exactly as OpenCC's s2tw
    (with the reviewed words) writes the whole line: no misprint a piecewise or second conversion
    adds (強製出牌, 幹擾, 但是隻有, 指明瞭, 因繫個別, 不打併原樣, 裁判長髮牌)."""
    corpus = load_corpus()
    hant = real_site.outdir / "hant"
    missing, lines = [], 0
    for edition_id in ("1991", "1999", "2008"):
        for law in corpus.edition(edition_id).laws:
            page = _text(real_site.pages[hant / f"{edition_id}/law-{law.number}.html"].html)
            for p in law.walk():
                for line in (x for x in p.text.split("\n") if x.strip()):
                    lines += 1
                    if re.sub(r"[\s〔〕]+", "", to_traditional(line)) not in page:
                        missing.append(f"{edition_id}:{p.label}: {to_traditional(line)[:40]}")
    assert missing == [], missing[:10]
    assert lines > 700
    whole = "".join(real_site.pages[path].html for path in real_site.pages if path.is_relative_to(hant))
    for misprint in ("強製出牌", "幹擾", "但是隻有", "指明瞭", "因繫個別", "長髮牌", "長髮覺", "相沖突"):
        assert misprint not in whole, misprint
    law45 = real_site.pages[hant / "1991/law-45.html"].html
    assert '<strong class="law-heading">強制出牌</strong>' in law45
    assert "不打並原樣" in real_site.pages[hant / "1991/law-22.html"].html
    # the delivered copy keeps its 併, struck, with the correction beside it
    trad22 = real_site.pages[hant / "1999-trad/law-22.html"].html
    assert re.search(r"不打<del[^>]*>併</del><ins[^>]*>並</ins>原樣", trad22), trad22[:0]


def test_headings_markers_titles_and_prefaces_are_marked_as_the_body_is(real_site):
    out = real_site.outdir
    law93 = real_site.pages[out / "1991/law-93.html"].html
    assert re.search(r'<strong class="law-heading"><del[^>]*>没</del><ins[^>]*>设</ins>有申述', law93)
    trad25 = real_site.pages[out / "1999-trad/law-25.html"].html
    # the traditional copy's ***a*** shown as （a）, marked; its note's brackets too
    assert re.search(r'class="law-marker"><del[^>]*>\*\*\*</del><ins[^>]*>（</ins>a<del[^>]*>\*\*\*</del>'
                     r'<ins[^>]*>）</ins>', trad25)
    assert re.search(r"<del[^>]*>\*\*\*</del><ins[^>]*>（</ins>注：", trad25)
    # 25B2c: many small changes marked where they are, not only the delivered text in a note
    b2c = trad25[trad25.index('id="25B2c"'):]
    assert "<del" in b2c[:b2c.index("勘误")] and "原文作" not in b2c[:b2c.index("本条的勘误")]
    trad22 = real_site.pages[out / "1999-trad/law-22.html"].html
    assert re.search(r"<h1>第22條 競叫結束後的程<del[^>]*>式</del><ins[^>]*>序</ins>", trad22)
    assert "<title>第22條 競叫結束後的程序 " in trad22  # the title elsewhere reads as corrected
    preface = real_site.pages[out / "1999/index.html"].html
    assert re.search(r"国内部<ins[^>]*>分</ins>国家级裁判", preface)
    assert re.search(r"照<del[^>]*>些</del><ins[^>]*>此</ins>执行", preface)
    assert re.search(r"谨<del[^>]*>些</del><ins[^>]*>此</ins>说明", preface)


def test_term_tooltips_quote_the_definition(real_site):
    """调整分 on 1999 Law 27: the definition as corrected, its correction in 〔〕 (delivered
    以裁判第裁定; never 以由裁判)."""
    law27 = real_site.pages[real_site.outdir / "1999/law-27.html"].html
    hovers = re.findall(r'<a class="law-term[^"]*"[^>]*title="([^"]*)"[^>]*>(?:<[^>]+>)*调整分', law27)
    assert hovers, "1999 Law 27 links 调整分"
    assert all("以由" not in h for h in hovers)
    assert any(unescape(h).startswith("〔由〕裁判裁定的得分") or "〔由〕裁判裁定" in unescape(h) for h in hovers), hovers


def test_the_last_law_leads_back_to_its_index(real_site):
    out = real_site.outdir
    for edition, last in (("1991", 93), ("1999", 40), ("2008", 8), ("1999-trad", 40)):
        html = real_site.pages[out / f"{edition}/law-{last}.html"].html
        nxt = re.search(r'<a class="next-page" href="([^"]+)"', html)
        assert nxt and nxt.group(1) == "index.html", (edition, nxt and nxt.group(1))
    first = real_site.pages[out / "1999/law-39.html"].html
    assert re.search(r'<a class="next-page" href="law-40.html"', first)


def test_the_edition_switch_knows_each_provisions_counterpart(real_site):
    """1991 Law 29's sections are ordered otherwise in 1999 (A and B swapped): the switch's table
    sends 29A to 1999's 29B, by wording; the traditional copy of 1999 has the same labels."""
    html = real_site.pages[real_site.outdir / "1999/law-29.html"].html
    table = json.loads(re.search(r'<script type="application/json" class="rules-counterparts">(.*?)</script>',
                                 html, re.S).group(1))
    assert table["1991"]["29A"] == "29B" and table["1991"]["29B"] == "29A"
    assert table["1999-trad"]["29B"] == "29B"


def _index(path):
    from sphinx.search import js_index

    return js_index.loads(path.read_text(encoding="utf-8"))


def _laws_under(index, word: str) -> set[str]:
    files = set()
    for table in ("terms", "titleterms"):
        found = index[table].get(word, [])
        files |= set(found if isinstance(found, list) else [found])
    return {index["docnames"][f] for f in files if "/law-" in index["docnames"][f]}


def test_every_law_a_simplified_query_finds_the_traditional_site_finds(real_site):
    """The two sites' indexes hold the same words for the same laws (each cut in simplified script,
    the 繁體 pages through to_simplified): every glossary term of every edition finds the same law
    pages on both, 发牌 finds 1991 Law 13 on the 繁體 site too."""
    hans = _index(real_site.outdir / "searchindex.js")
    hant = _index(real_site.outdir / "hant" / "searchindex.js")
    corpus = load_corpus()
    terms = sorted({d.term for e in corpus.editions for d in e.definitions if len(d.term) > 1})
    assert len(terms) > 40
    differing = {t: (sorted(_laws_under(hans, t) ^ _laws_under(hant, t)))[:4] for t in terms
                 if _laws_under(hans, t) != _laws_under(hant, t)}
    assert differing == {}
    assert sum(bool(_laws_under(hans, t)) for t in terms) > 30  # the terms are found at all
    assert "1991/law-13" in _laws_under(hant, "发牌") and "1991/law-13" in _laws_under(hans, "发牌")
    assert _laws_under(hans, "撤消") and _laws_under(hans, "撤消") == _laws_under(hant, "撤消")
