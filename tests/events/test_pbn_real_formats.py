"""Files modelled on real scoring programs (invented players): our figures agree with every figure
the file prints, on every row and both sides, artificial and Bye rows and totals included; a wrong
printed figure is listed; rounding inside the printed precision is counted, not listed. Also the
artificial-score conventions, weighted scores in an event and the scoring methods a file declares.
"""
import dataclasses
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from cli_runner import run_cli

from rules_ext.core.adjusted import WeightedScore
from rules_ext.events import EventKind, compute_results, read_pbn
from rules_ext.events.errors import PBNError
from rules_ext.events.report import results_as_dict, results_as_text
from rules_ext.events.scoring.conventions import ScoringRules, scoring_rules

FIXTURES = Path(__file__).parent / "fixtures"
ROOT = Path(__file__).parents[2]

#: fixture -> (encoding, method, figures compared, of which rounding only); 0 differences for each
REAL_FORMATS = {
    "magic-pairs.pbn": ("utf-8", "matchpoints", 70, 17),
    "ruter-cross-imps.pbn": ("utf-8", "cross-imps", 76, 0),
    "finnish-butler-mean.pbn": ("latin-1", "butler", 139, 0),
    "swedish-individual.pbn": ("latin-1", "matchpoints", 95, 8),
}


def read_text(name: str) -> str:
    return (FIXTURES / name).read_bytes().decode(REAL_FORMATS[name][0])


def differences(text: str) -> set[tuple]:
    results = compute_results(read_pbn(text))
    return {(d.board, d.participant, d.item, d.theirs, d.ours) for d in results.differences}


@pytest.mark.parametrize("name", sorted(REAL_FORMATS))
def test_real_format_agrees_with_every_printed_figure(name):
    _, method, compared, rounding = REAL_FORMATS[name]
    event = read_pbn(FIXTURES / name)
    assert event.problems == ()
    results = compute_results(event)
    assert results.method == method
    assert results.differences == ()
    assert (results.compared, results.rounding, results.agreeing) == (compared, rounding, compared - rounding)
    # every printed figure of every row took part: both sides, artificial and Bye rows
    figures = sum(1 for b in event.boards for r in b.results for column, _ in r.theirs if not column.startswith("Score"))
    scores = sum(1 for b in event.boards for r in b.results if r.contract is not None and not r.score_computed)
    totals = sum(len([c for c in row if c.startswith("Total") or c == "Rank"]) for row in event.totals.records())
    assert results.compared == figures + scores + totals
    data = results_as_dict(event, results)
    assert data["comparison"] == {"compared": compared, "agreeing": compared - rounding, "rounding": rounding,
                                  "differences": 0}
    assert data["rounding"] == rounding
    assert f"{compared} compared" in results_as_text(event, results)
    for entry in data["ranking"]:
        assert entry["names"] and entry["rank"] and entry["id"] and entry["total"] is not None


@pytest.mark.parametrize("name", sorted(REAL_FORMATS))
def test_make_real_formats_reproduces_the_committed_file(tmp_path, name):
    (tmp_path / "tests" / "events" / "fixtures").mkdir(parents=True)
    # the generator is a stand-alone script (written apart from rules_ext, stdlib only): run as one
    subprocess.run([sys.executable, str(FIXTURES / "make_real_formats.py")], cwd=tmp_path, check=True)
    assert (tmp_path / "tests" / "events" / "fixtures" / name).read_bytes() == (FIXTURES / name).read_bytes()


# ------------------------------------------------------------------- both sides of artificial rows
def test_magic_average_plus_to_both_sides_is_sixty_percent_each():
    results = compute_results(read_pbn(FIXTURES / "magic-pairs.pbn"))
    board4 = results.boards[3]
    both = next(line for line in board4.lines if line.result.artificial is not None)
    assert both.result.artificial.marker == "A+/A+"
    # both pairs below 60 % elsewhere: 60 % of a top of 6 = 3.6 each (East-West were given 40 % before)
    assert (both.pct_ns, both.pct_ew, both.mp_ns, both.mp_ew) == (60, 60, pytest.approx(3.6), pytest.approx(3.6))
    # the three real results (620, 620 and 5CX one down, -200) are Neuberg-scaled to four
    assert board4.neuberg and board4.top == 6


