"""read_pbn on real-world-shaped files: encodings, inheritance, tables, results, problems."""
from pathlib import Path

import pytest

from rules_ext.core import Contract, Seat, Strain, Vulnerability
from rules_ext.events import EventKind, PBNError, PBNErrors, read_pbn
from rules_ext.events.model import side_score

FIXTURES = Path(__file__).parent / "fixtures"
CLUB = FIXTURES / "club-latin1-crlf.pbn"
TEAMS = FIXTURES / "teams-gbk.pbn"
EXPORT = FIXTURES / "export-latin1.pbn"
DEAL1 = "N:A643.KJT8.92.AK3 2.653.QJT7.T9842 KQ97.Q9.AK54.J75 JT85.A742.863.Q6"


def test_latin1_crlf_file_from_a_scoring_program():
    event = read_pbn(CLUB)
    assert event.problems == ()
    assert (event.encoding, event.newline, event.version) == ("iso-8859-1", "\r\n", "2.0")
    assert (event.name, event.site, event.date, event.scoring) == ("Coupe de Noël", "Genève", "2025.12.20", "MP;MP1")
    assert event.kind is EventKind.PAIRS
    assert ("ScoringType", "MatchPoints;MP1") in event.meta
    assert [b.number for b in event.boards] == [1, 2, 3]
    assert event.source == str(CLUB)


def test_deal_is_stored_from_the_dealer_and_read_into_the_core():
    event = read_pbn(CLUB)
    assert event.games[0].get("Deal") == DEAL1  # the file gave it from West
    board = event.boards[0]
    assert (board.dealer, board.vulnerability) == (Seat.N, Vulnerability.NONE)
    assert board.deal.to_pbn() == DEAL1
    assert event.games[0].get("Vulnerable") == "None"  # "Love" in the file


def test_export_spellings_of_contracts_in_table_rows():
    event = read_pbn(CLUB)
    rows1 = event.games[0].tag("ScoreTable").section
    assert '3NT    N  9  "400"' in rows1[0]  # 3N -> 3NT, the rest of the row as it was
    rows3 = event.games[2].tag("ScoreTable").section
    assert rows3[0].startswith(" 1  4 4SX ")
    r = event.boards[2].results[0]
    assert (r.contract, r.declarer, r.tricks, r.score_ns) == (Contract.parse("4SX"), Seat.E, 8, 500)


def test_inheritance_hash_and_double_hash():
    event = read_pbn(CLUB)
    for game in event.games[1:]:
        assert game.get("Event") == "#"  # kept as written ...
        assert game.get("Date") == "2025.12.20"  # ... and ## carried into games that lack the tag
    # the meaning: every board of the event has the first game's values
    text = '[Event "##Club"][Board "1"]\n\n[Board "2"][Site "#"]\n\n[Event "Other"][Board "3"]\n\n[Board "4"]\n'
    event = read_pbn(text)
    # PBN 2.1 4.8: a ## tag "can still redefine its value in the middle of the file" (its example: the
    # Date given again for the next 24 boards, played the next day): the new value holds from there
    assert [g.get("Event") for g in event.games] == ["##Club", "Club", "Other", "Other"]
    with_site = read_pbn('[Site "Hangzhou"][Board "1"]\n\n[Site "#"][Board "2"]\n')
    assert with_site.site == "Hangzhou"


def test_hash_is_forbidden_for_the_deal_and_needs_a_previous_game():
    event = read_pbn('[Board "1"][Dealer "N"][Deal "#"][Event "#"]\n', source="h.pbn")
    messages = [str(p) for p in event.problems]
    assert any("h.pbn:1:" in m and "Deal may not be inherited" in m for m in messages)
    assert any("copies the previous game's Event, but there is none" in m for m in messages)


