"""write_pbn: the strict export format and lossless round trips."""
import re
from pathlib import Path

import pytest

from rules_ext.events import PBNError, read_pbn, write_pbn
from rules_ext.events.pbn.normalise import MANDATORY_TAGS
from rules_ext.events.pbn.writer import encode_pbn
from rules_ext.events.sample import SAMPLES_DIR

FIXTURES = Path(__file__).parent / "fixtures"
EVENTS = SAMPLES_DIR
ALL_FILES = [FIXTURES / "club-latin1-crlf.pbn", FIXTURES / "teams-gbk.pbn", FIXTURES / "export-latin1.pbn",
             EVENTS / "sample-pairs.pbn", EVENTS / "sample-teams.pbn"]
TAG_LINE = re.compile(r'^\[([A-Za-z0-9_]+) "((?:[^"\\]|\\.)*)"\]$')


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda p: p.name)
def test_read_write_read_gives_the_same_event(path):
    event = read_pbn(path)
    again = read_pbn(write_pbn(event))
    assert again == event
    assert again.boards == event.boards  # the meaning too, result by result


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda p: p.name)
def test_writing_is_idempotent(path):
    once = write_pbn(read_pbn(path))
    assert write_pbn(read_pbn(once)) == once


def test_export_file_comes_back_byte_for_byte():
    data = (FIXTURES / "export-latin1.pbn").read_bytes()
    event = read_pbn(data)
    assert encode_pbn(write_pbn(event, encoding=event.encoding), event.encoding) == data


@pytest.mark.parametrize("path", [EVENTS / "sample-pairs.pbn", EVENTS / "sample-teams.pbn"], ids=lambda p: p.name)
def test_sample_events_are_in_export_format_already(path):
    data = path.read_bytes()
    assert write_pbn(read_pbn(data)).encode("utf-8") == data


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda p: p.name)
def test_export_format_rules(path):
    text = write_pbn(read_pbn(path))
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n")
    assert "\t" not in text
    assert text.count("\r\n") == text.count("\n")  # CRLF everywhere
    lines = text.split("\r\n")
    assert lines[-1] == ""  # ends with a line end
    assert [line for line in lines if line != line.rstrip()] == []  # no trailing blanks
    games = text.split("\r\n\r\n")[1:]
    assert games, "no games written"
    for game in games:
        names = [m[1] for line in game.split("\r\n") if (m := TAG_LINE.match(line))]
        assert names[:15] == list(MANDATORY_TAGS)
        rest = [n for n in names[15:] if n != "Note"]
        assert rest == sorted(rest)
        for line in game.split("\r\n"):
            if line.startswith("["):
                assert TAG_LINE.match(line), line  # one tag per line, nothing after it
        for tag in ("Contract",):
            for value in re.findall(rf'^\[{tag} "([^"]*)"\]', game, re.M):
                assert value in ("", "?", "Pass") or re.fullmatch(r"[1-7](C|D|H|S|NT)(X|XX)?", value), value


def test_deal_starts_with_the_dealer_and_vulnerability_is_spelled_for_export():
    text = write_pbn(read_pbn('[Board "2"][Dealer "E"][Vulnerable "Both"]'
                              '[Deal "N:A643.KJT8.92.AK3 2.653.QJT7.T9842 KQ97.Q9.AK54.J75 JT85.A742.863.Q6"]'
                              '[Contract "3nx"][Declarer "e"]\n'))
    assert '[Deal "E:2.653.QJT7.T9842 KQ97.Q9.AK54.J75 JT85.A742.863.Q6 A643.KJT8.92.AK3"]' in text
    assert '[Vulnerable "All"]' in text and '[Contract "3NTX"]' in text and '[Declarer "E"]' in text


def test_missing_mandatory_tags_are_written_as_unknown():
    text = write_pbn(read_pbn('[Board "7"]\n'))
    assert '[Event "?"]' in text and '[Result "?"]' in text and '[Board "7"]' in text


def test_notes_stay_after_their_auction():
    text = write_pbn(read_pbn('[Play "W"]\nSA S2 S3 S4\n*\n[Note "2:play note"][Board "1"]\n'
                              '[Auction "N"]\n1NT =1= Pass\n[Note "1:15-17"]\n[Room "Open"]\n'))
    body = text.split("\r\n\r\n", 1)[1]
    assert body.index('[Auction "N"]') < body.index("1NT =1= Pass") < body.index('[Note "1:15-17"]') \
        < body.index('[Play "W"]') < body.index('[Note "2:play note"]') < body.index('[Room "Open"]')


def test_quoted_names_with_spaces_survive_in_tables():
    event = read_pbn('[Board "1"]\n[TotalScoreTable "Rank;PairId;Names\\30L"]\n'
                     '1 3 "Anna Berg - Olof Lindqvist"\n2 4 "李 伟 - 王 芳"\n')
    again = read_pbn(write_pbn(event))
    assert again.totals.records()[0]["Names"] == "Anna Berg - Olof Lindqvist"
    assert again.totals.records()[1]["Names"] == "李 伟 - 王 芳"


def test_charset_line_and_encodings():
    event = read_pbn('[Event "Zoé"][Board "1"]\n')
    assert "% Content-type: text/x-pbn; charset=UTF-8\r\n" in write_pbn(event)
    assert "% Content-type: text/x-pbn; charset=ISO-8859-1\r\n" in write_pbn(event, encoding="latin-1")
    assert "Content-type" not in write_pbn(read_pbn('[Event "plain"][Board "1"]\n'))
    with pytest.raises(PBNError, match="cannot be written in iso-8859-1"):
        encode_pbn(write_pbn(read_pbn('[Event "王丽"][Board "1"]\n')), "iso-8859-1")


def test_lf_on_request():
    text = write_pbn(read_pbn('[Board "1"]\n'), newline="\n")
    assert "\r" not in text and text.startswith("% PBN 2.1\n% EXPORT\n")
    with pytest.raises(ValueError, match="not a PBN line end"):
        write_pbn(read_pbn('[Board "1"]\n'), newline="\r")


def test_dates_and_relative_results_in_export_spelling():
    text = write_pbn(read_pbn('[Date "2025-12-20"][Board "1"][Contract "4h"][Declarer "S"][Result "+1"]\n'
                              '\n[Date "2025/??/??"][Board "2"][Contract "3NT"][Result "="]\n'))
    assert '[Date "2025.12.20"]' in text and '[Date "2025.??.??"]' in text
    assert '[Contract "4H"]\r\n[Result "11"]' in text and '[Result "9"]' in text
