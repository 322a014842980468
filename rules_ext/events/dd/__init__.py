"""Double-dummy tricks and par in the core's terms: the one adapter to endplay's bundled DDS solver.

:func:`solve` takes core ``Deal`` values with their dealer and vulnerability and returns
:class:`DoubleDummy` values: the tricks each declarer (``Seat``) takes in each strain (``Strain``)
and the :class:`Par` (score from North-South's side; par contracts as core ``Contract`` values with
the seats that declare them). Nothing of endplay leaves this module.

The grid is kept in the order of the PBN tag ``DoubleDummyTricks`` (declarers N, S, E, W; strains
NT, S, H, D, C), so a file's own figures and computed ones are the same value; a file's
``OptimumScore`` and ``ParContract`` tags are read into the same :class:`Par`.
"""
from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from rules_ext.core import Contract, Deal, Doubling, Seat, Strain, Vulnerability
from rules_ext.errors import RulesError
from rules_ext.events.dd import cache as dd_cache
from rules_ext.events.dd.cache import DDCache, Solved
from rules_ext.events.model import side_score

#: declarers and strains in the order of the DoubleDummyTricks tag
DD_SEATS = (Seat.N, Seat.S, Seat.E, Seat.W)
DD_STRAINS = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)


@dataclass(frozen=True, slots=True)
class ParContract:
    """A par contract (without declarer), the seats that declare it (in N, S, E, W order) and the
    tricks taken over (+) or under (-) it: ``3NT NS``, ``4SX E -2``."""

    contract: Contract
    declarers: tuple[Seat, ...] = ()
    result: int = 0

    def __post_init__(self) -> None:
        if self.contract.declarer is not None:
            raise RulesError(f"par contract {self.contract} names its declarer: expected the seats "
                             "in declarers, e.g. ParContract(Contract.parse('3NT'), (Seat.N, Seat.S))")
        object.__setattr__(self, "declarers", tuple(s for s in DD_SEATS if s in self.declarers))

    @property
    def seats(self) -> str:
        """The declaring seats as printed: ``NS``, ``E``."""
        return "".join(seat.name for seat in self.declarers)

    @property
    def tail(self) -> str:
        """What follows the contract when printed: the seats and the result, ``NS``, ``E -2``."""
        return " ".join(x for x in (self.seats, f"{self.result:+d}" if self.result else "") if x)

    @classmethod
    def parse(cls, text: str) -> ParContract:
        """One entry of a ``ParContract`` tag: ``NS 4S``, ``4SX E``, ``3N EW -1`` or ``Pass``; or of
        an ``OptimumContract`` tag as Magic Contest and Ruter write it, with the tricks taken:
        ``4S N 10``, ``6N S 12``.

        >>> str(ParContract.parse("4S N 10")), str(ParContract.parse("3N EW 8"))
        ('4S N', '3NT EW -1')
        """
        words = text.split()
        bids = [w for w in words if _BID.fullmatch(w)]
        if not bids and _passed_out(text):
            return cls(Contract.passed_out())
        seats = [w for w in words if _SEATS.fullmatch(w)]
        results = [w for w in words if _RESULT.fullmatch(w)]
        tricks = [int(w) for w in words if _TRICKS.fullmatch(w) and int(w) <= 13]
        if len(bids) != 1 or len(seats) > 1 or len(results) + len(tricks) > 1 or \
                len(bids) + len(seats) + len(results) + len(tricks) != len(words):
            raise RulesError(f"cannot read par contract {text!r}: expected e.g. NS 4S, 4SX E, 3NT EW -1 "
                             "or 4S N 10 (the tricks taken)")
        contract = Contract.parse(bids[0])
        declarers = tuple(Seat.parse(letter) for letter in seats[0].upper()) if seats else ()
        result = int(results[0]) if results else tricks[0] - contract.level - 6 if tricks else 0
        return cls(contract, declarers, result)

    def __str__(self) -> str:
        return f"{self.contract} {self.tail}".rstrip()


_BID = re.compile(r"[1-7](?:NT|N|[SHDC])X{0,2}", re.IGNORECASE)
_SEATS = re.compile(r"[NESW]{1,4}", re.IGNORECASE)
_RESULT = re.compile(r"[+-]\d{1,2}")
_TRICKS = re.compile(r"\d{1,2}")  # the tricks taken (0 to 13), as OptimumContract "4S N 10" gives them


