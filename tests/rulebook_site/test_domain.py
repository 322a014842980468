"""The law domain, its roles and directives, on small sphinx.testing roots."""
from __future__ import annotations

import copy
import json
import os
import re
import shutil
import time
from pathlib import Path

import pytest
from sphinx.errors import ConfigError
from sphinx.util.console import strip_colors
from sphinx.util.inventory import InventoryFile


def html(app, docname: str) -> str:
    return (app.outdir / f"{docname}.html").read_text(encoding="utf-8")


@pytest.mark.sphinx("html", testroot="roles", freshenv=True)
def test_roles_and_directives(app):
    app.build()
    page = html(app, "index")
    # permalink anchors derived from labels, nested provisions
    for label in ("5", "5A", "5A1", "5B", "term-dummy"):
        assert f'id="{label}"' in page, label
    assert 'href="#5A1"' in page
    # roles: same page, qualified, explicit title, term with hover text
    assert re.search(r'<a class="reference internal" href="#5B" title="1991年版 第5条B款">', page)
    assert re.search(r'href="#5"[^>]*>.*?第五条', page)
    assert re.search(r'<a class="[^"]*law-term[^"]*" href="#term-dummy" title="庄家的同伴。">',
                     page)
    # a definition that links other terms and laws hovers as the text a reader sees, not as markup
    assert re.search(r'href="#term-defender" title="1\.与明手对坐的一方（参阅5条）。"', page), \
        re.findall(r'href="#term-defender" title="[^"]*"', page)
    # editorial marks: recovered marker with an explanation, penalty mark, erratum note
    assert re.search(r'<abbr class="law-marker law-recovered" title="编者恢复[^"]*">（B）</abbr>', page)
    assert "（判罚）" in page
    # the erratum says in Chinese what was printed and why; its id (machine detail) is not shown
    assert re.search(r'勘误：</span><span>原文作 </span><span class="law-original">原来的文字</span>'
                     r'<span class="law-erratum-reason">。错字：“原来”应为“更正”。</span>（<span>见勘误表</span>）',
                     page)
    assert "e7" not in re.sub(r"<[^>]+>", "", page.split('id="5B"', 1)[1])
    assert "更正后的文字" in page
    # unresolved references: plain text and a marker, with the explanation on hover
    assert re.search(r'<span class="law-unresolved">参阅98条</span><abbr[^>]*title="原文笔误"', page)
    assert re.search(r'<span class="law-unresolved">参阅99条</span><abbr[^>]*title="未能解析的引用', page)


@pytest.mark.sphinx("html", testroot="roles", freshenv=True)
def test_problems_are_warnings_with_location(app):
    app.build()
    warnings = app.warning.getvalue()
    lines = [w for w in warnings.splitlines() if "WARNING" in w]
    # exactly the three problems of index.rst, each with file:line and type rules
    assert len(lines) == 3, warnings
    assert re.search(r"index\.rst:\d+: WARNING: unresolved reference '参阅99条' \[rules\.unresolved\]",
                     warnings)
    assert re.search(r"index\.rst:\d+: WARNING: no provision 5Z in edition 1991 .*\[rules\.ref\]",
                     warnings)
    assert re.search(r"index\.rst:\d+: WARNING: cannot read law reference 'foo': expected e\.g\. "
                     r"45C4b or 1991:27B2 \[rules\.ref\]", warnings)
    assert "参阅98条" not in warnings  # explained: info level only
    assert "参阅98条" in app.status.getvalue()


@pytest.mark.sphinx("html", testroot="roles", freshenv=True)
def test_other_edition_and_examples_box(app):
    app.build()
    other = html(app, "other")
    assert re.search(r'<a class="[^"]*law-other-edition[^"]*" href="index.html#5A"', other)
    assert "〔1991〕" in other
    page = html(app, "index")
    assert re.search(r'class="law-examples[^"]*".*?href="examples/ex1.html"', page, re.S)


