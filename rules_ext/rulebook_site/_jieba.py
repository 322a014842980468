"""jieba, imported quietly before anything else of the site (Sphinx's Chinese search imports it
too: jieba 0.42, its last release, imports ``pkg_resources``, which setuptools warns about, and logs
its dictionary loading at DEBUG level on stderr); and the one place that writes jieba's internals.

:func:`give_main_dictionary` hands jieba's own tokenizer a main dictionary this process loaded
already, instead of loading it again (0.4 s a build). It sets attributes of ``jieba.dt`` that are
not jieba's public API: :data:`CHECKED` names them, and tests/rulebook_site/test_jieba_private.py
fails, naming the attribute, on a jieba that lacks one (pyproject pins jieba to 0.42)."""
from __future__ import annotations

import logging
import warnings

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", "pkg_resources is deprecated", UserWarning)
    import jieba

jieba.setLogLevel(logging.WARNING)

#: the attributes of jieba's default tokenizer that :func:`give_main_dictionary` reads or writes
CHECKED = ("FREQ", "total", "initialized", "dictionary", "lock")


def give_main_dictionary(frequencies: dict[str, int], total: int) -> bool:
    """jieba's default tokenizer given the main dictionary's word ``frequencies`` and their
    ``total`` (a copy), unless it has loaded a dictionary already or uses another one; whether it was."""
    tokenizer = jieba.dt
    if tokenizer.initialized or tokenizer.dictionary != jieba.DEFAULT_DICT:
        return False
    with tokenizer.lock:
        tokenizer.FREQ, tokenizer.total = dict(frequencies), total
        tokenizer.initialized = True
    return True
