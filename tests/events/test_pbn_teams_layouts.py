"""Teams paired by the match, not by the table: RealBridge's rooms (different Table numbers, home
and visiting team swapped), a BBO vugraph-style match (HomeTeam/VisitTeam in the first game only,
inherited by the others), and records that cannot be paired (said, never counted as agreeing).

The fixtures (tests/events/fixtures/make_teams_layouts.py) have invented teams and players; their
scores and IMPs were worked out by hand there.
"""
import json
import subprocess
import sys
from pathlib import Path

from rules_ext.core import vp
from rules_ext.events import compute_results, read_pbn
from rules_ext.events.report import results_as_dict, results_as_text

FIXTURES = Path(__file__).parent / "fixtures"
SWAPPED = FIXTURES / "teams-realbridge-swapped.pbn"
VUGRAPH = FIXTURES / "teams-vugraph.pbn"
UNPAIRED = FIXTURES / "teams-unpaired.pbn"


def matches(results):
    return {(m.home, m.visit): (m.imps_home, m.imps_visit, m.boards, m.vp_home, m.vp_visit, m.table)
            for m in results.matches}


def test_realbridge_rooms_with_different_tables_and_teams_swapped_are_one_match():
    event = read_pbn(SWAPPED)
    assert not event.problems
    results = compute_results(event)
    assert matches(results) == {
        ("Falcons", "Lynxes"): (22, 0, 3, *vp(22, 3), "4/9"),
        ("Ravens", "Beavers"): (16, 1, 3, *vp(15, 3), "2/12"),
    }
    assert vp(22, 3) == (19.23, 0.77) and vp(15, 3) == (17.40, 2.60)
    (ranking,) = results.rankings
    assert [(e.rank, e.id, e.total, e.imps) for e in ranking.entries] == [
        ("1", "Falcons", 19.23, 22), ("2", "Ravens", 17.4, 15), ("3", "Beavers", 2.6, -15), ("4", "Lynxes", 0.77, -22)]
    # each record's HomeTeam sits North-South at its table; the match's home team is its first record's
    board1 = results.boards[0]
    seated = [(ln.result.table, ln.result.ns, ln.result.ew, ln.result.home, ln.imp_ns) for ln in board1.lines]
    assert seated == [("4", "Falcons", "Lynxes", "Falcons", 10), ("2", "Ravens", "Beavers", "Ravens", -1),
                      ("9", "Lynxes", "Falcons", "Falcons", -10), ("12", "Beavers", "Ravens", "Ravens", 1)]
    # every ScoreIMP figure (2 per record) and every Score compared, all agreeing, nothing left out
    assert (results.compared, results.agreeing, results.differences, results.not_compared, results.unpaired) == (
        24 + 12, 36, (), (), ())


def test_a_wrong_score_imp_in_the_swapped_layout_is_a_difference():
    text = SWAPPED.read_text(encoding="utf-8").replace('[ScoreIMP "NS -12 EW 12"]', '[ScoreIMP "NS -11 EW 11"]')
    differences = [(d.board, d.participant, d.item, d.theirs, d.ours)
                   for d in compute_results(read_pbn(text)).differences]
    assert differences == [(3, "Lynxes-Falcons", "ScoreIMP NS", "-11", "-12"),
                           (3, "Lynxes-Falcons", "ScoreIMP EW", "11", "12")]


def test_vugraph_teams_named_in_the_first_game_only_are_inherited():
    event = read_pbn(VUGRAPH)
    assert not event.problems
    assert {(r.home, r.visit, r.round, r.room) for b in event.boards for r in b.results} == {
        ("Herons", "Foxes", "1", "Open"), ("Herons", "Foxes", "1", "Closed")}
    results = compute_results(event)
    assert matches(results) == {("Herons", "Foxes"): (10, 13, 3, *vp(-3, 3), "")}
    assert [m.round for m in results.matches] == ["1"]
    (ranking,) = results.rankings
    assert [(e.rank, e.id, e.imps, e.boards) for e in ranking.entries] == [("1", "Foxes", 3, 1),
                                                                         ("2", "Herons", -3, 1)]
    assert (results.compared, results.agreeing, results.not_compared, results.unpaired) == (12 + 6, 18, (), ())


def test_records_that_cannot_be_paired_are_named_and_not_compared():
    event = read_pbn(UNPAIRED)
    results = compute_results(event)
    # board 1's 10 IMPs and board 2's 3, the file's own ScoreIMP of its one record: counted as the
    # program counted it (the match is 13:0 over 2 boards), that record's IMPs not compared
    assert matches(results) == {("Larks", "Moles"): (13, 0, 2, *vp(13, 2), "5/8")}
    (match,) = results.matches
    assert match.one_room == 1
    assert [(b.number, b.imps_home, b.one_room, b.closed is None) for b in match.lines] == [
        (1, 10, False, False), (2, 3, True, True)]
    assert results.unpaired == (
        "board 2, Larks v Moles: one record only (line 58, table 5, Larks North-South): the other room is not "
        "in the file; counted with the file's own IMPs (NS 3 EW -3), which are not compared",
        "board 3, line 142: HomeTeam Larks, VisitTeam Larks: not the two teams of a match; not scored",
        "board 3, Larks v Moles: 2 records with Larks North-South (line 79, table 5; line 100, table 5): a match "
        "has one per room; none of its records is scored",
    )
    # board 1's two records (2 ScoreIMP figures each) and the 7 scores compared; the 5 ScoreIMPs of
    # the records not paired are not, and are said not to be
    assert (results.compared, results.agreeing, results.differences) == (4 + 7, 11, ())
    assert results.not_compared == (("ScoreIMP EW", 5), ("ScoreIMP NS", 5))
    text = results_as_text(event, results)
    assert ("The file's own figures: 11 compared, 11 agreeing, rounding: 0, differences: 0; not compared: 10 "
            "(ScoreIMP EW 5, ScoreIMP NS 5), no figure of ours for them") in text
    assert "Records not paired (3): each says whether its board is counted" in text
    data = results_as_dict(event, results)
    assert data["comparison"]["not_compared"] == {"ScoreIMP EW": 5, "ScoreIMP NS": 5}
    assert data["unpaired"] == list(results.unpaired)


def test_the_cli_json_of_the_swapped_layout():
    run = subprocess.run([sys.executable, "-m", "rules_ext", "results", str(SWAPPED), "--format", "json"],
                         capture_output=True, text=True, check=True)
    data = json.loads(run.stdout)
    assert [(m["home"], m["visit"], m["imps_home"], m["imps_visit"], m["boards"], m["table"])
            for m in data["matches"]] == [("Falcons", "Lynxes", 22, 0, 3, "4/9"), ("Ravens", "Beavers", 16, 1, 3,
                                                                                   "2/12")]
    assert data["comparison"] == {"compared": 36, "agreeing": 36, "rounding": 0, "differences": 0}
    assert "unpaired" not in data
