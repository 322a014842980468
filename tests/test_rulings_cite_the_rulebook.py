"""The rulings assistant (core) cites provisions the rulebook (corpus) really has.

The core does not import the corpus; this test joins them: every label a ruling cites must be a
provision of that edition (or, for 1999 rulings on laws the delivered 1999 text lacks, of 1991,
which the ruling says it follows), and every erratum a ruling names must be in errata.toml.
"""
from __future__ import annotations

import re
import tomllib

import pytest

from rules_ext.core import Auction, rectification
from rules_ext.core.rectification import (
    LeadFacts,
    RevokeFacts,
    call_out_of_rotation,
    insufficient_bid,
    lead_out_of_turn,
    revoke,
)
from rules_ext.corpus import DEFAULT_TEXTS, load_corpus
from rules_ext.corpus.catalogue import EDITIONS
from rules_ext.corpus.labels import law_number

ERRATA = DEFAULT_TEXTS / "errata.toml"


def rulings(edition):
    for facts in (RevokeFacts(5, "offender", 2), RevokeFacts(5, "partner", 0),
                  RevokeFacts(5, "opponents", 3, won_later_with_revoke_card=True),
                  RevokeFacts(5, "opponents", 0), RevokeFacts(12, "offender", 1),
                  RevokeFacts(5, "offender", 2, second_revoke_same_suit=True),
                  RevokeFacts(5, "offender", 2, established=False)):
        yield revoke(facts, edition=edition)
    for bid, after, conventional in (("1H", "1S", False), ("2C", "2NT", True)):
        yield insufficient_bid(bid, after=after, conventional=conventional, edition=edition)
    yield insufficient_bid("1H", after="1S", out_of_rotation=True, edition=edition)
    for calls, offender, call in (("", "E", "Pass"), ("1C", "W", "Pass"), ("1C Pass", "E", "Pass"),
                                  ("1C", "S", "1H"), ("1C", "W", "1H"), ("1C Pass", "W", "X"),
                                  ("1C Pass", "E", "X"), ("1C", "W", "X")):
        yield call_out_of_rotation(Auction.parse("N", calls), offender, call, edition=edition)
    for facts in (LeadFacts("defender", opening=True), LeadFacts("defender"),
                  LeadFacts("declarer"), LeadFacts("declarer", declarer_to_lead=True)):
        yield lead_out_of_turn(facts, edition=edition)


def test_the_rulings_editions_are_in_the_editions_table():
    assert set(rectification.EDITIONS) <= set(EDITIONS.ids)


@pytest.mark.parametrize("edition", rectification.EDITIONS)
def test_every_cited_label_is_a_provision(edition):
    corpus = load_corpus()
    own = corpus.edition(edition)
    missing = []
    cited = 0
    for ruling in rulings(edition):
        for label in ruling.laws:
            cited += 1
            home = own if own.law(law_number(label)) is not None else corpus.edition("1991")
            if not label.isdigit() and corpus.find(home.id, label) is None:
                missing.append(f"{ruling.irregularity}: {home.id}:{label}")
    assert cited > 50
    assert not missing, missing


def test_errata_named_by_rulings_exist():
    ids = {entry["id"] for entry in tomllib.loads(ERRATA.read_text(encoding="utf-8"))["erratum"]}
    named = {m for ruling in rulings("1999") for note in ruling.notes
             for m in re.findall(r"\b\d{4}-[\w-]+", note)}
    assert named and named <= ids, named - ids
