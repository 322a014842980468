"""Normalising the games read, so that what the writer writes reads back equal.

The import format's rules first: the first of a repeated tag counts (Note excepted), a ``##``
value is carried to the later games that lack the tag, and every game gets the mandatory tags
(``?`` when missing). Then values the reader can read are put in export spelling (``3N`` ->
``3NT``, ``x`` -> ``X``, ``Both`` -> ``All``, a relative Result in tricks, a Date with dots, the
Deal from the dealer, the Contract cells of tables) and the tags in export order. A value that
cannot be read is left as written: the interpretation reports it.
"""
from __future__ import annotations

import functools
import operator
import re

from rules_ext.core import ContractError, DealError, Seat, Vulnerability
from rules_ext.pbn.context import RELATIVE_RESULT, UNKNOWN, ReadContext
from rules_ext.pbn.lexer import Game, Tag
from rules_ext.pbn.model import Artificial
from rules_ext.pbn.tables import TableError, parse_columns, replace_cell

#: the mandatory tag set, in export order (PBN 2.1 section 3.1)
MANDATORY_TAGS = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
                  "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result")

_ORDER = {name: i for i, name in enumerate(MANDATORY_TAGS)}
_DATE_RE = re.compile(r"^([0-9?]{4})[-/]([0-9?]{2})[-/]([0-9?]{2})$")  # 2025-12-20 -> 2025.12.20
_RANK_ORDER = {ch: i for i, ch in enumerate("AKQJT98765432")}


def export_order(tags: tuple[Tag, ...] | list[Tag]) -> tuple[Tag, ...]:
    """Tags in export order: the mandatory ones in the standard's order, then the others by name,
    each Note kept right after the Auction or Play before it (a stable, idempotent order)."""
    return tuple(map(tags.__getitem__, _export_positions(tuple(tag.name for tag in tags))))


@functools.lru_cache(maxsize=256)
def _export_positions(names: tuple[str, ...]) -> tuple[int, ...]:
    """Where each tag of export order is among tags of these names (the order depends on the names
    only: worked out once for the tag list that every game of a file repeats)."""
    return tuple(tag.line for tag in _export_order([Tag(name, "", (), i) for i, name in enumerate(names)]))


def _export_order(tags: list[Tag]) -> tuple[Tag, ...]:
    groups: list[list[Tag]] = []
    owner: list[Tag] | None = None
    for tag in tags:
        if tag.name == "Note" and owner is not None:
            owner.append(tag)
            continue
        group = [tag]
        groups.append(group)
        owner = group if tag.name in ("Auction", "Play") else None
    groups.sort(key=lambda g: (0, _ORDER[g[0].name], "") if g[0].name in _ORDER else (1, 0, g[0].name))
    return tuple(tag for group in groups for tag in group)


def is_table_tag(name: str) -> bool:
    """A tag whose section lines are the rows of a table (ScoreTable, TotalScoreTable, ...)."""
    return name.endswith("Table")


def normalise_games(games: list[Game], ctx: ReadContext) -> list[Game]:
    """The games with the import format's rules applied and known values in export spelling."""
    out: list[Game] = []
    sticky: dict[str, str] = {}
    for game in games:
        seen: set[str] = set()
        tags: list[Tag] = []
        for tag in game.tags:
            if tag.name in seen and tag.name != "Note":
                continue  # import format: the first of a repeated tag wins
            seen.add(tag.name)
            if tag.value.startswith("##"):
                sticky[tag.name] = tag.value
            tags.append(tag)
        for name, value in sticky.items():
            if name not in seen:
                tags.append(Tag(name, value[2:], (), 0))
                seen.add(name)
        for name in MANDATORY_TAGS:
            if name not in seen:
                tags.append(Tag(name, "?", (), 0))
        dealer = next((t.value for t in tags if t.name == "Dealer"), "?")
        contract = next((t.value for t in tags if t.name == "Contract"), "?")
        out.append(Game(export_order([_normalise_tag(t, dealer, contract, ctx)
                                      if t.name in _SPELT or is_table_tag(t.name) else t for t in tags]),
                        game.preamble, game.line))
    return out


