"""The text report of ``results`` in the label language asked (``--lang zh|en|both``, default both),
run through the real command line on the fixtures: ``en`` exactly as the report was before it
had a language, ``zh`` with no English word but the file's names, ids and contracts and the names
of programs, bodies and formulas the sheets also name, ``both`` Chinese headings with the English
beside; in every language each table's columns line up by display width (CJK characters two wide)."""
from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest
from cli_runner import run_cli

FIXTURES = Path(__file__).parent / "fixtures"

#: ``results teams-gbk.pbn`` as it was printed before the report had a language (English)
TEAMS_GBK_EN = [
    '省队选拔赛 — 上海 — 2025.10.01',
    'teams, imps',
    '',
    'Board 1  Dealer N  Vul None',
    '  Room    NS    EW    Contract  By  Tricks  NS+  EW+  IMP NS  IMP EW',
    '  Open    北京  上海  3NT        N      10  430         10.0   -10.0',
    '  Closed  上海  北京  4♠         S       9        50   -10.0    10.0',
    '',
    'Board 2  Dealer E  Vul NS',
    '  Room    NS    EW    Contract  By  Tricks  NS+  EW+  IMP NS  IMP EW',
    '  Open    北京  上海  2♥         E       8       110    -6.0     6.0',
    '  Closed  上海  北京  3♣         N       9  110          6.0    -6.0',
    '',
    'Board 3  Dealer S  Vul EW',
    '  Room    NS    EW    Contract  By  Tricks  NS+  EW+  IMP NS  IMP EW',
    '  Open    北京  上海  1NT        N       7   90          3.0    -3.0',
    '  Closed  上海  北京  Pass                         0    -3.0     3.0',
    '',
    'Matches (VPs: WBF 2013 continuous scale)',
    '  Home  Visit  IMPs     Boards     VP',
    '  北京  上海     13  6       3  14.22  5.78',
    '',
    'Ranking',
    '  Rank  Id    Names                      VP  IMPs  Matches',
    '     1  北京  张三, 李四, 钱九, 王五  14.22     7        1',
    '     2  上海  孙七, 赵六, 周八, 吴十   5.78    -7        1',
    '',
    "The file's own figures: 10 compared, 10 agreeing, rounding: 0, differences: 0",
]

#: ``results session-1.pbn`` as it was printed before the report had a language (English)
SESSION_1_EN = [
    'Spring Pairs Final — Clubhouse — 2026.05.09',
    'pairs, matchpoints 2/1/0',
    'Conventions: centred no (inferred from 9/9 rows, NS + EW = top)',
    '',
    'Board 1  Dealer N  Vul None',
    '  NS  EW  Contract  By  Tricks  NS+  EW+  MP NS  MP EW    % NS    % EW',
    '  1   2   4♠        N       10  420         4.0    0.0  100.00    0.00',
    '  3   4   4♠        N        9        50    0.0    4.0    0.00  100.00',
    '  5   6   3♠        N       10  170         2.0    2.0   50.00   50.00',
    '',
    'Board 2  Dealer E  Vul NS',
    '  NS  EW  Contract  By  Tricks  NS+  EW+  MP NS  MP EW    % NS    % EW',
    '  4   1   3NT       S        9  600         4.0    0.0  100.00    0.00',
    '  6   3   3NT       S        8       100    2.0    2.0   50.00   50.00',
    '  2   5   2♥        E        8       110    0.0    4.0    0.00  100.00',
    '',
    'Board 3  Dealer S  Vul EW',
    '  NS  EW  Contract  By  Tricks  NS+  EW+  MP NS  MP EW    % NS    % EW',
    '  1   6   2♠        W        8       110    0.0    4.0    0.00  100.00',
    '  5   3   3♠        W        8  100         4.0    0.0  100.00    0.00',
    '  2   4   4♥        N        9        50    2.0    2.0   50.00   50.00',
    '',
    'Ranking',
    '  Rank  Id  Names                           MP      %  Boards',
    '    1=  4   Greta Wren - Hugo Yarrow     10.00  83.33       3',
    '    1=  5   Ines Alder - Jonas Birch     10.00  83.33       3',
    '     3  6   Kaori Cedar - Lars Dogwood    8.00  66.67       3',
    '     4  1   Ada Quill - Bruno Rowan       4.00  33.33       3',
    '    5=  2   Chloe Sable - Dmitri Thorne   2.00  16.67       3',
    '    5=  3   Elif Umber - Femi Vesper      2.00  16.67       3',
    '',
    "The file's own figures: 45 compared, 39 agreeing, rounding: 6, differences: 0",
]


