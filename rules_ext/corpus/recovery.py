"""Recovering what the scrape lost, where the text proves it.

* Laws whose headings were lost (1999 Laws 1–4): each is found by matching its opening with the
  same law of the edition that has the same wording (the 2008 excerpt).
* The opening lines of a partial copy (004 starts inside Law 20): matched with the provision of
  the edition it is a script variant of.
* Lost section/item markers (see :func:`recover_lost_markers`).
* The traditional copy is aligned provision by provision with 1999 (:func:`align_traditional`).
"""
from __future__ import annotations

import functools
import re

from .assemble import Region
from .laws import LawDraft
from .model import Corpus, Edition
from .text import SourceLine, bigrams, delivered, dice


@functools.lru_cache(maxsize=1)
def _t2s():
    import opencc
    return opencc.OpenCC("t2s")


def to_simplified(text: str) -> str:
    return _t2s().convert(text)


@functools.lru_cache(maxsize=1)
def _s2tw():
    import opencc
    return opencc.OpenCC("s2tw")


def to_traditional(text: str) -> str:
    """Simplified -> the delivered traditional copy's characters (OpenCC ``s2tw`` on the whole
    string; never the vocabulary profile ``s2twp``, which writes 程序 as 程式). The
    site's reviewed word list (信息 -> 資訊) is not applied to these editorial words; none of the
    recovered titles and headings holds one of its words (tests/rulebook_site/test_hant_words.py)."""
    return _s2tw().convert(text)


def editorial_in_script(corpus: Corpus) -> None:
    """Write the editorial titles and headings of a traditional-script edition in its own script.

    They were taken from a simplified sibling (the 1999 text, the subjects of the international
    laws); each converted one says so in its law's evidence.
    """
    for e in corpus.editions:
        if e.script != "traditional":
            continue
        for law in e.laws:
            changed = []
            if law.title_editorial and law.title != (title := to_traditional(law.title)):
                changed.append(f"title {law.title!r} -> {title!r}")
                law.title = title
            for p in law.walk():
                if p.recovered and p.heading != (heading := to_traditional(p.heading)):
                    changed.append(f"{p.label} heading {p.heading!r} -> {heading!r}")
                    p.heading = heading
            if changed:
                law.evidence.append("editorial text in the traditional script (OpenCC s2tw): "
                                    + "; ".join(changed))


def recover_leading_laws(e: Edition, region: Region, known: dict[str, Edition],
                         problems: list[str]) -> list[LawDraft]:
    """Laws before the first printed law heading, found by aligning with a sibling edition.

    For each law of the sibling (an edition of the same wording, or the one this is a script
    variant of) numbered below the first printed heading, the line of ``region.before`` that best
    matches the opening of that law starts it.  A line that begins with the sibling's title has
    its title fused to its body (1999 Law 1).
    """
    first = region.drafts[0].number if region.drafts else 1
    sibling = next((s for s in known.values() if s.id != e.id and
                    (s.same_wording_as == e.id or e.variant_of == s.id) and s.laws), None)
    lines = region.before
    if sibling is None:
        problems.append(f"{e.id}: lines {lines[0].number}–{lines[-1].number} precede the first law "
                        "heading and no sibling edition can place them")
        return [LawDraft(number=max(first - 1, 0), title="", title_line=None, lines=lines,
                         number_editorial=True, title_editorial=True, confidence=0.0,
                         evidence=["no evidence: lines before the first law heading"])]
    convert = to_simplified if e.script == "traditional" else (lambda s: s)
    if e.script == "traditional":
        return [_tail_of_sibling_law(e, lines, sibling, first, convert, region)]
    starts: list[tuple[int, int, float, str]] = []  # (law number, index in lines, sim, how)
    pos = 0
    for law in sibling.laws:
        if law.number >= first:
            break
        opening = next((p for top in law.provisions for p in top.walk() if p.original_text), None)
        if opening is None:
            continue
        want = bigrams(opening.original_text.split("\n")[0][:40])
        best = max(range(pos, len(lines)), key=lambda i: dice(bigrams(convert(lines[i].text)[:60]),
                                                              want), default=None)
        if best is None:
            break
        sim = dice(bigrams(convert(lines[best].text)[:60]), want)
        if sim < 0.3:
            continue
        starts.append((law.number, best, sim, law.title))
        pos = best + 1
    drafts = []
    for j, (number, i, sim, title) in enumerate(starts):
        stop = starts[j + 1][1] if j + 1 < len(starts) else len(lines)
        block = lines[i:stop]
        if j == 0 and i > 0:
            block = lines[:stop]
        chapter, groups = region.context.get(block[0].number, ("", ()))
        d = LawDraft(number=number, title=title, title_line=None, lines=list(block),
                     chapter=chapter, groups=groups, number_editorial=True, title_editorial=True,
                     confidence=round(min(0.99, 0.5 + sim / 2), 2))
        d.evidence.append(f"heading lost; the opening matches {sibling.id} Law {number} "
                          f"(similarity {sim:.2f}); numbered and titled after it")
        first_line = block[0]
        if title and first_line.text.startswith(title):
            # title fused to its body: keep the title as printed, the rest is the body
            d.title_editorial = False
            d.evidence.append(f"title printed fused to the body: {title!r}")
            rest = first_line.text[len(title):]
            raw = delivered(first_line.original)
            raw_rest = raw[len(title):] if raw.startswith(title) else raw
            d.lines[0] = SourceLine(first_line.number, raw_rest, rest)
        drafts.append(d)
    return drafts


