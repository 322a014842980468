"""`python -m rules_ext results ...` and `python -m rules_ext pbn ...` as a user runs them, through the
entry point in process (the real process: tests/test_cli.py)."""
import json
import subprocess
from pathlib import Path

import pytest
from cli_runner import run_cli

from rules_ext.events.sample import SAMPLES_DIR

FIXTURES = Path(__file__).parent / "fixtures"
EVENTS = SAMPLES_DIR
ROOT = Path(__file__).parents[2]


def run(*args: str) -> subprocess.CompletedProcess:
    return run_cli(*args, cwd=ROOT)


def test_results_json_has_every_field_per_result():
    out = run("results", str(EVENTS / "sample-pairs.pbn"), "--format", "json")
    assert out.returncode == 0, out.stderr.decode()
    data = json.loads(out.stdout.decode("utf-8"))
    assert data["kind"] == "pairs" and data["method"] == "matchpoints"
    assert len(data["boards"]) == 20
    first = data["boards"][0]["results"][0]
    for key in ("ns", "ew", "contract", "declarer", "tricks", "score_ns", "mp_ns", "mp_ew", "pct_ns"):
        assert key in first
    assert "imp_ns" not in first
    assert first["mp_ns"] + first["mp_ew"] == data["boards"][0]["top"]
    ranks = [r for r in data["ranking"] if r["group"] == "NS"]
    assert len(ranks) == 10 and ranks[0]["rank"] == "1"
    assert any("王丽" in r["names"] for r in data["ranking"])
    assert data["differences"] == [] and data["problems"] == []


def test_results_json_for_teams_has_imps():
    out = run("results", str(FIXTURES / "teams-gbk.pbn"), "--format", "json")
    data = json.loads(out.stdout.decode("utf-8"))
    assert data["boards"][0]["results"][0]["imp_ns"] == 10
    assert data["matches"][0]["home"] == "北京"


def test_results_text_shows_travellers_suits_and_ranking():
    out = run("results", str(FIXTURES / "club-latin1-crlf.pbn"), "--format", "text")
    text = out.stdout.decode("utf-8")
    assert out.returncode == 0
    assert "Board 2  Dealer E  Vul NS  (Neuberg)" in text
    assert "4♠X" in text and "4♥" in text and "3NT" in text
    assert "Ranking NS" in text and "Zoé Faure - Hélène Roux" in text
    assert "board 3, 3-6: MP_NS theirs 3, ours 2" in text


def test_results_to_a_file_is_written_whole(tmp_path):
    target = tmp_path / "results.json"  # a new name in an existing folder (a missing one is not created)
    out = run("results", str(FIXTURES / "club-latin1-crlf.pbn"), "--format", "json", "-o", str(target))
    assert out.returncode == 0 and out.stdout == b""
    assert json.loads(target.read_text(encoding="utf-8"))["event"] == "Coupe de Noël"
    assert [p.name for p in target.parent.iterdir()] == ["results.json"]  # no temporary file left


def test_results_pdf_through_the_pdf_layer(tmp_path):
    target = tmp_path / "results.pdf"
    out = run("results", str(EVENTS / "sample-pairs.pbn"), "-o", str(target))
    assert out.returncode == 0, out.stderr.decode()
    assert target.read_bytes().startswith(b"%PDF")
    from pypdf import PdfReader
    text = "".join(page.extract_text() for page in PdfReader(target).pages)
    assert "叶舟 - 杜文" in text  # a pair of the sample, named in Chinese


@pytest.mark.parametrize("options, size, present, absent", [
    ((), (595, 842), ["成绩 Results", "排名 Ranking"], []),                    # A4, both languages
    (("--paper", "letter", "--lang", "en"), (612, 792), ["Results", "Ranking"], ["成绩", "排名"]),
    (("--paper", "a4", "--lang", "zh"), (595, 842), ["成绩", "排名"], ["Results", "Ranking"]),
])
def test_results_pdf_takes_paper_and_lang(tmp_path, options, size, present, absent):
    from pypdf import PdfReader

    target = tmp_path / "r.pdf"
    out = run("results", str(EVENTS / "sample-pairs.pbn"), "-o", str(target), *options)
    assert out.returncode == 0, out.stderr.decode()
    reader = PdfReader(target)
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == size
    text = "".join(page.extract_text() for page in reader.pages)
    assert all(word in text for word in present), present
    assert not any(word in text for word in absent), absent


def test_results_refuses_an_unknown_paper():
    out = run("results", str(EVENTS / "sample-pairs.pbn"), "-o", "r.pdf", "--paper", "a5")
    assert out.returncode == 2
    assert "argument --paper: invalid choice: 'a5'" in out.stderr.decode()


def test_pdf_format_needs_an_output_file():
    out = run("results", str(EVENTS / "sample-pairs.pbn"), "--format", "pdf")
    assert out.returncode == 1
    assert out.stderr.decode().strip() == "error: --format pdf needs an output file: expected -o results.pdf"


def test_pbn_export_writes_the_strict_format(tmp_path):
    target = tmp_path / "club.pbn"
    out = run("pbn", str(FIXTURES / "club-latin1-crlf.pbn"), "--export", "-o", str(target))
    assert out.returncode == 0, out.stderr.decode()
    data = target.read_bytes()
    assert data.startswith(b"% PBN 2.1\r\n% EXPORT\r\n% Content-type: text/x-pbn; charset=UTF-8\r\n")
    assert "Coupe de Noël".encode() in data
    latin = run("pbn", str(FIXTURES / "export-latin1.pbn"), "--export", "--output-encoding", "iso-8859-1")
    assert latin.stdout == (FIXTURES / "export-latin1.pbn").read_bytes()


