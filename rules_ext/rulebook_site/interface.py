"""The theme's interface words in Chinese, in both scripts.

Sphinx's own zh_CN and zh_TW catalogs leave furo's words in English ("Next", "Previous",
"On this page", "Back to top", the footer's credit), and furo's templates print some words without
marking them for translation: the aria labels of its switches, the titles of its icons (read by
screen readers) and "@pradyunsg's" in the credit. One message catalog,
``locale/zh_CN/LC_MESSAGES/sphinx.po`` (simplified script, reviewed wording), holds them all:

- at config-inited it is read and compiled in memory (Babel; no ``.mo`` file is written or kept)
  and put before Sphinx's own translations of the ``sphinx`` domain, the domain the theme's
  ``_()`` and ``{% trans %}`` use; the 繁體 build (:mod:`rules_ext.rulebook_site.hant`) converts each
  translation with OpenCC (``rules_traditional_profile``), so that the two scripts say the same;
- the extension's ``page.html`` (``templates/theme``, after the project's ``templates_path``,
  before the theme's) wraps the theme's page body in :func:`translate_literals`, which translates
  through the same catalog the words the theme's template and navigation tree print as literals.
  A project's own ``page.html`` replaces it; one that extends ``"rules_ext/page.html"`` keeps it.

A catalog is used only for a Chinese ``language``; other projects keep the theme as it is.
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
