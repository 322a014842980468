"""Hand records, the ruling form and pickup slips: no blank page, one par notation everywhere, the
form's fields, Chinese line breaking, one slip per table per round, each language entirely its own."""
from __future__ import annotations

import math
import re
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.platypus import PageBreak, Table
from required_tools import require

from rules_ext.cli import main
from rules_ext.core import Contract, Deal, Seat, Strain, Vulnerability
from rules_ext.events import compute_results, read_pbn
from rules_ext.events.dd import Par, solve
from rules_ext.fileio import package_path
from rules_ext.pdf import figures, handrecord
from rules_ext.pdf.figures import (
    CANNOT_START,
    KinsokuParagraph,
    cjk_style,
    par_markup,
    plain,
    reflow,
    text_markup,
)
from rules_ext.pdf.handrecord import (
    board_link,
    check_link,
    event_sheets,
    frequencies,
    makeable_markup,
    write_hand_record,
)
from rules_ext.pdf.layout import RED_HEX, PrintOptions, Styles, frame_size
from rules_ext.pdf.pickup import slips_of_event, slips_of_movement, write_pickup_slips
from rules_ext.pdf.ruling import AUCTION_ROWS, ruling_story, write_ruling_form
from rules_ext.pdf.ruling_record import RulingRecordError, load_ruling, parse_ruling

DATA = Path(__file__).parent / "data"
PAIRS = DATA / "mini-pairs.pbn"
SAMPLE = package_path("rules_ext.events", "samples", "sample-pairs.pbn")
TEAMS = package_path("rules_ext.events", "samples", "sample-teams.pbn")
EXAMPLE = package_path("rules_ext.pdf", "rulings", "example.toml")
#: a real three-section file (outside the repository: tests skip it when it is not there)
REAL_CROSSIMP = Path(__file__).resolve().parents[3] / "shared" / "real-events" / "pbn" / \
    "ruter-se-silver1-crossimp-2011.pbn"
SOLID = "N:AKQ2.AK2.AK2.AK2 JT98.QJT.QJT.QJT 7654.987.987.987 3.6543.6543.6543"


def pages_text(path: Path) -> list[str]:
    """The text of each page as pdftotext reads it (poppler, as a reader's viewer would)."""
    out = subprocess.run([require("pdftotext"), "-enc", "UTF-8", str(path), "-"], check=True,
                         capture_output=True, text=True).stdout
    return out.split("\f")[:-1]


def squeezed(text: str) -> str:
    """Text without any white space: a line wrapped anywhere reads the same."""
    return re.sub(r"\s+", "", text)


def body_of(page: str, *frame: str) -> str:
    """A page's text less its running header and footer (event, date, title, page x / y)."""
    text = page
    for part in frame:
        text = text.replace(part, "")
    return re.sub(r"(页\s*)?(Page\s*)?\d+\s*/\s*\d+", "", text).strip()


@pytest.fixture(scope="module")
def corpus():
    from rules_ext.corpus import load_corpus

    return load_corpus()


@pytest.fixture(scope="module")
def sample():
    event = read_pbn(SAMPLE)
    assert not event.problems
    return event


# -- one par notation --------------------------------------------------------------------------

def test_there_is_one_par_notation():
    """The hand record uses figures.par_markup; no other module of the PDF layer or the results
    report defines its own way of writing a par."""
    assert handrecord.par_markup is figures.par_markup
    root = Path(figures.__file__).parents[1]
    for path in [*(root / "pdf").glob("*.py"), root / "events" / "report.py"]:
        if path.name == "figures.py":
            continue
        source = path.read_text(encoding="utf-8")
        assert not re.search(r"def (\w+_)?par(_\w+)?\(", source), path
        assert ".par.score" not in source and ".par.contracts" not in source, path


def test_par_reads_the_same_on_the_hand_record(tmp_path, sample):
    """Every board's par, as the hand record prints it (pdftotext), is par_markup's text."""
    sheets = event_sheets(sample)
    for lang in ("zh", "en", "both"):
        out = tmp_path / f"h-{lang}.pdf"
        write_hand_record(sample, out, per_page=4, lang=lang)
        text = squeezed("".join(pages_text(out)))
        options = PrintOptions.of("a4", lang)
        for sheet in sheets:
            assert sheet.dd is not None and sheet.dd.par is not None
            expected = plain(par_markup(sheet.dd.par, options))
            assert expected and squeezed(expected) in text, (lang, sheet.number, expected)
        assert "Par:;" not in text and "最优定约:;" not in text


