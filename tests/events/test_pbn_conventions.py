"""The scoring programs' conventions and a director's entries, each on a small fixture of its own
(invented players, figures worked out by hand in the fixture's header): the setting the JSON
reports, with why, and every printed figure agreeing. A director may set any of them (command
line, corrections file); a file whose figures fit no convention keeps its differences."""
import json
from pathlib import Path

import pytest
from cli_runner import run_cli

from rules_ext.errors import RulesError
from rules_ext.events import compute_results, read_pbn
from rules_ext.events.corrections import CorrectionError, parse_corrections_file
from rules_ext.events.model import Artificial
from rules_ext.events.report import results_as_dict
from rules_ext.events.scoring.conventions import parse_convention

FIXTURES = Path(__file__).parent / "fixtures"

#: fixture -> (the conventions the JSON reports: name -> (value, why), figures compared)
CONVENTION_FIXTURES = {
    "ruter-centred.pbn": ({"centred": ("yes", "inferred from 4/4 rows, NS = -EW")}, 48),
    "scorebridge-ties.pbn": ({"short": ("ties", "inferred from 1/1 boards played fewer times")}, 59),
    "compscore-short.xml": ({"short": ("own-top", "inferred from 1/1 boards played fewer times"),
                             "short-totals": ("neuberg", "inferred from 16/16 totals and percentages"),
                             "factored": ("yes", "inferred from 16/16 totals and percentages")}, 57),
    "ruter-imp-a1.pbn": ({"artificial-imps": ("1", "inferred from the IMPs printed for an artificial score")}, 27),
    "butler-datum-unrounded.pbn": ({"datum-round": ("1", "inferred from 1/1 data not a multiple of 10")}, 36),
    "magic-pairs.pbn": ({"rounded-totals": ("yes", "inferred from 16/16 totals and percentages")}, 70),
    "ruter-penalty.pbn": ({}, 38),
    "ruter-pen-factored.pbn": ({"factored": ("yes", "inferred from 12/12 totals and percentages")}, 42),
    "ruter-adjusted-cells.pbn": ({}, 46),
}


