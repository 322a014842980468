"""The rulebook's Sphinx extension: the corpus model made into the site's pages (the ``law``
domain, its directives and roles, the generated pages, search, the 繁體 build, the theme's layer).

Each part registers what it defines in its own ``setup()``; the order of :data:`PARTS` is the order
in which Sphinx calls their handlers of one event at equal priority (the 繁體 conversion of a page's
context after the search data is added, the suit symbols coloured before Chinese lines are joined).
The 繁體 site is the same project built again with ``-D language=zh_TW``
(:mod:`rules_ext.rulebook_site.hant`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from rules_ext import __version__
from rules_ext.rulebook_site import _jieba  # noqa: F401 (first: imports jieba quietly)
from rules_ext.rulebook_site.config import DEFAULT_TEMPLATES, STATIC_DIR

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.util.typing import ExtensionMetadata

__all__ = ["DEFAULT_TEMPLATES", "PARTS", "STATIC_DIR", "setup"]

#: the extension's parts, each a module with its own ``setup()``
PARTS = ("config", "directives", "search", "hant", "interface", "notfound", "print_view", "publish",
         "generate", "reading", "downloads", "quote", "assistant", "navigation", "suits", "lines",
         "commands")


def setup(app: Sphinx) -> ExtensionMetadata:
    for part in PARTS:
        app.setup_extension(f"{__name__}.{part}")
    return {"version": __version__, "env_version": 4, "parallel_read_safe": True,
            "parallel_write_safe": True}
