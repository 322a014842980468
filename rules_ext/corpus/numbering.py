"""Recovering the law boundaries and numbers of a text that lost its law headings (1991, Laws 5–93).

All the evidence is read from the text: boundaries that must be there (after a chapter heading, at
a section lettered （A）) and that may be (a paragraph after a paragraph, items restarting at
``1.``); the likeness of a block to the reference edition's law of that number (1999, bigram
similarity); the citations elsewhere in the text (``N条X款`` says law N has section X); the subject
terms of the international law of that number (``data/law-subjects.toml``) for laws the reference
lacks; small regularities; and the count, which runs without gaps to 93. A dynamic programme picks
the boundaries that maximise the total evidence; a forward and a backward pass give, for every
possible start of law N, the best total with law N starting there, and the margin of the chosen
start over the best other one maps to the law's confidence (0.5 = a tie). What each kind of
evidence is worth is in one place, :class:`NumberingWeights`; the evidence in words: the
使用说明's 开发约定 (source/manual/developers.rst).
"""
from __future__ import annotations

import functools
import itertools
import math
import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from pathlib import Path

from .editions import Token
from .laws import LawDraft
from .model import Heading
from .text import SourceLine, bigrams, dice, looks_like_heading, marker_of

SUBJECTS_FILE = Path(__file__).with_name("data") / "law-subjects.toml"


@dataclass(frozen=True, slots=True)
class NumberingWeights:
    """What each kind of evidence counts for, and the thresholds of the numbering.

    A block's score as law N is the sum of the points its evidence earns; the segmentation with the
    highest total wins.
    """

    #: alignment: points per unit of character-bigram similarity (0–1) between a block and the
    #: reference edition's law of the same number -- the strongest evidence where it exists
    similarity: float = 4.0
    #: subjects: points when all the subject terms of the international law of that number are in
    #: the block's opening and headings (a share of the terms earns that share of the points)
    subject_terms: float = 1.5
    #: subjects: points every block without reference text loses before its terms are counted, so
    #: that finding under a third of the terms speaks against the number
    subject_baseline: float = 0.5
    #: citations: points when a citation of law N (with its section, item) fits the block
    citation_fits: float = 0.6
    #: citations: points lost when the block lacks the section or item a citation of law N names
    citation_misfits: float = 0.8
    #: citations: characters either side of a citation kept as its context, whose bigram overlap
    #: with the block's marked headings earns up to one more point
    citation_context: int = 12
    #: regularity: points for a boundary at a paragraph directly before （A） (it usually introduces
    #: that law)
    introduction: float = 0.3
    #: regularity: points lost by a boundary that cuts a marked heading from its only paragraph
    #: (a lost heading is rarer than a lost body)
    heading_cut: float = 1.0
    #: subjects: the first lines of a block read as its opening (with its marked headings)
    opening_lines: int = 2
    #: boundaries: the shortest running paragraph (characters) that may open a law
    paragraph_chars: int = 10
    #: confidence: steepness of the logistic curve from a margin (points) to a confidence
    confidence_steepness: float = 2.0
    #: confidence: the most a recovered number is trusted
    confidence_cap: float = 0.99
    #: confidence: the margin recorded when no other start of a law fits the proven boundaries
    sole_margin: float = 10.0

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if not isinstance(value, (int, float)) or isinstance(value, bool) or value < 0:
                raise ValueError(f"numbering weight {f.name}={value!r} is not a number >= 0: "
                                 f"expected e.g. {f.name}={f.default!r}")
        if not 0.5 <= self.confidence_cap <= 1:
            raise ValueError(f"confidence_cap={self.confidence_cap!r} is not between 0.5 and 1: "
                             "expected e.g. 0.99")


#: the weights the corpus is numbered with
DEFAULT_WEIGHTS = NumberingWeights()

#: a score no segmentation reaches (a law cannot start at that block)
_UNREACHABLE = float("-inf")


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


