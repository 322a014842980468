"""Structure kinds: section/item/sub-item markers in every printed form, notes, penalties, intros."""
import pytest

from rules_ext.corpus.structure import LawLine, build_provisions
from rules_ext.corpus.text import marker_of, normalise


def build(number, texts):
    lines = [LawLine(i + 1, normalise(t), normalise(t)) for i, t in enumerate(texts)]
    return build_provisions(number, lines)


@pytest.mark.parametrize("line, kind, key", [
    ("（A）洗牌", "section", "A"),
    ("A．初始位置", "section", "A"),
    ("(B)换位或换桌", "section", "B"),
    ("A.初始位置", "section", "A"),
    ("1.发牌有误或牌面暴露", "item", "1"),
    ("3．要求重发", "item", "3"),
    ("（a）召请的时间", "subitem", "a"),
    ("(b)谁可以召请裁判", "subitem", "b"),
    ("（1）让第一个叫牌成立", "subsub", "1"),
    ("（注）虽系重复同一叫牌", "note", ""),
    ("***B***有賽員已看到", "section", "B"),  # traditional copy: *** for brackets
])
def test_marker_forms(line, kind, key):
    m = marker_of(normalise(line))
    assert m is not None and (m.kind, m.key) == (kind, key)


@pytest.mark.parametrize("raw, expected", [
    # a bracketed marker nested in a parenthesis (trad 31A, 27B1a): the marker is bracketed first
    ("違規者越序實質叫牌***或對同伴的叫牌越序的約定性不叫，此時應用本條A2***b******。如果：",
     "違規者越序實質叫牌（或對同伴的叫牌越序的約定性不叫，此時應用本條A2（b））。如果："),
    ("叫牌繼續進行***第16條C款2此時不適用，但需參閱以下***b***項***。",
     "叫牌繼續進行（第16條C款2此時不適用，但需參閱以下（b）項）。"),
    ("前述***b******1***或***b******2***中的違規方", "前述（b）（1）或（b）（2）中的違規方"),
    ("***參閱第17條E款***，賽員;並可", "（參閱第17條E款），賽員；並可"),
    ("　　***a***第一個叫牌不合法", "（a）第一個叫牌不合法"),
])
def test_normalise_starred_brackets(raw, expected):
    assert normalise(raw) == expected


@pytest.mark.parametrize("line", ["40%给予负直接责任的犯规者", "2000—2240", "9:52:53 &&",
                                  "20", "1 5 9 13", "比赛开始前，每副牌都要均匀地洗好。"])
def test_not_markers(line):
    assert marker_of(line) is None


def test_labels_sections_items_subitems_and_subsub():
    provs, owner = build(25, ["（B）延迟的或故意的更改叫牌", "如果不符合本条A款的规定更改了叫牌：",
                              "2.替代叫牌不予承认", "如果替代叫牌未被敌方接受时，则取消。",
                              "（b）第一个叫牌合法", "如果第一个叫牌合法，违规者必须作出选择：",
                              "（1）让第一个叫牌成立", "让第一个叫牌成立，（判罚）其同伴必须不叫。",
                              "（1）（2）两项，在强制性不叫对违规方造成损害时参阅23条。"])
    labels = [p.label for top in provs for p in top.walk()]
    assert labels == ["25B", "25B2", "25B2b", "25B2b1"]
    b1 = provs[0].children[0].children[0].children[0]
    assert b1.penalty and b1.heading == "让第一个叫牌成立"
    # '（1）（2）两项，…' is a sentence about two sub-items, not a marker: it stays text
    assert "两项" in b1.text and owner[9] == "25B2b1"


def test_intro_note_and_sectionless_law():
    provs, _ = build(26, ["当一违规者的叫牌被取消，他用另一个叫牌替代时：", "（A）取消的叫牌关联的特定花色",
                              "取消的叫牌，如果与一个或多个花色有关时：", "（注）虽系重复同一叫牌，含意不同。"])
    assert [p.label for p in provs] == ["26intro", "26A", "26note"]
    assert provs[0].kind == "intro" and provs[2].kind == "note"
    single, _ = build(33, ["与轮到叫牌之赛员同时叫牌，视同接续叫牌。"])
    assert [(p.label, p.kind) for p in single] == [("33", "law")]


def test_a_section_after_a_note_is_the_notes_sibling():
    # 1991 Law 62: '（注）…' printed between （B） and （C）; the sections after it are not part of the note
    provs, owner = build(62, ["（B）藏牌的改正方法", "由违规者收回其错跟牌张。", "（注）如果明手已丧失权利，则须判罚。",
                              "（C）藏牌后的接续跟牌", "1.非违规方接续跟牌", "均可收回。", "（D）第十二墩上的藏牌"])
    assert [(p.label, p.kind) for p in provs] == [("62B", "section"), ("62note", "note"),
                                                  ("62C", "section"), ("62D", "section")]
    assert provs[1].children == [] and provs[1].lines == (3, 3)
    assert [c.label for c in provs[2].children] == ["62C1"] and owner[6] == "62C1"


def test_real_notes_have_no_children(corpus):
    for edition in corpus.editions:
        for law in edition.laws:
            for top in law.provisions:
                for p in top.walk():
                    assert p.kind != "note" or not p.children, (edition.id, p.label)
    law62 = next(law for law in corpus.edition("1991").laws if law.number == 62)
    assert [p.label for p in law62.provisions] == ["62A", "62B", "62note", "62C", "62D"]


