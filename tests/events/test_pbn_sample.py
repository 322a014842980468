"""The sample events in rules_ext/events/samples: reproducible from their seed, a sound movement, plausible play."""
import re
from collections import Counter

from rules_ext.core import board_conditions
from rules_ext.events import EventKind, read_pbn
from rules_ext.events.sample import SAMPLES_DIR, mitchell, pairs_text, teams_text

EVENTS = SAMPLES_DIR


def test_committed_samples_are_what_the_generator_writes():
    assert (EVENTS / "sample-pairs.pbn").read_bytes() == pairs_text().encode("utf-8"), \
        "rules_ext/events/samples/sample-pairs.pbn is stale: run python -m rules_ext.events.sample"
    assert (EVENTS / "sample-teams.pbn").read_bytes() == teams_text().encode("utf-8"), \
        "rules_ext/events/samples/sample-teams.pbn is stale: run python -m rules_ext.events.sample"


def test_mitchell_movement_is_sound():
    rows = mitchell()
    assert len(rows) == 9 * 10
    meetings = Counter((ns, ew) for _, _, ns, ew in rows)
    assert max(meetings.values()) == 1  # no two pairs meet twice
    event = read_pbn(EVENTS / "sample-pairs.pbn")
    played = Counter()
    for board in event.boards:
        assert len(board.results) == 9
        assert (board.dealer, board.vulnerability) == board_conditions(board.number)
        assert board.deal is not None and board.deal.is_complete
        for r in board.results:
            played[(r.ns, board.number)] += 1
            played[(r.ew, board.number)] += 1
    assert max(played.values()) == 1  # nobody plays a board twice
    assert len({b.deal for b in event.boards}) == 20


def test_twenty_pairs_with_invented_chinese_names():
    """A Chinese club's event, named in Chinese: the event, the place and every pair."""
    event = read_pbn(EVENTS / "sample-pairs.pbn")
    assert len(event.participants) == 20
    names = [p.names for p in event.participants]
    assert all(re.fullmatch(r"[\u4e00-\u9fff]{2,3} - [\u4e00-\u9fff]{2,3}", n) for n in names), names
    assert (event.name, event.site) == ("杭州桥牌俱乐部周四双人赛", "中国杭州")
    assert {p.direction for p in event.participants} == {"NS", "EW"}


def test_results_fit_the_hands():
    event = read_pbn(EVENTS / "sample-pairs.pbn")
    artificial = 0
    for board in event.boards:
        assert len(board.double_dummy) == 20
        for r in board.results:
            if r.artificial is not None:
                artificial += 1
                continue
            if r.contract.is_passed_out:
                continue
            best = board.dd_tricks(r.declarer, r.contract.strain)
            assert abs(r.tricks - best) <= 1, (board.number, r)
            assert not r.score_computed  # the file carries its scores, as a scoring program writes them
    assert artificial == 1


def test_teams_sample_is_one_game_per_table():
    event = read_pbn(EVENTS / "sample-teams.pbn")
    assert event.kind is EventKind.TEAMS and event.problems == ()
    assert len(event.games) == 16 and len(event.boards) == 8
    for board in event.boards:
        assert sorted(r.room for r in board.results) == ["Closed", "Open"]
