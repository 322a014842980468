"""The 繁體 site: a second build of the same sources in which every string is converted by OpenCC.

The traditional site is the same project built with ``-D language=zh_TW`` into ``<simplified
site>/hant/`` (``make html`` runs both builds). :func:`rules_ext.rulebook_site.script.to_traditional`
(the policy: its module) converts every text node when it is read, so that titles, the sidebar and
prev/next are converted too, and again after references are resolved; the output of the worked
examples' doctests but no other code; the copy-link's citation, the strings the theme gets for
pages without a document, the extension's JavaScript and the search dictionary. The delivered
traditional text (1999-trad) stays as delivered: the generator checks that the conversion would
not change it (:func:`unchanged_by_conversion`) and warns otherwise, so a ``-W`` build stops. Every
page of both builds links to the same page in the other script, keeping the reader's ``#anchor``;
``<html lang>`` is ``zh-Hans`` or ``zh-Hant``.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from docutils import nodes
from sphinx import addnodes
from sphinx.util import logging

from rules_ext.corpus.catalogue import EDITIONS
from rules_ext.corpus.model import Corpus
from rules_ext.rulebook_site.script import to_traditional

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config
    from sphinx.util.typing import ExtensionMetadata

logger = logging.getLogger(__name__)

#: folder of the traditional site below the simplified one
HANT_DIR = "hant"
#: Sphinx languages whose build is the traditional-script site
TRADITIONAL_LANGUAGES = ("zh_TW", "zh_HK", "zh_Hant", "zh_MO")
#: node attributes that hold text a reader sees (hover titles, summaries, toctree captions)
TEXT_ATTRIBUTES = ("reftitle", "explanation", "title", "summary", "caption", "alt", "content")
#: nodes whose text is code and stays as printed by the program
CODE_NODES = (nodes.literal_block, nodes.doctest_block, nodes.literal, nodes.raw)
#: code blocks whose output lines a reader sees as a worked example's result (converted)
OUTPUT_BLOCKS = ("doctest", "testoutput")
#: the switch's words: the name of the other script, shown in that script
SWITCH = {"simplified": ("繁體", "zh-Hant"), "traditional": ("简体", "zh-Hans")}


def is_traditional(config) -> bool:
    """Whether this build is the traditional-script site (its language is a traditional one)."""
    language = (config.language or "").replace("-", "_")
    return any(language == t or language.startswith(t + "_") for t in TRADITIONAL_LANGUAGES)


def script_of(config) -> str:
    return "traditional" if is_traditional(config) else "simplified"


def converter(config) -> Callable[[str], str]:
    profile = config.rules_traditional_profile
    return lambda text: to_traditional(text, profile)


# -- configuration ------------------------------------------------------------------------------
def config_inited(app: Sphinx, config: Config) -> None:
    """The traditional build's titles (conf.py's ``project`` and ``html_title``)."""
    if not is_traditional(config):
        return
    convert = converter(config)
    config.project = convert(config.project)
    if isinstance(config.copyright, str):
        config.copyright = convert(config.copyright)
    if isinstance(config.html_title, str):
        config.html_title = convert(config.html_title)


# -- documents ----------------------------------------------------------------------------------
class Converted(nodes.Text):
    """A text node already in the page's traditional script: a later pass leaves it (converting
    twice is not converting once: OpenCC reads 強制 again as 強製). Copies of it (a title in the
    table of contents) are of this class too. Visitors know it as a ``Text`` (docutils finds a
    visitor's method by the class's ``__name__``; pickling finds the class by its ``__qualname__``)."""


Converted.__name__ = "Text"


def convert_doctree(tree: nodes.Node, convert: Callable[[str], str]) -> None:
    """Convert every text node and reader-visible attribute of ``tree`` in place (code excepted).

    The text of one paragraph (a title, a table cell: an element holding text, outside another
    one) is converted as a whole string, across its inline markup (a provision's sentence is split
    by its term links and references; OpenCC's phrases choose a character's form from its
    neighbours), then given back to its pieces. Text nodes converted before (:class:`Converted`)
    are left as they are."""
    def walk(node: nodes.Element) -> None:
        # code stays as the program prints it; a download link's text is shown as a literal
        if _is_code(node):
            if node.get("testnodetype") in OUTPUT_BLOCKS:
                convert_output(node, convert)
            return
        for name in TEXT_ATTRIBUTES:
            value = node.get(name)
            if isinstance(value, str) and value:
                node[name] = convert(value)
        if isinstance(node, addnodes.toctree):
            node["entries"] = [(convert(title) if title else title, ref)
                               for title, ref in node["entries"]]
        if isinstance(node, nodes.TextElement):
            convert_paragraph(node, convert, walk)
            return
        for child in node.children:
            if isinstance(child, nodes.Element):
                walk(child)
        _convert_texts(node, [(node, i) for i, child in enumerate(node.children)
                              if isinstance(child, nodes.Text)], convert)

    if isinstance(tree, nodes.Element):
        walk(tree)


def _is_code(node: nodes.Node) -> bool:
    return isinstance(node, CODE_NODES) and not isinstance(node.parent, addnodes.download_reference)


def convert_paragraph(paragraph: nodes.Element, convert: Callable[[str], str],
                      walk: Callable[[nodes.Element], None]) -> None:
    """The text nodes of ``paragraph`` (inline markup included, code and nested paragraphs apart)
    converted as runs: each run of text between two pieces of code is one string."""
    runs: list[list[tuple[nodes.Element, int]]] = [[]]

    def gather(node: nodes.Element) -> None:
        for i, child in enumerate(node.children):
            if isinstance(child, nodes.Text):
                if not isinstance(child, Converted):
                    runs[-1].append((node, i))
            elif isinstance(child, nodes.Element) and (_is_code(child) or (
                    isinstance(child, nodes.TextElement) and child is not paragraph)):
                walk(child)  # a piece of code, or a paragraph of its own inside this one
                runs.append([])
            elif isinstance(child, nodes.Element):
                for name in TEXT_ATTRIBUTES:
                    value = child.get(name)
                    if isinstance(value, str) and value:
                        child[name] = convert(value)
                gather(child)

    gather(paragraph)
    for run in runs:
        _convert_texts(paragraph, run, convert)


def _convert_texts(owner: nodes.Element, places: list[tuple[nodes.Element, int]],
                   convert: Callable[[str], str]) -> None:
    """Convert the text nodes at ``places`` (parent, index) as one string and put a
    :class:`Converted` node with its share in each place. Children are replaced by position: a Text
    node is a str, equal to any other with the same characters, and its ``parent`` may be stale
    after a directive moved it. Should the conversion change the string's length (it does not
    with s2tw), each piece is converted alone."""
    places = [(parent, i) for parent, i in places if not isinstance(parent.children[i], Converted)]
    if not places:
        return
    pieces = [parent.children[i].astext() for parent, i in places]
    whole = convert("".join(pieces))
    if len(whole) == sum(map(len, pieces)):
        shares, at = [], 0
        for piece in pieces:
            shares.append(whole[at:at + len(piece)])
            at += len(piece)
    else:
        shares = [convert(piece) for piece in pieces]
    for (parent, i), share in zip(places, shares):
        parent.children[i] = Converted(share)
        parent.children[i].parent = parent


def convert_output(block: nodes.Element, convert: Callable[[str], str]) -> None:
    """The lines a worked example's reader sees as its result (a doctest's output, a testoutput
    block) converted; the code lines (``>>>``, ``...``) stay as the program reads them. The 简体
    build's blocks are the ones ``make doctest`` runs."""
    code = block["testnodetype"] == "doctest"
    text = block.astext()
    lines = [line if code and line.startswith((">>>", "...")) else convert(line)
             for line in text.split("\n")]
    converted = "\n".join(lines)
    if converted != text:
        block.children = []
        block += nodes.Text(converted)


