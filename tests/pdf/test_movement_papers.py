"""The papers on the tables from a movement: guide cards, score cards, blank travellers and pickup
slips with the movement's pairs, curtain cards and board labels; Chinese by default, English with
``lang``, A4 and letter; the font embedded; a PNG of a guide card, a score card and a curtain card
left for a person to look at (tests/artifacts.py)."""
from __future__ import annotations

import re
import subprocess

import pytest
from artifacts import artifacts_folder
from pypdf import PdfReader
from required_tools import require
from test_pdf import assert_fonts_embedded, text_of

from rules_ext.core.dealing import deal_set, parse_seed
from rules_ext.core.movements import howell, mitchell, round_robin
from rules_ext.pdf.curtain import write_curtain_cards
from rules_ext.pdf.movement_cards import (
    movement_slips,
    write_board_labels,
    write_guide_cards,
    write_movement_slips,
    write_movement_travellers,
    write_score_cards,
)

MITCHELL = mitchell(5, boards_per_round=3)
HOWELL = howell(5, rounds=7, boards_per_round=3)  # a ¾ Howell with relay stands
DEALS = [(b.number, b.deal) for b in deal_set(parse_seed("5a" * 20), range(1, 4))]


def test_guide_cards_say_where_everyone_goes(tmp_path):
    path = tmp_path / "guide.pdf"
    pages = write_guide_cards(MITCHELL, path, event="周四双人赛")
    text = text_of(path)
    assert pages >= 2 and "第1桌" in text and "第5桌" in text and "桌卡" in text
    # table 1, round 1: NS 1 against EW 6 on boards 1-3; NS stays, EW go to table 2 EW, the boards to table 5
    assert re.search(r"1\s+1\s+6\s+1-3\s+不动\s+2桌东西\s+5桌", text), text[:800]
    assert_fonts_embedded(path)


def test_guide_cards_in_english_on_letter(tmp_path):
    path = tmp_path / "guide.pdf"
    write_guide_cards(MITCHELL, path, lang="en", paper="letter")
    text = text_of(path)
    assert "Table 1" in text and "stay" in text and "EW go to" in text and "第1桌" not in text
    box = PdfReader(path).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


def test_a_howell_guide_card_sends_boards_to_the_relay(tmp_path):
    path = tmp_path / "guide.pdf"
    write_guide_cards(HOWELL, path)
    assert "休息台" in text_of(path)


def test_score_cards_list_each_pairs_opponents_and_boards(tmp_path):
    path = tmp_path / "cards.pdf"
    write_score_cards(MITCHELL, path)
    text = text_of(path)
    assert "第6对" in text and "个人计分卡" in text
    # pair 6 (EW, starting at table 1) meets NS 1, 2, 3, 4, 5 in turn, playing boards 1-3, then 7-9 at table 2 ...
    card = text[text.index("第6对"):]
    assert re.search(r"1\s+1\s+东西\s+1\s+1\s+2\s+3", card) and re.search(r"2\s+2\s+东西\s+2\s+7\s+8\s+9", card)


def test_travellers_have_the_movements_pairs(tmp_path):
    path = tmp_path / "trav.pdf"
    write_movement_travellers(MITCHELL, path)
    text = text_of(path)
    # board 1 moves down a table a round (1, 5, 4, 3, 2) and the EW pairs up one: round 1 NS 1 v EW 6,
    # round 2 NS 5 v EW 9 (pair 9 started at table 4), round 3 NS 4 v EW 7, round 4 NS 3 v 10, round 5 NS 2 v 8
    first = text[:text.index("牌号 2")]
    rows = re.findall(r"(\d+)\n (\d+)\n (\d+)\n", first[first.index("备注"):])
    assert rows == [("1", "1", "6"), ("2", "5", "9"), ("3", "4", "7"), ("4", "3", "10"), ("5", "2", "8")], first


def test_pickup_slips_one_per_table_and_round(tmp_path):
    slips = movement_slips(MITCHELL)
    assert len(slips) == 25 and slips[0].boards == (1, 2, 3) and (slips[0].ns, slips[0].ew) == ("1", "6")
    path = tmp_path / "slips.pdf"
    write_movement_slips(MITCHELL, path, lang="en")
    assert "Pickup slip" in text_of(path)


def test_teams_travellers_and_cards(tmp_path):
    teams = round_robin(4, boards_per_round=4)
    write_movement_travellers(teams, tmp_path / "t.pdf")
    write_score_cards(teams, tmp_path / "c.pdf")
    assert "开室" in text_of(tmp_path / "t.pdf") and "第1队" in text_of(tmp_path / "c.pdf")


def test_curtain_cards_hold_each_hand(tmp_path):
    path = tmp_path / "curtain.pdf"
    pages = write_curtain_cards(DEALS, path)
    assert pages == 3
    first = PdfReader(path).pages[0].extract_text()
    assert "第1副" in first and all(word in first for word in ("北", "东", "南", "西"))
    north_spades = DEALS[0][1].hand(__import__("rules_ext.core", fromlist=["Seat"]).Seat.N).to_pbn().split(".")[0]
    assert " ".join("10" if c == "T" else c for c in north_spades) in first


def test_board_labels_law_two(tmp_path):
    path = tmp_path / "labels.pdf"
    write_board_labels(range(1, 28), path, lang="en")
    text = text_of(path)
    assert "Board 27" in text and "Dealer: South" in text and "Vulnerable: None" in text


def test_png_of_the_papers(tmp_path):
    pdftoppm = require("pdftoppm")
    out = artifacts_folder("movement-papers")
    for name, write in (("guide-card", lambda p: write_guide_cards(HOWELL, p, event="周四双人赛")),
                        ("score-card", lambda p: write_score_cards(MITCHELL, p)),
                        ("curtain-card", lambda p: write_curtain_cards(DEALS, p))):
        path = tmp_path / f"{name}.pdf"
        write(path)
        subprocess.run([pdftoppm, "-png", "-r", "60", "-f", "1", "-l", "1", path, out / name], check=True)
        assert any(p.name.startswith(name) and p.stat().st_size > 5000 for p in out.iterdir())


@pytest.mark.parametrize("lang, word", [("zh", "桌卡"), ("both", "桌卡 Table guide cards")])
def test_the_footer_names_the_paper(tmp_path, lang, word):
    path = tmp_path / "g.pdf"
    write_guide_cards(MITCHELL, path, lang=lang)
    assert word in text_of(path)
