"""``python -m rules_ext`` as a real process: one smoke test per command, ``--help`` and the exit
status of bad input. Everything else about the commands is tested through the entry point in
process (tests/cli_runner.py), which skips the Python start and the imports a process costs; these
few processes check what only a process shows: ``__main__`` runs, the exit status reaches the
shell, the output is encoded on a real pipe, and every command's imports work from a cold start.
"""
import argparse
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from rules_ext.cli import build_parser

ROOT = Path(__file__).parents[1]
PBN = ROOT / "rules_ext" / "events" / "samples" / "sample-pairs.pbn"


def run(*argv: str | Path, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    # from the project root, so ``-m rules_ext`` finds the checkout's package as the tests do
    return subprocess.run([sys.executable, "-m", "rules_ext", *map(str, argv)], cwd=cwd, capture_output=True,
                          text=True, encoding="utf-8")


def is_pdf(path: Path) -> bool:
    return path.is_file() and path.read_bytes().startswith(b"%PDF-") and path.stat().st_size > 1000


#: command -> (arguments, with {out} for a file in a temporary folder; what the run shows). Cheap
#: real invocations: one small edition, the sample event, blank forms.
SMOKE: dict[str, tuple[list[str | Path], Callable[[str, Path], bool]]] = {
    "corpus": (["corpus", "--edition", "2008", "--format", "text"],
               lambda out, files: "2008" in out and "Law  1" in out),
    "check": (["check"], lambda out, files: "result: OK" in out),
    "score": (["score", "4SX", "10", "--vul"], lambda out, files: out == "790\n"),
    "imps": (["imps", "430"], lambda out, files: out == "10\n"),
    "matchpoints": (["matchpoints", "420", "420", "450", "-50"],
                    lambda out, files: [line.split() for line in out.splitlines()][2] == ["450", "6", "0"]),
    "board": (["board", "4"], lambda out, files: out == "4 W All 发牌西 双方有局\n"),
    "vp": (["vp", "1", "20"], lambda out, files: out == "10.28 9.72\n"),
    "results": (["results", PBN, "--format", "text"],
                lambda out, files: "Ranking NS" in out and "matchpoints" in out),
    "pbn": (["pbn", PBN], lambda out, files: "20 boards, 180 results, pairs; 0 problem(s)" in out),
    "handrecord": (["handrecord", PBN, "--per-page", "4", "-o", "{out}/h.pdf"],
                   lambda out, files: is_pdf(files / "h.pdf")),
    "travellers": (["travellers", PBN, "--blank", "-o", "{out}/t.pdf"], lambda out, files: is_pdf(files / "t.pdf")),
    "ruling": (["ruling", "--blank", "-o", "{out}/r.pdf"], lambda out, files: is_pdf(files / "r.pdf")),
    "pickup": (["pickup", "--tables", "2", "--rounds", "2", "--boards-per-round", "2", "-o", "{out}/p.pdf"],
               lambda out, files: is_pdf(files / "p.pdf")),
    "edition-pdf": (["edition-pdf", "--edition", "2008", "-o", "{out}/e.pdf"],
                    lambda out, files: is_pdf(files / "e.pdf") and "pages" in out),
    "publish": (["publish", PBN, "--no-pdf", "--script", "hans", "-o", "{out}/site"],
                lambda out, files: (files / "site" / "boards" / "20.html").is_file() and " pages, " in out),
    "rule": (["rule", "--list"], lambda out, files: "wrong_board" in out and "1991:" in out),
    "verify": (["verify"], lambda out, files: "values checked" in out),
    "movement": (["movement", "--pairs", "18", "--boards", "27"], lambda out, files: "1. 米切尔 9桌9轮" in out),
    "deal": (["deal", "--boards", "1-2", "--no-dd", "-o", "{out}/d.pbn", "--machine", "dlm"],
             lambda out, files: (files / "d.dlm").is_file() and "种子" in out),
    "dealfile": (["dealfile", PBN, "-o", "{out}/d.dup"], lambda out, files: (files / "d.dup").stat().st_size == 20 * 156),
    "check-movement": (["check-movement", PBN, "--movement", ROOT / "tests" / "events" / "fixtures" / "sample-mitchell.toml"],
                       lambda out, files: "一致" in out),
    "swiss": (["swiss", ROOT / "tests" / "events" / "fixtures" / "compscore-swiss-teams.xml"],
              lambda out, files: "第4轮的配对" in out and "第1场：Otters 对 " in out),
    "session": (["session", "new", "--pairs", "8", "--boards", "14", "--no-dd", "-o", "{out}/s"],
                lambda out, files: is_pdf(files / "s" / "guide-cards.pdf") and "种子" in out),
}


def test_every_command_has_a_smoke_test():
    commands = next(a.choices for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    # `samples` runs in a real process once per test run: the ``sample_pdfs`` fixture
    # (tests/conftest.py), whose PDFs tests/pdf/test_pdf.py::test_samples reads
    assert sorted(commands) == sorted([*SMOKE, "samples"])


@pytest.mark.parametrize("command", sorted(SMOKE))
def test_command_runs_in_a_real_process(tmp_path, command):
    argv, shows = SMOKE[command]
    done = run(*[str(a).replace("{out}", str(tmp_path)) for a in argv])
    assert done.returncode == 0, done.stderr
    assert shows(done.stdout + done.stderr, tmp_path), (done.stdout[-2000:], done.stderr[-2000:])


def test_help_lists_commands():
    out = run("--help")
    assert out.returncode == 0
    assert "COMMAND" in out.stdout


def test_exit_status_of_bad_input_reaches_the_shell():
    """``__main__`` passes main()'s status to the shell: 1 for bad input (one line), 2 for a bad option."""
    out = run("score", "8NT", "10")
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.strip() == "error: cannot read contract '8NT': expected e.g. 4H, 3NT, 3N, 4SX, 7NTXX or Pass"
    assert run("score", "--no-such-option").returncode == 2
