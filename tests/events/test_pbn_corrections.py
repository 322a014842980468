"""A director's corrections (rules_ext.events.corrections): each kind changes the right figures, the
export round trip keeps them, and every problem is one ``file:line: field: problem`` line."""
import json
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest
from cli_runner import run_cli

from rules_ext.core import Seat
from rules_ext.events import compute_results, read_pbn, write_pbn
from rules_ext.events.corrections import CorrectionError, CorrectionKind, parse_corrections, read_corrections
from rules_ext.events.corrections.apply import apply_corrections
from rules_ext.events.corrections.export import check_exportable
from rules_ext.events.sample import SAMPLES_DIR
from rules_ext.fileio import parse_toml

FIXTURES = Path(__file__).parent / "fixtures"
FIX = FIXTURES / "corrections-pairs.toml"
PAIRS = SAMPLES_DIR / "sample-pairs.pbn"
TEAMS = SAMPLES_DIR / "sample-teams.pbn"
ROOT = Path(__file__).parents[2]


@pytest.fixture(scope="module")
def pairs():
    return read_pbn(PAIRS)


def line_of(results, board: int, ns: str):
    (line,) = [x for x in results.boards[board - 1].lines if x.result.ns == ns]
    return line


def corrected(event, text: str):
    return apply_corrections(event, parse_corrections(text, source="FIX.toml"))


def test_the_example_file_reads_every_kind():
    fixes = read_corrections(FIX)
    assert [c.kind for c in fixes] == [CorrectionKind.RESULT, CorrectionKind.ARTIFICIAL,
                                       CorrectionKind.WEIGHTED, CorrectionKind.REMOVED]
    first = fixes[0]
    assert (str(first.contract), first.declarer, first.tricks, first.lead) == ("4SX", Seat.E, 9, "HA")
    assert first.director == "陈静 Chen Jing" and first.time == "2026-11-26 22:10"  # the file's director
    assert "4♠X" in first.reason and fixes[1].key.ns_pair == "7"
    assert [(o.weight, o.tricks) for o in fixes[2].weighted] == [(Fraction(3, 5), 9), (Fraction(2, 5), 10)]


def test_a_corrected_contract_rescores_the_result_and_everyone_on_the_board(pairs):
    before = compute_results(pairs)
    event, applied = corrected(pairs, 'director = "Chen"\n[[correction]]\nboard = 1\ntable = "3"\n'
                                      'contract = "4SX"\ntricks = 9\nreason = "traveller says 4SX -1"\n')
    after = compute_results(event)
    fixed = line_of(after, 1, "3")
    assert line_of(before, 1, "3").score_ns == -450 and fixed.score_ns == 100  # 4♠X by E down one, not vul
    assert fixed.result.declarer is Seat.E and fixed.result.lead == "S5"        # the rest is kept
    assert fixed.mp_ns == 16 and fixed.mp_ew == 0                                # the only plus for NS: a top
    assert line_of(before, 1, "1").mp_ns == 15 and line_of(after, 1, "1").mp_ns == 13  # everyone else moves
    assert sum(x.mp_ns for x in after.boards[0].lines) == 9 * 8
    assert after.boards[1] == before.boards[1]                                  # other boards untouched
    assert applied[0].before.score_ns == -450 and applied[0].after.score_ns == 100
    assert "board 1, table 3" in str(applied[0]) and "[Chen]" in str(applied[0])


def test_an_artificial_score_per_side(pairs):
    event, _ = corrected(pairs, '[[correction]]\nboard = 2\nns_pair = "7"\new_pair = "13"\nns = "A+"\n'
                                'ew = "A+"\nreason = "neither side at fault"\n')
    board = compute_results(event).boards[1]
    line = line_of(compute_results(event), 2, "7")
    assert line.result.artificial.pct_ns == 60 and line.result.artificial.pct_ew == 60
    assert line.pct_ns == pytest.approx(60) and line.pct_ew == pytest.approx(60)
    assert board.neuberg and line.score_ns is None


def test_a_removed_result_takes_no_part(pairs):
    event, applied = corrected(pairs, '[[correction]]\nboard = 4\ntable = "5"\nremove = true\nreason = "fouled"\n')
    results = compute_results(event)
    assert applied[0].after.not_played and line_of(results, 4, "5").mp_ns is None
    assert sum(1 for x in results.boards[3].lines if x.result.scored) == 8 and results.boards[3].neuberg


