"""The double-dummy solver gives the same tricks and par in one process and over a process pool."""
from rules_ext.core import board_conditions
from rules_ext.events.dd import CHUNK, solve
from rules_ext.events.sample import shuffled_deals


def test_a_process_pool_solves_like_one_process():
    deals = shuffled_deals(7, CHUNK + 3)   # two batches, the second one short
    conditions = [board_conditions(n) for n in range(1, len(deals) + 1)]
    one = solve(deals, conditions, cache=False)   # both solved, neither from the cache
    pooled = solve(deals, conditions, workers=2, cache=False)
    assert pooled == one
    assert all(dd.par is not None for dd in one)
