"""Deals no one can know: the seed, Pavlicek's numbering, the same set from the same seed, and
uniformity over many deals (high-card points, shapes, where each card goes) against the exact
probabilities, counted here from the binomial coefficients (not from the code under test). The seeds
are fixed, so the statistics are the same every run; a χ² is compared with its 0.1 % critical value.
"""
from __future__ import annotations

import doctest
import math
import random
from collections import Counter
from itertools import product

import pytest

import rules_ext.core.dealing as dealing
from rules_ext.core import SUITS, Seat
from rules_ext.core.cards import DealError
from rules_ext.core.dealing import (
    DEALS,
    SeedError,
    deal_number,
    deal_of_number,
    deal_set,
    new_seed,
    number_of_deal,
    parse_boards,
    parse_seed,
    seed_text,
)

SEEDS = [bytes([i]) * 20 for i in (1, 2, 3)]


def test_docstrings():
    result = doctest.testmod(dealing)
    assert result.attempted > 0 and result.failed == 0


def test_the_number_of_deals():
    assert DEALS == 53644737765488792839237440000


def test_pavlicek_first_and_last_deal():
    # rpbridge.net 7z68: the first deal gives North the spades, East the hearts, South the diamonds,
    # West the clubs; the last one the other way round
    first = deal_of_number(0)
    assert [len(first.hand(Seat.N).suit(s)) for s in SUITS] == [13, 0, 0, 0]
    assert [len(first.hand(Seat.W).suit(s)) for s in SUITS] == [0, 0, 0, 13]
    last = deal_of_number(DEALS - 1)
    assert [len(last.hand(Seat.N).suit(s)) for s in SUITS] == [0, 0, 0, 13]


def test_numbering_is_a_bijection_on_samples():
    rng = random.Random(7)  # sample numbers for the test only; the dealing never uses random
    for _ in range(300):
        n = rng.randrange(DEALS)
        assert number_of_deal(deal_of_number(n)) == n


def test_the_same_seed_gives_the_same_set():
    seed = SEEDS[0]
    assert deal_set(seed, range(1, 37)) == deal_set(seed, range(1, 37))
    part = deal_set(seed, [10, 11, 12])
    assert part == deal_set(seed, range(1, 37))[9:12]  # a board's deal depends on its number only
    assert deal_set(SEEDS[1], [1])[0].deal != deal_set(seed, [1])[0].deal


def test_law_two_dealer_and_vulnerability():
    board = deal_set(SEEDS[0], [20])[0]
    assert board.dealer is Seat.W and board.vulnerability.name == "ALL"


def test_a_new_seed_comes_from_secrets(monkeypatch):
    calls = []

    def token_bytes(n):
        calls.append(n)
        return b"\x42" * n

    monkeypatch.setattr(dealing.secrets, "token_bytes", token_bytes)
    assert new_seed() == b"\x42" * 20 and calls == [20]


