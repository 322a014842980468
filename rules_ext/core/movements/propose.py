"""The movements that fit a field: ``propose(pairs=18, boards=27)`` lists the Mitchells, Howells and
¾ Howells of that many tables whose rounds × boards come closest to the boards wanted, each with
its balance figures and the reasons for it (and against it), best first.

The order: the boards nearest the number wanted, then the fairest (a two-winner Mitchell whose
fields are complete counts as perfect for its two rankings; a one-winner movement by
:attr:`rules_ext.core.movements.balance.Balance.percent`), then the fewer rounds.

>>> best = propose(18, 27)[0]
>>> best.movement.name_en, best.rounds, best.boards_per_round
('Mitchell, 9 tables, 9 rounds', 9, 3)
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from itertools import combinations

from rules_ext.core.movements.balance import Balance, balance
from rules_ext.core.movements.library import available, howell, least_boards
from rules_ext.core.movements.model import Movement, MovementError
from rules_ext.core.movements.pairs import mitchell, two_section_mitchell

#: how far the boards played may be from the number wanted (fewer or more)
SLACK = 4
#: the boards a round may have
BOARDS_PER_ROUND = (1, 2, 3, 4, 5, 6)
#: the fewest and the most pairs a movement is proposed for
MIN_PAIRS, MAX_PAIRS = 5, 120


@dataclass(frozen=True, slots=True)
class Proposal:
    """A movement that fits, with its balance and the reasons (Chinese, English)."""

    movement: Movement
    balance: Balance
    reasons: tuple[tuple[str, str], ...]

    @property
    def rounds(self) -> int:
        return self.movement.rounds

    @property
    def boards_per_round(self) -> int:
        return self.movement.boards_per_round

    @property
    def boards(self) -> int:
        """The boards each pair plays (the rounds it plays × the boards a round)."""
        return self.rounds * self.boards_per_round

    @property
    def fairness(self) -> float:
        """0-100: a two-winner movement by its fields (both complete: 100), else the balance percent."""
        if self.movement.winners == 2 and self.balance.fields:
            fields = self.balance.fields
            spread = max(max(f.compared_spread for f in fields), max(f.meetings_spread for f in fields))
            return 100.0 if spread == 0 else max(0.0, 100.0 - 25.0 * spread)
        return self.balance.percent


def _tables(pairs: int) -> int:
    return (pairs + 1) // 2


@functools.cache
def best_switches(tables: int, *, rounds: int, relay: bool, most: int = 2) -> tuple[int, ...]:
    """The arrow-switch rounds (at most ``most``) that balance a Mitchell best: the lowest standard
    deviation of the competition (no switch at all is not a one-winner movement); the boards a round
    do not change it (the figures are per set of boards)."""
    best: tuple[float, tuple[int, ...]] | None = None
    for k in range(1, most + 1):
        for chosen in combinations(range(1, rounds + 1), k):
            sd = balance(mitchell(tables, boards_per_round=1, rounds=rounds, relay=relay, arrow_switch=chosen)).sd
            if best is None or sd < best[0] - 1e-9:
                best = (sd, chosen)
    assert best is not None
    return best[1]


def candidates(pairs: int, boards: int) -> list[Movement]:
    """Every movement of the library and the rules for ``pairs`` pairs whose boards come within
    :data:`SLACK` of ``boards``."""
    if isinstance(pairs, bool) or not isinstance(pairs, int) or not MIN_PAIRS <= pairs <= MAX_PAIRS:
        raise MovementError(f"--pairs {pairs!r}: expected a whole number from {MIN_PAIRS} to {MAX_PAIRS}")
    if isinstance(boards, bool) or not isinstance(boards, int) or not 6 <= boards <= 72:
        raise MovementError(f"--boards {boards!r}: expected a whole number from 6 to 72")
    tables = _tables(pairs)
    phantom = pairs % 2 == 1
    found: list[Movement] = []
    even = tables % 2 == 0
    mitchells = [(False, tables - 1 if even else tables)] + ([(True, tables)] if even else [])
    for relay, most in mitchells:
        for b in BOARDS_PER_ROUND:
            for rounds in range(max(2, most - 3), most + 1):
                if abs(rounds * b - boards) <= SLACK:
                    found.append(mitchell(tables, boards_per_round=b, rounds=rounds, relay=relay, phantom=phantom))
                    switches = best_switches(tables, rounds=rounds, relay=relay)
                    found.append(mitchell(tables, boards_per_round=b, rounds=rounds, relay=relay,
                                          arrow_switch=switches, phantom=phantom))
    for (t, rounds), cyclic in sorted(available().items()):
        if t != tables:
            continue
        for b in BOARDS_PER_ROUND:
            if b >= least_boards(cyclic) and abs(rounds * b - boards) <= SLACK:
                found.append(howell(t, rounds=rounds, boards_per_round=b, phantom=phantom))
    if tables >= 14 and tables % 2 == 0 and not phantom:
        half = tables // 2
        for b in BOARDS_PER_ROUND:
            rounds = half if half % 2 else half - 1
            if abs(rounds * b - boards) <= SLACK:
                found.append(two_section_mitchell(half, boards_per_round=b, rounds=rounds))
    return found


def _span(low_high: tuple[int, int], to: str) -> str:
    low, high = low_high
    return str(low) if low == high else f"{low}{to}{high}"


def _reasons(m: Movement, b: Balance, wanted: int, pairs: int) -> tuple[tuple[str, str], ...]:
    played = m.rounds * m.boards_per_round
    out: list[tuple[str, str]] = []
    if played == wanted:
        out.append((f"{m.rounds}轮，每轮{m.boards_per_round}副，正好{played}副",
                    f"{m.rounds} rounds of {m.boards_per_round} boards: {played} boards, as wanted"))
    else:
        out.append((f"{m.rounds}轮，每轮{m.boards_per_round}副，共{played}副（要求{wanted}副）",
                    f"{m.rounds} rounds of {m.boards_per_round} boards: {played} boards ({wanted} wanted)"))
    in_play = len(m.boards)
    if in_play != played:
        out.append((f"在用{in_play}副牌，每对打其中{played}副", f"{in_play} boards in play, each pair plays {played}"))
    if m.winners == 2 and b.fields:
        complete = all(f.compared_spread == 0 and f.meetings_spread == 0 for f in b.fields)
        if complete:
            out.append(("南北、东西分别排名（两个冠军）；每对与对方方向的每一对各打一轮，同方向的每两对比较同样多的牌",
                        "NS and EW ranked apart (two winners); every pair meets each pair of the other direction once "
                        "and is compared with every pair of its own on the same boards"))
        else:
            ns = b.fields[0]
            out.append((f"南北、东西分别排名（两个冠军）；同方向两对同打的牌组为{_span(ns.compared, '至')}组，"
                        f"与对方每对相遇{_span(ns.meetings, '至')}轮",
                        f"NS and EW ranked apart (two winners); two pairs of one direction share "
                        f"{_span(ns.compared, ' to ')} sets and meet each pair of the other "
                        f"{_span(ns.meetings, ' to ')} times"))
    else:
        out.append((f"一个冠军；比较均衡度{b.percent:.0f}%（每两对之间的比较为平均的{b.least:.0%}至{b.most:.0%}，"
                    f"标准差{b.sd:.2f}）",
                    f"one winner; balance {b.percent:.0f}% (each two pairs compete {b.least:.0%} to {b.most:.0%} "
                    f"of the mean; standard deviation {b.sd:.2f})"))
    if m.phantom is not None:
        out.append((f"{pairs}对为奇数：每轮一对轮空", f"{pairs} pairs, an odd number: one pair sits out each round"))
    if m.rests:
        out.append(("需要休息台放暂不用的牌", "needs relay stands for the boards not in play"))
    shared = any(len({s.table for s in m.round(r) if s.set == n}) > 1 for r in range(1, m.rounds + 1)
                 for n in {s.set for s in m.round(r)}) and not m.duplicated
    if shared:
        out.append(("有两桌同打一组牌，需在轮中传递", "two tables share a set and pass the boards during the round"))
    if m.duplicated:
        out.append(("每区需要一套牌（牌要复制）", "a copy of the boards for each section (boards duplicated)"))
    return tuple(out)


def propose(pairs: int, boards: int) -> list[Proposal]:
    """The movements that fit ``pairs`` pairs and about ``boards`` boards, best first (see the
    module's docstring); an empty list when none does."""
    out = [Proposal(m, b := balance(m), _reasons(m, b, boards, pairs)) for m in candidates(pairs, boards)]
    out.sort(key=lambda p: (abs(p.boards - boards), -round(p.fairness, 1), p.rounds, p.movement.name_en))
    return out
