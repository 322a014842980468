"""Cross-references: find them in the text, normalise their targets to labels, resolve them.

:func:`find_references` finds the forms the texts print (law references with or without 条 and their
sections, items and notes, lists and ranges, self references ``本条A款`` and relative ones
``以下本款3``), in either script; headings, a bare ``本条`` and ``条款`` are not references. A target
is a label in the rules' compact form (``43条B款2C目`` -> ``43B2c``). :func:`resolve_target` finds
it in the reference's own edition or one with the same wording, else in the nearest edition that
has the law (its exact label or nearest ancestor), and keeps a target found in another translation
only where that edition cites the same target at the same place (:func:`same_rule`): the same
label in two translations is the same position, not always the same rule.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from rules_ext.errors import NotFoundError

from .catalogue import EDITIONS
from .labels import Label, LabelError, ancestors, law_number
from .model import RESOLUTION_KINDS, Corpus, CrossReference, Definition, Edition, Provision, Resolution
from .text import bigrams, dice

__all__ = [
    "FoundReference",
    "Resolution",
    "TargetResolution",
    "find_references",
    "reference_stats",
    "resolve_references",
    "resolve_target",
    "same_rule",
]

@dataclass(frozen=True, slots=True)
class FoundReference:
    """One reference in a text: ``text[start:end]`` and the labels it names."""

    text: str
    start: int
    end: int
    targets: tuple[str, ...]

    def __post_init__(self) -> None:
        if not (0 <= self.start < self.end):
            raise ValueError(f"bad span {self.start}..{self.end} for reference {self.text!r}: "
                             "expected 0 <= start < end")
        if len(self.text) != self.end - self.start:
            raise ValueError(f"reference text {self.text!r} does not fit its span {self.start}..{self.end}")
        if not self.targets or not all(_is_target(t) for t in self.targets):
            raise ValueError(f"bad targets {self.targets!r} for {self.text!r}: expected labels like "
                             "('47E2', '69note')")


# --------------------------------------------------------------------------------------- the scanner
_OPEN = r"(?:（|\(|\*\*\*)"
_CLOSE = r"(?:）|\)|\*\*\*)"
_TIAO = r"[条條]"
_SEP = re.compile(r"\s*(?:以及|、|和|及|或|与|與)\s*")
_RANGE = re.compile(r"\s*至\s*")
_LAW_NUMBER = re.compile(r"(?<![\dA-Za-z])(第\s*)?(\d+)")
_LAW_LIST_TAIL = re.compile(r"\s*(?:(以及|、|和|及|或|与|與|至)\s*(\d+))")
_TIAO_AT = re.compile(rf"\s*{_TIAO}(?![：:])")
_NOTE = re.compile(r"(?:附注|附註|注|註)(?!意)")
_SECTION = re.compile(rf"(?:{_OPEN}([A-H]){_CLOSE}|([A-H])(?![A-Za-z]))(款)?")
_ITEM = re.compile(r"(\d+)(?![\d条條])[目项項]?")
_SUB = re.compile(rf"(?:{_OPEN}([a-z]){_CLOSE}|([a-z])(?![A-Za-z])|([A-Z])目)[目项項]?")
_SUBSUB = re.compile(rf"{_OPEN}(\d){_CLOSE}")
_MULTI = re.compile(r"各款|两款|兩款|各项|各項")
_ANCHOR = re.compile(r"(?<![\dA-Za-z])(?:第\s*)?\d+|本[条條]|(?:以下|上述|前述|下述)?本款|以下|上述|前述|下述")
_HINT = re.compile(r"[条條]|本款|本[条條]|上述|前述|以下|下述|\d[A-H]\d")  # no reference without one
_COMPACT_AT = re.compile(r"[A-H]\d")
Parts = tuple[str, ...]  # (law, section, item, sub, subsub) prefix; ('69', 'note') for a note


def _label(parts: Parts) -> str:
    return "".join(parts)


def _parts(label: str) -> Parts:
    """('45', 'C', '4', 'b') for '45C4b': the levels down to the first missing one, which relative
    references inside the provision ``label`` build on (a note or an opening: its law)."""
    try:
        parsed = Label.parse(label)
    except LabelError:
        return ()
    parts = [str(parsed.law)]
    if not (parsed.note or parsed.intro):
        for value in (parsed.section, parsed.item, parsed.subitem, parsed.subsub):
            if value in ("", None):
                break
            parts.append(str(value))
    return tuple(parts)


def _is_target(label: str) -> bool:
    """A label a printed reference names: a law and its levels without a gap (``47E2``,
    ``25B2b1``) or its note (``69note``); not an opening (``16intro``) nor ``76.1``."""
    parts = _parts(label)
    return bool(parts) and label in ("".join(parts), f"{parts[0]}note")


def _chain(text: str, pos: int, level: int) -> tuple[Parts, int]:
    """Parse qualifiers from ``level`` down (1 section, 2 item, 3 sub-item, 4 under a sub-item)."""
    parts: list[str] = []
    for lvl in range(level, 5):
        if lvl == 1:
            m = _SECTION.match(text, pos)
            value = (m.group(1) or m.group(2)) if m else ""
        elif lvl == 2:
            m = _ITEM.match(text, pos)
            value = m.group(1) if m else ""
        elif lvl == 3:
            m = _SUB.match(text, pos)
            value = (m.group(1) or m.group(2) or (m.group(3) or "").lower()) if m else ""
        else:
            m = _SUBSUB.match(text, pos)
            value = m.group(1) if m else ""
        if not m:
            break
        parts.append(value)
        pos = m.end()
    return tuple(parts), pos


def _letters(first: str, last: str) -> list[str]:
    return [chr(c) for c in range(ord(first), ord(last) + 1)] if first <= last else [first, last]


class _Scanner:
    def __init__(self, text: str, label: str) -> None:
        self.text = text
        self.base: Parts = _parts(label)

    # a law reference: 第?N(、M…)条 + qualifiers
    def law(self, pos: int) -> tuple[list[Parts], int] | None:
        m = _LAW_NUMBER.match(self.text, pos)
        if not m:
            return None
        numbers = [m.group(2)]
        end = m.end()
        while tail := _LAW_LIST_TAIL.match(self.text, end):
            if tail.group(1) == "至":
                lo, hi = int(numbers[-1]), int(tail.group(2))
                if not lo < hi <= lo + 20:
                    break
                numbers.extend(str(n) for n in range(lo + 1, hi + 1))
            else:
                numbers.append(tail.group(2))
            end = tail.end()
        tiao = _TIAO_AT.match(self.text, end)
        if not tiao:
            # the compact form without 条: '45C4（b）' (law, section and at least an item)
            if len(numbers) == 1 and not m.group(1) and _COMPACT_AT.match(self.text, end):
                quals, end = _chain(self.text, end, 1)
                if len(quals) >= 2:
                    return [(numbers[0], *quals)], end
            return None
        end = tiao.end()
        note = _NOTE.match(self.text, end)
        if note:
            return [(n,) for n in numbers[:-1]] + [(numbers[-1], "note")], note.end()
        quals, end = _chain(self.text, end, 1)
        return [(n,) for n in numbers[:-1]] + [(numbers[-1], *quals)], end

    def continuation(self, targets: list[Parts], pos: int) -> int:
        """Extend ``targets`` with list members and ranges after ``pos``; return the new end."""
        while True:
            prev = targets[-1]
            rng = _RANGE.match(self.text, pos)
            if rng and prev[-1:] != ("note",):
                unit, end = _chain(self.text, rng.end(), len(prev) - 1)
                if len(unit) == 1 and len(prev) == 2 and prev[1].isalpha():
                    targets.extend((prev[0], letter) for letter in _letters(prev[1], unit[0])[1:])
                    pos = end
                    continue
            sep = _SEP.match(self.text, pos)
            if not sep:
                break
            at = sep.end()
            law = self.law(at)
            if law:
                targets.extend(law[0])
                pos = law[1]
                continue
            extended = False
            if prev[-1:] != ("note",):
                for level in range(1, len(prev)):
                    unit, end = _chain(self.text, at, level)
                    if unit:
                        targets.append(prev[:level] + unit)
                        pos, extended = end, True
                        break
            if not extended:
                break
        multi = _MULTI.match(self.text, pos)
        return multi.end() if multi else pos

    def relative(self, anchor: re.Match[str]) -> tuple[list[Parts], int] | None:
        word = anchor.group(0)
        pos = anchor.end()
        if not self.base:
            return None
        if word in ("本条", "本條"):
            quals, end = _chain(self.text, pos, 1)
            return ([(self.base[0], *quals)], end) if quals else None
        if word.endswith("本款"):
            if len(self.base) < 2:
                return None
            quals, end = _chain(self.text, pos, 2)
            return ([self.base[:2] + quals], end) if quals else None
        # 上述 / 前述 / 以下 / 下述: a section of this law, or a sub-item of this item
        quals, end = _chain(self.text, pos, 1)
        if quals:
            return [(self.base[0], *quals)], end
        quals, end = _chain(self.text, pos, 3)
        if quals and len(self.base) >= 3:
            return [self.base[:3] + quals], end
        return None

    def scan(self) -> Iterator[FoundReference]:
        pos = 0
        while anchor := _ANCHOR.search(self.text, pos):
            start = anchor.start()
            found = self.law(start) if anchor.group(0)[-1].isdigit() else self.relative(anchor)
            if not found:
                pos = anchor.end()
                continue
            targets, end = found
            end = self.continuation(targets, end)
            labels = tuple(dict.fromkeys(lab for lab in map(_label, targets) if _is_target(lab)))
            if not labels:
                pos = anchor.end()
                continue
            yield FoundReference(self.text[start:end], start, end, labels)
            pos = end


def find_references(text: str, *, label: str) -> list[FoundReference]:
    """Every cross-reference in ``text``, which belongs to the provision ``label``.

    ``label`` ('16C2', '64intro', '69note'; '' for a definition) anchors self references (``本条A款``)
    and relative ones (``以下本款3``); without it they are not reported. Never raises on odd input.

    The forms (either script; ``（）``, ``()`` and 004's ``***`` all count as brackets): law references
    ``第77条``, ``77条``, ``第21條``, with a section, item, sub-item or note (``26条B款``, ``47条E款2目``,
    ``12条C款1``, ``42条B2``, ``23条A``, ``规则81条（C）6``, ``45条C款4（b）``, ``43条B款2C目``, ``69条注``,
    ``68条附注``), and ``45C4（b）`` without 条 (law, section and at least an item, so that a bid like
    ``2C`` is never one); lists and ranges (``69、70及71条``, ``53条或56条``, ``41条B及C款``,
    ``第30至32条``); self references (``本条A款``, ``本条（B）1、2``, ``本条（C）、（D）或（E）各款``); relative
    ones (``以下本款3``, ``上述A1或A2``, ``上述A至E各款``, ``前述（b）（1）或（b）（2）``). Not references:
    headings (``第1条：牌``), a bare ``本条``/``本条规则``/``本规则``, ``条款``/``条件``. A match's ``text`` is
    the reference as printed without the verb before it (``参阅``, ``按``, ``规则``); ``目`` after a bare
    number is the item (``47条E款2目`` -> ``47E2``), after a letter the sub-item (``43条B款2C目`` -> ``43B2c``).

    >>> [(r.text, r.targets) for r in find_references("参阅26条B款及规则81条（C）6。", label="")]
    [('26条B款', ('26B',)), ('81条（C）6', ('81C6',))]
    >>> find_references("根据本条（B）1、2所述", label="14B2")[0].targets
    ('14B1', '14B2')
    """
    if not _HINT.search(text):
        return []
    return list(_Scanner(text, label).scan())


# ------------------------------------------------------------------------------------- resolution
#: the resolution of one target (kept under its former name)
TargetResolution = Resolution


def _has_law(edition: Edition, law: int | None) -> bool:
    return law is not None and edition.law(law) is not None


def _labels(edition: Edition, cache: dict[str, set[str]]) -> set[str]:
    if edition.id not in cache:
        cache[edition.id] = edition.labels() | {str(law.number) for law in edition.laws}
    return cache[edition.id]


def resolve_target(corpus: Corpus, edition_id: str, target: str,
                   _cache: dict[str, set[str]] | None = None) -> Resolution:
    """Resolve one target label cited in ``edition_id``:

    1. the exact label in the reference's own edition, or in an edition with the same wording (the
       edition it is a script variant of, or whose wording it repeats: 1999-trad and 2008 -> 1999),
       so that a 1999-trad reference to ``40C`` finds 1999's 40C although that copy holds only Law
       40's heading;
    2. otherwise the nearest edition that has the law, own edition first, then the edition's
       fallbacks in :data:`rules_ext.corpus.catalogue.EDITIONS` (2008 -> 1999 -> 1991; 1999 -> 1991;
       1991 -> 1999): its exact label, else its nearest existing ancestor (``47E2`` -> ``47E`` ->
       ``47``), with a note, counted as *ancestor*; resolved outside its own edition, *elsewhere*;
    3. a law found in no edition is unresolved (``resolved=False``, with a note).

    A target found in another translation is kept by :func:`resolve_references` only where
    :func:`same_rule` proves it; otherwise it is *unproven* and links to that edition's law only."""
    cache = {} if _cache is None else _cache
    known = {e.id: e for e in corpus.editions}
    chain = [edition_id] + [e for e in EDITIONS.fallbacks(edition_id, tuple(known)) if e != edition_id]
    editions = [known[e] for e in chain if e in known]
    try:
        law: int | None = law_number(target)
    except LabelError:
        law = None
    own = known.get(edition_id)
    own_has_law = own is not None and _has_law(own, law)
    twins = {edition_id} | ({own.variant_of, own.same_wording_as} - {None} if own is not None else set())

    def away(eid: str) -> str:
        if eid == edition_id:
            return ""
        missing = target if own_has_law else f"Law {law}"
        return f"{missing} is not in the {edition_id} text; "

    def where(eid: str) -> str:
        return "same" if eid == edition_id else "elsewhere"

    # 1. the exact label in this edition or in one with the same wording (2008 -> 1999, trad -> 1999)
    for edition in editions:
        if edition.id in twins and _has_law(edition, law) and target in _labels(edition, cache):
            note = f"{away(edition.id)}resolved in {edition.id}" if edition.id != edition_id else ""
            return Resolution(target, where(edition.id), edition.id, target, note)
    # 2. the nearest edition that has the law: the exact label, else its nearest ancestor
    for edition in editions:
        if not _has_law(edition, law):
            continue
        labels = _labels(edition, cache)
        if target in labels:
            return Resolution(target, where(edition.id), edition.id, target,
                                    f"{away(edition.id)}resolved in {edition.id}")
        for ancestor in ancestors(target):
            if ancestor in labels:
                return Resolution(target, "ancestor", edition.id, ancestor,
                                        f"{away(edition.id)}{target} not found in {edition.id}; "
                                        f"resolved to its ancestor {ancestor}")
    return Resolution(target, "unresolved", None, None,
                            f"Law {target if law is None else law} is in no edition of the corpus")


