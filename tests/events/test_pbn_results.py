"""compute_results: matchpoints (ties, Neuberg, artificial), IMPs, VPs, cross-IMPs, Butler, differences.

The expected figures are worked out by hand in the comments from the Law 78 rules.
"""
import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_ext.core import vp
from rules_ext.events import EventKind, compute_results, read_pbn
from rules_ext.events.sample import SAMPLES_DIR

FIXTURES = Path(__file__).parent / "fixtures"
EVENTS = SAMPLES_DIR


def pairs_event(boards: dict[int, list[tuple[str, str, str]]], scoring: str = "MP;MP1", extra: str = "") -> str:
    """A pairs file: per board, rows of (NS pair, EW pair, NS score)."""
    games = []
    for number, rows in boards.items():
        body = "\n".join(f"{ns} {ew} {score}" for ns, ew, score in rows)
        games.append(f'[Event "Test"][Board "{number}"][Scoring "{scoring}"]\n'
                     f'[ScoreTable "PairId_NS;PairId_EW;Score_NS{extra}"]\n{body}')
    return "\n\n".join(games) + "\n"


def by_pair(lines):
    return {(line.result.ns, line.result.ew): line for line in lines}


def test_club_fixture_matchpoints_neuberg_and_artificial():
    results = compute_results(read_pbn(FIXTURES / "club-latin1-crlf.pbn"))
    assert (results.method, results.scale) == ("matchpoints", "2/1/0")
    b1, b2, b3 = results.boards
    # board 1: 400, 400, 420 -> the 400s beat nothing and tie once (1), 420 beats both (4); top 4
    assert [(line.mp_ns, line.mp_ew) for line in b1.lines] == [(1, 3), (1, 3), (4, 0)]
    assert (b1.top, b1.neuberg) == (4, False)
    # board 2: A+ to NS pair 1, which has 1 + 4 of 8 = 62.5 % on its other boards, so Law 88 gives it
    # 62.5 % of a top of 4 = 2.5 (not 60 %: 2.4); EW pair 4 (A-) 40 % = 1.6; -110 and 140 compared
    # between two results (0 and 2) and scaled by Neuberg to three: (mp + 1) * 3 / 2 - 1 -> 0.5 and 3.5
    assert [(pytest.approx(line.mp_ns), pytest.approx(line.mp_ew)) for line in b2.lines] == [(2.5, 1.6), (0.5, 3.5), (3.5, 0.5)]
    assert b2.neuberg and b2.top == 4
    assert b2.lines[0].pct_ns == pytest.approx(62.5)
    # board 3: 500, 0 (passed out), 140
    assert [line.mp_ns for line in b3.lines] == [4, 0, 2]
    ns, ew = results.rankings
    assert (ns.group, ew.group, ns.unit) == ("NS", "EW", "MP")
    assert [(e.rank, e.id, round(e.total, 2), round(e.pct, 2)) for e in ns.entries] == [
        ("1", "3", 9.5, 79.17), ("2", "1", 7.5, 62.5), ("3", "2", 1.5, 12.5)]
    assert [(e.rank, e.id, round(e.pct, 2)) for e in ew.entries] == [("1", "5", 87.5), ("2", "4", 38.33),
                                                                     ("3", "6", 20.83)]


def test_every_difference_from_the_files_own_figures_is_reported():
    results = compute_results(read_pbn(FIXTURES / "club-latin1-crlf.pbn"))
    found = {(d.board, d.participant, d.item, d.theirs, d.ours) for d in results.differences}
    assert found == {
        (3, "3-6", "MP_NS", "3", "2"),
        (3, "3-6", "MP_EW", "1", "2"),
        (None, "5", "TotalPercentage", "85.50", "87.50"),
    }
    assert all(d.line > 0 for d in results.differences)


def test_a_wrong_score_in_the_file_is_a_difference():
    text = ('[Board "1"][Dealer "N"][Vulnerable "None"]\n'
            '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n1 2 4S N 10 450\n3 4 4S N 10 420\n')
    results = compute_results(read_pbn(text))
    assert [(d.board, d.participant, d.item, d.theirs, d.ours) for d in results.differences] == [
        (1, "1-2", "Score_NS", "450", "420")]