def _passed_out(text: str) -> bool:
    try:
        return Contract.parse(text).is_passed_out
    except ValueError:
        return False


@dataclass(frozen=True, slots=True)
class Par:
    """The par of a deal: ``score`` from North-South's side (None when a file gives only the
    contracts) and the par ``contracts``."""

    score: int | None
    contracts: tuple[ParContract, ...] = ()

    @classmethod
    def from_tags(cls, optimum_score: str, par_contract: str) -> Par:
        """A file's ``OptimumScore`` (``NS 420``) and ``ParContract`` (``NS 4S``, ``3NT NS; 4S EW``)."""
        score = side_score(optimum_score, "OptimumScore") if optimum_score else None
        parts = (p.strip() for p in par_contract.replace(",", ";").split(";"))
        return cls(score, tuple(ParContract.parse(p) for p in parts if p))


@dataclass(frozen=True, slots=True)
class DoubleDummy:
    """Tricks per declarer and strain, in the order of the DoubleDummyTricks tag, and the par."""

    tricks: tuple[tuple[int, ...], ...]  # [declarer in DD_SEATS][strain in DD_STRAINS]
    par: Par | None = None

    def __post_init__(self) -> None:
        if len(self.tricks) != 4 or any(len(row) != 5 for row in self.tricks):
            raise RulesError(f"cannot use double-dummy grid {self.tricks!r}: expected 4 rows of 5")
        if any(not 0 <= t <= 13 for row in self.tricks for t in row):
            raise RulesError(f"double-dummy grid {self.tricks!r} has a count outside 0..13")

    def get(self, declarer: Seat, strain: Strain) -> int:
        return self.tricks[DD_SEATS.index(declarer)][DD_STRAINS.index(strain)]

    def to_tag(self) -> str:
        """The 20 hexadecimal digits of a ``DoubleDummyTricks`` tag (the PBN reader reads them back)."""
        return "".join(f"{t:X}" for row in self.tricks for t in row)


#: deals handed to DDS per call: large enough for its threads, small enough for a progress bar
CHUNK = 8