def find_citations(lines: list[SourceLine], weights: NumberingWeights = DEFAULT_WEIGHTS) -> list[Citation]:
    """Every citation of a law number in ``lines``, with the bigrams around it as its context."""
    out = []
    around = weights.citation_context
    for ln in lines:
        for m in CITATION_RE.finditer(ln.text):
            ctx = frozenset(bigrams(ln.text[max(0, m.start() - around): m.end() + around]))
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
                    reference_id: str = "reference",
                    weights: NumberingWeights = DEFAULT_WEIGHTS) -> NumberingResult:
    """Split ``tokens`` (which start with the heading of law ``first_number``) into laws.

    ``reference`` maps law numbers of a sibling edition to their text (for alignment).
    """
    body = _read_body(tokens, context_before)
    result = NumberingResult([], headings=body.headings)
    if not body.lines:
        result.problems.append("no law text after the last law heading")
        return result
    blocks = _candidate_boundaries(body.lines, body.after_heading, weights)
    _favour_introductions(blocks, weights)
    is_marker = [marker_of(ln.text) is not None for ln in body.lines]
    lattice = _Lattice(blocks, _limits(blocks, is_marker), len(body.lines))
    evidence = _Evidence(body.lines, blocks, is_marker, reference, reference_id, citations, weights)

    best, back = _forward(lattice, evidence, first_number, last_number)
    final, last_k = _last_law(lattice, evidence, best[-1], last_number)
    if last_k < 0:
        result.problems.append(f"no segmentation into Laws {first_number}–{last_number} fits the "
                               f"boundaries the text proves ({len(blocks)} candidate boundaries)")
        return result
    chosen = _backtrack(back, last_k)
    rest = _backward(lattice, evidence, best, first_number, last_number)
    for j, k in enumerate(chosen):
        stop = blocks[chosen[j + 1]].start if j + 1 < len(chosen) else lattice.end
        margin, alt = _margin(best[j], rest[j], k, final, weights)
        result.drafts.append(_draft(body, evidence, k, stop, first_number + j, (first_number, last_number),
                                    margin, alt, weights))
    return result


# ---- the text after the last law heading ---------------------------------------------------

@dataclass(slots=True)
class _Body:
    """The lines after the last printed law heading, and what the headings among them say."""

    lines: list[SourceLine] = field(default_factory=list)
    #: per line: the chapter and the part/section titles it stands under
    context: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    #: indexes of the lines that directly follow a heading
    after_heading: set[int] = field(default_factory=set)
    headings: list[Heading] = field(default_factory=list)
    #: the printed heading of the first law (its title and line), the only one not lost
    first_title: str = ""
    first_title_line: int | None = None


def _read_body(tokens: list[Token], context_before: tuple[str, tuple[str, ...]]) -> _Body:
    """Body lines with the chapter/part/section they stand under; where a heading precedes a line.

    A heading (chapter 章, part 部分, section 节, or the law heading itself) is followed by the
    start of a law: the only boundaries the text proves outright.
    """
    body = _Body()
    chapter = context_before[0]
    part, group = (tuple(context_before[1]) + ("", ""))[:2]
    pending_heading = False
    for tok in tokens:
        n = tok.line.number
        if tok.kind == "law":
            body.first_title, body.first_title_line = tok.title, n
            pending_heading = True
        elif tok.kind in ("chapter", "part", "group"):
            if tok.kind == "chapter":
                chapter, part, group = tok.title, "", ""
            elif tok.kind == "part":
                part, group = tok.title, ""
            else:
                group = tok.title
            body.headings.append(Heading(tok.kind, tok.title, (n, n)))
            pending_heading = True
        elif tok.kind == "line":
            if pending_heading:
                body.after_heading.add(len(body.lines))
                pending_heading = False
            body.lines.append(tok.line)
            body.context.append((chapter, tuple(g for g in (part, group) if g)))
    return body


# ---- candidate boundaries ------------------------------------------------------------------

