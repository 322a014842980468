"""``pbn FILE --usebio`` keeps the official record: the file's own places, totals and percentages as
it writes them, and its organising club, unless ``--figures ours`` asks for ours; the command says
on stderr which it wrote.
"""
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from rules_ext.cli import main

FIXTURES = Path(__file__).parent / "fixtures"


def pairs(xml: Path) -> dict[str, tuple[str | None, str | None, str | None]]:
    root = ET.fromstring(xml.read_bytes())
    return {(p.findtext("PAIR_NUMBER") or "") + (p.findtext("DIRECTION") or ""):
            (p.findtext("TOTAL_SCORE"), p.findtext("PERCENTAGE"), p.findtext("PLACE")) for p in root.iter("PAIR")}


def club(xml: Path) -> tuple[str | None, str | None]:
    root = ET.fromstring(xml.read_bytes())
    return root.findtext("CLUB/CLUB_NAME"), root.findtext("CLUB/CLUB_ID_NUMBER")


@pytest.fixture
def director_placed(tmp_path: Path) -> Path:
    """The Mitchell fixture with the official record changed by hand, as a director's ruling might:
    pairs 3NS and 2NS (20.3 each) placed 3 and 2, 2NS's total written 20.4."""
    text = (FIXTURES / "compscore-mp-mitchell.xml").read_text(encoding="utf-8")
    three = "<PAIR_NUMBER>3NS</PAIR_NUMBER>\n<DIRECTION>NS</DIRECTION>\n<TOTAL_SCORE>20.3</TOTAL_SCORE>\n" \
            "<PERCENTAGE>56.48</PERCENTAGE>\n<PLACE>2</PLACE>"
    two = "<PAIR_NUMBER>2NS</PAIR_NUMBER>\n<DIRECTION>NS</DIRECTION>\n<TOTAL_SCORE>20.3</TOTAL_SCORE>\n" \
          "<PERCENTAGE>56.30</PERCENTAGE>\n<PLACE>3</PLACE>"
    assert three in text and two in text
    text = text.replace(three, three.replace("<PLACE>2</PLACE>", "<PLACE>3</PLACE>"))
    text = text.replace(two, two.replace("<PLACE>3</PLACE>", "<PLACE>2</PLACE>").replace("20.3", "20.4"))
    path = tmp_path / "placed.xml"
    path.write_text(text, encoding="utf-8")
    return path


def test_usebio_export_writes_the_files_own_places_and_totals_by_default(
        director_placed: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "official.xml"
    assert main(["pbn", str(director_placed), "--usebio", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert err == (f"{director_placed}: wrote the file's own places and totals (the official record); "
                   f"--figures ours writes ours\n")
    written = pairs(out)
    assert written["3NS"] == ("20.3", "56.48", "3") and written["2NS"] == ("20.4", "56.30", "2")
    assert written["4NS"] == ("22.7", "62.96", "1")
    assert club(out) == ("Lantern Street Bridge Club", "9001")


def test_usebio_export_with_figures_ours_writes_ours(
        director_placed: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "ours.xml"
    assert main(["pbn", str(director_placed), "--usebio", "--figures", "ours", "-o", str(out)]) == 0
    assert capsys.readouterr().err == (f"{director_placed}: wrote our places and totals (--figures ours); "
                                       f"without it the file's own are written\n")
    written = pairs(out)
    assert written["3NS"][2] == "2" and written["2NS"][2] == "3"  # ours: 56.48 % above 56.30 %
    assert written["2NS"][0] != "20.4"
    assert club(out) == ("Lantern Street Bridge Club", "9001")  # the organiser is no figure: kept either way


def test_a_pbn_files_totals_table_and_arranger_are_kept(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (FIXTURES / "club-latin1-crlf.pbn").read_bytes()
    text = text.replace(b'% <META  name=Tables content="3">',
                        b'% <META  name=Tables content="3">\r\n% <META  name=Arranger content="Club des Tilleuls">')
    text = text.replace(b' 2  1 N-S  7.5 62.50', b' 1  1 N-S  7.5 62.50')  # the director placed pair 1 equal first
    path = tmp_path / "club.pbn"
    path.write_bytes(text)
    official, ours = tmp_path / "official.xml", tmp_path / "ours.xml"
    assert main(["pbn", str(path), "--usebio", "-o", str(official)]) == 0
    assert "wrote the file's own places and totals (the official record)" in capsys.readouterr().err
    assert main(["pbn", str(path), "--usebio", "--figures", "ours", "-o", str(ours)]) == 0
    assert "wrote our places and totals (--figures ours)" in capsys.readouterr().err
    assert pairs(official)["1NS"] == ("7.5", "62.50", "1") and pairs(ours)["1NS"][2] == "2"
    assert pairs(official)["3NS"] == ("9.5", "79.17", "1")
    assert club(official) == club(ours) == ("Club des Tilleuls", None)


def test_a_file_without_totals_of_its_own_gets_ours_and_says_so(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "teams.xml"
    assert main(["pbn", str(FIXTURES / "teams-realbridge-swapped.pbn"), "--usebio", "-o", str(out)]) == 0
    assert capsys.readouterr().err.endswith("the file gives no places or totals of its own: wrote ours\n")
    root = ET.fromstring(out.read_bytes())
    assert {t.get("TEAM_NAME"): (t.findtext("TOTAL_SCORE"), t.findtext("PLACE")) for t in root.iter("TEAM")
            if t.get("TEAM_NAME")} == {
        "Falcons": ("19.23", "1"), "Ravens": ("17.40", "2"), "Beavers": ("2.60", "3"), "Lynxes": ("0.77", "4")}
    assert [(m.findtext("TEAM_SCORE"), m.findtext("OPPOSING_TEAM_SCORE")) for m in root.iter("MATCH")] == [
        ("19.23", "0.77"), ("17.40", "2.60")]


def test_figures_needs_usebio() -> None:
    assert main(["pbn", str(FIXTURES / "room-teams.pbn"), "--figures", "ours"]) == 1
