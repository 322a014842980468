"""Fidelity: every change to the delivered text is an erratum with a reason, one policy
for the same slip in every edition, insertions marked, editorial titles from the text itself."""
from __future__ import annotations

import re

import pytest

from rules_ext.corpus import DEFAULT_TEXTS, load_corpus
from rules_ext.corpus.errata import load_errata, load_rules


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def test_every_erratum_has_a_chinese_explanation():
    errata = load_errata(DEFAULT_TEXTS / "errata.toml") + load_rules(DEFAULT_TEXTS / "errata.toml")
    assert errata and all(x.explanation and any("\u4e00" <= ch <= "\u9fff" for ch in x.explanation)
                          for x in errata)


@pytest.mark.parametrize("edition", ["1991", "1999", "2008"])
def test_the_redouble_citation_slip_is_corrected_in_every_edition(corpus, edition):
    (redouble,) = [d for d in corpus.edition(edition).definitions if d.term == "再加倍"]
    assert "17" not in redouble.text and "19" in redouble.text and "17" in redouble.original_text
    assert {t for x in redouble.xrefs for t in x.targets} == {"19", "77"}


@pytest.mark.parametrize("edition, label, inserted", [
    ("1991", "25B1", "而左敌家的叫牌可予取消，均不判罚。"),
    ("1999", "32B2", "但（判罚）违规者同伴必须永远不叫"),
    ("1999-trad", "32B2", "但（判罰）違規者同伴必須永遠不叫"),
])
def test_reconstructed_text_is_an_insertion(corpus, edition, label, inserted):
    p = corpus.find(edition, label)
    (insertion,) = [corpus.erratum(c) for c in p.corrections if corpus.erratum(c).insertion]
    assert insertion.inserted in p.text and inserted in insertion.inserted
    assert insertion.inserted not in p.original_text


@pytest.mark.parametrize("edition, label, rule", [
    ("1999-trad", "21B1", "1999-trad-brackets"),
    ("1999-trad", "25A", "1999-trad-semicolons"),
    ("1991", "1", "1991-suit-symbols"),
    ("1999", "1", "1999-suit-symbols"),
    ("2008", "1", "2008-suit-symbols"),
    ("1999-trad", "25B2b", "1999-trad-brackets"),  # its marker printed ***b***, shown （b）
    ("1999-trad", "25note", "1999-trad-brackets"),  # its marker printed ***注：, shown （注：
])
def test_pattern_changes_are_listed_as_corrections(corpus, edition, label, rule):
    p = corpus.find(edition, label)
    assert rule in p.corrections


def test_no_change_to_the_delivered_text_goes_unlisted(corpus):
    """A provision whose text differs from the delivered one lists at least one correction."""
    silent = [(e.id, p.label) for e in corpus.editions for p in e.provisions()
              if p.original_text and p.text != p.original_text and not p.corrections]
    assert silent == []


@pytest.mark.parametrize("number, title", [
    (31, "越序叫牌"), (49, "防家暴露牌张"), (57, "防家的过早引牌或出牌"), (58, "同时引牌或打牌"),
    (46, "明手出牌指示不完全或错误"), (91, "处罚或取消比赛资格"),
])
def test_editorial_titles_follow_the_texts_own_words(corpus, number, title):
    law = corpus.edition("1991").law(number)
    assert law.title_editorial and law.title == title


def test_a_quoted_provision_keeps_its_closing_paragraph_last(corpus):
    """Law quotes in ruling forms read the provision as printed, closing paragraph after (1), (2)."""
    paragraphs = list(corpus.find("1991", "25B2b").reading())
    assert paragraphs[-1] == "（1）（2）两项，在强制性不叫对违规方造成损害时参阅23条A款。"
    assert paragraphs[-2].startswith("（2）")


def _printed(edition, *, delivered: bool) -> str:
    """Everything an edition prints (as delivered, or corrected), blanks left out."""
    parts = []
    for law in edition.laws:
        parts.append(law.original_title or law.title if delivered else law.title)
        for p in law.walk():
            parts += [p.original_marker or p.marker, p.original_heading or p.heading, p.original_text,
                      p.closing_original or p.closing] if delivered else [p.marker, p.heading, p.text, p.closing]
    for d in edition.definitions:
        parts += [d.original_text, d.original_english or d.english] if delivered else [d.text, d.english]
    for f in edition.front:
        parts += f.original_paragraphs if delivered else f.paragraphs
    return re.sub(r"\s+", "", "".join(parts))


def test_each_erratum_quotes_only_what_its_edition_prints(corpus):
    """Every “quotation” in the Chinese reason of an erratum or rule is words the edition it is
    shown in prints (as delivered, or as corrected): the reason of 1991 Law 1's restored suits does
    not cite 1999's garble 黑桃（&）, nor 2008's 黑桃(?）."""
    from rules_ext.rulebook_site.script import to_traditional

    quoted, wrong = 0, []
    for x in corpus.errata:
        for edition_id in x.editions:
            edition = corpus.edition(edition_id)
            printed = _printed(edition, delivered=True) + _printed(edition, delivered=False)
            for quote in re.findall(r"“([^”]+)”", x.explanation):
                shown = to_traditional(quote) if edition.script == "traditional" else quote
                quoted += 1
                if re.sub(r"\s+", "", shown) not in printed:
                    wrong.append(f"{x.id} ({edition_id}): “{quote}”")
    assert wrong == []
    assert quoted > 60
    suits = {x.id: x for x in corpus.errata if getattr(x, "change", "") == "suits"}
    assert "&" not in suits["1991-suit-symbols"].explanation and "?" not in suits["1991-suit-symbols"].explanation
    assert "黑桃（&）" in suits["1999-suit-symbols"].explanation and "黑桃(?）" in suits["2008-suit-symbols"].explanation
