"""The definition lists (定义): one :class:`~rules_ext.corpus.model.Definition` per term.

Two printed layouts: 1991's heading ``English 中文`` (``Adjusted Score 调整分``) and its body lines, in
English alphabetical order; 1999's and 2008's ``中文（ENGLISH）`` in pinyin order, sometimes fused
with its text, continuation lines numbered. Repairs, all decided from the text: an unnumbered body
line after a complete body is an orphan, whose lost heading is recovered from another edition's
list (``reference``) at or above :data:`RECOVERY_RATIO` (``recovered=True``); a line ending in the
whole text of an unheaded reference definition is split there (the line then in both definitions'
``lines``); an orphan repeating a body of its block (:data:`DUPLICATE_RATIO`), or a heading of the
other layout whose term the block defines, is junk; garbled suits are restored
(:func:`rules_ext.corpus.suits.restore_suits`), typos left to the errata. ``english`` keeps the name as
printed (``MATCH POINT``, ``AUTION``) for errata to key on (:func:`display_english`: Title Case).
Multi-line bodies are joined with ``\\n``, one source line per text line.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

from .catalogue import EDITIONS
from .model import Definition, Junk
from .suits import restore_suits

__all__ = [
    "DUPLICATE_MIN_LENGTH",
    "DUPLICATE_RATIO",
    "RECOVERY_RATIO",
    "display_english",
    "parse_definition_lists",
    "parse_definitions",
]

#: an orphan body is recovered from a reference definition at least this similar
RECOVERY_RATIO = 0.6
#: an orphan body at least this similar to a body already in the block is a duplicated fragment
DUPLICATE_RATIO = 0.9
#: ... provided it is at least this long (short lines such as 位于右方的对手。/位于左方的对手。 coincide)
DUPLICATE_MIN_LENGTH = 15
#: a fused tail must be at least this similar to the reference definition's whole text
FUSED_RATIO = 0.9

_CJK = r"\u4e00-\u9fff"
#: the two layouts of a definition's heading, named after the edition whose list prints them
#: (the names appear in the junk reasons of the model)
ENGLISH_FIRST, CHINESE_FIRST = "1991", "1999"
# 1991 layout: "Adjusted Score 调整分", "International Match Point（IMP） 国际比赛分"
_HEADING_1991 = re.compile(rf"^\s*(?P<en>[A-Za-z][A-Za-z .'（）()\-－]*?)\s+(?P<zh>[{_CJK}][{_CJK}、]*)\s*$")
# 1999 layout: "比赛分（MATCH POINT）" optionally followed by "。" and/or the text itself
_HEADING_1999 = re.compile(
    rf"^\s*(?P<zh>[{_CJK}]{{1,10}})[（(](?P<en>[A-Za-z][A-Za-z .'\-－]*)[）)]。?(?P<rest>.*)$"
)
_NUMBERED = re.compile(r"^\s*\d+\s*[、.．]")
_ACRONYMS = frozenset({"IMP", "RHO", "LHO", "MP", "TP"})


def display_english(english: str) -> str:
    """The English name in the 1991 Title Case style: ``MATCH POINT`` -> ``Match Point``.

    Names already in mixed case are returned unchanged; acronyms (IMP, RHO, LHO) stay upper case.

    >>> display_english("INTERNATIONAL MATCH POINT－IMP")
    'International Match Point－IMP'
    >>> display_english("Adjusted Score")
    'Adjusted Score'
    """
    if english != english.upper():
        return english

    def word(match: re.Match[str]) -> str:
        w = match.group(0)
        return w if w in _ACRONYMS else w.capitalize()

    return re.sub(r"[A-Za-z]+", word, english)


@dataclass(frozen=True, slots=True)
class _Heading:
    term: str
    english: str
    style: str  # ENGLISH_FIRST or CHINESE_FIRST
    rest: str  # text fused after the heading on the same line ('' if none)


def _heading(text: str) -> _Heading | None:
    m = _HEADING_1999.match(text)
    if m:
        return _Heading(m["zh"], m["en"].strip(), CHINESE_FIRST, m["rest"].strip())
    m = _HEADING_1991.match(text)
    if m:
        return _Heading(m["zh"], m["en"].strip(), ENGLISH_FIRST, "")
    return None


def _best(text: str, pool: Iterable[tuple[str, object]], floor: float = 0.0) -> tuple[float, object | None]:
    """The pool item whose string is most similar to ``text`` (ratio, item); ratios below ``floor``
    are not computed exactly (the cheap upper bounds of difflib rule them out first)."""
    score, found = floor, None
    for body, item in pool:
        matcher = SequenceMatcher(None, text, body, autojunk=False)
        if matcher.real_quick_ratio() <= score or matcher.quick_ratio() <= score:
            continue
        r = matcher.ratio()
        if r > score:
            score, found = r, item
    return (score, found) if found is not None else (0.0, None)


def _sentences(text: str) -> list[str]:
    """Split after each 。 keeping the delimiter: 'a。b。' -> ['a。', 'b。']."""
    parts = re.findall(r"[^。]*。|[^。]+$", text)
    return [p for p in parts if p]


@dataclass(slots=True)
class _Entry:
    term: str
    english: str
    first: int
    last: int
    body: list[str]  # printed body lines (fused heading text included, heading excluded)
    recovered: bool = False
    note: str = ""  # evidence of a recovered heading

    def definition(self) -> Definition:
        original = "\n".join(self.body)
        return Definition(
            term=self.term,
            english=self.english,
            text=restore_suits(original)[0],
            original_text=original,
            lines=(self.first, self.last),
            recovered=self.recovered,
            note=self.note,
        )


def _norm_english(english: str) -> str:
    return re.sub(r"[^A-Z]", "", english.upper())


def parse_definitions(
    edition_id: str,
    lines: list[tuple[int, str]],
    *,
    reference: Sequence[Definition] | Mapping[str, Sequence[Definition]] = (),
) -> tuple[list[Definition], list[Junk]]:
    """Parse one edition's definition block.

    ``lines`` are the (1-based source line, text) pairs after the block's heading. Every input line
    lands in exactly one Definition.lines range or one Junk range — except a line fused from two
    definitions (SUIT + REDEAL), which lies in both. ``reference`` is the evidence for recovering
    lost headings (see the module docstring): another edition's parsed list, or a mapping of edition
    id to list (most trusted first), so that a recovered definition's ``note`` can name the
    edition. Without it, orphans stay with the preceding definition and nothing is recovered.
    Never raises on odd input.
    """
    if isinstance(reference, Mapping):
        sources = [(ed, d) for ed, defs in reference.items() for d in defs]
    else:
        sources = [("reference", d) for d in reference]
    edition_of = {id(d): ed for ed, d in sources}
    headings = {i: _heading(text) for i, (_, text) in enumerate(lines)}
    styles = [h.style for h in headings.values() if h]
    own_style = max(set(styles), key=styles.count) if styles else CHINESE_FIRST
    own_terms = {h.term for h in headings.values() if h and h.style == own_style}
    own_english = {_norm_english(h.english) for h in headings.values() if h and h.style == own_style}

    def unheaded(ref: Definition) -> bool:
        return ref.term not in own_terms and _norm_english(ref.english) not in own_english

    candidates = [ref for _, ref in sources if unheaded(ref)]
    entries: list[_Entry] = []
    junk: list[Junk] = []
    current: _Entry | None = None  # open definition receiving body lines
    intrusion: Junk | None = None  # contamination entry still waiting for its body line

    def evidence(ref: Definition, score: float) -> str:
        first, last = ref.lines
        where = f"line {first}" if first == last else f"lines {first}-{last}"
        names = ("term and English name from it (its own heading was recovered: see its note)"
                 if ref.recovered else "term and English name as printed there")
        return (f"the {edition_of[id(ref)]} definition {ref.term} ({ref.english}, {where}), "
                f"similarity {score:.2f}; {names}")

    def recover(ref: Definition, number: int, body: str, note: str) -> _Entry:
        entry = _Entry(ref.term, ref.english, number, number, [body], recovered=True, note=note)
        key = _norm_english(ref.english)
        candidates[:] = [c for c in candidates if c.term != ref.term and _norm_english(c.english) != key]
        own_terms.add(ref.term)
        own_english.add(key)
        return entry

    for i, (number, raw) in enumerate(lines):
        text = raw.strip()
        heading = headings[i]
        if heading is not None and heading.style != own_style and heading.term in own_terms:
            reason = (
                f"contamination: {heading.style}-style entry {text!r} inside the {edition_id} list; "
                f"{heading.term} is defined in this list's own style"
            )
            intrusion = Junk((number, number), reason)
            junk.append(intrusion)
            current = None
            continue
        if heading is not None:
            intrusion = None
            current = _Entry(heading.term, heading.english, number, number, [heading.rest] if heading.rest else [])
            entries.append(current)
            continue
        if intrusion is not None:  # the intruding entry's body (and a blank line) is part of it
            intrusion.lines = (intrusion.lines[0], number)
            if text:
                intrusion = None
            continue
        if not text:  # blank: belongs to the open definition
            if current is not None:
                current.last = number
            else:
                junk.append(Junk((number, number), "blank line outside any definition"))
            continue
        numbered = bool(_NUMBERED.match(text))
        if current is None or (own_style == CHINESE_FIRST and not numbered and current.body):  # an orphan
            ref_score, ref = _best(text, ((r.original_text, r) for r in candidates), RECOVERY_RATIO - 1e-9)
            dup_score, dup = _best(text, ((body, e) for e in entries for body in e.body), DUPLICATE_RATIO - 1e-9)
            if isinstance(ref, Definition) and ref_score >= RECOVERY_RATIO and ref_score >= dup_score:
                note = (f"heading lost: the unheaded line {number} is not a numbered continuation "
                        f"and matches {evidence(ref, ref_score)}")
                current = recover(ref, number, text, note)
                entries.append(current)
                continue
            if isinstance(dup, _Entry) and dup_score >= DUPLICATE_RATIO and len(text) >= DUPLICATE_MIN_LENGTH:
                junk.append(Junk((number, number),
                                 f"duplicated fragment: repeats the body of {dup.term} ({dup.english}) "
                                 f"at lines {dup.first}-{dup.last}"))
                continue
            if current is None:
                junk.append(Junk((number, number), "unrecognised line outside any definition"))
                continue
        current.body.append(text)
        current.last = number

    # split fused tails (SUIT + REDEAL): trailing sentences equal to an unheaded reference definition
    result: list[_Entry] = []
    for entry in entries:
        result.append(entry)
        if not entry.body or not candidates:
            continue
        last_line = entry.body[-1]
        parts = _sentences(last_line)
        for k in range(1, len(parts)):
            tail = "".join(parts[k:])
            score, ref = _best(tail, ((r.original_text, r) for r in candidates), FUSED_RATIO - 1e-9)
            if isinstance(ref, Definition) and score >= FUSED_RATIO:
                entry.body[-1] = "".join(parts[:k])
                note = (f"heading lost and body fused to {entry.term} ({entry.english}) on line "
                        f"{entry.last}: its last sentence matches {evidence(ref, score)}")
                result.append(recover(ref, entry.last, tail, note))
                break
    return [e.definition() for e in result], junk


def parse_definition_lists(
    blocks: Mapping[str, list[tuple[int, str]]],
) -> dict[str, tuple[list[Definition], list[Junk]]]:
    """Parse every edition's definition block, each with the other editions as evidence.

    ``blocks`` maps an edition id to its block's lines (as for :func:`parse_definitions`). The
    editions are parsed in the order of the editions table, each with the lists of its fallbacks
    parsed before it as evidence: 1991 first (all its headings are printed); 1999 then uses the
    1991 list (for ALERT, REDEAL); 2008 uses the 1999 list of the same file first, then 1991.
    Editions the table does not know come last, with every list parsed before them as evidence.
    """
    done: dict[str, tuple[list[Definition], list[Junk]]] = {}
    order = [e for e in EDITIONS.ids if e in blocks] + [e for e in blocks if e not in EDITIONS.ids]
    for edition_id in order:
        sources = EDITIONS.fallbacks(edition_id, tuple(done))
        reference = {src: done[src][0] for src in sources if src in done}
        done[edition_id] = parse_definitions(edition_id, blocks[edition_id], reference=reference)
    return {e: done[e] for e in blocks}
