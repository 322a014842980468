"""Par in every notation real scoring programs write, read by the one parser (rules_ext.events.dd)
and printed on the hand record in the one notation (figures.par_markup). A par known by its score
only is printed with the contract worked out from the file's double-dummy grid; a par line that
cannot be read leaves that board without par, says so in one warning line, and exits 0."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from required_tools import require

from rules_ext.cli import main
from rules_ext.events.dd import Par, ParContract

#: board 1 (dealer N, nobody vulnerable); double-dummy par 3H by N or S, NS +140
DEAL = "N:AK73.AKJ53.Q2.J8 QT9.T862.865.AT6 2.Q97.JT973.Q954 J8654.4.AK4.K732"
GRID = "76986769865745557455"   # DoubleDummyTricks: declarers N S E W x NT S H D C

#: (the file's par tags, the contracts as read, the par as the hand record prints it)
NOTATIONS = [
    # Magic Contest, Ruter: contract, declarer, tricks taken
    ('[OptimumScore "NS 140"]\n[OptimumContract "3H N 9"]', ["3H N"], "3♥ N = NS +140"),
    ('[OptimumScore "NS 140"]\n[OptimumContract "6N S 11"]', ["6NT S -1"], "6NT S -1 = NS +140"),
    # PBN 2.1: side first
    ('[OptimumScore "NS 140"]\n[ParContract "NS 3H"]', ["3H NS"], "3♥ NS = NS +140"),
    # contract first, doubled, one declarer
    ('[ParContract "4SX E"]', ["4SX E"], "4♠X E"),
    # going down
    ('[OptimumScore "NS 50"]\n[ParContract "3NT EW -1"]', ["3NT EW -1"], "3NT EW -1 = NS +50"),
    # several par contracts
    ('[OptimumScore "NS 140"]\n[ParContract "3H NS; 3S EW -2"]', ["3H NS", "3S EW -2"],
     "3♥ NS, 3♠ EW -2 = NS +140"),
    ('[ParContract "Pass"]', ["Pass"], "Pass"),
    # RealBridge: the score only; the contract is worked out from the grid
    ('[OptimumScore "NS +140"]', [], "3♥ NS = NS +140"),
    ('[OptimumScore "NS 140"]', [], "3♥ NS = NS +140"),
    # no par tags at all, a grid: worked out too
    ("", [], "3♥ NS = NS +140"),
    # a score the grid does not give (another convention): the file's score, alone
    ('[OptimumScore "NS +90"]', [], "NS +90"),
]


def event(folder: Path, tags: str, name: str = "e.pbn") -> Path:
    path = folder / name
    text = f'[Event "Par club"]\n[Board "1"]\n[Deal "{DEAL}"]\n[DoubleDummyTricks "{GRID}"]\n{tags}\n'
    path.write_text(text, encoding="utf-8")
    return path


def printed_par(pdf: Path) -> str:
    out = subprocess.run([require("pdftotext"), "-enc", "UTF-8", str(pdf), "-"], check=True,
                         capture_output=True, text=True).stdout
    # pdftotext reads the par, then the grid's first row (N 7 6 9 8 6) or the makeable contracts
    found = re.search(r"Par: (.*?)(?= N(?: \d+){5}\b| Makeable|$)", " ".join(out.split()))
    return found.group(1) if found else ""


@pytest.mark.parametrize(("tags", "read", "printed"), NOTATIONS, ids=[t or "none" for t, _, _ in NOTATIONS])
def test_each_notation_is_read_and_printed(tmp_path, capsys, tags, read, printed):
    score = re.search(r'OptimumScore "([^"]*)"', tags)
    contract = re.search(r'(?:ParContract|OptimumContract) "([^"]*)"', tags)
    par = Par.from_tags(score.group(1) if score else "", contract.group(1) if contract else "")
    assert [str(c) for c in par.contracts] == read
    pdf = tmp_path / "h.pdf"
    assert main(["handrecord", str(event(tmp_path, tags)), "-o", str(pdf), "--lang", "en", "--per-page", "1"]) == 0
    assert capsys.readouterr().err == ""
    assert printed_par(pdf) == printed


@pytest.mark.parametrize("odd", ["4S N 14", "NS 4S 5H", "four spades", "8NT N", "4S NS EW"])
def test_an_odd_par_line_prints_without_par_and_one_warning(tmp_path, capsys, odd):
    tags = f'[OptimumScore "NS 420"]\n[ParContract "{odd}"]'
    with pytest.raises(ValueError, match="cannot read par contract"):
        ParContract.parse(odd)
    source = event(tmp_path, tags)
    pdf = tmp_path / "h.pdf"
    assert main(["handrecord", str(source), "-o", str(pdf), "--lang", "en"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1, err
    assert err[0].startswith(f"{source}: warning: board 1 printed without par: cannot read par contract {odd!r}")
    assert printed_par(pdf) == ""
    assert "Makeable" in " ".join(subprocess.run([require("pdftotext"), str(pdf), "-"], capture_output=True,
                                                 text=True, check=True).stdout.split())


def test_many_odd_par_lines_are_still_one_warning_line(tmp_path, capsys):
    boards = "".join(f'[Board "{n}"]\n[Deal "{DEAL}"]\n[ParContract "??? {n}"]\n\n' for n in (1, 2, 3))
    source = tmp_path / "odd.pbn"
    source.write_text(f'[Event "Odd club"]\n{boards}', encoding="utf-8")
    pdf = tmp_path / "h.pdf"
    # no grid in the file: the deals are solved, and DDS's par is printed; nothing to warn about
    assert main(["handrecord", str(source), "-o", str(pdf), "--lang", "en", "--per-page", "4"]) == 0
    assert capsys.readouterr().err == ""
    grids = boards.replace(f'[Deal "{DEAL}"]\n', f'[Deal "{DEAL}"]\n[DoubleDummyTricks "{GRID}"]\n')
    source.write_text(f'[Event "Odd club"]\n{grids}', encoding="utf-8")
    assert main(["handrecord", str(source), "-o", str(pdf), "--lang", "en", "--per-page", "4"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err == [f"{source}: warning: boards 1, 2, 3 printed without par: cannot read par contract '??? 1': "
                   "expected e.g. NS 4S, 4SX E, 3NT EW -1 or 4S N 10 (the tricks taken) (and 2 more)"]


def test_there_is_one_par_parser():
    """Only rules_ext/events/dd/__init__.py reads a par line: no other module parses the par tags."""
    root = Path(__file__).parents[2] / "rules_ext"
    for path in root.rglob("*.py"):
        if path.relative_to(root).as_posix() == "events/dd/__init__.py":
            continue
        source = path.read_text(encoding="utf-8")
        assert "ParContract.parse" not in source and "def parse_par" not in source, path
        assert not re.search(r"\bOptimumContract\b.*split|par_contract\.split", source), path
