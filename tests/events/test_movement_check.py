"""An event file checked against its movement: the sample event (a 10-table Mitchell made by its own
arithmetic in rules_ext.events.sample) agrees with the core's Mitchell; a pair in the wrong seat,
the pairs the wrong way round, a board out of its set and a missing result are each one line; results
that say neither table nor round are placed by their pairs."""
from __future__ import annotations

from dataclasses import replace

import pytest

from rules_ext.core.movements import howell, mitchell
from rules_ext.events.files import read_event
from rules_ext.events.model import Board, Event, TableResult
from rules_ext.events.movement_check import check_against_movement
from rules_ext.events.sample import SAMPLES_DIR

SAMPLE = SAMPLES_DIR / "sample-pairs.pbn"


def test_the_sample_event_agrees_with_its_mitchell():
    event = read_event(SAMPLE)
    assert check_against_movement(event, mitchell(10, boards_per_round=2, rounds=9)) == []


def test_another_movement_disagrees():
    event = read_event(SAMPLE)
    found = check_against_movement(event, mitchell(10, boards_per_round=2, rounds=9, relay=True))
    assert found and all(f.text().startswith(str(event.source)) for f in found)


def _event(results: list[TableResult]) -> Event:
    boards = sorted({r.board for r in results})
    return Event((), boards=tuple(Board(b, None, None, results=tuple(r for r in results if r.board == b))
                                  for b in boards), source="e.pbn")


def _results(movement, *, with_places: bool = True) -> list[TableResult]:
    out = []
    line = 10
    for s, number in movement.plays():
        for board in movement.boards_of(number):
            line += 1
            out.append(TableResult(board, str(s.ns), str(s.ew), score_ns=420,
                                   table=str(s.table) if with_places else "",
                                   round=str(s.round) if with_places else "", line=line))
    return out


MOVEMENT = howell(4, boards_per_round=2)


def test_every_kind_of_disagreement_is_one_line():
    results = _results(MOVEMENT)
    first = results[0]  # round 1, table 1: NS 1, EW 8, boards 1-2
    assert (first.round, first.table, first.ns, first.ew, first.board) == ("1", "1", "1", "8", 1)
    results[0] = replace(first, ns=first.ew, ew=first.ns)  # the wrong way round
    results[1] = replace(results[1], ew="5")  # a pair in the wrong seat
    wrong_board = next(i for i, r in enumerate(results) if r.round == "2")
    results[wrong_board] = replace(results[wrong_board], board=14 if results[wrong_board].board != 14 else 13)
    missing = results.pop(-1)
    texts = [f.text("en") for f in check_against_movement(_event(results), MOVEMENT)]
    assert "e.pbn:11: board 1, round 1, table 1: the pairs are the wrong way round (NS 8, EW 1; the movement: NS 1, EW 8)" \
        in texts
    assert any(t.startswith("e.pbn:12: board 2, round 1, table 1: EW is pair 5, the movement seats pair 8") for t in texts)
    assert any(f"e.pbn:{results[wrong_board].line}: board" in t and "that round, not board" in t for t in texts)
    assert any(t.startswith(f"e.pbn: board {missing.board}, round {missing.round}, table {missing.table}: no result")
               for t in texts)
    zh = [f.text("zh") for f in check_against_movement(_event(results), MOVEMENT)]
    assert any("两对方向坐反了" in t for t in zh) and any("没有成绩" in t for t in zh)


def test_results_without_tables_are_placed_by_their_pairs():
    results = _results(MOVEMENT, with_places=False)
    assert check_against_movement(_event(results), MOVEMENT) == []
    results[3] = replace(results[3], ew="99")
    texts = [f.text("en") for f in check_against_movement(_event(results), MOVEMENT)]
    assert any("do not play this board against each other" in t for t in texts)
    assert any("no result" in t for t in texts)  # and so the board they did play is missing


def test_a_board_the_movement_does_not_have():
    results = _results(MOVEMENT) + [TableResult(99, "1", "2", table="1", round="1", line=5)]
    texts = [f.text("en") for f in check_against_movement(_event(results), MOVEMENT)]
    assert texts == ["e.pbn:5: board 99: the movement has no such board (boards 1-14)"]


@pytest.mark.parametrize("tables", [7, 9])
def test_a_sit_out_table_needs_no_result(tables):
    movement = mitchell(tables, boards_per_round=2, phantom=True)
    assert check_against_movement(_event(_results(movement)), movement) == []