def doctree_read(app: Sphinx, doctree: nodes.document) -> None:
    """doctree-read (before the title and toctree collectors): the page as read."""
    if is_traditional(app.config):
        convert_doctree(doctree, converter(app.config))


def doctree_resolved(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """doctree-resolved (after the extension's own handlers): link texts and hover titles the
    domain added; links to files that are not pages (``pdf/results.pdf``) go to the simplified
    site's copy, the only one."""
    if not is_traditional(app.config):
        return
    convert_doctree(doctree, converter(app.config))
    for ref in doctree.findall(nodes.reference):
        uri = ref.get("refuri", "")
        if ref.get("internal") or not uri or urlsplit(uri).scheme or uri.startswith(("#", "/")) \
                or urlsplit(uri).path.endswith(".html"):
            continue
        folder = docname.rpartition("/")[0]
        ref["refuri"] = "../" * (docname.count("/") + 1) + (f"{folder}/" if folder else "") + uri


# -- pages --------------------------------------------------------------------------------------
def other_script_uri(pagename: str, script: str) -> str:
    """The same page in the other build, relative to ``pagename``'s own file."""
    up = "../" * pagename.count("/")
    if script == "simplified":
        return f"{up}{HANT_DIR}/{pagename}.html"
    return f"{up}../{pagename}.html"


def switch_html(pagename: str, script: str) -> str:
    name, lang = SWITCH[script]
    return (f'<p class="rules-script-switch"><a href="{other_script_uri(pagename, script)}" '
            f'lang="{lang}" hreflang="{lang}" title="{name}">{name}</a></p>\n')


def convert_value(value: Any, convert: Callable[[str], str]) -> Any:
    """``value`` with every string in it (inside lists, tuples and dict values, not keys) passed
    through ``convert``; other values as they are."""
    if isinstance(value, str):
        return convert(value)
    if isinstance(value, list):
        return [convert_value(v, convert) for v in value]
    if isinstance(value, tuple):
        return tuple(convert_value(v, convert) for v in value)
    if isinstance(value, dict):
        return {k: convert_value(v, convert) for k, v in value.items()}
    return value


def page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                 doctree: nodes.document | None) -> None:
    """html-page-context: ``<html lang>``, the script switch, and (traditional build) the strings of
    pages made from templates (indices), converted."""
    script = script_of(app.config)
    # a page of a traditional-script edition (the delivered 1999 copy) is traditional on both sites
    edition = EDITIONS.get(pagename.split("/", 1)[0]) if "/" in pagename else None
    shown = "traditional" if edition is not None and edition.script == "traditional" else script
    context["language"] = "zh-Hant" if shown == "traditional" else "zh-Hans"
    _, lang = SWITCH[script]
    context["metatags"] = context.get("metatags", "") + (
        f'\n    <link rel="alternate" hreflang="{lang}" '
        f'href="{other_script_uri(pagename, script)}" />')
    if script == "traditional":
        convert = converter(app.config)
        for key in ("title", "docstitle", "shorttitle", "content", "genindexentries",
                    "indextitle", "rellinks"):
            if key in context:
                context[key] = convert_value(context[key], convert)
        for key in ("prev", "next"):
            if context.get(key):
                context[key] = dict(context[key], title=convert(context[key]["title"]))
        context["parents"] = [dict(p, title=convert(p["title"])) for p in context.get("parents", [])]
    if "body" in context:
        context["body"] = switch_html(pagename, script) + context["body"]


