"""Chinese search: Sphinx's jieba-based indexer, the law text for snippets, and the search data.

:class:`BridgeSearchChinese` indexes as Sphinx does (jieba ``cut_for_search`` with the dictionary of
bridge terms the generator writes, :mod:`~rules_ext.rulebook_site.words`) but does not stem: Chinese
has no inflection, and Sphinx 9.0's ``SearchChinese`` binds its English stemmer under a name that
``language_data.js`` does not define, so every search in the browser stops (sphinx-doc/sphinx#14229,
fixed after 9.0.4). The index holds the simplified law pages, glossaries and hand-written pages, not
the 繁體 views or the comparisons (a law is one result, its 简 and 繁 pages side by side); the
class ``no-search`` keeps navigation and notes out. Snippets come from ``_search/<docname>.json``,
the page's law text provision by provision (a few kB, where Sphinx fetches the whole page);
``rules-search-data.js`` carries the synonyms, the English phrases and titles, the laws a term names
and the script maps; ``static/rules.js`` orders the results (the laws the query names first). Both
builds index by simplified words, so a query in either script finds the same laws (罰張 or 罚张). What a
reader may type: the 阅读指南 (source/guide.rst).
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx import addnodes
from sphinx.search import SearchLanguage
from sphinx.search.zh import SearchChinese

from rules_ext.corpus.catalogue import EDITIONS
from rules_ext.corpus.labels import law_of
from rules_ext.errors import RulesError
from rules_ext.fileio import write_text_atomic
from rules_ext.rulebook_site import words

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment
    from sphinx.util.typing import ExtensionMetadata

DATA = Path(__file__).parent / "data"
SYNONYMS = DATA / "search-synonyms.txt"
LAW_TITLES = DATA / "law-titles-1997.txt"
ENGLISH = DATA / "search-english.txt"
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

    def split(self, input: str) -> list[str]:
        """The words of a text, segmented and kept in simplified script whatever the page's script
        (:func:`rules_ext.rulebook_site.script.to_simplified`): the 繁體 build and the delivered
        traditional copy are indexed under the same words as the 简体 pages, cut the same way, so
        a query finds the same laws in both scripts (發牌 finds 1991 Law 13 as 发牌 does)."""
        from rules_ext.rulebook_site.script import to_simplified

        return super().split(to_simplified(input))


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
def _table_lines(path: Path, pattern: str, expected: str) -> Iterator[tuple[int, re.Match[str]]]:
    """The lines of a word table (``#`` starts a comment), each matched whole by ``pattern``;
    a line that does not match is a RulesError naming the file and line."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        match = re.fullmatch(pattern, line)
        if match is None:
            raise RulesError(f"{path}:{number}: expected {expected}, got {line!r}")
        yield number, match


def read_synonyms(path: Path = SYNONYMS) -> list[dict[str, Any]]:
    """The reviewed synonym table: ``越序 = 未按顺序 不按顺序`` (each finds the others) or
    ``叫品 > 叫牌`` (a query for the left also finds the right, not the other way round)."""
    groups = []
    for _number, match in _table_lines(path, r"(\S+(?:\s+\S+)*)\s*([=>])\s*(\S+(?:\s+\S+)*)",
                                       "'word = word ...' or 'word > word ...'"):
        left, how, right = match.groups()
        groups.append({"words": left.split() + right.split(), "from": left.split(),
                       "both": how == "="})
    return groups


def read_english(path: Path = ENGLISH) -> list[dict[str, Any]]:
    """The English phrases a reader types: ``lead out of turn: 越序引牌 越序首引 | 53-56`` (the
    words the texts print, the laws named, WBF 1997 numbering), longest phrase first."""
    entries = []
    for number, match in _table_lines(path, r"([a-z']+(?: [a-z']+)*):\s*([^|]*?)\s*(?:\|\s*([\d\s-]+))?",
                                      "'english phrase: 中文 ... | laws'"):
        phrase, chinese, numbers = match.groups()
        laws: list[int] = []
        for run in (numbers or "").split():
            first, _, last = run.partition("-")
            if not first.isdigit() or (last and not last.isdigit()) or \
                    not 1 <= int(first) <= int(last or first) <= 93:
                raise RulesError(f"{path}:{number}: {run!r} is not a law number (1-93) "
                                 "or a run of them (53-56)")
            laws.extend(range(int(first), int(last or first) + 1))
        entries.append({"phrase": phrase, "words": chinese.split(), "laws": laws})
    return sorted(entries, key=lambda e: -len(e["phrase"]))


def key_laws(corpus: dict[str, Any]) -> dict[str, Any]:
    """What puts a law first for a term (the corpus as JSON, ``Corpus.to_dict``): the laws'
    Chinese titles per simplified edition (不足叫牌 is Law 27's title, 藏牌 is in Laws 61-64's),
    and per defined term the laws its definition cites (调整分: 参阅第12条) in its own edition.
    A term written ``A或B`` (发牌或牌局) is found as either word too."""
    titles: dict[str, dict[int, str]] = {}
    defined: dict[str, dict[str, list[int]]] = {}
    for edition in corpus["editions"]:
        if edition["script"] != "simplified":
            continue
        titles[edition["id"]] = {law["number"]: law["title"] for law in edition["laws"]}
        numbers = set(titles[edition["id"]])
        for definition in edition["definitions"]:
            cited = [law for x in definition["xrefs"] for r in x["resolutions"]
                     if r["kind"] == "same" and (law := law_of(r["label"])) in numbers]
            if not cited:
                continue
            for term in dict.fromkeys([definition["term"], *re.split("或|及", definition["term"])]):  # in order
                if len(term) > 1:
                    laws = defined.setdefault(term, {}).setdefault(edition["id"], [])
                    laws.extend(n for n in cited if n not in laws)
    return {"lawTitles": titles, "defined": defined}


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
    its words converted as the pages are (:func:`rules_ext.rulebook_site.script.to_traditional`, with the
    reviewed words: 错误信息 -> 錯誤資訊); a query is matched against the simplified words."""
    from rules_ext.rulebook_site import hant

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
    from rules_ext.rulebook_site import hant
    from rules_ext.rulebook_site.script import written_words

    s2t, t2s = character_maps(texts, app.config.rules_traditional_profile)
    return {
        "default": app.config.rules_default_edition,
        "editions": [{"id": e.id, "name": e.name, "script": e.script, "base": e.variant_of}
                     for e in EDITIONS],
        "synonyms": synonyms_for(app.config),
        "titles": read_law_titles(),
        "phrases": read_english(),
        **key_laws(_corpus_json(app)),
        "english": english,
        "s2t": "".join(f"{k}{v}" for k, v in s2t.items()),
        "t2s": "".join(f"{k}{v}" for k, v in t2s.items()),
        # the words of the 繁體 conversion that are not character by character: the reviewed ones
        # (信息 -> 資訊) and those of the characters with several traditional forms (干扰 -> 干擾)
        "words": written_words(),
        # the script of this build's pages (a result's highlight is the words as its page prints them)
        "script": hant.script_of(app.config),
        "textdir": TEXT_DIR,
    }


def _corpus_json(app: Sphinx) -> dict[str, Any]:
    """The corpus the pages were generated from, as the generator wrote it for download; none
    for a project without the generator (``rules_corpus_loader = None``)."""
    from rules_ext.rulebook_site.config import corpus_download

    path = corpus_download(app)
    if app.config.rules_corpus_loader is None or not path.is_file():
        return {"editions": []}
    return json.loads(path.read_text(encoding="utf-8"))


def write_search_data(app: Sphinx, exception: Exception | None) -> None:
    """build-finished: ``_static/rules-search-data.js``."""
    if exception is not None or app.builder.format != "html" or \
            not getattr(app.builder, "search", False):
        return
    data = json.dumps(search_data(app), ensure_ascii=False, separators=(",", ":"))
    write_text_atomic(Path(app.builder.outdir, "_static", "rules-search-data.js"),
                      f"window.RULES_SEARCH={data};\n")
    compact_index(Path(app.builder.outdir, getattr(app.builder, "searchindex_filename", "searchindex.js")))


def search_page_data(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                     doctree: nodes.Node | None) -> None:
    """html-page-context: the search page loads the search data with Sphinx's index, side by
    side (not after it, when rules.js runs)."""
    if pagename == "search" and app.builder.format == "html" and getattr(app.builder, "search", False):
        app.add_js_file("rules-search-data.js", defer="defer")


#: what of Sphinx's index the search page never reads (rules.js searches terms, titles and objects)
#: and Sphinx does not read back in the next build: emptied
UNREAD_INDEX_KEYS = ("indexentries",)


def compact_index(path: Path) -> None:
    """``searchindex.js`` written as UTF-8 (Sphinx escapes every Chinese character as
    ``\\uXXXX``, six bytes for three) and without what the search page never reads: 220 kB -> 160 kB
    for the first search to load. Sphinx's next build reads it back as before."""
    from sphinx.search import js_index

    if not path.is_file():
        return
    text = path.read_text(encoding="utf-8")
    try:
        index = js_index.loads(text)
    except ValueError:
        return  # not Sphinx's format: left as it is
    for key in UNREAD_INDEX_KEYS:
        if key in index:
            index[key] = {}
    compact = (js_index.PREFIX + json.dumps(index, ensure_ascii=False, separators=(",", ":"),
                                            sort_keys=True) + js_index.SUFFIX)
    if compact != text:
        write_text_atomic(path, compact)


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_search_language(BridgeSearchChinese)
    app.connect("html-page-context", search_page_data)
    app.connect("env-updated", leave_out_of_index)
    app.connect("doctree-resolved", write_page_text, priority=600)  # after the 繁體 conversion (550)
    app.connect("build-finished", write_search_data)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
