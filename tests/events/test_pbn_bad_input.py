"""Bad input: each case is one ``file:line: what is wrong`` line, exit status 1, no
traceback and no output file left. The fixtures are small invented files."""
import os
from pathlib import Path

import pytest

from rules_ext.cli import main
from rules_ext.events import read_pbn

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
HEAD = f'[Event "Club"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'
BOARD_2 = f'[Event "Club"]\n[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "{DEAL}"]\n'
TABLE = '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]\n'
PLAYED = '[Declarer "N"]\n[Contract "1NT"]\n[Result "7"]\n[Play "E"]\nST S5 S2 SA\n'

CASES = {
    "duplicated game": (
        HEAD + TABLE + "1 2 3NT N 9 400 -\n3 4 4S N 10 420 -\n\n" + HEAD + TABLE + "1 2 3NT N 9 400 -\n"
        "3 4 4S N 10 420 -\n",
        "10: board 1: this game repeats the results given at line 7 (same board, same pairs): "
        "expected each game once"),
    "no empty line between games": (
        HEAD + TABLE + "1 2 3NT N 9 400 -\n" + BOARD_2 + TABLE + "1 2 3NT N 9 600 -\n",
        '8: [Board "2"] starts a new game with no empty line after the game of [Board "1"] at line 1: '
        "expected an empty line between games"),
    "no game": (
        "% PBN 2.1\n% EXPORT\n",
        '1: no game in the file: expected a PBN file of games such as [Event "..."] [Board "1"] '
        '[Deal "N:..."]'),
    "HTML page": (
        "<!DOCTYPE html>\n<html><body>Results</body></html>\n",
        '1: an HTML page, not a PBN file: expected a PBN file of games such as [Event "..."] [Board "1"] '
        '[Deal "N:..."]'),
    "score not what the contract gives": (
        HEAD + TABLE + "1 2 3NT N 9 430 -\n",
        "7: board 1: a score of 430 for NS is not what 3NT by N taking 9 tricks scores (vulnerable: None): "
        "expected 400"),
    "both score columns": (
        HEAD + TABLE + "1 2 3NT N 9 400 50\n",
        "7: board 1: both Score_NS 400 and Score_EW 50 are filled: expected one of them, the other '-'"),
    "pair against itself": (
        HEAD + TABLE + "1 1 3NT N 9 400 -\n",
        "7: board 1: pair 1 plays against itself (NS 1, EW 1): expected two different pairs"),
    "pair twice on a board": (
        HEAD + TABLE + "1 2 3NT N 9 400 -\n1 4 3NT N 9 400 -\n",
        "8: board 1: pair 1 plays the board twice (also at line 7): expected each pair once on a board"),
    "player twice on a board": (
        HEAD + '[ScoreTable "PlayerId_North;PlayerId_East;PlayerId_South;PlayerId_West;Contract;Declarer;'
        'Result"]\n1 2 1 4 3NT N 9\n',
        "7: board 1: player 1 sits in two seats (1 2 1 4): expected four different players"),
    "card not held": (
        HEAD + PLAYED + "S9 S6 S3 HA\n*\n",
        "9: board 1: trick 2: N plays HA, which N does not hold (AKQJ.T98.765.432): expected a card of that "
        "hand"),
    "card played twice": (
        HEAD + PLAYED + "ST S6 S3 SK\n*\n",
        "9: board 1: trick 2: ST was played before, in trick 1: expected each card once"),
    "% line inside a table": (
        HEAD + TABLE + "1 2 3NT N 9 400 -\n% a comment\n3 4 3NT N 9 400 -\n",
        "8: a '%' line inside the ScoreTable: expected only its rows here (an escape line goes before a "
        "game's first tag)"),
}


def results(capsys, *args: str) -> tuple[int, list[str], str]:
    status = main(["results", *args])
    captured = capsys.readouterr()
    return status, captured.err.splitlines(), captured.out


@pytest.mark.parametrize("name", CASES)
@pytest.mark.parametrize("output", ["results.json", "results.txt", "results.pdf"])
def test_each_bad_input_is_one_line_and_writes_nothing(tmp_path, capsys, name, output):
    text, message = CASES[name]
    path = tmp_path / "event.pbn"
    path.write_text(text, encoding="utf-8")
    status, err, out = results(capsys, str(path), "-o", str(tmp_path / output))
    assert (status, err, out) == (1, [f"{path}:{message}"], "")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.pbn"]


def test_games_without_an_empty_line_are_both_read():
    text, _ = CASES["no empty line between games"]
    event = read_pbn(text)
    assert [b.number for b in event.boards] == [1, 2]
    assert [len(b.results) for b in event.boards] == [1, 1]


def test_a_duplicated_game_is_not_scored_twice():
    text, _ = CASES["duplicated game"]
    assert [len(b.results) for b in read_pbn(text).boards] == [2]


def test_both_score_columns_that_agree_are_read():
    event = read_pbn(HEAD + TABLE + "1 2 3NT N 9 400 -400\n3 4 Pass - - 0 0\n")
    assert event.problems == () and [r.score_ns for r in event.boards[0].results] == [400, 0]


@pytest.mark.parametrize("start", ["<?xml version='1.0'?>\n<USEBIO Version='1.2'/>", "<USEBIO/>"])
def test_xml_read_as_pbn_is_not_a_pbn_file(start):
    event = read_pbn(start.encode())
    assert [str(p) for p in event.problems] == [
        '<bytes>:1: XML, not a PBN file: expected a PBN file of games such as [Event "..."] [Board "1"] '
        '[Deal "N:..."]']


def test_a_binary_file_is_not_a_pbn_file():
    assert read_pbn(b"PK\x03\x04\x00\x00binary").problems[0].problem.startswith("a binary file, not a PBN file")


