"""Traditional script (繁體) through OpenCC, and its check against the delivered traditional text.

The law is converted by OpenCC's ``s2tw`` (Taiwan character forms: 為, 著, 裡, those of the
delivered 1999-trad copy; ``s2t`` writes 爲, 着) applied to whole strings, so that its phrase table
chooses among the traditional forms of one simplified character (强制 -> 強制, 干扰 -> 干擾), plus
the short reviewed word list ``data/traditional-words.txt`` (信息 -> 資訊, each entry with where the
delivered copy writes it). Never the vocabulary profile ``s2twp``: it rewrites computing-sense words
(程序 -> 程式 "program", 权限 -> 許可權, 循环 -> 迴圈, 类型 -> 型別), which changes the law.

Each occurrence of a one-to-many character in the law is reviewed once, by word
(``data/traditional-review.txt``, held by a test); converting converted text changes nothing; the
check compares the converted 1999 laws with the delivered copy (:func:`compare_delivered`). The
policy for readers of the code: the 使用说明's 开发约定 (source/manual/developers.rst).
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import opencc

from rules_ext.corpus.model import Corpus, Edition
from rules_ext.corpus.printed import note_marker
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


@functools.cache
def _script_of_character(char: str) -> str:
    """'simplified' (OpenCC writes it otherwise in traditional script: 强, 发), 'traditional' (its
    simplified form differs: 強, 髮) or '' (the same in both: 只, 了, 系, and 干 of 干擾, which
    OpenCC alone writes 幹: the reviewed law writes it as itself)."""
    if converter(DEFAULT_PROFILE).convert(char) != char and char not in _written_as_itself():
        return "simplified"
    if _to_simplified().convert(char) != char:
        return "traditional"
    return ""


@functools.cache
def _to_simplified() -> opencc.OpenCC:
    return opencc.OpenCC("t2s")


@functools.cache
def _written_as_itself() -> frozenset[str]:
    """The reviewed characters that some word of the converted law writes unchanged (干 in 干擾)."""
    return frozenset(e.character for e in read_review() if e.character in e.traditional)


def already_traditional(text: str) -> bool:
    """Whether ``text`` is in traditional script already: it has a character of traditional script
    only and none of simplified script only (``強制出牌``, not ``强制出牌`` nor ``只有``)."""
    scripts = {_script_of_character(c) for c in set(text) if ord(c) > 0x2E7F}
    return "traditional" in scripts and "simplified" not in scripts


def to_traditional(text: str, profile: str = DEFAULT_PROFILE) -> str:
    """``text`` in traditional script: ``profile`` on the whole string, with the reviewed words
    (:func:`read_words`) written as reviewed. A text in traditional script already is returned as
    it is (:func:`already_traditional`), so that converting twice is converting once (OpenCC is not:
    it reads 強制 again as 強製). OpenCC stops at a NUL character, which docutils keeps in text
    nodes (an escaped ``\\ ``), so the pieces between NULs are converted one by one."""
    if already_traditional(text):
        return text
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


# -- the review of the characters with several traditional forms ---------------------------------
#: the simplified characters with several traditional forms (制/製, 干/幹/乾, 只/隻, 了/瞭, 系/係/繫, …)
#: whose every occurrence in the law text is reviewed, by word (``data/traditional-review.txt``)
ONE_TO_MANY = ("了干只系并发复台面里制后历冲获尽范松余斗谷丑云准志征表团卷借须胡划汇叶采朴家凶致蒙托困"
               "折郁舍出党别卜辟曲向伙扎注占克念恶仆累欲升几么沈咸于游周签纤合才御愿帘板饥厘夸涂布回钟"
               "当着")
REVIEW_FILE = Path(__file__).parent / "data" / "traditional-review.txt"


@dataclass(frozen=True, slots=True, order=True)
class Reviewed:
    """A word of the law holding a character of :data:`ONE_TO_MANY`, as the 繁體 site writes it,
    and how many times the law text holds it so."""
    character: str
    word: str
    traditional: str
    count: int

    def line(self) -> str:
        return f"{self.character}\t{self.word}\t{self.traditional}\t{self.count}"


def read_review(path: Path = REVIEW_FILE) -> tuple[Reviewed, ...]:
    """The reviewed occurrences (``character<TAB>word<TAB>traditional<TAB>count``, ``#`` comments)."""
    out = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != 4 or not fields[3].isdigit() or fields[0] not in fields[1] \
                or len(fields[1]) != len(fields[2]):
            raise ScriptError(f"{path}:{number}: expected 'character<TAB>word<TAB>traditional<TAB>"
                              f"count' (the character in the word, words of equal length), got {line!r}")
        out.append(Reviewed(fields[0], fields[1], fields[2], int(fields[3])))
    return tuple(out)


def law_strings(edition: Edition) -> Iterator[tuple[str, str]]:
    """(place, text) of every string of the law an edition prints: front matter, law titles,
    provisions' markers, headings, texts and closing paragraphs, definitions, table cells; one
    line at a time (a page converts a paragraph, one line of the text, as a whole)."""
    def lines(place: str, text: str) -> Iterator[tuple[str, str]]:
        for line in text.split("\n"):
            if line.strip():
                yield place, line
    for front in edition.front:
        yield from lines(f"{edition.id}:{front.title}", front.title)
        for paragraph in front.paragraphs:
            yield from lines(f"{edition.id}:{front.title}", paragraph)
    for law in edition.laws:
        yield from lines(f"{edition.id}:{law.number}", law.title)
        for p in law.walk():
            for text in (p.marker, p.heading, p.text, p.closing):
                yield from lines(f"{edition.id}:{p.label}", text)
    for d in edition.definitions:
        yield from lines(f"{edition.id}:{d.term}", d.term)
        yield from lines(f"{edition.id}:{d.term}", d.text)
    for table in edition.tables:
        for cell in [table.caption, *table.header, *(c for row in table.rows for c in row)]:
            yield from lines(f"{edition.id}:{table.id}", cell)


def review_table(corpus: Corpus, tokenizer, profile: str = DEFAULT_PROFILE) -> tuple[Reviewed, ...]:
    """What the 繁體 site writes now for every occurrence of a character of :data:`ONE_TO_MANY` in
    the law text of the simplified editions, counted by word (``tokenizer``: jieba's, with the
    rulebook's words); the reviewed file must equal it."""
    counts: dict[tuple[str, str, str], int] = {}
    for edition in corpus.editions:
        if edition.script != "simplified":
            continue
        for _place, text in law_strings(edition):
            if not any(c in ONE_TO_MANY for c in text):
                continue
            converted = to_traditional(text, profile)
            if len(converted) != len(text):
                raise ScriptError(f"{_place}: the conversion changed the length of {text!r}")
            for word, start, end in tokenizer.tokenize(text, HMM=False):
                for char in dict.fromkeys(c for c in word if c in ONE_TO_MANY):
                    key = (char, word, converted[start:end])
                    counts[key] = counts.get(key, 0) + word.count(char)
    return tuple(sorted((Reviewed(*key, n) for key, n in counts.items()),
                        key=lambda r: (ONE_TO_MANY.index(r.character), -r.count, r.word, r.traditional)))


@functools.cache
def _reviewed_back() -> tuple[dict[str, str], re.Pattern[str]]:
    """The reviewed words from their traditional form back to the simplified one (read once: the
    search's splitter asks for every text of every page)."""
    back = {w.traditional: w.simplified for w in read_words()}
    return back, re.compile("|".join(map(re.escape, sorted(back, key=len, reverse=True))))


def to_simplified(text: str) -> str:
    """``text`` in simplified script, character for character (the same length: a search index
    keyed by the simplified words finds a traditional page at the place it prints them): the
    reviewed words back to their simplified form (資訊 -> 信息), then OpenCC ``t2s``; a text
    whose length ``t2s`` would change is given back as it is."""
    back, pattern = _reviewed_back()
    held = pattern.sub(lambda m: back[m.group(0)], text)
    out = _to_simplified().convert(held)
    return out if len(out) == len(text) else text


def written_words() -> dict[str, str]:
    """Every word of the law holding a character with several traditional forms, as the 繁體 site
    writes it (the review, :func:`read_review`), with the reviewed word list: what a search turns a
    simplified word into to find it on a traditional page (干扰 -> 干擾, not 幹擾)."""
    out = {r.word: r.traditional for r in read_review() if r.word != r.traditional}
    return {**out, **reviewed_words()}


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
class Difference:
    """A place where the converted simplified edition and its delivered traditional copy differ."""
    place: str  # '1999-trad:22 title', '1999-trad:25B2a marker'
    converted: str  # the simplified edition's (corrected) text, converted
    delivered: str  # the traditional copy's text
    corrections: tuple[str, ...]  # the corrections marked at that place of the traditional copy


@dataclass(frozen=True, slots=True)
class Comparison:
    """The converted simplified edition against its delivered traditional copy, law by law (title,
    each provision's marker, heading, text and closing paragraph; blanks ignored, and the full stop
    of a section letter, which one copy prints ``A．`` and the other ``A.``)."""
    laws: tuple[int, ...]
    characters: int  # characters of the traditional copy's text compared
    #: against the traditional copy with its corrections applied: none is the goal
    corrected: tuple[Difference, ...]
    #: against the traditional copy as delivered: each at a place whose correction is marked
    delivered: tuple[Difference, ...]

    @property
    def unmarked(self) -> tuple[Difference, ...]:
        """Differences from the delivered copy at a place with no marked correction."""
        return tuple(d for d in self.delivered if not d.corrections)


def compare_delivered(corpus: Corpus, profile: str = DEFAULT_PROFILE, *, simplified: str,
                      delivered: str) -> Comparison:
    """Edition ``simplified`` converted with ``profile`` against its copy ``delivered`` in
    traditional script (``1999`` and ``1999-trad``), for every law both hold."""
    simp, trad = corpus.edition(simplified), corpus.edition(delivered)
    laws, characters = [], 0
    corrected: list[Difference] = []
    as_delivered: list[Difference] = []

    def same(a: str, b: str) -> bool:
        return re.sub(r"\s+", "", a) == re.sub(r"\s+", "", b)

    def compare(place: str, source: str, shown: str, original: str, ids: Sequence[str]) -> None:
        converted = to_traditional(source, profile) if source else ""
        if not same(converted, shown):
            corrected.append(Difference(place, converted, shown, tuple(ids)))
        if not same(converted, original):
            as_delivered.append(Difference(place, converted, original, tuple(ids)))

    for law in trad.laws:
        base = simp.law(law.number)
        if base is None:
            continue
        laws.append(law.number)
        if not law.title_editorial:
            compare(f"{delivered}:{law.number} title", base.title, law.title,
                    law.original_title or law.title, law.title_corrections)
        counterparts = {p.label: p for p in base.walk()}
        for p in law.walk():
            q = counterparts.get(p.label)
            if q is None:
                corrected.append(Difference(f"{delivered}:{p.label}", "", p.text, tuple(p.corrections)))
                continue
            characters += len(re.sub(r"\s+", "", p.text))
            shown_marker = note_marker(p.marker)[0] if p.kind == "note" else p.marker
            compare(f"{delivered}:{p.label} marker", _letter(q.marker), _letter(shown_marker),
                    _letter(p.original_marker or p.marker), p.corrections)
            compare(f"{delivered}:{p.label} heading", q.heading, p.heading,
                    p.original_heading or p.heading, p.corrections)
            compare(f"{delivered}:{p.label}", q.text, p.text, p.original_text, p.corrections)
            compare(f"{delivered}:{p.label} closing", q.closing, p.closing, p.closing_original or p.closing,
                    p.corrections)
    return Comparison(tuple(laws), characters, tuple(corrected), tuple(as_delivered))


def _letter(marker: str) -> str:
    return marker.replace("．", ".")
