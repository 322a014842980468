"""A compilation of many matches in one file: a further table written without its Board and Deal,
``##`` values that hold for the games after them, segments that number their boards from 1 again
(each keyed by its own boards; the file refused by results in one line) and an auction written from
a wrong seat (kept as the Contract, Declarer and Play say, named once). Invented games, by hand."""
from __future__ import annotations

from pathlib import Path

from rules_ext.cli import main
from rules_ext.core import Seat
from rules_ext.events import read_pbn
from rules_ext.events.pbn.context import ReadContext
from rules_ext.events.pbn.interpret import resolve_inheritance
from rules_ext.events.pbn.lexer import scan
from rules_ext.events.pbn.normalise import normalise_games

DEAL_1 = "N:T865.Q653.AJ64.2 72.K97.T9.KQ9874 AK3.T2.KQ875.A65 QJ94.AJ84.32.JT3"
DEAL_2 = "N:AKQJ82.K7.K3.632 T9653.AJ983.T.KJ 7.65.A86542.AT74 4.QT42.QJ97.Q985"
SEATS = '[West "Wu"]\n[North "Nel"]\n[East "Eto"]\n[South "Sam"]\n'
OTHER_SEATS = '[West "Wim"]\n[North "Noa"]\n[East "Eli"]\n[South "Sol"]\n'


def _board(number: int, deal: str) -> str:
    return f'[Board "{number}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n'


def _table(declarer: str, contract: str, tricks: int) -> str:
    return f'[Declarer "{declarer}"]\n[Contract "{contract}"]\n[Result "{tricks}"]\n'


HEAD = '[Event "Club teams"]\n[Stage "R1"]\n[HomeTeam "Ash"]\n[VisitTeam "Birch"]\n'
#: board 1 at two tables, the second without its Board and Deal (a further table of board 1)
TWO_TABLES = HEAD + SEATS + _board(1, DEAL_1) + _table("N", "3NT", 9) + "\n" + OTHER_SEATS + _table("S", "4S", 10)
#: then a second segment that numbers its board 1 again, with other cards
SEGMENTS = TWO_TABLES + '\n[Stage "R2"]\n' + SEATS + _board(1, DEAL_2) + _table("N", "3NT", 9)


def _line(text: str, start: str) -> int:
    return text[:text.index(start)].count("\n") + 1


def test_a_further_table_without_board_and_deal_is_the_board_before_it():
    event = read_pbn(TWO_TABLES)
    assert event.problems == ()
    (board,) = event.boards
    assert board.number == 1 and board.deal is not None and board.deal.to_pbn(Seat.N) == DEAL_1
    # 3NT by N making 9, 4S by S making 10, not vulnerable: 400 and 420 to NS
    assert [(str(r.contract), r.declarer, r.score_ns) for r in board.results] == [
        ("3NT", Seat.N, 400), ("4S", Seat.S, 420)]
    assert board.results[1].players == ("Noa", "Eli", "Sol", "Wim")
    assert [(w.line, w.problem) for w in event.warnings] == [(_line(TWO_TABLES, '[West "Wim"]'), (
        '1 game(s) leave out [Board] and [Deal] (the first here): each is read as a further table of the board '
        'of the game before it (PBN 2.1 copies a tag only with "#", and never Dealer, Vulnerable or Deal)'))]


def test_a_game_without_a_board_number_but_with_its_own_deal_is_still_a_problem():
    text = TWO_TABLES.replace(OTHER_SEATS, OTHER_SEATS + f'[Deal "{DEAL_2}"]\n')
    assert [p.problem for p in read_pbn(text).problems] == [
        'a game without a board number: expected e.g. [Board "1"]']


def test_a_double_hash_value_holds_for_the_following_games_until_redefined():
    games = [_board(n, DEAL_1 if n % 2 else DEAL_2).replace('[Dealer "N"]\n[Vulnerable "None"]\n', "")
             for n in (1, 2, 3, 4)]
    games[0] += '[Scoring "##IMP"]\n'
    games[2] += '[Scoring "MP"]\n'
    ctx = ReadContext("<text>")
    resolved = resolve_inheritance(normalise_games(scan("\n".join(games), "<text>")[1], ctx), ctx)
    assert [values["Scoring"] for values in resolved] == ["IMP", "IMP", "MP", "MP"]
    assert ctx.problems == [] and ctx.warnings == []


