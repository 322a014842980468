"""The rulings assistant's decision trees: each reads, each path ends in an outcome, the editions
differ only where written, and a walk refuses what it cannot rule on."""
from __future__ import annotations

import json

import pytest

from rules_ext.core import rulings
from rules_ext.core.rulings import NotInEdition, RulingError, tree

CASES = [(k, e) for k in rulings.kinds() for e in rulings.EDITIONS if rulings.available(k, e)]


@pytest.mark.parametrize(("kind", "edition"), CASES)
def test_every_path_ends_in_an_outcome_that_cites_and_says_something(kind, edition):
    t = tree(kind, edition)
    paths = t.paths()
    assert paths
    assert {o.id for _, o in paths} == set(t.outcomes), "every outcome is reachable"
    for answers, outcome in paths:
        ruling = t.walk(answers)
        assert ruling.outcome is outcome
        assert outcome.summary and outcome.cites
        assert [s.fact for s in ruling.steps] == list(answers)
        json.dumps(ruling.to_dict(), ensure_ascii=False)   # the JSON shape holds plain data


@pytest.mark.parametrize(("kind", "edition"), CASES)
def test_the_questions_are_chinese_and_answers_are_labelled(kind, edition):
    t = tree(kind, edition)
    assert t.title and all("\u4e00" <= ch <= "\u9fff" for ch in t.title[:1])
    for q in t.questions.values():
        assert q.text.endswith("？"), q.id
        assert all(a.label for a in q.answers), q.id


def test_the_editions_differ_where_the_texts_do():
    answers = {"in_turn": "yes", "accepted": "no", "conventional": "natural", "lowest_conventional": "no",
               "correction": "lowest_same_strain", "damaging": "yes"}
    assert tree("insufficient_bid", "1991").walk(answers).adjusted_score == "may"
    assert tree("insufficient_bid", "1999").walk(answers).adjusted_score == "must"
    assert "lowest_conventional" in tree("insufficient_bid", "1999").questions
    assert "lowest_conventional" not in tree("insufficient_bid", "1991").questions


def test_a_walk_names_the_unanswered_question_and_the_wrong_answer():
    t = tree("insufficient_bid", "1991")
    with pytest.raises(RulingError, match=r"^in_turn: not answered: .*？（yes = 依序 / no = 越序）"):
        t.walk({})
    # a choice the text gives a side (27A: the next player may accept) may wait: every option is told
    # then; a value it does not offer is refused, naming the options and that it may wait
    with pytest.raises(RulingError, match=r"^accepted: 'maybe' is not an answer: expected one of yes \(接受\), "
                                          r"no \(不接受\), pending \(尚未选择: not yet chosen\)"):
        t.walk({"in_turn": "yes", "accepted": "maybe"})


def test_unknown_kind_and_edition_are_refused():
    with pytest.raises(RulingError, match="unknown kind of irregularity 'nonsense'"):
        tree("nonsense", "1991")
    with pytest.raises(RulingError, match="unknown edition '2008'"):
        tree("insufficient_bid", "2008")


def test_an_edition_without_the_law_says_so_and_may_show_another_as_reference():
    lacking = [(k, e) for k in rulings.kinds() for e in rulings.EDITIONS if not rulings.available(k, e)]
    # the delivered 1999 text stops at Law 40, so the play's irregularities (revoke: Laws 61-64) lack it
    assert ("revoke", "1999") in lacking, lacking
    kind, edition = lacking[0]
    with pytest.raises(NotInEdition, match=f"the {edition} text has no Law"):
        tree(kind, edition)
    ref = tree(kind, edition, reference="1991")
    assert ref.reference_edition == "1991" and ref.edition == edition
    assert "仅供参考" in ref.notes[0]
