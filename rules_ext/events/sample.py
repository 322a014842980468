"""The sample events (package data in rules_ext/events/samples/), made from a fixed seed so that a
test can make them again and compare.

``sample-pairs.pbn`` is a 10-table Mitchell (9 rounds of 2 boards, one A+ to NS) with the
ScoreTables and TotalScoreTable a scoring program writes; ``sample-teams.pbn`` an 8-board teams
match (Room Open/Closed). The deals are ``random.Random(seed)`` shuffles; contracts and tricks
follow endplay's double-dummy tables, a strain, level or trick off now and then, so the results
fit the hands. ``sample-teams-realbridge.pbn`` is not made here: it is the tests' RealBridge-style
fixture (tests/events/fixtures/realbridge-teams.pbn), and a test keeps the two equal.

Run ``python -m rules_ext.events.sample [DIR]`` to rewrite the files (default :data:`SAMPLES_DIR`).
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

from rules_ext.core import (
    Contract,
    Deal,
    Doubling,
    Hand,
    Seat,
    Strain,
    Vulnerability,
    board_conditions,
    full_pack,
    imps,
    ns_score,
    score,
)
from rules_ext.events.dd import DoubleDummy, solve
from rules_ext.events.pbn.reader import read_pbn
from rules_ext.events.pbn.writer import write_pbn
from rules_ext.events.scoring.results import compute_results
from rules_ext.fileio import package_path, write_bytes_atomic

#: where the sample events are kept: package data, read by the samples job and the tests
SAMPLES_DIR = package_path(__package__, "samples")
PAIRS_SEED = 20261129
TEAMS_SEED = 20261130
EVENT = "杭州桥牌俱乐部周四双人赛"
SITE = "中国杭州"
DATE = "2026.11.26"
TABLES, ROUNDS, BOARDS_PER_ROUND = 10, 9, 2
#: invented names; pairs 1-10 sit NS, 11-20 EW
PAIR_NAMES = (
    "王丽 - 陈刚", "李伟 - 张敏", "刘洋 - 赵静", "许安 - 林雨", "孙伟 - 周婷",
    "叶舟 - 杜文", "吴强 - 郑霞", "陈杰 - 黄磊", "马超 - 何芳", "林峰 - 高敏",
    "沈玛 - 苏洁", "徐明 - 朱琳", "白涛 - 贺霜", "胡军 - 郭燕", "刘阳 - 王华",
    "罗斌 - 梁雪", "米勒 - 诺娃", "宋涛 - 唐丽", "金朴 - 李敏", "韩磊 - 冯洁",
)
_GAME_LEVEL = {Strain.NT: 3, Strain.S: 4, Strain.H: 4, Strain.D: 5, Strain.C: 5}


def shuffled_deals(seed: int, count: int) -> list[Deal]:
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        pack = list(full_pack())
        rng.shuffle(pack)
        north, east, south, west = (Hand.of(pack[i:i + 13]) for i in range(0, 52, 13))
        deals.append(Deal((north, east, south, west)))
    return deals


def double_dummy(deals: list[Deal], first_board: int = 1) -> list[tuple[DoubleDummy, str, str]]:
    """Per deal: the double-dummy tricks and par, and (OptimumScore, ParContract) as 'NS 420',
    'NS 4S' (the first par contract), from the solver (boards numbered from ``first_board``)."""
    conditions = [board_conditions(number) for number in range(first_board, first_board + len(deals))]
    out = []
    for dd in solve(deals, conditions):
        assert dd.par is not None and dd.par.score is not None  # solved with par
        side = "NS" if dd.par.score >= 0 else "EW"
        par_contract = "Pass"
        if dd.par.contracts:
            first = dd.par.contracts[0]
            par_contract = f"{'NS' if first.declarers[0].is_ns else 'EW'} {first.contract}"
        out.append((dd, f"{side} {abs(dd.par.score)}", par_contract))
    return out


def _candidates(dd: DoubleDummy, vul: Vulnerability, side: tuple[Seat, Seat]
                ) -> list[tuple[int, Contract, Seat]]:
    """The contracts a side would reach in each strain (game or slam if makeable), best first."""
    found = []
    for strain in Strain:
        declarer = max(side, key=lambda s: (dd.get(s, strain), s is side[0]))
        tricks = dd.get(declarer, strain)
        makeable = tricks - 6
        if makeable < 1:
            continue
        game = _GAME_LEVEL[strain]
        level = makeable if makeable >= 6 else (game if makeable >= game else min(makeable, game - 1))
        contract = Contract(level, strain)
        found.append((score(contract, tricks, vul.is_vulnerable(declarer)), contract, declarer))
    return sorted(found, key=lambda c: -c[0])


def play_board(rng: random.Random, dd: DoubleDummy, vul: Vulnerability
               ) -> tuple[Contract, Seat | None, int | None]:
    """A plausible final contract, declarer and tricks for one table."""
    ns = _candidates(dd, vul, (Seat.N, Seat.S))
    ew = _candidates(dd, vul, (Seat.E, Seat.W))
    if not ns and not ew:
        return Contract.passed_out(), None, None
    ours, theirs = (ns, ew) if (ns[0][0] if ns else 0) >= (ew[0][0] if ew else 0) else (ew, ns)
    roll = rng.random()
    if roll < 0.62 or len(ours) == 1:
        _, contract, declarer = ours[0]
    elif roll < 0.85:
        _, contract, declarer = ours[1]
    elif roll < 0.93 and theirs:
        _, contract, declarer = theirs[0]  # the other side buys it (a sacrifice or a misjudgement)
        contract = Contract(min(7, contract.level + 1), contract.strain, Doubling.DOUBLED)
    else:
        _, base, declarer = ours[0]
        contract = Contract(max(1, base.level - 1), base.strain)  # stopped short
    assert contract.strain is not None  # every candidate is a bid
    tricks = dd.get(declarer, contract.strain) + rng.choices((-1, 0, 1), weights=(2, 6, 2))[0]
    return contract, declarer, max(0, min(13, tricks))


def _lead(rng: random.Random, deal: Deal, declarer: Seat | None) -> str:
    if declarer is None:
        return "-"
    card = rng.choice(sorted(deal.hand(declarer.lho).cards, key=lambda c: c.sort_key()))
    return str(card)


def mitchell() -> list[tuple[int, int, int, int]]:
    """(round, table, NS pair, EW pair) for 10 tables, 9 rounds, EW skipping after round 5."""
    out = []
    for r in range(ROUNDS):
        for t in range(TABLES):
            ew = (t - r - (1 if r >= 5 else 0)) % TABLES
            out.append((r + 1, t + 1, t + 1, ew + 11))
    return out


def board_set(round_: int, table: int) -> int:
    return (table - 1 + round_ - 1) % TABLES


def _fmt(value: str, size: int, right: bool) -> str:
    return value.rjust(size) if right else value.ljust(size)


def _mp(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


SCORE_COLUMNS = (("Round", 2, True), ("Table", 2, True), ("PairId_NS", 2, True), ("PairId_EW", 2, True),
                 ("Contract", 6, False), ("Declarer", 1, True), ("Result", 2, True), ("Lead", 3, False),
                 ("Score_NS", 5, True), ("Score_EW", 5, True), ("MP_NS", 5, True), ("MP_EW", 5, True),
                 ("Percentage_NS", 6, True), ("Percentage_EW", 6, True))
TOTAL_COLUMNS = (("Rank", 3, True), ("PairId", 2, True), ("Direction", 3, False), ("TotalScoreMP", 6, True),
                 ("TotalPercentage", 6, True), ("NrBoards", 2, True), ("Names", 30, False))


def _columns(columns: tuple[tuple[str, int, bool], ...]) -> str:
    return ";".join(f"{n}\\{w}{'R' if r else 'L'}" for n, w, r in columns)


def _row(cells: list[str], columns: tuple[tuple[str, int, bool], ...]) -> str:
    return " ".join(_fmt(c, w, r) for c, (_, w, r) in zip(cells, columns)).rstrip()


def pairs_text(seed: int = PAIRS_SEED) -> str:
    """The sample pairs event, in export format."""
    boards = TABLES * BOARDS_PER_ROUND
    deals = shuffled_deals(seed, boards)
    analysis = double_dummy(deals)
    dds = [a[0] for a in analysis]
    rng = random.Random(seed + 1)
    played: dict[int, list[list[str]]] = {b: [] for b in range(1, boards + 1)}
    artificial = (4, 7)  # (round, board): one adjusted score, average plus to NS
    for round_, table, ns, ew in mitchell():
        s = board_set(round_, table)
        for number in (2 * s + 1, 2 * s + 2):
            _, vul = board_conditions(number)
            if (round_, number) == artificial:
                played[number].append([str(round_), str(table), str(ns), str(ew), "-", "-", "-", "-",
                                       "A+", "A-"])
                continue
            contract, declarer, tricks = play_board(rng, dds[number - 1], vul)
            points = ns_score(contract, declarer, tricks, vul)
            played[number].append([str(round_), str(table), str(ns), str(ew), str(contract),
                                   declarer.name if declarer else "-", "-" if tricks is None else str(tricks),
                                   _lead(rng, deals[number - 1], declarer),
                                   str(points) if points > 0 else ("0" if points == 0 else "-"),
                                   str(-points) if points < 0 else "-"])
    # first pass without figures: let the results module matchpoint it, then write the figures in
    draft = _pairs_games(deals, analysis, played, None, None)
    event = read_pbn(draft, source="sample-pairs.pbn")
    results = compute_results(event)
    figures = {}
    for b in results.boards:
        for line in b.lines:
            r = line.result
            figures[(b.board.number, r.ns)] = [_mp(line.mp_ns), _mp(line.mp_ew), _mp(line.pct_ns), _mp(line.pct_ew)]
    final = _pairs_games(deals, analysis, played, figures, results)
    return write_pbn(read_pbn(final, source="sample-pairs.pbn"))


def _pairs_games(deals, analysis, played, figures, results) -> str:
    lines = ["% PBN 2.1", "% EXPORT",
             '% <META  name=ScoringType content="MatchPoints;MP1">',
             '% <META  name=Movement content="Mitchell, 10 tables, 9 rounds, skip after round 5">',
             '% <META  name=Tables content="10">', '% <META  name=Pairs content="20">', ""]
    for number in range(1, len(deals) + 1):
        dealer, vul = board_conditions(number)
        dd, optimum, par_contract = analysis[number - 1]
        tags = [("Event", EVENT), ("Site", SITE), ("Date", DATE), ("Board", str(number)), ("West", ""),
                ("North", ""), ("East", ""), ("South", ""), ("Dealer", dealer.name), ("Vulnerable", vul.value),
                ("Deal", deals[number - 1].to_pbn(dealer)), ("Scoring", "MP;MP1"), ("Declarer", ""),
                ("Contract", ""), ("Result", ""), ("DoubleDummyTricks", dd.to_tag()),
                ("Generator", "rules_ext.events.sample"), ("OptimumScore", optimum), ("ParContract", par_contract)]
        lines.extend(f'[{n} "{v}"]' for n, v in tags)
        lines.append(f'[ScoreTable "{_columns(SCORE_COLUMNS)}"]')
        for row in played[number]:
            extra = figures[(number, row[2])] if figures else ["-", "-", "-", "-"]
            lines.append(_row(row + extra, SCORE_COLUMNS))
        if number == 1 and results is not None:
            lines.append(f'[TotalScoreTable "{_columns(TOTAL_COLUMNS)}"]')
            for ranking in results.rankings:
                for e in ranking.entries:
                    names = PAIR_NAMES[int(e.id) - 1].replace('"', "'")
                    lines.append(_row([e.rank, e.id, "N-S" if ranking.group == "NS" else "E-W", f"{e.total:.2f}",
                                       f"{e.pct:.2f}", str(e.boards), f'"{names}"'], TOTAL_COLUMNS))
        lines.append("")
    return "\n".join(lines)


TEAMS = ("长城", "猛虎")
TEAM_PLAYERS = {  # (N, E, S, W) in the Open room: home NS; in the Closed room the visitors sit NS
    "Open": ("张伟", "白雪", "李娜", "石磊"),
    "Closed": ("程蕾", "王芳", "戴军", "陈晨"),
}


def teams_text(seed: int = TEAMS_SEED, boards: int = 8) -> str:
    """The sample teams match, in export format (one game per table; IMPs in ScoreIMP)."""
    deals = shuffled_deals(seed, boards)
    dds = [a[0] for a in double_dummy(deals)]
    rng = random.Random(seed + 1)
    home, visit = TEAMS
    lines = ["% PBN 2.1", "% EXPORT", '% <META  name=ScoringType content="IMP">', ""]
    games = []
    for number in range(1, boards + 1):
        dealer, vul = board_conditions(number)
        rooms = {}
        for room in ("Open", "Closed"):
            contract, declarer, tricks = play_board(rng, dds[number - 1], vul)
            rooms[room] = (contract, declarer, tricks, ns_score(contract, declarer, tricks, vul))
        gain = imps(rooms["Open"][3] - rooms["Closed"][3])
        for room in ("Open", "Closed"):
            contract, declarer, tricks, points = rooms[room]
            n, e, s, w = TEAM_PLAYERS[room]
            imp_ns = gain if room == "Open" else -gain
            tags = [("Event", "友谊赛"), ("Site", SITE), ("Date", DATE), ("Board", str(number)),
                    ("West", w), ("North", n), ("East", e), ("South", s), ("Dealer", dealer.name),
                    ("Vulnerable", vul.value), ("Deal", deals[number - 1].to_pbn(dealer)), ("Scoring", "IMP"),
                    ("Declarer", declarer.name if declarer else ""), ("Contract", str(contract)),
                    ("Result", "" if tricks is None else str(tricks)),
                    ("HomeTeam", home), ("Room", room), ("Score", f"NS {points}" if points >= 0 else f"EW {-points}"),
                    ("ScoreIMP", f"NS {imp_ns}" if imp_ns >= 0 else f"EW {-imp_ns}"), ("Table", "1"),
                    ("VisitTeam", visit)]
            games.append("\n".join(f'[{k} "{v}"]' for k, v in tags))
    return write_pbn(read_pbn("\n".join(lines) + "\n" + "\n\n".join(games) + "\n", source="sample-teams.pbn"))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    target = Path(args[0]) if args else SAMPLES_DIR
    write_bytes_atomic(target / "sample-pairs.pbn", pairs_text().encode("utf-8"))
    write_bytes_atomic(target / "sample-teams.pbn", teams_text().encode("utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
