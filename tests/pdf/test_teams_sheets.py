"""Teams sheets for a field of any size: the VP table (cross-table, round-by-round list, or the
cross-table in column blocks) fits the page at 7 pt or more; match travellers and blank team
travellers with both rooms; names never broken inside a word."""
from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from long_events import team_name, teams_field
from pypdf import PdfReader
from reportlab.platypus import Table

from rules_ext.cli import main
from rules_ext.core import vp
from rules_ext.events import compute_results, read_pbn
from rules_ext.events.model import EventKind
from rules_ext.events.scoring.results_model import EventResults, MatchResult, RankEntry, Ranking
from rules_ext.pdf.crosstable import vp_table
from rules_ext.pdf.layout import PrintOptions, frame_size


@pytest.fixture(scope="module")
def field30(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("field") / "field30.pbn"
    path.write_text(teams_field(30), encoding="utf-8")
    return path


def _text(path: Path) -> str:
    return " ".join(" ".join((p.extract_text() or "").split()) for p in PdfReader(path).pages)


def _round_robin(teams: int) -> EventResults:
    names = [team_name(i) for i in range(teams)]
    matches = []
    for k, (a, b) in enumerate(itertools.combinations(names, 2)):
        margin = (k * 7) % 41 - 20
        home, visit = vp(margin, 10)
        matches.append(MatchResult(a, b, max(margin, 0), max(-margin, 0), 10, home, visit))
    totals = dict.fromkeys(names, 0.0)
    for m in matches:
        totals[m.home] += m.vp_home
        totals[m.visit] += m.vp_visit
    ranked = sorted(names, key=lambda n: -totals[n])
    entries = tuple(RankEntry(str(i + 1), i + 1, n, "", totals[n], None, teams - 1) for i, n in enumerate(ranked))
    return EventResults(EventKind.TEAMS, "imps", "", (), (Ranking("", "VP", entries),), tuple(matches))


def _smallest_size(table: Table) -> float:
    found = []
    for row in table._cellvalues:
        for cell in row:
            style = getattr(cell, "style", None)
            if style is not None:
                found.append(style.fontSize)
    return min(found, default=99.0)


@pytest.mark.parametrize("teams", [8, 12, 24, 40])
def test_a_round_robin_vp_table_fits_the_page_at_7_pt(teams):
    options = PrintOptions.of("a4", "both")
    width, height = frame_size(options)
    blocks = vp_table(_round_robin(teams), options, width, height)
    assert (len(blocks) == 1) == (teams <= 12)
    shown: list[str] = []
    for block in blocks:
        table = block.table
        w, _ = table.wrap(width, height)
        assert w <= width + 0.5
        assert _smallest_size(table) >= 7
        assert len(table._cellvalues) == teams + 1  # every team's row in every block
        shown += [str(c) for c in table._cellvalues[0][1:-1]]
    assert shown == [str(i + 1) for i in range(teams)]  # each opponent column once


def test_a_30_team_round_prints_its_vps_round_by_round(field30, tmp_path):
    out = tmp_path / "r.pdf"
    assert main(["results", str(field30), "-o", str(out), "--lang", "en"]) == 0
    text = _text(out)
    assert "VPs round by round" in text
    results = compute_results(read_pbn(field30))
    assert len(results.matches) == 15
    for m in results.matches:
        if m.boards:
            assert f"{m.vp_home:.2f}" in text and f"{m.vp_visit:.2f}" in text
    assert text.count("not played") >= 2  # the unplayed match, in both teams' rows
    for i in range(30):
        assert team_name(i) in text  # whole, never broken


def test_team_names_are_never_broken_inside_a_word(field30, tmp_path):
    for args in (["travellers"], ["travellers", "--blank"], ["results"]):
        out = tmp_path / f"{'-'.join(args)}.pdf"
        assert main([*args, str(field30), "-o", str(out), "--lang", "both"]) == 0
        words = set(re.findall(r"[A-Z]{4,}", _text(out)))
        names = {team_name(i) for i in range(30)}
        broken = {w for w in words if w not in names and any(w != n and (n.startswith(w) or n.endswith(w))
                                                              for n in names)}
        assert not broken, (args, sorted(broken)[:5])


FIXTURES = Path(__file__).parents[1] / "events" / "fixtures"


@pytest.mark.parametrize(("name", "says"), [
    ("finnish-butler-mean.pbn", ("Butler IMPs", "datum", "Checked against the file's own")),
    ("compscore-butler.xml", ("Butler IMPs", "datum")),
    ("ruter-cross-imps.pbn", ("Cross-IMPs", "summed", "As the file gives it")),
    ("compscore-ximp.xml", ("Cross-IMPs", "averaged")),
    ("magic-pairs.pbn", ("Matchpoints, 2/1/0", "top")),
    ("realbridge-teams.pbn", ("Teams IMPs", "WBF 2013", "matches")),
])
def test_results_and_travellers_state_their_scoring_basis(tmp_path, name, says):
    for kind in ("results", "travellers"):
        out = tmp_path / f"{kind}.pdf"
        assert main([kind, str(FIXTURES / name), "-o", str(out), "--lang", "en"]) == 0
        first = " ".join((PdfReader(out).pages[0].extract_text() or "").split())
        for words in says:
            assert words in first, (kind, words)


def test_butler_travellers_have_a_datum_column(tmp_path):
    event = read_pbn(FIXTURES / "finnish-butler-mean.pbn")
    results = compute_results(event)
    out = tmp_path / "t.pdf"
    assert main(["travellers", str(FIXTURES / "finnish-butler-mean.pbn"), "-o", str(out), "--lang", "en"]) == 0
    text = _text(out)
    assert "Datum NS" in text
    for board in results.boards:
        if board.datum is not None:
            shown = f"+{board.datum}" if board.datum > 0 else str(board.datum)
            assert f"datum NS {shown}" in text and shown in text
