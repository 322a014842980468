"""The quoted words of a provision: the provision whole, or of a whole law the sentence holding a phrase.

The rulings assistant cites each provision with a phrase its author checked against the text. A
provision is one rule: it is quoted whole (its own text, and the closing paragraph that governs its
parts), never cut at "；" (26A2's second half gives declarer the power to forbid the suit) nor started
at the sentence holding the phrase (75D2's "但是…" goes on from its first sentence). A bare law
number whose text is several provisions is quoted by the sentence holding the phrase.

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
    """The sentence of ``text`` that holds ``phrase``; '' if none does. A sentence ends at 。；！？ or
    at a line end, but not inside brackets or quotation marks (a line whose brackets do not close,
    as scraped lines may have, is cut at each 。；！？); a sentence that ends with a colon goes on
    to the end of the text (the list it introduces).

    >>> sentence_with("但是，必须于合法时机（如为庄家应在最后一个不叫之后；如为防家则在打牌结束之后）召请裁判长。", "如为防家")
    '但是，必须于合法时机（如为庄家应在最后一个不叫之后；如为防家则在打牌结束之后）召请裁判长。'
    >>> sentence_with("判给人为的分数：\\n40%给予犯规者。\\n60%给予赛员。", "人为的分数")
    '判给人为的分数：\\n40%给予犯规者。\\n60%给予赛员。'
    """
    sentences = [part for line in text.splitlines(keepends=True) for part in _sentences(line)]
    for i, sentence in enumerate(sentences):
        if phrase in sentence:
            if sentence.rstrip().endswith("："):
                return "".join(sentences[i:]).strip()
            return sentence.strip()
    # a phrase across a sentence end: the whole text
    return text.strip() if phrase in text else ""


_OPENING, _CLOSING = "（(“‘〔【", "）)”’〕】"
_ENDS = "。；！？"


def _sentences(line: str) -> list[str]:
    """One line cut after each 。；！？ that no bracket or quotation mark encloses; when the line's
    brackets do not close, after each 。；！？."""
    out: list[str] = []
    start = depth = 0
    for i, char in enumerate(line):
        if char in _OPENING:
            depth += 1
        elif char in _CLOSING:
            depth = max(0, depth - 1)
        elif char in _ENDS and not depth:
            out.append(line[start:i + 1])
            start = i + 1
    if depth:  # unbalanced: the brackets cannot be trusted
        return [part for part in re.split(f"(?<=[{_ENDS}])", line) if part]
    out.append(line[start:])
    return [part for part in out if part]


def quote(corpus: Corpus, edition: str, law: str, phrase: str) -> Quote | None:
    """The provision ``law`` of ``edition``, whole, when its text holds ``phrase`` (a law given by
    its number alone, whose text is its provisions', the sentence holding it); None when the edition
    has no such provision or its text lacks the phrase."""
    provision = corpus.find(edition, law)
    whole = corpus.edition(edition).law(int(law)) if law.isdigit() else None
    if provision is not None and provision.text:
        text = "\n".join(x for x in (provision.text, provision.closing) if x).strip()
        return Quote(edition, law, citation(law), text) if phrase in text else None
    elif whole is not None:
        text = "\n".join(p.text for p in whole.walk())
    else:
        return None
    sentence = sentence_with(text, phrase)
    return Quote(edition, law, citation(law), sentence) if sentence else None
