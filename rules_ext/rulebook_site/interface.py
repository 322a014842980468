"""The theme's interface words in Chinese, in both scripts.

Sphinx's zh_CN and zh_TW catalogs leave furo's words in English ("Next", "On this page", the
footer's credit), and furo prints some words without marking them for translation (the aria
labels of its switches, its icons' titles). One reviewed catalog in simplified script,
``locale/zh_CN/LC_MESSAGES/sphinx.po``, holds them all: compiled in memory at config-inited (Babel;
no ``.mo`` file) and put before Sphinx's own ``sphinx`` domain, converted by OpenCC for the 繁體
build. The words the theme prints as literals are translated by :func:`translate_literals`, which
the extension's ``page.html`` wraps around the theme's body (a project's ``page.html`` that extends
``"rules_ext/page.html"`` keeps it). Only a Chinese ``language`` gets the catalog.
"""
from __future__ import annotations

import functools
import gettext
import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from markupsafe import Markup, escape
from sphinx import locale

from rules_ext.fileio import package_path
from rules_ext.rulebook_site import hant

if TYPE_CHECKING:
    from docutils import nodes
    from sphinx.application import Sphinx
    from sphinx.config import Config
    from sphinx.util.typing import ExtensionMetadata

CATALOG = package_path("rules_ext.rulebook_site", "locale", "zh_CN", "LC_MESSAGES", "sphinx.po")
#: templates after the project's, before the theme's (``page.html`` wraps the theme's in
#: :func:`translate_literals`)
THEME_TEMPLATES = package_path("rules_ext.rulebook_site", "templates", "theme")

#: no ``\b`` before the name: it would make the regex try every position of a page (4x slower);
#: the name's start is checked where it matches (:data:`_WORD_CHARACTER`)
_ATTRIBUTE = re.compile(r'(aria-label|title|placeholder)="([^"<>]*)"')
_WORD_CHARACTER = re.compile(r"\w")
_ICON_TITLE = re.compile(r"<title>([^<]*)</title>")
_SECTION_SWITCH = re.compile(r'aria-label="Toggle navigation of ([^"]*)"')
_POSSESSIVE = re.compile(r"(<a [^>]*>@[^<]*</a>)'s\b")


def is_chinese(config) -> bool:
    return (config.language or "").replace("-", "_").lower().startswith("zh")


def _read(catalog: Path):
    with catalog.open("rb") as source:
        return read_po(source, abort_invalid=True)


@functools.cache
def catalog_words(catalog: Path = CATALOG) -> frozenset[str]:
    """The English words the catalog translates (its msgids)."""
    return frozenset(m.id for m in _read(catalog) if isinstance(m.id, str) and m.id)


def translations(catalog: Path, convert: Callable[[str], str] | None = None) -> gettext.GNUTranslations:
    """The catalog as a translations object, each translation passed through ``convert``."""
    messages = _read(catalog)
    if convert is not None:
        for message in messages:
            if message.id and isinstance(message.string, str):
                message.string = convert(message.string)
    compiled = io.BytesIO()
    write_mo(compiled, messages)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def install(app: Sphinx, config: Config) -> None:
    """config-inited: the catalog before Sphinx's translations, and the page template after the
    project's, before the theme's (for a Chinese ``language`` only)."""
    if not is_chinese(config):
        return
    ours = translations(CATALOG, hant.converter(config) if hant.is_traditional(config) else None)
    ours.add_fallback(app.translator)
    # the templates' _() reads app.translator (at builder-inited); Sphinx's own _() the registry
    app.translator = ours
    locale.translators[("general", "sphinx")] = ours
    config.templates_path = [*config.templates_path, str(THEME_TEMPLATES)]


def translate_literals(html: str, gettext_: Callable[[str], str]) -> Markup:
    """``html`` (a rendered page body, trusted markup) with the theme's untranslated literal words
    translated: aria labels, titles and placeholders that are catalog entries, the icons'
    ``<title>``, the navigation's "Toggle navigation of …" and the credit's "'s"."""
    words = catalog_words()

    def translated(word: str) -> str:
        # only the catalog's own words: a page's text that happens to be a Sphinx message stays
        return str(escape(gettext_(word))) if word in words else word

    def attribute(match: re.Match) -> str:
        start = match.start()
        if start and _WORD_CHARACTER.match(match.string, start - 1):  # the end of another name (subtitle=)
            return match.group(0)
        return f'{match.group(1)}="{translated(match.group(2))}"'

    html = _SECTION_SWITCH.sub(
        lambda m: f'aria-label="{gettext_("Toggle navigation of %(title)s") % {"title": m.group(1)}}"',
        str(html))
    html = _ATTRIBUTE.sub(attribute, html)
    html = _ICON_TITLE.sub(lambda m: f"<title>{translated(m.group(1))}</title>", html)
    html = _POSSESSIVE.sub(lambda m: gettext_("%(author)s's") % {"author": m.group(1)}, html)
    return Markup(html)


def page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                 doctree: nodes.document | None) -> None:
    """html-page-context: the function the extension's ``page.html`` calls."""
    if is_chinese(app.config):
        context["rules_interface"] = lambda html: translate_literals(html, app.translator.gettext)


def setup(app: Sphinx) -> ExtensionMetadata:
    app.connect("config-inited", install)
    app.connect("html-page-context", page_context)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
