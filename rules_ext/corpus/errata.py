"""Reviewed corrections of the delivered texts (rules_ext/corpus/texts/errata.toml).

Published law is never changed silently: every change is an erratum with its reason, keyed by a
snippet of the surrounding text, never by a line number (``key``, unique in each listed edition,
holding ``original``; ``corrected``; ``reason``; ``explanation``, for readers, in Chinese;
``insertion = true`` for words no delivered copy has, shown in 〔…〕). A change made wherever a
pattern occurs (restored suit symbols, the traditional copy's ``***`` brackets and ASCII ``;``) is
a ``[[rule]]`` (``change``: one of :data:`RULE_CHANGES`) in the same file; every provision or
definition it applies to lists its id among its corrections. The model keeps the delivered text
(``original_text``) and the corrected one (``text``) with the ids applied; a key found nowhere or
more than once is a problem ``check`` reports.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from rules_ext.errors import RulesError

#: the pattern changes a rule may name (see :func:`rule_applies`)
RULE_CHANGES = ("suits", "brackets", "semicolons")
_SUITS = "♠♥♦♣"


class ErrataError(RulesError):
    """An errata file or entry that cannot be used."""


@dataclass(frozen=True, slots=True)
class Erratum:
    id: str
    editions: tuple[str, ...]
    key: str
    original: str
    corrected: str
    reason: str
    explanation: str = ""  # the reason in Chinese, for readers
    insertion: bool = False  # ``corrected`` adds text that no delivered copy has

    def __post_init__(self) -> None:
        if not self.id or not self.key or not self.reason:
            raise ErrataError(f"erratum {self.id!r}: id, key and reason are required "
                              "(e.g. id = \"1991-renyi\", key = \"则人一防家\", reason = \"typo\")")
        if self.original not in self.key:
            raise ErrataError(f"erratum {self.id!r}: original {self.original!r} is not inside key "
                              f"{self.key!r}: expected e.g. key = \"则人一防家\", original = \"人一\"")
        if not self.editions:
            raise ErrataError(f"erratum {self.id!r}: no editions: expected e.g. editions = [\"1991\"]")

    @property
    def replacement(self) -> str:
        """The key with the correction applied."""
        return self.key.replace(self.original, self.corrected, 1)

    @property
    def inserted(self) -> str:
        """What an insertion adds: ``corrected`` less what it keeps of ``original`` at either end
        (``成立，`` -> ``成立，而左敌家的叫牌可予取消，均不判罚。`` adds from ``而``)."""
        if not self.insertion:
            return ""
        head = len(_common_prefix(self.original, self.corrected))
        tail = len(_common_prefix(self.original[head:][::-1], self.corrected[head:][::-1]))
        return self.corrected[head:len(self.corrected) - tail]


def _common_prefix(a: str, b: str) -> str:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return a[:n]


@dataclass(frozen=True, slots=True)
class Rule:
    """A change the parser makes wherever a pattern occurs (not keyed by a snippet)."""

    id: str
    editions: tuple[str, ...]
    change: str  # one of RULE_CHANGES
    reason: str
    explanation: str

    def __post_init__(self) -> None:
        if self.change not in RULE_CHANGES:
            raise ErrataError(f"rule {self.id!r}: unknown change {self.change!r}: expected one of "
                              f"{', '.join(RULE_CHANGES)}")
        if not self.id or not self.editions or not self.reason or not self.explanation:
            raise ErrataError(f"rule {self.id!r}: id, editions, reason and explanation are required")


def rule_applies(rule: Rule, original: str, text: str) -> bool:
    """Whether ``rule`` changed the delivered ``original`` into ``text``."""
    if rule.change == "suits":
        return sum(text.count(s) for s in _SUITS) > sum(original.count(s) for s in _SUITS)
    if rule.change == "brackets":
        return "***" in original and "***" not in text
    return ";" in original and "；" in text


def _tables(path: Path, kind: str) -> list[dict]:
    """The ``[[kind]]`` tables of errata.toml (none when the file is missing)."""
    if not path.exists():
        return []
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ErrataError(f"cannot read {path.name}: {exc}: expected [[{kind}]] tables") from exc
    return data.get(kind, [])


def load_rules(path: Path) -> list[Rule]:
    """The ``[[rule]]`` tables of errata.toml."""
    out = []
    for entry in _tables(path, "rule"):
        try:
            out.append(Rule(id=entry["id"], editions=tuple(entry["editions"]), change=entry["change"],
                            reason=entry["reason"], explanation=entry["explanation"]))
        except KeyError as exc:
            raise ErrataError(f"rule {entry.get('id', entry)!r} lacks {exc}: expected id, editions, "
                              "change, reason, explanation") from exc
    return out


def load_errata(path: Path) -> list[Erratum]:
    """Read errata.toml; a missing file means no errata."""
    out = []
    seen: set[str] = set()
    for entry in _tables(path, "erratum"):
        try:
            e = Erratum(id=entry["id"], editions=tuple(entry["editions"]), key=entry["key"],
                        original=entry["original"], corrected=entry["corrected"],
                        reason=entry["reason"], explanation=entry.get("explanation", ""),
                        insertion=bool(entry.get("insertion", False)))
        except KeyError as exc:
            raise ErrataError(f"erratum {entry.get('id', entry)!r} lacks {exc}: expected id, "
                              "editions, key, original, corrected, reason") from exc
        if not e.explanation:
            raise ErrataError(f"erratum {e.id!r} lacks explanation: the reason for readers, in "
                              "Chinese, e.g. explanation = \"错字：“人一”应为“任一”。\"")
        if e.id in seen:
            raise ErrataError(f"erratum id {e.id!r} used twice: expected unique ids")
        seen.add(e.id)
        out.append(e)
    return out


def apply_to_lines(errata: list[Erratum], edition: str, texts: dict[int, str]
                   ) -> tuple[dict[int, str], dict[int, list[str]], list[str]]:
    """Apply the errata of ``edition`` to its lines (line number -> text).

    Returns the corrected texts, the errata ids applied per line and the problems found
    (key missing, or not unique, in this edition).
    """
    out = dict(texts)
    applied: dict[int, list[str]] = {}
    problems = []
    for e in errata:
        if edition not in e.editions:
            continue
        hits = [n for n, t in texts.items() if e.key in t]
        if len(hits) != 1:
            where = "not found" if not hits else f"found {len(hits)} times (lines {hits})"
            problems.append(f"erratum {e.id}: key {e.key!r} {where} in edition {edition}")
            continue
        n = hits[0]
        out[n] = out[n].replace(e.key, e.replacement, 1)
        applied.setdefault(n, []).append(e.id)
    return out, applied, problems
