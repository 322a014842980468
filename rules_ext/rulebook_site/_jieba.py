"""jieba, imported quietly, before anything else of the site (Sphinx's Chinese search imports it too).

jieba 0.42 (its last release) imports ``pkg_resources`` before trying importlib, and setuptools
warns about that import on stderr at every build; and jieba logs its dictionary loading at DEBUG
level on stderr.
"""
from __future__ import annotations

import logging
import warnings

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", "pkg_resources is deprecated", UserWarning)
    import jieba

jieba.setLogLevel(logging.WARNING)