def build_finished(app: Sphinx, exception: Exception | None) -> None:
    """The extension's JavaScript in the traditional site speaks traditional script."""
    if exception is not None or not is_traditional(app.config) or app.builder.format != "html":
        return
    from rules_ext.rulebook_site.config import STATIC_DIR

    convert = converter(app.config)
    for source in STATIC_DIR.glob("*.js"):
        target = Path(app.outdir, "_static", source.name)
        if target.is_file():
            text = target.read_text(encoding="utf-8")
            converted = convert(text)
            if converted != text:
                target.write_text(converted, encoding="utf-8")


# -- the delivered traditional text -------------------------------------------------------------
def unchanged_by_conversion(corpus: Corpus, profile: str) -> list[str]:
    """Places of the delivered traditional-script editions whose text the conversion would change
    (``1999-trad:23B: 资讯 -> 資訊``); empty when the traditional site shows them as delivered."""
    changed = []
    for edition in corpus.editions:
        if edition.script != "traditional":
            continue
        for law in edition.laws:
            for p in law.walk():
                for text in _texts(p):
                    converted = to_traditional(text, profile)
                    if converted != text:
                        changed.append(f"{edition.id}:{p.label}: {_first_change(text, converted)}")
    return changed


def _texts(p) -> Iterable[str]:
    return [t for t in (p.marker, p.heading, p.text, p.original_text) if t]


def _first_change(a: str, b: str) -> str:
    start = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"{a[start:start + 6]} -> {b[start:start + 6]}"


def dictionary_text(text: str, config) -> str:
    """The search dictionary of the build: the traditional build segments traditional words."""
    if not is_traditional(config):
        return text
    convert = converter(config)
    lines = [convert(line) for line in text.splitlines()]
    return "\n".join(dict.fromkeys(lines + text.splitlines())) + "\n"


def setup(app: Sphinx) -> ExtensionMetadata:
    app.connect("config-inited", config_inited)
    # before Sphinx's title and toctree collectors (priority 500)
    app.connect("doctree-read", doctree_read, priority=400)
    # after the handlers that fill pages (500), before the search text is taken (600)
    app.connect("doctree-resolved", doctree_resolved, priority=550)
    app.connect("html-page-context", page_context)
    app.connect("build-finished", build_finished)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
