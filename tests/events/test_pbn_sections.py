"""Auction and Play sections: calls checked by the core, notes, tricks, and what disagrees."""
from rules_ext.core import Seat
from rules_ext.events import read_pbn

GAME = ('[Board "1"][Dealer "N"][Vulnerable "None"]\n'
        '[Deal "N:A643.KJT8.92.AK3 2.653.QJT7.T9842 KQ97.Q9.AK54.J75 JT85.A742.863.Q6"]\n'
        '[Declarer "{declarer}"][Contract "{contract}"][Result "10"]\n'
        '[Auction "N"]\n{auction}\n[Note "1:transfer"]\n[Note "2:super-accept"]\n')


def game(auction: str, contract: str = "4H", declarer: str = "S") -> str:
    return GAME.format(auction=auction, contract=contract, declarer=declarer)


def test_auction_with_notes_annotations_and_all_pass():
    event = read_pbn(game("1NT Pass 2D =1= Pass\n3H! =2= Pass 4H $1 AP", contract="4H", declarer="N"))
    assert event.problems == ()
    r = event.boards[0].results[0]
    assert r.auction == ("1NT", "Pass", "2D", "Pass", "3H", "Pass", "4H", "Pass", "Pass", "Pass")
    assert r.auction_first is Seat.N
    assert r.auction_notes == ((2, 1), (4, 2))
    assert r.notes == ((1, "transfer"), (2, "super-accept"))


def test_an_insufficient_bid_is_reported_with_its_line_and_law():
    event = read_pbn(game("1NT Pass 2D Pass\n2C Pass Pass Pass"), source="a.pbn")
    (problem,) = event.problems
    assert str(problem).startswith("a.pbn:6: board 1: Auction call 5 (2C) by N: Law 18D")


def test_an_auction_that_does_not_end_in_the_contract_is_reported():
    event = read_pbn(game("1NT Pass 3NT AP", contract="4H", declarer="S"), source="b.pbn")
    (problem,) = event.problems
    assert str(problem) == ("b.pbn:4: board 1: the Auction ends 3NT by N, but the game says 4H by S")


def test_a_matching_auction_gives_no_problem_and_a_wrong_declarer_does():
    assert read_pbn(game("Pass 1H Pass 4H AP", contract="4H", declarer="E")).problems == ()
    wrong = read_pbn(game("Pass 1H Pass 4H AP", contract="4H", declarer="W")).problems
    assert len(wrong) == 1 and "ends 4H by E" in wrong[0].problem


def test_play_section_tricks_by_column_and_bad_cards():
    text = game("Pass 1H Pass 4H AP", contract="4H", declarer="E") + '[Play "S"]\nDJ D3 DQ S4\nC2 - CA CK\n*\n'
    r = read_pbn(text).boards[0].results[0]
    assert r.play_first is Seat.S
    assert r.play == (("DJ", "D3", "DQ", "S4"), ("C2", "-", "CA", "CK"))
    bad = read_pbn(text.replace("C2 - CA CK", "C2 Z9 CA CK"), source="p.pbn")
    assert any(str(p).startswith("p.pbn:10: board 1: cannot read card 'Z9'") for p in bad.problems)


def test_sections_round_trip_through_the_writer():
    from rules_ext.events import write_pbn
    text = game("1NT Pass 2D =1= Pass\n3H! =2= Pass 4H $1 AP", declarer="N") + '[Play "W"]\nSA S2 S3 S4\n*\n'
    event = read_pbn(text)
    again = read_pbn(write_pbn(event))
    assert again == event and again.boards[0].results[0].auction == event.boards[0].results[0].auction