def test_dealing_never_uses_random(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the random module was used")

    for name in ("random", "randrange", "randint", "shuffle", "getrandbits", "choice"):
        monkeypatch.setattr(random, name, refuse)
    monkeypatch.setattr(random, "Random", refuse)
    assert len(deal_set(SEEDS[2], range(1, 5))) == 4


def test_seed_text_reads_back():
    seed = bytes(range(20))
    assert seed_text(seed) == "00010203 04050607 08090a0b 0c0d0e0f 10111213"
    assert parse_seed(seed_text(seed)) == seed and parse_seed(seed.hex().upper()) == seed


@pytest.mark.parametrize("text", ["", "abc", "zz" * 20, "00" * 21])
def test_a_bad_seed(text):
    with pytest.raises(SeedError, match="40 hexadecimal digits"):
        parse_seed(text)


@pytest.mark.parametrize("text", ["1-36x", "0-3", "5-2", "1,1"])
def test_bad_board_ranges(text):
    with pytest.raises(DealError):
        parse_boards(text)


def test_deal_number_refuses_a_short_seed():
    with pytest.raises(SeedError):
        deal_number(b"short", 1)


# -- uniformity ------------------------------------------------------------------------------------------

HANDS = math.comb(52, 13)


def exact_hcp() -> dict[int, float]:
    """P(a hand holds h high-card points): aces, kings, queens, jacks and the 36 other cards chosen."""
    counts: Counter[int] = Counter()
    for a, k, q, j in product(range(5), repeat=4):
        if a + k + q + j <= 13:
            counts[4 * a + 3 * k + 2 * q + j] += (math.comb(4, a) * math.comb(4, k) * math.comb(4, q) * math.comb(4, j)
                                                  * math.comb(36, 13 - a - k - q - j))
    return {h: c / HANDS for h, c in counts.items()}


def exact_shapes() -> dict[tuple[int, ...], float]:
    """P(a hand's pattern), the suit lengths longest first."""
    counts: Counter[tuple[int, ...]] = Counter()
    for lengths in product(range(14), repeat=4):
        if sum(lengths) == 13:
            counts[tuple(sorted(lengths, reverse=True))] += math.prod(math.comb(13, n) for n in lengths)
    return {p: c / HANDS for p, c in counts.items()}


def critical(dof: int, z: float = 3.0902) -> float:
    """The χ² value exceeded with probability 0.1 % (Wilson-Hilferty)."""
    return dof * (1 - 2 / (9 * dof) + z * math.sqrt(2 / (9 * dof))) ** 3


def chi_square(observed: dict, expected: dict[object, float], total: int) -> tuple[float, int]:
    """χ² and degrees of freedom, the bins with fewer than 5 expected pooled into one."""
    small = [k for k, p in expected.items() if p * total < 5]
    big = [k for k in expected if k not in small]
    cells = [(observed.get(k, 0), expected[k] * total) for k in big]
    if small:
        cells.append((sum(observed.get(k, 0) for k in small), sum(expected[k] for k in small) * total))
    return sum((o - e) ** 2 / e for o, e in cells), len(cells) - 1


@pytest.fixture(scope="module")
def many():
    """8000 deals of three fixed seeds."""
    return [b.deal for seed in SEEDS for b in deal_set(seed, range(1, 2668))]


def test_known_probabilities_of_the_exact_tables():
    # published figures (e.g. the Encyclopedia of Bridge): 10 HCP 9.41 %, 4-4-3-2 21.55 %, 5-3-3-2 15.52 %
    assert abs(exact_hcp()[10] - 0.0941) < 0.0001
    shapes = exact_shapes()
    assert abs(shapes[(4, 4, 3, 2)] - 0.2155) < 0.0001 and abs(shapes[(5, 3, 3, 2)] - 0.1552) < 0.0001


def test_high_card_points_are_distributed_as_they_must(many):
    observed = Counter(deal.hand(seat).hcp for deal in many for seat in Seat)
    stat, dof = chi_square(observed, exact_hcp(), 4 * len(many))
    assert stat < critical(dof), (stat, dof)


def test_shapes_are_distributed_as_they_must(many):
    observed = Counter(tuple(sorted((len(deal.hand(seat).suit(s)) for s in SUITS), reverse=True))
                       for deal in many for seat in Seat)
    stat, dof = chi_square(observed, exact_shapes(), 4 * len(many))
    assert stat < critical(dof), (stat, dof)


def position_chi_square(deals) -> float:
    """χ² of where each of the 52 cards went over ``deals`` (each seat expected a quarter of the time)."""
    counts: Counter[tuple[object, Seat]] = Counter((card, seat) for deal in deals for seat in Seat
                                                   for card in deal.hand(seat).cards)
    expected = len(deals) / 4
    return sum((counts[(card, seat)] - expected) ** 2 / expected for card in dealing._PACK for seat in Seat)


def test_every_card_goes_to_every_seat_alike(many):
    stat = position_chi_square(many)
    assert stat < critical(52 * 3), stat


def test_a_non_uniform_dealer_fails_the_position_test():
    # the test can fail: deals whose numbers are all in the first quarter give the ace of spades to
    # North every time, and the χ² sees it
    deals = [deal_of_number(deal_number(SEEDS[0], n) % (DEALS // 4)) for n in range(1, 2001)]
    assert all(any(c.rank == 14 and c.suit.name == "S" for c in d.hand(Seat.N).cards) for d in deals)
    assert position_chi_square(deals) > critical(52 * 3)
