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
from rules_ext.rulebook_site._jieba import give_main_dictionary

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


#: jieba's main dictionary as loaded in this process (word frequencies and their total), kept so that
#: jieba's own tokenizer, which the search language loads in the same build, need not load it again
_MAIN_DICTIONARY: tuple[dict[str, int], int] | None = None


class WordBoundaries:
    """Offsets where jieba's words start or end in a text, with jieba's dictionary and a user
    dictionary, in a tokenizer of this object's own."""

    def __init__(self, dictionary: str, tokenizer: jieba.Tokenizer | None = None) -> None:
        """``tokenizer``: one of :func:`main_tokenizer`'s, not used elsewhere (the user words are
        added to it); by default a new one."""
        self._tokenizer = tokenizer or main_tokenizer()
        self._tokenizer.load_userdict(io.StringIO(dictionary))

    def __call__(self, text: str) -> set[int]:
        bounds = {0, len(text)}
        for _word, start, end in self._tokenizer.tokenize(text, HMM=False):
            bounds.update((start, end))
        return bounds


def main_tokenizer() -> jieba.Tokenizer:
    """A jieba tokenizer of this module's own with jieba's main dictionary loaded (0.4 s from jieba's
    cache; it needs no corpus, so the page generator loads it while a fork parses the texts)."""
    global _MAIN_DICTIONARY
    tokenizer = jieba.Tokenizer()
    tokenizer.check_initialized()
    if _MAIN_DICTIONARY is None:
        _MAIN_DICTIONARY = dict(tokenizer.FREQ), tokenizer.total
    return tokenizer


def share_main_dictionary() -> None:
    """jieba's own tokenizer (its module functions', which the search language uses) given the main
    dictionary a :class:`WordBoundaries` loaded in this process, instead of loading it again: the
    same frequencies, copied before any user word was added. Nothing happens when jieba's tokenizer
    is loaded already or nothing was loaded here (the pages came from the cache)."""
    if _MAIN_DICTIONARY is not None:
        give_main_dictionary(*_MAIN_DICTIONARY)