def test_a_weighted_score_is_carried_by_the_result(pairs):
    event, applied = corrected(pairs, '[[correction]]\nboard = 3\ntable = "1"\nweighted = [\n'
                                      ' {contract = "3NT", declarer = "E", tricks = 9, weight = 60},\n'
                                      ' {contract = "3NT", declarer = "E", tricks = 10, weight = 40}]\n'
                                      'reason = "12C3"\n')
    result = applied[0].after
    assert result.weighted is not None and result.score_ns is None
    assert result.weighted.outcomes == ((Fraction(3, 5), -600), (Fraction(2, 5), -630))
    assert [r for r in event.board(3).results if r.table == "1"] == [result]
    with pytest.raises(CorrectionError, match=r"^FIX\.toml:4: weighted: PBN has no form"):
        check_exportable(applied)


def test_a_teams_room_correction_changes_the_match():
    event = read_pbn(TEAMS)
    fixed, _ = corrected(event, '[[correction]]\nboard = 1\nroom = "Closed"\ntricks = 9\nreason = "one down"\n')
    before, after = compute_results(event), compute_results(fixed)
    assert [x.imp_ns for x in before.boards[0].lines] == [-7, 7]
    assert [x.score_ns for x in after.boards[0].lines] == [140, -50]
    assert [x.imp_ns for x in after.boards[0].lines] == [5, -5]
    assert after.matches[0].imps_home != before.matches[0].imps_home


def test_export_round_trip_keeps_the_corrected_figures(pairs, tmp_path):
    fixes = [c for c in read_corrections(FIX) if c.kind is not CorrectionKind.WEIGHTED]
    event, applied = apply_corrections(pairs, fixes)
    check_exportable(applied)
    path = tmp_path / "new.pbn"
    path.write_text(write_pbn(event), encoding="utf-8")
    back = read_pbn(path)
    assert back.problems == ()
    ours, theirs = compute_results(event), compute_results(back)

    def figures(results):
        return ([(x.result.ns, x.result.ew, str(x.result.contract), x.result.declarer, x.result.tricks,
                  x.result.artificial, x.result.not_played, x.score_ns, x.mp_ns, x.mp_ew)
                 for b in results.boards for x in b.lines], results.rankings)

    assert figures(theirs) == figures(ours)
    assert line_of(theirs, 1, "3").score_ns == 100 and line_of(theirs, 2, "7").result.artificial.pct_ns == 60
    text = path.read_text(encoding="utf-8")
    assert "; correction 1: board 1, table 3:" in text and "wrong contract entered" in text
    assert " 9  3  3 14 4SX" in text  # the row holds the corrected contract


def test_export_of_a_game_per_table_rewrites_its_tags():
    event = read_pbn(TEAMS)
    fixed, _ = corrected(event, '[[correction]]\nboard = 1\nroom = "Closed"\ncontract = "4S"\ntricks = 9\n'
                                'reason = "4S one down"\n')
    back = read_pbn(write_pbn(fixed))
    closed = next(r for r in back.board(1).results if r.room == "Closed")
    assert (str(closed.contract), closed.tricks, closed.score_ns) == ("4S", 9, -50)
    assert back.problems == ()


def error_of(text: str, event) -> str:
    with pytest.raises(CorrectionError) as info:
        apply_corrections(event, parse_corrections(text, source="FIX.toml"))
    return str(info.value)


BASE = '# corrections\n[[correction]]\nboard = 1\ntable = "3"\nreason = "why"\n'


