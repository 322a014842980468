"""A provision's history (沿革): the same rule in the other editions and what changed on the way,
one compact line under each provision of a law page.

The editions are taken in the order of the editions table, script variants left out (1991 → 1999
→ 2008); each two neighbours are paired provision by provision by the comparison's own alignment
(:func:`rules_ext.rulebook_site.compare.align`, by wording, never by label), so the line says what the
comparison page shows: ``沿革：1991年版第27条B款1项（文字有改动）→ 本版 → 2008年版第27条B款1项（文字相同）``.
Each edition is a link to its provision (the phrase in brackets tells what changed from it to the
next); an edition whose law has no counterpart of the provision is named without a link
(``1991年版无对应条文``); an edition that lacks the whole law (a partial copy) ends the line.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from rules_ext.corpus.labels import citation, law_of
from rules_ext.corpus.model import Corpus, Edition
from rules_ext.rulebook_site import markup
from rules_ext.rulebook_site.compare import Alignments, Row, comparable, normalised
from rules_ext.rulebook_site.names import COMPARE, edition_name

__all__ = ["Change", "History", "change_phrase"]

#: similarity from which a provision's wording changed only slightly (the comparison's figure)
SLIGHT = 0.9


def change_phrase(row: Row) -> str:
    """What changed between the two sides of a comparison row, in one Chinese phrase."""
    if row.relation == "split":
        return "拆分"
    if row.relation == "merged":
        return "并入"
    if row.old is None or row.new is None:
        return ""
    if normalised(row.old.text) == normalised(row.new.text):
        wording = "文字相同"
    elif row.ratio >= SLIGHT:
        wording = "文字略有改动"
    else:
        wording = "文字有改动"
    return f"移位，{wording}" if row.relation == "moved" else wording


@dataclass(frozen=True, slots=True)
class Change:
    """One step of a provision's history: its counterpart in the neighbouring edition (``None``:
    the neighbour's law has none) and what changed between the older and the newer one."""

    edition: str
    label: str | None
    phrase: str


class History:
    """The provisions of every two neighbouring editions paired by the comparison's alignment
    (each law aligned once, when first asked for)."""

    def __init__(self, corpus: Corpus, alignments: Alignments | None = None) -> None:
        self.corpus = corpus
        self.alignments = alignments or Alignments()
        self.line = [e for e in corpus.editions if e.variant_of is None]
        self._steps: dict[tuple[str, str, int], tuple[dict[str, Change], dict[str, Change]]] = {}

    def neighbours(self, edition_id: str) -> tuple[Edition | None, Edition | None]:
        """The editions before and after ``edition_id`` in the line (None at either end, and
        both for an edition not in the line: a script variant)."""
        ids = [e.id for e in self.line]
        if edition_id not in ids:
            return None, None
        at = ids.index(edition_id)
        return (self.line[at - 1] if at else None,
                self.line[at + 1] if at + 1 < len(self.line) else None)

    def _pairs(self, old: Edition, new: Edition, number: int
               ) -> tuple[dict[str, Change], dict[str, Change]] | None:
        """For law ``number``: old label -> its change forward, new label -> its change back."""
        key = (old.id, new.id, number)
        if key not in self._steps:
            rows = self.alignments.law(old, new, number)
            if rows is None:
                return None
            forward: dict[str, Change] = {}
            back: dict[str, Change] = {}
            for row in rows:
                phrase = change_phrase(row)
                if row.old is not None and not row.old.closing:
                    target = row.new.label if row.new is not None else (row.partner or None)
                    if row.new is not None and row.new.closing:
                        target = None
                    forward.setdefault(row.old.label, Change(new.id, target, phrase))
                if row.new is not None and not row.new.closing:
                    source = row.old.label if row.old is not None else (row.partner or None)
                    if row.old is not None and row.old.closing:
                        source = None
                    back.setdefault(row.new.label, Change(old.id, source, phrase))
            self._steps[key] = (forward, back)
        return self._steps[key]

    def walk(self, edition_id: str, label: str, forward: bool) -> Iterator[Change]:
        """The provision's counterparts, edition by edition, back or forward from
        ``edition_id``; it stops where an edition lacks the law or the provision."""
        number = law_of(label)
        while number is not None:
            before, after = self.neighbours(edition_id)
            other = after if forward else before
            if other is None:
                return
            pair = self._pairs(*((self.corpus.edition(edition_id), other) if forward
                                 else (other, self.corpus.edition(edition_id))), number)
            if pair is None:
                return
            change = pair[0 if forward else 1].get(label)
            if change is None:
                return
            yield change
            if change.label is None:
                return
            edition_id, label = other.id, change.label

    def changes(self, edition_id: str, label: str) -> tuple[list[Change], list[Change]]:
        """The provision's counterparts in the older editions (oldest first) and in the newer
        ones (nearest first)."""
        back = list(self.walk(edition_id, label, forward=False))
        return back[::-1], list(self.walk(edition_id, label, forward=True))

    def line_markup(self, edition_id: str, label: str) -> str:
        """The 沿革 line of a provision as reST (empty when no other edition has its law)."""
        older, newer = self.changes(edition_id, label)
        if not older and not newer:
            return ""
        pieces: list[str] = []
        for change in older:  # each phrase tells what changed from this edition to the next
            pieces.append(self._named(change) + (f"（{change.phrase}）" if change.phrase else ""))
        here = "本版"
        if newer and newer[0].phrase:
            here += f"（{newer[0].phrase}）"
        pieces.append(here)
        for i, change in enumerate(newer):
            after = newer[i + 1].phrase if i + 1 < len(newer) else ""
            pieces.append(self._named(change) + (f"（{after}）" if after else ""))
        line = "沿革：" + " → ".join(pieces)
        number = law_of(label)
        if number is not None and comparable(self.corpus, number):
            line += " · " + markup.role("doc", "对照", f"/{COMPARE}/law-{number}")
        return line

    def _named(self, change: Change) -> str:
        name = edition_name(self.corpus.edition(change.edition))
        if change.label is None:
            return markup.escape(f"{name}无对应条文")
        shown = f"{name}{citation(change.label)}"
        return markup.role("law:ref", shown, f"{change.edition}:{change.label}")

    def annotate(self, edition_id: str, provisions: Sequence[dict[str, Any]]) -> None:
        """Set ``history`` (the 沿革 line) on the template data of each provision and child (the
        繁體 site converts the built page, links included: rules_ext.rulebook_site.hant)."""
        for p in provisions:
            p["history"] = self.line_markup(edition_id, p["label"])
            self.annotate(edition_id, p.get("children", ()))
