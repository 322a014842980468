"""Movements as checked data: the Mitchells, Howells, teams movements and the Swiss draw pass the
checks; the checks catch what makes a movement unplayable; the balance figures are Manning's measure
as Ross Moore published them; the proposal; the movement file.

The expected balance figures are Ross Moore's published table ("Too many arrow-switches spoil the
balance", in the help of the scoring program Jeanie, asecomputing.com): the mean and the standard
deviation of the competition between every two pairs of a complete Mitchell, with no arrow switch,
with one and with two switched rounds (the best rounds to switch).
"""
from __future__ import annotations

import doctest
import importlib
from itertools import combinations

import pytest

from rules_ext.core.movements import (
    CLOSED,
    OPEN,
    Movement,
    MovementError,
    Seating,
    available,
    balance,
    howell,
    mitchell,
    movement_text,
    parse_movement,
    propose,
    round_robin,
    swiss_draw,
    swiss_movement,
    teams_match,
    two_section_mitchell,
)
from rules_ext.core.movements.propose import best_switches

MODULES = ["model", "balance", "pairs", "library", "teams", "propose", "files", ""]


@pytest.mark.parametrize("name", MODULES)
def test_module_docstrings(name):
    module = importlib.import_module("rules_ext.core.movements" + (f".{name}" if name else ""))
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


# -- Moore's published figures ----------------------------------------------------------------------

#: tables: (mean, no switch, best one switch, best two switches), Moore's table (odd tables)
MOORE_ODD = {5: (2.222, 2.4845, 1.6178, 3.3921), 7: (3.231, 3.4896, 1.0491, 3.3086),
             9: (4.235, 4.4922, 1.1647, 2.8186), 11: (5.238, 5.4938, 1.8748, 2.2447),
             13: (6.240, 6.4948, 2.7609, 1.7727), 15: (7.241, 7.4955, 3.7014, 1.6327)}


@pytest.mark.parametrize("tables", sorted(MOORE_ODD))
def test_mitchell_balance_is_moores(tables):
    mean, plain, one, _ = MOORE_ODD[tables]
    b = balance(mitchell(tables, boards_per_round=1))
    assert round(b.mean, 3) == mean
    assert abs(b.sd - plain) < 1e-4
    switched = balance(mitchell(tables, boards_per_round=1, arrow_switch=best_switches(tables, rounds=tables,
                                                                                      relay=False, most=1)))
    assert switched.sd <= one + 1e-4  # the best single switch: the same as Moore's


@pytest.mark.parametrize("tables", [5, 7, 9])
def test_two_switches_match_moores_best_pair(tables):
    _, _, _, two = MOORE_ODD[tables]
    best = min(balance(mitchell(tables, boards_per_round=1, arrow_switch=c)).sd
               for c in combinations(range(1, tables + 1), 2))
    assert abs(best - two) < 1e-4


@pytest.mark.parametrize("tables, mean, sd", [(4, 1.714, 1.9795), (6, 2.727, None), (8, 3.733, None),
                                              (10, 4.737, None), (12, 5.739, None)])
def test_share_and_relay_mean_is_moores(tables, mean, sd):
    b = balance(mitchell(tables, boards_per_round=1, relay=True))
    assert round(b.mean, 3) == mean
    if sd is not None:
        assert abs(b.sd - sd) < 1e-4


def test_competition_by_hand():
    # a 3-table Mitchell: NS 1 and NS 2 sit the same way on all 3 sets (+3); NS 1 and EW 4 meet on set 1
    # (opponents: 3 tables - 1 = 2) and sit opposite ways on sets 2 and 3 (-2): 0
    b = balance(mitchell(3, boards_per_round=1))
    assert b.of(1, 2) == 3 and b.of(1, 4) == 0 and b.met(1, 4) == 1


def test_four_table_howell_is_perfect():
    # McKinnon (bridgecentral.com, "4 Table Howell"): all 4-table Howell movements are perfect
    b = balance(howell(4, boards_per_round=3))
    assert b.sd == 0 and b.percent == 100