def _candidate_boundaries(lines: list[SourceLine], after_heading: set[int],
                          weights: NumberingWeights) -> list[Block]:
    """Every line where a law may start, read from the markers around it.

    A law must start after a heading and at a section lettered （A）; it may start at a running
    paragraph after another paragraph, at the last paragraph after a marked heading (at a cost:
    that cuts the heading from its only paragraph), and where item numbering restarts at ``1.``
    in a section that already has an item 1.
    """
    blocks: list[Block] = []
    open_items: set[str] = set()
    section = ""
    prev: str | None = None  # None: previous line plain; 'heading': a marker line with a heading
    for i, ln in enumerate(lines):
        m = marker_of(ln.text)
        before_heading = i + 1 in after_heading or i + 1 == len(lines)
        if i == 0 or i in after_heading:
            blocks.append(Block(i, "hard", "first line after a heading"))
            open_items, section = set(), ""
        elif m is not None and m.kind == "section" and m.key == "A":
            blocks.append(Block(i, "restart", "section lettering restarts at （A）"))
            open_items, section = set(), ""
        elif m is None and prev is None and _has_words(ln.text, weights):
            blocks.append(Block(i, "optional", "paragraph after a paragraph"))
        elif m is None and prev == "heading" and before_heading:
            blocks.append(Block(i, "optional", "paragraph after a marked heading, last before "
                                "a structural heading", prior=-weights.heading_cut))
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
    return blocks


def _has_words(text: str, weights: NumberingWeights) -> bool:
    """A running sentence that could open a law: not a table cell or a short label like '宕 墩',
    not a parenthetical remark '（防家须注意16条…）' continuing the paragraph above."""
    return not text.startswith(("（", "(")) and len(text) >= weights.paragraph_chars and \
        any(p in text for p in "，。：；") and any("\u4e00" <= ch <= "\u9fff" for ch in text)


def _favour_introductions(blocks: list[Block], weights: NumberingWeights) -> None:
    """An un-lettered paragraph directly before （A） usually opens that law (its introduction)."""
    for b1, b2 in itertools.pairwise(blocks):
        if b1.kind == "optional" and b2.kind == "restart" and b2.start == b1.start + 1:
            b1.prior += weights.introduction
            b1.why += "; directly before （A）"


def _limits(blocks: list[Block], is_marker: list[bool]) -> list[int]:
    """For each candidate, the line index a law starting there must end by.

    That is the next heading or the next （A） -- except the （A） right after the un-lettered
    opening paragraphs of a law that starts at the candidate (its introduction).
    """
    end = len(is_marker)
    limit = [end] * len(blocks)
    for k, blk in enumerate(blocks):
        plain_until = blk.start
        while plain_until < end and not is_marker[plain_until]:
            plain_until += 1
        for b2 in blocks[k + 1:]:
            if b2.kind == "hard":
                limit[k] = b2.start
                break
            if b2.kind == "restart" and not (b2.start == plain_until > blk.start):
                limit[k] = b2.start
                break
    return limit


# ---- the evidence that a block is law N ------------------------------------------------------

@dataclass(frozen=True, slots=True)
class _Span:
    """What a run of lines prints: its bigrams, its opening, its section letters and
    section+item keys, and the bigrams of its marked headings."""

    grams: set[str]
    opening: str
    sections: set[str]
    items: set[str]
    heading_grams: set[str]


