"""What a player opens first on a published event, read back from the pages (no browser: the
browser checks are test_publish_phone.py): the board as it was bid and played, how often each
result came up, a pair's card round by round with its running total, a team's card once a board,
the scoring said in one plain sentence with the director's check folded under it, the pages named
for what they are, the rulings checked against the event and their adjusted scores on the
traveller, the folder ready to upload (the cited provisions inside it, a favicon, no address of
the machine it was made on).

Expected figures are worked out here from the files (the sample session's board 14 by hand, the
fixtures' own Result and Play tags), not read from the pages' code.
"""
from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from cli_runner import run_cli
from test_publish import links, text_of

from rules_ext.events import read_pbn
from rules_ext.fileio import package_path

PAIRS = package_path("rules_ext.events", "samples", "sample-pairs.pbn")
TEAMS = package_path("rules_ext.events", "samples", "sample-teams.pbn")
RULING = package_path("rules_ext.events", "samples", "sample-pairs-rulings", "board-14.toml")
OTHER_RULING = package_path("rules_ext.pdf", "rulings", "example.toml")
FIXTURES = Path(__file__).parent / "fixtures"
PLAYED = FIXTURES / "played-teams.pbn"
EVENT_FIXTURES = Path(__file__).parents[1] / "events" / "fixtures"
REAL = Path(__file__).resolve().parents[3] / "shared" / "real-events"


def publish(tmp_path: Path, event: Path, *options: object, name: str = "out") -> Path:
    out = tmp_path / name
    done = run_cli("publish", event, "-o", out, "--no-pdf", *options, text=True)
    assert done.returncode == 0, done.stderr
    return out


def page(folder: Path, path: str) -> str:
    return (folder / path).read_text(encoding="utf-8")


def row(html: str, anchor: str) -> str:
    """The traveller row with the id ``anchor``."""
    return re.search(rf'<tr id="{anchor}".*?</tr>', html, flags=re.S)[0]


@pytest.fixture(scope="module")
def ruled(tmp_path_factory) -> Path:
    """The sample pairs session with its ruling, published without the rulebook's address."""
    rulings = tmp_path_factory.mktemp("rulings")
    shutil.copy(RULING, rulings / "board-14.toml")
    return publish(tmp_path_factory.mktemp("ruled"), PAIRS, "--rulings", rulings)


# -- rulings that belong to the event ---------------------------------------------------------------

def test_the_rulings_adjusted_score_is_on_the_traveller_and_in_the_figures(ruled):
    """Board 14 was played 9 times: NS +400 four times, +420 three times, +450 and -50 once each.
    The ruling makes table 4's +420 (4♠ by North) +170 (3♠ by North, ten tricks): that beats only
    the -50, so 2 matchpoints of 16 for North-South (12.50 %) and 14 for East-West."""
    board = page(ruled, "boards/14.html")
    adjusted = row(board, "t-4-11")
    assert 'class="adjusted"' in adjusted
    cells = text_of(adjusted)
    assert "3♠ 北 +1" in cells and "+170" in cells
    assert "调整分 · 见裁决 1" in cells and "桌上原为 4♠ 北" in cells
    assert re.findall(r'<td class="num">([\d.]+)</td>', adjusted) == ["2.00", "14.00", "12.50"]
    assert '../rulings/1.html' in links(adjusted).hrefs
    # the other tables of the board are scored against +170 now: each +400 beats it too
    assert re.findall(r'<td class="num">([\d.]+)</td>', row(board, "t-5-13")) == ["7.00", "9.00", "43.75"]
    # North-South 4's card has the adjusted board, marked
    card = page(ruled, "pairs/4.html")
    line = re.search(r'<tr class="adjusted">.*?</tr>', card, flags=re.S)[0]
    assert "boards/14.html#t-4-11" in line and "2.00" in line and "调整分" in line
    # the ruling says it is in the figures, and links its table on the board
    ruling = page(ruled, "rulings/1.html")
    assert "调整分已计入本副牌的成绩" in text_of(ruling) and "../boards/14.html#t-4-11" in links(ruling).hrefs
    # and the corrections list on the ranking says so in Chinese
    index = text_of(page(ruled, "index.html"))
    assert "裁判长的更正（1）" in index and "牌号 14 · 桌号 4 · 南北 4 对 东西 11" in index
    assert "见裁决 1" in index and " by N" not in index


