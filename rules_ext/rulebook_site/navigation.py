"""Navigation without a sidebar of every page: index pages in the table of contents, the pages they
lead to in a reading order.

Were the laws in the sidebar, every page would carry every other page, and furo renders and
parses that tree for every page (the cost grows with the square of the pages). So the sidebar
holds the index pages only, and an index page names the pages it leads to with
``.. rules-reading-order::`` (one docname a line). The directive prints nothing: it records the
pages as the index page's children in the environment's toctree relations, as a toctree does, so
Sphinx gives each page its parent, previous and next page and calls none an orphan, while the
sidebar, made from the toctree nodes, stays short. The last page of an order leads back to its index
(:func:`back_to_index`); on a page not in the sidebar, the sidebar marks the nearest index page
above it (:func:`mark_current`).
"""
from __future__ import annotations

import re
from typing import Any

from sphinx.application import Sphinx
from sphinx.environment.adapters.toctree import TocTree
from sphinx.util import docname_join, logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import ExtensionMetadata

logger = logging.getLogger(__name__)


class ReadingOrderDirective(SphinxDirective):
    """``.. rules-reading-order::`` with one docname a line (``/1991/law-1`` or relative)."""

    has_content = True

    def run(self) -> list:
        env, docname = self.env, self.env.docname
        children: list[str] = []
        for offset, line in enumerate(self.content):
            name = line.strip()
            if not name:
                continue
            child = docname_join(docname, name)  # '/1991/law-1' is absolute, as in a toctree
            if child not in env.found_docs:
                logger.warning("reading order names a page that does not exist: %s", name,
                               location=(docname, self.content_offset + offset + 1),
                               type="rules", subtype="reading-order")
                continue
            if child == docname or child in children:
                continue
            children.append(child)
        # what a toctree directive records (sphinx.environment.adapters.toctree.note_toctree),
        # without a toctree node: relations, rebuilds and "included", not the sidebar
        env.toctree_includes.setdefault(docname, []).extend(children)
        for child in children:
            env.files_to_rebuild.setdefault(child, set()).add(docname)
        # the last page read in this order (per document: merged by parallel reads)
        if children:
            env.metadata.setdefault(docname, {})[LAST_KEY] = children[-1]
        return []


#: the metadata field of an index page naming the last page of its reading order
LAST_KEY = "rules-reading-order-last"


def back_to_index(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                  doctree: Any) -> None:
    """html-page-context: the last page of a reading order has as its next page the index page
    that orders it, not the page Sphinx would take next (another edition's index)."""
    for parent, meta in app.env.metadata.items():
        if meta.get(LAST_KEY) != pagename:
            continue
        title = app.env.titles.get(parent)
        name = title.astext() if title is not None else parent
        context["next"] = {"link": app.builder.get_relative_uri(pagename, parent),
                           "title": f"返回{name}"}
        return


def mark_current(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                 doctree: Any) -> None:
    """html-page-context, after the theme's: a page reached through a reading order (a law, a
    comparison) is not in the sidebar; the sidebar marks the nearest index page above it as the
    current one and opens it, as it would for the page itself."""
    tree = context.get("furo_navigation_tree")
    if not tree or "current-page" in tree:
        return
    for ancestor in TocTree(app.env).get_toctree_ancestors(pagename):
        href = re.escape(app.builder.get_relative_uri(pagename, ancestor))
        pattern = re.compile(rf'<li class="(toctree-l\d+[^"]*)"><a class="reference internal" '
                             rf'href="({href})">')
        marked, count = pattern.subn(r'<li class="\1 current current-page">'
                                     r'<a class="current reference internal" href="\2">', tree, count=1)
        if count:
            context["furo_navigation_tree"] = marked
            return


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_directive("rules-reading-order", ReadingOrderDirective)
    app.connect("html-page-context", mark_current, priority=600)
    # before the 繁體 conversion of the page's strings (hant.page_context, 500)
    app.connect("html-page-context", back_to_index, priority=450)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