def _citing(edition: Edition) -> Iterator[tuple[Provision | Definition, CrossReference]]:
    """Every reference of an edition with the provision or definition that prints it."""
    for provision in edition.provisions():
        for ref in provision.xrefs:
            yield provision, ref
    for definition in edition.definitions:
        for ref in definition.xrefs:
            yield definition, ref


#: how alike (Dice over character bigrams) the citing provision and its counterpart in the other
#: edition must be for the counterpart to count as "the same place"
SAME_PLACE = 0.3


def _twins(edition: Edition) -> set[str]:
    """The edition and those with the same wording (its script original, the text it repeats)."""
    return {edition.id} | {e for e in (edition.variant_of, edition.same_wording_as) if e is not None}


def _wording(corpus: Corpus, edition: Edition, node: Provision | Definition) -> str:
    """The citing text in simplified script: the same provision of the edition whose wording this
    one repeats (1999 for the traditional copy and for 2008), else its own text."""
    base_id = edition.variant_of or edition.same_wording_as
    if base_id is not None:
        try:
            base = corpus.edition(base_id)
        except NotFoundError:
            base = None
        if base is not None:
            twin: Provision | Definition | None
            if isinstance(node, Provision):
                twin = next((p for p in base.provisions() if p.label == node.label), None)
            else:
                twin = next((d for d in base.definitions if d.english == node.english), None)
            if twin is not None:
                return twin.text
    if edition.script == "traditional":
        from .recovery import to_simplified
        return to_simplified(node.text)
    return node.text


