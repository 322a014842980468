"""The 繁體 conversion: OpenCC's s2tw plus the reviewed word list, never the computing vocabulary of
the s2twp profile (the policy: source/manual/developers.rst)."""
from __future__ import annotations

import re

import opencc
import pytest

from rules_ext.corpus import load_corpus
from rules_ext.rulebook_site import script
from rules_ext.rulebook_site.script import ScriptError, read_words, reviewed_words, to_traditional

#: words a law means in their plain sense, and what the phrase profile s2twp made of them
PROTECTED = {"程序": "程序", "权限": "權限", "连接": "連接", "循环": "循環", "类型": "類型"}
S2TWP = {"程序": "程式", "权限": "許可權", "连接": "連線", "循环": "迴圈", "类型": "型別"}


def delivered_copy() -> str:
    [path] = script.WORDS_FILE.parent.parent.parent.joinpath("corpus", "texts").glob("004_*.txt")
    return path.read_text(encoding="utf-8")


def law_texts(edition) -> list[tuple[str, str]]:
    out = [(f"{edition.id}:{law.number} title", law.title) for law in edition.laws if law.title]
    for law in edition.laws:
        for p in law.walk():
            out += [(f"{edition.id}:{p.label}", t) for t in (p.heading, p.text) if t]
    out += [(f"{edition.id}:glossary {d.term}", f"{d.term}{d.text}")
            for d in getattr(edition, "definitions", ())]
    return out


def test_reviewed_words_are_the_delivered_copys_and_not_character_conversions():
    words = read_words()
    assert 0 < len(words) <= 10, "a short reviewed list"
    characters = opencc.OpenCC(script.DEFAULT_PROFILE)
    copy = delivered_copy()
    for word in words:
        assert word.traditional in copy, f"{word}: the delivered copy does not write it"
        assert characters.convert(word.simplified) != word.traditional, f"{word}: OpenCC does it"
        assert to_traditional(word.simplified) == word.traditional
        assert word.where and word.why
        assert not any(p in word.simplified for p in PROTECTED), word
    assert reviewed_words()["信息"] == "資訊"


def test_no_phrase_profile():
    with pytest.raises(ScriptError):
        to_traditional("程序", "s2twp")


def test_law_words_keep_their_plain_sense_in_every_simplified_edition():
    """Every 程序/权限/连接/循环/类型 of the law text is the same word in traditional characters on the
    繁體 law pages (the pages convert exactly these texts)."""
    corpus = load_corpus()
    seen: dict[str, int] = dict.fromkeys(PROTECTED, 0)
    wrong = []
    for edition in corpus.editions:
        if edition.script == "traditional":
            continue
        for place, text in law_texts(edition):
            converted = to_traditional(text)
            assert len(converted) == len(text), place  # character by character
            for word, expected in PROTECTED.items():
                for match in re.finditer(word, text):
                    seen[word] += 1
                    got = converted[match.start():match.end()]
                    if got != expected:
                        wrong.append(f"{place}: {word} -> {got}")
    assert wrong == []
    assert seen["程序"] >= 18, seen  # 第90条 程序性判罚 and the others
    print(f"\nplain-sense words kept in the law text: {seen}")


def test_a_sentence_with_every_protected_word():
    text = "第90条 程序性判罚；权限；连接张；循环；类型"
    assert to_traditional(text) == "第90條 程序性判罰；權限；連接張；循環；類型"
    assert all(v not in to_traditional(text) for v in S2TWP.values())


def test_recovered_editorial_words_need_no_reviewed_word():
    """The corpus writes recovered titles and headings of 1999-trad with s2tw alone
    (rules_ext.corpus.recovery): the same as the site's conversion, as none holds a reviewed word."""
    corpus = load_corpus()
    characters = opencc.OpenCC(script.DEFAULT_PROFILE)
    simplified = corpus.edition("1999")
    for law in corpus.edition("1999-trad").laws:
        if law.title_editorial and simplified.law(law.number) is not None:
            source = simplified.law(law.number).title
            assert to_traditional(source) == characters.convert(source), law.number
