"""Review of the corpus by its consumers: note provisions, per-target resolutions, table owners,
the traditional edition's editorial script."""
import json

import opencc
import pytest

from rules_ext.corpus.model import CrossReference, Resolution
from rules_ext.corpus.structure import LawLine, build_provisions, split_sentence_notes
from rules_ext.corpus.text import normalise


def references(edition):
    for p in edition.provisions():
        yield from p.xrefs
    for d in edition.definitions:
        yield from d.xrefs


# ----------------------------------------------------------------- notes printed inside a paragraph
def test_1991_law_68_note_is_a_provision(corpus):
    note = corpus.find("1991", "68note")
    assert note is not None and note.kind == "note" and note.marker == "（注："
    assert note.text.startswith("赛员所作出的声称或承认如果仅针对正在进行中尚未完成牌墩的输赢")
    assert note.text.endswith("并参阅57条A款“过早打牌”。")
    assert note.lines == (904, 904) and note.original_text == note.text
    intro = corpus.find("1991", "68intro")
    # as printed: the paragraph, the note inside it, then the rest of the paragraph (its closing)
    assert intro.text == "这部分所述各条声称或承认的规则，与进行中的牌墩无关，而与其余所有牌墩有关。"
    assert intro.children == [note]
    assert (intro.closing, intro.closing_lines) == ("假如该行动确与后续牌墩有关时：", [904])
    assert [p.label for p in corpus.edition("1991").law(68).provisions] == \
        ["68intro", "68A", "68B", "68C", "68D"]
    # its own references are found in it, not in the paragraph
    assert {t for x in note.xrefs for t in x.targets} == {"16", "57A"}
    assert not intro.xrefs
    assert any("68note: the note printed as a sentence" in ev
               for ev in corpus.edition("1991").law(68).evidence)
    assert corpus.places["000_dc6495ac30005e06.txt"][904] == "provision 1991:68intro, 68note"


def test_1991_citation_of_the_law_68_note_resolves_to_it(corpus):
    (ref,) = [x for x in corpus.find("1991", "49").xrefs if x.text == "68条附注"]
    assert ref.targets == ("68note",)
    assert ref.resolutions == (Resolution("68note", "same", "1991", "68note"),)


@pytest.mark.parametrize("edition, label, text, holder", [
    ("1999", "25note", "非违规方按实际结果计分", "25B2b2"),
    ("1999-trad", "25note", "非違規方按實際結果計分", "25B2b2"),
    ("1999", "40note", "在竞叫和打牌期间，赛员不得使用有助于记忆", "40E2"),
])
def test_sentence_notes_of_1999(corpus, edition, label, text, holder):
    note = corpus.find(edition, label)
    assert note.kind == "note" and note.text.startswith(text)
    rest = corpus.find(edition, holder)
    assert "注：" not in rest.text and rest.text.endswith("。")
    # kept where it was printed: inside the provision that prints it, not after the whole law
    assert rest.children[-1] is note


def test_closing_paragraph_of_1991_25B2b_governs_both_items(corpus):
    """'（1）（2）两项，…参阅23条A款。' is printed after (2) and governs (1) and (2): it closes 25B2b."""
    parent, second = corpus.find("1991", "25B2b"), corpus.find("1991", "25B2b2")
    assert parent.closing == "（1）（2）两项，在强制性不叫对违规方造成损害时参阅23条A款。"
    assert "两项" not in second.text and second.text.endswith("必须永远不叫。")
    assert [r.target for x in parent.xrefs for r in x.resolutions] == ["23A"]
    assert corpus.places["000_dc6495ac30005e06.txt"][parent.closing_lines[0]] == "provision 1991:25B2b"


def test_glosses_inside_a_sentence_stay_in_the_text(corpus):
    # '…牌张数目有误（注：三袋正确，一袋不足时，按14条规定处理），而…' is a gloss, not a note
    assert "有误（注：三袋正确" in corpus.find("1991", "13intro").text
    assert "（注：打牌结束后" in corpus.find("1999", "16A2").text


