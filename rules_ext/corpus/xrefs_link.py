"""Creating the CrossReference objects of a parsed corpus and resolving them.

Finding references in a text and resolving targets is :mod:`rules_ext.corpus.xrefs`; this module
walks every provision and definition, calls ``find_references`` on the corrected text, and records
the source line of each match.
"""
from __future__ import annotations

from .model import CrossReference


def _line_of(p_text: str, start: int, first_line: int, lines_of_text: list[int]) -> int:
    """The source line holding character ``start`` of a provision text joined with newlines."""
    idx = p_text.count("\n", 0, start)
    return lines_of_text[idx] if idx < len(lines_of_text) else first_line


def link_references(result) -> None:
    try:
        from . import xrefs
    except ImportError:
        result.problems.append("cross-references not found (rules_ext.corpus.xrefs missing)")
        return
    for e in result.corpus.editions:
        for law in e.laws:
            for p in law.walk():
                p.xrefs = _find(xrefs, p.text, p.label, p)
                if p.closing:  # the closing paragraph, read in the provision's own context
                    p.xrefs += [CrossReference(text=f.text, line=_line_of(p.closing, f.start, p.lines[0],
                                                                          p.closing_lines),
                                               targets=tuple(f.targets))
                                for f in xrefs.find_references(p.closing, label=p.label)]
        for d in e.definitions:
            d.xrefs = _find(xrefs, d.text, "", d)
    xrefs.resolve_references(result.corpus)


def _find(xrefs, text: str, label: str, node) -> list[CrossReference]:
    lines = getattr(node, "text_lines", None)
    if not lines:
        # a definition: its text lines are the last lines of its range (the term comes first)
        k = text.count("\n") + 1
        first, last = node.lines
        lines = [max(first, last - k + 1 + i) for i in range(k)]
    out = []
    for f in xrefs.find_references(text, label=label):
        out.append(CrossReference(text=f.text, line=_line_of(text, f.start, node.lines[0], lines),
                                  targets=tuple(f.targets)))
    return out
