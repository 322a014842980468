"""Tables of Laws 2, 77 and 78B rebuilt from the flattened scrape, values exactly as printed."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_ext.corpus import DEFAULT_TEXTS as TEXTS
from rules_ext.corpus.model import Table
from rules_ext.corpus.tables import extract_tables


def numbered(name: str) -> list[tuple[int, str]]:
    return list(enumerate((TEXTS / name).read_text(encoding="utf-8").splitlines(), 1))


F000 = numbered("000_dc6495ac30005e06.txt")
F003 = numbered("003_c880adfac0e140a9.txt")


def between(lines: list[tuple[int, str]], first: str, stop: str, *, skip: int = 0) -> list[tuple[int, str]]:
    """From the (skip+1)-th line starting with ``first`` up to the next line starting with ``stop``."""
    starts = [i for i, (_, t) in enumerate(lines) if t.strip().startswith(first)]
    start = starts[skip]
    end = next(i for i in range(start + 1, len(lines)) if lines[i][1].strip().startswith(stop))
    return lines[start:end]


LAW2_1991 = between(F000, "第2条：牌套", "第3条")
LAW2_1999 = between(F003, "每一复式比赛所用牌套", "每张牌桌均有")  # Law 2 without its heading in 1999
LAW2_2008 = between(F003, "第2条：牌套", "第3条")
LAW77_1991 = between(F000, "（A）墩分", "（A）比赛分（MP）记分法")
LAW78_1991 = between(F000, "（A）比赛分（MP）记分法", "（A）赢墩数的认可")


def tables(edition: str, law: int, lines: list[tuple[int, str]]) -> dict[str, Table]:
    return {t.id: t for t in extract_tables(edition, law, lines)}


def text_at(lines: list[tuple[int, str]], number: int) -> str:
    return dict(lines)[number]


def assert_rectangular(table: Table) -> None:
    assert all(len(row) == len(table.header) for row in table.rows), table.id


def test_law2_1991() -> None:
    t = tables("1991", 2, LAW2_1991)
    assert sorted(t) == ["law2-dealer", "law2-vulnerability"]
    dealer, vul = t["law2-dealer"], t["law2-vulnerability"]
    assert dealer.header == ["发牌人", "牌 套 号 码"]
    assert dealer.rows == [["北 家", "1 5 9 13"], ["东 家", "2 6 10 14"], ["南 家", "3 7 11 15"], ["西 家", "4 8 12 16"]]
    assert vul.header == ["局 况", "牌 套 号 码"]
    assert vul.rows == [["双 无", "1 8 11 14"], ["南 北", "2 5 12 15"], ["东 西", "3 6 9 16"], ["双 有", "4 7 10 13"]]
    assert (dealer.label, vul.label) == ("2", "2")
    assert text_at(LAW2_1991, dealer.lines[0]) == "发牌人"
    assert text_at(LAW2_1991, vul.lines[1]) == "4 7 10 13"
    # the sentence introducing the table and the one after it are not consumed
    assert text_at(LAW2_1991, dealer.lines[0] - 1).endswith("均指定如下：")
    assert text_at(LAW2_1991, vul.lines[1] + 1).startswith("第17副至32副")
    assert any("interleaved" in n for n in dealer.notes)


def test_law2_2008_dealer_column_lost_and_not_invented() -> None:
    t = tables("2008", 2, LAW2_2008)
    dealer, vul = t["law2-dealer"], t["law2-vulnerability"]
    assert dealer.rows == [["", "1 5 9 13"], ["", "2 6 10 14"], ["", "3 7 11 15"], ["", "4 8 12 16"]]
    assert dealer.header == ["", "牌 套 号 码"]
    assert any("dealer column is lost" in n and "not invented" in n for n in dealer.notes)
    assert vul.rows[0] == ["双 无", "1 8 11 14"] and vul.rows[3] == ["双 有", "4 7 10 13"]
    assert dealer.lines == vul.lines
    assert text_at(LAW2_2008, dealer.lines[0]) == "牌 套 号 码 局 况 牌 套 号 码"
    assert text_at(LAW2_2008, dealer.lines[1]) == "4 8 12 16 双 有 4 7 10 13"


def test_law2_1999_body_lost() -> None:
    t = tables("1999", 2, LAW2_1999)
    assert [x.rows for x in t.values()] == [[], []]
    assert all(any("body is lost" in n for n in x.notes) for x in t.values())
    assert t["law2-dealer"].lines[1] + 1 == t["law2-vulnerability"].lines[0]  # the two surviving headers


def test_law77a_trick_score_as_printed() -> None:
    t = tables("1991", 77, LAW77_1991)["law77A-trick-score"]
    assert t.label == "77A" and t.caption == "墩 分"
    assert t.header[1:5] == ["♣", "♦", "♥", "♠"]
    assert [row[0] for row in t.rows] == ["未加倍时", "加倍时", "再加倍时"]
    assert t.rows[0][1:] == ["20", "20", "30", "30", "40", "30"]
    assert t.rows[1][1:5] == ["40", "40", "40", "40"]  # the printed (odd) doubled row, kept as printed
    assert t.rows[2][1:] == ["80", "80", "120", "120", "160", "120"]
    assert_rectangular(t)
    assert any("recovered" in n for n in t.notes) and any("transposed" in n for n in t.notes)
    # the caption line stays a provision heading; the sentence after the table is not consumed
    assert text_at(LAW77_1991, t.lines[0] - 1).startswith("（A）墩分：")
    assert text_at(LAW77_1991, t.lines[1] + 1).startswith("在一副牌上得到100以上的墩分")


def test_law77b_premiums() -> None:
    t = tables("1991", 77, LAW77_1991)["law77B-premiums"]
    assert t.label == "77B" and t.header == ["", "", "无局时", "有局时"]
    assert t.rows[0] == ["满贯奖分", "叫成并打成小满贯（12墩）", "500", "750"]
    assert t.rows[1][2:] == ["1000", "1500"]
    assert t.rows[2] == ["超额赢墩奖分", "未加倍时", "同墩分", "同墩分"]
    assert [r[2:] for r in t.rows[3:5]] == [["100", "200"], ["200", "400"]]
    assert t.rows[5][1:] == ["完成成局的定约，有局时", "", "500"]
    assert t.rows[6][1:] == ["完成成局的定约，无局时", "300", ""]
    assert t.rows[-1][1:] == ["完成再加倍的定约时另加", "100", "100"]
    assert len(t.rows) == 10
    assert_rectangular(t)
    assert text_at(LAW77_1991, t.lines[0] - 1).startswith("（B）奖分")


def test_law77_blocks_as_printed() -> None:
    found = tables("1991", 77, LAW77_1991)
    trick, premiums = found["law77A-trick-score"], found["law77B-premiums"]

    def shown(t, cell):
        return cell if isinstance(cell, str) else (t.header[cell[1]] if cell[0] < 0 else t.rows[cell[0]][cell[1]])

    # 77A: the suit block, then the no-trump block printed transposed (its printed column heads)
    suits, nt = trick.blocks
    assert [shown(trick, c) for c in suits.header][1:] == ["♣", "♦", "♥", "♠"]
    assert nt.header == ["无将定约", "未加倍时", "加倍时", "再加倍"]
    assert [[shown(trick, c) for c in row] for row in nt.rows] == [
        ["叫到和打成的第一个额外墩", "40", "80", "160"], ["以后的每一个额外墩", "30", "60", "120"]]
    # 77B: three blocks under their printed side headings; a one-value row keeps its one value
    assert [b.title for b in premiums.blocks] == ["满贯奖分", "超额赢墩奖分", "完成定约时的成局、不成局奖分"]
    assert premiums.blocks[0].header == ["满贯打成时", "无局时", "有局时"]
    assert premiums.blocks[1].header == ["每一个超额赢墩（超过定约需要的赢墩）", "无局时", "有局时"]
    assert premiums.blocks[2].header == []
    assert [[shown(premiums, c) for c in row] for row in premiums.blocks[2].rows] == [
        ["完成成局的定约，有局时", "500"], ["完成成局的定约，无局时", "300"], ["完成任何不成局定约", "50"],
        ["完成加倍的但未再加倍的定约时另加", "50"], ["完成再加倍的定约时另加", "100"]]
    # every cell of the rebuilt tables is printed in exactly one block (the group column is the titles)
    for t in (trick, premiums):
        used = [c for b in t.blocks for row in b.rows for c in row if not isinstance(c, str)]
        assert len(used) == len(set(used))
        assert {r for r, _ in used} == set(range(len(t.rows)))
    assert found["law77C-undertricks"].blocks == []


def test_law77c_undertricks_fused_cell() -> None:
    t = tables("1991", 77, LAW77_1991)["law77C-undertricks"]
    assert t.label == "77C" and t.caption == "宕墩罚分"
    assert t.header[1:] == ["无局时 未加倍", "无局时 加倍", "无局时 再加倍", "有局时 未加倍", "有局时 加倍", "有局时 再加倍"]
    assert t.rows[0] == ["第一个宕墩", "50", "100", "200", "100", "200", "400"]
    assert t.rows[1] == ["以后的每一个宕墩", "50", "200", "400", "100", "300", "600"]
    assert t.rows[2] == ["从第四个宕墩开始以及以后的每一个宕墩另加", "0", "100", "200", "0", "0", "0"]
    assert any("fused" in n for n in t.notes)
    assert t.lines[1] == LAW77_1991[-1][0]  # runs to the end of the law


def test_law78b_imp_scale_deinterleaved() -> None:
    [t] = extract_tables("1991", 78, LAW78_1991)
    assert (t.id, t.label) == ("law78B-imp", "78B")
    assert t.header == ["分差", "IMP"]
    assert len(t.rows) == 24
    assert [int(r[1]) for r in t.rows] == list(range(1, 25))
    assert t.rows[0] == ["20—40", "1"] and t.rows[12] == ["750—890", "13"] and t.rows[-1] == ["4000（含）以上", "24"]
    assert text_at(LAW78_1991, t.lines[0]) == "分差"
    assert text_at(LAW78_1991, t.lines[1]) == "24"
    assert text_at(LAW78_1991, t.lines[1] + 1).startswith("（C）总分")


def test_other_laws_have_no_tables() -> None:
    assert extract_tables("1991", 3, between(F000, "第3条：安排牌桌", "第4条")) == []


@settings(max_examples=100, deadline=None)
@given(st.sampled_from([2, 77, 78]),
       st.lists(st.text(alphabet=st.sampled_from(list("（A）（B）（C）牌 套号码局况发牌人北东南西家双无有12345—分差IMP。无局时有局时")),
                        max_size=20), max_size=25))
def test_arbitrary_law_text_never_crashes(law: int, texts: list[str]) -> None:
    lines = list(enumerate(texts, 1))
    for table in extract_tables("1991", law, lines):
        assert 1 <= table.lines[0] <= table.lines[1] <= len(texts)
        assert_rectangular(table)
