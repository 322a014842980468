"""reST escaping, spans for references and terms, diffs, page writing, OpenCC checks."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from docutils import nodes
from docutils.core import publish_doctree
from docutils.parsers.rst import roles
from hypothesis import example, given, settings
from hypothesis import strategies as st
from sphinx.util.docutils import docutils_namespace

from rules_ext.corpus.model import CrossReference
from rules_ext.rulebook_site import markup, names, views, words, writer
from rules_ext.rulebook_site.script import ScriptError, normalise_delivered, to_traditional


def read_back(rest: str) -> str:
    """Parse one paragraph of reST with docutils alone and return its text."""
    # registered for this parse only (docutils_namespace puts docutils' roles back afterwards), so
    # that the extension, set up later in this process, registers its own without a warning
    with docutils_namespace():
        for name in ("law:ref", "law:term", "law:unresolved", "diff-del", "diff-ins", "en", "law-del", "law-ins"):
            roles.register_local_role(name, roles.GenericRole(name, nodes.inline))
        tree = publish_doctree(rest, settings_overrides={"report_level": 2, "halt_level": 2})
    for message in list(tree.findall(nodes.system_message)):
        assert message["level"] < 2, message.astext()
        message.parent.remove(message)
    return tree.astext()


TEXT = st.text(alphabet=st.sampled_from(list("桥牌藏罚张（）A1a.-*`_|\\:<>[]# ♠♥♦♣、，。(C)&§¨?~!^\"'/=+•")),
               min_size=1, max_size=40).filter(lambda s: s.strip())


@settings(max_examples=60, deadline=None)
@given(TEXT)
@example("\\\\")  # escaped, a line of four backslashes: a transition unless something breaks the run
@example("\\")
@example("~~~~")
@example("!!!!")
@example("^^^^")
@example('""""')
@example("/V 选项")  # a DOS-style option list
@example("+---+")  # a grid table border
def test_escape_reads_back_exactly(text):
    assert read_back(markup.escape(text)) == " ".join(text.split())


@settings(max_examples=40, deadline=None)
@given(TEXT, TEXT)
@example("\\\\", "\\\\")  # a line of backslashes on both sides: escape()'s guard stays (found by Hypothesis)
@example("\\", "桥\\")
def test_diff_reads_back_both_sides(old, new):
    left, right, ratio = markup.diff_pair(old, new)
    assert 0.0 <= ratio <= 1.0
    # whitespace-only changes are shown as ␣; everything else reads back exactly
    assert read_back(left).replace("␣", "").replace(" ", "") == old.replace(" ", "")
    assert read_back(right).replace("␣", "").replace(" ", "") == new.replace(" ", "")


def test_spans_link_references_and_first_term_use_only():
    text = "罚张的处理详50条；罚张再次出现。参阅99条。"
    xrefs = [CrossReference("50条", 1, ("50",), True, "1991"),
             CrossReference("参阅99条", 1, ("99",), False, None, "no Law 99")]
    spans = markup.find_spans(text, xrefs, ["罚张", "牌"], "1991", lambda t: f"1991:{t}")
    rest = markup.render(text, spans)
    assert rest.count(":law:term:") == 1  # first use only; one-character terms are never linked
    assert ":law:ref:`50条 <1991:50>`" in rest
    assert ":law:unresolved:`参阅99条 <no Law 99>`" in rest
    assert re.sub(r" <[^>]*>", "", read_back(rest)) == text  # generic roles keep the target


def test_a_list_links_each_number_to_its_own_target():
    from rules_ext.corpus.model import Resolution

    text = "参阅69、70及71条。"
    xref = CrossReference("69、70及71条", 1, ("69", "70", "71"), True, "1991")
    xref.resolutions = tuple(Resolution(t, "same", "1991", t) for t in ("69", "70", "71"))
    rest = markup.render(text, markup.find_spans(text, [xref], [], "1991", lambda t: t))
    for number in ("69", "70", "71"):
        assert f":law:ref:`{number} <1991:{number}>`" in rest
    assert re.sub(r" <[^>]*>", "", read_back(rest)) == text


