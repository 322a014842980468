"""The board checks' and row reading's shortcuts say what the result-by-result checks and reading say."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_ext.core import Contract, Seat, Vulnerability
from rules_ext.events.model import Board, TableResult, plain_results
from rules_ext.events.pbn.checks import _seating_problems, seating_problems
from rules_ext.events.pbn.context import ReadContext
from rules_ext.events.pbn.interpret import THEIR_COLUMNS
from rules_ext.events.pbn.table_results import RowLayout, _read_row, table_results

_IDS = st.sampled_from(["1", "2", "3", "4", "11", "-", "", "?", "Bye", " - ", "A"])
_RESULTS = st.lists(st.builds(lambda ns, ew, room, players, line: TableResult(
    1, ns, ew, Contract.parse("3NT"), Seat.N, 9, 400, room=room, players=players, line=line),
    _IDS, _IDS, st.sampled_from(["", "", "Open"]),
    st.sampled_from([(), (), ("n", "e", "s", "w"), ("n", "e", "n", "w")]), st.integers(1, 99)), max_size=6)


@given(_RESULTS, st.booleans(), st.booleans())
def test_the_seating_shortcut_finds_what_the_result_by_result_check_finds(results, individual, by_direction):
    assert seating_problems(7, results, individual, by_direction) == _seating_problems(7, results, individual,
                                                                                       by_direction)


def test_plain_results_are_the_rows_with_every_rare_field_at_its_default():
    contract = Contract.parse("4S")
    plain = TableResult(1, "1", "2", contract, Seat.N, 10, 420, table="3", theirs=(("Score_NS", "420"),), line=4)
    assert plain_results([plain, plain]) and plain_results([])
    for rare in ({"room": "Open"}, {"names_ns": "Li - Wang"}, {"lead": "SA"}, {"score_computed": True},
                 {"players": ("a", "b", "c", "d")}, {"home": "Red"}):
        other = TableResult(1, "1", "2", contract, Seat.N, 10, 420, **rare)
        assert not plain_results([plain, other]), rare


_COLUMNS = ("Table", "PairId_NS", "PairId_EW", "Contract", "Declarer", "Result", "Score_NS", "Score_EW",
            "Names_NS", "Percentage_NS", "MP_NS")
#: who sat where (Table, PairId_NS, PairId_EW), then a result's cells, then the file's own figures
_SEATS = (st.sampled_from(["1", "2", "-"]), st.sampled_from(["1", "2", "Bye", "-"]), st.sampled_from(["3", "4", "BYE"]))
_RESULT = (st.sampled_from(["4S", "3NT", "Pass", "A+", "-", "?", "4s", "9Z"]), st.sampled_from(["N", "E", "?", "Q"]),
           st.sampled_from(["10", "9", "=", "-1", "?", "x"]), st.sampled_from(["420", "-", "A+", "-50", "100", "zz"]),
           st.sampled_from(["-", "420", "50", "A-"]), st.sampled_from(["-", "-", "Li Wei - Wang Fang"]))
_FIGURES = (st.sampled_from(["", "-", "^60", "55", "A"]), st.sampled_from(["1.0", "3", "-"]))


@settings(max_examples=300)
@given(st.lists(st.tuples(*_RESULT), min_size=1, max_size=3),  # a few results, met again and again
       st.lists(st.tuples(*_SEATS, st.integers(0, 2), *_FIGURES), min_size=1, max_size=12),
       st.sampled_from(list(Vulnerability)),
       st.sampled_from([_COLUMNS, _COLUMNS[:8], ("PairId_NS", "PairId_EW", "Contract", "Declarer", "Result",
                                                 "Score_NS")]))
def test_a_row_read_again_by_its_result_cells_is_the_row_read_anew(results, rows, vulnerability, columns):
    """table_results reads a pair's row once per layout, vulnerability and cells other than who sat
    where and the file's own figures: the rows of a table read so are the rows each read on its
    own, with the same problems."""
    board = Board(5, Seat.N, vulnerability)
    layout = RowLayout(columns, [c for c in THEIR_COLUMNS if c in columns])
    cached = ReadContext("x.pbn")
    for line, (table, ns, ew, which, *figures) in enumerate(rows, start=10):
        row = (table, ns, ew, *results[which % len(results)], *figures)
        cells = row[:len(columns)] if columns[0] == "Table" else row[1:len(columns) + 1]
        alone = ReadContext("x.pbn")
        before = len(cached.problems)
        anew = _read_row(cells, line, board, layout, alone)
        assert table_results([cells], [line], board, layout, cached) == ([] if anew is None else [anew])
        assert cached.problems[before:] == alone.problems


#: a deal where each suit is one hand's (N spades, E hearts, S diamonds, W clubs): who holds a card is its suit
_ONE_SUIT_EACH = ('[Event "Play order"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                  '[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n'
                  '[Declarer "N"]\n[Contract "1NT"]\n[Result "7"]\n[Play "E"]\n{tricks}\n*\n')


def test_a_trick_written_from_another_seat_is_read_by_who_holds_each_card():
    """Trick 2 is written from South (D3 C3 S3 H3), not by seat from East as PBN writes it: read as
    East H3, South D3, West C3, North S3, with one warning for the game and no problem per card."""
    from rules_ext.events import read_pbn
    event = read_pbn(_ONE_SUIT_EACH.format(tricks="H2 D2 C2 S2\nD3 C3 S3 H3"))
    assert event.problems == ()
    assert [w.problem for w in event.warnings] == [
        "board 1: 1 of the Play's tricks are written from another seat than E (in the order played, not by "
        "seat): read by who holds each card"]
    assert event.boards[0].results[0].play == (("H2", "D2", "C2", "S2"), ("H3", "D3", "C3", "S3"))


def test_a_trick_no_seat_reads_stays_a_problem_for_each_card():
    """D4 D5 C4 S4: South holds both diamonds, so no seat to start from reads the trick: East plays D4."""
    from rules_ext.events import read_pbn
    event = read_pbn(_ONE_SUIT_EACH.format(tricks="H2 D2 C2 S2\nD4 D5 C4 S4"))
    assert event.warnings == ()
    assert [p.problem for p in event.problems] == [
        "board 1: trick 2: E plays D4, which E does not hold (.AKQJT98765432..): expected a card of that hand"]
