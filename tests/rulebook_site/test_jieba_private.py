"""jieba's internals that the site writes (rules_ext/rulebook_site/_jieba.py) are there, and a
tokenizer handed the main dictionary this way cuts words as one that loaded it itself."""
from __future__ import annotations

import jieba
import pytest

from rules_ext.rulebook_site import _jieba, words

TEXT = "庄家打出明手的一张牌后，防守方发现叫牌不足，裁判长应到场处理违例的罚则与调整分。"


@pytest.mark.parametrize("name", _jieba.CHECKED)
def test_each_internal_the_site_writes_is_there(name):
    assert hasattr(jieba.Tokenizer(), name), f"jieba {jieba.__version__} has no Tokenizer().{name} (rules_ext/rulebook_site/_jieba.py)"


def test_a_tokenizer_given_the_main_dictionary_cuts_as_one_that_loaded_it():
    loaded = words.main_tokenizer()  # loads jieba's main dictionary itself
    given = jieba.Tokenizer()
    saved, jieba.dt = jieba.dt, given  # give_main_dictionary writes jieba's default tokenizer
    try:
        assert _jieba.give_main_dictionary(dict(loaded.FREQ), loaded.total)
        assert not _jieba.give_main_dictionary({}, 0)  # once given, never replaced
    finally:
        jieba.dt = saved
    assert list(given.cut(TEXT, HMM=False)) == list(loaded.cut(TEXT, HMM=False))
    assert list(given.tokenize(TEXT, HMM=False)) == list(loaded.tokenize(TEXT, HMM=False))
