"""The dealing machines' files: each written and read back, their bytes as the public descriptions
say (Duplimate's conversion note and Big Deal's output.c: the record sizes, the card numbers 01 = ♠A
to 52 = ♣2, the DOS suit characters, the .dup trailer, the .dlm letters and checksums), a damaged
file refused with where it is damaged; and a deal set in the PBN form Big Deal writes read in."""
from __future__ import annotations

import pytest

from rules_ext.core import Deal, Seat
from rules_ext.core.dealing import deal_of_number, deal_set, parse_seed
from rules_ext.events.dealing import (
    DealingFileError,
    deal_set_pbn,
    machine_file,
    read_bri,
    read_deal_file,
    read_dge,
    read_dlm,
    read_dup,
    write_bri,
    write_dge,
    write_dlm,
    write_dup,
)

SEED = parse_seed("01" * 20)
BOARDS = [(b.number, b.deal) for b in deal_set(SEED, range(1, 28))]
#: the first deal of Pavlicek's numbering: North the spades, East the hearts, South the diamonds, West the clubs
SUITED = deal_of_number(0)


@pytest.mark.parametrize("suffix", [".dlm", ".dup", ".bri", ".dge", ".pbn"])
def test_each_format_reads_back(tmp_path, suffix):
    path = tmp_path / f"set{suffix}"
    data = deal_set_pbn(BOARDS).encode() if suffix == ".pbn" else machine_file(suffix, BOARDS)
    path.write_bytes(data)
    assert read_deal_file(path) == BOARDS


def test_bri_record():
    data = write_bri([(1, SUITED)])
    assert len(data) == 128
    # North holds cards 01-13 (the spades), East 14-26, South 27-39; then 32 spaces and 18 zero bytes
    assert data[:78] == "".join(f"{n:02d}" for n in range(1, 40)).encode()
    assert data[78:110] == b" " * 32 and data[110:] == b"\x00" * 18


def test_dge_record():
    data = write_dge([(1, SUITED)])
    assert len(data) == 128
    north = b"\x06AKQJT98765432\x03\x04\x05"
    west = b"\x06\x03\x04\x05AKQJT98765432"
    assert data[:17] == north and data[51:68] == west and data[68:] == b"\x00" * 60


def test_dup_record_and_trailer():
    data = write_dup([(1, SUITED), (2, SUITED)])
    assert len(data) == 2 * 156
    record = data[:156]
    assert record[:78] == write_bri([(1, SUITED)])[:78] and record[78:146] == write_dge([(1, SUITED)])[:68]
    # byte 147 Y (random hands), 148 N (not backwards), 149-151 lowest board, 152-153 copies, 154-156 highest
    assert record[146:] == b"YN1  0 2  "
    blind = write_dup([(1, SUITED), (2, SUITED)], blind=True)
    assert blind[78:146] == b" " * 68 and blind[156 + 78:156 + 146] != b" " * 68
    assert read_dup(blind) == [(1, SUITED), (2, SUITED)]


def test_dlm_head_letters_and_checksums():
    text = write_dlm([(1, SUITED), (2, SUITED)], show=True, headline="测试".encode("unicode_escape").decode())
    lines = text.split("\r\n")
    assert lines[0] == "[Document]" and "Status=Show" in lines and "From board=1" in lines and "To board=2" in lines
    assert "Checksum=2" in lines  # duplicates 0 ^ from 1 ^ to 2 ^ 1 (shown) = 2
    board1 = next(line for line in lines if line.startswith("Board 01="))
    # the cards two at a time from ♠A: spades N N -> 'a', hearts E E -> 'f', diamonds S S -> 'k', clubs W W -> 'p';
    # the 7th pair is ♠2 (N) and ♥A (E): 'a' + 4*0 + 1 = 'b', the 20th ♦2 (S) and ♣A (W): 'a' + 4*2 + 3 = 'l'
    assert board1[9:35] == "aaaaaabffffffkkkkkklpppppp"
    checksum = 1
    for ch in board1[9:35]:
        checksum ^= ord(ch)
    assert board1[35:] == f"{checksum:03d}"
    # the boards that are not in the set hold a filler with checksum board ^ 14
    assert "Board 50=aaaaaabffffffkkkkkklpppppp060" in lines  # 50 ^ 14 = 60
    assert sum(1 for line in lines if line.startswith("Board ")) == 99
    assert write_dlm([(1, SUITED)], show=False).count("Status=Sealed") == 1