# -- the Mitchells ------------------------------------------------------------------------------------

@pytest.mark.parametrize("tables", range(2, 21))
def test_every_mitchell_passes_the_checks(tables):
    variants = [{}] + ([{"relay": True}] if tables % 2 == 0 else [])
    for kw in variants:
        m = mitchell(tables, boards_per_round=2, **kw)
        assert m.problems() == ()
        b = balance(m)
        ns = {s.ns for s in m.seatings}
        # every NS pair meets every EW pair at most once, and each plays each set at most once
        assert max(b.meetings[(a, e)] for a in ns for e in range(tables + 1, 2 * tables + 1)) == 1


def test_odd_mitchell_is_complete():
    m = mitchell(9, boards_per_round=3)
    b = balance(m)
    assert m.rounds == 9 and len(m.boards) == 27
    assert all(f.meetings == (1, 1) and f.compared == (9, 9) for f in b.fields)
    assert m.winners == 2


def test_skip_mitchell_skips_after_half_the_rounds():
    m = mitchell(10, boards_per_round=2)
    assert m.rounds == 9
    # EW pair 11 starts at table 1, moves up one table a round, and up two before round 6
    tables = [s.table for s in m.of(11)]
    assert tables == [1, 2, 3, 4, 5, 7, 8, 9, 10]


def test_share_and_relay_shares_tables_one_and_last():
    m = mitchell(8, boards_per_round=3, relay=True)
    assert m.rounds == 8
    for r in range(1, 9):
        assert m.at(r, 1).set == m.at(r, 8).set
        (rest,) = m.rests_in(r)
        assert rest.after == 4 and rest.set not in {s.set for s in m.round(r)}


def test_arrow_switch_seats_ew_pairs_north_south():
    m = mitchell(7, boards_per_round=2, arrow_switch=[7])
    last = m.round(7)
    assert all(s.switched and s.ns > 7 for s in last)
    assert m.winners == 1 and m.problems() == ()


def test_odd_pairs_sit_out_at_the_last_table():
    m = mitchell(9, boards_per_round=3, phantom=True)
    assert m.phantom == 9 and 9 not in m.participants and len(m.participants) == 17
    assert all(m.sits_out(s) for s in m.seatings if s.table == 9)
    assert all(s.table != 9 for s, _ in m.plays())


def test_two_section_mitchell_plays_the_same_boards():
    m = two_section_mitchell(7, boards_per_round=2)
    assert m.problems() == () and m.sections == ("A", "B") and m.duplicated
    for r in range(1, m.rounds + 1):
        for t in range(1, 8):
            assert m.at(r, t, "A").set == m.at(r, t, "B").set
    assert balance(m).played == (14, 14)  # every set is played 14 times: compared across both sections


# -- the Howells ---------------------------------------------------------------------------------------

def test_the_library_holds_the_complete_and_three_quarter_howells():
    sizes = set(available())
    assert {(3, 5), (4, 7), (5, 9), (6, 11), (7, 13)} <= sizes
    assert {(t, r) for t, r in sizes if r < 2 * t - 1}  # ¾ Howells


@pytest.mark.parametrize("size", sorted(available()))
def test_every_howell_passes_the_checks(size):
    tables, rounds = size
    m = howell(tables, rounds=rounds, boards_per_round=3)
    assert m.problems() == ()
    pairs = m.participants
    assert pairs == tuple(range(1, 2 * tables + 1))
    b = balance(m)
    assert max(b.meetings.values()) == 1  # no two pairs meet twice
    if rounds == 2 * tables - 1:  # complete: every pair meets every other once and plays every board
        assert min(b.meetings.values()) == 1
    assert set(m.boards_played().values()) == {3 * rounds}  # every pair plays every board in play


def test_howell_with_a_missing_pair_sits_out_at_table_one():
    m = howell(5, boards_per_round=3, phantom=True)
    assert m.phantom == 10 and len(m.participants) == 9
    assert all(s.table == 1 for s in m.seatings if m.sits_out(s))