class _Evidence:
    """The evidence that the lines from candidate ``k`` to line index ``stop`` are law N (cached)."""

    def __init__(self, lines: list[SourceLine], blocks: list[Block], is_marker: list[bool],
                 reference: dict[int, str], reference_id: str, citations: list[Citation],
                 weights: NumberingWeights) -> None:
        self.lines = lines
        self.blocks = blocks
        self.is_marker = is_marker
        self.reference_grams = {k: bigrams(v) for k, v in reference.items()}
        self.reference_id = reference_id
        self.subjects = law_subjects()
        self.weights = weights
        self.index_of = {ln.number: i for i, ln in enumerate(lines)}
        self.line_grams = [bigrams(ln.text) for ln in lines]
        self.citations: dict[int, list[Citation]] = {}
        for c in citations:
            self.citations.setdefault(c.law, []).append(c)
        self._spans: dict[tuple[int, int], _Span] = {}
        self._scores: dict[tuple[int, int, int], float] = {}

    def span(self, k: int, stop: int) -> _Span:
        key = (k, stop)
        if key not in self._spans:
            start = self.blocks[k].start
            lines = self.lines[start:stop]
            sections, items = _structure(lines)
            heads: set[str] = set().union(*(self.line_grams[i] for i in range(start, stop)
                                            if self.is_marker[i]))
            # the opening of a block: its first lines and its marked headings
            opening = "".join(ln.text for ln in lines[:self.weights.opening_lines]) + \
                "".join(ln.text for i, ln in enumerate(lines) if self.is_marker[start + i])
            self._spans[key] = _Span(set().union(*self.line_grams[start:stop]), opening, sections,
                                     items, heads)
        return self._spans[key]

    def score(self, k: int, stop: int, number: int, reasons: list[str] | None = None) -> float:
        """The points of the block from candidate k to line index stop as law ``number``.

        With ``reasons`` the reasons are appended to it (only done for the chosen laws).
        """
        key = (k, stop, number)
        if reasons is None and key in self._scores:
            return self._scores[key]
        span = self.span(k, stop)
        s = 0.0
        if number in self.reference_grams:
            s += self._alignment(span, number, reasons)
        elif number in self.subjects:
            s += self._subject(span, number, reasons)
        if k > 0:
            s += self.blocks[k].prior
        start = self.blocks[k].start
        for c in self.citations.get(number, ()):
            if start <= self.index_of.get(c.line, -1) < stop:
                continue  # a law citing itself proves nothing about its number
            s += self._citation(c, span, reasons)
        self._scores[key] = s
        return s

    def _alignment(self, span: _Span, number: int, reasons: list[str] | None) -> float:
        """The reference edition's law of the same number says much the same (bigram similarity)."""
        sim = dice(span.grams, self.reference_grams[number])
        if reasons is not None:
            reasons.append(f"similarity with {self.reference_id} Law {number}: {sim:.2f}")
        return self.weights.similarity * sim

    def _subject(self, span: _Span, number: int, reasons: list[str] | None) -> float:
        """The subject terms of the international law of that number open the block."""
        en, terms, _ = self.subjects[number]
        found = [t for t in terms if t in span.opening]
        if reasons is not None:
            reasons.append(f"subject of international Law {number} ({en}): terms "
                           f"{'、'.join(found) or 'none'} of {'、'.join(terms)} in its opening and "
                           "headings")
        return self.weights.subject_terms * len(found) / len(terms) - self.weights.subject_baseline

    def _citation(self, c: Citation, span: _Span, reasons: list[str] | None) -> float:
        """A citation of law N elsewhere names a section (and item) the block has or lacks; the
        words around it overlap the block's marked headings."""
        fits = (c.section is None or c.section in span.sections) and \
            (c.item is None or c.section is None or (c.section + c.item) in span.items)
        near = dice(c.context, span.heading_grams) if c.context else 0.0
        if reasons is not None:
            cited = f"{c.law}" + (c.section or "") + (c.item or "")
            reasons.append(f"citation of {cited} (line {c.line}) {'fits' if fits else 'does not fit'}"
                           f" this block (context overlap {near:.2f})")
        return (self.weights.citation_fits if fits else -self.weights.citation_misfits) + near


# ---- the best segmentation -------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class _Lattice:
    """The candidate boundaries as a graph: a law starting at candidate k ends where the next
    starts, at or before ``limit[k]``; the last law ends at ``end``."""

    blocks: list[Block]
    limit: list[int]
    end: int

    def successors(self, k: int) -> Iterator[int]:
        """The blocks where the next law may start when this one starts at block ``k``."""
        for k2 in range(k + 1, len(self.blocks)):
            if self.blocks[k2].start > self.limit[k]:
                break
            yield k2


def _forward(lattice: _Lattice, evidence: _Evidence, first_number: int,
             last_number: int) -> tuple[list[list[float]], list[list[int]]]:
    """The laws run without gaps: ``best[j][k]`` is the best score of the laws before law
    first_number+j when that law starts at block k, ``back[j][k]`` where the law before starts."""
    count, n_blocks = last_number - first_number + 1, len(lattice.blocks)
    best = [[_UNREACHABLE] * n_blocks for _ in range(count)]
    back = [[-1] * n_blocks for _ in range(count)]
    best[0][0] = 0.0
    for j in range(count - 1):
        for k in range(n_blocks):
            if best[j][k] == _UNREACHABLE:
                continue
            for k2 in lattice.successors(k):
                s = evidence.score(k, lattice.blocks[k2].start, first_number + j)
                if best[j][k] + s > best[j + 1][k2]:
                    best[j + 1][k2] = best[j][k] + s
                    back[j + 1][k2] = k
    return best, back