def test_matchpoints_with_ties_and_tied_ranks():
    # board 1: 420, 420, 450 -> NS 1, 1, 4; board 2: all 100 -> 2 each
    # NS totals: pair 1: 3, pair 2: 3, pair 3: 6; EW: pair 4: 3 + 2 = 5, pair 5: 5, pair 6: 2
    text = pairs_event({1: [("1", "4", "420"), ("2", "5", "420"), ("3", "6", "450")],
                        2: [("1", "4", "100"), ("2", "5", "100"), ("3", "6", "100")]})
    results = compute_results(read_pbn(text))
    for board in results.boards:
        assert sum(line.mp_ns for line in board.lines) == 3 * 2  # n(n-1) on the 2/1/0 scale
        assert all(line.mp_ns + line.mp_ew == board.top for line in board.lines)
    ns, ew = results.rankings
    assert [(e.rank, e.id, e.total) for e in ns.entries] == [("1", "3", 6), ("2=", "1", 3), ("2=", "2", 3)]
    assert [(e.rank, e.id, e.total) for e in ew.entries] == [("1=", "4", 5), ("1=", "5", 5), ("3", "6", 2)]
    assert [e.position for e in ew.entries] == [1, 1, 3]


def test_neuberg_on_a_board_played_fewer_times():
    # board 2 has two results where board 1 has three: 100 beats -50 (2 -> (2+1)*3/2-1 = 3.5)
    text = pairs_event({1: [("1", "4", "420"), ("2", "5", "420"), ("3", "6", "450")],
                        2: [("1", "4", "100"), ("2", "5", "-50")]})
    results = compute_results(read_pbn(text))
    board = results.boards[1]
    assert board.neuberg and board.top == 4
    assert [(line.mp_ns, line.mp_ew) for line in board.lines] == [(3.5, 0.5), (0.5, 3.5)]


def test_law88_average_plus_is_the_session_percentage_when_higher():
    """Law 88: a non-offending pair given an artificial score gets at least 60 %, or its
    percentage on the session's other boards when that is higher; the offenders keep 40 %."""
    # pair 1 NS: board 1 450 vs 420, 450 -> 3 of 4; board 2 450 vs 420, 420 -> 4; board 4 100 vs -50
    # -> 2 of 2, Neuberg to three results (2 + 1) * 3 / 2 - 1 = 3.5: 10.5 of 12 = 87.5 %
    # board 3: pair 1 A+ (pair 4 EW A-); top 4 (three results at most): 87.5 % of 4 = 3.5, EW 40 % = 1.6
    # pair 2 NS, A+ on board 4, has 0 + 1 + 0.5 of 12 = 12.5 % elsewhere: it keeps 60 % (2.4)
    text = pairs_event({1: [("1", "4", "450"), ("2", "5", "420"), ("3", "6", "450")],
                        2: [("1", "5", "450"), ("2", "6", "420"), ("3", "4", "420")],
                        3: [("1", "4", "A+"), ("2", "5", "100"), ("3", "6", "-50")],
                        4: [("1", "6", "100"), ("2", "4", "A+"), ("3", "5", "-50")]})
    results = compute_results(read_pbn(text))
    b3, b4 = results.boards[2], results.boards[3]
    plus3 = by_pair(b3.lines)[("1", "4")]
    assert (plus3.mp_ns, plus3.mp_ew, plus3.pct_ns, plus3.pct_ew) == (pytest.approx(3.5), pytest.approx(1.6), 87.5, 40)
    plus4 = by_pair(b4.lines)[("2", "4")]
    assert (plus4.mp_ns, plus4.pct_ns, plus4.pct_ew) == (pytest.approx(2.4), 60, 40)


def test_scale_defaults_to_two_one_zero_when_nothing_says_otherwise():
    rows = {1: [("1", "4", "420"), ("2", "5", "420"), ("3", "6", "450")]}
    assert compute_results(read_pbn(pairs_event(rows, scoring="MP"))).scale == "2/1/0"
    assert compute_results(read_pbn(pairs_event(rows, scoring="MP")), scale="1/0.5/0").scale == "1/0.5/0"