@pytest.mark.parametrize("text, shown, targets", [
    ("41条B及C款", ["B", "C"], ("41B", "41C")),  # 1991 20C2: one law, two sections
    ("第41条B款及C款", ["B", "C"], ("41B", "41C")),  # 1999 20C2
    ("上述（a）或（b）", ["a", "b"], ("52B1a", "52B1b")),  # 1991 52B1c
    ("本条（C）、（D）或（E）各款", ["C", "D", "E"], ("47C", "47D", "47E")),  # 1991 47F
    ("41条B1及B2", ["1", "2"], ("41B1", "41B2")),  # the 1 of 41 is the law's, not 41B1's
])
def test_a_list_of_sections_links_each_letter_to_its_own_target(text, shown, targets):
    from rules_ext.corpus.model import Resolution

    xref = CrossReference(text, 1, targets, True, "1991")
    xref.resolutions = tuple(Resolution(t, "same", "1991", t) for t in targets)
    rest = markup.render(f"参阅{text}。", markup.find_spans(f"参阅{text}。", [xref], [], "1991", lambda t: t))
    for letter, target in zip(shown, targets):
        assert f":law:ref:`{letter} <1991:{target}>`" in rest, rest
    assert re.sub(r" <[^>]*>", "", read_back(rest)) == f"参阅{text}。"


def test_a_range_stays_one_link():
    from rules_ext.corpus.model import Resolution

    targets = ("47A", "47B", "47C", "47D", "47E")
    xref = CrossReference("上述A至E各款", 1, targets, True, "1991")
    xref.resolutions = tuple(Resolution(t, "same", "1991", t) for t in targets)
    spans = markup.find_spans("凡不属上述A至E各款所规定的情况", [xref], [], "1991", lambda t: t)
    assert len(spans) == 1


def test_a_reference_links_where_the_corpus_resolved_each_target():
    from rules_ext.corpus.model import Resolution

    xref = CrossReference("23条A款", 1, ("23A",), True, "1999")
    xref.resolutions = (Resolution("23A", "ancestor", "1999", "23"),)
    rest = markup.render("参阅23条A款", markup.find_spans("参阅23条A款", [xref], [], "1999", lambda t: t))
    assert ":law:ref:`23条A款 <1999:23>`" in rest


def test_terms_never_inside_a_reference():
    text = "参阅明手条款"
    xrefs = [CrossReference("参阅明手条款", 1, ("42",), True, "1991")]
    spans = markup.find_spans(text, xrefs, ["明手"], "1991", lambda t: t)
    assert len(spans) == 1


def test_heading_underline_is_wide_enough_for_cjk():
    _title, underline = names.heading("第45条 打出的牌").splitlines()
    assert len(underline) >= 2 * 7 + 1 + 2


def test_write_pages_rewrites_only_changes_and_removes_stale(tmp_path: Path):
    first = {"1991/law-1": "a\n", "1991/law-2": "b\n"}
    assert writer.write_pages(tmp_path, first, {"1991"}) == (2, 0)
    stamp = (tmp_path / "1991/law-1.rst").stat().st_mtime_ns
    assert writer.write_pages(tmp_path, {"1991/law-1": "a\n"}, {"1991"}) == (0, 1)
    assert (tmp_path / "1991/law-1.rst").stat().st_mtime_ns == stamp
    assert not (tmp_path / "1991/law-2.rst").exists()


def test_write_pages_refuses_a_hand_written_folder(tmp_path: Path):
    (tmp_path / "1991").mkdir()
    (tmp_path / "1991" / "mine.rst").write_text("hand-written", encoding="utf-8")
    with pytest.raises(writer.GenerationError, match="was not generated"):
        writer.write_pages(tmp_path, {"1991/law-1": "x"}, {"1991"})
    assert (tmp_path / "1991" / "mine.rst").read_text(encoding="utf-8") == "hand-written"