def _text(*args: str | Path) -> str:
    done = run_cli("results", *args, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize(("name", "expected"), [("teams-gbk.pbn", TEAMS_GBK_EN), ("session-1.pbn", SESSION_1_EN)])
def test_english_is_the_report_as_it_was(name, expected):
    assert _text(FIXTURES / name, "--lang", "en") == "\n".join(expected) + "\n"


def test_chinese_alone_names_the_boards_seats_and_columns_in_chinese():
    lines = _text(FIXTURES / "teams-gbk.pbn", "--lang", "zh").splitlines()
    assert lines[:4] == ["省队选拔赛 — 上海 — 2025.10.01", "队式赛，国际分（开室与闭室比较）", "",
                         "牌号 1  发牌人 北  局况 双方无局"]
    assert lines[4].split() == ["房间", "南北", "东西", "定约", "庄家", "墩数", "南北得分", "东西得分", "南北国际分",
                                "东西国际分"]
    assert lines[5].split() == ["开室", "北京", "上海", "3NT", "北", "10", "430", "10.0", "-10.0"]
    assert "牌号 2  发牌人 东  局况 南北有局" in lines and "牌号 3  发牌人 南  局况 东西有局" in lines
    passed = next(line for line in lines if line.startswith("  闭室") and "不叫" in line)  # board 3's Pass
    assert passed.split()[:4] == ["闭室", "上海", "北京", "不叫"]
    assert "排名" in lines and "名次" in lines[lines.index("排名") + 1]
    assert lines[lines.index("排名") + 1].split() == ["名次", "队", "姓名", "胜利分", "国际分", "场数"]
    assert lines[-1] == "已与文件原有的 10 个数字核对：10 个一致"


def test_both_puts_the_english_beside_the_chinese():
    lines = _text(FIXTURES / "session-1.pbn").splitlines()  # the default is both, as for the sheets
    assert lines[1:3] == ["双人赛，比赛分制 2/1/0", "pairs, matchpoints 2/1/0"]
    assert lines[3].startswith("计分惯例：比赛分以平均分为零（南北 = −东西）：否，据文件数字推断（9/9 相符）")
    assert lines[4] == "Conventions: centred no (inferred from 9/9 rows, NS + EW = top)"
    at = lines.index("牌号 2  发牌人 东  局况 南北有局  (Board 2  Dealer E  Vul NS)")
    assert lines[at + 1].split() == ["南北", "东西", "定约", "庄家", "墩数", "南北得分", "东西得分", "南北比赛分",
                                     "东西比赛分", "南北百分比", "东西百分比"]
    assert lines[at + 2].split() == ["NS", "EW", "Contract", "By", "Tricks", "NS+", "EW+", "MP", "NS", "MP", "EW",
                                     "%", "NS", "%", "EW"]
    assert lines[at + 3].split() == ["4", "1", "3NT", "S", "9", "600", "4.0", "0.0", "100.00", "0.00"]
    assert "排名  (Ranking)" in lines
    assert lines[-2:] == ["已与文件原有的 45 个数字核对：39 个一致，6 个只差舍入",
                          "The file's own figures: 45 compared, 39 agreeing, rounding: 6, differences: 0"]


def test_several_sessions_in_chinese():
    lines = _text(FIXTURES / "session-1.pbn", FIXTURES / "session-2.xml", "--lang", "zh").splitlines()
    assert lines[0] == "Spring Pairs Final — 共 2 节，前几节成绩带入 100%（默认：每节全部计入）"
    assert lines[1].startswith("  第1节：Spring Pairs Final（") and lines[1].endswith("；双人赛，比赛分制 2/1/0）")
    head = lines[lines.index("总排名") + 1].split()
    assert head == ["名次", "对号", "姓名", "第1节", "第2节", "带入分", "比赛分", "百分比", "牌数"]
    assert sum(line.startswith("=== 第") for line in lines) == 2


# --- no English in Chinese alone -------------------------------------------------------------

#: fixtures without lists of the file's own records (penalties, differences, records not paired,
#: cells kept), which repeat the file's words and are not the report's: pairs and teams, sections,
#: Butler, cross-IMPs with artificial scores, VP scales, point-a-board, rooms, Chinese names
CHINESE_FIXTURES = ("two-sections-across.xml", "teams-pab.xml", "teams-gbk.pbn", "salliere-ximp-artificial.xml",
                    "compscore-butler.xml", "compscore-swiss-teams.xml", "ruter-cross-imps.pbn",
                    "swedish-individual.pbn", "teams-wbf-discrete.xml", "export-latin1.pbn")
#: the names of scoring programs, bodies, formulas and units the sheets' Chinese also prints
PROPER_NAMES = {"neuberg", "butler", "imp", "ruter", "salliere", "acbl", "ebu", "wbf"}
#: a contract as the report prints it (suits as symbols, NT and the doubling in letters)
CONTRACT = re.compile(r"(?<![A-Za-z0-9])[1-7](?:NT|[♠♥♦♣])(?:XX|X)?(?![A-Za-z])")


def _data(doc: dict) -> set[str]:
    """What the file names: the event, its site, the sections, pairs, teams and players as the
    file writes them (not the rooms: the report names them in Chinese), the masterpoint types it
    gives, the artificial scores' markers (from the JSON document of the same results)."""
    found = {doc.get("event"), doc.get("site"), doc.get("date"), *doc.get("sections", [])}
    for board in doc["boards"]:
        found.add(board.get("section"))
        for r in board["results"]:
            found.update((r["ns"], r["ew"], r.get("names_ns"), r.get("names_ew")))
            found.add((r.get("artificial") or {}).get("marker"))
    for e in doc["ranking"]:
        found.update((e["id"], e["names"], (e.get("masterpoints") or {}).get("type")))
    for m in doc["matches"]:
        found.update((m["home"], m["visit"]))
    return {s for s in found if s}


def english_words(text: str, data: set[str]) -> set[str]:
    """The words in ASCII letters left in ``text`` once the contracts, then what the file names
    (longest first), are taken out, and the proper names allowed."""
    text = CONTRACT.sub(" ", text)
    for name in sorted(data, key=len, reverse=True):
        text = text.replace(name, " ")
    return {w for w in re.findall(r"[A-Za-z]+", text) if w.lower() not in PROPER_NAMES}


def test_the_check_finds_english():
    data = {"Badgers", "A1NS"}
    assert english_words("牌号 1  4♠  3NTX  Badgers  A1NS  按 Neuberg 公式折算", data) == set()
    assert english_words("牌号 1  Dealer 北  4S  Badgers", data) == {"Dealer", "S"}
    assert english_words("A1NSX", data) == {"X"}  # an id is taken whole, not a word around it


@pytest.mark.parametrize("name", CHINESE_FIXTURES)
def test_chinese_alone_has_no_english_but_the_files_names(name):
    text = _text(FIXTURES / name, "--lang", "zh")
    doc = json.loads(_text(FIXTURES / name, "--format", "json"))
    assert english_words(text, _data(doc)) == set()
    lettered = {s for s in _data(doc) if re.search("[A-Za-z]", s)}
    assert not lettered or english_words(text, set()), "the file's names in letters are in the report"


# --- the columns line up ---------------------------------------------------------------------

def display_width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _cells(line: str) -> list[tuple[int, int]]:
    """The display spans [start, end) of a line's cells (text separated by two spaces or more)."""
    spans, col, start, blanks = [], 0, None, 0
    for ch in line:
        w = display_width(ch)
        if ch == " ":
            blanks += 1
            if start is not None and blanks == 2:
                spans.append((start, col - 1))
                start = None
        else:
            if start is None:
                start = col
            blanks = 0
        col += w
    if start is not None:
        spans.append((start, col - blanks))
    return spans


def misaligned(table: list[str], header_rows: int) -> list[str]:
    """What is wrong with a table's columns: the gutters are the display columns blank in every row;
    each header cell must sit inside one column between gutters, no two in the same column."""
    size = max(display_width(line) for line in table)
    filled = [False] * size
    for line in table:
        col = 0
        for ch in line:
            for i in range(col, col + display_width(ch)):
                filled[i] = filled[i] or ch != " "
            col += display_width(ch)
    runs, start = [], None
    for i, full in enumerate([*filled, False]):
        if full and start is None:
            start = i
        elif not full and start is not None:
            runs.append((start, i))
            start = None
    wrong = []
    for header in table[:header_rows]:
        owners = [[run for run in runs if run[0] <= a and b <= run[1]] for a, b in _cells(header)]
        if any(len(found) != 1 for found in owners):
            wrong.append(f"a header cell across columns: {header!r}")
        elif len({found[0] for found in owners}) != len(owners):
            wrong.append(f"two header cells in one column: {header!r}")
    return wrong


def tables(text: str) -> list[list[str]]:
    """The tables of a report: the indented blocks whose first row is a header (名次, 房间, 南北,
    轮次, 主队)."""
    found, block = [], []
    for line in [*text.splitlines(), ""]:
        if line.startswith("  ") and not line.startswith("  第"):
            block.append(line)
            continue
        if block and block[0].split()[0] in ("名次", "房间", "南北", "轮次", "主队"):
            found.append(block)
        block = []
    return found


def test_the_alignment_check_finds_a_column_out_of_line():
    good = ["  名次  队    姓名", "  Rank  Id    Names", "     1  北京  张三, 李四"]
    assert misaligned(good, 2) == []
    by_characters = ["  名次  队  姓名", "  Rank  Id    Names", "     1  北京  张三, 李四"]  # padded by len()
    assert misaligned(by_characters, 2)


@pytest.mark.parametrize("lang", ["zh", "both"])
@pytest.mark.parametrize("name", ["teams-gbk.pbn", "teams-pab.xml", "two-sections-across.xml",
                                  "compscore-swiss-teams.xml", "salliere-ximp-artificial.xml"])
def test_every_table_lines_up(name, lang):
    found = tables(_text(FIXTURES / name, "--lang", lang))
    assert len(found) >= 3
    for table in found:
        assert misaligned(table, 1 if lang == "zh" else 2) == []


def test_the_sessions_overall_table_lines_up():
    found = tables(_text(FIXTURES / "session-1.pbn", FIXTURES / "session-2.xml"))
    assert found[0][0].split()[:4] == ["名次", "对号", "姓名", "第1节"]
    assert all(misaligned(table, 2) == [] for table in found)