def test_artificial_scores_and_their_figures():
    event = read_pbn(CLUB)
    adjusted = event.boards[1].results[0]
    assert adjusted.artificial is not None
    assert (adjusted.artificial.marker, adjusted.artificial.pct_ns, adjusted.artificial.pct_ew) == ("A+", 60.0, 40.0)
    assert not adjusted.scored and adjusted.contract is None
    played = event.boards[1].results[1]
    assert (played.score_ns, played.their("Score_EW"), played.their("MP_NS")) == (-110, "110", "0.5")


def test_participants_names_and_directions():
    event = read_pbn(CLUB)
    assert [p.id for p in event.participants] == ["1", "2", "3", "4", "5", "6"]
    assert event.participant("1").names == "Zoé Faure - Hélène Roux"
    assert event.participant("5").direction == "EW"
    assert event.totals is not None and event.totals.records()[3]["Direction"] == "Ö-V"


def test_gbk_teams_one_game_per_table():
    event = read_pbn(TEAMS)
    assert event.problems == ()
    assert event.encoding == "gb18030" and event.newline == "\n"
    assert event.kind is EventKind.TEAMS
    assert event.name == "省队选拔赛"
    open_, closed = event.boards[0].results
    assert (open_.room, open_.ns, open_.ew, open_.score_ns) == ("Open", "北京", "上海", 430)
    assert (closed.room, closed.ns, closed.ew, closed.score_ns) == ("Closed", "上海", "北京", -50)
    assert open_.players == ("张三", "孙七", "李四", "赵六")
    passed = event.boards[2].results[1]
    assert passed.contract.is_passed_out and passed.score_ns == 0 and passed.score_computed


def test_export_file_with_auction_play_and_optimum_table():
    event = read_pbn(EXPORT)
    assert event.problems == ()
    assert event.encoding == "iso-8859-1" and event.declared_charset == "ISO-8859-1"
    game = event.games[0]
    assert game.get("East") == 'François "Fanfan" Léger'
    assert game.tag("Auction").section == ("1D Pass 1S Pass", "2S =1= Pass 4S Pass", "Pass Pass")
    assert game.get("Note") == "1:three-card support, \\S"
    board = event.boards[0]
    assert board.dd_tricks(Seat.E, Strain.NT) == 11 and board.dd_tricks(Seat.N, Strain.D) == 5
    assert len(board.double_dummy) == 20
    assert [r.score_ns for r in board.results] == [-650, -630]


def test_double_dummy_tricks_hex_tag():
    event = read_pbn('[Board "1"][DoubleDummyTricks "2245222452BB97BBB97B"]\n')
    board = event.boards[0]
    assert board.dd_tricks(Seat.N, Strain.NT) == 2
    assert board.dd_tricks(Seat.E, Strain.S) == 11  # the third group of five is East's
    assert board.dd_tricks(Seat.W, Strain.C) == 11


def test_utf8_bom_and_plain_text_and_bytes():
    text = '[Event "桥牌"]\n[Board "1"]\n'
    assert read_pbn(b"\xef\xbb\xbf" + text.encode("utf-8")).encoding == "utf-8-sig"
    assert read_pbn(text.encode("utf-8")).name == "桥牌"
    assert read_pbn(text).name == "桥牌"
    assert read_pbn("\ufeff" + text).name == "桥牌"


@pytest.mark.parametrize("name, encoding", [("Hélène Roux", "iso-8859-1"), ("Åsa Öberg", "iso-8859-1"),
                                            ("王丽 - 陈刚", "gb18030"), ("Zoé 王丽", "utf-8"),
                                            ("朱镕 - 王玥", "gb18030"), ("王喆", "gb18030"),
                                            ("Ääkkönen - Søren", "iso-8859-1")])
def test_encoding_detection(name, encoding):
    codec = {"iso-8859-1": "latin-1", "gb18030": "gbk", "utf-8": "utf-8"}[encoding]
    event = read_pbn(f'[Event "x"][North "{name}"][Board "1"]\n'.encode(codec))
    assert event.encoding == encoding
    assert event.games[0].get("North") == name