@pytest.mark.sphinx("html", testroot="roles", freshenv=True)
def test_objects_inv_for_intersphinx(app):
    app.build()
    inventory = InventoryFile.loads((app.outdir / "objects.inv").read_bytes(), uri="https://x/")
    data = inventory.data if hasattr(inventory, "data") else inventory
    items = {name: entry for objtype, entries in dict(data).items() if objtype.startswith("law:")
             for name, entry in entries.items()}
    assert {"1991:5", "1991:5A", "1991:5A1", "1991:5B", "1991:明手"} <= set(items)
    uri = items["1991:5A1"].uri if hasattr(items["1991:5A1"], "uri") else items["1991:5A1"][2]
    assert uri == "https://x/index.html#5A1"


@pytest.mark.sphinx("html", testroot="roles", freshenv=True)
def test_clear_doc_and_merge_domaindata(app):
    app.build()
    domain = app.env.get_domain("law")
    snapshot = copy.deepcopy(domain.data)
    assert ("1991", "simplified", "5A1") in snapshot["objects"]
    assert snapshot["examples"] == {"examples/ex1": "1991:5"}
    domain.clear_doc("index")
    assert not any(e.docname == "index" for e in domain.data["objects"].values())
    assert not domain.data["terms"]
    domain.merge_domaindata({"index"}, snapshot)
    assert domain.data["objects"] == snapshot["objects"]
    assert domain.data["terms"] == snapshot["terms"]


@pytest.mark.sphinx("html", testroot="roles", confoverrides={"rules_traditional_profile": "zz"})
def test_bad_config_is_refused(make_app, app_params):
    args, kwargs = app_params
    with pytest.raises(ConfigError, match=r"rules_traditional_profile = 'zz': expected one of s2tw, s2t"):
        make_app(*args, **kwargs)


@pytest.mark.sphinx("html", testroot="roles")
@pytest.mark.parametrize("edition", ["1991x", "91", "1999:"])
def test_a_default_edition_that_is_no_edition_id_is_a_config_error(make_app, app_params, edition):
    args, kwargs = app_params
    kwargs = {**kwargs, "confoverrides": {"rules_default_edition": edition}}
    with pytest.raises(ConfigError, match=rf"rules_default_edition = '{edition}': expected e\.g\. '1991'"):
        make_app(*args, **kwargs)


@pytest.mark.sphinx("html", testroot="roles", confoverrides={"rules_findings_loader": "nowhere:x"})
def test_a_loader_that_cannot_be_imported_is_a_config_error(make_app, app_params):
    args, kwargs = app_params
    with pytest.raises(ConfigError, match=r"rules_findings_loader = 'nowhere:x': cannot import it"):
        make_app(*args, **kwargs)


BAD_DIRECTIVES = """\
Bad directives
==============

.. law:edition:: 1991

.. law:examples:: x

.. law:law:: 5x

.. law:provision:: foo

   text

.. law:provision:: 5A
   :kind: chapter

   text

.. law:edition:: 1991
   :script: cursive

.. law:edition:: 2001

.. law:provision:: 5B
   :edition: 1987

   text
"""


