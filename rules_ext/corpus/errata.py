"""Reviewed corrections of the delivered texts (rules_ext/corpus/texts/errata.toml).

Each erratum is keyed by a snippet of the surrounding text, never by a line number::

    [[erratum]]
    id = "1991-renyi"
    editions = ["1991"]
    key = "则人一防家"          # unique in each listed edition
    original = "人一防家"        # inside key
    corrected = "任一防家"
    reason = "typo: 人一 for 任一 (any defender)"

The model keeps the delivered text (``original_text``) and the corrected one (``text``), and lists
the ids of the errata applied (``corrections``).  A key that is not found, or found more than once,
is a problem reported by ``check``.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path


class ErrataError(ValueError):
    """An errata file or entry that cannot be used."""


@dataclass(frozen=True, slots=True)
class Erratum:
    id: str
    editions: tuple[str, ...]
    key: str
    original: str
    corrected: str
    reason: str

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


def load_errata(path: Path) -> list[Erratum]:
    """Read errata.toml; a missing file means no errata."""
    if not path.exists():
        return []
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ErrataError(f"cannot read {path.name}: {exc}: expected [[erratum]] tables") from exc
    out = []
    seen: set[str] = set()
    for entry in data.get("erratum", []):
        try:
            e = Erratum(id=entry["id"], editions=tuple(entry["editions"]), key=entry["key"],
                        original=entry["original"], corrected=entry["corrected"],
                        reason=entry["reason"])
        except KeyError as exc:
            raise ErrataError(f"erratum {entry.get('id', entry)!r} lacks {exc}: expected id, "
                              "editions, key, original, corrected, reason") from exc
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