def solve(deals: Sequence[Deal], conditions: Sequence[tuple[Seat, Vulnerability]], *,
          with_par: bool = True,
          progress: Callable[[Iterable[int]], Iterable[int]] = iter,
          workers: int = 1,
          cache: DDCache | Literal[False] | None = None) -> list[DoubleDummy]:
    """Solve every (complete) deal in DDS batches of CHUNK; ``conditions`` are each deal's dealer
    and vulnerability (for par). ``progress`` wraps the iteration over the batches (e.g. a tqdm bar).

    A deal already solved (with the same dealer and vulnerability) is taken from ``cache``
    (default: the process's, :func:`rules_ext.events.dd.cache.current`; ``False``: none) and every
    deal solved here is put there, so a second layout of the same event solves nothing.

    ``workers`` > 1 spreads the deals over a process pool, one deal at a time, each process's DDS
    with its share of the machine's cores (in one process, DDS spreads a batch over threads itself;
    ``benchmarks/bench_dd.py`` measures 1 against N workers). The result is the same either way."""
    store = dd_cache.current() if cache is None else cache or None
    keys = [(deal.to_pbn(), dealer.value, vulnerability.name) for deal, (dealer, vulnerability) in zip(deals, conditions)]
    known: dict[int, Solved] = {}
    if store is not None:
        for i, key in enumerate(keys):
            hit = store.get(*key, with_par)
            if hit is not None:
                known[i] = hit
    todo = [i for i in range(len(keys)) if i not in known]
    pooled = workers > 1 and len(todo) > CHUNK
    # in a pool, each process solves one deal at a time with its share of the cores, so that no core
    # waits for the last batch
    chunk = 1 if pooled else CHUNK
    batches = [[keys[i] for i in todo[start:start + chunk]] for start in range(0, len(todo), chunk)]
    fresh: list[Solved] = []
    if pooled:
        from concurrent.futures import ProcessPoolExecutor
        size = min(workers, len(batches))
        threads = max(1, (os.cpu_count() or 1) // size)
        with ProcessPoolExecutor(max_workers=size, initializer=_dds_threads, initargs=(threads,)) as pool:
            futures = [pool.submit(_solve_batch, batch, with_par) for batch in batches]
            for index in progress(range(len(futures))):
                fresh += futures[index].result()
    else:
        for index in progress(range(len(batches))):
            fresh += _solve_batch(batches[index], with_par)
    for i, entry in zip(todo, fresh):
        known[i] = entry
        if store is not None:
            store.put(*keys[i], entry)
    return [DoubleDummy(tricks, None if par_found is None else _par_of(par_found))
            for tricks, par_found in (known[i] for i in range(len(keys)))]


def _dds_threads(threads: int) -> None:
    """A pool process's DDS given ``threads`` threads (its share of the machine's cores)."""
    from endplay._dds import SetMaxThreads

    SetMaxThreads(threads)


def _solve_batch(batch: Sequence[tuple[str, int, str]], with_par: bool) -> list[Solved]:
    """One DDS call for a batch of (PBN deal, dealer index, vulnerability name); plain tuples out,
    so a batch can run in a worker process."""
    from endplay.dds import calc_all_tables
    from endplay.types import Deal as SolverDeal

    tables = calc_all_tables([SolverDeal(pbn) for pbn, _, _ in batch])
    out: list[Solved] = []
    for table, (_, dealer, vulnerability) in zip(tables, batch):
        grid = table.to_list()  # [denomination][player]: endplay's orders
        tricks = tuple(tuple(grid[_DENOMINATION[strain]][seat.value] for strain in DD_STRAINS)
                       for seat in DD_SEATS)
        out.append((tricks, _par_found(table, dealer, vulnerability) if with_par else None))
    return out


def _par_found(table: Any, dealer: int, vulnerability: str) -> tuple[int, tuple[tuple[int, int, int, int, int], ...]]:
    """DDS's par of an endplay ``DDTable`` as plain tuples (score NS; level, denomination,
    penalty, declarer, result of each par contract)."""
    from endplay.dds import par
    from endplay.types import Player, Vul

    vuls = {"NONE": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "ALL": Vul.both}
    result = par(table, vuls[vulnerability], Player(dealer))
    return int(result.score), tuple((c.level, int(c.denom), int(c.penalty), int(c.declarer), int(c.result))
                                    for c in result)


def _par_of(found: tuple[int, tuple[tuple[int, int, int, int, int], ...]]) -> Par:
    score, contracts = found
    return Par(score, _merged((Contract(level, _STRAIN[denom], Doubling(penalty)), Seat(declarer), result)
                              for level, denom, penalty, declarer, result in contracts))


def par_from_grid(dd: DoubleDummy, dealer: Seat, vulnerability: Vulnerability) -> Par:
    """The par worked out by DDS from a double-dummy grid alone (a file's ``DoubleDummyTricks`` or
    ``OptimumResultTable``): what a file that gives only the par score (``NS +90``) leaves out."""
    from endplay._dds import ddTableResults
    from endplay.dds.ddtable import DDTable

    data = ddTableResults()
    for seat in DD_SEATS:
        for strain in DD_STRAINS:
            data.resTable[_DENOMINATION[strain]][seat.value] = dd.get(seat, strain)
    return _par_of(_par_found(DDTable(data), dealer.value, vulnerability.name))


#: endplay's denominations (spades 0 .. clubs 3, notrump 4) and the core's strains
_STRAIN = (Strain.S, Strain.H, Strain.D, Strain.C, Strain.NT)
_DENOMINATION = {strain: i for i, strain in enumerate(_STRAIN)}


def _merged(contracts: Iterable[tuple[Contract, Seat, int]]) -> tuple[ParContract, ...]:
    """``3NT`` by N and ``3NT`` by S -> ``3NT NS``: one entry per contract and result."""
    seats: dict[tuple[Contract, int], list[Seat]] = {}
    for contract, declarer, result in contracts:
        seats.setdefault((contract, result), []).append(declarer)
    return tuple(ParContract(contract, tuple(by), result) for (contract, result), by in seats.items())
