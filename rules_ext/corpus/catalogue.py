"""The editions of the rulebook: one table that the parser, the reference resolver, the site and its
templates read, instead of each knowing the ids.

* ``1991`` and ``1999`` are the two translations (of the 1987 and the 1997 international Laws);
* ``2008`` is the excerpt headed 2008 in the source, which repeats the 1999 wording;
* ``1999-trad`` is the traditional-script copy of part of the 1999 edition, a *script variant*.

Each edition knows where a provision (or a definition) it lacks is looked for next, nearest first —
its *fallbacks* — and the site compares one pair of editions side by side.

>>> EDITIONS.ids
('1991', '1999', '2008', '1999-trad')
>>> EDITIONS["2008"].fallbacks, EDITIONS.name("1999-trad"), EDITIONS.comparison
(('1999', '1991'), '1999年版 繁體原文', ('1991', '1999'))
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from rules_ext.errors import NotFoundError

from .labels import EDITION_ID

__all__ = ["EDITIONS", "LAW_PDF_FOLDER", "EditionInfo", "EditionTable", "law_pdf_name", "pdf_name"]

SCRIPTS = ("simplified", "traditional")


@dataclass(frozen=True, slots=True)
class EditionInfo:
    """What is known of an edition before its text is read."""

    id: str  # '1991', '1999-trad'
    title: str  # the title of the edition in the model, e.g. '中国桥牌竞赛规则（1991）'
    name: str  # the site's short name, e.g. '1991年版'
    #: where a provision or a definition missing from this edition is looked for, nearest first
    fallbacks: tuple[str, ...] = ()
    script: str = "simplified"  # or 'traditional'
    variant_of: str | None = None  # the edition this one is a script variant of

    def __post_init__(self) -> None:
        if not re.fullmatch(EDITION_ID, self.id):
            raise ValueError(f"bad edition id {self.id!r}: expected a year, e.g. 1991 or 1999-trad")
        if self.script not in SCRIPTS:
            raise ValueError(f"edition {self.id}: unknown script {self.script!r}: expected one of "
                             f"{', '.join(SCRIPTS)}")
        if self.id in self.fallbacks:
            raise ValueError(f"edition {self.id} falls back on itself: expected other editions")


@dataclass(frozen=True, slots=True)
class EditionTable:
    """The editions in the order they are listed (a page's default edition first) and the pair
    of editions the comparison pages set side by side (older, newer)."""

    editions: tuple[EditionInfo, ...]
    comparison: tuple[str, str]

    def __post_init__(self) -> None:
        ids = [e.id for e in self.editions]
        if not ids or len(set(ids)) != len(ids):
            raise ValueError(f"edition ids {ids!r}: expected at least one, each once")
        named = [(e.id, other) for e in self.editions
                 for other in (*e.fallbacks, *([e.variant_of] if e.variant_of else []))]
        named += [("comparison", other) for other in self.comparison]
        unknown = [f"{owner} -> {other}" for owner, other in named if other not in ids]
        if unknown:
            raise ValueError(f"unknown editions named: {', '.join(unknown)}: expected one of "
                             f"{', '.join(ids)}")

    def __iter__(self) -> Iterator[EditionInfo]:
        return iter(self.editions)

    def __getitem__(self, edition_id: str) -> EditionInfo:
        found = self.get(edition_id)
        if found is None:
            raise NotFoundError(f"no edition {edition_id!r} in the table: expected one of "
                           f"{', '.join(self.ids)}")
        return found

    def get(self, edition_id: str) -> EditionInfo | None:
        return next((e for e in self.editions if e.id == edition_id), None)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(e.id for e in self.editions)

    @property
    def default(self) -> str:
        """The edition a bare label refers to unless a site says otherwise."""
        return self.editions[0].id

    def title(self, edition_id: str) -> str:
        """The model's title of an edition (an unknown edition is called by its id)."""
        info = self.get(edition_id)
        return info.title if info is not None else edition_id

    def name(self, edition_id: str) -> str:
        """The site's short name of an edition, e.g. '1991年版' (an unknown one: its id)."""
        info = self.get(edition_id)
        return info.name if info is not None else edition_id

    def fallbacks(self, edition_id: str, others: tuple[str, ...]) -> tuple[str, ...]:
        """Where to look next for what ``edition_id`` lacks: its fallbacks, or for an edition the
        table does not know, ``others`` (every other edition, in their order)."""
        info = self.get(edition_id)
        return info.fallbacks if info is not None else others

    def script_variant(self, script: str) -> EditionInfo:
        """The one edition delivered in ``script`` as a copy of another edition."""
        found = [e for e in self.editions if e.variant_of is not None and e.script == script]
        if len(found) != 1:
            raise LookupError(f"{len(found)} editions are {script} copies of another: expected one")
        return found[0]

    def variants(self) -> tuple[EditionInfo, ...]:
        """The script variants (delivered copies of an edition in the other script)."""
        return tuple(e for e in self.editions if e.variant_of is not None)


def pdf_name(edition_id: str) -> str:
    """The file name of an edition's printed PDF, as the site publishes it in its ``pdf/``
    folder and ``python -m rules_ext samples`` writes it: ``rules-1991.pdf``."""
    return f"rules-{edition_id}.pdf"


#: the folder of the one-law PDFs inside the site's ``pdf/`` folder
LAW_PDF_FOLDER = "laws"


def law_pdf_name(edition_id: str, number: int) -> str:
    """Where one law's printed PDF is in the site's ``pdf/`` folder, as ``samples`` writes it and
    the law page links to it: ``laws/rules-1999-law-27.pdf``."""
    return f"{LAW_PDF_FOLDER}/rules-{edition_id}-law-{number}.pdf"


EDITIONS = EditionTable(
    editions=(
        EditionInfo("1991", "中国桥牌竞赛规则（1991）", "1991年版", fallbacks=("1999",)),
        EditionInfo("1999", "中国桥牌竞赛规则（1999）", "1999年版", fallbacks=("1991",)),
        EditionInfo("2008", "中国桥牌竞赛规则（2008 版摘录，措辞同 1999）", "2008年版",
                    fallbacks=("1999", "1991")),
        EditionInfo("1999-trad", "中國橋牌競賽規則（1999，繁體摘錄）", "1999年版 繁體原文",
                    fallbacks=("1999", "1991"), script="traditional", variant_of="1999"),
    ),
    comparison=("1991", "1999"),
)