def test_half_point_scale_from_the_scoring_tag_and_from_the_files_figures():
    rows = {1: [("1", "4", "420"), ("2", "5", "420"), ("3", "6", "450")]}
    results = compute_results(read_pbn(pairs_event(rows, scoring="MP;MP2")))
    assert results.scale == "1/0.5/0"
    assert [line.mp_ns for line in results.boards[0].lines] == [0.5, 0.5, 2]
    # no scale named, but the file's MP_NS + MP_EW make n - 1 = 2: the file uses 1/0.5/0
    text = ('[Board "1"][Scoring "Matchpoints"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS;MP_NS;MP_EW"]\n'
            '1 4 420 0.5 1.5\n2 5 420 0.5 1.5\n3 6 450 2 0\n')
    results = compute_results(read_pbn(text))
    assert results.scale == "1/0.5/0" and results.differences == ()


def test_individual_event_gives_each_player_the_side_figures():
    text = ('[Board "1"][Dealer "N"][Vulnerable "None"]\n'
            '[ScoreTable "PlayerId_North;PlayerId_East;PlayerId_South;PlayerId_West;Contract;Declarer;Result"]\n'
            '1 2 3 4 4S N 10\n5 6 7 8 4S N 9\n\n'
            '[Board "2"][Dealer "E"][Vulnerable "NS"]\n'
            '[ScoreTable "PlayerId_North;PlayerId_East;PlayerId_South;PlayerId_West;Contract;Declarer;Result"]\n'
            '1 6 3 8 3NT E 9\n5 2 7 4 3NT E 8\n')
    event = read_pbn(text)
    assert event.kind is EventKind.INDIVIDUAL
    assert [p.id for p in event.participants] == [str(i) for i in range(1, 9)]
    results = compute_results(event)
    (ranking,) = results.rankings
    totals = {e.id: e.total for e in ranking.entries}
    # board 1: table 1 (+420) beats table 2 (-50): N/S 1 and 3 get 2, E/W 2 and 4 get 0; 5, 7: 0; 6, 8: 2
    # board 2: table 1 (-400) loses to table 2 (+50): 1, 3: 0; 6, 8: 2; 5, 7: 2; 2, 4: 0
    assert totals == {"1": 2, "3": 2, "2": 0, "4": 0, "5": 2, "7": 2, "6": 4, "8": 4}
    assert [e.rank for e in ranking.entries][:2] == ["1=", "1="]


SCORES = [("1", "5", "420"), ("2", "6", "450"), ("3", "7", "-50"), ("4", "8", "620")]


@pytest.mark.parametrize("scoring, method, expected", [
    # 420: -1 (v 450) +10 (v -50, 470) -5 (v 620, 200) = 4; 450: 1 + 11 - 5 = 7;
    # -50: -10 - 11 - 12 (670) = -33; 620: 5 + 5 + 12 = 22
    ("Cross-IMPs", "cross-imps", [4, 7, -33, 22]),
    ("IMP;Cross;Average", "cross-imps-average", [4 / 3, 7 / 3, -11, 22 / 3]),
    # Butler: drop -50 and 620, datum (420 + 450) / 2 = 435 -> 440; IMPs -1, 0, -10, +5
    ("Butler", "butler", [-1, 0, -10, 5]),
])
def test_imp_pairs(scoring, method, expected):
    results = compute_results(read_pbn(pairs_event({1: SCORES}, scoring=scoring)))
    assert results.method == method
    assert [line.imp_ns for line in results.boards[0].lines] == pytest.approx(expected)
    assert [line.imp_ew for line in results.boards[0].lines] == pytest.approx([-x for x in expected])
    if method == "butler":
        assert results.boards[0].datum == 440
    ns, _ = results.rankings
    assert ns.unit == "IMP" and ns.entries[0].id == "4"


def test_teams_match_imps_and_vps():
    event = read_pbn(FIXTURES / "teams-gbk.pbn")
    results = compute_results(event)
    assert results.method == "imps"
    # board 1: 430 v -50 -> 480 -> 10 to 北京; board 2: -110 v +110 -> 220 -> 6 to 上海; board 3: 90 v 0 -> 3
    assert [[line.imp_ns for line in b.lines] for b in results.boards] == [[10, -10], [-6, 6], [3, -3]]
    (match,) = results.matches
    assert (match.home, match.visit, match.imps_home, match.imps_visit, match.boards) == ("北京", "上海", 13, 6, 3)
    assert (match.vp_home, match.vp_visit) == vp(7, 3)
    assert match.vp_home + match.vp_visit == pytest.approx(20)
    (ranking,) = results.rankings
    assert ranking.unit == "VP" and [e.id for e in ranking.entries] == ["北京", "上海"]
    assert results.differences == ()  # the file's ScoreIMP agree with ours


