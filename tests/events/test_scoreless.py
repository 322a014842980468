"""A BridgeWebs-style PBN export without scores (contracts and tricks only, no Vulnerable or Dealer
tag): each result scored from the rules, the vulnerability from the board number (Law 2), ``PO``
passed out, ``A`` an average (50 % each), ``A+`` / ``A-`` (60/40, 40/60: the contract column speaks
for North-South), ``*`` doubled, ``**`` redoubled. The fixture is invented
(fixtures/make_session_fixtures.py); the scores below are Law 77's, worked out by hand."""
from __future__ import annotations

from pathlib import Path

import pytest

from rules_ext.core import Seat, Vulnerability
from rules_ext.events import compute_results, read_pbn
from rules_ext.events.pbn.table_results import _ascii_signs

FIXTURES = Path(__file__).parent / "fixtures"


def test_the_export_reads_without_a_problem_and_takes_law_2s_conditions():
    event = read_pbn(FIXTURES / "bridgewebs-scoreless.pbn")
    assert event.problems == ()
    assert [(b.number, b.dealer, b.vulnerability) for b in event.boards] == [
        (1, Seat.N, Vulnerability.NONE), (2, Seat.E, Vulnerability.NS)]


def test_each_result_is_scored_from_the_rules():
    """Board 1 (none vulnerable): 4S= by N 420; 4S* by N down 1 doubled, not vulnerable, -100; PO 0.
    Board 2 (NS vulnerable): 3NT** by S made, vulnerable: 4 x 100 + 100 (redoubled) + 500 = 1000;
    2H by E made, -110."""
    event = read_pbn(FIXTURES / "bridgewebs-scoreless.pbn")
    scores = [[(r.score_ns, r.score_computed) for r in b.results if r.artificial is None] for b in event.boards]
    assert scores == [[(420, True), (-100, True), (0, True)], [(1000, True), (-110, True)]]
    doubled = [str(r.contract) for b in event.boards for r in b.results if r.contract is not None]
    assert doubled == ["4S", "4SX", "Pass", "3NTXX", "2H"]


def test_the_averages_and_the_matchpoints():
    """Board 1: 3 results and an average, top 6: 420 beats 2 of 2 (4 on a top of 4), Neuberg
    (4 + 1) x 4/3 - 1 = 5.67; Pass (2) 3.0; -100 0.33; A 50 % = 3.0 each. Board 2: A+ 60 % = 3.6 NS,
    2.4 EW; A- the other way; 1000 (2 on a top of 2) (2 + 1) x 4/2 - 1 = 5.0, -110 1.0."""
    results = compute_results(read_pbn(FIXTURES / "bridgewebs-scoreless.pbn"))
    lines = [[(ln.result.artificial.marker if ln.result.artificial else ln.score_ns, round(ln.mp_ns, 2),
               round(ln.mp_ew, 2)) for ln in b.lines] for b in results.boards]
    assert lines == [[(420, 5.67, 0.33), (-100, 0.33, 5.67), (0, 3.0, 3.0), ("A", 3.0, 3.0)],
                     [(1000, 5.0, 1.0), (-110, 1.0, 5.0), ("A+", 3.6, 2.4), ("A-", 2.4, 3.6)]]
    assert results.compared == 0  # the file prints no figure of its own


@pytest.mark.parametrize("cell, read", [("A\u2212", "A-"), ("A\u2013", "A-"), ("A+", "A+"), ("420", "420")])
def test_a_typographic_minus_is_read_as_a_minus(cell, read):
    assert _ascii_signs(cell) == read