def test_english_titles_only_checked_ones():
    titles = views.english_titles()
    assert titles[50] == "Disposition of Penalty Card"
    assert titles[1] == "The Pack - Rank of Cards and Suits"
    assert 62 not in titles and 93 not in titles  # unchecked: not published
    assert set(titles) == set(views.CHECKED_TITLES)


def test_traditional_conversion_and_delivered_artifacts():
    # characters (s2tw: Taiwan forms 為, 著) plus the reviewed words (信息 -> 資訊); 程序 stays 程序
    assert to_traditional("明手的信息和程序为") == "明手的資訊和程序為"
    assert to_traditional("为着", "s2t") == "爲着"
    assert to_traditional(to_traditional("信息径行")) == "資訊徑行"  # converting again changes nothing
    assert normalise_delivered("見***A***款; 否則") == "見（A）款；否則"
    with pytest.raises(ScriptError, match=r"'zz'.*expected one of s2tw, s2t"):
        to_traditional("牌", "zz")


def test_terms_are_linked_only_as_whole_words():
    import jieba

    dictionary = words.BRIDGE_TERMS.read_text(encoding="utf-8") + "跟牌 2000\n"
    before = (jieba.dt.total, len(jieba.dt.FREQ))
    boundaries = words.WordBoundaries(dictionary)
    inside = markup.find_spans("收回其错跟牌张", [], ["跟牌"], "1991", lambda t: t,
                               boundaries=boundaries)
    assert inside == []  # 错跟 / 牌张, not 跟牌
    whole = markup.find_spans("防家未跟牌时", [], ["跟牌"], "1991", lambda t: t,
                              boundaries=boundaries)
    assert [(s.start, s.end) for s in whole] == [(3, 5)]
    assert (jieba.dt.total, len(jieba.dt.FREQ)) == before  # jieba's own dictionary untouched


def test_user_dictionary_holds_the_bridge_terms_then_the_defined_terms():
    from rules_ext.corpus.model import Corpus, Definition, Edition

    def edition(id_, *terms):
        return Edition(id_, id_, f"{id_}.txt",
                       definitions=[Definition(t, "", "", "", (1, 1)) for t in terms])

    corpus = Corpus([edition("1991", "明手", "越序亮牌", "牌"), edition("1999", "越序亮牌")])
    lines = words.user_dictionary(corpus).splitlines()
    bridge = words.BRIDGE_TERMS.read_text(encoding="utf-8").splitlines()
    assert lines == [*bridge, "明手 2000", "越序亮牌 2000"]  # one line a term; 牌 is no word


def test_each_printed_line_is_its_own_paragraph():
    from docutils.core import publish_doctree

    text = "判给人为的分数：\n40%给予负直接责任的犯规者。\n50%详50条。\n60%以上给予赛员。"
    xrefs = [CrossReference("50条", 3, ("50",), True, "1991")]
    rest = markup.render(text, markup.find_spans(text, xrefs, [], "1991", lambda t: t))
    assert ":law:ref:`50条 <1991:50>`" in rest
    # registered under its own name (not only canonically): docutils finds it without an info
    # message, whatever other tests in this process registered before
    roles.register_local_role("law:ref", roles.GenericRole("law:ref", nodes.inline))
    tree = publish_doctree(rest, settings_overrides={"report_level": 2, "halt_level": 2})
    paragraphs = [p.astext() for p in tree.findall(nodes.paragraph)]
    assert len(paragraphs) == 4  # no enumerated list out of "40%", no line run into the next
    assert paragraphs[1] == "40%给予负直接责任的犯规者。"
    assert re.sub(r" <[^>]*>", "", paragraphs[2]) == "50%详50条。"
