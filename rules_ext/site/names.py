"""Names and titles shared by the generated pages: docname folders, edition names, law titles,
reST headings.
"""
from __future__ import annotations

from rules_ext.corpus.model import Edition, Law

HANT = "zh-hant"
COMPARE = "compare"
WORKED = "worked"

EDITION_NAMES = {"1991": "1991年版", "1999": "1999年版", "2008": "2008年版",
                 "1999-trad": "1999年版 繁體原文"}


def heading(text: str, char: str = "=") -> str:
    """A reST section title; CJK characters are two columns wide."""
    width = sum(2 if ord(c) > 0x2E80 else 1 for c in text)
    return f"{text}\n{char * (width + 2)}"


def edition_name(edition: Edition) -> str:
    return EDITION_NAMES.get(edition.id, edition.id)


def law_docname(edition_id: str, number: int, script: str = "simplified") -> str:
    prefix = f"{HANT}/" if script == "traditional" and not edition_id.endswith("-trad") else ""
    return f"{prefix}{edition_id}/law-{number}"


def law_title(law: Law, convert=lambda s: s, traditional: bool = False) -> str:
    """``第45条 打出的牌``; on traditional-script pages ``第45條``."""
    word = "條" if traditional else "条"
    return f"第{law.number}{word} {convert(law.title or '')}".strip()
