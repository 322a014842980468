"""Chinese search: Sphinx's jieba-based indexer, with JavaScript that runs.

Sphinx 9.0's ``SearchChinese`` ships the English snowball stemmer for the Latin words of a Chinese
text (``js_stemmer_rawcode = 'english-stemmer.js'``) but binds it by its ``language_name``, so
``language_data.js`` ends with ``window.Stemmer = ChineseStemmer;`` — a class that file does not
define — and every search in the browser stops with a ReferenceError (seen in headless chromium;
sphinx-doc/sphinx#14229, fixed upstream by sphinx-doc/sphinx#14416 after 9.0.4).

:class:`BridgeSearchChinese` indexes exactly as Sphinx does (jieba ``cut_for_search`` with the user
dictionary of ``html_search_options['dict']``) and does not stem: Chinese has no inflection, and
the few Latin words of the rulebook (labels such as 45C4b, English terms) are matched as written,
in Python and in JavaScript alike (Sphinx's default identity stemmer).

The dictionary is the one the page generator writes (the bridge terms 藏牌, 明手, 罚张, 首引,
定约, ... and every defined term; see :mod:`rules_ext.site.words`); the extension names it in
``html_search_options['dict']`` unless conf.py names another.
"""
from __future__ import annotations

from sphinx.search import SearchLanguage
from sphinx.search.zh import SearchChinese


class BridgeSearchChinese(SearchChinese):
    js_stemmer_rawcode = ""  # use SearchLanguage.js_stemmer_code: the identity stemmer
    js_stemmer_code = SearchLanguage.js_stemmer_code

    def stem(self, word: str) -> str:
        return word.lower()
