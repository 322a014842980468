"""Traditional script (繁體) through OpenCC, and its check against the delivered traditional text.

The law is converted by OpenCC's ``s2tw`` (Taiwan character forms: 為, 著, 裡, those of the
delivered 1999-trad copy; ``s2t`` writes 爲, 着) applied to whole strings, so that its phrase table
chooses among the traditional forms of one simplified character (强制 -> 強制, 干扰 -> 干擾), plus
the short reviewed word list ``data/traditional-words.txt`` (信息 -> 資訊, each entry with where the
delivered copy writes it). Never the vocabulary profile ``s2twp``: it rewrites computing-sense words
(程序 -> 程式 "program", 权限 -> 許可權, 循环 -> 迴圈, 类型 -> 型別), which changes the law.

The check converts the simplified 1999 provisions of the laws the delivered copy holds completely
and compares them, character by character, with the delivered text (its conversion artifacts
``***`` for brackets and ``;`` normalised). The policy for readers of the code: the 使用说明's
开发约定 (source/manual/developers.rst).
"""
from __future__ import annotations

import difflib
import functools
import re
from dataclasses import dataclass
from pathlib import Path

import opencc

from rules_ext.corpus.model import Corpus
from rules_ext.errors import RulesError

#: OpenCC's profiles of character forms (their phrase tables choose among a character's forms); never ``s2twp``
PROFILES = ("s2tw", "s2t", "s2hk")
#: the profile of the 繁體 site (conf.py's ``rules_traditional_profile``)
DEFAULT_PROFILE = "s2tw"
#: the reviewed word list: simplified, traditional, where the delivered copy writes it, why
WORDS_FILE = Path(__file__).parent / "data" / "traditional-words.txt"


class ScriptError(RulesError):
    """An OpenCC profile this site does not know."""


@functools.cache
def converter(profile: str) -> opencc.OpenCC:
    if profile not in PROFILES:
        raise ScriptError(f"unknown OpenCC profile {profile!r}: expected one of {', '.join(PROFILES)}")
    return opencc.OpenCC(profile)


@dataclass(frozen=True, slots=True)
class Word:
    """A reviewed word of the conversion: ``simplified`` is written ``traditional`` (not OpenCC's
    character-by-character form), as the delivered copy writes it at ``where``."""
    simplified: str
    traditional: str
    where: str
    why: str


def read_words(path: Path = WORDS_FILE) -> tuple[Word, ...]:
    """The reviewed word list (``simplified<TAB>traditional<TAB>where<TAB>why``, ``#`` comments)."""
    out = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = [f.strip() for f in line.split("\t")]
        if len(fields) != 4 or not all(fields) or len(fields[0]) != len(fields[1]):
            raise ScriptError(f"{path}:{number}: expected 'simplified<TAB>traditional<TAB>where<TAB>"
                              f"why' with words of equal length, got {line!r}")
        out.append(Word(*fields))
    return tuple(out)


@functools.cache
def _reviewed() -> tuple[dict[str, str], re.Pattern[str]]:
    words = {w.simplified: w.traditional for w in read_words()}
    # the traditional forms are kept too, so that converting converted text changes nothing
    kept = {**words, **{t: t for t in words.values()}}
    return kept, re.compile("|".join(map(re.escape, sorted(kept, key=len, reverse=True))))


def reviewed_words() -> dict[str, str]:
    """simplified -> traditional of the reviewed word list."""
    return {w.simplified: w.traditional for w in read_words()}


_PLACEHOLDER = 0xF0000  # supplementary private use area: never in the texts, passed by OpenCC


def to_traditional(text: str, profile: str = DEFAULT_PROFILE) -> str:
    """``text`` in traditional script: ``profile`` on the whole text, with the reviewed words
    (:func:`read_words`) written as the delivered copy writes them. OpenCC stops at a NUL
    character, which docutils keeps in text nodes (an escaped ``\\ ``), so the pieces between NULs
    are converted one by one."""
    convert = converter(profile).convert
    kept_words, pattern = _reviewed()
    kept: list[str] = []

    def hold(match: re.Match) -> str:
        kept.append(kept_words[match.group(0)])
        return chr(_PLACEHOLDER + len(kept) - 1)

    held = pattern.sub(hold, text)
    if "\0" in held:
        out = "\0".join(convert(piece) for piece in held.split("\0"))
    else:
        out = convert(held)
    if kept:
        out = re.sub("[\U000F0000-\U000FFFFD]", lambda m: kept[ord(m.group(0)) - _PLACEHOLDER], out)
    return out


def normalise_delivered(text: str) -> str:
    """The delivered traditional text with its conversion artifacts undone, for comparison only:
    ``***`` stood for both （ and ）; they alternate, so pairs are restored in order."""
    pieces = text.split("***")
    out = [pieces[0]]
    for i, piece in enumerate(pieces[1:]):
        out.append("（" if i % 2 == 0 else "）")
        out.append(piece)
    return re.sub(r"\s+", "", "".join(out).replace(";", "；"))


@dataclass(frozen=True, slots=True)
class Agreement:
    profile: str
    laws: tuple[int, ...]
    characters: int  # characters of the delivered text compared
    matching: int  # characters in matching blocks
    per_law: tuple[tuple[int, float], ...]

    @property
    def ratio(self) -> float:
        return self.matching / self.characters if self.characters else 0.0

    def __post_init__(self) -> None:
        if self.matching > self.characters:
            raise ValueError(f"matching {self.matching} > characters {self.characters}")


def check_agreement(corpus: Corpus, profile: str = DEFAULT_PROFILE, laws: range = range(21, 40), *,
                    simplified: str, delivered: str) -> Agreement:
    """Convert edition ``simplified``'s Laws ``laws`` with ``profile`` and compare them with its
    copy ``delivered`` in traditional script (``1999`` and ``1999-trad``)."""
    simp, trad = corpus.edition(simplified), corpus.edition(delivered)
    total = matching = 0
    per_law = []
    used = []
    for number in laws:
        a, b = simp.law(number), trad.law(number)
        if a is None or b is None:
            continue
        converted = re.sub(r"\s+", "", to_traditional(_law_text(a), profile))
        printed = normalise_delivered(_law_text(b, original=True))
        matcher = difflib.SequenceMatcher(None, converted, printed, autojunk=False)
        same = sum(block.size for block in matcher.get_matching_blocks())
        total += len(printed)
        matching += same
        per_law.append((number, same / len(printed) if printed else 0.0))
        used.append(number)
    return Agreement(profile, tuple(used), total, matching, tuple(per_law))


def _law_text(law, original: bool = False) -> str:
    parts = []
    for p in law.walk():
        parts.append(p.marker)
        parts.append(p.heading)
        parts.append(p.original_text if original else p.text)
    return "".join(parts)