def test_magic_wrong_printed_figures_are_listed():
    text = read_text("magic-pairs.pbn")
    wrong = text.replace("  3 13 -     - -      A+     A+  3.6  3.6", "  3 13 -     - -      A+     A+  3.6  2.4")
    wrong = wrong.replace("  2  2 N-S  13.9  57.92", "  2  2 N-S  13.6  57.92")
    assert wrong.count("2.4") > text.count("2.4")
    assert differences(wrong) == {(4, "3-13", "MP_EW", "2.4", "3.60"), (None, "2", "TotalScoreMP", "13.6", "13.90")}


def test_magic_total_is_the_sum_of_the_printed_board_figures():
    """Pair 2's board figures 4.0 + 0.0 + 3.6 (Law 88: pair 2 is below 60 %) + 4.3 (4.333 printed
    4.3) = 13.9, the file's total, where the exact sum is 13.93: the file's convention (totals are
    sums of the rounded board figures), inferred from its totals and percentages, so 13.9 is ours."""
    results = compute_results(read_pbn(FIXTURES / "magic-pairs.pbn"))
    ns, _ = results.rankings
    entry = next(e for e in ns.entries if e.id == "2")
    assert (entry.total, entry.pct) == (pytest.approx(13.9), pytest.approx(57.916667, abs=1e-6))
    assert results.differences == ()
    assert ("rounded-totals", "yes", "inferred from 16/16 totals and percentages") in results.conventions


def test_ruter_average_plus_to_both_sides_cross_imps():
    results = compute_results(read_pbn(FIXTURES / "ruter-cross-imps.pbn"))
    both = next(line for line in results.boards[1].lines if line.result.artificial is not None)
    assert (both.imp_ns, both.imp_ew) == (7.5, 7.5)  # 1.5 IMPs × 5 comparisons, each side
    plus_minus = next(line for line in results.boards[2].lines if line.result.artificial is not None)
    assert (plus_minus.imp_ns, plus_minus.imp_ew) == (7.5, -7.5)


def test_ruter_fixture_shows_its_artificial_imp_convention() -> None:
    assert compute_results(read_pbn(FIXTURES / "ruter-cross-imps.pbn")).artificial == "ruter"  # 7.5 = 1.5 × 5


def artificial_board(scoring: str, printed: tuple[str, str] = ("-", "-")) -> str:
    """One board of four results, the last an A+ (60 % to NS, 40 % to EW); ``printed``: the file's own
    IMPs for the A+ row (NS, EW), '-' for none."""
    rows = f"1 5 420 - -\n2 6 450 - -\n3 7 -50 - -\n4 8 A+ {printed[0]} {printed[1]}\n"
    return f'[Board "1"][Scoring "{scoring}"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS;IMP_NS;IMP_EW"]\n{rows}'


def artificial_line(results):
    line = next(ln for ln in results.boards[0].lines if ln.result.artificial is not None)
    return line.imp_ns, line.imp_ew


@pytest.mark.parametrize(("scoring", "convention", "expected"), [
    ("Butler", None, ("acbl", 3.0)),                     # the default against a datum: Law 86A, ACBLscore
    ("Butler", "ebu", ("ebu", 2.0)),                     # English programs: A+ 60 % = +2 IMPs
    ("Butler", "ruter", ("ruter", 1.5)),
    ("IMP;Cross;Average", None, ("ruter", 1.5)),         # the default on a cross-IMP board
    ("IMP;Cross;Average", "ebu", ("ebu", 2.0)),
    ("IMP;Cross;Average", "acbl", ("acbl", 3.0)),
    ("Cross-IMPs", "ebu", ("ebu", 6.0)),                 # summed: per comparison, 3 comparisons
    ("Cross-IMPs", "acbl", ("acbl", 9.0)),
])
def test_artificial_imps_is_a_setting_the_caller_chooses(scoring, convention, expected) -> None:
    results = compute_results(read_pbn(artificial_board(scoring)), artificial=convention)
    assert (results.artificial, artificial_line(results)[0]) == expected
    assert artificial_line(results)[1] == -expected[1]  # A+ to NS is A- (40 %) to EW


