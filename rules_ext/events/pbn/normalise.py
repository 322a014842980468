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
from collections.abc import Sequence
from itertools import filterfalse
from typing import NamedTuple

from rules_ext.core import ContractError, DealError, Seat, Vulnerability
from rules_ext.events.pbn.context import RELATIVE_RESULT, UNKNOWN, ReadContext
from rules_ext.events.pbn.lexer import Game, Tag
from rules_ext.events.pbn.tables import TableError, parse_columns, replace_cell

#: the mandatory tag set, in export order (PBN 2.1 section 3.1)
MANDATORY_TAGS = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
                  "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result")

_ORDER = {name: i for i, name in enumerate(MANDATORY_TAGS)}
_DATE_RE = re.compile(r"^([0-9?]{4})[-/]([0-9?]{2})[-/]([0-9?]{2})$")  # 2025-12-20 -> 2025.12.20


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


#: the tags whose values :func:`_export_value` may put in export spelling
_SPELT = frozenset({"Date", "Result", "Vulnerable", "Contract", "Declarer", "Deal"})
_NAME = operator.attrgetter("name")
_VALUE = operator.attrgetter("value")


class _Plan(NamedTuple):
    """What normalising a game needs that depends on its tag names only (worked out once for the
    tag list that every game of a file repeats)."""

    names: frozenset[str]
    #: no tag repeated (but Note) and every mandatory tag there: the import format's rules keep the
    #: tags as they are unless a ``##`` value is to be carried to the game
    complete: bool
    dealer: int | None  # where the first Dealer and Contract tags are
    contract: int | None
    spelt: tuple[int, ...]  # where the tags of _SPELT but the Deal are,
    spelt_names: tuple[str, ...]  # and their names
    deal: int | None  # where the first Deal is
    tables: tuple[int, ...]  # where the tables are
    order: tuple[int, ...] | None  # the positions in export order (None: already in export order)


@functools.lru_cache(maxsize=256)
def _plan(names: tuple[str, ...]) -> _Plan:
    """The :class:`_Plan` of a game whose tags have these names, in this order."""
    others = [name for name in names if name != "Note"]
    spelt = tuple(i for i, name in enumerate(names) if name in _SPELT and name != "Deal")
    order = _export_positions(names)
    return _Plan(
        names=frozenset(names),
        complete=len(set(others)) == len(others) and set(MANDATORY_TAGS) <= set(names),
        dealer=names.index("Dealer") if "Dealer" in names else None,
        contract=names.index("Contract") if "Contract" in names else None,
        spelt=spelt, spelt_names=tuple(names[i] for i in spelt),
        deal=names.index("Deal") if "Deal" in names else None,
        tables=tuple(i for i, name in enumerate(names) if is_table_tag(name)),
        order=None if order == tuple(range(len(names))) else order)


def normalise_games(games: list[Game], ctx: ReadContext) -> list[Game]:
    """The games with the import format's rules applied and known values in export spelling."""
    out: list[Game] = []
    sticky: dict[str, str] = {}
    for game in games:
        plan = _plan(tuple(map(_NAME, game.tags)))
        if plan.complete and sticky.keys() <= plan.names:
            # the usual game: the import format's rules would keep its tags as they are (no repeated
            # tag to drop, no carried or mandatory tag to add: the carried values that this game
            # gives are of tags it has), so only the values it carries are noted
            _carry(game.tags, sticky)
            out.append(_normalise_game(game, game.tags, plan, ctx))
        else:
            tags = _import_tags(game.tags, sticky)
            out.append(_normalise_game(game, tags, _plan(tuple(map(_NAME, tags))), ctx))
    return out


def _import_tags(tags: tuple[Tag, ...], sticky: dict[str, str]) -> tuple[Tag, ...]:
    """A game's tags by the import format's rules: the first of a repeated tag (Note excepted), the
    ``##`` values carried from earlier games (noted in ``sticky``), the mandatory tags (``?``)."""
    seen: set[str] = set()
    kept: list[Tag] = []
    for tag in tags:
        if tag.name in seen and tag.name != "Note":
            continue  # import format: the first of a repeated tag wins
        seen.add(tag.name)
        kept.append(tag)
    _carry(kept, sticky)
    for name, value in sticky.items():
        if name not in seen:
            kept.append(Tag(name, value[2:], (), 0))
            seen.add(name)
    for name in MANDATORY_TAGS:
        if name not in seen:
            kept.append(Tag(name, "?", (), 0))
    return tuple(kept)


def _carry(tags: Sequence[Tag], sticky: dict[str, str]) -> None:
    """Note the ``##`` values of a game's tags: carried to the later games that lack the tag; a
    value given again in the middle of the file (without ``##``) is carried from there on."""
    if not sticky and "##" not in "".join(map(_VALUE, tags)):
        return  # no value holds '##' (the usual game): none starts with it
    for tag in tags:
        if tag.value.startswith("##"):
            sticky[tag.name] = tag.value
        elif tag.name in sticky and tag.line and not tag.value.startswith("#"):
            sticky[tag.name] = "##" + tag.value