def test_a_par_known_only_by_its_score(tmp_path, capsys):
    """[OptimumScore "NS +90"] (RealBridge) is read, and printed as the score alone."""
    text = SAMPLE.read_text(encoding="utf-8")
    text = text.replace('[OptimumScore "EW 450"]\n[ParContract "EW 4S"]', '[OptimumScore "NS +90"]', 1)
    source = tmp_path / "ns90.pbn"
    source.write_text(text, encoding="utf-8")
    for lang, expected in (("zh", "最优定约：南北 +90"), ("en", "Par: NS +90")):
        out = tmp_path / f"h-{lang}.pdf"
        assert main(["handrecord", str(source), "-o", str(out), "--lang", lang, "--per-page", "4"]) == 0, \
            capsys.readouterr().err
        first = " ".join(pages_text(out)[0].split())
        assert expected in first, first
        assert "Par: ;" not in first and "+90;" not in first
    assert par_markup(Par.from_tags("NS +90", ""), PrintOptions.of("a4", "both")) == "南北 +90 · NS +90"


def test_an_optimum_contract_with_the_tricks_taken(tmp_path, capsys):
    """[OptimumContract "4S N 10"] as Magic Contest and Ruter write it (contract, declarer, tricks
    taken): read as 4S by North making, printed like any par; one going down keeps its result."""
    text = SAMPLE.read_text(encoding="utf-8")
    assert '[ParContract "EW 4S"]' in text
    source = tmp_path / "optimum.pbn"
    source.write_text(text.replace('[ParContract "EW 4S"]', '[OptimumContract "4S E 10"]', 1), encoding="utf-8")
    out = tmp_path / "h.pdf"
    assert main(["handrecord", str(source), "-o", str(out), "--lang", "en", "--per-page", "4"]) == 0, \
        capsys.readouterr().err
    assert "Par: 4♠ E = EW +450" in " ".join(pages_text(out)[0].split())
    assert [str(c) for c in Par.from_tags("NS 420", "4S N 10; 5DX E 9").contracts] == ["4S N", "5DX E -2"]
    with pytest.raises(ValueError, match="cannot read par contract '4S N 14'"):
        Par.from_tags("", "4S N 14")


# -- hand records ------------------------------------------------------------------------------

@pytest.mark.parametrize("per_page", [1, 2, 4, 6, 8])
def test_hand_record_boards_per_page(tmp_path, sample, per_page):
    out = tmp_path / "h.pdf"
    boards = len([b for b in sample.boards if b.deal is not None])
    warned: list[str] = []
    pages_made = write_hand_record(sample, out, per_page=per_page, lang="en", warn=warned.append)
    assert warned == []  # 8 a page too: in the compact form, at 7 pt or larger
    assert pages_made == math.ceil(boards / per_page)
    pages = pages_text(out)
    assert len(pages) == math.ceil(boards / per_page)
    for number, page in enumerate(pages):
        shown = [n for n in range(1, boards + 1) if re.search(rf"Board {n}\b", page)]
        assert shown == list(range(number * per_page + 1, min(boards, (number + 1) * per_page) + 1))
        assert "Makeable" in page and "At the tables" in page


def test_boards_are_scaled_to_fill_their_share_of_the_page(sample):
    """A board fills its cell: as wide as the cell or as tall, never more."""
    options = PrintOptions.of("a4", "both")
    frame_w, frame_h = frame_size(options)
    sheets = event_sheets(sample)[:2]
    styles = Styles(9)
    for per_page in handrecord.PER_PAGE:
        cols, rows = handrecord._grid_of(per_page)
        width, height = frame_w / cols - 12, frame_h / rows - 13
        for sheet in sheets:
            block = handrecord.board_block(sheet, options, styles, width, height)
            if not block.fits:  # not at 7 pt (8 a page): the hand record takes the compact form
                block = handrecord.board_block(sheet, options, styles, width, height, compact=True)
            assert block.fits, (per_page, sheet.number)
            used_h = sum(h for _, h in block.sizes) * block.scale
            used_w = max(w for w, _ in block.sizes) * block.scale
            assert used_h <= height + 0.01 and used_w <= width + 0.01
            assert used_h >= 0.9 * height or used_w >= 0.9 * width or block.scale == handrecord.MAX_SCALE, \
                (per_page, sheet.number, used_w / width, used_h / height)


