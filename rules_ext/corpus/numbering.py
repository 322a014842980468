"""Recovering the law boundaries and numbers of a text that lost its law headings (1991, Laws 5–93).

Evidence, all read from the text:

* **Boundaries that must be there.** The first line after a chapter/part/section heading starts a
  law; a section lettered （A） starts a law unless only un-lettered opening lines precede it in the
  current block (then it may continue a law that opened with an introductory paragraph).
* **Boundaries that may be there.** A plain paragraph following another paragraph, and an item
  ``1.`` that restarts the numbering of a section that already has one.
* **Alignment with a sibling edition.** For laws the reference edition (1999) has, the block is
  compared with the reference law's text (character-bigram similarity).
* **Citations.** Every ``N条`` / ``N条X款`` / ``NX2`` citation elsewhere in the text says that law N
  exists and has section X (item 2): a block given number N gains when it has what the citations
  say, and loses when it lacks it.
* **Subjects.** For laws the reference lacks, the subject terms of the international law of that
  number (data/law-subjects.toml) found in the block's opening lines and headings.
* **Regularities.** A paragraph directly before （A） usually opens that law (small bonus); cutting
  a marked heading from its only paragraph costs (a lost heading is rarer than a lost body).
* **The count.** The laws run without gaps to the last number of the rules (93).

A dynamic programme picks the boundaries that maximise the total evidence, subject to the count.
Each law records the evidence that placed it and a confidence: a forward and a backward pass give,
for every possible start of law N, the best total of any segmentation with law N starting there;
the margin of the chosen start over the best other start maps to a confidence (0.5 = a tie).
"""
from __future__ import annotations

import functools
import math
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .editions import Token
from .laws import LawDraft
from .model import Heading
from .text import SourceLine, bigrams, dice, looks_like_heading, marker_of

#: weight of the regularity 'a paragraph directly before （A） opens its law'
INTRO_PRIOR = 0.3

SUBJECTS_FILE = Path(__file__).with_name("data") / "law-subjects.toml"


@functools.lru_cache(maxsize=1)
def law_subjects() -> dict[int, tuple[str, tuple[str, ...], str]]:
    """Law number -> (English title, Chinese subject terms, editorial Chinese title)."""
    data = tomllib.loads(SUBJECTS_FILE.read_text(encoding="utf-8"))
    return {int(k): (v["en"], tuple(v["terms"]), v.get("zh", ""))
            for k, v in data["subjects"].items()}

#: a citation of a law: '参阅50条', '45条F款', '42条B2', '47条E款2目', '45C4（b）'
CITATION_RE = re.compile(r"(?<![\d第])(?:第)?(\d{1,2})\s*[条條](?:规则)?[（(]?([A-H])?[）)]?(?:款)?(\d)?")
_LIST_RE = re.compile(r"(\d{1,2})和(\d{1,2})[条條]")


@dataclass(frozen=True, slots=True)
class Citation:
    law: int
    section: str | None
    item: str | None
    line: int
    context: frozenset[str]


@dataclass(slots=True)
class Block:
    """A run of body lines between two candidate boundaries."""

    start: int  # index into the body line list
    kind: str  # 'hard' (after a heading), 'restart' (（A）), 'optional'
    why: str
    prior: float = 0.0  # cost of cutting here when nothing else speaks for it


@dataclass(slots=True)
class NumberingResult:
    drafts: list[LawDraft]
    headings: list[Heading] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def find_citations(lines: list[SourceLine]) -> list[Citation]:
    out = []
    for ln in lines:
        for m in CITATION_RE.finditer(ln.text):
            ctx = frozenset(bigrams(ln.text[max(0, m.start() - 12): m.end() + 12]))
            out.append(Citation(int(m[1]), m[2], m[3], ln.number, ctx))
        for m in _LIST_RE.finditer(ln.text):
            out.append(Citation(int(m[1]), None, None, ln.number, frozenset()))
    return out