def test_a_board_number_reused_in_another_segment_is_another_board_and_the_file_one_line():
    event = read_pbn(SEGMENTS)
    start = _line(SEGMENTS, '[Stage "R2"]')
    assert event.second_event is not None and event.problems == (event.second_event,)
    assert (event.second_event.line, event.second_event.problem) == (start, (
        'a second event begins here (Event "Club teams" Stage "R2" after Event "Club teams" Stage "R1"): '
        "expected one event per file: split the file by event"))
    assert [b.number for b in event.boards] == [1] and len(event.games) == 2
    assert event.segments == ((2, 1, 2), (1, 1, 1))  # games, boards, results of each segment
    assert event.later_problems == ()  # the second segment's board 1 is not the first's: no "Deal differs"


def test_a_real_contradiction_in_a_later_segment_is_named_for_pbn_only():
    text = SEGMENTS.replace('[Stage "R2"]', '[Stage "R2"]\n[Scoring "IMP"]') + "\n" + SEATS + _board(1, DEAL_1)
    event = read_pbn(text)
    assert event.problems == (event.second_event,)
    last_deal = text[:text.rindex("[Deal")].count("\n") + 1
    assert [(p.line, p.problem[:41]) for p in event.later_problems] == [
        (last_deal, "board 1: Deal differs from the one given ")]


def test_results_travellers_and_handrecord_refuse_several_events_in_one_line(tmp_path: Path, capsys):
    path = tmp_path / "compilation.pbn"
    path.write_text(SEGMENTS)
    start = _line(SEGMENTS, '[Stage "R2"]')
    expected = (f'{path}:{start}: a second event begins here (Event "Club teams" '
                f'Stage "R2" after Event "Club teams" Stage "R1"): expected one event per file: split the file by event')
    for command in ("results", "travellers", "handrecord"):
        out = tmp_path / f"{command}.pdf"
        status = main([command, str(path), "-o", str(out)])
        captured = capsys.readouterr()
        assert (command, status, captured.err.splitlines(), out.exists()) == (command, 1, [expected], False)
    assert main(["results", str(path), "--format", "json"]) == 1
    assert capsys.readouterr().err.splitlines() == [expected]


def test_pbn_reads_every_segment_and_exits_0_when_nothing_is_unreadable(tmp_path: Path, capsys):
    path = tmp_path / "compilation.pbn"
    path.write_text(SEGMENTS)
    assert main(["pbn", str(path)]) == 0
    captured = capsys.readouterr()
    assert captured.out == (f"{path}: PBN ?, ascii, LF; 3 games, 2 boards in 2 events or segments, 3 results, "
                            f"teams; 0 problem(s)\n")
    err = captured.err.splitlines()
    further, start = _line(SEGMENTS, '[West "Wim"]'), _line(SEGMENTS, '[Stage "R2"]')
    assert len(err) == 2 and err[0].startswith(f"warning: {path}:{further}: 1 game(s) ")
    assert err[1].startswith(f"warning: {path}:{start}: a second event begins here")


#: board 1 at one table: the auction (N opens 3NT, all pass) ends 3NT by N; the game says by E
WRONG_SEAT = (SEATS + _board(1, DEAL_1) + _table("E", "3NT", 9) + '[Auction "N"]\n3NT AP\n'
              + '[Play "S"]\nSA S4 S5 S2\n*\n')


def test_an_auction_written_from_a_wrong_seat_is_named_once_and_the_tags_that_agree_kept():
    event = read_pbn(WRONG_SEAT)
    assert event.problems == ()
    (result,) = event.boards[0].results
    # the opening lead is from South, East's left: Contract, Declarer and Play agree (3NT by E, 9: -400)
    assert (str(result.contract), result.declarer, result.score_ns, result.auction) == ("3NT", Seat.E, -400, ())
    assert [(w.line, w.problem) for w in event.warnings] == [(_line(WRONG_SEAT, "[Auction"), (
        "board 1: the Auction ends 3NT by N, but the game says 3NT by E: the Play's opening lead, from S, agrees "
        "with the game: kept 3NT by E, the Auction left out"))]


def test_an_auction_that_the_play_agrees_with_leaves_the_contradiction_a_problem():
    text = WRONG_SEAT.replace('[Play "S"]\nSA S4 S5 S2', '[Play "E"]\nH7 HT HJ H3')  # East leads: N declares
    event = read_pbn(text)
    assert [(p.line, p.problem) for p in event.problems] == [
        (_line(text, "[Auction"), "board 1: the Auction ends 3NT by N, but the game says 3NT by E")]
    assert event.boards[0].results[0].auction == ("3NT", "Pass", "Pass", "Pass")


def test_the_file_header_is_kept_when_a_second_event_begins():
    event = read_pbn("% PBN 2.1\n% made by hand\n" + SEGMENTS)
    assert (event.version, event.header, event.second_event is not None) == ("2.1", ("% made by hand",), True)
