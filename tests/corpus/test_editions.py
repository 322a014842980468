"""Editions: ids, relationships, laws present, traditional-script alignment, front matter."""
import re

import pytest

from rules_ext.corpus.recovery import to_simplified
from rules_ext.errors import NotFoundError


def test_edition_ids_and_relationships(corpus):
    assert [e.id for e in corpus.editions] == ["1991", "1999", "2008", "1999-trad"]
    e2008 = corpus.edition("2008")
    assert e2008.same_wording_as == "1999" and e2008.partial
    trad = corpus.edition("1999-trad")
    assert (trad.script, trad.variant_of, trad.partial) == ("traditional", "1999", True)
    assert corpus.edition("1991").source.startswith("000_")
    assert corpus.edition("1999").source.startswith("003_") == e2008.source.startswith("003_")
    with pytest.raises(NotFoundError, match="expected one of"):
        corpus.edition("1987")


@pytest.mark.parametrize("edition, numbers", [
    ("1991", range(1, 94)), ("1999", range(1, 41)), ("2008", range(1, 9)), ("1999-trad", range(20, 41)),
])
def test_laws_present(corpus, edition, numbers):
    assert [law.number for law in corpus.edition(edition).laws] == list(numbers)


def test_1999_laws_1_to_4_recovered_from_2008(corpus):
    e = corpus.edition("1999")
    for n in range(1, 5):
        law = e.law(n)
        assert law.number_editorial and any("2008" in ev for ev in law.evidence)
        assert law.title == corpus.edition("2008").law(n).title
    assert not e.law(1).title_editorial  # the title is printed, fused to the body
    assert e.law(1).provisions[0].text.startswith("复式定约桥牌比赛用牌")
    assert e.law(5).title == "排定座位" and not e.law(5).number_editorial


def test_2008_is_worded_as_1999(corpus):
    e99, e08 = corpus.edition("1999"), corpus.edition("2008")
    for law in e08.laws:
        a = [(p.label, p.heading) for p in law.walk()]
        b = [(p.label, p.heading) for p in e99.law(law.number).walk()]
        assert a == b


def test_traditional_copy_aligned_provision_by_provision(corpus):
    e99, trad = corpus.edition("1999"), corpus.edition("1999-trad")
    assert trad.law(20).lines[0] == 3 and [p.label for p in trad.law(20).walk()] == ["20F2"]
    assert trad.law(40).provisions == [] and trad.law(40).title == "同伴間的默契"
    for law in trad.laws:
        if not law.provisions:
            continue
        base = {p.label: p for p in e99.law(law.number).walk()}
        for p in law.walk():
            assert p.label in base, p.label
            assert to_simplified(p.heading).replace(" ", "") != "" or not base[p.label].heading
        assert any("aligned with 1999" in ev for ev in law.evidence)


def test_traditional_artifacts_kept_in_original_text(corpus):
    trad = corpus.edition("1999-trad")
    originals = [p.original_text for p in trad.provisions()]
    texts = [p.text for p in trad.provisions()]
    assert not any("***" in t for t in texts)
    # normalised for structure and text; the delivered form (*** and ;) kept as original_text
    assert any("（參閱第17條" in t for t in texts)
    assert any("***參閱第17條" in o for o in originals)
    assert any(";" in o for o in originals) and not any(";" in t for t in texts)
    p = next(p for p in trad.provisions() if p.marker.startswith("（"))
    assert not p.original_text.startswith("***") or not p.heading


def _brackets(text: str) -> str:
    return re.sub(r"[^（）]", "", text.replace("(", "（").replace(")", "）"))


def test_traditional_brackets_agree_with_1999(corpus):
    """004 writes *** for every bracket: once normalised, each provision has the brackets (nesting
    included) of the same provision in 1999."""
    trad = corpus.edition("1999-trad")
    pairs = [(p, corpus.find("1999", p.label)) for p in trad.provisions()]
    assert len(pairs) >= 70 and all(q is not None for _, q in pairs)
    assert [p.label for p, q in pairs if _brackets(p.text) != _brackets(q.text)] == []
    assert "本條A2（b））。" in corpus.find("1999-trad", "31A").text


def test_traditional_original_text_is_as_delivered(corpus):
    from rules_ext.corpus import DEFAULT_TEXTS
    trad = corpus.edition("1999-trad")
    delivered = (DEFAULT_TEXTS / trad.source).read_text(encoding="utf-8").splitlines()
    stars = 0
    for p in trad.provisions():
        for line in filter(None, p.original_text.split("\n")):
            assert any(line in d for d in delivered), (p.label, line)
            stars += line.count("***")
        if p.kind == "note" and not p.marker_line:
            # a note split out of its paragraph: its brackets (***注：…***) are not in its text
            assert delivered[p.lines[0] - 1].endswith(f"{p.marker}{p.original_text}***"), p.label
            stars += 2
    assert "（" not in "".join(p.original_text for p in trad.provisions())
    assert corpus.find("1999-trad", "31A").original_text.endswith("本條A2***b******。如果：")
    # every *** of the file is kept, except the two of each marker printed as ***a*** at a line start
    markers = [d for d in delivered if re.match(r"\s*\*\*\*[A-Za-z\d]\*\*\*", d)]
    assert stars == sum(d.count("***") for d in delivered) - 2 * len(markers) == 148


def test_front_matter_and_headings(corpus):
    e91, e99 = corpus.edition("1991"), corpus.edition("1999")
    assert [f.kind for f in e91.front] == ["preamble"]
    assert [h.text for h in e91.headings[:3]] == ["中国桥牌竞赛规则", "1991", "中国桥牌协会 审定"]
    assert any(f.kind == "preface" and f.paragraphs[-1] == "1999年12月" for f in e99.front)
    chapters = [h.text for h in e91.headings if h.kind == "chapter"]
    assert chapters[0].startswith("第一章") and chapters[-1] == "第十一章 申述"
    assert any(h.kind == "chapter" and "第三章" in h.text for h in e99.headings)  # fused with 第6条


def test_definitions_present(corpus):
    assert len(corpus.edition("1991").definitions) == 56
    assert len(corpus.edition("1999").definitions) == 54
    assert len(corpus.edition("2008").definitions) == 54
    assert corpus.edition("1999-trad").definitions == []
