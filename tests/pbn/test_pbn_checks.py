"""The board checks' shortcuts say what the result-by-result checks say."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules_ext.core import Contract, Seat
from rules_ext.pbn.checks import _seating_problems, seating_problems
from rules_ext.pbn.model import TableResult, plain_results

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