def _counterpart(corpus: Corpus, edition: Edition, node: Provision | Definition, other: Edition
                 ) -> tuple[Provision | Definition | None, float]:
    """The provision (or definition) of ``other`` most like the citing one, within the same law."""
    text = bigrams(_wording(corpus, edition, node))
    if isinstance(node, Provision):
        try:
            law = other.law(law_number(node.label))
        except LabelError:
            law = None
        candidates: list[Provision | Definition] = list(law.walk()) if law is not None else []
    else:
        candidates = list(other.definitions)
    best: Provision | Definition | None = None
    best_score = 0.0
    for candidate in candidates:
        score = dice(text, bigrams(candidate.text))
        if score > best_score:
            best, best_score = candidate, score
    return (best, best_score) if best_score >= SAME_PLACE else (None, best_score)


def _name(node: Provision | Definition) -> str:
    return node.label if isinstance(node, Provision) else f"definition {node.term}"


def same_rule(corpus: Corpus, edition: Edition, node: Provision | Definition, res: Resolution
              ) -> Resolution:
    """Keep a target resolved in another translation only where the evidence shows it is the same
    rule: the same place of that edition (its provision most like the citing one) cites the same
    target. Otherwise the target becomes 'unproven' and links to the law only.

    Editions with the same wording (the traditional copy, the 2008 excerpt and 1999) need no
    evidence; neither does a target found in the citing edition itself.
    """
    if res.edition is None or res.edition in _twins(edition) or res.kind not in ("elsewhere", "ancestor"):
        return res
    other = corpus.edition(res.edition)
    place, score = _counterpart(corpus, edition, node, other)
    cited = [t for x in place.xrefs for t in x.targets] if place is not None else []
    if place is not None and res.target in cited:
        return replace(res, note=f"{res.note}; the same place of {other.id} ({_name(place)}, "
                                 f"similarity {score:.2f}) cites {res.target} too")
    law = str(law_number(res.target))
    if place is None:
        why = f"no provision of {other.id} is the same place (best similarity {score:.2f})"
    elif cited:
        why = f"the same place of {other.id} ({_name(place)}, similarity {score:.2f}) cites " \
              f"{', '.join(dict.fromkeys(cited))} instead"
    else:
        why = f"the same place of {other.id} ({_name(place)}, similarity {score:.2f}) cites nothing"
    return Resolution(res.target, "unproven", other.id, law,
                      f"{res.target} is not in the {edition.id} text; {other.id} follows other "
                      f"international Laws and {why}: linked to {other.id} Law {law} only",
                      tuple(dict.fromkeys(t for t in cited if t != res.target)))


