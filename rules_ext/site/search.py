"""Chinese search: Sphinx's jieba-based indexer, the law text for snippets, and the search data.

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

What the browser gets (``static/rules.js`` runs the search; Sphinx's ``searchtools.js`` only loads
the index):

- the index holds the simplified law pages, glossaries and hand-written pages; the generated 繁體
  views (``zh-hant/``) and the comparison pages (``compare/``) are left out (``nosearch``), as
  they repeat the law text: a law is one result, with its 简 and 繁 pages side by side, and a
  traditional-script query is converted to simplified in the browser;
- the snippets come from ``_search/<docname>.json``: the law text of the page, provision by
  provision (``[[anchor, text], ...]``), without page furniture (navigation, editorial notes,
  errata, findings, permalinks) or code (the doctests of the worked examples) — a few kB a page, where Sphinx fetches the whole HTML page
  (60 kB) of every result;
- ``_static/rules-search-data.js``: the editions, the reviewed synonym table
  (``data/search-synonyms.txt``; in the 繁體 build with each word also as the pages write it), the
  English law titles and glossary terms, the simplified/traditional character maps of the texts
  and the reviewed words of the conversion (``data/traditional-words.txt``).

The 繁體 build indexes its own converted text (the pages are converted when read) with the jieba
dictionary converted the same way (:func:`rules_ext.site.hant.dictionary_text`); the browser
turns a query of either script into the simplified form for the synonyms, and searches its
traditional form (characters and reviewed words) in that index: 罰張 or 罚张 finds 罰張.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx import addnodes
from sphinx.search import SearchLanguage
from sphinx.search.zh import SearchChinese

from rules_ext.corpus.catalogue import EDITIONS
from rules_ext.errors import RulesError
from rules_ext.fileio import write_text_atomic
from rules_ext.site import words

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

DATA = Path(__file__).parent / "data"
SYNONYMS = DATA / "search-synonyms.txt"
LAW_TITLES = DATA / "law-titles-1997.txt"
#: generated pages left out of the search index: they repeat the law text of indexed pages
UNINDEXED = ("zh-hant/", "compare/")
#: where the snippet text of a page is written (``_search/1991/law-45.json``)
TEXT_DIR = "_search"
#: classes of page furniture: never in a snippet
FURNITURE = frozenset({"no-search", "law-nav", "law-switch", "law-editorial", "law-erratum",
                       "law-findings", "law-evidence", "law-examples", "law-unresolved-marker",
                       "law-edition-mark", "headerlink", "toctree-wrapper"})
#: blocks a snippet can link to
BLOCKS = frozenset({"law-provision", "law-glossary-entry"})


class BridgeSearchChinese(SearchChinese):
    js_stemmer_rawcode = ""  # use SearchLanguage.js_stemmer_code: the identity stemmer
    js_stemmer_code = SearchLanguage.js_stemmer_code

    def __init__(self, options: dict[str, str]) -> None:
        words.share_main_dictionary()  # the generator loaded jieba's dictionary already
        super().__init__(options)

    def stem(self, word: str) -> str:
        return word.lower()


#: an edition's pages about the text rather than of it: the errata list, the evidence (考证), the whole edition
UNINDEXED_PAGES = ("/errata", "/kaozheng", "/all")


#: the rulings assistant: its index is searched, not its questionnaires (they quote the laws' text)
ASSISTANT = "assistant/"


def indexed(docname: str) -> bool:
    """Whether the page goes into the search index (law pages, glossaries, the guides and the
    assistant's index; not the comparison pages, the assistant's questionnaires, nor an edition's
    errata, 考证 and whole-edition pages, which repeat law text)."""
    if docname.startswith(ASSISTANT):
        return docname == f"{ASSISTANT}index"
    return not docname.startswith(UNINDEXED) and not docname.endswith(UNINDEXED_PAGES)


def leave_out_of_index(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """env-updated: the 繁體 views and comparison pages are ``nosearch``."""
    for docname in env.found_docs:
        if not indexed(docname):
            env.metadata.setdefault(docname, {})["nosearch"] = ""
    return []


# -- the text of a page, block by block --------------------------------------------------------
#: nodes whose text is not a page's (a table's title is: see page_blocks)
_SKIPPED = (nodes.comment, nodes.raw, nodes.target, nodes.system_message, addnodes.index, addnodes.toctree,
            nodes.title, nodes.literal_block, nodes.doctest_block)
_LATIN_START, _LATIN_END = re.compile(r"[A-Za-z0-9]"), re.compile(r"[A-Za-z0-9]$")


def page_blocks(doctree: nodes.Node) -> list[list[str]]:
    """``[[anchor, text], ...]``: the text of the page by block (a provision, a glossary entry, a
    section), each with the anchor it is shown at, in page order, without page furniture."""
    blocks: list[list[str]] = []

    def walk(node: nodes.Node, anchor: str) -> None:
        if isinstance(node, nodes.Text):
            text = " ".join(node.astext().split())
            if text:
                if not blocks or blocks[-1][0] != anchor:
                    blocks.append([anchor, ""])
                blocks[-1][1] = _join(blocks[-1][1], text)
            return
        if not isinstance(node, nodes.Element):
            return
        classes: set[str] = set(node.get("classes", ()))
        if isinstance(node, _SKIPPED) and not (isinstance(node, nodes.title)
                                              and isinstance(node.parent, nodes.table)):
            return
        if classes & FURNITURE or type(node).__name__ in ("permalink", "collapsible"):
            return
        if node.get("ids") and (classes & BLOCKS or isinstance(node, nodes.section)):
            anchor = node["ids"][0]
        block_start = isinstance(node, (nodes.paragraph, nodes.entry, nodes.list_item))
        for child in node.children:
            walk(child, anchor)
        if block_start and blocks and blocks[-1][0] == anchor:
            blocks[-1][1] += " "

    walk(doctree, "")
    return [[anchor, " ".join(text.split())] for anchor, text in blocks if text.strip()]


def _join(before: str, text: str) -> str:
    """Chinese runs on without spaces; Latin words keep one."""
    if before and not before.endswith(" ") and _LATIN_START.match(text) and _LATIN_END.search(before):
        return f"{before} {text}"
    return before + text


def write_page_text(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """doctree-resolved: ``_search/<docname>.json`` for the snippets of an indexed page."""
    if app.builder.format != "html" or not indexed(docname) or \
            not getattr(app.builder, "search", False):
        return
    title = app.env.titles.get(docname)
    data = {"title": title.astext() if title is not None else docname,
            "blocks": page_blocks(doctree)}
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    path = Path(app.builder.outdir, TEXT_DIR, f"{docname}.json")
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.parent.mkdir(parents=True, exist_ok=True)  # a build product: its folders are ours to make
        write_text_atomic(path, text)


# -- the search data ----------------------------------------------------------------------------
def read_synonyms(path: Path = SYNONYMS) -> list[dict[str, Any]]:
    """The reviewed synonym table: ``越序 = 未按顺序 不按顺序`` (each finds the others) or
    ``叫品 > 叫牌`` (a query for the left also finds the right, not the other way round)."""
    groups = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        match = re.fullmatch(r"(\S+(?:\s+\S+)*)\s*([=>])\s*(\S+(?:\s+\S+)*)", line)
        if match is None:
            raise RulesError(f"{path}:{number}: expected 'word = word ...' or "
                             f"'word > word ...', got {line!r}")
        left, how, right = match.groups()
        groups.append({"words": left.split() + right.split(), "from": left.split(),
                       "both": how == "="})
    return groups


def read_law_titles(path: Path = LAW_TITLES) -> dict[int, str]:
    titles = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            number, _, title = line.partition("\t")
            titles[int(number)] = title.strip()
    return titles


def character_maps(texts: list[str], profile: str = "s2tw") -> tuple[dict[str, str], dict[str, str]]:
    """(simplified -> traditional, traditional -> simplified) for the characters of ``texts``
    (OpenCC's character tables, character by character: enough to match a typed query). A
    traditional character of the texts (the 繁體 build's, or 1999-trad's) is reached from its
    simplified form when ``profile`` writes that form so (发 -> 發, not 髮)."""
    import opencc

    chars = sorted({c for text in texts for c in text if "\u3400" <= c <= "\u9fff"})
    to_trad, to_simp = opencc.OpenCC(profile), opencc.OpenCC("t2s")
    s2t: dict[str, str] = {}
    t2s: dict[str, str] = {}
    for char in chars:
        trad, simp = to_trad.convert(char), to_simp.convert(char)
        if len(trad) == 1 and trad != char:
            s2t[char] = trad
            t2s.setdefault(trad, char)
        if len(simp) == 1 and simp != char:
            t2s[char] = simp
            if to_trad.convert(simp) == char:
                s2t.setdefault(simp, char)
    return s2t, t2s


def synonyms_for(config) -> list[dict[str, Any]]:
    """The synonym table as the build's texts write it: in the 繁體 build each group also holds
    its words converted as the pages are (:func:`rules_ext.site.script.to_traditional`, with the
    reviewed words: 错误信息 -> 錯誤資訊); a query is matched against the simplified words."""
    from rules_ext.site import hant

    groups = read_synonyms()
    if not hant.is_traditional(config):
        return groups
    convert = hant.converter(config)
    return [dict(g, words=list(dict.fromkeys(g["words"] + [convert(w) for w in g["words"]])))
            for g in groups]


def search_data(app: Sphinx) -> dict[str, Any]:
    env = app.env
    domain = env.get_domain("law")
    english: dict[str, list[str]] = {}
    for (_edition, _script, term), entry in sorted(domain.data["terms"].items()):
        if entry.english:
            english.setdefault(entry.english.lower(), [])
            if term not in english[entry.english.lower()]:
                english[entry.english.lower()].append(term)
    texts = []
    for path in sorted(Path(app.builder.outdir, TEXT_DIR).rglob("*.json")):
        texts.append(path.read_text(encoding="utf-8"))
    from rules_ext.site.script import reviewed_words

    s2t, t2s = character_maps(texts, app.config.rules_traditional_profile)
    return {
        "default": app.config.rules_default_edition,
        "editions": [{"id": e.id, "name": e.name, "script": e.script, "base": e.variant_of}
                     for e in EDITIONS],
        "synonyms": synonyms_for(app.config),
        "titles": read_law_titles(),
        "english": english,
        "s2t": "".join(f"{k}{v}" for k, v in s2t.items()),
        "t2s": "".join(f"{k}{v}" for k, v in t2s.items()),
        # the reviewed words of the 繁體 conversion (信息 -> 資訊): not character by character
        "words": reviewed_words(),
        "textdir": TEXT_DIR,
    }


def write_search_data(app: Sphinx, exception: Exception | None) -> None:
    """build-finished: ``_static/rules-search-data.js``."""
    if exception is not None or app.builder.format != "html" or \
            not getattr(app.builder, "search", False):
        return
    data = json.dumps(search_data(app), ensure_ascii=False, separators=(",", ":"))
    write_text_atomic(Path(app.builder.outdir, "_static", "rules-search-data.js"),
                      f"window.RULES_SEARCH={data};\n")
