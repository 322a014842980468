"""The tables of obligations to pass and of Law 26's lead penalties (rules_ext.core.rulings.obligations):
one test per row, quoting the row's provision from that edition's text and reading what it says
again here, in the text's own words: "永远不叫" is for the rest of the auction, "不叫一轮" / "该轮" /
a single "必须不叫" is for the next turn; whose: "同伴" the offender's partner, "每一赛员" the whole
side, else the offender; Law 26 where the sentence (or the provision it names) applies it."""
from __future__ import annotations

import pytest

from rules_ext.core.rulings import all_trees
from rules_ext.core.rulings.obligations import DAMAGE, LEAD_26, TABLES, damage, lead_penalty
from rules_ext.corpus import load_corpus
from rules_ext.corpus.quoting import quote

ROWS = [(edition, row) for edition, table in TABLES.items() for row in table.values()]


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def duration(sentence: str) -> str:
    if "永远不叫" in sentence:
        return "throughout"
    if "不叫" in sentence and ("必须不叫" in sentence or "必须改为不叫" in sentence):
        return "next_turn"
    return "no"


@pytest.mark.parametrize(("edition", "row"), ROWS, ids=[f"{e}:{r.label}" for e, r in ROWS])
def test_each_row_says_what_its_sentence_says(edition, row, corpus):
    found = quote(corpus, edition, row.label, row.phrase)
    assert found is not None, f"{edition} {row.label} does not hold {row.phrase!r}"
    said = duration(row.phrase)
    who = "both" if "每一赛员" in row.phrase else "partner" if "同伴" in row.phrase else "offender"
    if said == "no":
        assert row.offender == row.partner == "no"
    elif who == "both":
        assert row.offender == row.partner == said
    elif who == "partner":
        assert (row.offender, row.partner) == ("no", said)
    else:
        assert (row.offender, row.partner) == (said, "no")
    if row.lead:
        source = quote(corpus, edition, row.lead_from or row.label, row.lead_phrase)
        assert source is not None and "26" in source.text and "引牌判罚" in source.text, (row.lead_from, row.lead_phrase)
        assert ("B款" in row.lead_phrase) == (row.lead == "26B")
    else:
        assert "26条" not in found.text or row.label == "30A", found.text
    if row.partner != "no":   # every forced pass of partner: 1991 23A, 1999 23
        assert damage(edition, row) == ("23A" if edition == "1991" else "23")
        assert quote(corpus, edition, damage(edition, row), DAMAGE[edition][damage(edition, row)]) is not None


@pytest.mark.parametrize("edition", sorted(LEAD_26))
def test_law_26s_parts_and_the_facts_that_choose_one(edition, corpus):
    for label, phrase in LEAD_26[edition].items():
        assert quote(corpus, edition, label, phrase) is not None, (label, phrase)
    assert lead_penalty(edition, suit_related=True, named_later=True, defends=True, suits="♥").laws == ("26A1",)
    assert lead_penalty(edition, suit_related=True, named_later=False, defends=True, suits="♥").laws == ("26A2",)
    assert lead_penalty(edition, suit_related=False, named_later=False, defends=True).laws == ("26B",)
    assert lead_penalty(edition, suit_related=True, named_later=False, defends=False).none
    assert lead_penalty(edition, suit_related=True, named_later=False, defends=True, only="26B").laws == ("26B",)
    # 26A2 keeps the power to forbid the suit (the sentence goes on after its "；")
    assert "禁止" in quote(corpus, edition, "26A2", LEAD_26[edition]["26A2"]).text.split("；")[-1]


def test_every_outcome_imposing_a_pass_names_its_row():
    """No tree sets an obligation to pass by hand where the table has the provision's row."""
    for t in all_trees():
        rows = TABLES[t.edition]
        for o in t.outcomes.values():
            named = [c.law for c in o.cites if c.law in rows]
            if o.offender_must_pass != "no" or o.partner_must_pass != "no":
                assert named or "35B" in o.laws, (t.kind, t.edition, o.id)
