"""Provision labels: the one grammar of ``45C4b`` and ``1991:45C4b``, and what follows from a label.

A label is the compact form the rules cite: law, section (款, upper case), item (项), sub-item (目,
lower case), a number under a sub-item (``25B2b1``); a number touching the one before is set apart
(``76.1``, ``16A1(1)``); ``16intro`` and ``69note`` besides. ``EDITION:LABEL`` names one provision
of one edition; the same label in two editions is the same position, not always the same rule.

>>> label = Label.parse("45C4b")
>>> label.law, label.section, label.item, label.subitem
(45, 'C', 4, 'b')
>>> citation("45C4b"), ancestors("45C4b")
('第45条C款4项b目', ['45C4', '45C', '45'])
>>> LawCitation.parse("1991:27B2")
LawCitation(edition='1991', label='27B2')
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from rules_ext.errors import RulesError

__all__ = [
    "EDITION_ID",
    "Label",
    "LabelError",
    "LawCitation",
    "ancestors",
    "citation",
    "law_number",
    "law_of",
    "number_runs",
    "parse_target",
    "sort_key",
]

#: the pattern of an edition id: a year, or a year and a script variant (``1999-trad``)
EDITION_ID = r"\d{4}(?:-[a-z]+)?"

#: the grammar of a label (verbose syntax; numbers never start with 0, so a label prints one way)
_LABEL = r"""
    (?P<law>[1-9]\d{0,2})
    (?:
        (?P<intro>intro)
      | note(?P<note>[2-9]|[1-9]\d+)?(?P<noted>)
      | (?: (?P<section>[A-Z])(?P<item>[1-9]\d*)? | \.(?P<law_item>[1-9]\d*) )?
        (?: (?P<subitem>[a-z])(?P<subsub>[1-9]\d*)? | \((?P<bracketed>[1-9]\d*)\) )?
    )
    """
_LABEL_RE = re.compile(_LABEL, re.VERBOSE)
_TARGET_RE = re.compile(rf"(?:(?P<edition>{EDITION_ID}):)?(?P<label>{_LABEL})", re.VERBOSE)

#: the words of a Chinese citation, simplified and traditional script
_WORDS = {False: ("条", "款", "项", "目", "注", "引言"), True: ("條", "款", "項", "目", "註", "引言")}


class LabelError(RulesError):
    """A label or ``EDITION:LABEL`` target that cannot be read; the message quotes it and shows
    an accepted form."""


@dataclass(frozen=True, slots=True)
class Label:
    """A provision label taken apart: ``45C4b`` is law 45, section C, item 4, sub-item b.

    ``note`` counts the notes of a law (1 for ``69note``, 2 for ``69note2``; 0: not a note) and
    ``intro`` marks the un-lettered opening ``16intro``. ``str()`` gives the label back.

    >>> Label.parse("25B2b1")
    Label(law=25, section='B', item=2, subitem='b', subsub=1, note=0, intro=False)
    >>> str(Label(76, item=1)), str(Label(69, note=2)), str(Label(16, section="A", item=1, subsub=1))
    ('76.1', '69note2', '16A1(1)')
    >>> Label(45, section="c")
    Traceback (most recent call last):
    ...
    rules_ext.corpus.labels.LabelError: not a provision label: Label(law=45, section='c', item=None, subitem='', subsub=None, note=0, intro=False) would print '45c': expected e.g. 45C4b
    """

    law: int
    section: str = ""  # 款, 'A'..'Z'
    item: int | None = None  # 项
    subitem: str = ""  # 目, 'a'..'z'
    subsub: int | None = None  # the number under a sub-item, printed （1）
    note: int = 0
    intro: bool = False

    def __post_init__(self) -> None:
        text = str(self)
        match = _LABEL_RE.fullmatch(text)
        if match is None or _from_match(match) != _fields(self):
            raise LabelError(f"not a provision label: {self!r} would print {text!r}: "
                             "expected e.g. 45C4b")

    @classmethod
    def parse(cls, text: str) -> Label:
        """Read a label; a LabelError quotes anything else.

        >>> Label.parse("69note").note, Label.parse("16intro").intro, Label.parse("76.1").item
        (1, True, 1)
        >>> Label.parse("C45")
        Traceback (most recent call last):
        ...
        rules_ext.corpus.labels.LabelError: cannot read provision label 'C45': expected e.g. 16, 16C2, 45C4b, 69note
        """
        if cls is Label and isinstance(text, str):
            return _parsed_label(text)  # a label is a value: each distinct text read once
        return cls._read(text)

    @classmethod
    def _read(cls, text: str) -> Label:
        match = _LABEL_RE.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise LabelError(f"cannot read provision label {text!r}: "
                             "expected e.g. 16, 16C2, 45C4b, 69note")
        return cls(*_from_match(match))

    def __str__(self) -> str:
        if self.intro:
            return f"{self.law}intro"
        if self.note:
            return f"{self.law}note{self.note if self.note > 1 else ''}"
        item = "" if self.item is None else f"{'' if self.section else '.'}{self.item}"
        subsub = "" if self.subsub is None else (f"{self.subsub}" if self.subitem else f"({self.subsub})")
        return f"{self.law}{self.section}{item}{self.subitem}{subsub}"

    @property
    def parent(self) -> Label | None:
        """The provision this one is part of (a note's and an opening's is the law); None for a law.

        >>> Label.parse("47E2b").parent
        Label(law=47, section='E', item=2, subitem='', subsub=None, note=0, intro=False)
        """
        if self.subsub is not None:
            return replace(self, subsub=None)
        if self.subitem:
            return replace(self, subitem="")
        if self.item is not None:
            return replace(self, item=None)
        if self.section:
            return replace(self, section="")
        return Label(self.law) if self.note or self.intro else None

    @property
    def sort_key(self) -> tuple[int, int, str, int, str, int, int]:
        """Reading order within an edition: the law, its opening, items under the law, sections
        (each followed by its items and sub-items), then its notes."""
        group = (1 if self.intro else 4 if self.note else 2 if self.item is not None and not self.section
                 else 0 if self == Label(self.law) else 3)
        return (self.law, group, self.section, self.item or 0, self.subitem, self.subsub or 0,
                self.note)

    def citation(self, *, traditional: bool = False) -> str:
        """The provision as the Chinese rules cite it: ``第45条C款4项b目``, ``第69条注``."""
        law, section, item, subitem, note, intro = _WORDS[traditional]
        text = f"第{self.law}{law}"
        if self.intro:
            return text + intro
        if self.note:
            return text + note + (str(self.note) if self.note > 1 else "")
        if self.section:
            text += f"{self.section}{section}"
        if self.item is not None:
            text += f"{self.item}{item}"
        if self.subitem:
            text += f"{self.subitem}{subitem}"
        if self.subsub is not None:
            text += f"（{self.subsub}）"
        return text


@functools.lru_cache(maxsize=4096)
def _parsed_label(text: str) -> Label:
    """:meth:`Label.parse` of a text (the site and the corpus read the same few thousand labels
    tens of thousands of times: references, citations, sort keys)."""
    return Label._read(text)


def _fields(label: Label) -> tuple[int, str, int | None, str, int | None, int, bool]:
    return (label.law, label.section, label.item, label.subitem, label.subsub, label.note,
            label.intro)


def _from_match(match: re.Match[str]) -> tuple[int, str, int | None, str, int | None, int, bool]:
    def number(*groups: str) -> int | None:
        found = next((match[g] for g in groups if match[g]), None)
        return int(found) if found else None

    note = 0 if match["noted"] is None else int(match["note"] or 1)
    return (int(match["law"]), match["section"] or "", number("item", "law_item"),
            match["subitem"] or "", number("subsub", "bracketed"), note, bool(match["intro"]))


def law_number(label: str) -> int:
    """The law a label belongs to.

    >>> law_number("45C4b"), law_number("69note"), law_number("76.1")
    (45, 69, 76)
    """
    return Label.parse(label).law


def law_of(label: str) -> int | None:
    """The law of a label, or None for what is no label (a table's or a finding's label may be none).

    >>> law_of("45C4b"), law_of("")
    (45, None)
    """
    try:
        return law_number(label)
    except LabelError:
        return None


def number_runs(numbers: Iterable[int]) -> list[str]:
    """Law (or line) numbers as runs of consecutive numbers, in order.

    >>> number_runs([9, 3, 5, 7, 8]), number_runs(range(21, 40)), number_runs([])
    (['3', '5', '7–9'], ['21–39'], [])
    """
    ordered = sorted(set(numbers))
    runs, start = [], None
    for i, n in enumerate(ordered):
        if start is None:
            start = n
        if i + 1 == len(ordered) or ordered[i + 1] != n + 1:
            runs.append(str(start) if start == n else f"{start}–{n}")
            start = None
    return runs


def ancestors(label: str) -> list[str]:
    """The provisions a label is part of, nearest first, up to its law.

    >>> ancestors("47E2b"), ancestors("69note"), ancestors("16intro"), ancestors("16")
    (['47E2', '47E', '47'], ['69'], ['16'], [])
    """
    found = []
    parent = Label.parse(label).parent
    while parent is not None:
        found.append(str(parent))
        parent = parent.parent
    return found


def sort_key(label: str) -> tuple[int, int, str, int, str, int, int]:
    """Reading order of labels, for ``sorted(labels, key=sort_key)``.

    >>> sorted(["69note", "16B", "16A1a", "16A", "16intro", "16", "16A1"], key=sort_key)
    ['16', '16intro', '16A', '16A1', '16A1a', '16B', '69note']
    """
    return Label.parse(label).sort_key


def citation(label: str, title: str = "", *, traditional: bool = False) -> str:
    """The Chinese citation of a label, followed by ``title`` when one is given.

    >>> citation("45C4b"), citation("69note"), citation("45", "打出的牌")
    ('第45条C款4项b目', '第69条注', '第45条 打出的牌')
    >>> citation("21B1", traditional=True)
    '第21條B款1項'
    """
    return f"{Label.parse(label).citation(traditional=traditional)} {title}".strip()


@dataclass(frozen=True, slots=True)
class LawCitation:
    """A provision cited with its edition: ``1991:27B2``.

    >>> str(LawCitation("1999-trad", "21A"))
    '1999-trad:21A'
    >>> LawCitation.parse("45C4b", default_edition="1991")
    LawCitation(edition='1991', label='45C4b')
    >>> LawCitation.parse("27B2")
    Traceback (most recent call last):
    ...
    rules_ext.corpus.labels.LabelError: cannot read law citation '27B2': expected edition:label, e.g. 1991:27B2
    """

    edition: str
    label: str

    def __post_init__(self) -> None:
        if not (isinstance(self.edition, str) and re.fullmatch(EDITION_ID, self.edition)
                and isinstance(self.label, str) and _LABEL_RE.fullmatch(self.label)):
            raise LabelError(f"cannot read law citation {self.edition}:{self.label!r}: "
                             "expected edition:label, e.g. 1991:27B2")

    @classmethod
    def parse(cls, text: str, default_edition: str | None = None) -> LawCitation:
        """Read ``EDITION:LABEL``; a bare ``LABEL`` is in ``default_edition`` when one is given
        (a reference on a page of that edition) and an error otherwise (a ruling names it)."""
        match = _TARGET_RE.fullmatch(str(text).strip())
        edition = (match["edition"] or default_edition) if match else None
        if match is None or edition is None:
            expected = ("edition:label, e.g. 1991:27B2" if default_edition is None
                        else "e.g. 45C4b or 1991:27B2")
            noun = "law citation" if default_edition is None else "law reference"
            raise LabelError(f"cannot read {noun} {text!r}: expected {expected}")
        return cls(edition, match["label"])

    def __str__(self) -> str:
        return f"{self.edition}:{self.label}"


@functools.lru_cache(maxsize=8192)  # a site's pages make the same few thousand references again and again
def parse_target(target: str, default_edition: str) -> tuple[str, str]:
    """A reference target as ``(edition, label)``; a bare label is in ``default_edition``.

    >>> parse_target("1991:27B2", "1999"), parse_target("45C4b", "1999")
    (('1991', '27B2'), ('1999', '45C4b'))
    >>> parse_target("foo", "1991")
    Traceback (most recent call last):
    ...
    rules_ext.corpus.labels.LabelError: cannot read law reference 'foo': expected e.g. 45C4b or 1991:27B2
    """
    cited = LawCitation.parse(target, default_edition)
    return cited.edition, cited.label
