"""The search's data (synonyms, page text), the glossary link exclusions and the sitemap."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from docutils import nodes

from rules_ext.rulebook_site import publish, search
from rules_ext.rulebook_site.markup import Exclusion, find_spans, term_exclusions


def test_synonym_table_reads_both_ways_and_one_way():
    groups = search.read_synonyms()
    by_first = {g["words"][0]: g for g in groups}
    assert {"越序", "未按顺序"} <= set(by_first["越序"]["words"]) and by_first["越序"]["both"]
    assert by_first["叫品"] == {"words": ["叫品", "叫牌"], "from": ["叫品"], "both": False}
    assert {"首引", "首攻"} == set(by_first["首引"]["words"])
    assert {"记分", "计分"} == set(by_first["记分"]["words"])


def test_synonym_table_refuses_a_bad_line(tmp_path):
    path = tmp_path / "synonyms.txt"
    path.write_text("# comment\n越序 未按顺序\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"synonyms.txt:2: expected 'word = word"):
        search.read_synonyms(path)


def test_law_titles_cover_every_law():
    titles = search.read_law_titles()
    assert sorted(titles) == list(range(1, 94))
    assert all("Revoke" in titles[n] for n in range(62, 65))


def test_character_maps_go_both_ways():
    s2t, t2s = search.character_maps(["第45条 规则 叫牌"])
    assert s2t["条"] == "條" and t2s["條"] == "条" and s2t["规"] == "規"
    assert "叫" not in s2t


def test_page_blocks_leave_out_furniture():
    doc = nodes.section(ids=["45"])
    doc += nodes.title("", "第45条")
    nav = nodes.container(classes=["law-nav", "no-search"])
    nav += nodes.paragraph("", "1991年版 › 第六章 ← 第44条")
    doc += nav
    provision = nodes.container(classes=["law-provision"], ids=["45A"])
    provision += nodes.paragraph("", "（A）从手中打出牌张")
    child = nodes.container(classes=["law-provision"], ids=["45A1"])
    child += nodes.paragraph("", "1.防家的牌张 Law 45")
    provision += child
    erratum = nodes.paragraph("", "勘误：原文作", classes=["law-erratum"])
    provision += erratum
    doc += provision
    assert search.page_blocks(doc) == [["45A", "（A）从手中打出牌张"],
                                      ["45A1", "1.防家的牌张 Law 45"]]


def test_zh_hant_and_comparison_pages_are_not_indexed():
    assert search.indexed("1991/law-45") and search.indexed("1999-trad/law-21")
    assert not search.indexed("zh-hant/1991/law-45") and not search.indexed("compare/law-29")


def test_glossary_exclusions_keep_the_other_senses_unlinked():
    spans = find_spans("他们间预先自行约定一套约定叫", [], ["约定", "牌墩"], "1991", str)
    assert [(s.start, s.end) for s in spans] == [(11, 13)]  # the second 约定, not 自行约定
    spans = find_spans("赢得藏牌墩", [], ["牌墩"], "1991", str)
    assert spans == []
    contexts = {e.context for e in term_exclusions()}
    assert {"将牌传至", "出最大牌者", "提醒庄家", "纠正解释", "自行约定", "藏牌墩"} <= contexts


def test_exclusion_lines_are_checked(tmp_path):
    assert Exclusion.parse("自行[约定]") == Exclusion("自行约定", 2, "约定")
    path = tmp_path / "exclusions.txt"
    path.write_text("自行约定\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"exclusions.txt:1: '自行约定': expected a context"):
        term_exclusions(path)


def test_sitemap_lists_absolute_urls():
    xml = publish.sitemap(["index.html", "1991/law-45.html"], "https://example.org/rules")
    assert xml.startswith('<?xml version="1.0" encoding="UTF-8"?>')
    assert re.findall(r"<loc>([^<]+)</loc>", xml) == [
        "https://example.org/rules/index.html", "https://example.org/rules/1991/law-45.html"]


def test_favicon_is_shipped():
    assert (Path(publish.STATIC_DIR) / "favicon.svg").read_text().startswith("<svg")


@pytest.mark.sphinx("html", testroot="roles", freshenv=True,
                    confoverrides={"html_baseurl": "https://example.org/rules/"})
def test_small_site_has_sitemap_index_entries_and_snippet_text(app):
    app.build()
    out = Path(app.outdir)
    locs = re.findall(r"<loc>([^<]+)</loc>", (out / "sitemap.xml").read_text(encoding="utf-8"))
    assert "https://example.org/rules/index.html" in locs
    assert "https://example.org/rules/other.html" in locs
    genindex = (out / "genindex.html").read_text(encoding="utf-8")
    assert 'href="index.html#5"' in genindex and "词汇表" in genindex
    page = (out / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<section id="5">\s*<h1>', page)
    assert re.search(r'<a class="law-permalink" href="#5A1" data-cite="《中国桥牌竞赛规则》1991年版 '
                     r'第5条A款1项"', page)
    assert (out / "_search" / "index.json").is_file()
    assert (out / "_static" / "rules.js").is_file()


@pytest.mark.sphinx("html", testroot="roles", freshenv=True)
def test_no_sitemap_without_the_site_address(app):
    (Path(app.outdir) / "sitemap.xml").unlink(missing_ok=True)  # the root's outdir is shared
    app.build()
    assert not (Path(app.outdir) / "sitemap.xml").exists()
    assert "set html_baseurl" in app._status.getvalue()


def test_the_assistants_questionnaires_stay_out_of_the_search_index():
    assert search.indexed("assistant/index") and search.indexed("1991/law-45")
    assert not search.indexed("assistant/revoke-1991") and not search.indexed("assistant/compare-revoke")
    assert not search.indexed("compare/law-29") and not search.indexed("1991/errata")


def test_character_maps_reach_the_traditional_texts():
    """The 繁體 build's texts are traditional: a query in either script reaches their characters
    (发牌 -> 發牌 and 罚张 -> 罰張 found nothing or only examples before)."""
    s2t, t2s = search.character_maps(["發牌 罰張 為 莊家"])
    assert "".join(s2t.get(c, c) for c in "发牌罚张为庄家") == "發牌罰張為莊家"
    assert "".join(t2s.get(c, c) for c in "發牌罰張為莊家") == "发牌罚张为庄家"


def test_traditional_build_synonyms_hold_the_converted_words():
    from types import SimpleNamespace

    groups = search.synonyms_for(SimpleNamespace(language="zh_TW", rules_traditional_profile="s2tw"))
    words = {w for g in groups for w in g["words"]}
    assert {"罚张", "罰張", "错误信息", "錯誤資訊", "庄家", "莊家"} <= words
    simplified = search.synonyms_for(SimpleNamespace(language="zh_CN", rules_traditional_profile="s2tw"))
    assert simplified == search.read_synonyms()


def test_english_phrases_name_the_laws_of_the_play_and_the_auction():
    table = {e["phrase"]: e for e in search.read_english()}
    assert table["lead out of turn"]["laws"] == [53, 54, 55, 56]
    assert table["insufficient bid"] == {"phrase": "insufficient bid", "words": ["不足叫牌"], "laws": [27]}
    assert table["revoke"]["laws"] == [61, 62, 63, 64] and "藏牌" in table["revoke"]["words"]
    assert table["adjusted score"]["laws"] == [12] and table["dummy"]["laws"] == [42, 43]
    assert table["penalty card"]["laws"] == [50, 51, 52] and table["claim"]["laws"] == [68, 69, 70, 71]
    phrases = [e["phrase"] for e in search.read_english()]
    assert phrases.index("opening lead out of turn") < phrases.index("lead out of turn")
    # every law named is one the WBF 1997 titles have
    titles = search.read_law_titles()
    assert all(law in titles for e in table.values() for law in e["laws"])


@pytest.mark.parametrize("line, problem", [
    ("lead out of turn 越序引牌", "expected 'english phrase: 中文 ... | laws'"),
    ("revoke: 藏牌 | 61-99", "'61-99' is not a law number"),
    ("revoke: 藏牌 | 64-61", "'64-61' is not a law number"),
])
def test_english_table_refuses_a_bad_line(tmp_path, line, problem):
    path = tmp_path / "english.txt"
    path.write_text(f"# comment\n{line}\n", encoding="utf-8")
    with pytest.raises(ValueError, match=rf"english.txt:2: {re.escape(problem)}"):
        search.read_english(path)


def _definition(term, *labels, edition="1991", kind="same"):
    return {"term": term, "xrefs": [{"resolutions": [
        {"label": label, "kind": kind, "edition": edition} for label in labels]}]}


def test_key_laws_are_the_titles_and_the_laws_a_definition_cites():
    corpus = {"editions": [
        {"id": "1991", "script": "simplified", "laws": [
            {"number": 12, "title": "裁判的斟酌决定权"}, {"number": 27, "title": "不足叫牌"},
            {"number": 54, "title": "越序首引牌张翻明"}],
         "definitions": [_definition("调整分", "12"), _definition("庄家", "54A"),
                         _definition("发牌或牌局", "6"),  # Law 6 is not in this edition
                         _definition("宕墩", "77", kind="elsewhere")]},
        {"id": "1999-trad", "script": "traditional", "laws": [{"number": 27, "title": "不足叫牌"}],
         "definitions": []},
    ]}
    keys = search.key_laws(corpus)
    assert keys["lawTitles"] == {"1991": {12: "裁判的斟酌决定权", 27: "不足叫牌", 54: "越序首引牌张翻明"}}
    assert keys["defined"] == {"调整分": {"1991": [12]}, "庄家": {"1991": [54]}}
    corpus["editions"][0]["laws"].append({"number": 6, "title": "洗牌与发牌"})
    assert search.key_laws(corpus)["defined"]["牌局"] == {"1991": [6]}  # 发牌或牌局: either word
    # the whole term, then its words, as written: the page's data is the same in every build
    assert list(search.key_laws(corpus)["defined"]) == ["调整分", "庄家", "发牌或牌局", "发牌", "牌局"]


def test_search_index_is_written_as_utf8_without_what_the_page_never_reads(tmp_path):
    from sphinx.search import js_index

    index = {"docnames": ["1991/law-27"], "filenames": ["1991/law-27.rst"], "titles": ["第27条 不足叫牌"],
             "alltitles": {}, "terms": {"不足叫牌": 0}, "titleterms": {"不足": 0},
             "indexentries": {"第27条": [[0, "1", "27", "", ""]]}, "objects": {"law": [[0, 0, 1, "27", "第27条"]]},
             "envversion": {"sphinx": 1}}
    path = tmp_path / "searchindex.js"
    path.write_text(js_index.dumps(index), encoding="utf-8")
    before = path.stat().st_size
    search.compact_index(path)
    text = path.read_text(encoding="utf-8")
    assert "不足叫牌" in text and "\\u" not in text and path.stat().st_size < before
    assert js_index.loads(text) == dict(index, indexentries={})  # Sphinx reads it back
    search.compact_index(tmp_path / "missing.js")  # no index (search off): nothing to do
