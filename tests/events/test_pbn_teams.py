"""Teams events: rooms paired by Room or by Table + HomeTeam/VisitTeam, matches not played, IMPs,
VPs, the ranking, and the file's own figures (ScoreIMP, TotalScoreTable) compared with ours.

The fixtures (tests/events/fixtures/make_teams_fixtures.py) have invented players; their figures were
worked out by hand there.
"""
import json
import re
from pathlib import Path

import pytest

from rules_ext.core import vp
from rules_ext.events import compute_results, read_pbn
from rules_ext.events.dd import Par
from rules_ext.events.model import split_member_id
from rules_ext.events.report import results_as_dict

FIXTURES = Path(__file__).parent / "fixtures"
REALBRIDGE = FIXTURES / "realbridge-teams.pbn"
ROOMS = FIXTURES / "room-teams.pbn"


def figures_printed(text: str) -> int:
    """How many figures of its own the file prints: each side of a ScoreIMP of a played record,
    and the IMP, VP and Rank cells of its TotalScoreTable."""
    records = text.split("\n\n")
    score_imp = sum(len(re.findall(r"(?:NS|EW) [+-]?\d+", m)) for r in records
                    if "[Score " in r or "Room" in r for m in re.findall(r'\[ScoreIMP "([^"]*)"\]', r))
    totals = text.split("[TotalScoreTable", 1)[1].split("\n\n", 1)[0].splitlines()[1:]
    return score_imp + 3 * len(totals)


def by_match(results):
    return {(m.home, m.visit): m for m in results.matches}


def test_realbridge_rooms_are_paired_by_who_sits_north_south():
    results = compute_results(read_pbn(REALBRIDGE))
    matches = by_match(results)
    first = matches["Nordlicht", "Seepferdchen"]
    assert (first.table, first.imps_home, first.imps_visit, first.boards) == ("1", 10, 6, 3)
    assert (first.vp_home, first.vp_visit) == vp(4, 3) == (12.61, 7.39)
    second = matches["Bergfalken", "Rheinkiesel"]
    assert (second.imps_home, second.imps_visit, second.vp_home, second.vp_visit) == (1, 13, 3.63, 16.37)
    # board 2: the visitors' North-South room comes first in the file; it is still their room
    board2 = results.boards[1]
    seep_ns = board2.lines[0]
    assert (seep_ns.result.ns, seep_ns.result.ew, seep_ns.score_ns, seep_ns.imp_ns) == ("Seepferdchen", "Nordlicht",
                                                                                        110, 6)
    assert results.differences == ()


def test_a_match_not_played_is_not_a_pass_out():
    results = compute_results(read_pbn(REALBRIDGE))
    unplayed = by_match(results)["Waldkauz", "Sternschnuppe"]
    assert (unplayed.boards, unplayed.vp_home, unplayed.vp_visit) == (0, 0.0, 0.0)
    lines = [line for b in results.boards for line in b.lines if line.result.table == "3"]
    assert len(lines) == 6
    assert all(line.result.not_played and line.score_ns is None and line.result.contract is None and
               line.imp_ns is None for line in lines)
    (ranking,) = results.rankings
    ranks = {e.id: (e.rank, e.total, e.boards) for e in ranking.entries}
    assert ranks["Waldkauz"] == ranks["Sternschnuppe"] == ("5=", 0.0, 0)
    # a real pass-out (Score "0") stays one
    passed = results.boards[2].lines[2]
    assert (passed.result.contract.is_passed_out, passed.score_ns, passed.imp_ns) == (True, 0, -3)


def test_one_board_not_played_in_a_played_match():
    text = REALBRIDGE.read_text(encoding="utf-8")
    played = '[Declarer "N"]\n[Contract "1NT"]\n[Result "7"]\n[Score "NS 90"]\n[Table "1"]'
    text = text.replace(played, '[Declarer ""]\n[Contract "Pass"]\n[Result ""]\n[Table "1"]', 1)
    results = compute_results(read_pbn(text))
    match = by_match(results)["Nordlicht", "Seepferdchen"]
    assert (match.boards, match.imps_home, match.imps_visit) == (2, 10, 6)
    assert (match.vp_home, match.vp_visit) == vp(4, 2)
    assert results.boards[2].lines[0].result.not_played