def _structure(lines: list[SourceLine]) -> tuple[set[str], set[str]]:
    """Section letters and section+item keys ('B2') printed in a block."""
    sections: set[str] = set()
    items: set[str] = set()
    sec = ""
    for ln in lines:
        m = marker_of(ln.text)
        if m is None:
            continue
        if m.kind == "section":
            sec = m.key
            sections.add(sec)
        elif m.kind == "item":
            items.add(sec + m.key)
    return sections, items


def recover_numbers(tokens: list[Token], first_number: int, last_number: int,
                    reference: dict[int, str], citations: list[Citation],
                    context_before: tuple[str, tuple[str, ...]] = ("", ()),
                    reference_id: str = "reference") -> NumberingResult:
    """Split ``tokens`` (which start with the heading of law ``first_number``) into laws.

    ``reference`` maps law numbers of a sibling edition to their text (for alignment).
    """
    result = NumberingResult([])
    body: list[SourceLine] = []
    context: list[tuple[str, tuple[str, ...]]] = []
    after_heading: set[int] = set()
    chapter = context_before[0]
    part, group = (tuple(context_before[1]) + ("", ""))[:2]
    first_title = ""
    first_title_line: int | None = None
    pending_heading = False
    for tok in tokens:
        n = tok.line.number
        if tok.kind == "law":
            first_title, first_title_line = tok.title, n
            pending_heading = True
        elif tok.kind in ("chapter", "part", "group"):
            if tok.kind == "chapter":
                chapter, part, group = tok.title, "", ""
            elif tok.kind == "part":
                part, group = tok.title, ""
            else:
                group = tok.title
            result.headings.append(Heading(tok.kind, tok.title, (n, n)))
            pending_heading = True
        elif tok.kind == "line":
            if pending_heading:
                after_heading.add(len(body))
                pending_heading = False
            body.append(tok.line)
            context.append((chapter, tuple(g for g in (part, group) if g)))
    if not body:
        result.problems.append("no law text after the last law heading")
        return result

    # ---- candidate boundaries ------------------------------------------------------------
    blocks: list[Block] = []
    open_items: set[str] = set()
    section = ""
    prev: str | None = None  # None: previous line plain; 'heading': a marker line with a heading
    for i, ln in enumerate(body):
        m = marker_of(ln.text)
        before_heading = i + 1 in after_heading or i + 1 == len(body)
        if i == 0 or i in after_heading:
            blocks.append(Block(i, "hard", "first line after a heading"))
            open_items, section = set(), ""
        elif m is not None and m.kind == "section" and m.key == "A":
            blocks.append(Block(i, "restart", "section lettering restarts at （A）"))
            open_items, section = set(), ""
        elif m is None and prev is None and _has_words(ln.text):
            blocks.append(Block(i, "optional", "paragraph after a paragraph"))
        elif m is None and prev == "heading" and before_heading:
            blocks.append(Block(i, "optional", "paragraph after a marked heading, last before "
                                "a structural heading", prior=-1.0))
        elif m is not None and m.kind == "item" and m.key == "1" and (section + "1") in open_items:
            blocks.append(Block(i, "optional", "item numbering restarts at 1"))
        if m is not None:
            if m.kind == "section":
                section = m.key
            elif m.kind == "item":
                open_items.add(section + m.key)
            prev = "heading" if looks_like_heading(m.rest) else "text"
        else:
            prev = None
    # an un-lettered paragraph directly before （A） usually opens that law (its introduction)
    for b1, b2 in zip(blocks, blocks[1:]):
        if b1.kind == "optional" and b2.kind == "restart" and b2.start == b1.start + 1:
            b1.prior += INTRO_PRIOR
            b1.why += "; directly before （A）"
    ref_grams = {k: bigrams(v) for k, v in reference.items()}
    subjects = law_subjects()
    index_of = {ln.number: i for i, ln in enumerate(body)}
    line_grams = [bigrams(ln.text) for ln in body]
    is_marker = [marker_of(ln.text) is not None for ln in body]
    cites_by_law: dict[int, list[Citation]] = {}
    for c in citations:
        cites_by_law.setdefault(c.law, []).append(c)

    end = len(body)
    starts = [b.start for b in blocks]
    # limit[k]: a law starting at block k must end at or before this line index: the next hard
    # boundary or the next （A） restart -- except the （A） right after the un-lettered opening
    # paragraphs of a law that starts at k (its introduction)
    limit = [end] * len(blocks)
    for k, blk in enumerate(blocks):
        plain_until = blk.start
        while plain_until < end and not is_marker[plain_until]:
            plain_until += 1
        for k2 in range(k + 1, len(blocks)):
            b2 = blocks[k2]
            if b2.kind == "hard":
                limit[k] = b2.start
                break
            if b2.kind == "restart" and not (b2.start == plain_until > blk.start):
                limit[k] = b2.start
                break

    span_cache: dict[tuple[int, int], tuple[set[str], str, set[str], set[str], set[str]]] = {}

    def span(k: int, stop: int):
        key = (k, stop)
        if key not in span_cache:
            lines = body[blocks[k].start:stop]
            grams: set[str] = set().union(*line_grams[blocks[k].start:stop])
            sections, items = _structure(lines)
            heads = set().union(*(line_grams[i] for i in range(blocks[k].start, stop)
                                  if is_marker[i]))
            # the opening of a block: its first two lines and its marked headings
            opening = "".join(ln.text for ln in lines[:2]) + "".join(ln.text for i, ln in enumerate(lines)
                                              if is_marker[blocks[k].start + i])
            span_cache[key] = (grams, opening, sections, items, heads)
        return span_cache[key]

    score_cache: dict[tuple[int, int, int], float] = {}

    def score(k: int, stop: int, number: int, ev: list[str] | None = None) -> float:
        """Evidence that the block from candidate k to line index stop is law ``number``.

        With ``ev`` the reasons are appended to it (only done for the chosen laws).
        """
        key = (k, stop, number)
        if ev is None and key in score_cache:
            return score_cache[key]
        grams, text, sections, items, head_grams = span(k, stop)
        s = 0.0
        if number in ref_grams:
            sim = dice(grams, ref_grams[number])
            s += 4 * sim
            if ev is not None:
                ev.append(f"similarity with {reference_id} Law {number}: {sim:.2f}")
        elif number in subjects:
            en, terms, _ = subjects[number]
            found = [t for t in terms if t in text]
            s += 1.5 * len(found) / len(terms) - 0.5
            if ev is not None:
                ev.append(f"subject of international Law {number} ({en}): terms "
                          f"{'、'.join(found) or 'none'} of {'、'.join(terms)} in its opening and "
                          "headings")
        if k > 0:
            s += blocks[k].prior
        start = blocks[k].start
        for c in cites_by_law.get(number, ()):
            if start <= index_of.get(c.line, -1) < stop:
                continue  # a law citing itself proves nothing about its number
            ok = (c.section is None or c.section in sections) and \
                 (c.item is None or c.section is None or (c.section + c.item) in items)
            near = dice(c.context, head_grams) if c.context else 0.0
            s += (0.6 if ok else -0.8) + near
            if ev is not None:
                cited = f"{c.law}" + (c.section or "") + (c.item or "")
                ev.append(f"citation of {cited} (line {c.line}) {'fits' if ok else 'does not fit'}"
                          f" this block (context overlap {near:.2f})")
        score_cache[key] = s
        return s

    count = last_number - first_number + 1
    K = len(blocks)
    NEG = float("-inf")

    def successors(k: int):
        """The blocks where the next law may start when this one starts at block ``k``."""
        for k2 in range(k + 1, K):
            if starts[k2] > limit[k]:
                break
            yield k2

    # best[j][k]: best score with law first_number+j starting at block k
    best = [[NEG] * K for _ in range(count)]
    back: list[list[int]] = [[-1] * K for _ in range(count)]
    best[0][0] = 0.0
    for j in range(count - 1):
        for k in range(K):
            if best[j][k] == NEG:
                continue
            for k2 in successors(k):
                s = score(k, starts[k2], first_number + j)
                if best[j][k] + s > best[j + 1][k2]:
                    best[j + 1][k2] = best[j][k] + s
                    back[j + 1][k2] = k
    final = NEG
    last_k = -1
    for k in range(K):
        if best[count - 1][k] == NEG or limit[k] != end:
            continue
        s = score(k, end, last_number)
        if best[count - 1][k] + s > final:
            final, last_k = best[count - 1][k] + s, k
    if last_k < 0:
        result.problems.append(f"no segmentation into Laws {first_number}–{last_number} fits the "
                               f"boundaries the text proves ({K} candidate boundaries)")
        return result
    chosen = [last_k]
    for j in range(count - 1, 0, -1):
        chosen.append(back[j][chosen[-1]])
    chosen.reverse()

    # backward pass: rest[j][k] = best score of laws j.. given law j starts at block k, so that
    # best[j][k] + rest[j][k] is the best total of any segmentation where law j starts at k
    rest = [[NEG] * K for _ in range(count)]
    for k in range(K):
        if limit[k] == end:
            rest[count - 1][k] = score(k, end, last_number)
    for j in range(count - 2, -1, -1):
        for k in range(K):
            if best[j][k] == NEG:
                continue
            for k2 in successors(k):
                if rest[j + 1][k2] == NEG:
                    continue
                total = score(k, starts[k2], first_number + j) + rest[j + 1][k2]
                if total > rest[j][k]:
                    rest[j][k] = total

    for j, k in enumerate(chosen):
        number = first_number + j
        stop = starts[chosen[j + 1]] if j + 1 < len(chosen) else end
        lines = body[starts[k]:stop]
        ev: list[str] = []
        score(k, stop, number, ev)
        margin, alt = _margin(j, k, best, rest, final)
        evidence = [f"boundary: {blocks[k].why}" + ("" if blocks[k].kind != "optional" else
                                                    " (optional boundary chosen by the evidence)")]
        evidence += ev
        evidence.append(f"numbered {number} by order: the laws run without gaps from "
                        f"{first_number} to {last_number}")
        evidence.append(f"confidence from the margin of the best segmentation over the best one "
                        f"that starts Law {number} elsewhere ({alt}): {margin:.2f}")
        chap, groups = context[starts[k]]
        is_first = j == 0 and first_title_line is not None
        draft = LawDraft(number=number, title=first_title if is_first else "",
                         title_line=first_title_line if is_first else None, lines=lines,
                         chapter=chap, groups=groups)
        if not is_first:
            draft.number_editorial = True
            draft.title_editorial = True
            draft.confidence = _confidence(margin)
            draft.evidence = evidence
        result.drafts.append(draft)
    return result


def _has_words(text: str) -> bool:
    """A running sentence that could open a law: not a table cell or a short label like '宕 墩',
    not a parenthetical remark '（防家须注意16条…）' continuing the paragraph above."""
    return not text.startswith(("（", "(")) and len(text) >= 10 and any(p in text for p in "，。：；") and \
        any("\u4e00" <= ch <= "\u9fff" for ch in text)


def _margin(j: int, k: int, best, rest, final: float) -> tuple[float, str]:
    """How much better the chosen start of law j is than the best alternative start."""
    alt = max((best[j][k2] + rest[j][k2] for k2 in range(len(best[j]))
               if k2 != k and best[j][k2] != float("-inf") and rest[j][k2] != float("-inf")),
              default=None)
    if alt is None:
        return 10.0, "no alternative fits the boundaries the text proves"
    return final - alt, f"score {final:.2f} against {alt:.2f}"


def _confidence(margin: float) -> float:
    """Margin -> confidence: 0.5 for a tie, → 1 as the margin grows (logistic, capped at 0.99)."""
    return round(min(0.99, 1 / (1 + math.exp(-2 * margin))), 2)