@pytest.mark.parametrize(("text", "expected"), [
    ('[[correction]]\nboard = 99\ntable = "3"\ntricks = 9\nreason = "x"\n',
     "FIX.toml:2: board: the event has no board 99: expected one of boards 1..20"),
    ('[[correction]]\nboard = 1\ntable = "42"\ntricks = 9\nreason = "x"\n',
     "FIX.toml:3: table: board 1, table 42: no such result: expected one of"),
    ('[[correction]]\nboard = 1\nns_pair = "3"\new_pair = "99"\ntricks = 9\nreason = "x"\n',
     "FIX.toml:3: ns_pair: board 1, NS 3 v EW 99: no such result"),
    (BASE + 'contract = "9Z"\n', "FIX.toml:6: contract: cannot read contract '9Z': expected e.g. 4H"),
    (BASE + "contract = 4\n", 'FIX.toml:6: contract: 4 is not text: expected e.g. contract = "4SX"'),
    (BASE + 'declarer = "Q"\n', "FIX.toml:6: declarer: cannot read declarer 'Q': expected N, E, S or W"),
    (BASE + "tricks = 14\n", "FIX.toml:6: tricks: 14 tricks is impossible: expected the tricks taken by declarer, 0..13"),
    (BASE + "tricks = 9\nvulnerable = true\n", "FIX.toml:7: vulnerable: unknown field: expected one of board, contract"),
    (BASE + 'ns = "A*"\new = "A-"\n', "FIX.toml:6: ns: 'A*' is not an artificial score: expected A+, A=, A- or a percentage such as A60"),
    (BASE + "remove = 1\n", "FIX.toml:6: remove: 1: expected remove = true"),
    (BASE + "tricks = 9\nremove = true\n", "FIX.toml:6: tricks: expected exactly one change"),
    (BASE + 'weighted = [{contract = "4S", declarer = "E", tricks = 10, weight = 60}]\n',
     "FIX.toml:6: weighted: weights add up to 60, not 100: expected e.g. 60 and 40"),
    ('[[correction]]\nboard = 1\ntable = "3"\ntricks = 9\n', "FIX.toml:1: reason: missing: every correction says why"),
    ('[[correction]]\nboard = 1\ntricks = 9\nreason = "x"\n', "FIX.toml:2: board: which result of the board?"),
    ('[[correction]]\nboard = "one"\ntable = "3"\ntricks = 9\nreason = "x"\n',
     "FIX.toml:2: board: 'one' is not a board number: expected e.g. board = 5"),
    ('[[correction]]\nboard = 1\ntable = "3"\ntricks = 9\nreason = "x"\n\n[[correction]]\nboard = 2\n'
     'table = "3"\ntricks = 99\nreason = "y"\n', "FIX.toml:10: tricks: 99 tricks is impossible"),
    ('event = "x"\n[[correction]]\nboard = 1\n', "FIX.toml:1: event: unknown field: expected [[correction]]"),
    ('[[correction]\nboard = 1\n', "FIX.toml:1: not valid TOML"),
    ('director = "x"\n', "FIX.toml: correction: no correction: expected [[correction]] tables"),
])
def test_every_problem_is_one_line_with_its_place(pairs, text, expected):
    message = error_of(text, pairs)
    assert message.startswith(expected), message
    assert "\n" not in message


def test_a_key_on_an_inline_table_line_is_found():
    toml = parse_toml('[[a]]\nx = 1\n[[a]]\ny = { z = 2 }\n', source="f.toml")
    assert toml.line_of("a[2].z") == 4 and toml.line_of("a[2].x") == 3 and toml.where("q") == "f.toml"
    assert toml.line_of("a[2]") == 3 and toml.line_of("a[3]") is None


def run(*args: str) -> subprocess.CompletedProcess:
    return run_cli(*args, cwd=ROOT)


def test_cli_results_lists_the_corrections_in_json_and_text():
    out = run("results", str(PAIRS), "--corrections", str(FIX), "--format", "json")
    assert out.returncode == 0, out.stderr.decode()
    data = json.loads(out.stdout)
    assert [c["kind"] for c in data["corrections"]] == ["result", "artificial", "weighted", "removed"]
    first = data["corrections"][0]
    assert (first["board"], first["table"], first["score_ns_before"], first["score_ns_after"]) == (1, "3", -450, 100)
    assert first["director"] == "陈静 Chen Jing" and "wrong contract" in first["reason"]
    row = next(r for r in data["boards"][0]["results"] if r["ns"] == "3")
    assert row["contract"] == "4SX" and row["score_ns"] == 100
    text = run("results", str(PAIRS), "--corrections", str(FIX)).stdout.decode()
    assert "Corrections applied (4)" in text and "Correction 4: board 4, table 5:" in text


def test_cli_results_without_corrections_has_an_empty_list():
    data = json.loads(run("results", str(PAIRS), "--format", "json").stdout)
    assert data["corrections"] == []


def test_cli_export_writes_the_corrected_event_and_refuses_a_weighted_score(tmp_path):
    fix = tmp_path / "fix.toml"
    fix.write_text('[[correction]]\nboard = 1\ntable = "3"\ncontract = "4SX"\ntricks = 9\nreason = "x"\n',
                   encoding="utf-8")
    new = tmp_path / "new.pbn"
    out = run("pbn", str(PAIRS), "--export", "--corrections", str(fix), "-o", str(new))
    assert out.returncode == 0, out.stderr.decode()
    assert line_of(compute_results(read_pbn(new)), 1, "3").score_ns == 100
    refused = tmp_path / "refused.pbn"
    out = run("pbn", str(PAIRS), "--export", "--corrections", str(FIX), "-o", str(refused))
    assert out.returncode == 1 and not refused.exists()
    assert out.stderr.decode().strip() == (f"error: {FIX}:26: weighted: PBN has no form for a weighted score "
                                           f"(1999 Law 12C3): expected it in results --corrections only, or an "
                                           f"artificial score (ns = \"A+\", ew = \"A-\") for the export")


