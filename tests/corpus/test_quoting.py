"""The decisive sentence quoted for a cited provision (``corpus.quoting``): never cut inside brackets,
a colon's list kept with it, scraped lines with unbalanced brackets cut as before."""
import doctest

from rules_ext.corpus import load_corpus, quoting
from rules_ext.corpus.quoting import quote, sentence_with


def test_docstring_examples():
    result = doctest.testmod(quoting)
    assert result.attempted >= 3 and result.failed == 0


def test_a_bracket_with_a_semicolon_inside_stays_whole():
    # 75D2 (1991): "（如为庄家或明手应在……最后一个不叫之后；如为防家则在该牌打牌结束之后）召请裁判长"
    found = quote(load_corpus(), "1991", "75D2", "如为防家则在该牌打牌结束之后")
    assert found is not None
    assert found.text.count("（") == found.text.count("）") and "如为庄家或明手" in found.text
    assert found.text.endswith("其同伴曾经解释有误。")


def test_a_colon_keeps_its_list():
    found = quote(load_corpus(), "1991", "12C1", "无法获得结果")
    assert found is not None and "40%" in found.text and "60%" in found.text


def test_unbalanced_brackets_of_a_scraped_line_are_cut_at_every_stop():
    text = "越序叫牌（或对同伴的约定叫作出越序不叫，按本条A2（b）规定处理。如果后者：\n1．甲。"
    assert sentence_with(text, "越序叫牌") == "越序叫牌（或对同伴的约定叫作出越序不叫，按本条A2（b）规定处理。"
    assert sentence_with("甲。乙丙，丁。戊。", "丙") == "乙丙，丁。"
