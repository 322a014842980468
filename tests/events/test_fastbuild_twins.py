"""The fast constructors of rules_ext.events.fastbuild against their plain twins, over generated values.

``builder(cls)`` writes the fields without the frozen dataclass's per-field ``object.__setattr__``;
``compact`` keeps the rarely used fields in one shared object. Each must give what a plain frozen
dataclass with the same fields gives: the same field values, ``==``, hash, repr, ``replace`` and
pickling. The plain twin here is made by :func:`dataclasses.make_dataclass` from the class's fields,
so it shares no code with the fast paths.
"""
from __future__ import annotations

import dataclasses
import pickle
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_ext.core import Contract, Seat, Strain, Vulnerability
from rules_ext.events.fastbuild import builder
from rules_ext.events.model import Board, TableResult
from rules_ext.events.pbn.lexer import Game, Tag
from rules_ext.events.scoring.results_model import BoardResults, ScoredResult

text = st.text(alphabet="AB12 -东西南北", max_size=6)
texts = st.lists(text, max_size=4).map(tuple)
seats = st.none() | st.sampled_from(list(Seat))
contracts = st.none() | st.sampled_from(["1C", "3NT", "4SX", "7NTXX", "2H"]).map(Contract.parse)
figures = st.none() | st.floats(min_value=-50, max_value=50, allow_nan=False)


def table_results() -> st.SearchStrategy[dict[str, Any]]:
    """The fields of a TableResult, rare ones (room, lead, auction, play, ...) often non-default."""
    return st.fixed_dictionaries({
        "board": st.integers(1, 99), "ns": text, "ew": text, "contract": contracts, "declarer": seats,
        "tricks": st.none() | st.integers(0, 13), "score_ns": st.none() | st.integers(-7600, 7600),
    }, optional={
        "score_computed": st.booleans(), "not_played": st.booleans(), "table": text, "round": text,
        "room": st.sampled_from(["", "Open", "Closed"]), "section": text, "lead": text, "names_ns": text,
        "names_ew": text, "players": texts, "member_ids": texts, "home": text, "visit": text,
        "theirs": st.lists(st.tuples(text, text), max_size=3).map(tuple), "auction": texts,
        "auction_first": seats, "auction_notes": st.lists(st.tuples(st.integers(0, 9), st.integers(1, 3)),
                                                          max_size=2).map(tuple),
        "notes": st.lists(st.tuples(st.integers(1, 3), text), max_size=2).map(tuple),
        "play": st.lists(texts, max_size=2).map(tuple), "play_first": seats, "penalty": st.booleans(),
        "assigned": st.none() | st.tuples(st.floats(0, 20), st.floats(0, 20)), "line": st.integers(0, 9999),
    })


def plain_twin(cls: type) -> type:
    """A frozen dataclass with ``cls``'s fields (names, defaults, ``compare``) and nothing else."""
    spec = [(f.name, Any, dataclasses.field(default=f.default, compare=f.compare))
            if f.default is not dataclasses.MISSING else (f.name, Any, dataclasses.field(compare=f.compare))
            for f in dataclasses.fields(cls)]
    return dataclasses.make_dataclass(f"Plain{cls.__name__}", spec, frozen=True)


def field_values(obj: Any) -> dict[str, Any]:
    return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}


def same_as_plain(cls: type, made: Any, kwargs: dict[str, Any]) -> None:
    twin = plain_twin(cls)(**kwargs)
    assert type(made) is cls
    assert field_values(made) == field_values(twin)
    compared = [f.name for f in dataclasses.fields(cls) if f.compare]
    assert repr(made) == repr(twin).replace(f"Plain{cls.__name__}(", f"{cls.__name__}(", 1)
    again = cls(**kwargs)  # the class's own __init__ (for a compact class: its own generated one)
    assert made == again and hash(made) == hash(again)
    assert {n: getattr(again, n) for n in compared} == {n: getattr(twin, n) for n in compared}
    assert pickle.loads(pickle.dumps(made)) == made


@settings(max_examples=30)
@given(table_results())
def test_a_table_result_built_fast_or_by_its_init_is_the_plain_dataclass(kwargs):
    fast = builder(TableResult)(**kwargs)
    same_as_plain(TableResult, fast, kwargs)
    assert field_values(TableResult(**kwargs)) == field_values(fast)
    # replace() goes through the class's own __init__, a rare field and a kept one alike
    assert dataclasses.replace(fast, room="Open", ns="9") == TableResult(**{**kwargs, "room": "Open", "ns": "9"})


@settings(max_examples=30)
@given(table_results(), st.fixed_dictionaries({"score_ns": st.none() | st.integers(-7600, 7600)},
                                              optional={"mp_ns": figures, "mp_ew": figures, "pct_ns": figures,
                                                        "pct_ew": figures, "imp_ns": figures, "imp_ew": figures}))
def test_a_scored_line_built_fast_or_by_its_init_is_the_plain_dataclass(result, figures_kwargs):
    kwargs = {"result": TableResult(**result), **figures_kwargs}
    same_as_plain(ScoredResult, builder(ScoredResult)(**kwargs), kwargs)


boards = st.fixed_dictionaries({
    "number": st.integers(1, 99), "dealer": seats, "vulnerability": st.none() | st.sampled_from(list(Vulnerability)),
}, optional={"optimum_score": text, "par_contract": text, "line": st.integers(0, 999),
             "double_dummy": st.lists(st.tuples(st.sampled_from(list(Seat)), st.sampled_from(list(Strain)),
                                                st.integers(0, 13)), max_size=3).map(tuple),
             "theirs": st.lists(st.tuples(text, text), max_size=2).map(tuple)})


@settings(max_examples=30)
@given(boards)
def test_a_board_built_fast_is_the_plain_dataclass(kwargs):
    same_as_plain(Board, builder(Board)(**kwargs), kwargs)


@settings(max_examples=30)
@given(boards, st.lists(table_results(), max_size=3), st.none() | st.floats(0, 40), st.booleans())
def test_a_boards_results_built_fast_are_the_plain_dataclass(board, lines, top, neuberg):
    scored = tuple(ScoredResult(TableResult(**r), r["score_ns"]) for r in lines)
    kwargs = {"board": Board(**board), "lines": scored, "top": top, "neuberg": neuberg}
    same_as_plain(BoardResults, builder(BoardResults)(**kwargs), kwargs)


tags = st.fixed_dictionaries({"name": st.sampled_from(["Board", "Deal", "Note"]), "value": text},
                             optional={"section": texts, "line": st.integers(0, 99)})


@settings(max_examples=30)
@given(tags)
def test_a_tag_built_fast_is_the_plain_dataclass(kwargs):
    same_as_plain(Tag, builder(Tag)(**kwargs), kwargs)


@settings(max_examples=30)
@given(st.lists(tags, max_size=3), texts)
def test_a_game_built_fast_is_the_plain_dataclass(tag_list, preamble):
    kwargs = {"tags": tuple(Tag(**t) for t in tag_list), "preamble": preamble}
    same_as_plain(Game, builder(Game)(**kwargs), kwargs)