GOOD = HEAD + TABLE + "1 2 3NT N 9 400 -\n"


def test_an_output_that_is_the_input_is_refused(tmp_path, capsys):
    path = tmp_path / "event.pbn"
    path.write_text(GOOD, encoding="utf-8")
    (tmp_path / "link.pbn").symlink_to(path)
    for output in (path, tmp_path / "." / "event.pbn", tmp_path / "link.pbn"):
        status, err, _ = results(capsys, str(path), "-o", str(output))
        assert (status, err) == (1, [f"error: {output}: is the input file {path}: expected another output "
                                     f"file (an input is never written over)"])
        assert path.read_text(encoding="utf-8") == GOOD
    assert main(["pbn", str(path), "--export", "-o", str(tmp_path / "link.pbn")]) == 1
    assert path.read_text(encoding="utf-8") == GOOD


def test_o_without_export_does_nothing_and_is_refused(tmp_path, capsys):
    path = tmp_path / "event.pbn"
    path.write_text(GOOD, encoding="utf-8")
    assert main(["pbn", str(path), "-o", str(tmp_path / "out.pbn")]) == 1
    assert capsys.readouterr().err == ("error: -o, --lf and --keep-going do nothing without --export or --usebio: "
                                       "expected `pbn FILE --export -o OUT.pbn`, `pbn FILE --usebio -o OUT.xml`, "
                                       "or `pbn FILE` for a summary\n")
    assert not (tmp_path / "out.pbn").exists()


def test_only_regular_files_are_read(tmp_path, capsys):
    fifo = tmp_path / "pipe.pbn"
    os.mkfifo(fifo)
    for path, kind in ((Path("/dev/zero"), "a device"), (tmp_path, "a directory"), (fifo, "a pipe")):
        status, err, _ = results(capsys, str(path))
        assert (status, err) == (1, [f"error: {path}: {kind}, not a regular file: expected a file to read"])


def test_the_size_limit_and_the_option_that_raises_it(tmp_path, capsys):
    path = tmp_path / "event.pbn"
    path.write_text(GOOD * 1, encoding="utf-8")
    status, err, _ = results(capsys, str(path), "--max-size", "0.0001")
    assert (status, err) == (1, [f"error: {path}: more than 104 bytes: expected a smaller file, or --max-size MB "
                                 f"to allow it"])
    status, err, out = results(capsys, str(path), "--max-size", "1", "--format", "json")
    assert (status, err) == (0, []) and '"score_ns": 400' in out


def test_the_hand_record_of_a_bad_file_writes_nothing(tmp_path, capsys):
    text, message = CASES["card not held"]
    path = tmp_path / "event.pbn"
    path.write_text(text, encoding="utf-8")
    assert main(["handrecord", str(path), "-o", str(tmp_path / "hands.pdf")]) == 1
    assert capsys.readouterr().err.splitlines() == [f"{path}:{message}"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.pbn"]


WINDOWS_TEXT = '[Event "Coupe d’été – “Noël” 5 €"]\n[Board "1"]\n'


@pytest.mark.parametrize("header", ["", "% Content-type: text/x-pbn; charset=ISO-8859-1\n"])
def test_windows_1252_is_told_from_latin_1(header):
    """’ – “ € are bytes 0x80-0x9F in Windows-1252: read as ISO 8859-1 they were C1 control characters."""
    event = read_pbn((header + WINDOWS_TEXT).encode("cp1252"))
    assert (event.encoding, event.name, event.problems) == ("cp1252", "Coupe d’été – “Noël” 5 €", ())
    assert read_pbn("[Event \"Noël\"]\n[Board \"1\"]\n".encode("latin-1")).encoding == "iso-8859-1"


def test_a_line_in_another_encoding_is_a_problem_with_its_line():
    utf8 = '[Event "Zoé 王丽"]\n[Board "1"]\n[North "Hélène"]\n[South "Zoé"]\n'.encode()
    mixed = utf8.replace("Hélène".encode(), "Hélène".encode("latin-1"))
    event = read_pbn(mixed)
    assert (event.encoding, event.name, event.games[0].get("South")) == ("utf-8", "Zoé 王丽", "Zoé")
    assert [str(p) for p in event.problems] == [
        "<bytes>:3: this line is not UTF-8, the rest of the file utf-8: expected one encoding for the whole "
        "file (save it again as UTF-8)"]
    gbk = '[Event "王丽"]\n[North "陈刚"]\n[South "Zoé"]\n[Board "1"]\n'.encode("gbk")
    event = read_pbn(gbk.replace("Zoé".encode("gbk"), "Zoé".encode()))
    assert (event.encoding, event.name) == ("gb18030", "王丽")
    assert [p.line for p in event.problems] == [3] and "this line is UTF-8" in event.problems[0].problem


def test_a_mitchell_numbered_in_each_direction_is_no_pair_twice():
    """NS 1..3 and EW 1..3 are six pairs: 1 v 1 is no pair against itself; a number twice in one
    direction on a board still is a problem."""
    board_2 = BOARD_2.replace(f'[Deal "{DEAL}"]\n', "")
    rows = "1 1 3NT N 9 - -\n2 2 3NT N 9 - -\n3 3 3NT N 9 - -\n"
    mitchell = HEAD + TABLE + rows + "\n" + board_2 + TABLE + "1 2 3NT N 9 - -\n2 3 3NT N 9 - -\n3 1 3NT N 9 - -\n"
    assert read_pbn(mitchell).problems == ()
    twice = mitchell.replace("2 3 3NT N 9 - -", "1 3 3NT N 9 - -")
    assert [str(p) for p in read_pbn(twice).problems] == [
        "<text>:17: board 2: pair 1 NS plays the board twice (also at line 16): expected each pair once on a board"]