def test_teams_difference_in_score_imp():
    text = (FIXTURES / "teams-gbk.pbn").read_bytes().decode("gbk").replace('[ScoreIMP "NS 3"]', '[ScoreIMP "NS 4"]')
    results = compute_results(read_pbn(text))
    assert [(d.board, d.item, d.theirs, d.ours) for d in results.differences] == [(3, "ScoreIMP NS", "4", "3")]


def test_sample_pairs_session():
    event = read_pbn(EVENTS / "sample-pairs.pbn")
    assert event.problems == ()
    results = compute_results(event)
    assert results.differences == ()
    assert len(results.boards) == 20 and all(len(b.lines) == 9 for b in results.boards)
    assert sum(b.neuberg for b in results.boards) == 1  # the board with the adjusted score
    ns, ew = results.rankings
    assert len(ns.entries) == len(ew.entries) == 10
    assert all(e.boards == 18 for e in ns.entries + ew.entries)
    assert {e.id for e in ns.entries} == {str(i) for i in range(1, 11)}


SCORE_CHOICES = st.sampled_from(["-1100", "-620", "-420", "-100", "-50", "0", "50", "110", "140", "420",
                                 "450", "620", "1430", "A+", "A=", "A-"])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(SCORE_CHOICES, min_size=1, max_size=7), min_size=1, max_size=4))
def test_matchpoint_invariants(boards):
    rows = {number: [(str(i + 1), str(i + 11), score) for i, score in enumerate(scores)]
            for number, scores in enumerate(boards, start=1)}
    results = compute_results(read_pbn(pairs_event(rows)))
    most = max(len(scores) for scores in boards)
    for board, scores in zip(results.boards, boards):
        assert len(board.lines) == len(scores)
        real = [line for line in board.lines if line.result.scored]
        if board.top is None:
            assert most == 1 and all(line.mp_ns is None for line in board.lines)
            continue
        assert board.top == 2 * (most - 1)
        for line in board.lines:
            assert 0 <= line.mp_ns <= board.top and 0 <= line.mp_ew <= board.top
            if line.result.scored:
                assert line.mp_ns + line.mp_ew == pytest.approx(board.top)
                assert line.pct_ns + line.pct_ew == pytest.approx(100)
            else:  # Law 88 may raise an average plus to the pair's session percentage
                for mine, given in ((line.pct_ns, line.result.artificial.pct_ns),
                                    (line.pct_ew, line.result.artificial.pct_ew)):
                    assert mine == given or (given == 60 and mine > 60)
        if len(real) == most:
            assert not board.neuberg
            assert sum(line.mp_ns for line in real) == pytest.approx(most * (most - 1))
        else:
            assert board.neuberg == bool(real)
    for ranking in results.rankings:
        entries = ranking.entries
        assert [e.position for e in entries] == sorted(e.position for e in entries)
        for a, b in itertools.pairwise(entries):
            assert a.pct >= b.pct - 1e-9
            if abs(a.pct - b.pct) < 1e-9:
                assert a.rank == b.rank and a.rank.endswith("=")
            else:
                assert a.position < b.position


def test_teams_method_on_a_pairs_event_is_refused():
    with pytest.raises(ValueError, match="method 'imps' compares the Open and Closed rooms"):
        compute_results(read_pbn(pairs_event({1: SCORES})), method="imps")


@pytest.mark.parametrize("path", [EVENTS / "sample-pairs.pbn", FIXTURES / "magic-pairs.pbn",
                                  FIXTURES / "club-latin1-crlf.pbn", FIXTURES / "ruter-cross-imps.pbn",
                                  FIXTURES / "swedish-individual.pbn"], ids=lambda p: p.name)
def test_plain_boards_score_as_every_other_board(path, monkeypatch):
    """A board of plain played rows is scored in fewer steps (results.plain_results): the lines,
    rankings and comparisons are the same when every board takes the general steps."""
    event = read_pbn(path)
    shortcut = compute_results(event)
    monkeypatch.setattr("rules_ext.events.scoring.results.plain_results", lambda results: False)
    general = compute_results(event)
    assert shortcut == general
    assert [line.result for b in shortcut.boards for line in b.lines] == [
        line.result for b in general.boards for line in b.lines]