def test_a_record_of_another_board_deal_is_refused_in_one_line(tmp_path):
    rulings = tmp_path / "rulings"
    rulings.mkdir()
    shutil.copy(OTHER_RULING, rulings / "other.toml")  # board 14 of another session: another deal
    out = tmp_path / "out"
    done = run_cli("publish", PAIRS, "-o", out, "--no-pdf", "--rulings", rulings, text=True)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    line_of_deal = next(i for i, text in enumerate(OTHER_RULING.read_text(encoding="utf-8").splitlines(), start=1)
                        if text.startswith("deal ="))
    message = done.stderr.strip()
    assert len(message.splitlines()) == 1
    assert f"other.toml:{line_of_deal}: deal: not the deal of board 14" in message
    assert "--mismatched-rulings warn" in message
    assert not out.exists()


def test_a_record_whose_pairs_did_not_sit_at_its_table_is_refused(tmp_path):
    """Table 7 played board 14 in round 1, North-South 7 against East-West 17 (the file's row)."""
    rulings = tmp_path / "rulings"
    rulings.mkdir()
    text = RULING.read_text(encoding="utf-8").replace('table = "4"', 'table = "7"')
    (rulings / "board-14.toml").write_text(text, encoding="utf-8")
    done = run_cli("publish", PAIRS, "-o", tmp_path / "out", "--no-pdf", "--rulings", rulings, text=True)
    assert done.returncode == 1
    line_of_round = next(i for i, t in enumerate(text.splitlines(), start=1) if t.startswith("round ="))
    assert (f"board-14.toml:{line_of_round}: round: board 14, table 7: round 1, NS 7, EW 17 played there, the "
            "record says round 4, NS 4, EW 11") in done.stderr


def test_a_mismatched_record_may_be_published_with_a_warning_and_scores_nothing(tmp_path):
    rulings = tmp_path / "rulings"
    rulings.mkdir()
    shutil.copy(OTHER_RULING, rulings / "other.toml")
    out = publish(tmp_path, PAIRS, "--rulings", rulings, "--mismatched-rulings", "warn", "--script", "hans")
    ruling = page(out, "rulings/1.html")
    assert 'role="alert"' in ruling and "此裁决记录与本赛事的记录不符，未计入成绩。" in text_of(ruling)
    assert "deal: not the deal of board 14" in ruling
    board = page(out, "boards/14.html")
    assert 'class="adjusted"' not in board and "此裁决记录与本赛事的记录不符" in text_of(board)
    assert "裁判长的更正" not in text_of(page(out, "index.html"))


# -- ready to upload ---------------------------------------------------------------------------------

def test_without_an_address_the_cited_provisions_are_copied_into_the_folder(ruled):
    for script in ("", "hant/"):
        ruling = page(ruled, f"{script}rulings/1.html")
        assert "../laws/1999-16A.html" in links(ruling).hrefs and "../laws/1999-12C2.html" in links(ruling).hrefs
        copy = text_of(page(ruled, f"{script}laws/1999-16A.html"))
        assert ("1999年版 第16条A款" if not script else "1999年版 第16條A款") in copy
        assert "../rulings/1.html" in links(page(ruled, f"{script}laws/1999-16A.html")).hrefs
    # the copy quotes what the ruling quotes
    ruling_quote = re.search(r"<blockquote>(.*?)</blockquote>", page(ruled, "rulings/1.html"), flags=re.S)[1]
    assert text_of(ruling_quote).strip() in text_of(page(ruled, "laws/1999-16A.html"))
    for path in ruled.rglob("*.html"):  # nothing points outside the folder
        assert not [h for h in links(path.read_text(encoding="utf-8")).hrefs if "://" in h or h.startswith("/")], path


