"""The scoring conventions of sections, VP scales, point-a-board teams, artificial scores on the full
top and factored totals, on the fixtures of make_scoring_fixtures.py (figures worked out there by
arithmetic of its own) and on small events written here with their figures worked out by hand."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_runner import run_cli

from rules_ext.errors import RulesError
from rules_ext.events import compute_results, read_pbn
from rules_ext.events.report import results_as_dict, results_as_text
from rules_ext.events.usebio.reader import read_usebio

FIXTURES = Path(__file__).parent / "fixtures"
ROOT = Path(__file__).parents[2]


def conventions(results) -> dict[str, str]:
    return {name: value for name, value, _ in results.conventions}


def why(results, name: str) -> str:
    return next(reason for convention, _, reason in results.conventions if convention == name)


# ------------------------------------------------------------------------------------------ sections

def test_two_sections_across_the_field_are_inferred_and_agree_with_the_file():
    event = read_usebio(FIXTURES / "two-sections-across.xml")
    assert event.problems == ()
    results = compute_results(event)
    assert results.sections == ("A", "B")
    assert conventions(results)["sections"] == "across"
    found = re.match(r"inferred from the file's figures: (\d+)/(\d+) agree across the field, (\d+)/\2 section by "
                     r"section", why(results, "sections"))
    assert found and (int(found[1]), int(found[2])) == (results.agreeing, results.compared)
    assert int(found[3]) < results.agreeing
    assert results.differences == ()
    # each board over the six results of both sections: the top is 10, and the pairs of each section
    # are named by it (both sections number their pairs from 1)
    assert {b.top for b in results.boards} == {10.0}
    assert all(len(b.lines) == 6 for b in results.boards)
    assert {ln.result.ns for b in results.boards for ln in b.lines} == {"A1NS", "A2NS", "A3NS", "B1NS", "B2NS", "B3NS"}
    # WINNER_TYPE 2 and places within each section: four lists
    assert [(r.section, r.group, len(r.entries)) for r in results.rankings] == [
        ("A", "NS", 3), ("A", "EW", 3), ("B", "NS", 3), ("B", "EW", 3)]
    assert conventions(results)["ranking"] == "sections"


def test_two_sections_scored_section_by_section_differ_from_the_file():
    event = read_usebio(FIXTURES / "two-sections-across.xml")
    apart = compute_results(event, conventions={"sections": "separate"})
    assert {b.top for b in apart.boards} == {4.0}  # three results of a section: top 4
    assert {b.section for b in apart.boards} == {"A", "B"} and len(apart.boards) == 12
    assert any(d.item == "MP_NS" for d in apart.differences)
    assert ("sections", "separate", "set by the director") in apart.conventions


def test_two_sections_ranked_over_the_field_or_with_one_winner():
    event = read_usebio(FIXTURES / "two-sections-across.xml")
    field = compute_results(event, conventions={"ranking": "field"})
    assert [(r.section, r.group, len(r.entries)) for r in field.rankings] == [("", "NS", 6), ("", "EW", 6)]
    one = compute_results(event, conventions={"ranking": "field", "winners": "one"})
    assert [(r.section, r.group, len(r.entries)) for r in one.rankings] == [("", "", 12)]
    by_section = compute_results(event, conventions={"winners": "one"})
    assert [(r.section, len(r.entries)) for r in by_section.rankings] == [("A", 6), ("B", 6)]


# A PBN session of two sections scored each on its own (the Section column); board 1, not vulnerable:
# section A: 420 and -50, section B: 400 and 430. Each section on its own (two results, top 2):
# A 420 -> 2, -50 -> 0; B 430 -> 2, 400 -> 0. Across the field (top 6): 430 6, 420 4, 400 2, -50 0.
SEPARATE = """% PBN 2.1
[Event "Two rooms"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Scoring "MP1"]
[ScoreTable "Section;PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW;MP_NS;MP_EW"]
"A" 1 11 4S N 10 "420" - 2 0
"A" 2 12 4S N 9 - "50" 0 2
"B" 5 15 3NT S 9 "400" - 0 2
"B" 6 16 3NT S 10 "430" - 2 0
"""


def test_a_pbn_section_column_scored_each_section_on_its_own_is_inferred():
    results = compute_results(read_pbn(SEPARATE, source="two.pbn"))
    assert conventions(results)["sections"] == "separate"
    assert results.differences == ()
    figures = {(b.section, ln.result.ns): ln.mp_ns for b in results.boards for ln in b.lines}
    assert figures == {("A", "1"): 2, ("A", "2"): 0, ("B", "5"): 0, ("B", "6"): 2}
    across = compute_results(read_pbn(SEPARATE), conventions={"sections": "across"})
    assert {ln.result.ns: ln.mp_ns for b in across.boards for ln in b.lines} == {"6": 6, "1": 4, "5": 2, "2": 0}
    assert len(across.differences) == 6  # every MP of the file but -50's 0 and 430's 0 to EW


def test_sections_text_json_and_masterpoints():
    event = read_usebio(FIXTURES / "two-sections-across.xml")
    results = compute_results(event)
    text = results_as_text(event, results)
    assert "Ranking section A NS" in text and "Ranking section B EW" in text
    data = results_as_dict(event, results)
    assert data["sections"] == ["A", "B"]
    firsts = [e for e in data["ranking"] if e["rank"] == "1"]
    assert [(e["section"], e["group"], e["masterpoints"]) for e in firsts] == [
        (s, d, {"awarded": "60", "type": "LOCAL"}) for s in "AB" for d in ("NS", "EW")]
    third = next(e for e in data["ranking"] if e["rank"] == "3")
    assert "masterpoints" not in third  # the file awards the first two of each list only
    assert re.search(r"\n\s+1\s+A\d+NS\s+.*\s60 LOCAL\n", text)


# --------------------------------------------------------------------------------------- VP scales

def _match_vps(path: Path) -> list[tuple[str, str]]:
    """The VPs the file gives each match (TEAM_SCORE, OPPOSING_TEAM_SCORE), in file order."""
    text = path.read_text(encoding="iso-8859-1")
    return re.findall(r"<TEAM_SCORE>([^<]*)</TEAM_SCORE>\s*<OPPOSING_TEAM_SCORE>([^<]*)</OPPOSING_TEAM_SCORE>", text)


def test_a_whole_number_20_vp_scale_is_inferred_from_the_file():
    path = FIXTURES / "teams-acbl20.xml"
    event = read_usebio(path)
    results = compute_results(event)
    assert results.vp_scale == "acbl-20"
    assert why(results, "vp-scale") == "inferred from 6/6 matches"
    assert [(f"{m.vp_home:g}", f"{m.vp_visit:g}") for m in results.matches] == _match_vps(path)
    assert all(m.vp_home == int(m.vp_home) and m.vp_home + m.vp_visit == 20 for m in results.matches)
    assert results.differences == ()
    wbf = compute_results(event, conventions={"vp-scale": "wbf2013"})
    assert {d.item for d in wbf.differences} >= {"VP_Home", "VP_Visit"}
    assert wbf.vp_scale == "wbf2013"


def test_the_wbf_discrete_scale_is_inferred_where_the_file_prints_whole_numbers():
    # the fixture's matches of 8 boards on the EBU's printed table: -12 IMPs are 6-14 there (5-15 on the
    # ACBL's), +4 are 12-8 (11.67-8.33 on the continuous scale, inside the whole number's rounding)
    path = FIXTURES / "teams-wbf-discrete.xml"
    event = read_usebio(path)
    results = compute_results(event)
    assert results.vp_scale == "wbf2013-discrete"
    assert why(results, "vp-scale") == "inferred from 6/6 matches"
    assert [(f"{m.vp_home:g}", f"{m.vp_visit:g}") for m in results.matches] == _match_vps(path)
    assert [m.imps_home - m.imps_visit for m in results.matches] == [-2, -12, -5, 4, 5, -4]
    assert (results.compared, results.differences) == (164, ())
    text = results_as_text(event, results)
    assert "Matches (VPs: WBF 2013 discrete scale (whole numbers, the EBU's))" in text
    assert re.search(r"\n\s+1\s+Plovers\s.*\s34\s+13\s+3\n", text)  # whole VPs in the ranking too
    acbl = compute_results(event, conventions={"vp-scale": "acbl-20"})
    assert {d.item for d in acbl.differences} >= {"VP_Home", "VP_Visit"}
    continuous = compute_results(event, conventions={"vp-scale": "wbf2013"})  # 11.67 against 12: a rounding
    assert continuous.rounding >= 10 and {d.item for d in continuous.differences} == {"TotalScoreVP"}


def test_a_scale_fitting_as_well_as_the_one_taken_is_named_beside_it():
    from rules_ext.events.scoring.victory_points import choose_vp_scale
    event = read_usebio(FIXTURES / "teams-wbf-discrete.xml")
    matches = compute_results(event).matches
    alike = [m for m in matches if m.imps_home - m.imps_visit in (-2, 4, -4)]  # the same VPs on both tables
    assert choose_vp_scale(event, alike, {}) == ("wbf2013-discrete", "inferred from 3/3 matches; acbl-20 gives the same")


def test_the_vp_scale_is_named_in_text_and_json():
    event = read_usebio(FIXTURES / "teams-acbl20.xml")
    results = compute_results(event)
    assert "Matches (VPs: ACBL 20-VP scale (whole numbers))" in results_as_text(event, results)
    scale = results_as_dict(event, results)["vp_scale"]
    assert scale["name"] == "acbl-20" and scale["whole_numbers"] and "bridgehands.com" in scale["source"]


def test_a_scale_without_a_table_for_the_matches_is_refused_in_one_line():
    event = read_usebio(FIXTURES / "compscore-swiss-teams.xml")  # matches of 4 boards
    with pytest.raises(RulesError, match="acbl-20 VP scale has no table for a match of 4 boards"):
        compute_results(event, conventions={"vp-scale": "acbl-20"})
    out = run_cli("results", str(FIXTURES / "compscore-swiss-teams.xml"), "--convention", "vp-scale=acbl-20", cwd=ROOT)
    assert out.returncode == 1 and len(out.stderr.decode().strip().splitlines()) == 1
    out = run_cli("results", str(FIXTURES / "compscore-swiss-teams.xml"), "--convention", "vp-scale=ebu", cwd=ROOT)
    assert out.returncode == 1 and "expected wbf2013 or wbf2013-discrete or ebu-10 or acbl-20 or acbl-30" in out.stderr.decode()


# ------------------------------------------------------------------------------ point-a-board teams

def test_point_a_board_usebio_teams_scored_by_board_points():
    path = FIXTURES / "teams-pab.xml"
    results = compute_results(read_usebio(path))
    assert results.method == "board-a-match"
    assert ("board-points", "2/1/0") in {(n, v) for n, v, _ in results.conventions}
    assert results.differences == () and results.compared > 0
    assert [(f"{m.vp_home:g}", f"{m.vp_visit:g}") for m in results.matches] == _match_vps(path)
    assert all(m.vp_home + m.vp_visit == 2 * m.boards for m in results.matches)
    assert results.rankings[0].unit == "BP"
    one = compute_results(read_usebio(path), conventions={"board-points": "1/0.5/0"})
    assert all(m.vp_home + m.vp_visit == m.boards for m in one.matches)
    assert {d.item for d in one.differences} >= {"VP_Home", "TotalScoreVP"}


def _bam_expected(text: str) -> tuple[float, float]:
    """Board points of the home team and the visitors from the PBN's own Score tags: per board, the
    Open room's NS score (home NS) against the Closed room's (visitors NS)."""
    rooms: dict[str, dict[str, int]] = {}
    for game in text.split("\n\n"):
        board = re.search(r'\[Board "(\d+)"\]', game)[1]
        room = re.search(r'\[Room "(\w+)"\]', game)[1]
        side, points = re.search(r'\[Score "(NS|EW) (\d+)"\]', game).groups()
        rooms.setdefault(board, {})[room] = int(points) * (1 if side == "NS" else -1)
    home = sum(1 if r["Open"] > r["Closed"] else 0.5 if r["Open"] == r["Closed"] else 0 for r in rooms.values())
    return home, len(rooms) - home


def test_board_a_match_pbn_teams():
    text = (FIXTURES / "teams-bam.pbn").read_text()
    results = compute_results(read_pbn(text))
    assert results.method == "board-a-match"
    (match,) = results.matches
    assert (match.vp_home, match.vp_visit) == _bam_expected(text)
    assert [e.total for e in results.rankings[0].entries] == sorted(_bam_expected(text), reverse=True)
    out = results_as_text(read_pbn(text), results)
    assert "Matches (board-a-match: board points)" in out
    # a board's lines carry board points, and their columns say so (not IMPs)
    assert "BP NS  BP EW" in out and "IMP NS" not in out


def test_board_a_match_is_for_teams_only():
    with pytest.raises(RulesError, match=r"board-a-match \(point-a-board\) scores teams matches"):
        compute_results(read_pbn('[Board "1"][Scoring "BAM"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2 420\n'))


# --------------------------------------------------------------- artificial scores, factored totals

def test_brian_scores_the_real_results_unscaled_on_the_full_top():
    event = read_pbn((FIXTURES / "brian-full-top.pbn").read_text(), source="brian.pbn")
    results = compute_results(event)
    assert conventions(results)["artificial-top"] == "full-top"
    assert why(results, "artificial-top") == "inferred from 1/1 boards with an artificial score"
    assert results.differences == ()
    board = results.boards[0]
    assert board.top == 10  # six rows, one of them A=
    real = sorted(ln.mp_ns for ln in board.lines if ln.result.artificial is None)
    assert real[-1] <= 8  # five real results among themselves: at most 8, never scaled
    (artificial,) = [ln for ln in board.lines if ln.result.artificial is not None]
    assert (artificial.mp_ns, artificial.mp_ew) == (5, 5)
    neuberg = compute_results(event, conventions={"artificial-top": "neuberg"})
    assert {d.board for d in neuberg.differences} >= {1}
    own = compute_results(event, conventions={"artificial-top": "own-top"})
    own_artificial = next(ln for ln in own.boards[0].lines if ln.result.artificial is not None)
    assert own.boards[0].top == 8 and own_artificial.mp_ns == 4


def test_pianola_factors_a_pairs_imp_total_up_to_the_sessions_boards():
    event = read_usebio(FIXTURES / "factored-butler.xml")
    results = compute_results(event)
    assert conventions(results)["factored"] == "yes"
    assert results.differences == ()
    short = [e for r in results.rankings for e in r.entries if e.boards == 5]
    assert len(short) == 2  # the two pairs of the table that did not play board 6
    unfactored = compute_results(event, conventions={"factored": False})
    plain = {e.id: e.total for r in unfactored.rankings for e in r.entries}
    for e in short:
        assert e.total == pytest.approx(plain[e.id] * 6 / 5)
    assert {d.item for d in unfactored.differences} == {"TotalScoreIMP", "Rank"} or \
        {d.item for d in unfactored.differences} == {"TotalScoreIMP"}


def test_every_new_convention_is_settable_from_the_command_line(tmp_path):
    out = run_cli("results", str(FIXTURES / "two-sections-across.xml"), "--format", "json",
                  "--convention", "sections=separate", "--convention", "ranking=field", "--convention", "winners=one",
                  cwd=ROOT)
    data = json.loads(out.stdout)
    assert data["conventions"]["sections"] == {"value": "separate", "why": "set by the director"}
    assert {e.get("section") for e in data["ranking"]} == {"A", "B"}  # each section scored on its own is ranked so
    out = run_cli("results", str(FIXTURES / "two-sections-across.xml"), "--convention", "sections=sideways", cwd=ROOT)
    assert out.returncode == 1 and "expected across or separate" in out.stderr.decode()
