"""Double-dummy tricks and par for hand records, through endplay's bundled DDS solver.

The grid is kept in the order the PBN tag ``DoubleDummyTricks`` uses (declarers N, S, E, W; strains
NT, S, H, D, C), so a file's own figures and computed ones are the same value. Par comes from
``endplay.dds.par`` (score from North-South's side) or from the file's ``OptimumScore`` and
``ParContract`` tags.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from rules_ext.pbn.model import side_score

#: declarers and strains in the order of the DoubleDummyTricks tag
DECLARERS = ("N", "S", "E", "W")
STRAINS = ("NT", "S", "H", "D", "C")


@dataclass(frozen=True, slots=True)
class DoubleDummy:
    """Tricks per declarer and strain, and the par contract(s) and score (North-South's view)."""

    tricks: tuple[tuple[int, ...], ...]  # [declarer in DECLARERS][strain in STRAINS]
    par_score: int | None = None
    par_contracts: tuple[str, ...] = ()  # as printed, e.g. '3NT N', '4SX E'

    def __post_init__(self) -> None:
        if len(self.tricks) != 4 or any(len(row) != 5 for row in self.tricks):
            raise ValueError(f"cannot use double-dummy grid {self.tricks!r}: expected 4 rows of 5")
        if any(not 0 <= t <= 13 for row in self.tricks for t in row):
            raise ValueError(f"double-dummy grid {self.tricks!r} has a count outside 0..13")

    def get(self, declarer: str, strain: str) -> int:
        return self.tricks[DECLARERS.index(declarer)][STRAINS.index(strain)]

    @classmethod
    def from_tag(cls, digits: str, par_score: int | None = None,
                 par_contracts: Sequence[str] = ()) -> DoubleDummy:
        """From the 20 hexadecimal digits of a ``DoubleDummyTricks`` tag."""
        text = str(digits).strip()
        if len(text) != 20 or any(c not in "0123456789abcdefABCDEF" for c in text):
            raise ValueError(f"cannot read DoubleDummyTricks {text!r}: expected 20 hexadecimal "
                             "digits, e.g. 98989767679898976767")
        values = [int(c, 16) for c in text]
        rows = tuple(tuple(values[i * 5:(i + 1) * 5]) for i in range(4))
        return cls(rows, par_score, tuple(par_contracts))

    def to_tag(self) -> str:
        return "".join(format(t, "x") for row in self.tricks for t in row)


def parse_optimum_score(text: str) -> int:
    """``NS 420`` / ``EW 100`` / ``420`` -> score from North-South's side (the pbn layer's reading)."""
    return side_score(text, "OptimumScore")


#: deals handed to DDS per call: large enough for its threads, small enough for a progress bar
CHUNK = 8


def solve(deals_pbn: Sequence[str], dealers: Sequence[str], vulnerabilities: Sequence[str],
          *, with_par: bool = True, progress: Callable[[Iterable], Iterable] = iter
          ) -> list[DoubleDummy]:
    """Solve every deal (PBN strings) in DDS batches of CHUNK; dealers 'N'..'W'; vulnerability
    None/NS/EW/All. ``progress`` wraps the iteration over the batches (e.g. a tqdm bar)."""
    from endplay.dds import calc_all_tables, par
    from endplay.types import Deal, Denom, Player, Vul

    if not deals_pbn:
        return []
    deals = [Deal(pbn) for pbn in deals_pbn]
    tables = []
    for start in progress(range(0, len(deals), CHUNK)):
        tables += list(calc_all_tables(deals[start:start + CHUNK]))
    players = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
    denoms = {"NT": Denom.nt, "S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds,
              "C": Denom.clubs}
    vuls = {"NONE": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "ALL": Vul.both}
    out = []
    for table, dealer, vul in zip(tables, dealers, vulnerabilities):
        grid = table.to_list()  # [denom][player], endplay's enum order
        tricks = tuple(tuple(grid[denoms[s].value][players[d].value] for s in STRAINS)
                       for d in DECLARERS)
        score, contracts = None, ()
        if with_par:
            result = par(table, vuls[str(vul).upper()], players[str(dealer)[0].upper()])
            score = int(result.score)
            contracts = _merge_seats(_par_text(c) for c in result)
        out.append(DoubleDummy(tricks, score, contracts))
    return out


def _merge_seats(texts: Iterable[str]) -> tuple[str, ...]:
    """``3NT N``, ``3NT S`` -> ``3NT NS``: one entry per contract, the declarers in N S E W order."""
    merged: dict[str, set[str]] = {}
    for text in texts:
        contract, _, rest = text.partition(" ")
        seat, _, result = rest.partition(" ")
        merged.setdefault(f"{contract}\0{result}", set()).add(seat)
    out = []
    for key, seats in merged.items():
        contract, result = key.split("\0")
        out.append(" ".join(x for x in (contract, "".join(s for s in "NSEW" if s in seats), result) if x))
    return tuple(out)


def _par_text(contract: object) -> str:
    """An endplay par contract -> ``3NT S`` / ``4SX E -2`` (level, strain, doubling, declarer, result)."""
    strain = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C", "nt": "NT"}[
        contract.denom.name]  # type: ignore[attr-defined]
    doubling = {"passed": "", "doubled": "X", "redoubled": "XX"}[contract.penalty.name]  # type: ignore[attr-defined]
    seat = contract.declarer.name[0].upper()  # type: ignore[attr-defined]
    result = int(contract.result)  # type: ignore[attr-defined]
    text = f"{contract.level}{strain}{doubling} {seat}"  # type: ignore[attr-defined]
    return text + (f" {result:+d}" if result else "")