def test_forced_encoding_that_does_not_fit_is_a_pbn_error():
    with pytest.raises(PBNError, match="cannot decode the file as utf-8"):
        read_pbn("[North \"Hélène\"]\n".encode("latin-1"), encoding="utf-8")


def test_path_given_as_a_string(tmp_path):
    path = tmp_path / "one.pbn"
    path.write_text('[Event "One"][Board "1"]\n', encoding="utf-8")
    assert read_pbn(str(path)).name == "One"


def test_one_game_per_table_pairs_results():
    text = ('[Board "5"][Dealer "N"][Vulnerable "NS"][PairNS "3"][PairEW "12"][North "A"][South "B"]'
            '[Contract "4h"][Declarer "S"][Result "+1"]\n')
    r = read_pbn(text).boards[0].results[0]
    assert (r.ns, r.ew, str(r.contract), r.tricks, r.score_ns, r.score_computed) == ("3", "12", "4H", 11, 650, True)


# ------------------------------------------------------------------------------ bad input

BAD_CASES = [
    ('[Board "1"]\n[North "Li Wei]\n', 2, "unclosed quote"),
    ('[Board "1"]\n[North "Li Wei"\n', 2, "unclosed bracket"),
    ('[Board "1"][Dealer "N"]\n[Vulnerable "Sometimes"]\n', 2, "cannot read vulnerability 'Sometimes'"),
    ('[Board "1"][Dealer "N"]\n[Deal "N:AKQJ.T98.765.43 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n',
     2, "holds 12 cards"),
    ('[Board "1"][Dealer "N"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.76A"]\n',
     2, "dealt twice"),
    ('[Board "1"][Dealer "N"][Vulnerable "None"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
     '1 2 3NT N 14\n', 3, "a result of 14 tricks is impossible"),
    ('[Board "1"][Dealer "N"][Vulnerable "None"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
     '1 2 8S N 9\n', 3, "cannot read contract '8S'"),
    ('[Board "1"][Dealer "N"][Vulnerable "None"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
     '1 2 3NT N\n', 3, "has 4 cells, fewer than its 5 columns"),
    ('[Board "x1"]\n', 1, "cannot read board number 'x1'"),
    ('[Board "1"][Dealer "E"][Vulnerable "All"]\n', 1, "does not match the board number"),
    ('[Board "1"][Dealer "N"][Vulnerable "None"][Contract "4S"][Declarer "N"][Result "10"]\n[Score "NS 4x0"]\n',
     2, 'cannot read [Score "NS 4x0"]: expected e.g. "NS 420", "EW 50" or "420"'),
    ('[Board "1"][Dealer "N"][Vulnerable "None"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
     '1 2 3NT N 9 "NS"\n', 3, "cannot read Score_NS 'NS': expected a score, e.g. 420, -50"),
]


@pytest.mark.parametrize("text, line, message", BAD_CASES)
def test_each_problem_names_file_line_and_problem(text, line, message):
    event = read_pbn(text, source="bad.pbn")
    assert len(event.problems) >= 1
    found = [str(p) for p in event.problems if message in p.problem]
    assert found, [str(p) for p in event.problems]
    assert found[0].startswith(f"bad.pbn:{line}: ")
    assert "\n" not in found[0]
    with pytest.raises(PBNErrors) as raised:
        read_pbn(text, source="bad.pbn", strict=True)
    assert isinstance(raised.value, ValueError)
    assert len(str(raised.value).splitlines()) == len(event.problems)


def test_other_boards_are_still_read_after_a_bad_one():
    text = ('[Board "1"][Dealer "N"][Vulnerable "None"]\n[Deal "N:AKQJ.T98.765.43 - - -"]\n'
            '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n1 2 8S N 9\n2 3 3NT N 9\n\n'
            '[Board "2"][Dealer "E"][Vulnerable "NS"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
            '1 2 4S N 10\n')
    event = read_pbn(text, source="mixed.pbn")
    assert [str(p).split(": ")[0] for p in event.problems] == ["mixed.pbn:2", "mixed.pbn:4"]
    assert [b.number for b in event.boards] == [1, 2]
    assert [r.score_ns for r in event.boards[0].results] == [400]
    assert [r.score_ns for r in event.boards[1].results] == [620]


