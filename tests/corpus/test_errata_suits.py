"""Errata (keyed by text) and suit-symbol restoration."""
import shutil

import pytest

from rules_ext.corpus import DEFAULT_TEXTS, parse
from rules_ext.corpus.errata import ErrataError, Erratum, apply_to_lines, load_errata
from rules_ext.corpus.suits import restore_suits


def test_errata_file_loads_and_ids_unique():
    errata = load_errata(DEFAULT_TEXTS / "errata.toml")
    assert len(errata) >= 30
    assert len({e.id for e in errata}) == len(errata)


@pytest.mark.parametrize("edition, label, original, corrected, eid", [
    ("1991", "46B5", "则人一防家", "则任一防家", "1991-renyi"),
    ("1991", "62B2", "从专家手中", "从庄家手中", "1991-zhuangjia"),
    ("1991", "83", "需要符合时", "需要复核时", "1991-fuhe"),
    ("1999", "16B2", "指定人暂代", "指定他人暂代", "1999-taren"),
    ("1999", "3", "参予", "参与", "1999-canyu"),
    ("2008", "3", "参予", "参与", "1999-canyu"),
    ("1999", "32B2", "任何合法叫牌，。", "任何合法叫牌，但（判罚）违规者同伴必须永远不叫。", "1999-penalty-32B2"),
    ("1999-trad", "32B2", "任何合法叫牌，。", "任何合法叫牌，但（判罰）違規者同伴必須永遠不叫。",
     "1999-trad-penalty-32B2"),
    ("1999-trad", "25B2b2", "所提人的資訊", "所提供的資訊", "1999-tigong"),
    ("1999-trad", "29B", "在輪他叫牌時", "在輪到他叫牌時", "1999-trad-lundao"),
    ("1999-trad", "34", "違規，，競叫", "違規，競叫", "1999-double-comma"),
])
def test_errata_applied_keep_original(corpus, edition, label, original, corrected, eid):
    p = corpus.find(edition, label)
    assert corrected in p.text and original not in p.text
    assert original in p.original_text
    assert eid in p.corrections


def test_erratum_fixes_structure_where_the_marker_lost_its_dot(corpus):
    p = corpus.find("1991", "13A3")
    assert p.heading == "要求重发" and "1991-item3-dot" in p.corrections


def test_lost_penalty_clause_of_32B2_restored_in_the_1991_wording(corpus):
    clause = "但（判罚）违规者同伴必须永远不叫"
    assert clause in corpus.find("1991", "32B2").text  # the evidence
    for edition in ("1999", "1999-trad"):
        p = corpus.find(edition, "32B2")
        assert p.penalty and p.original_text.endswith("任何合法叫牌，。")
        assert not p.text.endswith("，。") and p.text.count("（判") == 1


def test_lost_end_of_1991_25B1_restored_from_1999(corpus):
    p = corpus.find("1991", "25B1")
    assert p.original_text.endswith("则违规者替代的叫品成立，")  # the sentence breaks off
    assert p.text.endswith("则违规者替代的叫品成立，而左敌家的叫牌可予取消，均不判罚。")
    assert p.corrections == ["1991-lost-25B1"]
    assert "而下家的叫牌可予取消，均不判罚" in corpus.find("1999", "25B1").text  # the evidence


def test_lost_words_restored_in_definitions(corpus):
    defs = {e: {d.term: d for d in corpus.edition(e).definitions} for e in ("1991", "1999", "2008")}
    slam = defs["1999"]["满贯"]
    assert slam.text == defs["2008"]["满贯"].text == defs["1991"]["满贯"].text
    assert slam.original_text.endswith("称为。") and slam.corrections == ["1999-damanguan"]
    assert defs["1999"]["庄家"].text.endswith("（但若为越序首引时参阅第54条A款）。")
    assert defs["2008"]["庄家"].text.endswith("(但若为越序首引时参阅第54条A款)。")
    assert all(defs[e]["庄家"].original_text.endswith("参阅第54条A款") for e in ("1999", "2008"))


def test_errata_in_definitions(corpus):
    d = next(d for d in corpus.edition("1999").definitions if d.term == "参赛者")
    assert d.english == "CONTESTANT" and "1999-contestant" in d.corrections


def test_erratum_validation():
    with pytest.raises(ErrataError, match="not inside key"):
        Erratum("x", ("1991",), key="则人一防家", original="任一", corrected="人一", reason="r")
    with pytest.raises(ErrataError, match="required"):
        Erratum("", ("1991",), key="k", original="k", corrected="K", reason="r")