def test_dlm_refuses_a_gap_and_boards_past_99():
    with pytest.raises(DealingFileError, match="board 2 is missing"):
        write_dlm([(1, SUITED), (3, SUITED)])
    with pytest.raises(DealingFileError, match="1 to 99"):
        write_dup([(100, SUITED)])


def test_a_damaged_dlm_names_its_line():
    lines = write_dlm(BOARDS[:3]).split("\r\n")
    i = next(k for k, line in enumerate(lines) if line.startswith("Board 02="))
    damaged = lines[i][:9] + ("b" if lines[i][9] != "b" else "c") + lines[i][10:]
    lines[i] = damaged
    with pytest.raises(DealingFileError, match=rf"x.dlm:{i + 1}: board 2: checksum"):
        read_dlm("\r\n".join(lines), source="x.dlm")


def test_a_dlm_whose_head_checksum_is_wrong():
    text = write_dlm(BOARDS[:3]).replace("Checksum=3", "Checksum=4")
    with pytest.raises(DealingFileError, match="Checksum=4 does not match"):
        read_dlm(text, source="x.dlm")


def test_a_bri_with_a_card_twice():
    data = bytearray(write_bri([(1, SUITED)]))
    data[2:4] = b"01"  # the ace of spades again
    with pytest.raises(DealingFileError, match="record 1: card number 01 is given twice"):
        read_bri(bytes(data), source="x.bri")


def test_a_short_file():
    with pytest.raises(DealingFileError, match="not a whole number of 128-byte"):
        read_dge(b"\x06AK", source="x.dge")


def test_a_dup_whose_two_parts_disagree():
    data = bytearray(write_dup([(1, SUITED)]))
    data[78:146] = write_dge([(1, BOARDS[0][1])])[:68]
    with pytest.raises(DealingFileError, match="different deals"):
        read_dup(bytes(data), source="x.dup")


#: a set as Big Deal's print_pbn writes it (output.c: "% PBN 2.1", "% EXPORT", "%", a Generator tag, then
#: per board the seven-tag roster with "?" and Dealer/Vulnerable/Deal); the deals are invented
BIG_DEAL_FORM = """% PBN 2.1
% EXPORT
%
[Generator "Big Deal version 2.0"]
[Event "?"]
[Site "?"]
[Date "?"]
[Board "1"]
[West "?"]
[North "?"]
[East "?"]
[South "?"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
[Scoring "?"]
[Declarer "?"]
[Contract "?"]
[Result "?"]

[Event "?"]
[Site "?"]
[Date "?"]
[Board "2"]
[West "?"]
[North "?"]
[East "?"]
[South "?"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. AKQJT98765432..."]
[Scoring "?"]
[Declarer "?"]
[Contract "?"]
[Result "?"]
"""


def test_a_set_in_big_deals_pbn_form_goes_to_the_machines(tmp_path):
    source = tmp_path / "bigdeal.pbn"
    source.write_text(BIG_DEAL_FORM)
    boards = read_deal_file(source)
    assert [n for n, _ in boards] == [1, 2] and boards[0][1] == SUITED
    assert boards[1][1].hand(Seat.N).hcp == 10 and boards[1][1].hand(Seat.W).to_pbn() == "AKQJT98765432..."
    for suffix in (".dlm", ".dup"):
        target = tmp_path / f"bigdeal{suffix}"
        target.write_bytes(machine_file(suffix, boards))
        assert read_deal_file(target) == boards


def test_the_pbn_of_a_set_has_law_two_and_no_seed():
    text = deal_set_pbn(BOARDS[:5], event="测试")
    assert '[Dealer "E"]' in text and '[Vulnerable "NS"]' in text  # board 2
    assert "01" * 20 not in text and SEED.hex() not in text
    assert isinstance(Deal.from_pbn(text.split('[Deal "')[1].split('"')[0]), Deal)
