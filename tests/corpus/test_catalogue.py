"""The editions table: what it says, what it refuses, and that the parsed corpus agrees with it."""
from __future__ import annotations

import doctest

import pytest

from rules_ext.corpus import catalogue
from rules_ext.corpus.catalogue import EDITIONS, EditionInfo, EditionTable
from rules_ext.errors import NotFoundError


def test_the_corpus_follows_the_table(corpus):
    assert tuple(e.id for e in corpus.editions) == EDITIONS.ids
    for edition in corpus.editions:
        info = EDITIONS[edition.id]
        assert (edition.title, edition.script, edition.variant_of) == (
            info.title, info.script, info.variant_of)
    assert EDITIONS.script_variant("traditional").id == "1999-trad"
    assert [v.id for v in EDITIONS.variants()] == ["1999-trad"]
    assert EDITIONS.default == "1991"


def test_fallbacks_and_names():
    assert EDITIONS.fallbacks("1999", ("x",)) == ("1991",)
    assert EDITIONS.fallbacks("1987", ("1991", "1999")) == ("1991", "1999")
    assert EDITIONS.name("1987") == EDITIONS.title("1987") == "1987"
    assert [EDITIONS.name(i) for i in EDITIONS.ids] == ["1991年版", "1999年版", "2008年版",
                                                         "1999年版 繁體原文"]
    with pytest.raises(NotFoundError, match="no edition '1987' in the table: expected one of 1991, "):
        EDITIONS["1987"]


@pytest.mark.parametrize("make, message", [
    (lambda: EditionInfo("91", "t", "n"), "bad edition id '91'"),
    (lambda: EditionInfo("1991", "t", "n", script="latin"), "unknown script 'latin'"),
    (lambda: EditionInfo("1991", "t", "n", fallbacks=("1991",)), "falls back on itself"),
    (lambda: EditionTable((EditionInfo("1991", "t", "n"),) * 2, ("1991", "1991")), "each once"),
    (lambda: EditionTable((EditionInfo("1991", "t", "n", fallbacks=("1987",)),), ("1991", "1991")),
     "unknown editions named: 1991 -> 1987"),
    (lambda: EditionTable((EditionInfo("1991", "t", "n"),), ("1991", "2008")),
     "comparison -> 2008"),
])
def test_a_bad_table_is_refused(make, message):
    with pytest.raises(ValueError, match=message):
        make()


def test_two_copies_in_one_script_are_ambiguous():
    table = EditionTable((EditionInfo("1991", "t", "n"),
                          EditionInfo("1991-a", "t", "n", script="traditional", variant_of="1991"),
                          EditionInfo("1991-b", "t", "n", script="traditional", variant_of="1991")),
                         ("1991", "1991"))
    with pytest.raises(LookupError, match="2 editions are traditional copies"):
        table.script_variant("traditional")


def test_docstring_examples():
    result = doctest.testmod(catalogue)
    assert result.attempted and result.failed == 0
