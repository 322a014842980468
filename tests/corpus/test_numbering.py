"""1991 numbering: boundaries recovered from the text, with evidence and confidence."""
import pytest

# Where each 1991 law starts (1-based line of 000), read independently from the text by a person:
# the numbering algorithm must find these from evidence, never from this table.
EXPECTED_1991_STARTS = {
    1: 131, 2: 137, 3: 161, 4: 163, 5: 165, 6: 170, 7: 194, 8: 205, 9: 215, 10: 237, 11: 247,
    12: 258, 13: 278, 14: 295, 15: 309, 16: 323, 17: 347, 18: 357, 19: 367, 20: 385, 21: 404,
    22: 414, 23: 419, 24: 425, 25: 433, 26: 452, 27: 463, 28: 479, 29: 483, 30: 487, 31: 503,
    32: 516, 33: 524, 34: 525, 35: 526, 36: 536, 37: 537, 38: 538, 39: 539, 40: 545, 41: 561,
    42: 569, 43: 584, 44: 610, 45: 624, 46: 654, 47: 672, 48: 693, 49: 699, 50: 700, 51: 718,
    52: 731, 53: 745, 54: 751, 55: 763, 56: 772, 57: 774, 58: 786, 59: 798, 60: 799, 61: 811,
    62: 815, 63: 834, 64: 844, 65: 867, 66: 878, 67: 886, 68: 904, 69: 913, 70: 918, 71: 939,
    72: 949, 73: 969, 74: 994, 75: 1019, 76: 1030, 77: 1041, 78: 1142, 79: 1201, 80: 1208,
    81: 1223, 82: 1256, 83: 1265, 84: 1267, 85: 1278, 86: 1284, 87: 1290, 88: 1295, 89: 1296,
    90: 1297, 91: 1316, 92: 1321, 93: 1329,
}

# The survey's chapter table (chapter -> laws)
CHAPTERS = {"第二章": (1, 5), "第三章": (6, 8), "第四章": (9, 16), "第五章": (17, 40),
            "第六章": (41, 71), "第七章": (72, 76), "第八章": (77, 79), "第九章": (80, 80),
            "第十章": (81, 91), "第十一章": (92, 93)}


@pytest.fixture(scope="module")
def e91(corpus):
    return corpus.edition("1991")


def test_laws_1_to_93_in_order_without_gaps(e91):
    assert [law.number for law in e91.laws] == list(range(1, 94))
    for a, b in zip(e91.laws, e91.laws[1:]):
        assert a.lines[1] < b.lines[0]


@pytest.mark.parametrize("number", sorted(EXPECTED_1991_STARTS))
def test_law_line_ranges(e91, number):
    law = e91.law(number)
    assert law.lines[0] == EXPECTED_1991_STARTS[number]
    nxt = EXPECTED_1991_STARTS.get(number + 1)
    if nxt is not None:
        assert law.lines[1] < nxt


def test_chapters_match_the_survey(e91):
    for law in e91.laws:
        chap = law.chapter.split()[0] if law.chapter else ""
        first, last = CHAPTERS[chap]
        assert first <= law.number <= last, (law.number, law.chapter)


def test_recovered_numbers_are_editorial_with_evidence(e91):
    for law in e91.laws:
        if law.number <= 4:
            assert not law.number_editorial and law.confidence == 1.0
            continue
        assert law.number_editorial and law.title_editorial and law.title
        assert 0 < law.confidence < 1
        assert any(ev.startswith("boundary:") for ev in law.evidence)
        assert any("title" in ev for ev in law.evidence)


def test_law50_is_about_penalty_cards(e91):
    law = e91.law(50)
    assert "罚张" in law.provisions[0].heading
    # the citation '参阅50条' next to penalty-card text is part of the evidence
    assert any("citation of 50" in ev and "fits" in ev for ev in law.evidence)


def test_law62_is_the_correction_of_a_revoke(e91):
    assert e91.law(62).provisions[0].heading == "藏牌必须改正"
    assert "改正" in e91.law(62).provisions[1].heading


def test_law77_holds_the_scoring_table(e91):
    law = e91.law(77)
    assert [p.label for p in law.provisions] == ["77A", "77B", "77C"]
    assert law.provisions[0].heading.startswith("墩分")
    ids = {t.label for t in e91.tables}
    assert {"77A", "77B", "77C"} <= ids or any(t.label.startswith("77") for t in e91.tables)


def test_1999_alignment_evidence_for_laws_up_to_40(e91):
    for n in range(5, 41):
        ev = " ".join(e91.law(n).evidence)
        assert f"similarity with 1999 Law {n}:" in ev


def test_single_paragraph_laws_and_intros(e91):
    for n in (33, 34, 36, 37, 38, 49, 56, 59, 83, 88, 89):
        assert [p.kind for p in e91.law(n).provisions] == ["law"], n
    for n in (16, 23, 30, 31, 32, 35, 39, 68, 80):
        assert e91.law(n).provisions[0].kind == "intro", n


def test_confidence_reflects_the_margin(e91):
    conf = {law.number: law.confidence for law in e91.laws if law.number_editorial}
    assert all(0.5 <= c <= 0.99 for c in conf.values())
    # boundaries the headings prove are near-certain; an intro-or-own-law choice is less so
    assert conf[41] >= 0.95 and conf[77] >= 0.9
    assert min(conf.values()) < 0.8
    assert sum(conf.values()) / len(conf) > 0.85
    assert any("confidence from the margin" in ev for ev in e91.law(71).evidence)


def _tokens(*texts):
    from rules_ext.corpus.editions import Token
    from rules_ext.corpus.text import SourceLine, normalise
    head = Token("law", SourceLine(1, "第5条：", "第5条："), 5, "测试")
    return [head] + [Token("line", SourceLine(n, t, normalise(t))) for n, t in enumerate(texts, 2)]


def test_numbering_weights_are_validated():
    from rules_ext.corpus.numbering import DEFAULT_WEIGHTS, NumberingWeights
    assert NumberingWeights() == DEFAULT_WEIGHTS
    with pytest.raises(ValueError, match="similarity=-1"):
        NumberingWeights(similarity=-1)
    with pytest.raises(ValueError, match="confidence_cap"):
        NumberingWeights(confidence_cap=1.5)


def test_recover_numbers_uses_the_weights_it_is_given():
    from rules_ext.corpus.numbering import NumberingWeights, recover_numbers
    # the second （A） proves that Law 6 starts there: the only start, so the confidence is the cap
    tokens = _tokens("（A）第一款的内容，说明这一款。", "（B）第二款的内容，说明这一款。",
                     "（A）下一条第一款的内容，说明。")
    default = recover_numbers(tokens, 5, 6, {}, [])
    capped = recover_numbers(tokens, 5, 6, {}, [], weights=NumberingWeights(confidence_cap=0.7))
    assert [d.number for d in default.drafts] == [5, 6]
    assert [len(d.lines) for d in default.drafts] == [2, 1]
    assert default.drafts[1].confidence == 0.99 and capped.drafts[1].confidence == 0.7
    assert default.drafts[0].title == "测试" and not default.drafts[0].number_editorial