def test_cli_a_bad_correction_is_one_line_and_nothing_is_written(tmp_path):
    fix = tmp_path / "fix.toml"
    fix.write_text('[[correction]]\nboard = 1\ntable = "3"\ntricks = 19\nreason = "x"\n', encoding="utf-8")
    for args in (("results", str(PAIRS), "--format", "json", "-o", str(tmp_path / "r.json")),
                 ("pbn", str(PAIRS), "--export", "-o", str(tmp_path / "new.pbn"))):
        out = run(*args, "--corrections", str(fix))
        assert out.returncode == 1
        assert out.stderr.decode().splitlines() == [f"error: {fix}:4: tricks: 19 tricks is impossible: expected "
                                                    f"the tricks taken by declarer, 0..13, e.g. tricks = 9"]
    assert list(tmp_path.iterdir()) == [fix]


def test_a_weighted_score_is_matchpointed_per_outcome(pairs):
    event, _ = apply_corrections(pairs, [c for c in read_corrections(FIX) if c.kind is CorrectionKind.WEIGHTED])
    board = compute_results(event).boards[2]
    weighted = next(x for x in board.lines if x.result.table == "1")
    # 60 %: -600 ties four -600s and beats two -630s (8 MP); 40 %: -630 ties the two -630s (2 MP)
    assert weighted.mp_ns == pytest.approx(0.6 * 8 + 0.4 * 2)
    assert next(x for x in board.lines if x.result.table == "2").mp_ns == pytest.approx(8 + 0.4)


def test_the_documented_example_reads_and_applies(pairs):
    doc = (ROOT / "rules_ext" / "events" / "corrections" / "format.md").read_text(encoding="utf-8")
    example = doc.split("```toml\n", 1)[1].split("```", 1)[0]
    fixes = parse_corrections(example, source="corrections.md")
    _, applied = apply_corrections(pairs, fixes)
    assert [a.correction.kind.value for a in applied] == ["result", "artificial", "weighted", "removed"]
    assert [(c.key, c.kind) for c in fixes] == [(c.key, c.kind) for c in read_corrections(FIX)]


def test_the_results_pdf_prints_the_corrections_under_its_title(pairs, tmp_path):
    from pypdf import PdfReader

    from rules_ext.pdf.results import write_results_pdf

    event, applied = apply_corrections(pairs, read_corrections(FIX))
    path = tmp_path / "results.pdf"
    write_results_pdf(event, compute_results(event), path, lang="en", cards=False,
                      notes=[f"Correction {a.correction.number}: {a}" for a in applied])
    text = PdfReader(path).pages[0].extract_text()
    assert "Correction 1: board 1, table 3" in text and "Correction 4: board 4, table 5" in text


def test_a_game_has_no_lead_to_correct_and_corrections_need_export(tmp_path):
    message = error_of('[[correction]]\nboard = 1\nroom = "Open"\nlead = "HA"\nreason = "x"\n', read_pbn(TEAMS))
    assert message.startswith("FIX.toml:4: lead: a game has no lead tag"), message
    out = run("pbn", str(PAIRS), "--corrections", str(FIX))
    assert out.returncode == 1 and out.stderr.decode().startswith("error: --corrections needs --export")


def test_cli_the_corrections_file_is_an_input_too(tmp_path):
    out = run("results", str(PAIRS), "--corrections", str(tmp_path))
    assert out.returncode == 1 and "not a regular file" in out.stderr.decode()
    fix = tmp_path / "fix.toml"
    fix.write_text(FIX.read_text(encoding="utf-8"), encoding="utf-8")
    out = run("results", str(PAIRS), "--corrections", str(fix), "--format", "json", "-o", str(fix))
    assert out.returncode == 1 and "is the input file" in out.stderr.decode()
    assert fix.read_text(encoding="utf-8") == FIX.read_text(encoding="utf-8")


def test_an_event_without_games_is_corrected_too(pairs):
    """An event read from USEBIO has boards and results but no PBN games."""
    from dataclasses import replace

    event, _ = corrected(replace(pairs, games=()), '[[correction]]\nboard = 1\ntable = "3"\ntricks = 10\n'
                                                   'reason = "x"\n')
    assert event.games == () and line_of(compute_results(event), 1, "3").score_ns == -420
