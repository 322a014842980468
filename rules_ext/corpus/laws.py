"""Turning the lines of one law into a :class:`Law`: tables, errata, provisions, suit symbols.

Every line handed in gets exactly one place in ``places`` (line -> description), which the
line accounting of :mod:`rules_ext.corpus.accounting` collects.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .errata import Erratum, apply_to_lines
from .model import Law, Table
from .structure import LawLine, build_provisions, lift_closing_paragraphs, split_sentence_notes
from .suits import restore_suits
from .text import SourceLine, delivered


@dataclass(slots=True)
class LawDraft:
    """A law found in the text, before its provisions are built."""

    number: int
    title: str
    title_line: int | None  # the line that printed the heading (None: heading lost)
    lines: list[SourceLine]
    chapter: str = ""
    groups: tuple[str, ...] = ()
    title_editorial: bool = False
    number_editorial: bool = False
    confidence: float = 1.0
    evidence: list[str] = field(default_factory=list)


def extract_tables(edition_id: str, number: int, lines: list[SourceLine],
                   problems: list[str]) -> list[Table]:
    """The flattened tables of a law, rebuilt by :mod:`rules_ext.corpus.tables` (when present)."""
    try:
        from . import tables
    except ImportError:
        return []
    try:
        return tables.extract_tables(edition_id, number, [(ln.number, ln.text) for ln in lines])
    except ValueError as exc:
        problems.append(f"{edition_id} Law {number}: tables not rebuilt: {exc}")
        return []


def finish_law(edition_id: str, draft: LawDraft, errata: list[Erratum], places: dict[int, str],
               problems: list[str]) -> tuple[Law, list[Table]]:
    """Build the Law of a draft and record the place of each of its lines."""
    tables = extract_tables(edition_id, draft.number, draft.lines, problems)
    table_lines: dict[int, str] = {}
    for t in tables:
        for n in range(t.lines[0], t.lines[1] + 1):
            table_lines[n] = t.id
    body = [ln for ln in draft.lines if ln.number not in table_lines]
    corrected, applied, _ = apply_to_lines(errata, edition_id, {ln.number: ln.text for ln in body})
    law_lines = [LawLine(ln.number, delivered(ln.original), corrected[ln.number]) for ln in body]
    provisions, owner = build_provisions(draft.number, law_lines)
    note_evidence = split_sentence_notes(draft.number, provisions)
    note_evidence += lift_closing_paragraphs(provisions)
    by_label = {p.label: p for top in provisions for p in top.walk()}
    for n, ids in applied.items():
        p = by_label[owner[n]]
        p.corrections.extend(i for i in ids if i not in p.corrections)
    for p in by_label.values():
        p.text, _ = restore_suits(p.text)
        p.heading, _ = restore_suits(p.heading)
        p.closing, _ = restore_suits(p.closing)
    if draft.title_line is not None:
        places[draft.title_line] = f"law heading {edition_id}:{draft.number}"
    for n, tid in table_lines.items():
        places[n] = f"table {edition_id}:{tid}"
    numbers = [ln.number for ln in draft.lines] + ([draft.title_line] if draft.title_line else [])
    span = (min(numbers), max(numbers)) if numbers else (0, 0)
    # an erratum keyed by words of the printed title corrects the title (1999-trad 22: 程式)
    title, title_corrections = draft.title, []
    if draft.title_line is not None:
        for e in errata:
            if edition_id in e.editions and e.key in title:
                title = title.replace(e.key, e.replacement, 1)
                title_corrections.append(e.id)
    law = Law(number=draft.number, title=title, title_editorial=draft.title_editorial,
              original_title=draft.title if title != draft.title else "",
              title_corrections=title_corrections,
              chapter=draft.chapter, groups=draft.groups, lines=span,
              number_editorial=draft.number_editorial, confidence=draft.confidence,
              evidence=list(draft.evidence) + note_evidence, provisions=provisions)
    return law, tables
