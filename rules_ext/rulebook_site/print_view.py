"""A law page printed: what the paper says besides the law (the print CSS in ``static/rules.css``
hides the sidebar, the navigation and the links that only a screen uses).

At the top of the printed page (``law-print-head``, shown only in print; its id ``print`` is where
the page's 打印本条 link points, which ``rules.js`` turns into the browser's print), the law's
citation ``《中国桥牌竞赛规则》（1999年版）第27条 不足叫牌``, the page's address and the build date;
in the page's margins on every printed sheet (CSS ``@page`` margin boxes), the citation at the top
and the address, the date and the page number at the foot. The address is the page's on the
published site (``html_baseurl``); without one, its place in the site, which ``rules.js`` replaces
by the address the reader opened. The law's PDF (``samples``, :mod:`rules_ext.pdf.edition`) is
linked from the page's edition links.
"""
from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING, Any

from rules_ext.corpus.catalogue import EDITIONS
from rules_ext.corpus.labels import EDITION_ID
from rules_ext.corpus.printed import build_date, law_citation, law_page, page_address

if TYPE_CHECKING:
    from docutils import nodes
    from sphinx.application import Sphinx
    from sphinx.util.typing import ExtensionMetadata

#: a law page's name: ``1999/law-27``
LAW_PAGE = re.compile(rf"^(?P<edition>{EDITION_ID})/law-(?P<number>[1-9]\d*)$")
#: the id of the print head, where the page's 打印本条 link points
PRINT_ID = "print"


def _css_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


def page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                 doctree: nodes.document | None) -> None:
    """html-page-context: a law page's print head and its printed sheets' margins."""
    from rules_ext.rulebook_site import hant

    match = LAW_PAGE.match(pagename)
    if match is None or doctree is None or "body" not in context:
        return
    edition = EDITIONS.get(match["edition"])
    if edition is None:
        return
    traditional = hant.is_traditional(app.config) or edition.script == "traditional"
    title = html.unescape(re.sub(r"<[^>]+>", "", context.get("title", "")))
    number = int(match["number"])
    title = re.sub(r"^第\d+[条條]\s*", "", title)
    cite = law_citation(edition.id, edition.name, number, title, traditional=traditional)
    address = page_address(app.config.html_baseurl, law_page(edition.id, number))
    date = build_date()
    made = f"生成日期：{date}"
    if traditional:
        convert = hant.converter(app.config)
        cite, made = convert(cite), convert(made)
    context["body"] = (
        f'<div class="law-print-head" id="{PRINT_ID}">'
        f'<p class="law-print-cite">{html.escape(cite)}</p>'
        f'<p class="law-print-meta"><code class="law-print-url">{html.escape(address)}</code>'
        f'　{html.escape(made)}</p></div>\n' + context["body"])
    context["metatags"] = context.get("metatags", "") + (
        '\n    <style media="print" class="law-print-page">@page { '
        f"@top-left {{ content: {_css_string(cite)}; }} "
        f"@bottom-left {{ content: {_css_string(address)}; }} "
        f'@bottom-right {{ content: {_css_string(made + "　")} counter(page) " / " counter(pages); }} '
        "}</style>")


def setup(app: Sphinx) -> ExtensionMetadata:
    app.connect("html-page-context", page_context)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