def test_row_quirks_bye_not_played_relative_results_and_score_forms():
    text = ('[Board "1"][Dealer "N"][Vulnerable "None"]\n'
            '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score"]\n'
            '1 2 4S N = -\n'          # relative result: made exactly
            '3 4 4S N -2 -\n'         # two down
            '5 6 3NT S +1 "NS 430"\n'
            '7 8 2H W 8 "EW 110"\n'
            '9 Bye - - - -\n'         # a sit-out
            '11 12 - - - -\n'         # not played
            '13 14 A60-40 - - -\n'    # artificial, percentages
            '15 16 - - - A=\n')
    results = read_pbn(text).boards[0].results
    assert [(r.tricks, r.score_ns) for r in results[:4]] == [(10, 420), (8, -100), (10, 430), (8, -110)]
    assert [r.score_computed for r in results[:4]] == [True, True, False, False]
    assert results[4].not_played and results[5].not_played
    assert (results[6].artificial.pct_ns, results[6].artificial.pct_ew) == (60.0, 40.0)
    assert (results[7].artificial.pct_ns, results[7].artificial.pct_ew) == (50.0, 50.0)
    assert not any(r.scored for r in results[4:])


def test_artificial_percentages_marked_with_a_caret():
    text = ('[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS;Percentage_NS;Percentage_EW"]\n'
            '1 2 420 - -\n3 4 - ^60 ^50\n')
    adjusted = read_pbn(text).boards[0].results[1]
    assert (adjusted.artificial.pct_ns, adjusted.artificial.pct_ew) == (60.0, 50.0)


@pytest.mark.parametrize("marker, side, expected", [
    ("A+", "NS", (60, 40)), ("A-", "NS", (40, 60)), ("A=", "EW", (50, 50)), ("A+", "EW", (40, 60)),
    ("A+-", "NS", (60, 40)), ("A--", "NS", (40, 40)), ("A60", "NS", (60, 40)), ("A60/50", "EW", (50, 60)),
])
def test_artificial_markers(marker, side, expected):
    from rules_ext.events import Artificial
    a = Artificial.parse(marker, side)
    assert (a.pct_ns, a.pct_ew) == expected


def test_bad_artificial_marker_is_reported():
    from rules_ext.events import Artificial
    with pytest.raises(ValueError, match="cannot read artificial score 'A7x'"):
        Artificial.parse("A7x")


@pytest.mark.parametrize("text, expected", [
    ("NS 420", 420), ("EW 50", -50), ("ew 620", -620), ("420", 420), ("-100", -100), (" NS  -90 ", -90),
])
def test_side_score_reads_the_score_tags(text, expected):
    assert side_score(text) == expected


@pytest.mark.parametrize("text", ["", "NS", "XY 420", "NS 4.5", "420 NS", "+420"])
def test_side_score_refuses_other_text(text):
    with pytest.raises(ValueError, match=r'cannot read \[OptimumScore "'):
        side_score(text, "OptimumScore")


@pytest.mark.parametrize("codec, name", [("utf-16", "utf-16"), ("utf-16-le", "utf-16"), ("utf-16-be", "utf-16")])
def test_utf16_with_a_byte_order_mark_is_read(codec, name):
    # Windows editors save "Unicode" text as UTF-16 with a BOM; read as ISO 8859-1 it was hundreds
    # of unreadable tags and no board at all
    text = '[Event "周四双人赛"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    bom = {"utf-16": b"", "utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff"}[codec]
    event = read_pbn(bom + text.encode(codec))
    assert event.encoding == name
    assert event.problems == ()
    assert [b.number for b in event.boards] == [1]
    assert "周四双人赛" in str(event.games[0].tags)