@pytest.mark.parametrize(("scoring", "printed", "convention"), [
    ("Butler", ("2", "-2"), "ebu"), ("Butler", ("3.0", "-3.0"), "acbl"), ("Butler", ("1.5", "-1.5"), "ruter"),
    ("IMP;Cross;Average", ("2.00", "-2.00"), "ebu"), ("Cross-IMPs", ("6", "-6"), "ebu"),
    ("Cross-IMPs", ("4.5", "-4.5"), "ruter"),
])
def test_artificial_imps_as_the_files_own_figures_show(scoring, printed, convention) -> None:
    results = compute_results(read_pbn(artificial_board(scoring, printed)))
    assert results.artificial == convention and results.differences == ()
    assert results.compared == 2  # the A+ row's two figures, both agreeing
    overridden = compute_results(read_pbn(artificial_board(scoring, printed)),
                                 artificial="acbl" if convention != "acbl" else "ebu")
    assert [d.item for d in overridden.differences] == ["IMP_NS", "IMP_EW"]  # the caller's choice wins


def test_cli_artificial_imps_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from rules_ext.cli import main
    path = tmp_path / "butler.pbn"
    path.write_text(artificial_board("Butler"), encoding="utf-8")
    for option, worth in (([], 3.0), (["--artificial-imps", "ebu"], 2.0)):
        assert main(["results", str(path), "--format", "json", *option]) == 0
        data = json.loads(capsys.readouterr().out)
        row = next(r for r in data["boards"][0]["results"] if r.get("artificial"))
        assert (data["artificial_imps"], row["imp_ns"], row["imp_ew"]) == ("ebu" if option else "acbl", worth, -worth)
    assert main(["results", str(path), "--artificial-imps", "ebu"]) == 0
    assert "pairs, butler, artificial scores: ebu (2 IMPs per 10 % off average, against the datum)" in (
        capsys.readouterr().out.splitlines())


def test_ruter_prints_58_5_for_each_side_of_average_plus_among_40_results():
    rows = "\n".join(f"{i} {i + 40} {'420' if i % 3 else '-'} {'-' if i % 3 else '50'}" for i in range(1, 40))
    text = ('[Board "1"][Scoring "Cross-IMP"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS;Score_EW"]\n'
            f"{rows}\n40 80 A+ A+\n")
    results = compute_results(read_pbn(text))
    both = results.boards[0].lines[-1]
    assert (both.imp_ns, both.imp_ew) == (58.5, 58.5)
    averaged = compute_results(read_pbn(text.replace("Cross-IMP", "Cross-IMP;Average")))
    assert (averaged.boards[0].lines[-1].imp_ns, averaged.boards[0].lines[-1].imp_ew) == (1.5, 1.5)


@pytest.mark.parametrize("cells, expected", [
    ("A+ A+", (60, 60)), ("A- A-", (40, 40)), ("A+ A-", (60, 40)), ("A- A+", (40, 60)),
    ("A= -", (50, 50)), ("- A+", (40, 60)), ("A= A+", (50, 60)),
])
def test_each_side_reads_its_own_column(cells, expected):
    text = ('[Board "1"][Scoring "MP1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS;Score_EW"]\n'
            f'1 4 420 -\n2 5 450 -\n3 6 {cells}\n')
    results = compute_results(read_pbn(text))
    line = results.boards[0].lines[2]
    assert (line.pct_ns, line.pct_ew) == expected
    assert (line.mp_ns, line.mp_ew) == (pytest.approx(expected[0] * 4 / 100), pytest.approx(expected[1] * 4 / 100))


def test_law88_raises_each_side_of_an_average_plus_to_both_on_its_own():
    # pair 1 (NS) has 100 % on board 1, pair 4 (EW) 0 %: A+/A+ on board 2 gives pair 1 its 100 %, pair 4 60 %
    text = ('[Board "1"][Scoring "MP1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS;Score_EW"]\n'
            '1 4 620 -\n2 5 420 -\n3 6 - 50\n\n'
            '[Board "2"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS;Score_EW"]\n1 4 A+ A+\n2 5 420 -\n3 6 450 -\n')
    line = compute_results(read_pbn(text)).boards[1].lines[0]
    assert (line.pct_ns, line.pct_ew) == (100, 60)


# ---------------------------------------------------------------------------------- Butler, Mean
def test_finnish_bye_rows_get_the_pairs_average_and_totals_are_scaled():
    results = compute_results(read_pbn(FIXTURES / "finnish-butler-mean.pbn"))
    bye = results.boards[0].lines[-1]
    assert bye.result.not_played and bye.result.ns == "7" and bye.imp_ew is None
    ns, _ = results.rankings
    seven = next(e for e in ns.entries if e.id == "7")
    # pair 7 played boards 3-6 (-5 IMPs in all): -1.25 a board, -7.5 over six boards
    assert (bye.imp_ns, seven.total, seven.boards) == (-1.25, -7.5, 6)
    assert [b.datum for b in results.boards][:2] == [410, -40]  # 400 and 420 kept; -200 and 120 kept


