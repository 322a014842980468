"""Events of several sessions: ``results S1 S2 …`` (PBN and USEBIO mixed), carry-over none, full or a
percentage, the overall ranking beside each session's. The fixtures (fixtures/make_session_fixtures.py)
are a two-session pairs event of 6 pairs whose session totals are worked out there by hand:
session 1 (PBN) 4, 2, 2, 10, 10, 8 and session 2 (USEBIO) 5, 8, 7, 5, 6, 5 matchpoints for pairs 1..6,
each on a top of 12 per session."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from rules_ext.cli import main
from rules_ext.errors import RulesError
from rules_ext.events.files import read_event_file
from rules_ext.events.scoring.results import compute_results
from rules_ext.events.scoring.sessions import CarryOver, combine_sessions

FIXTURES = Path(__file__).parent / "fixtures"
S1, S2 = FIXTURES / "session-1.pbn", FIXTURES / "session-2.xml"


def _sessions(*paths: Path) -> list:
    return [(event, compute_results(event)) for event in map(read_event_file, paths)]


@pytest.mark.parametrize("carry, expected", [
    # full: 5: 10+6 = 16 of 24 = 66.67 %; 4: 15, 62.50; 6: 13, 54.17; 2: 10, 41.67; 1 and 3: 9, 37.50 (tied)
    ("full", [("1", "5", 16, 66.67), ("2", "4", 15, 62.5), ("3", "6", 13, 54.17), ("4", "2", 10, 41.67),
              ("5=", "1", 9, 37.5), ("5=", "3", 9, 37.5)]),
    # 50 %: half of session 1 and session 2 whole, over 6 + 12 = 18: 5: 5+6 = 11, 61.11; 4: 10, 55.56;
    # 2: 1+8 = 9 and 6: 4+5 = 9, 50.00; 3: 1+7 = 8, 44.44; 1: 2+5 = 7, 38.89
    ("50%", [("1", "5", 11, 61.11), ("2", "4", 10, 55.56), ("3=", "2", 9, 50.0), ("3=", "6", 9, 50.0),
             ("5", "3", 8, 44.44), ("6", "1", 7, 38.89)]),
    # none: session 2 alone
    ("none", [("1", "2", 8, 66.67), ("2", "3", 7, 58.33), ("3", "5", 6, 50.0), ("4=", "1", 5, 41.67),
              ("4=", "4", 5, 41.67), ("4=", "6", 5, 41.67)]),
])
def test_the_overall_ranking_carries_the_earlier_sessions_as_set(carry, expected):
    event = combine_sessions(_sessions(S1, S2), CarryOver.parse(carry))
    (overall,) = event.overall
    assert [(e.rank, e.id, e.total, round(e.pct, 2)) for e in overall.entries] == expected
    assert event.carry_over.why == "set by the director" and event.notes == ()
    five = next(e for e in overall.entries if e.id == "5")
    assert (five.sessions, five.boards) == ((10, 6), 6)


def test_each_session_keeps_its_own_results():
    event = combine_sessions(_sessions(S1, S2))
    assert event.carry_over.name == "full" and event.carry_over.why.startswith("the default")
    assert [s.number for s in event.sessions] == [1, 2]
    assert [(e.rank, e.id) for e in event.sessions[1].results.rankings[0].entries][:3] == [("1", "2"), ("2", "3"),
                                                                                        ("3", "5")]
    assert all(s.results.differences == () for s in event.sessions)


def test_a_pair_missing_from_a_session_is_ranked_on_what_it_played_and_named():
    """Session 2 without pair 6's rows: pair 6 is ranked on session 1 alone (8 of 12: 66.67 %)."""
    event, results = _sessions(S1)[0]
    other = read_event_file(S2)
    from dataclasses import replace

    boards = tuple(replace(b, results=tuple(r for r in b.results if "6" not in (r.ns, r.ew))) for b in other.boards)
    other = replace(other, boards=boards, totals=None)
    combined = combine_sessions([(event, results), (other, compute_results(other))])
    six = next(e for e in combined.overall[0].entries if e.id == "6")
    assert (six.sessions, round(six.pct, 2)) == ((8, None), 66.67)
    assert "6 did not play session 2: ranked on the sessions it played" in combined.notes


@pytest.mark.parametrize("text, message", [("120%", "cannot read carry-over '120%'"), ("half", "cannot read")])
def test_a_bad_carry_over_is_one_line(text, message):
    with pytest.raises(RulesError, match=message):
        CarryOver.parse(text)


def test_sessions_of_different_kinds_are_refused_in_one_line():
    teams = FIXTURES / "room-teams.pbn"
    with pytest.raises(RulesError, match=r"^the sessions are of different kinds .*: expected one kind of event$"):
        combine_sessions(_sessions(S1, teams))


def test_the_command_line_text_json_and_pdf(tmp_path, capsys):
    assert main(["results", str(S1), str(S2), "--carry-over", "50%", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Spring Pairs Final — 2 sessions, carry-over 50% (set by the director)")
    assert re.search(r"\n +1 +5 +Ines Alder - Jonas Birch +10\.00 +6\.00 +5\.00 +11\.00 +61\.11 +6\n", out)
    assert "=== Session 1: " in out and "=== Session 2: " in out
    assert main(["results", str(S1), str(S2), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["carry_over"] == {"name": "full", "share": 1.0, "why": "the default: every session counts whole"}
    assert [(e["rank"], e["id"], e["total"], e["pct"]) for e in data["overall"]][:2] == [("1", "5", 16, 66.67),
                                                                                     ("2", "4", 15, 62.5)]
    assert [s["number"] for s in data["sessions"]] == [1, 2]
    assert data["sessions"][1]["comparison"]["differences"] == 0
    pdf = tmp_path / "r.pdf"
    assert main(["results", str(S1), str(S2), "-o", str(pdf), "--lang", "en"]) == 0
    pages = [page.extract_text() for page in PdfReader(pdf).pages]
    assert "Overall ranking" in pages[0] and "66.67" in pages[0]
    assert any("S2: session-2.xml" in page for page in pages[1:])


def test_the_command_line_refuses_what_does_not_apply(capsys):
    assert main(["results", str(S1), "--carry-over", "50%"]) == 1
    assert "--carry-over is for several sessions" in capsys.readouterr().err
    assert main(["results", str(S1), str(S2), "--corrections", str(FIXTURES / "corrections-pairs.toml")]) == 1
    assert "--corrections applies to one session" in capsys.readouterr().err


def test_teams_over_several_sessions_add_their_vps():
    """The same teams session twice (fixtures/room-teams.pbn): each team's overall VPs are twice its
    session's, its matches twice; a 50 % carry-over counts the first at half: 1.5 times."""
    once = _sessions(FIXTURES / "room-teams.pbn")
    session = {e.id: (e.total, e.boards) for e in once[0][1].rankings[0].entries}
    twice = combine_sessions(once * 2)
    assert twice.unit == "VP"
    assert {e.id: (e.total, e.boards) for e in twice.overall[0].entries} == {
        team: (pytest.approx(2 * vps), 2 * matches) for team, (vps, matches) in session.items()}
    half = combine_sessions(once * 2, CarryOver.parse("50%"))
    assert {e.id: e.total for e in half.overall[0].entries} == {t: pytest.approx(1.5 * v) for t, (v, _) in session.items()}
