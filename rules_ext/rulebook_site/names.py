"""Names and titles shared by the generated pages: docname folders, edition names, law titles,
reST headings.
"""
from __future__ import annotations

from rules_ext.corpus.catalogue import EDITIONS
from rules_ext.corpus.labels import ancestors, citation, law_number
from rules_ext.corpus.model import Edition, Law

COMPARE = "compare"
WORKED = "worked"


def heading(text: str, char: str = "=") -> str:
    """A reST section title; CJK characters are two columns wide."""
    width = sum(2 if ord(c) > 0x2E80 else 1 for c in text)
    return f"{text}\n{char * (width + 2)}"


def edition_name(edition: Edition) -> str:
    """The short name of the editions table, e.g. '1991年版'."""
    return EDITIONS.name(edition.id)


def law_docname(edition: Edition, number: int) -> str:
    """``1991/law-45`` (the 繁體 site has the same page names: rules_ext.rulebook_site.hant)."""
    return f"{edition.id}/law-{number}"


def law_title(law: Law, convert=lambda s: s, traditional: bool = False) -> str:
    """``第45条 打出的牌``; on traditional-script pages ``第45條``."""
    return citation(law.label, convert(law.title or ""), traditional=traditional)


def anchors(edition: Edition) -> set[str]:
    """Every anchor a law page of ``edition`` has: its provisions, its tables and its laws."""
    return edition.labels() | {t.label for t in edition.tables} | {str(law.number) for law in edition.laws}


def nearest_anchor(label: str, known: set[str]) -> str | None:
    """The anchor a link to provision ``label`` lands on: the label itself, or, when the page has no
    such anchor (a lost section heading), its nearest ancestor that has one; None when none has."""
    if label in known:
        return label
    return next((a for a in ancestors(label) if a in known), None)


def provision_page(edition: Edition, label: str) -> str:
    """The page and anchor of provision ``label`` of ``edition``, as the site's law pages have them:
    ``1999/law-16.html#16A`` (the nearest ancestor with an anchor; the law page alone when none has)."""
    page = f"{law_docname(edition, law_number(label))}.html"
    anchor = nearest_anchor(label, anchors(edition))
    return f"{page}#{anchor}" if anchor else page