def test_member_ids_are_kept_apart_from_the_names():
    event = read_pbn(REALBRIDGE)
    first = event.boards[0].results[0]
    assert first.players == ("Markus Knob", "Jonas Brandt", "Anja Weber", "Lea Vogt")
    assert first.member_ids == ("39415", "38002", "40127", "41555")
    assert (first.names_ns, first.names_ew) == ("Markus Knob - Anja Weber", "Jonas Brandt - Lea Vogt")
    assert split_member_id("Markus Knob#39415") == ("Markus Knob", "39415")
    assert split_member_id("Li Si") == ("Li Si", "")
    results = compute_results(event)
    data = results_as_dict(event, results)
    line = data["boards"][0]["results"][0]
    assert (line["table"], line["names_ns"], line["names_ew"]) == ("1", "Markus Knob - Anja Weber",
                                                                   "Jonas Brandt - Lea Vogt")
    assert line["member_ids"] == {"N": "39415", "E": "38002", "S": "40127", "W": "41555"}
    assert "#" not in json.dumps(data, ensure_ascii=False)
    (ranking,) = results.rankings
    nordlicht = next(e for e in ranking.entries if e.id == "Nordlicht")
    assert nordlicht.names == "Markus Knob, Anja Weber, Stefan Horn, Clara Busch"


def test_optimum_score_with_a_plus_sign_is_read():
    event = read_pbn(REALBRIDGE)
    assert [b.optimum_score for b in event.boards] == ["NS +430", "EW +110", "NS +90"]
    assert [Par.from_tags(b.optimum_score, "").score for b in event.boards] == [430, -110, 90]
    assert not event.problems


def test_matches_in_the_json():
    event = read_pbn(REALBRIDGE)
    data = results_as_dict(event, compute_results(event))
    assert data["matches"][0] == {"home": "Nordlicht", "visit": "Seepferdchen", "imps_home": 10, "imps_visit": 6,
                                  "boards": 3, "vp_home": 12.61, "vp_visit": 7.39, "table": "1"}
    assert data["matches"][2]["not_played"] is True
    assert data["boards"][0]["results"][4]["score_ns"] is None
    assert [(r["rank"], r["id"], r["total"], r["imps"]) for r in data["ranking"]][:2] == [
        ("1", "Rheinkiesel", 16.37, 12), ("2", "Nordlicht", 12.61, 4)]


def test_room_file_ties_and_a_pass_out_without_a_score():
    results = compute_results(read_pbn(ROOMS))
    matches = by_match(results)
    assert (matches["Kestrels", "Otters"].imps_home, matches["Kestrels", "Otters"].imps_visit) == (2, 12)
    assert (matches["Herons", "Badgers"].vp_home, matches["Herons", "Badgers"].vp_visit) == vp(10, 3) == (15.58,
                                                                                                         4.42)
    (ranking,) = results.rankings
    assert [(e.rank, e.id) for e in ranking.entries] == [("1=", "Herons"), ("1=", "Otters"), ("3=", "Badgers"),
                                                           ("3=", "Kestrels")]
    passed = results.boards[2].lines[2]  # [Contract "Pass"] without a Score, ScoreIMP "EW 2": played
    assert (passed.result.not_played, passed.score_ns, passed.imp_ns) == (False, 0, -2)
    assert results.differences == ()


@pytest.mark.parametrize(("path", "printed", "scores"), [(REALBRIDGE, 42, 12), (ROOMS, 24, 11)],
                         ids=lambda p: getattr(p, "name", p))
def test_every_figure_the_file_prints_agrees(path, printed, scores):
    text = path.read_text(encoding="utf-8")
    assert figures_printed(text) == printed
    results = compute_results(read_pbn(text))
    # each of them compared, and each Score the file prints checked against its contract and tricks
    assert (results.compared, results.agreeing, results.rounding, results.differences) == (
        printed + scores, printed + scores, 0, ())


def test_wrong_printed_figures_are_listed():
    text = REALBRIDGE.read_text(encoding="utf-8")
    text = text.replace('[ScoreIMP "NS 6 EW -6"]', '[ScoreIMP "NS 7 EW -6"]')
    text = text.replace('[ScoreIMP "NS 0 EW -0"]', '[ScoreIMP "NS 0 EW -1"]', 1)
    text = text.replace(' 2  1 "Nordlicht"        4  12.61', ' 3  1 "Nordlicht"        5  12.71')
    differences = [(d.board, d.participant, d.item, d.theirs, d.ours)
                   for d in compute_results(read_pbn(text)).differences]
    assert differences == [
        (2, "Seepferdchen-Nordlicht", "ScoreIMP NS", "7", "6"),
        (3, "Nordlicht-Seepferdchen", "ScoreIMP EW", "-1", "0"),
        (None, "Nordlicht", "TotalScoreIMP", "5", "4"),
        (None, "Nordlicht", "TotalScoreVP", "12.71", "12.61"),
        (None, "Nordlicht", "Rank", "3", "2"),
    ]


def test_wrong_printed_figures_in_a_room_file_are_listed():
    text = ROOMS.read_text(encoding="utf-8").replace('[ScoreIMP "NS 12"]', '[ScoreIMP "NS 11"]', 1)
    differences = [(d.board, d.participant, d.item, d.theirs, d.ours)
                   for d in compute_results(read_pbn(text)).differences]
    assert differences == [(2, "Herons (Open)", "ScoreIMP NS", "11", "12")]