#: the tags whose values :func:`_normalise_tag` may put in export spelling (and the tables, for their rows)
_SPELT = frozenset({"Date", "Result", "Vulnerable", "Contract", "Declarer", "Deal"})


def _normalise_tag(tag: Tag, dealer: str, contract_text: str, ctx: ReadContext) -> Tag:
    """The tag with its value in export spelling, where the value can be read (else as it was)."""
    value, section = tag.value, tag.section
    if value.startswith("#"):
        return tag
    try:
        if tag.name == "Date" and (date := _DATE_RE.match(value)):
            value = ".".join(date.groups())
        elif tag.name == "Result" and RELATIVE_RESULT.match(value) and contract_text not in UNKNOWN:
            contract = ctx.contract(contract_text)
            if not contract.is_passed_out:
                value = str(contract.tricks_needed + (0 if value == "=" else int(value)))
        elif tag.name == "Vulnerable" and value not in UNKNOWN:
            value = Vulnerability.parse(value).value
        elif tag.name == "Contract" and value not in UNKNOWN and value != "-":
            contract = ctx.contract(value)
            if contract.declarer is None:
                value = str(contract)
        elif tag.name == "Declarer" and value.upper() in ("N", "E", "S", "W"):
            value = value.upper()
        elif (tag.name == "Deal" and value not in UNKNOWN and dealer.strip().upper() in ("N", "E", "S", "W")
              and not _export_deal(value, dealer.strip().upper())):
            deal = ctx.deal(value)
            value = deal.to_pbn(Seat.parse(dealer))
            ctx.deals[value] = deal
    except (ContractError, DealError, ValueError):
        pass  # reported when the game is interpreted
    if is_table_tag(tag.name) and section:
        section = _normalise_rows(tag, ctx)
    if value == tag.value and section == tag.section:
        return tag
    return Tag(tag.name, value, section, tag.line, tag.section_lines)


def _normalise_rows(tag: Tag, ctx: ReadContext) -> tuple[str, ...]:
    """The table's rows with each Contract cell in export spelling (the rest of a row as it was)."""
    try:
        columns = [c.name for c in parse_columns(tag.value)]
    except TableError:
        return tag.section  # reported when the table is interpreted
    if "Contract" not in columns:
        return tag.section
    index, width = columns.index("Contract"), len(columns)
    spelt = ctx.spelt_rows.get((index, width))
    if spelt is None:
        spelt = ctx.spelt_rows[index, width] = {}
    rows = []
    for line in tag.section:
        done = spelt.get(line)
        if done is None:  # a row not met before in a table of this shape
            done = line
            try:
                cells = ctx.row(line)
                if len(cells) == width:
                    cell = cells[index]
                    if cell not in ("-", "?", "") and not Artificial.looks_like(cell) and cell.upper() != "BYE":
                        spelling = ctx.contract_spelling(cell)
                        if spelling != cell:
                            done = replace_cell(line, index, spelling)
            except (TableError, ContractError, DealError, ValueError):
                pass  # reported when the table is interpreted
            else:
                spelt[line] = done
        rows.append(done)
    if all(map(operator.is_, rows, tag.section)):
        return tag.section
    return tuple(rows)


def _export_deal(value: str, dealer: str) -> bool:
    """Whether a Deal value is already in export form: from the dealer, each suit's ranks descending."""
    if not value.startswith(f"{dealer}:"):
        return False
    for hand in value[2:].split(" "):
        if hand == "-":
            continue
        suits = hand.split(".")
        if len(suits) != 4:
            return False
        if not all(map(_descending, suits)):
            return False
    return True


@functools.lru_cache(maxsize=4096)
def _descending(suit: str) -> bool:
    """Whether a suit's ranks are PBN rank letters from the highest down, each once (a file's
    holdings repeat: each distinct one looked at once)."""
    order = [_RANK_ORDER.get(ch, -1) for ch in suit]
    return -1 not in order and order == sorted(order) and len(set(order)) == len(order)