def test_makeable_contracts_and_frequencies():
    (dd,) = solve([Deal.from_pbn(SOLID)], [(Seat.N, Vulnerability.NONE)])
    assert makeable_markup(dd, PrintOptions.of("a4", "en")) == "NS: 3NT 3♠ 2" \
        f'<font color="{RED_HEX}">♥</font> 2<font color="{RED_HEX}">♦</font> 2♣ · EW: —'
    assert makeable_markup(dd, PrintOptions.of("a4", "zh")).startswith("南北：3无将 3♠")
    event = read_pbn(PAIRS)
    board = event.boards[0]  # 3NT N 10 (430), 2HX S 9 (570 to NS? see file), 4H E 10 (-420)
    counted = [(n, plain(m)) for n, m in frequencies(board.results, PrintOptions.of("a4", "en"))]
    assert [n for n, _ in counted] == [1, 1, 1]
    assert "3NT N +1 = NS +430" in [m for _, m in counted]
    assert "4♥ E = EW +420" in [m for _, m in counted]
    zh = [plain(m) for _, m in frequencies(board.results, PrintOptions.of("a4", "zh"))]
    assert "3无将 北 +1 = 南北 +430" in zh


def test_link_pattern_and_qr_code(tmp_path, capsys):
    assert check_link("https://example.org/{event}/{board}") == "https://example.org/{event}/{board}"
    assert board_link("https://example.org/{event}/{board}", "测试 Pairs", 7) == \
        "https://example.org/%E6%B5%8B%E8%AF%95%20Pairs/7"
    out = tmp_path / "h.pdf"
    assert main(["handrecord", str(PAIRS), "-o", str(out), "--link", "https://x.org/{evnt}/{board}"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown field {evnt}" in err and not out.exists()
    plain_out, qr_out = tmp_path / "plain.pdf", tmp_path / "qr.pdf"
    assert main(["handrecord", str(PAIRS), "-o", str(plain_out), "--per-page", "4"]) == 0
    assert main(["handrecord", str(PAIRS), "-o", str(qr_out), "--per-page", "4",
                 "--link", "https://example.org/{event}/{board}"]) == 0
    # a QR code is drawn as hundreds of filled squares
    stream = PdfReader(qr_out).pages[0].get_contents().get_data().decode("latin-1")
    plain_stream = PdfReader(plain_out).pages[0].get_contents().get_data().decode("latin-1")
    assert stream.count(" re") > plain_stream.count(" re") + 4 * 200


def test_commentary_suits_are_red():
    assert text_markup("西家首攻♥K, then ♦2 & ♠A") == \
        f'西家首攻<font color="{RED_HEX}">♥</font>K, then <font color="{RED_HEX}">♦</font>2 &amp; ♠A'
    assert reflow("东家开叫，\n南家争叫。\nEast opened\n1♥.\n\nNext") == "东家开叫，南家争叫。\nEast opened 1♥.\n\nNext"


# -- Chinese line breaking ---------------------------------------------------------------------

CHINESE = ("东家开叫1♥，南家争叫1♠，西家阻击性加叫3♥（已提醒）。北家明显迟疑（约10秒）后不叫；"
           "东家：“不叫”，南家再叫3♠」，北家加叫4♠、定约打成。East opened 1♥, South overcalled 1♠.")


def _lines(paragraph) -> list[str]:
    out = []
    for line in paragraph.blPara.lines:
        if isinstance(line, tuple):
            out.append(" ".join(line[1]))
        else:
            out.append("".join(getattr(f, "text", "") for f in line.words))
    return out


def test_no_line_starts_with_closing_punctuation():
    style = cjk_style(Styles(10).body)
    # a line of nothing but closing marks (the last line ``）。``) is hung on the line before too
    closing = "错字：“达到”应为“到达”（裁判长到达）。"
    for markup in (CHINESE, text_markup(CHINESE), closing, text_markup("♥" + closing)):
        for width in range(40, 420, 1):
            paragraph = KinsokuParagraph(markup, style)
            paragraph.wrap(width, 1e6)
            lines = _lines(paragraph)
            assert "".join(lines).replace(" ", "") == plain(markup).replace(" ", "")
            for line in lines[1:]:
                assert line[:1] not in CANNOT_START, (width, lines)


def test_the_ruling_form_breaks_chinese_lines_properly(tmp_path, corpus):
    out = tmp_path / "zh.pdf"
    write_ruling_form(load_ruling(EXAMPLE), out, lang="zh", corpus=corpus)
    for page in pages_text(out):
        for line in page.splitlines():
            assert not line or line[0] not in "，。、；：！？）」』】》", line


# -- the ruling form ---------------------------------------------------------------------------

def test_the_form_has_the_new_fields(tmp_path, corpus):
    record = load_ruling(EXAMPLE)
    assert record.result is not None and record.result.score_ns == 420 and record.result.lead == "HT"
    assert [seat.name for seat, _ in record.statements] == ["N", "E", "S"]
    assert record.ruling_time == "16:05" and record.appeal_deadline == "2026-11-21 16:35"
    assert record.consulted and record.polled and record.appeal and record.appeal.chair == "赵敏 Zhao Min"
    out = tmp_path / "rf.pdf"
    write_ruling_form(record, out, corpus=corpus)
    text = " ".join(" ".join(pages_text(out)).split())
    for expected in ("桌上结果 Result at the table", "首攻 Lead", "♥10", "420", "牌手陈述 Players' statements",
                     "I was thinking about bidding 3♠", "咨询 Consulted", "王强 Wang Qiang", "调查 Polled",
                     "two passed, one bid 3♠", "裁决时间 Time of ruling", "16:05", "申诉期限 Appeal deadline",
                     "2026-11-21 16:35", "裁判长签名 Director's signature", "主席签名 Chair's signature",
                     "赵敏 Zhao Min"):
        assert expected in text, expected
    blank = tmp_path / "blank.pdf"
    write_ruling_form(None, blank)
    text = " ".join(" ".join(pages_text(blank)).split())
    for label in ("桌上结果 Result at the table", "定约 Contract", "庄家 By", "首攻 Lead", "墩数 Tricks",
                  "牌手陈述 Players' statements", "咨询 Consulted / 调查 Polled", "裁决时间 Time of ruling",
                  "申诉期限 Appeal deadline", "主席签名 Chair's signature", "事实 Facts"):
        assert label in text, label


def test_text_sizes_of_the_ruling_form(tmp_path, corpus):
    """Labels at 8 pt or more, the law text at 9 pt or more."""
    from rules_ext.pdf.ruling import _styles

    styles = _styles()
    assert styles.quote.fontSize >= 9 and styles.body.fontSize >= 9 and styles.small.fontSize >= 8
    for record in (load_ruling(EXAMPLE), None):
        out = tmp_path / "f.pdf"
        write_ruling_form(record, out, corpus=corpus)
        for page in PdfReader(out).pages:
            stream = page.get_contents().get_data().decode("latin-1")
            sizes = [float(s) for s in re.findall(r"/F[\w+]+ ([\d.]+) Tf", stream)]
            assert sizes and min(sizes) >= 8, sorted(set(sizes))[:3]


@pytest.mark.parametrize("lang", ["both", "zh", "en"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_blank_form_pages_are_full(tmp_path, lang, paper):
    """The blank form: three pages, each filled to its foot (no half-empty page, nothing pushed
    onto a fourth), with a 12-row auction and lined boxes to write in."""
    options = PrintOptions.of(paper, lang)
    story = ruling_story(None, options)
    width, height = frame_size(options)
    pages: list[list] = [[]]
    for flowable in story:
        if isinstance(flowable, PageBreak):
            pages.append([])
        else:
            pages[-1].append(flowable)
    assert len(pages) == 3
    for page in pages:
        used = sum(f.wrap(width, height)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in page)
        assert height - 12 <= used <= height, (lang, paper, used, height)
    auction = next(t for f in pages[0] if isinstance(f, Table) for row in f._cellvalues for cell in row
                   if isinstance(cell, (list, tuple)) for t in cell if isinstance(t, Table))
    assert len(auction._cellvalues) - 1 >= AUCTION_ROWS >= 12
    out = tmp_path / "blank.pdf"
    assert write_ruling_form(None, out, paper=paper, lang=lang) == 3


def test_bad_new_fields_are_one_line_naming_file_and_line(tmp_path, capsys):
    cases = [
        ("event = 'E'\nboard = 3\nconsulted = ['a', 3]\n", "bad.toml:3: consulted[2]: 3 is not text"),
        ("event = 'E'\nboard = 3\npolled = ['x']\n", "bad.toml:3: polled: ['x'] is not text"),
        ("event = 'E'\nboard = 3\nruling_time = 1605.5\nappeal_deadline = [1]\n",
         "bad.toml:4: appeal_deadline: [1] is not text"),
        ("event = 'E'\nboard = 3\n[result]\ncontract = '4S'\ndeclarer = 'N'\ntricks = 10\nscore = 400\n",
         "bad.toml:7: result.score: +400 is not the score of 4S by N taking 10 (North-South +420"),
        ("event = 'E'\nboard = 3\n[result]\ncontract = '4S'\nlead = 'ZZ'\n", "bad.toml:5: result.lead: cannot read card"),
        ("event = 'E'\nboard = 3\n[result]\ntricks = '10'\n", "bad.toml:4: result.tricks: '10' tricks is impossible"),
        ("event = 'E'\nboard = 3\n[statements]\nQ = 'x'\n", "bad.toml:4: statements.Q: cannot read seat"),
        ("event = 'E'\nboard = 3\nstatements = 'x'\n", "bad.toml:3: statements: expected a table"),
        ("event = 'E'\nboard = 3\n[appeal]\nchair = ['x']\n", "bad.toml:4: appeal.chair: ['x'] is not text"),
        ("event = 'E'\nboard = 3\n[appeal]\nchairman = 'x'\n", "bad.toml:4: appeal.chairman: unknown field"),
    ]
    for text, message in cases:
        with pytest.raises(RulingRecordError) as caught:
            parse_ruling(text, source="bad.toml")
        assert str(caught.value).startswith(message), (str(caught.value), message)
        bad = tmp_path / "bad.toml"
        bad.write_text(text, encoding="utf-8")
        out = tmp_path / "form.pdf"
        assert main(["ruling", str(bad), "-o", str(out)]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"{bad}:" in err and not out.exists()


def test_a_result_without_score_is_computed_and_a_blank_record_has_no_result():
    record = parse_ruling("event = 'E'\nboard = 2\n[result]\ncontract = '3NTX'\ndeclarer = 'E'\ntricks = 7\n")
    assert record.result is not None and record.result.score_ns == 300  # EW not vulnerable: 3NTX-2
    assert parse_ruling("event = 'E'\nboard = 2\n").result is None


# -- pickup slips ------------------------------------------------------------------------------

def test_pickup_slips_from_the_size_of_a_movement(tmp_path, capsys):
    out = tmp_path / "slips.pdf"
    assert main(["pickup", "-o", str(out), "--tables", "3", "--rounds", "4", "--boards-per-round", "2",
                 "--lang", "en"]) == 0, capsys.readouterr().err
    text = "".join(pages_text(out))
    assert text.count("NS signature") == 3 * 4 == text.count("EW signature")
    assert len(slips_of_movement(7, 5, 3)) == 35
    for args, message in ((["--tables", "3"], "give --tables, --rounds and --boards-per-round together"),
                          (["--tables", "0", "--rounds", "2", "--boards-per-round", "2"], "--tables 0"),
                          ([], "give a results file or the movement's size")):
        bad = tmp_path / "bad.pdf"
        assert main(["pickup", "-o", str(bad), *args]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and message in err and not bad.exists()


def test_pickup_slips_from_the_movement_in_the_file(tmp_path, sample, capsys):
    played = {(r.round, r.table) for b in sample.boards for r in b.results if not r.not_played}
    slips = slips_of_event(sample)
    assert len(slips) == len(played) == 10 * 9  # a 10-table, 9-round Mitchell
    first = slips[0]
    assert (first.round, first.table, first.ns, first.ew, first.boards) == ("1", "1", "1", "11", (1, 2))
    out = tmp_path / "slips.pdf"
    assert main(["pickup", str(SAMPLE), "-o", str(out)]) == 0, capsys.readouterr().err
    pages = pages_text(out)
    assert "".join(pages).count("南北签名") == 90
    for page in pages:  # no blank page, and a slip is never cut across two pages
        assert page.count("南北签名") == page.count("东西签名") == page.count("轮次") > 0
    teams = read_pbn(TEAMS)
    rooms = {(r.round, r.table, r.room) for b in teams.boards for r in b.results}
    assert len(slips_of_event(teams)) == len(rooms)


def test_room_less_teams_slips_name_their_room_on_a_line_of_its_own(tmp_path, capsys):
    """RealBridge writes no Room tag: each slip's room is the one its match's records show (the
    open room: the home team North-South), printed small on its own line under the event; the
    table's number stands alone in the large type of the seats row."""
    source = Path(__file__).parents[1] / "events" / "fixtures" / "realbridge-teams.pbn"
    event = read_pbn(source)
    slips = slips_of_event(event)
    played = [r for b in event.boards for r in b.results if not r.not_played]
    # one slip a room, even where both rooms of a match carry one table number (never merged)
    rooms_played = {(r.table, "Open" if r.ns == r.home else "Closed"): (r.ns, r.ew) for r in played}
    assert {(s.table, s.room): (s.ns, s.ew) for s in slips} == rooms_played
    assert len(slips) == len(rooms_played) and {s.room for s in slips} == {"Open", "Closed"}
    out = tmp_path / "slips.pdf"
    assert main(["pickup", str(source), "-o", str(out)]) == 0, capsys.readouterr().err
    lines = [line.strip() for line in "\n".join(pages_text(out)).splitlines()]
    rooms = [line for line in lines if line.startswith("房间 Room:")]
    assert rooms == [f"房间 Room: {'开室（主队坐南北） Open room (home team NS)' if s.room == 'Open' else '闭室（客队坐南北） Closed room (visitors NS)'}"
                     for s in slips]
    assert not [line for line in lines if "·" in line or "开室 Open" in line]  # nothing merged into the table cell
    tables = [line for line in lines if re.fullmatch(r"\d+", line)]
    assert all(s.table in tables for s in slips)


def sections_event(section_column: bool = True) -> str:
    """An invented two-section pairs event (sections A and B, tables 1 and 2 in each, one round of
    boards 1 and 2): the tables of the same number in the two sections are different tables. Without
    ``section_column`` the same rows without their Section cells."""
    rows = {1: [("A", "1", "1", "11", "4S N 10 420"), ("A", "2", "2", "12", "4S N 9 -50"),
                ("B", "1", "21", "31", "3N S 9 400"), ("B", "2", "22", "32", "4S N 11 450")],
            2: [("A", "1", "1", "11", "2H E 8 -110"), ("A", "2", "2", "12", "2H E 9 -140"),
                ("B", "1", "21", "31", "1N N 7 90"), ("B", "2", "22", "32", "2H E 8 -110")]}
    games = []
    for number, board_rows in rows.items():
        columns = "Table;Round;PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"
        body = "\n".join((f'"{s}" ' if section_column else "") + f"{t} 1 {ns} {ew} {result}"
                         for s, t, ns, ew, result in board_rows)
        games.append(f'[Event "测试赛"][Board "{number}"][Dealer "{"N" if number == 1 else "E"}"]'
                     f'[Vulnerable "{"None" if number == 1 else "NS"}"][Scoring "MP;MP1"]\n'
                     f'[ScoreTable "{"Section;" if section_column else ""}{columns}"]\n{body}\n')
    return "\n".join(games)


def test_sections_keep_their_tables_apart(tmp_path, capsys):
    """Table 1 of section A and table 1 of section B are two slips, each naming its section (分区),
    never one slip for "1 / 21"; the travellers label each row by section and table; the results
    and rankings are those of the same rows without the Section column."""
    source = tmp_path / "sections.pbn"
    source.write_text(sections_event(), encoding="utf-8")
    event = read_pbn(source)
    assert {(r.section, r.table) for b in event.boards for r in b.results} == {
        ("A", "1"), ("A", "2"), ("B", "1"), ("B", "2")}
    slips = slips_of_event(event)
    assert [(s.round, s.section, s.table, s.ns, s.ew, s.boards) for s in slips] == [
        ("1", "A", "1", "1", "11", (1, 2)), ("1", "A", "2", "2", "12", (1, 2)),
        ("1", "B", "1", "21", "31", (1, 2)), ("1", "B", "2", "22", "32", (1, 2))]
    out = tmp_path / "slips.pdf"
    assert main(["pickup", str(source), "-o", str(out), "--lang", "zh"]) == 0, capsys.readouterr().err
    text = "\n".join(pages_text(out))
    lines = [line.strip() for line in text.splitlines()]
    assert text.count("南北签名") == 4 and text.count("分区") == 4
    assert lines.count("A") == 2 and lines.count("B") == 2  # each slip's section in its seats row
    assert " / " not in text  # no slip names two pairs for one seat
    travellers = tmp_path / "travellers.pdf"
    assert main(["travellers", str(source), "-o", str(travellers), "--lang", "zh"]) == 0, capsys.readouterr().err
    rows = [line.strip() for line in "\n".join(pages_text(travellers)).splitlines()]
    assert "分区-桌号" in rows and {"A-1", "A-2", "B-1", "B-2"} <= set(rows)
    plain = read_pbn(sections_event(section_column=False))
    assert not any(r.section for b in plain.boards for r in b.results)
    ours, theirs = compute_results(event), compute_results(plain)
    assert [[(e.rank, e.id, e.total) for e in ranking.entries] for ranking in ours.rankings] == \
        [[(e.rank, e.id, e.total) for e in ranking.entries] for ranking in theirs.rankings]
    assert [[(ln.result.ns, ln.mp_ns, ln.mp_ew) for ln in b.lines] for b in ours.boards] == \
        [[(ln.result.ns, ln.mp_ns, ln.mp_ew) for ln in b.lines] for b in theirs.boards]


def test_a_games_section_tag_is_its_section():
    """One game per table (PBN's Section tag): the result keeps its section, as a row's Section cell."""
    game = ('[Event "测试赛"][Section "B"][Table "3"][Round "2"][Board "1"][Dealer "N"][Vulnerable "None"]'
            '[North "甲"][South "乙"][East "丙"][West "丁"][Contract "4S"][Declarer "N"][Result "10"]\n')
    (result,) = read_pbn(game).boards[0].results
    assert (result.section, result.table, result.round, result.score_ns) == ("B", "3", "2", 420)


@pytest.mark.skipif(not REAL_CROSSIMP.is_file(), reason="../shared/real-events/ is not there (real files stay "
                    "outside the repository)")
def test_real_three_section_event_has_a_slip_per_section_table():
    """Ruter's cross-IMP file (sections N, M and O, tables numbered from 1 in each): one slip per
    round, section and table, each with one NS and one EW pair (never "460 / 560 / 660")."""
    event = read_pbn(REAL_CROSSIMP)
    played = {(r.round, r.section, r.table) for b in event.boards for r in b.results if not r.not_played}
    slips = slips_of_event(event)
    assert {s.section for s in slips} == {"N", "M", "O"}
    assert [(s.round, s.section, s.table) for s in slips] == sorted(played, key=lambda k: (
        int(k[0]), k[1], int(k[2])))
    assert not [s for s in slips if "/" in s.ns or "/" in s.ew]


def test_pickup_needs_a_movement(tmp_path, capsys):
    out = tmp_path / "slips.pdf"
    assert main(["pickup", str(PAIRS), "-o", str(out)]) == 1  # no Table or Round columns
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "mini-pairs.pbn:" in err and "--tables N --rounds R" in err
    assert not out.exists()
    with pytest.raises(ValueError, match="no slips"):
        write_pickup_slips([], out)


# -- no blank page, each language entirely its own ------------------------------------------------

@pytest.mark.parametrize("lang", ["zh", "en", "both"])
def test_no_page_is_blank(tmp_path, sample, corpus, lang):
    sheets = {
        "hands-1": lambda p: write_hand_record(sample, p, per_page=1, lang=lang),
        "hands-8": lambda p: write_hand_record(sample, p, per_page=8, lang=lang),
        "ruling": lambda p: write_ruling_form(load_ruling(EXAMPLE), p, lang=lang, corpus=corpus),
        "ruling-blank": lambda p: write_ruling_form(None, p, lang=lang),
        "pickup": lambda p: write_pickup_slips(slips_of_movement(5, 3, 3), p, event=sample.name,
                                               date=sample.date, lang=lang),
    }
    for name, write in sheets.items():
        out = tmp_path / f"{name}.pdf"
        write(out)
        pages = pages_text(out)
        assert len(pages) == len(PdfReader(out).pages)
        for number, page in enumerate(pages, start=1):
            body = body_of(page, sample.name, sample.date, "裁判裁决记录", "Director's ruling form",
                           "牌例记录", "Hand records", "桌面记分条", "Pickup slip", "2026 秋季公开双人赛",
                           "Autumn Open Pairs", "2026-11-21")
            assert len(body) > 20, (name, number, page)


LATIN_LABELS = re.compile(r"\b(NS|EW|NT|Board|Dealer|Par|Pass|Round|Table|Contract|Lead|Makeable|"
                          r"Signature|None|North|South|East|West)\b")


def test_chinese_sheets_are_entirely_chinese(tmp_path, sample, corpus):
    hands, slips, form = tmp_path / "h.pdf", tmp_path / "p.pdf", tmp_path / "r.pdf"
    write_hand_record(sample, hands, per_page=4, lang="zh")
    write_pickup_slips(slips_of_event(sample), slips, event=sample.name, lang="zh")
    write_ruling_form(None, form, lang="zh")
    for path in (hands, slips, form):
        for page in pages_text(path):
            body = page.replace(sample.name, "")
            assert not LATIN_LABELS.search(body), (path.name, LATIN_LABELS.search(body), body[:300])
    text = "".join(pages_text(hands))
    assert "无将" in text and "南北" in text and "东西" in text


def test_english_sheets_are_entirely_english(tmp_path, sample):
    hands, slips, form = tmp_path / "h.pdf", tmp_path / "p.pdf", tmp_path / "r.pdf"
    write_hand_record(sample, hands, per_page=4, lang="en")
    write_pickup_slips(slips_of_event(sample), slips, event=sample.name, lang="en")
    write_ruling_form(None, form, lang="en")
    for path in (hands, slips, form):
        for page in pages_text(path):
            body = page.replace(sample.name, "")
            assert not re.search(r"[\u4e00-\u9fff]", body), (path.name, body[:300])


def test_bilingual_labels_wrap_as_units():
    """A label too wide for its cell breaks between its Chinese and its English, not inside them."""
    from rules_ext.pdf.figures import UnitLabel, label_para

    style = Styles(10).small
    label = UnitLabel("申诉期限", "Appeal deadline", style)
    label.wrap(1000, 1e6)
    assert _lines(label) == ["申诉期限 Appeal deadline"]
    label.wrap(70, 1e6)
    assert [line.strip() for line in _lines(label)] == ["申诉期限", "Appeal deadline"]
    assert isinstance(label_para(PrintOptions.of("a4", "both"), "appeal_deadline", style), UnitLabel)
    assert not isinstance(label_para(PrintOptions.of("a4", "zh"), "appeal_deadline", style), UnitLabel)


def test_the_form_shows_double_dummy_and_ruling_warns_far_from_it(tmp_path):
    # an assigned result is checked against the cards (the hand records' solver)
    from dataclasses import replace

    from rules_ext.pdf.ruling import dd_warnings, double_dummy
    from rules_ext.pdf.ruling_record import WeightedResult, load_ruling

    record = load_ruling(package_path("rules_ext.pdf", "rulings") / "example.toml")
    dd = double_dummy(record)
    assert dd is not None and dd.get(Seat.E, Strain.H) == 6     # East takes 6 tricks in hearts
    assert dd_warnings(record, dd) == []                         # the sample's 7 tricks: one away
    three_made = replace(record.adjustment, results=(WeightedResult(Contract.parse("3HE"), 9),))
    warnings = dd_warnings(replace(record, adjustment=three_made), dd)
    assert len(warnings) == 1 and "9 tricks" in warnings[0] and "takes 6" in warnings[0]
    out = tmp_path / "form.pdf"
    assert main(["ruling", str(package_path("rules_ext.pdf", "rulings") / "example.toml"), "-o", str(out)]) == 0
    text = "".join(page.extract_text() for page in PdfReader(out).pages)
    assert "双明手墩数" in text and "12C2" in text
