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


def test_reviewed_words_are_the_delivered_copys_or_correct_opencc_at_their_places():
    """Each word of the list is either the delivered copy's (it writes the traditional word) or
    corrects OpenCC's phrase table where the law holds it (OpenCC alone writes something else
    there, in the whole line the page converts)."""
    words = read_words()
    assert 0 < len(words) <= 20, "a short reviewed list"
    opencc_alone = opencc.OpenCC(script.DEFAULT_PROFILE)
    copy = delivered_copy()
    corpus = load_corpus()
    lines = [text for e in corpus.editions if e.script == "simplified" for _, text in script.law_strings(e)]
    for word in words:
        assert to_traditional(word.simplified) == word.traditional
        assert word.where and word.why
        assert not any(p in word.simplified for p in PROTECTED), word
        if word.where.startswith("1999-trad "):  # the delivered copy's word
            assert word.traditional in copy, f"{word}: the delivered copy does not write it"
            assert opencc_alone.convert(word.simplified) != word.traditional, f"{word}: OpenCC does it"
            continue
        places = [line for line in lines if word.simplified in line]
        assert places, f"{word}: no law text holds it"
        wrong = [line for line in places
                 if opencc_alone.convert(line)[line.index(word.simplified):][:len(word.simplified)]
                 != word.traditional]
        assert wrong, f"{word}: OpenCC writes it right wherever the law holds it"
    assert reviewed_words()["信息"] == "資訊"
    # the misprints a conversion by OpenCC alone writes into the law, and what the site writes
    for simplified, misprint, right in [("但是只有敌方", "但是隻有", "但是只有"), ("指明了花色", "指明瞭", "指明了"),
                                        ("赛员因系个别参加", "因繫個別", "因系個別"),
                                        ("该副牌不打并原样装回", "不打併原樣", "不打並原樣"),
                                        ("由裁判长发牌", "長髮牌", "長發牌")]:
        assert misprint in opencc_alone.convert(simplified)
        assert right in to_traditional(simplified) and misprint not in to_traditional(simplified)


def test_converting_twice_is_converting_once():
    """OpenCC alone is not idempotent (強制 read again is 強製, 干擾 is 幹擾); the site's conversion
    leaves a string in traditional script as it is, whatever converted it."""
    assert opencc.OpenCC("s2tw").convert("強制出牌") == "強製出牌"
    for text in ("强制出牌", "都可能干扰桥牌", "但是只有敌方", "第45条C款 强制出牌", "繁體"):
        once = to_traditional(text)
        assert to_traditional(once) == once
    assert to_traditional("强制出牌") == "強制出牌" and to_traditional("干扰") == "干擾"
    assert script.already_traditional("干擾") and not script.already_traditional("只有")
    assert not script.already_traditional("第23条 有損害的")  # mixed: converted
    corpus = load_corpus()
    for edition in corpus.editions:
        if edition.script == "simplified":
            for place, text in script.law_strings(edition):
                once = to_traditional(text)
                assert to_traditional(once) == once, place


def test_every_occurrence_of_a_one_to_many_character_is_reviewed():
    """The reviewed table (data/traditional-review.txt) is what the conversion writes now, word by
    word and count by count: a new occurrence nobody reviewed fails here."""
    import io

    from rules_ext.rulebook_site import words as site_words
    corpus = load_corpus()
    tokenizer = site_words.main_tokenizer()
    tokenizer.load_userdict(io.StringIO(site_words.user_dictionary(corpus)))
    now = {r.line() for r in script.review_table(corpus, tokenizer)}
    reviewed = {r.line() for r in script.read_review()}
    assert sorted(now - reviewed) == [], "not reviewed: add to data/traditional-review.txt"
    assert sorted(reviewed - now) == [], "reviewed, but no longer so in the law"
    table = {(r.character, r.word): r for r in script.read_review()}
    # the words of the misprints, as written now (counted independently of the code: the texts' lines)
    assert table["只", "只有"].traditional == "只有" and table["制", "强制"].traditional == "強制"
    assert table["干", "干扰"] == script.Reviewed("干", "干扰", "干擾", 2)  # 1991 74 and 76
    assert ("了", "了", "瞭") not in {(r.character, r.word, r.traditional[-1]) for r in script.read_review()}
    # every character whose form varies in the law, or differs from its form alone, is reviewed
    forms: dict[str, set[str]] = {}
    for edition in corpus.editions:
        if edition.script == "simplified":
            for _, text in script.law_strings(edition):
                for a, b in zip(text, to_traditional(text)):
                    forms.setdefault(a, set()).add(b)
    alone = opencc.OpenCC(script.DEFAULT_PROFILE)
    varying = {c for c, f in forms.items() if len(f) > 1 or f != {alone.convert(c)}}
    assert varying - set(script.ONE_TO_MANY) <= set("信息径"), varying - set(script.ONE_TO_MANY)


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


def test_the_converted_1999_is_the_delivered_traditional_copy_but_for_marked_errata():
    """1999 Laws 20-40 converted against the delivered traditional copy: no difference once both
    are corrected; every place where the delivered copy reads otherwise carries a marked correction
    (its *** brackets, its ; , the lost words both copies share, its 併 and 程式)."""
    comparison = script.compare_delivered(load_corpus(), simplified="1999", delivered="1999-trad")
    assert comparison.laws == tuple(range(20, 41))
    assert comparison.characters > 4000
    assert comparison.corrected == ()
    assert comparison.unmarked == ()
    marked = {d.place: d.corrections for d in comparison.delivered}
    assert marked["1999-trad:22A"] == ("1999-trad-bing",)
    assert marked["1999-trad:22 title"] == ("1999-trad-chengxu",)
    assert "1999-trad-brackets" in marked["1999-trad:25B2a marker"]
    print(f"\n1999 Laws 20-40: {comparison.characters} characters, {len(comparison.corrected)} differences "
          f"after the corrections, {len(comparison.delivered)} places differ from the delivered copy, "
          f"each at a marked correction")
