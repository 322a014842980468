"""What a published site needs besides its pages: a favicon, ``sitemap.xml``, unique ids.

- favicon: ``static/favicon.svg`` (a spade), unless conf.py sets ``html_favicon``;
- ``sitemap.xml`` at build-finished, listing every page, when ``html_baseurl`` is set (a sitemap
  holds absolute URLs only); without it, the build log says why none was written;
- unique ids: docutils gives a captioned table an id (``id2``) and furo's table wrapper
  (a post-transform) copies every attribute of the table, ids included, onto the ``<div>``
  around it, so the page has each such id twice; the wrapper's copies are removed.
"""
from __future__ import annotations

import posixpath
import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from docutils import nodes
from sphinx.util import logging

from rules_ext.fileio import write_text_atomic

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config
    from sphinx.util.typing import ExtensionMetadata

logger = logging.getLogger(__name__)

STATIC_DIR = Path(__file__).parent / "static"
#: stylesheets only some pages use: file -> the static file whose classes a page must use
#: (None: Sphinx's highlighted code, always in ``<div class="highlight">``)
STYLESHEETS_BY_USE = {"pygments.css": None, "rules-fidelity.css": STATIC_DIR / "rules-fidelity.css"}
_CLASS_ATTRIBUTE = re.compile(r'\bclass="([^"]*)"')


def default_favicon(app: Sphinx, config: Config) -> None:
    """config-inited: the rulebook's favicon unless conf.py names one."""
    if not config.html_favicon:
        config.html_favicon = str(STATIC_DIR / "favicon.svg")


def unique_wrapper_ids(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """doctree-resolved: a wrapper does not repeat the ids of what it wraps (see module doc)."""
    for wrapper in doctree.findall(nodes.container):
        if wrapper["ids"] and len(wrapper.children) == 1 and isinstance(
                wrapper.children[0], nodes.Element):
            inner = set(wrapper.children[0]["ids"])
            wrapper["ids"] = [i for i in wrapper["ids"] if i not in inner]


def sitemap(pages: list[str], baseurl: str) -> str:
    """``sitemap.xml`` for the pages (URLs relative to ``baseurl``)."""
    base = baseurl if baseurl.endswith("/") else baseurl + "/"
    urls = "".join(f"  <url><loc>{escape(base + page)}</loc></url>\n" for page in pages)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
            f"{urls}</urlset>\n")


def write_sitemap(app: Sphinx, exception: Exception | None) -> None:
    """build-finished: ``sitemap.xml`` of every page, for an HTML build with ``html_baseurl``."""
    if exception is not None or app.builder.format != "html" or app.builder.name == "singlehtml":
        return
    if not app.config.html_baseurl:
        logger.info("rules: no sitemap.xml written: set html_baseurl (the site's address) in "
                    "conf.py to have one")
        return
    pages = [app.builder.get_target_uri(docname) for docname in sorted(app.env.found_docs)]
    pages += ["genindex.html"]
    write_text_atomic(Path(app.builder.outdir, "sitemap.xml"),
                      sitemap(sorted(set(pages)), app.config.html_baseurl))


@cache
def stylesheet_classes(path: Path | None) -> frozenset[str]:
    """The classes a stylesheet's selectors name (``.law-insert`` -> ``law-insert``)."""
    if path is None:
        return frozenset({"highlight"})
    css = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
    return frozenset(re.findall(r"\.(-?[_a-zA-Z][\w-]*)", css))


def page_stylesheets(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                     doctree: nodes.document | None) -> None:
    """html-page-context: the stylesheets of ``STYLESHEETS_BY_USE`` left off a page that uses
    none of their classes (the list is the builder's, restored for the next page)."""
    files = context.get("css_files")
    if not isinstance(files, list):
        return
    used = {name for value in _CLASS_ATTRIBUTE.findall(context.get("body") or "")
            for name in value.split()}
    unused = {name for name, source in STYLESHEETS_BY_USE.items()
              if not used & stylesheet_classes(source)}
    files[:] = [css for css in files
                if posixpath.basename(str(getattr(css, "filename", css))) not in unused]


def setup(app: Sphinx) -> ExtensionMetadata:
    """The site's own stylesheets and scripts, its favicon, unique ids and sitemap."""
    for css in ("rules.css", "rules-fidelity.css", "rules-reading.css"):
        app.add_css_file(css)
    app.add_js_file("rules.js")
    app.add_js_file("script-switch.js", defer="defer")
    app.connect("config-inited", default_favicon)
    app.connect("doctree-resolved", unique_wrapper_ids)
    app.connect("html-page-context", page_stylesheets)
    app.connect("build-finished", write_sitemap)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