def results_json(name: str, *args: str) -> dict:
    done = run_cli("results", FIXTURES / name, "--format", "json", *args, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("name", sorted(CONVENTION_FIXTURES))
def test_each_convention_is_inferred_reported_and_every_figure_agrees(name):
    expected, compared = CONVENTION_FIXTURES[name]
    data = results_json(name)
    for convention, (value, why) in expected.items():
        assert data["conventions"][convention] == {"value": value, "why": why}
    assert data["comparison"]["compared"] == compared
    assert data["comparison"]["differences"] == 0, data["differences"]


def test_the_text_says_which_convention_and_why():
    text = run_cli("results", FIXTURES / "ruter-centred.pbn", text=True).stdout
    assert "Conventions: centred yes (inferred from 4/4 rows, NS = -EW)" in text


def test_centred_figures_and_percentages():
    data = results_json("ruter-centred.pbn")
    board1 = data["boards"][0]["results"]
    assert [(r["mp_ns"], r["mp_ew"], r["pct_ns"]) for r in board1] == [(0.0, 0.0, 50.0), (2.0, -2.0, 100.0),
                                                                      (-2.0, 2.0, 0.0)]
    ranking = {e["id"]: (e["total"], e["pct"], e["rank"]) for e in data["ranking"]}
    assert ranking["1"] == (2.0, 75.0, "1") and ranking["12"] == (-4.0, 0.0, "3")


def test_a_director_setting_overrides_the_inference_and_the_differences_are_then_real():
    data = results_json("ruter-centred.pbn", "--convention", "centred=no")
    assert data["conventions"]["centred"] == {"value": "no", "why": "set by the director"}
    assert data["comparison"]["differences"] > 0  # the file's centred figures no longer fit ours
    assert {d["item"] for d in data["differences"]} >= {"MP_NS", "TotalScoreMP"}


def test_short_board_each_convention_on_the_command_line():
    """Board 2 of scorebridge-ties.pbn (3 results of 4): the NS figure of 600 under each convention."""
    figures = {}
    for how in ("neuberg", "own-top", "ties"):
        data = results_json("scorebridge-ties.pbn", "--convention", f"short={how}")
        figures[how] = data["boards"][1]["results"][0]["mp_ns"]
        assert (data["comparison"]["differences"] == 0) == (how == "ties")
    assert figures == {"neuberg": pytest.approx(5.67, abs=0.01), "own-top": 4.0, "ties": 5.0}


def test_scorebridge_places_follow_the_ties_convention():
    data = results_json("scorebridge-ties.pbn")
    ns = [e["id"] for e in data["ranking"] if e["group"] == "NS"]
    assert ns == ["3", "1", "2", "4"]


def test_artificial_imps_a_number_on_the_command_line():
    data = results_json("ruter-imp-a1.pbn", "--artificial-imps", "1.5")
    artificial = data["boards"][0]["results"][3]
    assert (artificial["imp_ns"], artificial["imp_ew"]) == (4.5, -4.5)  # 1.5 x 3 comparisons
    assert data["comparison"]["differences"] > 0
    bad = run_cli("results", FIXTURES / "ruter-imp-a1.pbn", "--artificial-imps", "lots", text=True)
    assert bad.returncode != 0 and "unknown artificial-score convention 'lots'" in bad.stderr


def test_a_total_matching_neither_sum_is_a_difference():
    """magic-pairs.pbn adds the rounded board figures (13.9 for pair 2, exactly 13.93): 13.9 agrees;
    13.8 fits neither sum and is listed."""
    text = (FIXTURES / "magic-pairs.pbn").read_text("utf-8").replace("  2  2 N-S  13.9  57.92", "  2  2 N-S  13.8  57.92")
    results = compute_results(read_pbn(text))
    assert [(d.participant, d.item, d.theirs, d.ours) for d in results.differences] == [
        ("2", "TotalScoreMP", "13.8", "13.90")]


def test_the_exact_sum_when_the_director_says_so():
    data = results_json("magic-pairs.pbn", "--convention", "rounded-totals=no")
    two = next(e for e in data["ranking"] if e["id"] == "2")
    assert two["total"] == pytest.approx(13.933333, abs=1e-6)
    assert any(d["item"] == "TotalPercentage" for d in data["differences"])


def test_penalty_row_and_score_penalty_column():
    data = results_json("ruter-penalty.pbn")
    assert [(p["pair"], p["points"], p["board"], p["source"]) for p in data["penalties"]] == [
        ("2", -1.0, 1, "row"), ("13", -2.0, None, "ScorePenalty")]
    ranking = {e["id"]: (e["total"], e["pct"]) for e in data["ranking"]}
    assert ranking["2"] == (3.0, 37.5) and ranking["13"] == (6.0, 75.0)
    pen = data["boards"][0]["results"][3]
    assert pen["penalty"] is True and pen["contract"] is None
    assert "Pen" in run_cli("results", FIXTURES / "ruter-penalty.pbn", text=True).stdout


def test_a_penalty_is_added_after_the_total_is_factored():
    data = results_json("ruter-pen-factored.pbn")
    assert [(p["pair"], p["points"], p["board"]) for p in data["penalties"]] == [("2", 1.0, 2)]
    ranking = {e["id"]: (e["total"], e["pct"]) for e in data["ranking"]}
    assert ranking["2"] == (10.0, 83.33) and ranking["11"] == (8.25, 68.75)
    adjusted = data["boards"][1]["results"][1]  # "A=" beside "+0": NS 50 %, EW 0 %
    assert adjusted["artificial"] == {"marker": "A=/+0", "pct_ns": 50.0, "pct_ew": 0.0}
    assert (adjusted["mp_ns"], adjusted["mp_ew"]) == (2.0, 0.0)


def test_adjusted_score_cells():
    data = results_json("ruter-adjusted-cells.pbn")
    replaced = data["boards"][0]["results"][2]
    assert replaced["artificial"] == {"marker": "800>a", "pct_ns": 60.0, "pct_ew": 40.0}
    split = data["boards"][1]["results"][2]
    assert split["artificial"] == {"marker": "60/40", "pct_ns": 60.0, "pct_ew": 40.0}


@pytest.mark.parametrize(("text", "side", "pcts"), [
    ("A5050", "NS", (50.0, 50.0)), ("A6040", "NS", (60.0, 40.0)), ("60/40", "NS", (60.0, 40.0)),
    ("60/40", "EW", (40.0, 60.0)), ("A=", "NS", (50.0, 50.0)), ("A+/A-", "NS", (60.0, 40.0)),
])
def test_artificial_forms(text, side, pcts):
    a = Artificial.parse(text, side)
    assert (a.pct_ns, a.pct_ew) == pcts


def test_a_replaced_score_cell_with_an_assigned_score():
    text = (FIXTURES / "ruter-adjusted-cells.pbn").read_text("utf-8").replace('"800>a" ', '"800>420"')
    event = read_pbn(text)
    r = event.boards[0].results[2]
    assert (r.score_ns, r.artificial, r.contract) == (420, None, None)


def test_corrections_file_conventions_and_penalties(tmp_path):
    fix = tmp_path / "FIX.toml"
    fix.write_text('director = "Chen Jing"\n[conventions]\ncentred = true\n\n'
                   '[[penalty]]\npair = "3"\npoints = -1.5\nboard = 2\nreason = "slow play"\n', "utf-8")
    done = run_cli("results", FIXTURES / "ruter-centred.pbn", "--corrections", fix, "--format", "json", text=True)
    data = json.loads(done.stdout)
    assert data["conventions"]["centred"] == {"value": "yes", "why": "set by the director"}
    assert data["penalties"] == [{"pair": "3", "points": -1.5, "board": 2, "source": "corrections",
                                  "reason": "slow play [Chen Jing]", "line": 5}]
    three = next(e for e in data["ranking"] if e["id"] == "3")
    assert three["total"] == -3.5


def test_corrections_file_problems():
    with pytest.raises(CorrectionError, match=r"FIX.toml:2: conventions.centred: convention centred='maybe'"):
        parse_corrections_file('[conventions]\ncentred = "maybe"\n', source="FIX.toml")
    with pytest.raises(CorrectionError, match="reason: missing"):
        parse_corrections_file('[[penalty]]\npair = "3"\npoints = -1\n', source="FIX.toml")
    whole = parse_corrections_file('[conventions]\nshort = "own-top"\n', source="FIX.toml")
    assert whole.conventions == {"short": "own-top"} and whole.corrections == ()


def test_a_penalty_for_nobody_is_refused():
    from rules_ext.events.scoring.results_model import Penalty
    event = read_pbn(FIXTURES / "ruter-centred.pbn")
    with pytest.raises(RulesError, match="pair 99, who is not in the event"):
        compute_results(event, penalties=[Penalty("99", -1.0, None, "why", "corrections")])


@pytest.mark.parametrize(("text", "expected"), [
    ("centred=yes", ("centred", True)), ("centered=no", ("centred", False)), ("short=ties", ("short", "ties")),
    ("datum-round=1", ("datum-round", 1)), ("artificial-imps=1", ("artificial-imps", "1")),
    ("tied-places=in-order", ("tied-places", "in-order")),
])
def test_parse_convention(text, expected):
    assert parse_convention(text) == expected


@pytest.mark.parametrize("text", ["centred", "short=sometimes", "datum-round=5", "colour=blue"])
def test_parse_convention_refuses(text):
    with pytest.raises(RulesError):
        parse_convention(text)


def test_results_as_dict_reports_no_conventions_for_teams():
    event = read_pbn(FIXTURES / "room-teams.pbn")
    assert results_as_dict(event, compute_results(event))["conventions"] == {}


def test_the_penalty_column_is_compared_with_the_rows():
    text = (FIXTURES / "ruter-penalty.pbn").read_text("utf-8").replace(" 3.0  1.0  37.50", " 3.0  2.0  37.50")
    results = compute_results(read_pbn(text))
    assert [(d.participant, d.item, d.theirs, d.ours) for d in results.differences] == [
        ("2", "ScorePenalty", "2.0", "1.00")]


def test_percentage_base_set_by_the_director():
    """scorebridge-ties.pbn: pair 4 played one board of two; of the session's tops its 0 stays 0 %,
    pair 11's 3 of 12 is 25 % (50 % of the one board it played)."""
    data = results_json("scorebridge-ties.pbn", "--convention", "pct-base=session")
    ranking = {e["id"]: e["pct"] for e in data["ranking"]}
    assert ranking["11"] == 25.0 and ranking["3"] == 75.0
    assert data["conventions"]["pct-base"] == {"value": "session", "why": "set by the director"}


def test_the_documented_conventions_and_penalty_example_reads():
    doc = (Path(__file__).parents[2] / "rules_ext" / "events" / "corrections" / "format.md").read_text("utf-8")
    example = doc.split("```toml\n")[-1].split("```", 1)[0]  # the last example: conventions and a penalty
    whole = parse_corrections_file(example, source="corrections.md")
    assert whole.conventions == {"centred": True, "short": "neuberg"}
    assert [(p.pair, p.points, p.board) for p in whole.penalties] == [("6", -3.0, 14)]


def test_a_director_assigns_a_results_own_matchpoints(tmp_path):
    """scorebridge-ties.pbn, board 1: the director gives table 1's 420 3.5/2.5 instead of 3/3; the other
    420 still ties with it (3.0), and pair 1's total and the file's figures on that line are ours."""
    fix = tmp_path / "FIX.toml"
    fix.write_text('[[correction]]\nboard = 1\nns_pair = "1"\nmp_ns = 3.5\nmp_ew = 2.5\nreason = "TD"\n', "utf-8")
    done = run_cli("results", FIXTURES / "scorebridge-ties.pbn", "--corrections", fix, "--format", "json", text=True)
    data = json.loads(done.stdout)
    lines = data["boards"][0]["results"]
    assert (lines[0]["mp_ns"], lines[0]["mp_ew"], lines[1]["mp_ns"]) == (3.5, 2.5, 3.0)
    assert data["corrections"][0]["kind"] == "assigned"
    assert next(e["total"] for e in data["ranking"] if e["id"] == "1") == 8.5
    items = {(d["participant"], d["item"]) for d in data["differences"]}
    assert ("1-11", "MP_NS") in items and ("1", "TotalScoreMP") in items  # the file scored it 3/3
    assert not any(d["participant"] == "2-12" for d in data["differences"])
