"""The reader's fast constructor of frozen dataclasses: what it builds is an ordinary frozen instance."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pytest

from rules_ext.core import Contract, Seat
from rules_ext.events.fastbuild import builder
from rules_ext.events.model import TableResult
from rules_ext.events.pbn.lexer import Tag


def test_a_built_result_equals_one_made_by_its_init_and_stays_frozen():
    contract = Contract.parse("4S")
    made = TableResult(3, "1", "2", contract, Seat.N, 10, 420, table="5", players=("a", "b", "c", "d"), line=7)
    built = builder(TableResult)(3, "1", "2", contract, Seat.N, 10, 420, table="5", players=("a", "b", "c", "d"),
                                 line=8)
    assert type(built) is TableResult
    assert built == made and hash(built) == hash(made)  # line is not part of ==
    assert (built.line, built.room, built.auction) == (8, "", ())  # defaults filled in
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.ns = "9"  # type: ignore[misc]
    assert dataclasses.replace(built, ns="9").ns == "9"


def test_built_tags_repr_and_compare_as_tags():
    tag = builder(Tag)("Board", "1", ("row",), 4, (5,))
    assert tag == Tag("Board", "1", ("row",)) and repr(tag).startswith("Tag(name='Board'")


def test_only_slotted_dataclasses_with_plain_defaults():
    @dataclass(frozen=True)
    class NoSlots:
        x: int

    @dataclass(frozen=True, slots=True)
    class Factory:
        x: list[int] = field(default_factory=list)

    for cls in (NoSlots, Factory):
        with pytest.raises(TypeError):
            builder(cls)