@pytest.mark.parametrize("address", ["../build/html", "build/html/", "rules.example.org", "../"])
def test_a_rulebook_that_is_not_an_address_is_refused(tmp_path, address):
    """A relative path that does not lead up to a site's folder holding the pages (``../`` leads to
    a folder without a site) would point outside the folder once it is uploaded."""
    out = tmp_path / "out"
    done = run_cli("publish", PAIRS, "-o", out, "--rulebook", address, "--no-pdf", text=True)
    assert done.returncode == 1
    assert f"--rulebook {address!r}: not an address" in done.stderr and "Traceback" not in done.stderr
    assert not out.exists()


def test_a_folder_inside_the_rulebook_site_links_it_by_a_relative_path(tmp_path):
    """``make events``: the event's folder is inside the built site (``build/html/events/NAME``),
    uploaded with it; ``../../`` leads there."""
    site = tmp_path / "html"
    (site / "events").mkdir(parents=True)
    (site / "index.html").write_text("<p>规则</p>", encoding="utf-8")
    rulings = tmp_path / "rulings"
    rulings.mkdir()
    shutil.copy(RULING, rulings / "board-14.toml")
    out = publish(site / "events", PAIRS, "--rulings", rulings, "--rulebook", "../../", "--script", "hans", name="thursday")
    assert "../../../1999/law-16.html#16A" in links(page(out, "rulings/1.html")).hrefs
    assert not (out / "laws").exists()


def test_the_favicon_script_and_stylesheet_are_beside_the_pages(ruled):
    for name in ("favicon.svg", "events.js", "events.css"):
        assert (ruled / name).stat().st_size > 200
    assert (ruled / "favicon.svg").read_text(encoding="utf-8").startswith("<svg")
    assert '<link rel="icon" href="favicon.svg" type="image/svg+xml">' in page(ruled, "index.html")
    assert '<link rel="icon" href="../favicon.svg" type="image/svg+xml">' in page(ruled, "boards/1.html")
    assert '<script src="../events.js" defer></script>' in page(ruled, "hant/boards/1.html")  # 繁體: its own root
    assert (ruled / "hant" / "events.js").is_file()


def test_with_both_languages_no_label_breaks_an_attribute(tmp_path):
    """``--lang both`` glosses each label in English (``<span lang="en">``): an attribute takes the
    plain words, so nothing of its markup shows (``Double-dummy tricks">``) on the page."""
    out = publish(tmp_path, PAIRS, "--lang", "both", "--script", "hans")
    for path in [out / "boards" / "1.html", out / "index.html"]:
        html = path.read_text(encoding="utf-8")
        for value in re.findall(r'(?:aria-label|title|placeholder)="([^"]*)"', html):
            assert "<" not in value and ">" not in value, (path, value)
        assert '">' not in text_of(html) and "Double-dummy tricks\"" not in text_of(html)
    assert 'aria-label="双明手赢墩"' in page(out, "boards/1.html")


# -- the board as it happened ---------------------------------------------------------------------------