def test_finnish_wrong_bye_figure_and_rank_are_listed():
    text = read_text("finnish-butler-mean.pbn")
    wrong = text.replace("  7  - Bye   - -  -      -      -1.25     -", "  7  - Bye   - -  -      -      -1.20     -", 1)
    wrong = wrong.replace("  6  4 N-S  -18.0", "  5  4 N-S  -18.0")
    assert differences(wrong) == {(1, "7--", "IMP_NS", "-1.20", "-1.25"), (None, "4", "Rank", "5", "6")}


def test_without_mean_the_bye_boards_count_nothing():
    text = read_text("finnish-butler-mean.pbn").replace("IMP;Butler-2;Mean", "IMP;Butler-2")
    results = compute_results(read_pbn(text), conventions={"factored": False})
    seven = next(e for e in results.rankings[0].entries if e.id == "7")
    assert (seven.total, seven.boards) == (-5, 4)
    assert ("7", "TotalScoreIMP") in {(d.participant, d.item) for d in results.differences}
    # the file's totals still show pair 7's total factored up to the session's boards: inferred so
    found = compute_results(read_pbn(text))
    assert next(e for e in found.rankings[0].entries if e.id == "7").total == -7.5  # -5 x 6 / 4
    assert ("factored", "yes") in {(name, value) for name, value, _ in found.conventions}


# ---------------------------------------------------------------------------------- individuals
def test_swedish_individual_names_from_the_name_column_and_seat_figures():
    event = read_pbn(FIXTURES / "swedish-individual.pbn")
    assert event.kind is EventKind.INDIVIDUAL
    results = compute_results(event)
    (ranking,) = results.rankings
    assert {e.id: e.names for e in ranking.entries}["1"] == "Åsa Lindqvist"
    both = next(line for line in results.boards[1].lines if line.result.artificial is not None)
    assert (both.pct_ns, both.pct_ew) == (40, 40)  # A- A-: both sides at fault
    wrong = read_text("swedish-individual.pbn").replace("  1  2  3  4 4S    N 10 \"420\" -  4.0  0.0  4.0  0.0",
                                                        "  1  2  3  4 4S    N 10 \"420\" -  4.0  0.0  4.0  2.0")
    assert differences(wrong) == {(1, "1-3-2-4", "MP_West", "2.0", "0.00")}


# ------------------------------------------------------------------------------ weighted scores
def weighted_event(scoring: str):
    text = (f'[Board "1"][Scoring "{scoring}"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n'
            '1 5 420\n2 6 450\n3 7 -50\n4 8 170\n')
    event = read_pbn(text)
    board = event.boards[0]
    weighted = dataclasses.replace(board.results[3], score_ns=None,
                                   weighted=WeightedScore(((Fraction(3, 5), 620), (Fraction(2, 5), 170))))
    return dataclasses.replace(event, boards=(dataclasses.replace(board, results=(*board.results[:3], weighted)),))


def test_a_weighted_score_is_matchpointed_outcome_by_outcome():
    # 620 beats all three (6), 170 beats -50 (2): 0.6 × 6 + 0.4 × 2 = 4.4; 420 beats -50 and, 2/5 of
    # the time, 170: 2 + 0.8 = 2.8; 450: 4 + 0.8 = 4.8; -50: 0. Sum 12 = n(n-1)
    results = compute_results(weighted_event("MP1"))
    lines = results.boards[0].lines
    assert [line.mp_ns for line in lines] == pytest.approx([2.8, 4.8, 0, 4.4])
    assert [line.mp_ew for line in lines] == pytest.approx([3.2, 1.2, 6, 1.6])
    assert lines[3].mp_ns == pytest.approx(WeightedScore(((Fraction(3, 5), 620), (Fraction(2, 5), 170)))
                                           .matchpoints([420, 450, -50]))
    data = results_as_dict(weighted_event("MP1"), results)
    assert data["boards"][0]["results"][3]["weighted"] == [{"weight": "3/5", "score_ns": 620},
                                                            {"weight": "2/5", "score_ns": 170}]
    assert data["boards"][0]["results"][3]["contract"] == "60% 620 + 40% 170"