def test_an_unpunctuated_marker_line_before_its_text_is_a_heading():
    # 1999 27B2: a heading with a comma in it, then the text on the next line
    provs, owner = build(27, ["（B）不足叫牌不被接受", "依序作出的不足叫牌如未被接受，则必须更正为足够叫牌或不叫",
                              "1.不是约定性叫牌，并且改正为同一定约名目的最低的足够叫牌", "（a）不判罚", "视同未曾发生违例。",
                              "2.约定叫牌，或更改为其他足够的叫牌或不叫", "如该不足叫牌可能为约定性叫牌，则必须永远不叫。",
                              "3.违规者右敌家不叫，违规者必须重叫"])
    b1, b2, b3 = provs[0].children
    assert b1.heading == "不是约定性叫牌，并且改正为同一定约名目的最低的足够叫牌" and b1.text == ""
    assert b2.heading == "约定叫牌，或更改为其他足够的叫牌或不叫"
    assert b2.text == b2.original_text == "如该不足叫牌可能为约定性叫牌，则必须永远不叫。"
    assert b2.text_lines == [7] and b2.own_lines() == [6, 7] and owner[6] == "27B2"
    # a sentence alone on its marker line stays text, even without its full stop
    assert b3.heading == "" and b3.text == "违规者右敌家不叫，违规者必须重叫"
    # the body line of 27B is text, not a heading (it follows the marker line)
    assert provs[0].heading == "不足叫牌不被接受" and provs[0].text.startswith("依序作出")


def test_real_unpunctuated_headings(corpus):
    for edition in ("1991", "1999", "1999-trad"):
        assert corpus.find(edition, "27B1").heading.startswith(("不是约定性叫牌", "不是約定性叫牌"))
    for edition in ("1999", "1999-trad"):
        p = corpus.find(edition, "27B2")
        assert p.heading in ("约定叫牌，或更改为其他足够的叫牌或不叫", "約定叫牌，或更改為其他足夠的叫牌或不叫")
        assert p.text.startswith(("如该不足叫牌", "如該不足叫牌")) and "\n" not in p.text


def test_items_directly_under_a_law():
    provs, _ = build(76, ["1.只看一家牌", "观众应只固定观看一位赛员的牌张。", "2.个人反应", "观众不得有反应。"])
    assert [p.label for p in provs] == ["76.1", "76.2"]


def test_fused_heading_line_keeps_text():
    provs, _ = build(29, ["C．当越序不叫为约定性叫牌时，则不使用本条规则。"])
    assert provs[0].label == "29C" and provs[0].heading == "" and provs[0].text.startswith("当越序")


def test_every_line_has_one_owner():
    texts = ["导言一句，说明本条。", "（A）甲", "正文。", "1.乙", "正文二。", "（a）丙", "正文三。"]
    _, owner = build(9, texts)
    assert sorted(owner) == list(range(1, len(texts) + 1))


def test_real_structure_kinds(corpus):
    e91 = corpus.edition("1991")
    assert corpus.find("1991", "45C4b").heading == "对疏忽指定牌张的改正"
    assert corpus.find("1991", "69note").kind == "note"
    assert corpus.find("1991", "16intro").kind == "intro"
    assert corpus.find("1991", "25B2b1").kind == "subitem"
    assert corpus.find("1991", "24B").penalty
    assert corpus.find("1999", "47E2") is None or corpus.find("1999", "47E2").kind == "item"
    assert corpus.find("1999", "9A2b1").kind == "subitem"
    assert corpus.find("2008", "5B").marker == "(B)"
    assert corpus.find("1999", "5A").marker == "A．"
    labels = [p.label for p in e91.provisions()]
    assert len(labels) == len(set(labels)), "labels are unique within an edition"


@pytest.mark.parametrize("edition, label, heading", [
    ("1999", "6A", "洗牌"), ("1999", "6B", "发牌"), ("2008", "6A", "洗牌"), ("2008", "6B", "发牌"),
    ("1999", "18B", "如何超叫"), ("1999", "19A", "加倍"), ("1999", "19B", "再加倍"),
    ("1999", "40E", "约定卡"), ("1999", "16C2", "违规方"),
    ("1991", "16A1", "该项信息已被传出时"), ("1991", "9A2b", "明手"),
    ("1991", "78B", "国际比赛分（IMP）记分法"),
])
def test_recovered_markers(corpus, edition, label, heading):
    p = corpus.find(edition, label)
    assert p is not None and p.recovered and p.heading == heading
    assert p.marker_line == 0 or edition == "1991"


def test_recovered_sections_take_the_right_paragraphs(corpus):
    assert corpus.find("1999", "6A").text.startswith("比赛开始前")
    assert corpus.find("1999", "6B").text.startswith("发牌时务必牌面向下")
    assert corpus.find("1999", "19A1").heading == "合法的加倍"
    assert corpus.find("1999", "19B1").heading == "合法的再加倍"
    assert corpus.find("1999", "40E1").heading == "制定的权利"
    assert corpus.find("1999", "40D").children == []
    assert corpus.find("1991", "9A2b1").text.startswith("在打牌进行中明手不得举报")
    assert "78B" in {t.label for t in corpus.edition("1991").tables} or \
        corpus.find("1991", "78B").text.startswith("国际比赛分")