def test_howell_refuses_too_few_boards_for_its_shared_set():
    with pytest.raises(MovementError, match="at least 3 boards"):
        howell(3, boards_per_round=2)


def test_no_such_howell_names_the_sizes():
    with pytest.raises(MovementError, match="4 tables 7 rounds"):
        howell(4, rounds=6, boards_per_round=3)


# -- teams ----------------------------------------------------------------------------------------------

def test_teams_match_two_rooms():
    m = teams_match(boards=24, segments=3)
    assert m.problems() == () and m.rounds == 3
    for r in range(1, 4):
        open_, closed = m.round(r)
        assert (open_.room, closed.room) == (OPEN, CLOSED) and (open_.ns, open_.ew) == (closed.ew, closed.ns) == (1, 2)


@pytest.mark.parametrize("teams", [4, 5, 8, 9])
def test_round_robin_every_team_meets_every_other_once(teams):
    m = round_robin(teams, boards_per_round=8)
    assert m.problems() == ()
    met: dict[frozenset[int], int] = {}
    home: dict[int, int] = dict.fromkeys(range(1, teams + 1), 0)
    for s in m.seatings:
        if s.room == OPEN and m.phantom not in (s.ns, s.ew):
            met[frozenset((s.ns, s.ew))] = met.get(frozenset((s.ns, s.ew)), 0) + 1
            home[s.ns] += 1
    assert len(met) == teams * (teams - 1) // 2 and set(met.values()) == {1}
    assert max(home.values()) - min(home.values()) <= 2


def test_swiss_avoids_rematches_and_goes_back_when_it_must():
    # 1 met 2 and 3: 1 plays 4; then 2-3 (not met)
    assert swiss_draw([1, 2, 3, 4], met=[frozenset((1, 2)), frozenset((1, 3))]) == [(1, 4), (2, 3)]
    # 1-2 would leave 3-4, who have met: the draw goes back, 1-3 and 2-4
    assert swiss_draw([1, 2, 3, 4], met=[frozenset((3, 4))]) == [(1, 3), (2, 4)]


def test_swiss_bye_goes_to_the_lowest_without_one():
    draw = swiss_draw(["A", "B", "C", "D", "E"], had_bye=["E"])
    assert ("D", None) in draw and len(draw) == 3


def test_swiss_rematch_only_when_nothing_else():
    everyone = [frozenset(p) for p in combinations([1, 2, 3, 4], 2)]
    assert len(swiss_draw([1, 2, 3, 4], met=everyone)) == 2


def test_swiss_movement_checks():
    m = swiss_movement([[(1, 2), (3, 4)], [(1, 3), (2, 4)]], boards_per_round=7)
    assert m.problems() == () and m.rounds == 2


# -- the checks catch what is wrong ------------------------------------------------------------------------

def _movement(seatings, sets=((1, 2), (3, 4), (5, 6)), **kw):
    return Movement("例", "Example", "mitchell", sets, tuple(seatings), **kw)


@pytest.mark.parametrize("seatings, found", [
    ([Seating(1, 1, 1, 2, 1), Seating(2, 1, 1, 3, 1)], "pair 1 plays board set 1"),
    ([Seating(1, 1, 1, 2, 1), Seating(1, 2, 1, 3, 2)], "pair 1 is at tables 1, 2 at once"),
    ([Seating(1, 1, 4, 4, 1)], "pair 4 sits both NS and EW"),
    ([Seating(1, 1, 1, 2, 9)], "there is no board set 9"),
    ([Seating(1, 1, 1, 2, 1), Seating(1, 1, 3, 4, 2)], "seated twice"),
    ([Seating(1, 1, 1, 2, 1), Seating(2, 1, 3, 4, 1)], "comes to this table a second time"),
])
def test_the_checks_find(seatings, found):
    problems = _movement(seatings).problems()
    assert any(found in p.en for p in problems), [p.en for p in problems]
    assert all(p.zh for p in problems)
    with pytest.raises(MovementError):
        _movement(seatings).checked()