def _tail_of_sibling_law(e, lines, sibling, first, convert, region) -> LawDraft:
    """The opening lines of a partial copy continue a law of the sibling: find which."""
    text = convert("".join(ln.text for ln in lines))
    best_law, best_sim = None, 0.0
    for law in sibling.laws:
        if law.number >= first:
            break
        sim = max((dice(bigrams(text), bigrams((p.heading or "") + p.original_text))
                   for p in law.walk()), default=0.0)
        if sim > best_sim:
            best_law, best_sim = law, sim
    number = best_law.number if best_law else first - 1
    d = LawDraft(number=number, title=best_law.title if best_law else "", title_line=None,
                 lines=lines, number_editorial=True, title_editorial=True,
                 confidence=round(min(0.99, best_sim), 2))
    d.evidence.append(f"the copy starts inside a law: its opening lines match {sibling.id} "
                      f"Law {number} (similarity {best_sim:.2f})")
    return d


def align_traditional(corpus: Corpus) -> None:
    """Record, for each provision of a script variant, the provision of its edition it matches;
    and, for an excerpt worded as another edition, how closely each law's wording matches."""
    by_id = {e.id: e for e in corpus.editions}
    for e in corpus.editions:
        worded_as = by_id.get(e.same_wording_as or "")
        if worded_as is not None:
            _compare_wording(e, worded_as)
        variant_of = by_id.get(e.variant_of or "")
        if variant_of is not None:
            _align_variant(e, variant_of)


def _compare_wording(e: Edition, base: Edition) -> None:
    """How closely each law of an excerpt matches the law of the edition it is worded as."""
    for law in e.laws:
        other = base.law(law.number)
        if other is None:
            continue
        mine = "".join(p.heading + p.original_text for p in law.walk())
        theirs = "".join(p.heading + p.original_text for p in other.walk())
        sim = dice(bigrams(mine), bigrams(theirs))
        same = [p.label for p in law.walk()] == [p.label for p in other.walk()]
        law.evidence.append(f"worded as {base.id} Law {law.number}: similarity {sim:.2f}, "
                            f"{'same' if same else 'different'} provisions")


def _align_variant(e: Edition, base: Edition) -> None:
    """For each provision of a script variant, how closely it matches the provision of the same
    label in the edition it is a variant of."""
    for law in e.laws:
        other = base.law(law.number)
        if other is None:
            law.evidence.append(f"no Law {law.number} in {base.id} to align with")
            continue
        theirs = {p.label: p for p in other.walk()}
        matched, sims = 0, []
        for p in law.walk():
            q = theirs.get(p.label)
            if q is None:
                continue
            sim = dice(bigrams(to_simplified(p.heading + p.original_text)),
                       bigrams(q.heading + q.original_text))
            sims.append(sim)
            matched += sim >= 0.5
        total = sum(1 for _ in law.walk())
        mean = sum(sims) / len(sims) if sims else 0.0
        law.evidence.append(f"aligned with {base.id} Law {law.number}: {matched}/{total} "
                            f"provisions match the {base.id} provision of the same label "
                            f"(mean similarity {mean:.2f})")