def test_split_sentence_notes_unit():
    texts = ["甲规则有关。（注：见（a）项，并参阅16条。）假如：", "（A）第一款。（注：乙）", "（B）丙（注：不是注）。"]
    lines = [LawLine(i + 1, normalise(t), normalise(t)) for i, t in enumerate(texts)]
    top, _ = build_provisions(9, lines)
    evidence = split_sentence_notes(9, top)
    assert [(p.label, p.kind, p.text, p.closing) for p in top] == [
        ("9intro", "intro", "甲规则有关。", "假如："), ("9A", "section", "第一款。", ""),
        ("9B", "section", "丙（注：不是注）。", "")]
    notes = [c for p in top for c in p.children]
    assert [(p.label, p.text, p.lines) for p in notes] == [
        ("9note", "见（a）项，并参阅16条。", (1, 1)), ("9note2", "乙", (2, 2))]
    assert len(evidence) == 2 and evidence[0].startswith("9note: ")


def test_split_sentence_notes_unclosed_bracket_is_left_alone():
    lines = [LawLine(1, "甲。（注：没有收尾", "甲。（注：没有收尾")]
    top, _ = build_provisions(5, lines)
    assert split_sentence_notes(5, top) == []
    assert [(p.label, p.text) for p in top] == [("5", "甲。（注：没有收尾")]


# ------------------------------------------------------------------------- per-target resolutions
def test_every_reference_carries_one_resolution_per_target(corpus):
    for e in corpus.editions:
        for ref in references(e):
            assert tuple(r.target for r in ref.resolutions) == ref.targets, (e.id, ref.text)
            assert ref.resolved == all(r.kind != "unresolved" for r in ref.resolutions)
            for r in ref.resolutions:
                # a consumer links each target without re-deriving anything
                assert corpus.find(r.edition, r.label) is not None or \
                    corpus.edition(r.edition).law(int(r.label)) is not None, (e.id, ref.text, r)


@pytest.mark.parametrize("edition", ["1999", "1999-trad"])
def test_1999_law_23_has_no_sections_so_23A_links_to_23(corpus, edition):
    refs = [x for x in references(corpus.edition(edition)) if "23A" in x.targets]
    assert len(refs) == 2  # 27B3 and 31B cite 23条A款
    for ref in refs:
        (r,) = ref.resolutions
        assert (r.target, r.kind, r.edition, r.label) == ("23A", "ancestor", edition, "23")
        assert "resolved to its ancestor 23" in r.note
    assert corpus.find(edition, "23A") is None and corpus.find(edition, "23") is not None


def test_resolutions_in_the_json_contract(corpus):
    ref = next(x for x in corpus.find("1999", "31B").xrefs if x.targets == ("23A",))
    out = json.loads(json.dumps(ref.to_dict(), ensure_ascii=False))
    assert out["targets"] == ["23A"]
    assert out["resolutions"] == [{"target": "23A", "kind": "ancestor", "edition": "1999",
                                   "label": "23", "note": out["resolutions"][0]["note"],
                                   "instead": []}]


def test_resolution_is_validated():
    with pytest.raises(ValueError, match=r"bad resolution kind 'near'.*expected one of same"):
        Resolution("23A", "near", "1999", "23")
    with pytest.raises(ValueError, match=r"'23A' as 'ancestor' with edition None"):
        Resolution("23A", "ancestor", None, None)
    with pytest.raises(ValueError, match=r"as 'unresolved' with edition '1999'"):
        Resolution("99", "unresolved", "1999", "99")
    assert CrossReference("23条", 1, ("23",)).to_dict()["resolutions"] == []


# ------------------------------------------------------------------------------------ table owners
def test_every_table_belongs_to_a_provision_of_its_edition(corpus):
    for e in corpus.editions:
        labels = e.labels()
        for t in e.tables:
            assert t.label in labels, (e.id, t.id, t.label)