def test_pbn_summary():
    out = run("pbn", str(FIXTURES / "teams-gbk.pbn"))
    assert out.returncode == 0
    assert "gb18030, LF; 6 games, 3 boards, 6 results, teams; 0 problem(s)" in out.stdout.decode()


BAD = ('[Event "Bad"][Board "1"][Dealer "N"][Vulnerable "None"]\n'
       '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
       '1 2 8S N 9\n3 4 3NT N 14\n5 6 3NT N\n7 8 4S N 10\n\n'
       '[Event "#"][Board "2"][Dealer "E"][Vulnerable "Sometimes"]\n'
       '[Deal "E:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.76"]\n'
       '[North "unclosed]\n\n'
       '[Event "#"][Board "3"][Dealer "S"][Vulnerable "EW"]\n'
       '[Deal "S:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.76A"]\n'
       '[South "no bracket"\n\n'
       '[Event "#"][Board "4"][Dealer "W"][Vulnerable "All"]\n'
       '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n1 2 4S N 10\n')


@pytest.mark.parametrize("command", [("results", "--format", "json"), ("pbn", "--export")])
def test_bad_input_one_line_per_problem_and_exit_status(tmp_path, command):
    """Every bad-input case: one line naming file, line and problem; exit status 1; nothing
    written (it once scored the good rows and wrote the output anyway)."""
    path = tmp_path / "bad.pbn"
    path.write_text(BAD, encoding="utf-8")
    out = run(command[0], str(path), *command[1:])
    assert out.returncode == 1 and out.stdout == b""
    lines = out.stderr.decode("utf-8").splitlines()
    expected = [(3, "cannot read contract '8S'"), (4, "a result of 14 tricks is impossible"),
                (5, "has 4 cells, fewer than its 5 columns"), (8, "cannot read vulnerability 'Sometimes'"),
                (9, "holds 12 cards"), (10, "unclosed quote"), (13, "dealt twice"), (14, "unclosed bracket")]
    assert len(lines) == len(expected), lines
    for line, (number, message) in zip(lines, expected):
        assert line.startswith(f"{path}:{number}: ") and message in line, line


def test_keep_going_scores_the_good_boards_and_names_the_others(tmp_path):
    path = tmp_path / "bad.pbn"
    path.write_text(BAD, encoding="utf-8")
    out = run("results", str(path), "--format", "json", "--keep-going")
    assert out.returncode == 1 and len(out.stderr.decode().splitlines()) == 8
    data = json.loads(out.stdout.decode("utf-8"))
    assert [b["board"] for b in data["boards"]] == [4] and data["boards_left_out"] == [1, 2, 3]
    assert [r["score_ns"] for r in data["boards"][0]["results"]] == [620]
    text = run("results", str(path), "--keep-going").stdout.decode("utf-8")
    assert "Boards left out (problems in the file): 1, 2, 3" in text
    export = run("pbn", str(path), "--export", "--keep-going").stdout.decode("utf-8")
    assert "% Boards left out (problems in the file): 1, 2, 3\r\n" in export
    assert '[Board "4"]' in export and '[Board "1"]' not in export
    from pypdf import PdfReader
    assert run("results", str(path), "--keep-going", "-o", str(tmp_path / "r.pdf")).returncode == 1
    assert "Boards left out (problems in the file): 1, 2, 3" in PdfReader(tmp_path / "r.pdf").pages[0].extract_text()


def test_missing_file_is_one_line():
    out = run("results", "no-such-file.pbn")
    assert out.returncode == 1
    assert len(out.stderr.decode().strip().splitlines()) == 1
    assert "no-such-file.pbn" in out.stderr.decode()


def test_results_lists_the_differences_from_the_files_own_figures():
    """A director sees where the scoring program and we disagree: board, pair, theirs, ours, line."""
    club = str(FIXTURES / "club-latin1-crlf.pbn")
    data = json.loads(run("results", club, "--format", "json").stdout)
    assert data["differences"] == [
        {"board": 3, "participant": "3-6", "item": "MP_NS", "theirs": "3", "ours": "2", "line": 48},
        {"board": 3, "participant": "3-6", "item": "MP_EW", "theirs": "1", "ours": "2", "line": 48},
        {"board": None, "participant": "5", "item": "TotalPercentage", "theirs": "85.50", "ours": "87.50",
         "line": 21},
    ]
    text = run("results", club, "--format", "text").stdout.decode("utf-8")
    assert "Differences from the file's own figures (3)" in text
    assert "board 3, 3-6: MP_NS theirs 3, ours 2" in text
    assert "totals, 5: TotalPercentage theirs 85.50, ours 87.50" in text


@pytest.mark.parametrize("content, line", [(b"", 1), (b"% just a comment\n", 1), (b'[Event "x"]\n[Board "1"\n', 2)])
@pytest.mark.parametrize("suffix, extra", [(".pdf", ()), (".json", ("--format", "json")), (".txt", ())])
def test_results_of_a_file_without_boards_fail_and_write_nothing(tmp_path, content, line, suffix, extra):
    """No board to score is a failure (exit 1, a line saying so), not an empty results sheet."""
    path = tmp_path / "empty.pbn"
    path.write_bytes(content)
    output = tmp_path / f"results{suffix}"
    out = run("results", str(path), "-o", str(output), *extra)
    assert out.returncode == 1
    assert out.stderr.decode("utf-8").splitlines()[0].startswith(f"{path}:{line}: ")
    assert not output.exists()
