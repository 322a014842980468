"""Sphinx extension and tools for the Chinese duplicate bridge competition rules (中国桥牌竞赛规则).

As a Sphinx extension (``extensions = ["rules_ext"]``) it registers the site layer: the ``law``
domain, its directives and roles, the page generation and the Chinese search (rules_ext.rulebook_site).
"""
from __future__ import annotations

import importlib.metadata
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.util.typing import ExtensionMetadata

try:
    __version__ = importlib.metadata.version("rules-ext")
except importlib.metadata.PackageNotFoundError:  # a source checkout on sys.path that was never installed
    __version__ = "0+unknown"


def setup(app: Sphinx) -> ExtensionMetadata:
    from rules_ext.rulebook_site import setup as site_setup

    return site_setup(app)
