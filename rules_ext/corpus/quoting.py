"""The decisive sentence of a provision: the sentence of its text that holds a reviewed phrase.

The rulings assistant cites each provision with a phrase its author checked against the text; the
sentence holding it is what a director reads at the table.

>>> sentence_with("甲。乙丙，丁。戊。", "丙")
'乙丙，丁。'
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from rules_ext.corpus.labels import citation
from rules_ext.corpus.model import Corpus


@dataclass(frozen=True, slots=True)
class Quote:
    edition: str
    law: str
    citation: str
    text: str


def sentence_with(text: str, phrase: str) -> str:
    """The sentence (to 。；！？ or a line end) of ``text`` that holds ``phrase``; '' if none does."""
    for sentence in re.findall(r"[^。；！？\n]*(?:[。；！？]|$)", text):
        if phrase in sentence:
            return sentence.strip()
    # a phrase across a sentence end: the whole text
    return text.strip() if phrase in text else ""


def quote(corpus: Corpus, edition: str, law: str, phrase: str) -> Quote | None:
    """The provision ``law`` of ``edition`` and its sentence holding ``phrase``; None when the
    edition has no such provision or its text lacks the phrase."""
    provision = corpus.find(edition, law)
    whole = corpus.edition(edition).law(int(law)) if law.isdigit() else None
    if provision is not None and provision.text:
        text = provision.text
    elif whole is not None:
        text = "\n".join(p.text for p in whole.walk())
    else:
        return None
    sentence = sentence_with(text, phrase)
    return Quote(edition, law, citation(law), sentence) if sentence else None