def test_the_auction_and_the_play_as_the_file_records_them(tmp_path):
    """The fixture's Open room plays out all 13 tricks of board 1 (declarer's side takes 7: its
    Result), the Closed room's record stops after 9 (Result 11: the rest claimed); West leads the
    ♥8 to the first trick, North plays the ♥K, East the ♥J and South the ♥A, which wins it."""
    out = publish(tmp_path, PLAYED, "--script", "hans")
    board = page(out, "boards/1.html")
    plays = re.findall(r'<details class="table-play".*?</details>', board, flags=re.S)
    assert len(plays) == 2
    open_room, closed_room = plays
    assert "开室" in text_of(open_room) and "闭室" in text_of(closed_room)
    # the auction: West, North, East, South; the 1♦ carries its note
    assert re.search(r'1<span class="red">♦</span><sup class="note">1</sup>', open_room)
    assert '<li value="1">Alerted: 4+ hearts</li>' in open_room
    assert "首攻：" in text_of(open_room) and "♥8" in text_of(open_room)
    tricks = re.search(r'<table class="tricks".*?</table>', open_room, flags=re.S)[0]
    rows = re.findall(r"<tr><td class=\"num\">\d+</td>.*?</tr>", tricks, flags=re.S)
    assert len(rows) == 13
    assert rows[-1].endswith('<td class="num">7 : 6</td></tr>')
    first = re.findall(r'<td class="([^"]*)">(.*?)</td>', rows[0])[1:5]  # West, North, East, South
    assert [text_of(c) for _, c in first] == ["♥8", "♥K", "♥J", "♥A"]
    assert [cls.split() for cls, _ in first] == [["led"], [], [], ["won"]]
    assert 'data-steps="W:H8,HK,HJ,HA:S;' in open_room
    closed_rows = re.findall(r"<tr><td class=\"num\">\d+</td>", closed_room)
    assert len(closed_rows) == 9 and "其余 4 墩未打出" in text_of(closed_room)
    # each traveller row links its table's auction and play
    assert "#play-t-Lions-Tigers" in links(board).hrefs and 'id="play-t-Lions-Tigers"' in board


def test_the_frequency_table_counts_the_tables_of_each_score(ruled):
    board = read_pbn(PAIRS).boards[12]  # board 13: no ruling on it
    assert board.number == 13
    counted = Counter(r.score_ns for r in board.results)
    html = re.search(r'<table class="frequency">.*?</table>', page(ruled, "boards/13.html"), flags=re.S)[0]
    found = {int(score.replace("+", "")): int(tables)
             for score, tables in re.findall(r'<tr><td class="num">([+-]?\d+)</td><td class="num">(\d+)</td>', html)}
    assert found == dict(counted)
    scores = list(found)
    assert scores == sorted(scores, reverse=True)  # best for North-South first


def test_a_pairs_card_goes_round_by_round_with_a_running_total(ruled):
    card = page(ruled, "pairs/4.html")
    rounds = re.findall(r'<tr class="round"><th[^>]*>(.*?)</th>', card, flags=re.S)
    assert len(rounds) == 9  # nine rounds of the Mitchell, a new East-West pair each
    assert text_of(rounds[0]).startswith("轮次 1 · 桌号 4 · 南北 · 对手 14")
    figures = re.findall(r'<td class="num">([\d.]+)</td><td class="num">[\d.]+</td><td class="num running">([\d.]+)</td>',
                         card)
    assert len(figures) == 18
    running = 0.0
    for mp, shown in figures:
        running += float(mp)
        assert f"{running:.2f}" == shown
    meta = re.search(r'<p class="meta">(.*?)</p>', card, flags=re.S)[1]
    assert f"总分 {running:.2f}" in text_of(meta)


def test_a_teams_card_counts_each_board_once(tmp_path):
    """A team's IMPs on a board are the match's, once (its two rooms do not earn them twice)."""
    from rules_ext.events import compute_results

    out = publish(tmp_path, TEAMS, "--script", "hans")
    match = compute_results(read_pbn(TEAMS)).matches[0]
    href = next(h for h in links(page(out, "index.html")).hrefs if h.startswith("teams/")
                and match.home.split()[0] in text_of(re.search(rf'href="{re.escape(h)}">(.*?)</a>', page(out, "index.html"))[1]))
    team = page(out, href)
    rows = re.findall(r'<tr><td><a class="tap" href="../boards/\d+.html">\d+</a></td>.*?</tr>', team, flags=re.S)
    assert len(rows) == match.boards
    running = re.findall(r'<td class="num">(-?[\d.]+)</td></tr>', rows[-1])[-1]
    assert float(running) == pytest.approx(match.imps_home - match.imps_visit)
    assert "本队各场比赛" in text_of(team) and "个人计分卡" not in text_of(team)