def test_1991_78B_recovered_with_evidence_and_owns_the_imp_table(corpus):
    p = corpus.find("1991", "78B")
    assert p.recovered and p.kind == "section" and p.heading == "国际比赛分（IMP）记分法"
    assert any(ev.startswith("recovered 78B: lettering jumps from A to C")
               for ev in corpus.edition("1991").law(78).evidence)
    (table,) = [t for t in corpus.edition("1991").tables if t.id == "law78B-imp"]
    assert table.label == "78B" and table.lines[0] == p.lines[1] + 1


# ----------------------------------------------------------------- traditional editorial script
def test_traditional_editorial_titles_are_traditional(corpus):
    s2twp = opencc.OpenCC("s2twp")
    trad = corpus.edition("1999-trad")
    law20 = trad.law(20)
    assert law20.title_editorial and law20.title == "叫牌的複述及解釋"
    assert law20.title == s2twp.convert(corpus.edition("1999").law(20).title)
    assert any("OpenCC s2tw" in ev for ev in law20.evidence)
    for law in trad.laws:
        if law.title_editorial:
            assert s2twp.convert(law.title) == law.title, law.number
        for p in law.walk():
            if p.recovered:
                assert s2twp.convert(p.heading) == p.heading, p.label


# ---------------------------------------------------------------- audit of the reference forms
@pytest.mark.parametrize("text, found", [
    ("在45C4（b）许可的情况下", [("45C4（b）", ("45C4b",))]),
    ("参阅45C4", [("45C4", ("45C4",))]),
    ("叫2C后再叫4NT", []),  # bids are not the compact form: it needs law, section and item
    ("2C（b）", []),
])
def test_compact_reference_form(text, found):
    from rules_ext.corpus.xrefs import find_references
    assert [(r.text, r.targets) for r in find_references(text, label="")] == found


def test_1991_compact_reference_is_found_and_resolved(corpus):
    (ref,) = corpus.find("1991", "47C").xrefs
    assert (ref.text, ref.line, ref.targets) == ("45C4（b）", 677, ("45C4b",))
    assert ref.resolutions == (Resolution("45C4b", "same", "1991", "45C4b"),)


def test_check_report_counts_targets_by_resolution(corpus):
    from rules_ext.corpus import check_report
    from rules_ext.corpus.xrefs import reference_stats
    report = check_report(corpus)
    stats = reference_stats(corpus)
    for edition, kinds in report.targets:
        assert dict(kinds) == {k: stats[edition][k] for k in ("same", "elsewhere", "ancestor",
                                                              "unproven", "unresolved")}
    # 8 targets of 1999 are found in 1991 only, with nothing showing the same rule (72B1, 86C, …)
    assert dict(report.targets)["1999"] == (("same", 78), ("elsewhere", 24), ("ancestor", 2),
                                            ("unproven", 8), ("unresolved", 0))
    assert "1999: 102 found, 102 resolved (100.0 %); 112 targets: same 78, elsewhere 24, " \
           "ancestor 2, unproven 8, unresolved 0" in report.render()


def test_errata_ids_name_no_line_numbers(corpus):
    # errata are keyed by text, never by line number; an id like '1991-de-1296' would go stale and
    # is published on the site, so ids name the provision instead ('1991-de-89')
    import re

    from rules_ext.corpus import DEFAULT_TEXTS
    from rules_ext.corpus.errata import load_errata
    ids = [e.id for e in load_errata(DEFAULT_TEXTS / "errata.toml")]
    # 51, 1999 21B1 理发 in both scripts (1999-lifa, 1999-trad-lifa), the traditional copy's 併 and 程式 (22A, 22)
    assert len(ids) == len(set(ids)) == 55
    assert [i for i in ids if re.search(r"\d{3,}$", i) and not i.endswith(("1991", "1999"))] == []
    applied = {c for e in corpus.editions for p in e.provisions() for c in p.corrections}
    assert {"1991-double-comma-41C", "1991-daoda-68D", "1991-double-comma-69B", "1991-de-89",
            "1991-daoda-90B1"} <= applied