def _normalise_game(game: Game, tags: tuple[Tag, ...], plan: _Plan, ctx: ReadContext) -> Game:
    """The game with these tags (no tag repeated but Note: ``plan`` worked out for their names), each
    value in export spelling and in export order; ``game`` itself when that changes nothing (the same
    tags, preamble and line)."""
    dealer = "?" if plan.dealer is None else tags[plan.dealer].value
    contract = "?" if plan.contract is None else tags[plan.contract].value
    changed: dict[int, Tag] = {}
    # the values but the Deal's, spelt once per distinct set of them (they depend on one another
    # through the Contract only, which is one of them)
    values = tuple(map(_VALUE, map(tags.__getitem__, plan.spelt)))
    key = (plan.spelt_names, values)
    spelt = ctx.tag_spellings.get(key)
    if spelt is None:
        spelt = ctx.tag_spellings[key] = tuple(
            _export_value(name, value, dealer, contract, ctx) for name, value in zip(plan.spelt_names, values))
    if spelt != values:
        for i, value, spelling in zip(plan.spelt, values, spelt):
            if spelling != value:
                tag = tags[i]
                changed[i] = Tag(tag.name, spelling, tag.section, tag.line, tag.section_lines)
    # the Deal, seldom repeated: looked at each time (one already in export form stays as it is)
    if plan.deal is not None and not _export_deal((tag := tags[plan.deal]).value, dealer.strip().upper()):
        spelling = _export_value(tag.name, tag.value, dealer, contract, ctx)
        if spelling != tag.value:
            changed[plan.deal] = Tag(tag.name, spelling, tag.section, tag.line, tag.section_lines)
    for i in plan.tables:
        tag = tags[i]
        if tag.section and not tag.value.startswith("#"):
            section = _normalise_rows(tag, ctx)
            if section != tag.section:
                changed[i] = Tag(tag.name, tag.value, section, tag.line, tag.section_lines)
    if not changed and plan.order is None and tags is game.tags:
        return game
    if changed:
        tags = tuple(changed.get(i, tag) for i, tag in enumerate(tags))
    return Game(tags if plan.order is None else tuple(map(tags.__getitem__, plan.order)), game.preamble, game.line)


def _export_value(name: str, value: str, dealer: str, contract_text: str, ctx: ReadContext) -> str:
    """The value of a tag of :data:`_SPELT` in export spelling, where it can be read (else as it was):
    it depends on the tag's name and value only, a Result's also on the contract, a Deal's on the dealer.
    An inherited value (``#``, ``##...``) is left as it is."""
    if value.startswith("#"):
        return value
    try:
        if name == "Date" and (date := _DATE_RE.match(value)):
            value = ".".join(date.groups())
        elif name == "Result" and RELATIVE_RESULT.match(value) and contract_text not in UNKNOWN:
            contract = ctx.contract(contract_text)
            if not contract.is_passed_out:
                value = str(contract.tricks_needed + (0 if value == "=" else int(value)))
        elif name == "Vulnerable" and value not in UNKNOWN:
            value = Vulnerability.parse(value).value
        elif name == "Contract" and value not in UNKNOWN and value != "-":
            contract = ctx.contract(value)
            if contract.declarer is None:
                value = str(contract)
        elif name == "Declarer" and value.upper() in ("N", "E", "S", "W"):
            value = value.upper()
        elif (name == "Deal" and value not in UNKNOWN and dealer.strip().upper() in ("N", "E", "S", "W")
              and not _export_deal(value, dealer.strip().upper())):
            deal = ctx.deal(value)
            value = deal.to_pbn(Seat.parse(dealer))
            ctx.deals[value] = deal
    except (ContractError, DealError, ValueError):
        pass  # reported when the game is interpreted
    return value


@functools.lru_cache(maxsize=256)
def _contract_column(columns_value: str) -> tuple[int, int] | None:
    """Where a table's Contract column is and how many columns the table has (None: no Contract
    column, or columns that cannot be read, which is reported when the table is interpreted)."""
    try:
        columns = [c.name for c in parse_columns(columns_value)]
    except TableError:
        return None
    if "Contract" not in columns:
        return None
    return columns.index("Contract"), len(columns)


def _normalise_rows(tag: Tag, ctx: ReadContext) -> tuple[str, ...]:
    """The table's rows with each Contract cell in export spelling (the rest of a row as it was);
    each distinct row of a table of that shape is looked at once."""
    layout = _contract_column(tag.value)
    if layout is None:
        return tag.section
    kept = ctx.kept_rows.get(layout)
    spelt = ctx.spelt_rows.get(layout)
    if kept is None or spelt is None:
        kept = ctx.kept_rows[layout] = set()
        spelt = ctx.spelt_rows[layout] = {}
    if kept.issuperset(tag.section):  # every row met before and as it was (a file repeats its rows)
        return tag.section
    index, width = layout
    for line in filterfalse(kept.__contains__, tag.section):  # rows not met before, or spelt anew
        if line in spelt:
            continue
        try:
            cells = ctx.rows[line]
            if len(cells) == width:
                cell = cells[index]
                spelling = ctx.contract_spelling(cell)
                if spelling != cell:
                    spelt[line] = replace_cell(line, index, spelling)
                    continue
        except ValueError:  # a row that cannot be split (a TableError): reported when the table is interpreted
            pass
        kept.add(line)  # as it was: in export spelling, or not to be read
    # each row is now kept or spelt anew: when none ever was spelt anew, all are kept
    if not spelt or kept.issuperset(tag.section):
        return tag.section
    return tuple(spelt.get(line, line) for line in tag.section)


#: a Deal's hands in export form: each ``-`` or four suits of rank letters from the highest down,
#: each once (possessive: a rank letter matched is never given back, as no later part could match it)
_SUIT = "A?+K?+Q?+J?+T?+9?+8?+7?+6?+5?+4?+3?+2?+"
_HAND = rf"(?:-|{_SUIT}\.{_SUIT}\.{_SUIT}\.{_SUIT})"
_EXPORT_HANDS = re.compile(rf"{_HAND}(?: {_HAND})*+")


def _export_deal(value: str, dealer: str) -> bool:
    """Whether a Deal value is already in export form: from the dealer, each suit's ranks descending."""
    return value.startswith(f"{dealer}:") and _EXPORT_HANDS.fullmatch(value, 2) is not None