def test_a_weighted_score_cross_imped_outcome_by_outcome():
    # 620: +5 +5 +12 = 22; 170: -6 -7 +6 = -7 -> 0.6 × 22 + 0.4 × -7 = 10.4
    # 420: -1 (450) +10 (-50) + 0.6 × -5 (620) + 0.4 × 6 (170) = 8.4
    lines = compute_results(weighted_event("Cross-IMP")).boards[0].lines
    assert (lines[3].imp_ns, lines[0].imp_ns) == (pytest.approx(10.4), pytest.approx(8.4))
    assert sum(line.imp_ns for line in lines) == pytest.approx(0)


# ------------------------------------------------------------------------------------- methods
@pytest.mark.parametrize("scoring, rules", [
    ("MatchPoints;MP1", ScoringRules("matchpoints", "2/1/0")),
    ("MP;MP2", ScoringRules("matchpoints", "1/0.5/0")),
    ("Neuberg", ScoringRules("matchpoints")),
    ("Cross-IMP", ScoringRules("cross-imps")),
    ("IMP;Cross;Sum", ScoringRules("cross-imps")),
    ("IMP;Cross;Average", ScoringRules("cross-imps-average")),
    ("IMP;Butler-2;Mean", ScoringRules("butler", trim=2, mean=True)),
    ("Butler", ScoringRules("butler")),
])
def test_scoring_rules_as_the_file_declares_them(scoring, rules):
    assert scoring_rules(read_pbn(f'[Board "1"][Scoring "{scoring}"]\n')) == rules


def test_an_unknown_scoring_method_is_an_error_with_its_tag_and_line():
    text = '[Event "X"]\n[Board "1"]\n[Scoring "MP;Topsy"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2 420\n'
    with pytest.raises(PBNError) as info:
        compute_results(read_pbn(text, source="x.pbn"))
    assert str(info.value).startswith('x.pbn:3: [Scoring "MP;Topsy"]: unknown scoring method \'topsy\'')
    meta = '% PBN 2.1\n% EXPORT\n\n% <META  name=ScoringType content="Swiss;Topsy">\n\n[Board "1"]\n'
    with pytest.raises(PBNError) as info:
        scoring_rules(read_pbn(meta, source="m.pbn"))
    assert str(info.value).startswith("m.pbn:4: % <META name=ScoringType content=\"Swiss;Topsy\"> (file header): "
                                      "unknown scoring method 'swiss'")  # the META line's own line
    with pytest.raises(PBNError, match=r"board-a-match \(point-a-board\) scores teams matches, but this file's "
                                       r"results are not in teams matches"):
        scoring_rules(read_pbn('[Board "1"][Scoring "BAM"]\n'))


def test_the_cli_reports_an_unknown_method_in_one_line(tmp_path):
    path = tmp_path / "x.pbn"
    path.write_text('[Board "1"]\n[Scoring "Topsy"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2 420\n')
    out = run_cli("results", str(path), cwd=ROOT)
    assert out.returncode == 1
    assert f"{path}:2: [Scoring \"Topsy\"]: unknown scoring method 'topsy'" in out.stderr.decode()
    assert "Traceback" not in out.stderr.decode()


def test_json_carries_both_sides_of_every_result():
    out = run_cli("results", str(FIXTURES / "ruter-cross-imps.pbn"), "--format", "json", cwd=ROOT, check=True)
    data = json.loads(out.stdout)
    row = next(r for r in data["boards"][1]["results"] if r.get("artificial"))
    assert (row["imp_ns"], row["imp_ew"], row["artificial"]["pct_ew"]) == (7.5, 7.5, 60.0)
    assert data["comparison"]["differences"] == 0


def test_words_naming_the_event_kind_do_not_choose_the_method():
    assert scoring_rules(read_pbn('[Board "1"][Scoring "Pairs IMPs"]\n')) == ScoringRules("cross-imps")
    assert scoring_rules(read_pbn('[Board "1"][Scoring "Pairs;MP"]\n')) == ScoringRules("matchpoints")


def test_a_weighted_result_prints_in_the_pdf_traveller_cell():
    from rules_ext.pdf.layout import PrintOptions
    from rules_ext.pdf.sheets import result_cells  # an artificial or weighted cell needs no styles
    results = compute_results(weighted_event("MP1"))
    assert result_cells(results.boards[0].lines[3].result, PrintOptions(), None) == ("60% 620 + 40% 170", "", "")