def test_bad_directive_input_is_an_error_with_its_line(make_app, tmp_path):
    (tmp_path / "conf.py").write_text('extensions = ["rules_ext"]\nrules_corpus_loader = None\n',
                                      encoding="utf-8")
    (tmp_path / "index.rst").write_text(BAD_DIRECTIVES, encoding="utf-8")
    app = make_app("html", srcdir=tmp_path)
    app.build()  # no traceback: each problem is reported where it is
    warnings = strip_colors(app.warning.getvalue())
    errors = [line.split("index.rst:", 1)[1] for line in warnings.splitlines() if "ERROR" in line]
    assert errors == [
        "6: ERROR: law:examples: law number 'x' is not a number: expected e.g. 45 [docutils]",
        "8: ERROR: law:law: law number '5x' is not a number: expected e.g. 45 [docutils]",
        "10: ERROR: law:provision: 'foo' is not a provision label: expected e.g. 45C4b [docutils]",
        '14: ERROR: Error in "law:provision" directive:',
        '19: ERROR: Error in "law:edition" directive:',
        "22: ERROR: law:edition: \"2001\" unknown; choose from \"1991\", \"1999\", \"2008\", or \"1999-trad\" [docutils]",
        '24: ERROR: Error in "law:provision" directive:',
    ], warnings
    # the options' converters (docutils' choice) name what is accepted
    assert '"chapter" unknown; choose from "law", "intro", "section"' in warnings
    assert '"cursive" unknown; choose from "simplified", or "traditional"' in warnings
    assert '"1987" unknown; choose from "1991", "1999", "2008", or "1999-trad"' in warnings


def test_new_and_moved_examples_rewrite_the_law_page(make_app, rootdir, tmp_path):
    srcdir = tmp_path / "roles"
    shutil.copytree(rootdir / "test-roles", srcdir)
    app = make_app("html", srcdir=srcdir)
    app.build()
    law5 = app.outdir / "index.html"

    def examples_box() -> str:
        box = re.search(r'class="[^"]*law-examples.*?</p>', law5.read_text(encoding="utf-8"), re.S)
        return box.group(0) if box else ""

    assert "examples/ex1.html" in examples_box()
    (srcdir / "examples" / "ex2.rst").write_text(
        ":orphan:\n:illustrates: 5B\n\n实例二\n======\n\nAnother example.\n", encoding="utf-8")
    (srcdir / "examples" / "ex1.rst").write_text(
        ":illustrates: 1999:5\n\n实例一\n======\n\nNow of the 1999 Law 5.\n", encoding="utf-8")
    _later(srcdir / "examples" / "ex1.rst")
    app = make_app("html", srcdir=srcdir)
    app.build()  # index.rst itself is unchanged: only the list of its law's examples is
    assert "examples/ex2.html" in examples_box() and "examples/ex1.html" not in examples_box()
    assert app.env.get_domain("law").data["examples_before"] == {}


