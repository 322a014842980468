"""The label grammar: parsing, printing back, ancestors, order, citation text, EDITION:LABEL."""
from __future__ import annotations

import doctest
import random
import re

import pytest

from rules_ext.corpus import labels, load_corpus
from rules_ext.corpus.labels import (
    Label,
    LabelError,
    LawCitation,
    ancestors,
    citation,
    law_number,
    parse_target,
    sort_key,
)

#: every form the model prints, with its parts (law, section, item, subitem, subsub, note, intro)
FORMS = [
    ("16", (16, "", None, "", None, 0, False)),
    ("16intro", (16, "", None, "", None, 0, True)),
    ("16C", (16, "C", None, "", None, 0, False)),
    ("16C2", (16, "C", 2, "", None, 0, False)),
    ("45C4b", (45, "C", 4, "b", None, 0, False)),
    ("25B2b1", (25, "B", 2, "b", 1, 0, False)),
    ("16A1(1)", (16, "A", 1, "", 1, 0, False)),
    ("76.1", (76, "", 1, "", None, 0, False)),
    ("69note", (69, "", None, "", None, 1, False)),
    ("69note2", (69, "", None, "", None, 2, False)),
    ("93", (93, "", None, "", None, 0, False)),
    ("12C10", (12, "C", 10, "", None, 0, False)),
]


@pytest.mark.parametrize("text, parts", FORMS)
def test_parse_and_print_back(text, parts):
    label = Label.parse(text)
    assert (label.law, label.section, label.item, label.subitem, label.subsub, label.note,
            label.intro) == parts
    assert str(label) == text
    assert Label(*parts) == label


@pytest.mark.parametrize("text", ["", "C45", "0", "1000", "45cd", "45C0", "45CC", "45C4B", "45 C",
                                  "69note1", "69notes", "45C4bnote", "16.1A", "45-C", "1991:45",
                                  "45C(b)", "45C4b(1)"])
def test_rejects_what_is_no_label(text):
    with pytest.raises(LabelError, match=re.escape(repr(text)) + ".*expected e.g. 16, 16C2"):
        Label.parse(text)


@pytest.mark.parametrize("label", [
    lambda: Label(45, "c"), lambda: Label(45, "CC"), lambda: Label(45, "C", 0), lambda: Label(0),
    lambda: Label(69, "A", note=1), lambda: Label(16, "A", intro=True), lambda: Label(16, item=True),
])
def test_parts_that_print_no_label_are_refused(label):
    with pytest.raises(LabelError, match=r"not a provision label: .*expected e\.g\. 45C4b"):
        label()


def test_law_number_and_ancestors():
    assert [law_number(x) for x in ("45C4b", "69note", "76.1", "16intro", "5")] == [45, 69, 76, 16, 5]
    assert ancestors("25B2b1") == ["25B2b", "25B2", "25B", "25"]
    assert ancestors("16A1(1)") == ["16A1", "16A", "16"]
    assert ancestors("76.1") == ["76"]
    assert ancestors("69note2") == ["69"]
    assert ancestors("5") == []
    with pytest.raises(LabelError):
        ancestors("47-E")


@pytest.mark.parametrize("labels", [
    ["16", "16intro", "16A", "16A1", "16A1a", "16A1a1", "16A2", "16A10", "16B", "16note",
     "16note2", "17", "76", "76.1", "76.2", "76A", "100"],
    ["45C", "45C4", "45C4a", "45C4b", "45C10", "45D"],
])
def test_sort_key_is_reading_order(labels):
    for seed in range(3):
        assert sorted(random.Random(seed).sample(labels, len(labels)), key=sort_key) == labels


def test_sort_key_follows_each_law_of_the_corpus():
    """Within every law of every edition, the provisions are printed in the order of the key
    (notes aside: a note is printed where it belongs and sorts after the sections)."""
    for edition in load_corpus().editions:
        for law in edition.laws:
            labels = [p.label for p in law.walk() if p.kind != "note"]
            assert labels == sorted(labels, key=sort_key), (edition.id, law.number)


def test_every_label_of_the_corpus_reads_back():
    corpus = load_corpus()
    seen = 0
    for edition in corpus.editions:
        for p in edition.provisions():
            assert str(Label.parse(p.label)) == p.label
            assert law_number(p.label) == int(re.match(r"\d+", p.label).group())
            seen += 1
            for x in p.xrefs:
                for target in x.targets:
                    Label.parse(target)
    assert seen > 500


@pytest.mark.parametrize("label, simplified, traditional", [
    ("45C4b", "第45条C款4项b目", "第45條C款4項b目"),
    ("45", "第45条", "第45條"),
    ("25B2b1", "第25条B款2项b目（1）", "第25條B款2項b目（1）"),
    ("69note", "第69条注", "第69條註"),
    ("76.1", "第76条1项", "第76條1項"),
])
def test_citation(label, simplified, traditional):
    assert citation(label) == simplified
    assert citation(label, traditional=True) == traditional
    assert citation(label, "标题") == f"{simplified} 标题"


@pytest.mark.parametrize("target, expected", [
    ("45C4b", ("1991", "45C4b")),
    ("1991:27B2", ("1991", "27B2")),
    ("1999-trad:21A", ("1999-trad", "21A")),
    (" 69note ", ("1991", "69note")),
])
def test_parse_target(target, expected):
    assert parse_target(target, "1991") == expected


@pytest.mark.parametrize("target", ["foo", "1991:", "C45", "1991:45-C", "91:45", ":45", "1991:45:A", "1991:45C4B"])
def test_parse_target_rejects(target):
    with pytest.raises(LabelError, match=re.escape(f"cannot read law reference {target!r}: "
                                                   "expected e.g. 45C4b or 1991:27B2")):
        parse_target(target, "1991")
    assert issubclass(LabelError, ValueError)


def test_law_citation_needs_its_edition():
    assert LawCitation.parse("1991:27B2") == LawCitation("1991", "27B2")
    assert str(LawCitation.parse(" 1999:16A ")) == "1999:16A"
    with pytest.raises(LabelError, match=r"cannot read law citation '27B2': expected edition:label"):
        LawCitation.parse("27B2")
    with pytest.raises(LabelError, match=r"cannot read law citation 1991:'2-7': expected"):
        LawCitation("1991", "2-7")
    with pytest.raises(LabelError, match=r"cannot read law citation 91:'27'"):
        LawCitation("91", "27")


def test_docstring_examples():
    result = doctest.testmod(labels)
    assert result.attempted > 10 and result.failed == 0
