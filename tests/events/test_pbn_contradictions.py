"""Contradictions are one clear line each: an id given to two pairs names the line
of each, two events in one file are one line where the second begins, a table header that does not
fit its rows is said once for the header. The fixtures are invented
(fixtures/make_contradiction_fixtures.py)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rules_ext.cli import main
from rules_ext.events import read_pbn
from rules_ext.events.pbn.reader import boards_with_problems, leave_out_bad_boards
from rules_ext.events.pbn.tables import parse_table
from rules_ext.events.usebio.reader import read_usebio

FIXTURES = Path(__file__).parent / "fixtures"
MINE = ("pair-id-twice.pbn", "pair-id-twice.xml", "two-events.pbn", "short-header.pbn")


def _errors(capsys, *args: str) -> tuple[int, list[str], str]:
    status = main([*args])
    captured = capsys.readouterr()
    return status, captured.err.splitlines(), captured.out


@pytest.mark.parametrize("name, line, other", [("pair-id-twice.pbn", 23, 21), ("pair-id-twice.xml", 52, 32)])
def test_a_pair_id_given_to_two_pairs_names_the_line_of_each(capsys, name, line, other):
    path = FIXTURES / name
    status, err, out = _errors(capsys, "results", str(path))
    column = "PAIR_NUMBER" if name.endswith(".xml") else "PairId"
    assert (status, out) == (1, "")
    assert err == [f'{path}:{line}: pair 3 is given to two pairs: "Elif Umber - Femi Vesper" at line {other} and '
                   f'"Rhea Ivy - Soren Juniper" here: expected one {column} for each pair']
    lines = path.read_text().splitlines()
    assert "Elif Umber" in "".join(lines[other - 1:other + 5]) and "Rhea Ivy" in "".join(lines[line - 1:line + 5])


def test_the_same_pair_listed_twice_is_said_too():
    text = (FIXTURES / "pair-id-twice.pbn").read_text().replace("Rhea Ivy - Soren Juniper", "Elif Umber - Femi Vesper")
    assert [str(p) for p in read_pbn(text).problems] == [
        "<text>:23: pair 3 is listed twice in the TotalScoreTable (also at line 21): expected each pair once"]


def test_one_number_in_each_direction_or_section_is_two_pairs_not_a_contradiction():
    text = (FIXTURES / "pair-id-twice.pbn").read_text()
    mitchell = text.replace('  3 N-S "Rhea Ivy', '  3 E-W "Rhea Ivy')
    assert read_pbn(mitchell).problems == ()
    sections = (text.replace("PairId\\2R;Direction\\3L;", "PairId\\2R;Section\\1L;Direction\\3L;")
                .replace('  3 N-S "Rhea', '  3 B N-S "Rhea'))
    sections = "\n".join(line.replace(" N-S ", " A N-S ").replace(" E-W ", " A E-W ") if "Rhea" not in line
                         else line for line in sections.splitlines()) + "\n"
    assert read_pbn(sections).problems == ()
    xml = (FIXTURES / "pair-id-twice.xml").read_text()
    second = xml.index("<PAIR_NUMBER>3</PAIR_NUMBER>", xml.index("Femi Vesper"))
    by_direction = xml[:second] + xml[second:].replace("<DIRECTION>NS</DIRECTION>", "<DIRECTION>EW</DIRECTION>", 1)
    assert read_usebio(by_direction.encode()).problems == ()


def test_two_events_in_one_file_are_one_line(capsys):
    path = FIXTURES / "two-events.pbn"
    status, err, out = _errors(capsys, "results", str(path))
    assert (status, out) == (1, "")
    assert err == [f'{path}:65: a second event begins here (Event "Autumn evening" after Event "Spring evening"): '
                   f"expected one event per file: split the file by event"]
    assert path.read_text().splitlines()[64] == '[Event "Autumn evening"]'


def test_with_keep_going_the_first_event_is_scored_whole(capsys):
    event = read_pbn(FIXTURES / "two-events.pbn")
    assert (event.name, [b.number for b in event.boards], len(event.games)) == ("Spring evening", [1, 2, 3, 4], 4)
    assert boards_with_problems(event) == ()
    assert leave_out_bad_boards(event).boards == event.boards
    status, err, out = _errors(capsys, "results", str(FIXTURES / "two-events.pbn"), "--keep-going", "--format", "json")
    assert status == 1 and len(err) == 1 and '"event": "Spring evening"' in out


def test_a_file_written_twice_is_a_second_event_too():
    once = (FIXTURES / "pair-id-twice.pbn").read_text().replace('  3 N-S "Rhea Ivy - Soren Juniper"\n', "")
    event = read_pbn(once + "\n" + once)
    assert [p.problem for p in event.problems] == [
        'a second event begins here (Event "Club pairs" after Event "Club pairs"): expected one event per file: '
        'split the file by event']


def test_the_same_event_name_without_a_new_header_is_no_second_event():
    """Games of one event given again (a repeated game) stay what they were: one line each."""
    text = (FIXTURES / "two-events.pbn").read_text()
    second = text.index('% PBN 2.1', 10)
    one_event = text[:second] + text[second:].replace("% PBN 2.1\n% EXPORT\n", "").replace("Autumn", "Spring").replace(
        "2026.10.08", "2026.04.02")
    problems = read_pbn(one_event).problems
    assert problems and not any("second event" in p.problem for p in problems)


def test_a_header_missing_a_column_is_said_once_for_the_header(capsys):
    path = FIXTURES / "short-header.pbn"
    status, err, _ = _errors(capsys, "pbn", str(path))
    header = ("ScoreTable lists 8 columns (PairId_NS;PairId_EW;Contract;Declarer;Score_NS;Score_EW;MP_NS;MP_EW) "
              "but each of its 4 rows has 9 cells: expected one column for each cell (a column missing from the "
              "header?)")
    lines = path.read_text().splitlines()
    headers = [n for n, line in enumerate(lines, start=1) if line.startswith("[ScoreTable")]
    assert status == 1 and err == [f"{path}:{n}: {header}" for n in headers] and len(headers) == 3


def test_a_header_with_a_column_too_many_and_a_single_bad_row():
    table, problems = parse_table("ScoreTable", "PairId_NS;PairId_EW;Contract;Result", ("1 2 3NT", "3 4 4S"), (5, 6))
    assert problems == [(0, "ScoreTable lists 4 columns (PairId_NS;PairId_EW;Contract;Result) but each of its 2 rows "
                            "has 3 cells: expected one column for each cell (a column too many in the header?)")]
    assert table.rows == ()
    _, problems = parse_table("ScoreTable", "PairId_NS;PairId_EW;Contract", ("1 2 3NT", "3 4 4S 10"), (5, 6))
    assert [line for line, _ in problems] == [6]  # one row wrong: that row, as before


@pytest.mark.parametrize("name", MINE)
def test_make_contradiction_fixtures_reproduces_the_committed_files(tmp_path, name):
    (tmp_path / "tests" / "events" / "fixtures").mkdir(parents=True)
    subprocess.run([sys.executable, str(FIXTURES / "make_contradiction_fixtures.py")], cwd=tmp_path, check=True)
    assert (tmp_path / "tests" / "events" / "fixtures" / name).read_bytes() == (FIXTURES / name).read_bytes()


def test_a_second_event_right_after_the_last_table_begins_at_its_header():
    """Without an empty line between the two files the second header follows the last table's rows:
    the second event begins at its ``% PBN`` line, and the first event keeps its last board whole."""
    text = (FIXTURES / "two-events.pbn").read_text()
    second = text.index("% PBN 2.1", 10)
    joined = text[:second].rstrip("\n") + "\n" + text[second:]
    header_line = joined[:joined.index("% PBN 2.1", 10)].count("\n") + 1
    event = read_pbn(joined)
    assert [str(p) for p in event.problems] == [
        f'<text>:{header_line}: a second event begins here (Event "Autumn evening" after Event "Spring evening"): '
        f"expected one event per file: split the file by event"]
    alone = read_pbn(text[:second])
    assert event.boards == alone.boards and boards_with_problems(event) == ()