def _last_law(lattice: _Lattice, evidence: _Evidence, best_last: list[float],
              last_number: int) -> tuple[float, int]:
    """The last law runs to the end of the text: the best total, and the block it starts at
    (-1 when no segmentation fits)."""
    final, last_k = _UNREACHABLE, -1
    for k, before in enumerate(best_last):
        if before == _UNREACHABLE or lattice.limit[k] != lattice.end:
            continue
        s = evidence.score(k, lattice.end, last_number)
        if before + s > final:
            final, last_k = before + s, k
    return final, last_k


def _backtrack(back: list[list[int]], last_k: int) -> list[int]:
    """The start block of every law of the best segmentation, first law first."""
    chosen = [last_k]
    for j in range(len(back) - 1, 0, -1):
        chosen.append(back[j][chosen[-1]])
    chosen.reverse()
    return chosen


def _backward(lattice: _Lattice, evidence: _Evidence, best: list[list[float]], first_number: int,
              last_number: int) -> list[list[float]]:
    """``rest[j][k]``: the best score of law first_number+j and the laws after it when it starts at
    block k, so that ``best[j][k] + rest[j][k]`` is the best total with law j starting there."""
    count, n_blocks = last_number - first_number + 1, len(lattice.blocks)
    rest = [[_UNREACHABLE] * n_blocks for _ in range(count)]
    for k in range(n_blocks):
        if lattice.limit[k] == lattice.end:
            rest[count - 1][k] = evidence.score(k, lattice.end, last_number)
    for j in range(count - 2, -1, -1):
        for k in range(n_blocks):
            if best[j][k] == _UNREACHABLE:
                continue
            for k2 in lattice.successors(k):
                if rest[j + 1][k2] == _UNREACHABLE:
                    continue
                total = evidence.score(k, lattice.blocks[k2].start, first_number + j) + rest[j + 1][k2]
                if total > rest[j][k]:
                    rest[j][k] = total
    return rest


def _margin(best: list[float], rest: list[float], k: int, final: float,
            weights: NumberingWeights) -> tuple[float, str]:
    """How much better the chosen start (block k) of a law is than the best alternative start."""
    alt = max((b + r for k2, (b, r) in enumerate(zip(best, rest))
               if k2 != k and b != _UNREACHABLE and r != _UNREACHABLE), default=None)
    if alt is None:
        return weights.sole_margin, "no alternative fits the boundaries the text proves"
    return final - alt, f"score {final:.2f} against {alt:.2f}"


def _confidence(margin: float, weights: NumberingWeights) -> float:
    """Margin -> confidence: 0.5 for a tie, → 1 as the margin grows (logistic, capped)."""
    return round(min(weights.confidence_cap, 1 / (1 + math.exp(-weights.confidence_steepness * margin))), 2)


def _draft(body: _Body, evidence: _Evidence, k: int, stop: int, number: int, numbers: tuple[int, int],
           margin: float, alt: str, weights: NumberingWeights) -> LawDraft:
    """The law ``number`` starting at block k, with the evidence that placed it (the first law
    keeps its printed heading and needs none)."""
    start = evidence.blocks[k].start
    chapter, groups = body.context[start]
    lines = body.lines[start:stop]
    if number == numbers[0] and body.first_title_line is not None:
        return LawDraft(number=number, title=body.first_title, title_line=body.first_title_line,
                        lines=lines, chapter=chapter, groups=groups)
    why = evidence.blocks[k].why
    if evidence.blocks[k].kind == "optional":
        why += " (optional boundary chosen by the evidence)"
    reasons = [f"boundary: {why}"]
    evidence.score(k, stop, number, reasons)
    reasons.append(f"numbered {number} by order: the laws run without gaps from "
                   f"{numbers[0]} to {numbers[1]}")
    reasons.append(f"confidence from the margin of the best segmentation over the best one "
                   f"that starts Law {number} elsewhere ({alt}): {margin:.2f}")
    return LawDraft(number=number, title="", title_line=None, lines=lines, chapter=chapter,
                    groups=groups, title_editorial=True, number_editorial=True,
                    confidence=_confidence(margin, weights), evidence=reasons)