# -- the scoring said plainly -------------------------------------------------------------------------

def test_the_scoring_is_one_plain_sentence_with_the_check_folded_under_it(ruled):
    """Nine results a board: a top of 2 × 8 = 16, the average 8; the file's movement in Chinese."""
    index = page(ruled, "index.html")
    sentence = text_of(re.search(r'<p class="sentence">(.*?)</p>', index, flags=re.S)[1])
    assert sentence == ("按比赛分计分：每副牌与打这副牌的其他各桌比较，每胜一桌得 2 分、平一桌得 1 分，满分 16 分、平均 8 分；"
                        "米切尔制，10 桌，9 轮，第 5 轮后跳过一桌，南北、东西分别排名，20 副牌。")
    check = re.search(r'<details class="check"><summary>核对</summary>(.*?)</details>', index, flags=re.S)[1]
    assert "已与文件原有的" in text_of(check) and "计分：" in text_of(check)
    assert "Mitchell" not in text_of(index)
    assert "本副牌打了 9 次，每个结果与其他各桌比较" in text_of(page(ruled, "boards/13.html"))
    assert "总分是各副比赛分之和" in text_of(page(ruled, "pairs/4.html"))


def test_teams_pages_say_the_vp_scale(tmp_path):
    out = publish(tmp_path, TEAMS, "--script", "hans")
    assert "按 WBF 2013 连续胜利分表换算为胜利分（两队共 20 分）" in text_of(page(out, "index.html"))
    assert "比较两室的得分得国际分" in text_of(page(out, "boards/1.html"))


def test_pages_are_named_for_what_they_are_and_percentages_say_whose(ruled, tmp_path):
    pair = text_of(page(ruled, "pairs/4.html"))
    assert "本对计分卡" in pair and "个人计分卡" not in pair and "本方百分比" in pair
    assert "南北百分比" in text_of(page(ruled, "boards/1.html"))
    out = publish(tmp_path, EVENT_FIXTURES / "swedish-individual.pbn", "--script", "hans")
    player = next((out / "players").glob("*.html"))
    assert "个人计分卡" in text_of(player.read_text(encoding="utf-8"))


def test_totals_keep_the_files_decimals(tmp_path):
    """The fixture's boards print whole percentages, its totals two decimals (62.50 for pair 1):
    the ranking and the card print the totals as the file does, not as whole numbers; a club file
    whose board figures are whole prints its total 9.5 so."""
    out = publish(tmp_path, FIXTURES / "whole-percentages.pbn", "--script", "hans", name="whole")
    ranking = page(out, "index.html")
    for total, pct in [("7", "87.50"), ("5", "62.50"), ("0", "0.00"), ("6", "75.00"), ("1", "12.50")]:
        assert re.search(rf'<td class="num">{total}</td>\s*<td class="num">{re.escape(pct)}</td>', ranking), (total, pct)
    assert "百分比 62.50" in text_of(page(out, "pairs/1.html"))
    assert re.search(r'<td class="num">50</td>', page(out, "boards/1.html"))  # a board's own: whole, as the file
    club = publish(tmp_path, EVENT_FIXTURES / "club-latin1-crlf.pbn", "--script", "hans", name="club")
    assert re.search(r'<td class="num">9\.5</td>\s*<td class="num">79\.17</td>', page(club, "index.html"))


