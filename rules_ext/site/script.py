"""Traditional script (繁體) through OpenCC, and its check against the delivered traditional text.

DESIGN.md: the ``s2twp`` profile reproduces the Taiwan vocabulary of the delivered 1999-trad text
(信息 -> 資訊, 程序 -> 程式); ``s2t`` keeps mainland words. The check converts the simplified 1999
provisions of the laws the delivered copy holds completely and compares them, character by character,
with the delivered text (its conversion artifacts ``***`` for brackets and ``;`` normalised).
"""
from __future__ import annotations

import difflib
import functools
import re
from dataclasses import dataclass

import opencc

from rules_ext.corpus.model import Corpus
from rules_ext.errors import RulesError

PROFILES = ("s2twp", "s2t", "s2tw", "s2hk")


class ScriptError(RulesError):
    """An OpenCC profile this site does not know."""


@functools.cache
def converter(profile: str) -> opencc.OpenCC:
    if profile not in PROFILES:
        raise ScriptError(f"unknown OpenCC profile {profile!r}: expected one of {', '.join(PROFILES)}")
    return opencc.OpenCC(profile)


#: words the Taiwan profiles turn into computing vocabulary that a rulebook does not mean
#: (s2twp: 实例 -> 例項 "instance", 文档 -> 說明檔案, 触摸 -> 觸控 "touch screen", 查看 -> 檢視,
#: 默认 -> 預設 "default setting", 声明 -> 宣告, 来源文件 -> 來原始檔 "source file"): converted
#: character by character instead. Reviewed against the delivered 1999-trad text, which has none
#: of them (it does use the profile's 資訊 and 程式).
KEEP_WORDS = {"实例": "實例", "文档": "文件", "来源文件": "來源文件", "触摸": "觸摸", "查看": "查看",
              "默认": "默認", "声明": "聲明"}
#: the traditional forms are kept too, so that converting converted text changes nothing
_KEPT = {**KEEP_WORDS, **{word: word for word in KEEP_WORDS.values()}}
_KEEP = re.compile("|".join(sorted(_KEPT, key=len, reverse=True)))
_PLACEHOLDER = 0xF0000  # supplementary private use area: never in the texts, passed by OpenCC


def to_traditional(text: str, profile: str = "s2twp") -> str:
    """``text`` in traditional script, with :data:`KEEP_WORDS` kept in their plain sense.
    OpenCC stops at a NUL character, which docutils keeps in text nodes (an escaped ``\\ ``), so
    the pieces between NULs are converted one by one."""
    convert = converter(profile).convert
    kept: list[str] = []

    def hold(match: re.Match) -> str:
        kept.append(_KEPT[match.group(0)])
        return chr(_PLACEHOLDER + len(kept) - 1)

    held = _KEEP.sub(hold, text)
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


def check_agreement(corpus: Corpus, profile: str = "s2twp", laws: range = range(21, 40), *,
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
