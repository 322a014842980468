"""The results sheets of the scoring conventions' fixtures (tests/events/fixtures/make_scoring_fixtures.py):
a ranking per section and direction, masterpoints beside the ranking, the VP scale named where VPs are
printed (whole numbers on a whole-number scale), board points for point-a-board teams."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from rules_ext.events import compute_results
from rules_ext.events.usebio.reader import read_usebio
from rules_ext.pdf.results import write_results_pdf

FIXTURES = Path(__file__).parents[1] / "events" / "fixtures"


def _pdf_text(name: str, tmp_path: Path, lang: str = "both") -> str:
    event = read_usebio(FIXTURES / name)
    path = tmp_path / "r.pdf"
    write_results_pdf(event, compute_results(event), path, lang=lang, cards=False)
    return " ".join(" ".join((p.extract_text() or "").split()) for p in PdfReader(path).pages)


def test_a_ranking_per_section_and_direction_with_masterpoints(tmp_path):
    text = _pdf_text("two-sections-across.xml", tmp_path)
    for section in "AB":
        for side in ("南北 NS", "东西 EW"):
            assert f"排名 Ranking — 分区 Section: {section} — {side}" in text
    assert "大师分 Masterpoints" in text and text.count("60 LOCAL") == 4 and text.count("40 LOCAL") == 4
    assert "各分区的计分：全场统一比较（跨分区）" in text  # the sections convention, said in Chinese


def test_the_vp_scale_is_named_and_its_whole_numbers_printed(tmp_path):
    text = _pdf_text("teams-acbl20.xml", tmp_path)
    assert "胜利分按 ACBL 20 分整数胜利分表" in text and "ACBL 20-VP scale (whole numbers)" in text
    assert "bridgehands.com" in text  # the scale's source
    assert "胜利分对照表 VP cross-table (ACBL 20 分整数胜利分表 ACBL 20-VP scale (whole numbers))" in text
    assert not re.search(r"\b1?\d\.00\b", text.split("场次 Match")[0])  # no 12.00: the scale has whole numbers


@pytest.mark.parametrize("lang", ["zh", "both"])
def test_point_a_board_teams_print_board_points(tmp_path, lang):
    text = _pdf_text("teams-pab.xml", tmp_path, lang)
    assert "比分对照表" in text and "比分" in text
    assert "胜 2，平 1，负 0" in text  # the board points the file's matches show
    assert "胜利分对照表" not in text and "国际分合计" not in text