#: a law cited with its title in quotes: 49条“防家暴露牌张”
_QUOTED_TITLE = re.compile(r"(?<![\d])(\d+)[条條]“([^”]{2,20})”")
#: a law cited with its title unquoted, up to a delimiter: （参阅58条同时引牌或打牌；  — not a
#: phrase about the rule (按14条规定处理, 可应用26条引牌判罚)
_BARE_TITLE = re.compile(r"参阅(\d+)[条條](?!规定)([\u4e00-\u9fff]{4,16}?)[；）)]")
_NOT_TITLE = ("规定", "判罚", "处理", "處理", "判罰")


def cited_titles(edition) -> dict[int, tuple[str, int]]:
    """Law number -> (title, source line) as the edition's own text cites it: a quoted title
    (``49条“防家暴露牌张”``) first, else an unquoted one of at least four characters after 参阅,
    ending at a delimiter (``参阅58条同时引牌或打牌；``)."""
    quoted: dict[int, tuple[str, int]] = {}
    bare: dict[int, tuple[str, int]] = {}
    for p in edition.provisions():
        lines = p.text_lines or [p.lines[0]] * (p.text.count("\n") + 1)
        for i, text in enumerate(p.text.split("\n")):
            line = lines[i] if i < len(lines) else p.lines[0]
            for m in _QUOTED_TITLE.finditer(text):
                quoted.setdefault(int(m.group(1)), (m.group(2), line))
            for m in _BARE_TITLE.finditer(text):
                if not any(word in m.group(2) for word in _NOT_TITLE):
                    bare.setdefault(int(m.group(1)), (m.group(2), line))
    return {**bare, **quoted}


def title_recovered_laws(corpus: Corpus) -> None:
    """Give a Chinese title to each law whose heading was lost, saying where it came from.

    In order of preference: the title the edition's own text cites it by (``参考31条“越序叫牌”``);
    the title of the same law in another edition whose text matches (similarity ≥ 0.3); an
    editorial rendering of the subject of the international law of that number (in the text's
    own words); the heading of the law's first section; the opening phrase of its text.
    """
    from .numbering import law_subjects
    subjects = law_subjects()
    for e in corpus.editions:
        others = [o for o in corpus.editions if o is not e and o.script == "simplified"]
        cited = cited_titles(e)
        for law in e.laws:
            if law.title:
                continue
            if law.number in cited:
                law.title, line = cited[law.number]
                law.evidence.append(f"title as the text itself cites Law {law.number} (line {line})")
                law.title_editorial = True
                continue
            mine = bigrams("".join(p.heading + p.original_text for p in law.walk()))
            best = None
            for o in others:
                ol = o.law(law.number)
                if ol is None or not ol.title or ol.title_editorial:
                    continue
                sim = dice(mine, bigrams("".join(p.heading + p.original_text for p in ol.walk())))
                if sim >= 0.3 and (best is None or sim > best[0]):
                    best = (sim, o.id, ol.title)
            if best is not None:
                law.title = best[2]
                law.evidence.append(f"title from {best[1]} Law {law.number} (text similarity "
                                    f"{best[0]:.2f})")
            elif law.number in subjects and subjects[law.number][2]:
                en, _, zh = subjects[law.number]
                law.title = zh
                law.evidence.append(f"title: editorial Chinese rendering of the subject of "
                                    f"international Law {law.number} ({en})")
            else:
                first = next((p for p in law.walk() if p.heading), None)
                if first is not None:
                    law.title = first.heading
                    law.evidence.append(f"title from the heading of its first section {first.label}")
                else:
                    text = next((p.text for p in law.walk() if p.text), "")
                    law.title = re.split(r"[，,。：；]", text, maxsplit=1)[0][:16]
                    law.evidence.append("title from the opening phrase of its text")
            law.title_editorial = True