@pytest.mark.sphinx("html", testroot="small", freshenv=True)
def test_generated_pages(app):
    app.build()
    assert app.warning.getvalue() == ""
    law62 = html(app, "1991/law-62")
    # a reference resolved in the same edition, down to the anchor
    assert re.search(r'href="law-50.html#50" title="1991年版 第50条 罚张的处理"><span[^>]*>详50条', law62)
    # resolved in another edition: linked and visibly marked
    assert re.search(r'class="[^"]*law-other-edition[^"]*" href="../1999/law-7.html#7"', law62)
    # unresolved but explained by the corpus: plain text + marker, no warning
    assert re.search(r'<span class="law-unresolved">参阅99条</span><abbr[^>]*title="第99条不存在', law62)
    # navigation: edition, chapter tree place, previous law, other script
    assert "第六章 打牌 › 第四部分 藏牌" in law62
    assert 'href="law-50.html"' in law62
    # the same page in the 繁體 site (a second build into hant/), and <html lang>
    assert re.search(r'<p class="rules-script-switch"><a href="../hant/1991/law-62.html" '
                     r'lang="zh-Hant"[^>]*>繁體</a>', law62)
    assert '<html lang="zh-Hans"' in law62
    law50 = html(app, "1991/law-50")
    assert '<span lang="en">Law 50 — Disposition of Penalty Card</span>' in law50  # checked title
    # the law page says briefly what is editorial; the evidence is on the edition's 考证 page
    assert "条号由编者恢复" in law50 and "置信度" not in law50 and "cites it" not in law50
    assert 'href="kaozheng.html"' in law50
    kaozheng = html(app, "1991/kaozheng")
    kaozheng_text = re.sub(r"<[^>]+>", "", kaozheng)  # the evidence's English words are marked lang="en"
    assert "置信度0.90" in kaozheng_text and "参阅50条 cites it" in kaozheng_text
    for label in ("50A", "50B", "50B1", "50B1a"):
        assert f'id="{label}"' in law50
    # reST specials in the text come through literally
    assert "(a) 不是列表 *星号* `反引号` _下划线_" in law50.replace("&#8216;", "`")
    # the first use of a defined term links to the glossary with the definition on hover
    assert re.search(r'class="[^"]*law-term[^"]*" href="glossary.html#term-dummy" '
                     r'title="庄家的同伴，其牌摊在桌上。"', law50)
    law62_html_unchecked = html(app, "1991/law-62")
    assert "Law 62" not in law62_html_unchecked  # title not checked: left out
    # tables: rows as printed; the reconstruction note (English) on the 考证 page only
    law2 = html(app, "1991/law-2")
    assert "南北有局" in law2 and "header recovered" not in law2
    assert "header recovered" in kaozheng
    # a verification finding: marked in the cell itself, in Chinese, with the reason under the table
    assert re.search(r'<td><p>南北有局<span class="law-misprint">〔应为东西有局〕</span></p></td>', law2)
    assert "原表2局况一格印作南北有局；按计分规则核算应为东西有局" in law2
    assert "law-findings" not in law2 and "invented" not in law2
    assert not (app.outdir / "zh-hant").exists()  # 繁體 is its own build
    # comparison: character-level differences highlighted
    compare = html(app, "compare/law-2")
    assert '<span class="diff-ins">的</span>' in compare
    assert '<span class="diff-ins">新款 新增的款。</span>' in compare
    assert "（A）" not in compare  # markers are not compared, only wording
    # the whole edition on one page: every law, links between its laws within the page
    whole = html(app, "1991/all")
    for label in ("1", "2B", "50B1a", "62B"):
        assert f'id="{label}"' in whole, label
    assert 'href="#50"' in whole and "law-50.html" not in whole
    ids = re.findall(r'id="([^"]+)"', whole)
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
    assert set(re.findall(r'href="#([^"]+)"', whole)) <= set(ids)
    # edition overview: chapter tree with every law
    index = html(app, "1991/index")
    assert 'href="all.html"' in index
    for number in (1, 2, 50, 62):
        assert f'href="law-{number}.html"' in index
    assert "第六章 打牌" in index and "本规则要领" in index


def _later(path: Path) -> None:
    """Give ``path`` a modification time after the last build's, so that Sphinx reads it again."""
    later = time.time() + 10
    os.utime(path, (later, later))


def term_anchors(outdir: Path) -> dict[str, list[str]]:
    return {path.relative_to(outdir).as_posix(): re.findall(r'\bid="(term-[^"]*)"',
                                                           path.read_text(encoding="utf-8"))
            for path in sorted(outdir.rglob("*.html"))}


@pytest.mark.parametrize("testroot, touched", [
    ("small", "1991/glossary.rst"),  # generated glossaries: anchors from the English terms
    ("anchors", "page1.rst"),  # hand-written glossary pages with terms that give no anchor
])
def test_serial_parallel_and_incremental_builds_agree(make_app, rootdir, tmp_path, testroot,
                                                      touched):
    srcdir = tmp_path / testroot
    shutil.copytree(rootdir / f"test-{testroot}", srcdir)
    data, anchors = {}, {}
    for name, jobs in (("serial", 1), ("parallel", 2), ("incremental", 1)):
        builddir = tmp_path / ("serial" if name == "incremental" else name)
        if name == "incremental":
            _later(srcdir / touched)
        app = make_app("html", srcdir=srcdir, builddir=builddir, parallel=jobs)
        app.build()
        assert app.warning.getvalue() == ""
        if name == "incremental":
            assert "1 changed" in app.status.getvalue()
        data[name] = copy.deepcopy(app.env.get_domain("law").data)
        anchors[name] = term_anchors(app.outdir)
        app.cleanup()
    assert data["parallel"]["terms"] == data["serial"]["terms"] == data["incremental"]["terms"]
    assert data["parallel"]["objects"] == data["serial"]["objects"] == data["incremental"]["objects"]
    assert anchors["parallel"] == anchors["serial"] == anchors["incremental"]
    if testroot == "small":
        assert len(data["serial"]["objects"]) > 15  # the 繁體 site is another build
        assert anchors["serial"]["1991/glossary.html"] == [
            "term-dummy", "term-penalty-card", "term-card-exposed-out-of-turn"]
    else:
        # from the term when it gives one, else numbered within the page
        for number in range(1, 8):
            assert anchors["serial"][f"page{number}.html"] == [
                f"term-{number}", "term-0", f"term-Term-{number}"]


