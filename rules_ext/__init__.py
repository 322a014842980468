"""Sphinx extension and tools for the Chinese duplicate bridge competition rules (中国桥牌竞赛规则)."""
from __future__ import annotations

__version__ = "0.1.0"


def setup(app):  # pragma: no cover - filled in by the site layer
    from rules_ext.site import setup as site_setup

    return site_setup(app)
