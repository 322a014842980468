"""Rule texts -> structured model. Pure Python, never imports Sphinx.

``load_corpus()`` parses the delivered texts, ``rules_ext/corpus/texts`` (cached); ``parse(texts_dir)``
gives the full result with the place of every line and the problems found.
"""
from __future__ import annotations

from pathlib import Path

from rules_ext.fileio import package_path

from .model import Corpus

#: the delivered texts, byte for byte, and errata.toml (package data)
DEFAULT_TEXTS = package_path(__name__, "texts")


def parse(texts_dir: Path | None = None):
    """Parse ``texts_dir`` afresh: a :class:`rules_ext.corpus.parser.ParseResult`."""
    from .parser import parse_directory
    from .xrefs_link import link_references
    result = parse_directory(Path(texts_dir) if texts_dir is not None else DEFAULT_TEXTS)
    link_references(result)
    return result


#: the delivered texts' parse, once per process (:func:`adopt_default_result` may give it)
_DEFAULT: list = []


def _default_result():
    if not _DEFAULT:
        _DEFAULT.append(parse(None))
    return _DEFAULT[0]


def adopt_default_result(result) -> None:
    """``result``, the delivered texts parsed by :func:`load_result` in another process (the site's
    generator has a fork of its process parse them, :mod:`rules_ext.rulebook_site.background`), kept as this
    process's parse of them: :func:`load_corpus` returns its corpus from then on."""
    _DEFAULT[:] = [result]


def load_corpus(texts_dir: Path | None = None) -> Corpus:
    """The corpus of ``texts_dir`` (default: the delivered texts, parsed once and cached)."""
    if texts_dir is None:
        return _default_result().corpus
    return parse(texts_dir).corpus


def load_result(texts_dir: Path | None = None):
    """Like :func:`load_corpus` but with line accounting and problems (the default is cached)."""
    if texts_dir is None:
        return _default_result()
    return parse(texts_dir)


from .report import Report, check_report  # noqa: E402


def line_places(corpus: Corpus) -> dict[str, dict[int, str]]:
    """Per file, every 1-based line's place: 'provision 1991:16A', 'definition 1999:明手',
    'heading …', 'law heading …', 'table …', 'front …' or 'junk: <reason>'."""
    return {name: dict(places) for name, places in corpus.places.items()}

__all__ = [
    "DEFAULT_TEXTS",
    "Corpus",
    "Report",
    "check_report",
    "line_places",
    "load_corpus",
    "load_result",
    "parse",
]