def test_search_keeps_defined_terms_whole_when_pages_are_cached(make_app, rootdir, tmp_path):
    srcdir = tmp_path / "small"
    shutil.copytree(rootdir / "test-small", srcdir)
    for fresh in (True, False):  # the second build finds the generated pages up to date
        app = make_app("html", srcdir=srcdir, freshenv=True)
        app.build()
        status = app.status.getvalue()
        assert ("corpus not loaded" in status) is not fresh
        dictionary = Path(app.config.html_search_options["dict"])
        assert "越序亮牌 2000" in dictionary.read_text(encoding="utf-8").splitlines()
        text = (app.outdir / "searchindex.js").read_text(encoding="utf-8")
        index = json.loads(text.removeprefix("Search.setIndex(").removesuffix(")"))
        assert "越序亮牌" in index["terms"] | index["titleterms"]  # one word, not 越序 + 亮牌
        app.cleanup()


@pytest.mark.sphinx("html", testroot="roles")
def test_extension_metadata_reads_the_package_version(app):
    import importlib.metadata

    import rules_ext

    extension = app.extensions["rules_ext"]
    assert extension.version == rules_ext.__version__ == importlib.metadata.version("rules-ext")
    assert extension.parallel_read_safe and extension.parallel_write_safe


@pytest.mark.sphinx("html", testroot="small", freshenv=True,
                    confoverrides={"language": "zh_TW"})
def test_traditional_site(app):
    """The 繁體 site: the same project built with a traditional-script language converts every
    string (law text, headings, the extension's own words, the theme's), says lang="zh-Hant" and
    links each page to the simplified one; the delivered traditional text is shown as delivered."""
    app.build()
    assert app.warning.getvalue() == ""
    law62 = html(app, "1991/law-62")
    assert '<html lang="zh-Hant"' in law62
    assert re.search(r'<p class="rules-script-switch"><a href="../../1991/law-62.html" '
                     r'lang="zh-Hans"[^>]*>简体</a>', law62)
    # text between references survives the conversion (docutils keeps NULs in text nodes)
    assert re.search(r'參閱99條</span><abbr[^>]*title="第99條不存在：原文筆誤">\?</abbr>與<a', law62)
    assert "第六章 打牌 › 第四部分 藏牌" in law62 and "藏牌的糾正" in law62
    assert "勘誤：" in law62 and "原文“！”改為“。”" in law62  # the extension's own words
    law50 = html(app, "1991/law-50")
    assert "條號由編者恢復" in law50 and "依據見" in law50 and "考證" in law50
    text = re.sub(r"<[^>]+>", "", law50)
    for simplified in ("条", "编者", "恢复", "依据", "勘误", "罚", "处理"):
        assert simplified not in text, simplified
    # the sidebar and the title come from the converted page titles
    assert "<title>第50條 罰張的處理" in law50
    # code is left as the program prints it; 实例 keeps its sense (not 例項)
    assert "例項" not in html(app, "index")
