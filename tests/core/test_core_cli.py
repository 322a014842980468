"""The core's commands through the entry point, in process (the real process: tests/test_cli.py)."""
import pytest
from cli_runner import run_cli

from rules_ext.cli import main


def run(*argv):
    return run_cli(*argv, text=True)


def test_score_command_prints_790():
    out = run("score", "4SX", "10", "--vul")
    assert out.returncode == 0 and out.stdout == "790\n"


@pytest.mark.parametrize("argv, expected", [
    (["imps", "430"], "10\n"), (["imps", "-430"], "-10\n"), (["score", "3NT", "8"], "-50\n"),
    (["score", "Pass", "0"], "0\n"), (["vp", "1", "20"], "10.28 9.72\n"),
])
def test_commands(capsys, argv, expected):
    assert main(argv) == 0
    assert capsys.readouterr().out == expected


def test_matchpoints_command(capsys):
    assert main(["matchpoints", "420", "420", "450", "-50"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert rows == [["420", "3", "3"], ["420", "3", "3"], ["450", "6", "0"], ["-50", "0", "6"]]


@pytest.mark.parametrize("scale", ["1/0.5/0", "1/½/0"])
def test_matchpoints_command_on_the_half_point_scale(capsys, scale):
    # Law 78A writes the scale 1/½/0; the core reads that spelling, so the command does too
    assert main(["matchpoints", "420", "420", "450", "-50", "--scale", scale]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert rows == [["420", "1.5", "1.5"], ["420", "1.5", "1.5"], ["450", "3", "0"], ["-50", "0", "3"]]


def test_board_command_prints_chinese(capsys):
    assert main(["board", "4", "13"]) == 0
    assert capsys.readouterr().out.splitlines() == ["4 W All 发牌西 双方有局", "13 N All 发牌北 双方有局"]


def test_bad_contract_is_one_line_and_exit_1():
    out = run("score", "8NT", "10")
    assert out.returncode == 1
    assert out.stderr.strip() == "error: cannot read contract '8NT': expected e.g. 4H, 3NT, 3N, 4SX, 7NTXX or Pass"
