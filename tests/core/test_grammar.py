"""One grammar, two languages: the core's parsers read every spelling of the shared table
(tests/grammar/spellings.toml) as the table says, or refuse it; the browser test holds the 裁决助手's
script to the same table (tests/rulebook_site/test_assistant_browser.py)."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from rules_ext.core.auction import Call
from rules_ext.core.cards import Deal
from rules_ext.core.contract import Contract
from rules_ext.errors import RulesError

TABLE = tomllib.loads((Path(__file__).parents[1] / "grammar" / "spellings.toml").read_text(encoding="utf-8"))


def core_call(text: str) -> str:
    """A call as the ruling record reads an auction's: an alert (* or !) kept as *, the call by Call.parse."""
    alert = text.endswith(("*", "!"))
    return str(Call.parse(text.rstrip("*!"))) + ("*" if alert else "")


def core_contract(text: str) -> str:
    """A result's contract as a record or a case takes it: alone (its declarer is a field of its own)."""
    contract = Contract.parse(text)
    if contract.declarer is not None:
        raise RulesError(f"{text!r} names its declarer")
    return str(contract)


def core_deal(text: str) -> str:
    deal = Deal.from_pbn(text)
    return deal.to_pbn()


READERS = {"call": core_call, "contract": core_contract, "deal": core_deal}
ROWS = [(what, row["text"], row["means"]) for what in READERS for row in TABLE[what]]


def read(what: str, text: str) -> str:
    try:
        return READERS[what](text)
    except (RulesError, ValueError):
        return ""


@pytest.mark.parametrize(("what", "text", "means"), ROWS, ids=[f"{w}:{t}" for w, t, _ in ROWS])
def test_the_core_reads_each_spelling_as_the_table_says(what, text, means):
    assert read(what, text) == means


def test_the_table_holds_odd_spellings_and_refusals():
    assert len(ROWS) >= 60
    for what in READERS:
        assert any(not row["means"] for row in TABLE[what]) and any(row["means"] for row in TABLE[what])