def test_apply_to_lines_reports_missing_and_duplicate_keys():
    e = Erratum("t", ("1991",), key="人一防家", original="人一", corrected="任一", reason="typo")
    out, applied, problems = apply_to_lines([e], "1991", {1: "则人一防家", 2: "无关"})
    assert out[1] == "则任一防家" and applied == {1: ["t"]} and problems == []
    _, _, problems = apply_to_lines([e], "1991", {1: "无关"})
    assert "not found" in problems[0]
    _, _, problems = apply_to_lines([e], "1991", {1: "人一防家", 2: "人一防家"})
    assert "found 2 times" in problems[0]


def test_unknown_erratum_key_is_reported_by_check(tmp_path):
    for f in DEFAULT_TEXTS.glob("*.txt"):
        shutil.copy(f, tmp_path / f.name)
    (tmp_path / "errata.toml").write_text(
        '[[erratum]]\nid = "ghost"\neditions = ["1991"]\nkey = "不存在的文字"\n'
        'original = "不存在"\ncorrected = "存在"\nreason = "test"\nexplanation = "测试"\n',
        encoding="utf-8")
    result = parse(tmp_path)
    assert any("ghost" in p and "not found" in p for p in result.problems)


def test_bad_errata_file_is_an_error(tmp_path):
    (tmp_path / "errata.toml").write_text("[[erratum]\n", encoding="utf-8")
    with pytest.raises(ErrataError, match=r"cannot read errata\.toml"):
        load_errata(tmp_path / "errata.toml")


# ---- suits -----------------------------------------------------------------------------
@pytest.mark.parametrize("edition", ["1991", "1999", "2008"])
def test_law1_suit_symbols(corpus, edition):
    p = corpus.find(edition, "1")
    for name, sym in (("黑桃", "♠"), ("红心", "♥"), ("方块", "♦"), ("梅花", "♣")):
        assert f"{name}（{sym}）" in p.text or f"{name}({sym}）" in p.text
    assert not any(ch in p.original_text for ch in "♠♥♦♣")


def test_garbled_tokens_kept_in_original(corpus):
    assert "黑桃（&）" in corpus.find("1999", "1").original_text
    assert "红心((C)）" in corpus.find("2008", "1").original_text


def test_restore_suits_needs_the_whole_sentence():
    assert restore_suits("黑桃&、红心&、方块¨、梅花§")[1] == 4
    assert restore_suits("黑桃?、红心(C)、方块¨、梅花§") == ("黑桃♠、红心♥、方块♦、梅花♣", 4)
    # a lone & or ? is never a suit; a real （C） section marker is untouched
    assert restore_suits("比尔?盖茨 && 黑桃&") == ("比尔?盖茨 && 黑桃&", 0)
    assert restore_suits("（C）发牌时比赛双方均应有人在场") == ("（C）发牌时比赛双方均应有人在场", 0)


def test_junk_ampersands_untouched(corpus):
    e = corpus.edition("1999")
    assert not any("&" in p.text for p in e.provisions())
    # the only & in the 1999 rule text are the four garbled suits of Law 1, kept as delivered
    assert [p.label for p in e.provisions() if "&" in p.original_text] == ["1"]
    junk_amp = sum(1 for j in e.junk for _ in range(j.lines[0], j.lines[1] + 1))
    assert junk_amp > 100
    assert all(p.text.count("（C）") == 0 or "♥" not in p.text for p in corpus.edition("1991").provisions())


def test_no_comma_runs_into_a_stop_after_errata(corpus):
    """'，。' (words lost between them) and '，，' are corrected everywhere; the delivered text keeps them."""
    nodes = [(e.id, n) for e in corpus.editions for n in [*e.provisions(), *e.definitions]]
    assert [(ed, getattr(n, "label", getattr(n, "term", ""))) for ed, n in nodes
            if "，。" in n.text or "，，" in n.text] == []
    assert sum("，。" in n.original_text for _, n in nodes) == 2


def test_errata_in_the_preface_keep_the_delivered_paragraphs(corpus):
    preface = next(f for f in corpus.edition("1999").front if f.kind == "preface")
    text, original = "".join(preface.paragraphs), "".join(preface.original_paragraphs)
    assert "组织国内部分国家级裁判" in text and "组织国内部国家级裁判" in original
    assert "均就照此执行" in text and "谨此说明" in text and "谨些说明" in original
    assert preface.corrections == ["1999-bufen", "1999-zhaoci", "1999-jinci"]
    assert preface.to_dict()["original_paragraphs"] == preface.original_paragraphs
    untouched = next(f for f in corpus.edition("1991").front if f.kind == "preamble")
    assert untouched.paragraphs == untouched.original_paragraphs and untouched.corrections == []
