"""Reading the delivered texts and recognising what each line is, from its own wording.

Nothing here knows line numbers: a line is a structural heading, a law heading, a section/item/
sub-item marker or a plain paragraph because of how it is written.  The traditional-script copy
writes ``***`` for every bracket and ``;`` for ``；`` (conversion artifacts); :func:`normalise`
undoes that for structure detection and for ``text``; the delivered form is kept as
``original_text``.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Set
from dataclasses import dataclass
from pathlib import Path

from rules_ext.errors import RulesError

#: Chinese numerals used in chapter/part/section headings (第十一章)
CN_DIGITS = "零一二三四五六七八九十"


@dataclass(frozen=True, slots=True)
class SourceLine:
    """One line of a delivered file: 1-based number, text as delivered, text normalised."""

    number: int
    original: str
    text: str  # normalised for structure detection (artifacts undone, outer blanks stripped)

    def __post_init__(self) -> None:
        if self.number < 1:
            raise ValueError(f"line number {self.number!r} is not 1-based: expected e.g. 1, 2, 3")


#: a one-character bracketed marker in the ``***`` form: ***b*** -> （b）, ***1*** -> （1）
_STARRED_MARKER_RE = re.compile(r"\*\*\*([a-z\d])\*\*\*")


def normalise(raw: str) -> str:
    """Undo transport artifacts for structure detection: ``***`` brackets, ``;``, blanks.

    The traditional copy writes ``***`` for both （ and ）. One-character markers are bracketed
    first, so that a marker nested in a parenthesis stays inside it; the remaining ``***`` then
    alternate open/close within the line:

    >>> normalise("***或此時應用本條A2***b******。")
    '（或此時應用本條A2（b））。'
    >>> normalise("前述***b******1***或***b******2***中的")
    '前述（b）（1）或（b）（2）中的'
    """
    text = raw.replace("\ufeff", "").strip().strip("\u3000").strip()
    if "***" in text:
        text = _STARRED_MARKER_RE.sub(r"（\1）", text)
        # brackets alternate open/close inside a line: ***參閱第17條*** -> （參閱第17條）
        parts = text.split("***")
        out = [parts[0]]
        for i, part in enumerate(parts[1:]):
            out.append("（" if i % 2 == 0 else "）")
            out.append(part)
        text = "".join(out)
    return text.replace(";", "；")


def delivered(raw: str) -> str:
    """A delivered line with only its outer blanks (and full-width indentation) removed."""
    return raw.replace("\ufeff", "").strip().strip("\u3000").strip()


def read_lines(path: Path) -> list[SourceLine]:
    """The lines of one file (UTF-8), numbered from 1; a file that is not UTF-8 is an error."""
    try:
        data = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise TextFileError(f"cannot read {path.name!r} as UTF-8 text: expected a UTF-8 file") from exc
    return [SourceLine(i, line, normalise(line)) for i, line in enumerate(data.splitlines(), 1)]


class TextFileError(RulesError):
    """A delivered text that cannot be read (not UTF-8, unknown file name ...)."""


# ---- line patterns ---------------------------------------------------------------------------
_CN = f"[{CN_DIGITS}]+"
CHAPTER_RE = re.compile(rf"^第({_CN})章\s*(.*)$")
PART_RE = re.compile(rf"^第({_CN})部分\s*(.*)$")
GROUP_RE = re.compile(rf"^第({_CN})[节節]\s*(.*)$")
#: a law heading, possibly fused behind a chapter heading: '第三章 比赛的准备与进行第6条：洗牌与发牌'
LAW_RE = re.compile(r"^(?P<before>.*?)第\s*(?P<number>\d{1,2})\s*[条條][：:]\s*(?P<title>.*)$")
SECTION_RE = re.compile(r"^(?:[（(](?P<a>[A-H])[）)]|(?P<b>[A-H])\s*[．.])\s*(?P<rest>.*)$")
ITEM_RE = re.compile(r"^(?P<n>\d{1,2})\s*[．.、]\s*(?P<rest>.*)$")
SUBITEM_RE = re.compile(r"^[（(](?P<a>[a-h])[）)]\s*(?P<rest>.*)$")
SUBSUB_RE = re.compile(r"^[（(](?P<n>[1-9])[）)]\s*(?P<rest>.*)$")
NOTE_RE = re.compile(r"^[（(]注[）)][：:]?\s*(?P<rest>.*)$")
PENALTY_RE = re.compile(r"[（(](?:判罚|判罰)[）)]")
#: a "heading-like" rest of a marker line: short, no sentence punctuation
_SENTENCE_PUNCT = re.compile(r"[。；：，,;:？！]")


def looks_like_heading(rest: str) -> bool:
    """A marker line's rest is a heading (洗牌) rather than running text (a full sentence)."""
    return bool(rest) and len(rest) <= 24 and not _SENTENCE_PUNCT.search(rest)


@dataclass(frozen=True, slots=True)
class Marker:
    """A recognised provision marker at the start of a line."""

    kind: str  # 'section', 'item', 'subitem', 'subsub', 'note'
    key: str  # 'A', '2', 'b', '1', ''
    printed: str  # the marker as printed, e.g. '（A）', 'A．', '1.'
    rest: str  # what follows the marker on the line

    def __post_init__(self) -> None:
        if self.kind not in ("section", "item", "subitem", "subsub", "note"):
            raise ValueError(f"unknown marker kind {self.kind!r}: expected section, item, subitem, "
                             "subsub or note")


@functools.lru_cache(maxsize=8192)
def marker_of(text: str) -> Marker | None:
    """The provision marker a (normalised) line starts with, if any (cached: Marker is frozen)."""
    if m := NOTE_RE.match(text):
        return Marker("note", "", text[: m.start("rest")].strip(), m["rest"])
    if m := SECTION_RE.match(text):
        return Marker("section", m["a"] or m["b"], text[: m.start("rest")].strip(), m["rest"])
    if m := SUBITEM_RE.match(text):
        return Marker("subitem", m["a"], text[: m.start("rest")].strip(), m["rest"])
    if m := SUBSUB_RE.match(text):
        return Marker("subsub", m["n"], text[: m.start("rest")].strip(), m["rest"])
    if m := ITEM_RE.match(text):
        # '40%给予…', '2000—2240' and timestamps are not items: an item number is followed by
        # its dot and then text that is not a digit
        if m["rest"][:1].isdigit():
            return None
        return Marker("item", m["n"], text[: m.start("rest")].strip(), m["rest"])
    return None


_NOT_WORD_RE = re.compile(r"[\W_]+")


def bigrams(text: str) -> set[str]:
    """Character bigrams of the CJK/alphanumeric characters of ``text`` (for similarity)."""
    s = _NOT_WORD_RE.sub("", text)
    return {s[i:i + 2] for i in range(len(s) - 1)}


def dice(a: Set[str], b: Set[str]) -> float:
    """Dice similarity of two bigram sets (0 when either is empty)."""
    if not a or not b:
        return 0.0
    return 2 * len(a & b) / (len(a) + len(b))
