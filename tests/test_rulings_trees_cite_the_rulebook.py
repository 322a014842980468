"""The rulings assistant's trees (core) cite provisions the rulebook (corpus) really has, for what they say.

The core does not import the corpus; this test joins them. For every kind and every edition that
has it: each label a question or an outcome cites is a provision of that edition, and the reviewed
phrase given with it occurs in that provision's text (so a rule filed under the wrong label, or the
other edition's wording, fails); every outcome's decisive sentences can be quoted.
"""
from __future__ import annotations

import pytest

from rules_ext.core import rulings
from rules_ext.corpus import load_corpus
from rules_ext.corpus.catalogue import EDITIONS
from rules_ext.corpus.quoting import quote


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def test_the_trees_editions_are_in_the_editions_table():
    assert set(rulings.EDITIONS) <= set(EDITIONS.ids)


@pytest.mark.parametrize("kind", rulings.kinds())
def test_every_cited_label_is_a_provision_that_holds_its_phrase(kind, corpus):
    problems, cited = [], 0
    for edition in rulings.EDITIONS:
        if not rulings.available(kind, edition):
            continue
        tree = rulings.tree(kind, edition)
        nodes = [*tree.questions.values(), *tree.outcomes.values()]
        for node in nodes:
            for cite in node.cites:
                cited += 1
                if quote(corpus, edition, cite.law, cite.keyword) is None:
                    found = corpus.find(edition, cite.law)
                    problems.append(f"{edition} {kind}.{node.id}: {cite.law} "
                                    + ("is not a provision of this edition" if found is None and not cite.law.isdigit()
                                       else f"does not contain {cite.keyword!r}"))
    assert cited
    assert not problems, "\n".join(problems)


def test_the_phrase_check_catches_the_other_editions_wording(corpus):
    # 1991 27B1b says 可以 (may), 1999 says 应 (shall): each phrase is found in its own edition only
    assert quote(corpus, "1991", "27B1b", "可以判给调整分") and not quote(corpus, "1999", "27B1b", "可以判给调整分")
    assert quote(corpus, "1999", "27B1b", "应判给调整分") and not quote(corpus, "1991", "27B1b", "应判给调整分")
    # Law 29's sections are lettered the other way round in 1991 and 1999
    assert quote(corpus, "1991", "29A", "应予取消") and not quote(corpus, "1999", "29A", "应予取消")


def test_the_trees_show_readers_no_erratum_ids():
    """Errata are named as a reader finds them (the edition's 勘误表), never by their ids."""
    import re
    texts = []
    for t in rulings.all_trees():
        texts += [*t.notes, *(n for o in t.outcomes.values() for n in (*o.notes, o.summary)),
                  *(q.help for q in t.questions.values()), *(q.text for q in t.questions.values())]
    assert any("勘误表" in text for text in texts)
    assert not [m for text in texts for m in re.findall(r"\b(?:1991|1999|2008)-[a-z][\w-]+", text)]


@pytest.mark.parametrize("kind", rulings.kinds())
def test_every_tree_names_the_provisions_its_answers_make_decisive_and_the_text_holds_them(kind, corpus):
    """Each tree's answers name the provisions they make decisive (a ruling's ``laws``); each is a
    provision its question cites, with a phrase that provision's text holds."""
    for edition in rulings.EDITIONS:
        if not rulings.available(kind, edition):
            continue
        tree = rulings.tree(kind, edition)
        decisive = [(q, law) for q in tree.questions.values() for a in q.answers for law in a.laws]
        assert decisive, f"{edition} {kind}: no answer names a decisive provision"
        for q, law in decisive:
            cite = next(c for c in q.cites if c.law == law)
            assert quote(corpus, edition, law, cite.keyword) is not None, (edition, kind, q.id, law)


@pytest.mark.parametrize("kind", rulings.kinds())
def test_every_provision_an_outcome_rests_on_is_a_label_of_the_edition(kind, corpus):
    """Each way through the tree: every provision the ruling rests on (its answers' decisive ones,
    the outcome's, its options', restrictions' and penalty card's) is a provision of that edition."""
    for edition in rulings.EDITIONS:
        if not rulings.available(kind, edition):
            continue
        tree = rulings.tree(kind, edition)
        labels = corpus.edition(edition).labels()
        for answers, _ in tree.paths():
            ruling = tree.walk(answers)
            missing = [law for law in ruling.laws if law not in labels]
            assert not missing, (edition, kind, ruling.outcome.id, missing)


def test_a_provision_is_quoted_whole(corpus):
    """Never cut at "；" (26A2's power to forbid), never started mid-rule (75D2's "但是…")."""
    a2 = quote(corpus, "1991", "26A2", "要求引出有关联的花色")
    assert a2.text == corpus.find("1991", "26A2").text and "或者禁止引出有关联的花色" in a2.text
    d2 = quote(corpus, "1991", "75D2", "如为防家则在该牌打牌结束之后")
    assert d2.text.startswith("当赛员发觉同伴对本方的协议解释有误时") and d2.text.endswith("其同伴曾经解释有误。")
    a16 = quote(corpus, "1999", "16A", "显然认为系该额外信息所建议的行动")
    assert a16.text == corpus.find("1999", "16A").text
