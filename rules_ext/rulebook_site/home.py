"""A home page for a project that has none, so that ``extensions = ["rules_ext"]`` alone builds a
site: the editions, the comparison, the law index and the worked examples.

The page is generated only while the project has no root document of its own (``root_doc``,
``index.rst`` by default). It opens with :data:`HOME_MARK`; a file without that line is the
project's own and is never touched, so writing an ``index.rst`` (or deleting the mark from the
generated one) replaces it.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from rules_ext.rulebook_site.names import COMPARE, WORKED, edition_name
from rules_ext.rulebook_site.pages import Generator

#: the first line of a generated home page (a reST comment)
HOME_MARK = (".. rules_ext: generated home page, kept up to date by the extension; "
             "delete this line to keep your edits")


def wants_home(srcdir: Path, root_doc: str, suffixes: Iterable[str]) -> bool:
    """True when the project has no root document of its own (none, or one generated before)."""
    for suffix in suffixes:
        path = srcdir / f"{root_doc}{suffix}"
        if path.is_file():
            with path.open(encoding="utf-8", errors="replace") as file:
                return file.readline().rstrip("\n") == HOME_MARK
    return True


def home_page(generator: Generator, pages: Mapping[str, str]) -> str:
    """The home page's reST, linking the editions and whichever other generated pages exist."""
    editions = []
    for edition in generator.editions():
        numbers = sorted(law.number for law in edition.laws)
        editions.append({"id": edition.id, "name": edition_name(edition),
                         "laws": f"第{numbers[0]}–{numbers[-1]}条" if numbers else "",
                         "glossary": bool(edition.definitions)})
    return generator.render(
        "site/home.rst.jinja", mark=HOME_MARK, editions=editions,
        compare=f"{COMPARE}/index" in pages,
        worked=f"{WORKED}/index" in pages, assistant="assistant/index" in pages)
