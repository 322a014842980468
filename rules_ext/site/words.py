"""The rulebook's Chinese words for jieba: the bridge terms and every defined term.

One dictionary serves two readers, and neither changes jieba's process-wide dictionary outside the
search language:

- the generator links a defined term only where it is a whole word (so 跟牌 is not linked inside
  错跟/牌张); it asks :class:`WordBoundaries`, a jieba ``Tokenizer`` of its own;
- the search keeps the same words whole: the generator writes the dictionary to a file, and the
  search language loads it (``html_search_options['dict']``, read by Sphinx's ``SearchChinese``
  with ``jieba.load_userdict``), so a build whose pages are cached indexes the same words.
"""
from __future__ import annotations

import io
from pathlib import Path

import jieba

from rules_ext.corpus.model import Corpus

BRIDGE_TERMS = Path(__file__).parent / "data" / "bridge-terms.txt"
#: jieba frequency of a defined term (that of most bridge terms), enough to keep it whole
DEFINED_TERM_FREQUENCY = 2000


def user_dictionary(corpus: Corpus, bridge_terms: Path = BRIDGE_TERMS) -> str:
    """The jieba user dictionary (``word frequency [tag]`` a line): the bridge terms, then the
    defined terms of every edition that are longer than one character."""
    terms = dict.fromkeys(definition.term for edition in corpus.editions
                          for definition in edition.definitions if len(definition.term) > 1)
    lines = bridge_terms.read_text(encoding="utf-8").splitlines()
    return "\n".join([*lines, *(f"{term} {DEFINED_TERM_FREQUENCY}" for term in terms)]) + "\n"


class WordBoundaries:
    """Offsets where jieba's words start or end in a text, with jieba's dictionary and a user
    dictionary, in a tokenizer of this object's own."""

    def __init__(self, dictionary: str) -> None:
        self._tokenizer = jieba.Tokenizer()
        self._tokenizer.load_userdict(io.StringIO(dictionary))

    def __call__(self, text: str) -> set[int]:
        bounds = {0, len(text)}
        for _word, start, end in self._tokenizer.tokenize(text, HMM=False):
            bounds.update((start, end))
        return bounds