def test_a_shared_set_needs_a_board_for_each_table():
    shared = [Seating(1, 1, 1, 2, 1), Seating(1, 2, 3, 4, 1), Seating(1, 3, 5, 6, 1)]
    assert any("share board set 1" in p.en for p in _movement(shared).problems())
    assert _movement(shared, sets=((1, 2, 3),)).problems() == ()
    assert _movement(shared, duplicated=True).problems() == ()


def test_a_board_in_two_sets():
    assert any("board 2 is in set 1 and in set 2" in p.en
               for p in _movement([Seating(1, 1, 1, 2, 1)], sets=((1, 2), (2, 3))).problems())


def test_a_teams_match_must_swap_the_teams_in_the_closed_room():
    bad = Movement("例", "Example", "teams", ((1, 2),), (Seating(1, 1, 1, 2, 1, room=OPEN),
                                                         Seating(1, 1, 1, 2, 1, room=CLOSED)))
    assert any("other way round" in p.en for p in bad.problems())


# -- the proposal ------------------------------------------------------------------------------------------

def test_eighteen_pairs_twenty_seven_boards():
    found = propose(18, 27)
    best = found[0]
    assert (best.movement.name_en, best.rounds, best.boards_per_round) == ("Mitchell, 9 tables, 9 rounds", 9, 3)
    assert best.fairness == 100 and any("27" in zh for zh, _ in best.reasons)
    assert all(p.movement.problems() == () for p in found)
    assert any(p.movement.winners == 1 for p in found)  # a one-winner choice is offered too


def test_fourteen_pairs_gets_the_complete_howell():
    names = [p.movement.name_en for p in propose(14, 26)]
    assert "Complete Howell, 7 tables, 13 rounds" in names


def test_odd_pairs_are_told_of_the_sit_out():
    best = propose(17, 27)[0]
    assert best.movement.phantom is not None and any("轮空" in zh for zh, _ in best.reasons)


@pytest.mark.parametrize("pairs, boards", [(3, 27), (18, 500), (True, 27)])
def test_propose_refuses(pairs, boards):
    with pytest.raises(MovementError):
        propose(pairs, boards)


# -- the movement file ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("make", [
    lambda: mitchell(8, boards_per_round=3, relay=True, arrow_switch=[8]),
    lambda: howell(7, boards_per_round=2, phantom=True),
    lambda: two_section_mitchell(5, boards_per_round=3),
    lambda: round_robin(5, boards_per_round=6),
    lambda: teams_match(boards=16, segments=2),
])
def test_a_movement_file_reads_back(make):
    m = make()
    assert parse_movement(movement_text(m), source="m.toml") == m


def test_a_bad_movement_file_names_its_line():
    # round 3, table 1 of a 3-table Mitchell plays set 3 (NS 1, EW 5): set 2 instead, which both pairs
    # have played (NS 1 in round 2, EW 5 in round 1) and table 1 has had (round 2)
    lines = movement_text(mitchell(3, boards_per_round=2)).splitlines()
    target = max(i for i, line in enumerate(lines) if "table = 1, ns = 1, ew = 5, set = 3" in line)
    lines[target] = lines[target].replace("set = 3", "set = 2")
    with pytest.raises(MovementError) as caught:
        parse_movement("\n".join(lines), source="m.toml")
    problems = str(caught.value).splitlines()
    assert len(problems) == 3
    assert all(p.startswith(f"m.toml:{target + 1}: round 3, table 1: ") for p in problems), problems
    assert any("pair 1 plays board set 2" in p for p in problems)


def test_a_movement_file_with_a_bad_value():
    with pytest.raises(MovementError, match=r"m.toml:\d+: kind 'dance'"):
        parse_movement('kind = "dance"\nsets = [[1]]\n', source="m.toml")