def resolve_references(corpus: Corpus) -> None:
    """Set ``resolved``, ``edition``, ``note`` and ``resolutions`` on every CrossReference.

    A reference is resolved when all its targets are (same edition, another edition, or an ancestor);
    ``edition`` is the edition its first target resolved in, the note lists every target that did
    not resolve to itself in the reference's own edition, and ``resolutions`` holds, per target, the
    edition and the existing label it links to (``1999:23A`` -> ``1999:23``).
    """
    cache: dict[str, set[str]] = {}
    for edition in corpus.editions:
        for node, ref in _citing(edition):
            results = [same_rule(corpus, edition, node, resolve_target(corpus, edition.id, t, cache))
                       for t in ref.targets]
            ref.resolved = bool(results) and all(r.kind != "unresolved" for r in results)
            ref.edition = next((r.edition for r in results if r.edition), None)
            ref.note = "; ".join(r.note for r in results if r.note)
            ref.resolutions = tuple(results)


def reference_stats(corpus: Corpus) -> dict[str, dict[str, int]]:
    """Per edition: references found, targets, and how the targets resolved.

    Keys per edition: ``found`` (references), ``targets``, ``same`` (resolved in the same edition),
    ``elsewhere`` (resolved in another edition), ``ancestor`` (resolved to an ancestor label),
    ``unproven`` (found in another translation only, not shown to be the same rule), ``unresolved``.
    """
    cache: dict[str, set[str]] = {}
    stats: dict[str, dict[str, int]] = {}
    for edition in corpus.editions:
        row = {"found": 0, "targets": 0, **dict.fromkeys(RESOLUTION_KINDS, 0)}
        for node, ref in _citing(edition):
            row["found"] += 1
            for target in ref.targets:
                row["targets"] += 1
                res = same_rule(corpus, edition, node, resolve_target(corpus, edition.id, target, cache))
                row[res.kind] += 1
        stats[edition.id] = row
    return stats