def test_butler_says_what_its_boards_drop(tmp_path):
    """The fixture's scoring drops the two highest and lowest results (Butler-2), but each board has
    three: one is dropped each way, on the ranking as on every board."""
    out = publish(tmp_path, FIXTURES / "butler-three-tables.pbn", "--script", "hans")
    index = text_of(page(out, "index.html"))
    assert "去掉最高、最低各 1 个结果" in index and "各 2 个" not in index
    for board in (1, 2):
        assert "3 个结果去掉最高、最低各 1 个后的平均" in text_of(page(out, f"boards/{board}.html"))


@pytest.mark.skipif(not REAL.is_dir(), reason="../shared/real-events/ is not there (real files stay outside the repository)")
def test_real_files_totals_and_butler(tmp_path):
    """The FFB file prints its total percentages with 2 decimals (61.21 for the winners) though its
    boards' are whole; the Finnish Butler file (Butler-2, three results a board) drops one each way,
    and its artificial scores follow the ACBL's rule, said in Chinese."""
    out = publish(tmp_path, REAL / "pbn" / "ffb-magiccontest-dn1-s1.pbn", "--script", "hans", name="ffb")
    assert re.search(r'<td class="num">61\.21</td>', page(out, "index.html"))
    out = publish(tmp_path, REAL / "pbn" / "magiccontest-fi-h6-butler-2013.pbn", "--script", "hans", name="butler")
    index = text_of(page(out, "index.html"))
    assert "去掉最高、最低各 1 个结果" in index and "各 2 个" not in index
    assert "美国桥牌联合会（ACBL）的规定" in index and "（acbl）" not in index


def test_a_rulings_weighted_score_is_scored_each_way_and_weighted(tmp_path):
    """60 % of 3♠ by North making ten (+170) and 40 % of 4♠ by North making (+420): against the
    board's other eight results (+400 four times, +420 twice, +450, -50) +170 earns 2 matchpoints
    and +420 earns 12 (5 beaten, 2 tied), so 0.6 × 2 + 0.4 × 12 = 6 for North-South (Law 12C3).
    PBN has no form for a weighted score: the export is left out, with a warning."""
    rulings = tmp_path / "rulings"
    rulings.mkdir()
    text = RULING.read_text(encoding="utf-8").replace(
        '  { contract = "3S", declarer = "N", tricks = 10 },',
        '  { contract = "3S", declarer = "N", tricks = 10, weight = 60 },\n'
        '  { contract = "4S", declarer = "N", tricks = 10, weight = 40 },')
    (rulings / "board-14.toml").write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    done = run_cli("publish", PAIRS, "-o", out, "--no-pdf", "--rulings", rulings, "--script", "hans", text=True)
    assert done.returncode == 0, done.stderr
    assert "warning: no PBN export: a ruling's weighted score" in done.stderr
    adjusted = row(page(out, "boards/14.html"), "t-4-11")
    assert "60% 170" in text_of(adjusted) and "40% 420" in text_of(adjusted)
    assert re.findall(r'<td class="num">([\d.]+)</td>', adjusted)[0] == "6.00"
    assert not (out / "export" / "event.pbn").exists()


def test_no_id_is_given_twice_on_a_page(tmp_path):
    """A director's penalty row beside a table's result naming the same pairs (as Ruter writes it:
    the fixture's board 1 with its East-West pair filled in), and room-less teams reuse their
    table numbers: every row keeps an id of its own."""
    from crawl import Crawl, check_links

    text = (EVENT_FIXTURES / "ruter-penalty.pbn").read_text(encoding="latin-1")
    assert ' 2 1  2  - "Pen"' in text
    (tmp_path / "penalty.pbn").write_text(text.replace(' 2 1  2  - "Pen"', ' 2 1  2 12 "Pen"'), encoding="latin-1")
    folders = [publish(tmp_path, tmp_path / "penalty.pbn", "--script", "hans", name="penalty"),
               publish(tmp_path, package_path("rules_ext.events", "samples", "sample-teams-realbridge.pbn"),
                       "--script", "hans", name="realbridge")]
    found = Crawl()
    check_links(folders, found)
    assert found.pages > 10 and found.broken == []
