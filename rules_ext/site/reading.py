"""Pages for reading: the worked examples with their computation folded, and each edition whole on
one page (``<edition>/all``, for reading straight through and printing).

``.. rules-whole-edition::`` lists the law pages (one docname a line). When the page is written,
the law pages' doctrees as read take the placeholder's place before the page's references are
resolved (:class:`WholeEditionPages`, a post-transform ahead of Sphinx's references resolver), so
that the page is resolved once, as one page; then (:func:`inline_whole_edition`) each law's
navigation is left out, its links to the other laws of the page made links within the page and its
automatic ids (``id1``) made unique.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

from rules_ext.site.directives import collapsible

if TYPE_CHECKING:
    from sphinx.application import Sphinx

#: the summary line of a folded worked-example computation
CODE_SUMMARY = "计算过程（程序代码，可展开）"
#: page furniture of a law page left out of the whole edition
NAVIGATION = ("law-nav", "law-switch")
_AUTO_ID = re.compile(r"id\d+")


class whole_edition(nodes.General, nodes.Element):
    """Replaced at doctree-resolved by the law pages listed in ``docs``."""


class WholeEditionDirective(SphinxDirective):
    has_content = True

    def run(self) -> list[nodes.Node]:
        docs = [line.strip().lstrip("/") for line in self.content if line.strip()]
        for doc in docs:
            # the page is read again when a law page's source changes
            self.env.note_dependency(str(self.env.doc2path(doc)))
        node = whole_edition(docs=docs, classes=["law-whole-edition"])
        return [node]


class WholeEditionPages(SphinxPostTransform):
    """Each listed law page's sections, as read, in place of the placeholder, before the page's
    references are resolved (Sphinx's resolver runs at priority 10): the references, suits and
    examples of the laws are then resolved with the page, once. (Resolving each law page on its
    own would run every doctree-resolved handler once more for every law.)"""

    default_priority = 5

    def run(self, **kwargs: Any) -> None:
        for node in list(self.document.findall(whole_edition)):
            box = nodes.container(classes=["law-whole-edition"], rules_pages=node["docs"])
            for doc in node["docs"]:
                for section in self.env.get_doctree(doc).children:  # a new copy of the pickle
                    if isinstance(section, nodes.section):
                        section["rules_page"] = doc
                        box += section
            node.replace_self(box)


def inline_whole_edition(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """doctree-resolved: the laws of a whole-edition page made parts of one page (see the module)."""
    for box in list(doctree.findall(nodes.container)):
        if "rules_pages" not in box:
            continue
        pages = {f"{doc.rsplit('/', 1)[-1]}.html": doc for doc in box["rules_pages"]}
        for section in box.children:
            if isinstance(section, nodes.section) and "rules_page" in section:
                _inline_law(section, section["rules_page"].rsplit("/", 1)[-1], pages)


def _inline_law(section: nodes.section, prefix: str, pages: dict[str, str]) -> nodes.section:
    # the law's own anchor (its number) is kept; a heading's automatic id would repeat
    section["ids"] = [i for i in section["ids"] if not _AUTO_ID.fullmatch(i)] or [prefix]
    for element in list(section.findall(nodes.Element)):
        if element is not section and set(element.get("classes", [])) & set(NAVIGATION):
            # the law's anchor may sit on its navigation (docutils moves a target's id to the
            # element after it): it stays, on an empty mark
            anchors: list[str] = element.get("ids", [])
            if anchors:
                element.replace_self(nodes.inline(ids=anchors))
            else:
                element.parent.remove(element)
            continue
        ids: list[str] = element.get("ids", [])
        element["ids"] = [f"{prefix}-{i}" if _AUTO_ID.fullmatch(i) else i for i in ids]
        refid = element.get("refid")
        if refid and _AUTO_ID.fullmatch(refid):
            element["refid"] = f"{prefix}-{refid}"
        refuri = element.get("refuri", "")
        page, _, fragment = refuri.partition("#")
        if page in pages and isinstance(element, nodes.reference):
            # a law of this page: a link within the page (to the law, or the provision)
            number = page.removeprefix("law-").removesuffix(".html")
            element["refuri"] = f"#{_target(fragment, prefix, number)}"
    return section


def _target(fragment: str, prefix: str, number: str) -> str:
    if not fragment:
        return number
    return f"{prefix}-{fragment}" if _AUTO_ID.fullmatch(fragment) else fragment


def fold_worked_code(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """doctree-resolved (HTML): each doctest block of a page folded under a summary line, so that
    a worked example reads as a worked case (the blocks are still run by ``make doctest``)."""
    if app.builder.format != "html":
        return
    for block in list(doctree.findall(nodes.literal_block)):
        if block.get("testnodetype") not in ("doctest", "testcode", "testoutput"):
            continue
        if isinstance(block.parent, collapsible):
            continue
        folded = collapsible(summary=CODE_SUMMARY, classes=["worked-code"])
        block.replace_self(folded)
        folded += block
