"""What every step of reading one PBN file shares: its name, the problems found so far, and each
distinct deal, contract and table row parsed once (a file repeats them hundreds of times)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from rules_ext.core import Contract, Deal, Seat, Vulnerability, ns_score
from rules_ext.events.errors import PBNError
from rules_ext.events.model import Artificial, side_score
from rules_ext.events.pbn.lexer import Game, Tag
from rules_ext.events.pbn.tables import row_values

#: values that say "not known": empty, or '?'
UNKNOWN = ("", "?")
#: a Result relative to the contract: '=', '+1', '-2'
RELATIVE_RESULT = re.compile(r"^(=|[+-]\d{1,2})$")


class _Rows(dict[str, tuple[str, ...]]):
    """Table row cells by line text: a line not met before is split (and kept) when asked for, so
    that ``rows[line]`` needs no Python call for a line met before (most of a file's)."""

    def __missing__(self, line: str) -> tuple[str, ...]:
        cells = self[line] = row_values(line)
        return cells


@dataclass(slots=True)
class ReadContext:
    """One file being read: ``source`` (its name), ``problems``, and the values parsed so far."""

    source: str
    problems: list[PBNError] = field(default_factory=list)
    warnings: list[PBNError] = field(default_factory=list)  # damaged cells kept with the file's score
    deals: dict[str, Deal] = field(default_factory=dict)  # parsed Deal values, by text
    contracts: dict[str, Contract] = field(default_factory=dict)
    rows: _Rows = field(default_factory=_Rows)  # table row cells, by line text: ``rows[line]``, split once
    spellings: dict[str, str] = field(default_factory=dict)  # table Contract cells in export spelling
    #: a game's values in export spelling, by the names and values as written of its tags that have one
    tag_spellings: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[str, ...]] = field(default_factory=dict)
    #: table rows whose Contract cell export spelling changes, by (Contract column, columns), then row
    spelt_rows: dict[tuple[int, int], dict[str, str]] = field(default_factory=dict)
    #: table rows that export spelling leaves as they are, by (Contract column, columns)
    kept_rows: dict[tuple[int, int], set[str]] = field(default_factory=dict)
    score_cells: dict[tuple[str, int], int] = field(default_factory=dict)  # score cells read, by text
    scores: dict[tuple[Contract, Seat, int, Vulnerability], int] = field(default_factory=dict)
    #: a table row's played result (contract, declarer, tricks, NS score, computed) read without a
    #: problem, by its contract, declarer, result and score cells and the board's vulnerability
    played: dict[tuple[object, ...], tuple[Any, ...]] = field(default_factory=dict)

    def deal(self, text: str) -> Deal:
        deal = self.deals.get(text)
        if deal is None:
            deal = self.deals[text] = Deal.from_pbn(text)
        return deal

    def contract(self, text: str) -> Contract:
        contract = self.contracts.get(text)
        if contract is None:
            contract = self.contracts[text] = Contract.parse(text)
        return contract

    def contract_spelling(self, cell: str) -> str:
        """A table's Contract cell in export spelling (``3n`` -> ``3NT``), once per distinct cell; a
        contract with its declarer (``4SN``), an empty cell, an artificial score, a bye and a cell
        that cannot be read are left as written (reported when the table is interpreted)."""
        spelling = self.spellings.get(cell)
        if spelling is None:
            spelling = cell
            if cell not in ("-", "?", "") and not Artificial.looks_like(cell) and cell.upper() != "BYE":
                try:
                    contract = self.contract(cell)
                    if contract.declarer is None:
                        spelling = str(contract)
                except ValueError:  # a ContractError or DealError: reported at interpretation
                    pass
            self.spellings[cell] = spelling
        return spelling

    def side_score(self, cell: str, column: str, sign: int = 1) -> int:
        """A score cell read by :func:`~rules_ext.events.model.side_score` (times ``sign``: -1 turns
        East-West's score into North-South's), once per distinct text."""
        key = (cell, sign)
        points = self.score_cells.get(key)
        if points is None:
            points = self.score_cells[key] = side_score(cell, column) * sign
        return points

    def ns_score(self, contract: Contract, declarer: Seat, tricks: int, vulnerability: Vulnerability) -> int:
        """The core's :func:`~rules_ext.core.ns_score`, once per distinct result."""
        key = (contract, declarer, tricks, vulnerability)
        points = self.scores.get(key)
        if points is None:
            points = self.scores[key] = ns_score(contract, declarer, tricks, vulnerability)
        return points

    def problem(self, line: int, message: str) -> None:
        self.problems.append(PBNError(message, source=self.source, line=line))

    def warning(self, line: int, message: str) -> None:
        """Something read otherwise than written and kept (not a problem: the file is still scored)."""
        self.warnings.append(PBNError(message, source=self.source, line=line))


def known(value: str) -> str:
    """The value, or '' when it says "not known"."""
    return "" if value in UNKNOWN else value


def tag_line(game: Game, name: str) -> int:
    """The line of the game's tag ``name`` (the game's first line when the tag has none)."""
    tag = game.tag(name)
    return (tag.line if tag is not None and tag.line else 0) or game.line


def section_line(tag: Tag, offset: int) -> int:
    """The line of the tag's section line number ``offset`` (the tag's own line when out of range)."""
    if 0 <= offset < len(tag.section_lines):
        return tag.section_lines[offset]
    return tag.line
