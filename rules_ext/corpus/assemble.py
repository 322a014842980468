"""Assembling law drafts from the tokens of a laws region (chapters, parts, sections, laws)."""
from __future__ import annotations

from dataclasses import dataclass, field

from .editions import Token
from .laws import LawDraft
from .model import Heading, Junk
from .text import SourceLine


@dataclass(slots=True)
class Region:
    """A laws region split into headings, law drafts and the lines before the first law heading."""

    headings: list[Heading] = field(default_factory=list)
    drafts: list[LawDraft] = field(default_factory=list)
    before: list[SourceLine] = field(default_factory=list)  # lines with no law heading above them
    junk: list[tuple[int, str]] = field(default_factory=list)
    #: structural context (chapter, groups) at each line of ``before``
    context: dict[int, tuple[str, tuple[str, ...]]] = field(default_factory=dict)


def assemble(tokens: list[Token]) -> Region:
    region = Region()
    chapter = ""
    part = ""
    group = ""
    current: LawDraft | None = None
    for tok in tokens:
        n = tok.line.number
        if tok.kind == "junk":
            region.junk.append((n, tok.reason))
        elif tok.kind == "chapter":
            chapter, part, group = tok.title, "", ""
            region.headings.append(Heading("chapter", tok.title, (n, n)))
        elif tok.kind == "part":
            part, group = tok.title, ""
            region.headings.append(Heading("part", tok.title, (n, n)))
        elif tok.kind == "group":
            group = tok.title
            region.headings.append(Heading("group", tok.title, (n, n)))
        elif tok.kind == "law":
            current = LawDraft(number=tok.number, title=tok.title, title_line=n, lines=[],
                               chapter=chapter, groups=tuple(g for g in (part, group) if g))
            region.drafts.append(current)
        elif current is None:
            region.before.append(tok.line)
            region.context[n] = (chapter, tuple(g for g in (part, group) if g))
        else:
            current.lines.append(tok.line)
    return region


def junk_ranges(pairs: list[tuple[int, str]]) -> list[Junk]:
    from .junk import merge
    return merge(sorted(pairs))
