"""The site's 404 page (``404.html``, both scripts): in Chinese, it offers the law the reader was
looking for in each edition that has it (from the address, ``…/law-45.html``), the editions, the
home page and the search.

A server shows this one page for a missing address at any folder depth, so its links and the
theme's stylesheets cannot be relative to where it was built: the page sets ``<base>`` to the
site's root, ``html_baseurl`` when it is given, else the root worked out in the browser from the
address (the part before the first of the site's top folders: ``/rules/`` of ``/rules/1991/law-99.html``;
the server's root ``/`` when the address names none of them — a site served from a folder gives
``html_baseurl``, ``make html SITE_URL=…``), by a small script ahead of the stylesheets.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from rules_ext.corpus.catalogue import EDITIONS
from rules_ext.corpus.labels import law_of
from rules_ext.rulebook_site import hant, interface

if TYPE_CHECKING:
    from docutils import nodes
    from sphinx.application import Sphinx
    from sphinx.config import Config
    from sphinx.util.typing import ExtensionMetadata

PAGENAME = "404"
TEMPLATE = "rules-404.html"
#: the words of the page (simplified; the 繁體 build converts them)
WORDS = {
    "title": "找不到此页",
    "lead": "您要打开的页面不存在：地址可能有误，或者页面已经移动。",
    "law": "第{n}条在各版本中：",
    "law_link": "{edition} 第{n}条",
    "editions": "各版本",
    "home": "首页",
    "search": "搜索全书",
}

#: folders of a build that are not an edition's (the generated and hand-written ones)
_OTHER_FOLDERS = ("compare", "assistant", "worked", "examples", "_static", "_generated", "_downloads",
                  "_search", "pdf")


def config_inited(app: Sphinx, config: Config) -> None:
    """The 404 page, unless the project made its own; its template is in the extension's theme
    layer, which a site in Chinese has (``interface.install``)."""
    if not interface.is_chinese(config):
        return
    config.html_additional_pages = {PAGENAME: TEMPLATE, **(config.html_additional_pages or {})}


def laws_by_edition(domain_objects: dict[tuple[str, str, str], Any]) -> dict[str, dict[int, str]]:
    """edition id -> law number -> docname of its page, from the ``law`` domain's objects."""
    laws: dict[str, dict[int, str]] = {}
    for (edition, _script, label), entry in domain_objects.items():
        number = law_of(label)
        if entry.objtype == "law" and number is not None:
            laws.setdefault(edition, {})[number] = entry.docname
    return laws


def page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                 doctree: nodes.document | None) -> None:
    """html-page-context of the 404 page: its words, the editions' law pages, the root."""
    if pagename != PAGENAME or templatename != TEMPLATE:
        return
    traditional = hant.is_traditional(app.config)
    convert = hant.converter(app.config) if traditional else (lambda text: text)
    laws = laws_by_edition(app.env.get_domain("law").data["objects"])
    editions = [{"name": convert(EDITIONS.name(e.id)), "index": f"{e.id}/index.html",
                 "laws": {n: f"{doc}.html" for n, doc in sorted(laws.get(e.id, {}).items())}}
                for e in EDITIONS if e.id in laws]
    folders = sorted({*laws, *_OTHER_FOLDERS, "hant"})
    own = "hant/" if traditional else ""
    context.update(
        title=convert(WORDS["title"]),
        rules_404={key: convert(text) for key, text in WORDS.items()},
        rules_404_editions=editions,
        rules_404_data=json.dumps({"editions": editions, "folders": folders, "own": own,
                                   "law": convert(WORDS["law"]), "link": convert(WORDS["law_link"])},
                                  ensure_ascii=False).replace("</", "<\\/"),
        rules_404_base=app.config.html_baseurl or "",
    )


def setup(app: Sphinx) -> ExtensionMetadata:
    app.connect("config-inited", config_inited)
    app.connect("html-page-context", page_context)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
