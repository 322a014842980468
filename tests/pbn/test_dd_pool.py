"""The double-dummy solver gives the same tricks and par in one process and over a process pool."""
import random

from rules_ext.core import Deal, Hand, board_conditions, full_pack
from rules_ext.pbn.dd import CHUNK, solve


def test_a_process_pool_solves_like_one_process():
    rng = random.Random(7)
    deals = []
    for _ in range(CHUNK + 3):   # two batches, the second one short
        pack = list(full_pack())
        rng.shuffle(pack)
        deals.append(Deal(tuple(Hand.of(pack[i * 13:(i + 1) * 13]) for i in range(4))))
    conditions = [board_conditions(n) for n in range(1, len(deals) + 1)]
    one = solve(deals, conditions)
    pooled = solve(deals, conditions, workers=2)
    assert pooled == one
    assert all(dd.par is not None for dd in one)
