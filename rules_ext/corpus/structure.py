"""A law's lines -> its provision tree (款 sections, 项 items, 目 sub-items, 注 notes).

Labels are the compact form the rules use: ``16`` (a law without sections), ``16intro`` (the
un-lettered opening paragraph of a law with sections), ``16A``, ``16A1``, ``16A1a``, and
``25B2b1`` for a numbered sub-item ``（1）`` under a lettered sub-item ``（b）`` (the digit is
appended, as in the rules' own citations ``45C4（b）``).  Items printed directly under a law that
has no lettered sections get ``76.1`` (a dot keeps ``76.1`` apart from ``761``/``7``+``61``).
Notes are ``69note`` (``69note2`` for a second one).

Lines whose marker or heading was lost are repaired by :mod:`rules_ext.corpus.recovery`, which
works on the tree built here.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .model import Provision
from .text import PENALTY_RE, looks_like_heading, marker_of

#: a short heading fused with its first sentence by a colon
_FUSED_HEADING_RE = re.compile(r"^([^，。；：,;:（）()]{1,8})[：:](.+)$")

LEVEL = {"section": 1, "item": 2, "subitem": 3, "subsub": 4}


@dataclass(frozen=True, slots=True)
class LawLine:
    """One line handed to the structure builder: its number, delivered text and corrected text."""

    number: int
    original: str  # the delivered text (outer blanks stripped; artifacts like *** kept)
    text: str  # after errata and suit-symbol restoration

    def __post_init__(self) -> None:
        if self.number < 1:
            raise ValueError(f"line number {self.number!r} is not 1-based: expected e.g. 1")


def _append(p: Provision, text: str, original: str, number: int) -> None:
    p.text = f"{p.text}\n{text}" if p.text else text
    p.original_text = f"{p.original_text}\n{original}" if p.original_text else original
    p.lines = (p.lines[0] or number, number)
    p.text_lines.append(number)
    if PENALTY_RE.search(text):
        p.penalty = True


def _strip_marker(text: str, printed: str) -> str:
    """The rest of a delivered line after its marker ``printed`` (as recognised on the normalised
    line): the traditional copy prints （a） as ***a***."""
    for form in (printed, printed.replace("（", "***").replace("）", "***")):
        if text.startswith(form):
            return text[len(form):].lstrip()
    m = marker_of(text)
    return m.rest if m is not None else text


def _delivered_marker(text: str, printed: str, rest: str = "") -> str:
    """The marker ``printed`` (as recognised on the corrected line) as the delivered line prints it,
    where that differs (the traditional copy's ``***a***`` for （a））; '' otherwise."""
    if text.startswith(printed):
        return ""
    form = printed.replace("（", "***").replace("）", "***")
    if text.startswith(form):
        return form
    # a marker an erratum corrected (1991 13A3: 3要求重发, the item's dot lost): what the delivered
    # line prints before the provision's own words
    return text[:len(text) - len(rest)] if rest and text.endswith(rest) and len(text) > len(rest) else ""


def _delivered_if_changed(original: str, corrected: str) -> str:
    return original if original != corrected else ""


def build_provisions(law_number: int, lines: list[LawLine]) -> tuple[list[Provision], dict[int, str]]:
    """Provisions of one law and, for every line, the label of the provision that holds it."""
    top: list[Provision] = []
    stack: list[tuple[int, Provision]] = []  # (level, provision), outermost first
    owner: dict[int, str] = {}
    notes = 0
    law = str(law_number)
    maybe_headings: list[Provision] = []  # marker line's rest is text unless more follows it

    def parent_label(level: int) -> str:
        for lv, p in reversed(stack):
            if lv < level:
                return p.label
        return law

    def attach(level: int, p: Provision) -> None:
        # a note holds the plain lines after it, never a marked provision (1991 Law 62: （注）
        # printed between （B） and （C）, whose sections are the note's siblings)
        while stack and (stack[-1][0] >= level or stack[-1][1].kind == "note"):
            stack.pop()
        (stack[-1][1].children if stack else top).append(p)
        stack.append((level, p))

    for ln in lines:
        m = marker_of(ln.text)
        if m is not None and m.kind == "subsub" and marker_of(m.rest) is not None:
            m = None  # '（1）（2）两项，…' is a sentence about two sub-items, not a marker
        if m is not None and m.kind == "note":
            notes += 1
            p = Provision(label=f"{law}note" + (str(notes) if notes > 1 else ""), kind="note",
                          marker=m.printed, lines=(ln.number, ln.number), marker_line=ln.number,
                          original_marker=_delivered_marker(ln.original, m.printed))
            stack.clear()
            top.append(p)
            stack.append((0, p))
            if m.rest:
                _append(p, m.rest, _strip_marker(ln.original, m.printed), ln.number)
            owner[ln.number] = p.label
            continue
        if m is not None:
            level = LEVEL[m.kind]
            if m.kind == "item" and not any(lv == 1 for lv, _ in stack):
                label = f"{law}.{m.key}"
            elif m.kind == "subsub" and not any(lv == 3 for lv, _ in stack):
                label = f"{parent_label(level)}({m.key})"
            else:
                base = law if m.kind == "section" else parent_label(level)
                label = base + m.key
            kind = "subitem" if m.kind == "subsub" else m.kind
            p = Provision(label=label, kind=kind, marker=m.printed, lines=(ln.number, ln.number),
                          marker_line=ln.number)
            attach(level, p)
            fused = _FUSED_HEADING_RE.match(m.rest)
            p.original_marker = _delivered_marker(ln.original, m.printed, m.rest)
            delivered_rest = (ln.original[len(p.original_marker):].lstrip() if p.original_marker
                              else _strip_marker(ln.original, m.printed))
            if looks_like_heading(m.rest):
                p.heading = m.rest
                p.original_heading = _delivered_if_changed(delivered_rest, m.rest)
            elif fused:
                # '（A）墩分：如完成定约时，得分记在庄家一方。': a heading and its first sentence
                p.heading = fused[1]
                orig = _FUSED_HEADING_RE.match(delivered_rest)
                p.original_heading = _delivered_if_changed(orig[1] if orig else fused[1], fused[1])
                _append(p, fused[2], orig[2] if orig else fused[2], ln.number)
            elif m.rest:
                _append(p, m.rest, delivered_rest, ln.number)
                if _may_be_heading(m.rest):
                    maybe_headings.append(p)
            if PENALTY_RE.search(m.rest):
                p.penalty = True
            owner[ln.number] = p.label
            continue
        if stack:
            target = stack[-1][1]
        elif top and top[-1].kind == "intro":
            target = top[-1]
        else:
            target = Provision(label=f"{law}intro", kind="intro", lines=(ln.number, ln.number))
            top.append(target)
        _append(target, ln.text, ln.original, ln.number)
        owner[ln.number] = target.label
    for p in maybe_headings:
        if len(p.text_lines) > 1 or p.children:
            _first_line_to_heading(p)
    if len(top) == 1 and top[0].kind == "intro":
        # a law without sections: its text is the law itself
        only = top[0]
        only.label, only.kind = law, "law"
        owner = dict.fromkeys(owner, law)
    for p in top:
        _fix_spans(p)
    return top, owner


#: a heading may hold a comma (1999 27B2 约定叫牌，或更改为其他足够的叫牌或不叫) but never ends a sentence
_SENTENCE_END = re.compile(r"[。；;？！]|[：:，,、）)”]$")


def _may_be_heading(rest: str) -> bool:
    """A marker line's rest that is too long or has a comma for ``looks_like_heading``, but ends
    no sentence: a heading if the provision's text or children follow it on later lines."""
    return len(rest) <= 30 and not _SENTENCE_END.search(rest)


def _first_line_to_heading(p: Provision) -> None:
    first, _, rest = p.text.partition("\n")
    p.heading = first
    p.text = rest
    original_first, _, original_rest = p.original_text.partition("\n")
    p.original_heading = _delivered_if_changed(original_first, first)
    p.original_text = original_rest
    p.text_lines = p.text_lines[1:]


def _fix_spans(p: Provision) -> None:
    """A provision's lines span its own lines and all its children's."""
    for c in p.children:
        _fix_spans(c)
    first = min([p.lines[0]] + [c.lines[0] for c in p.children])
    last = max([p.lines[1]] + [c.lines[1] for c in p.children])
    p.lines = (first, last)


def relabel(p: Provision, old_prefix: str, new_prefix: str) -> None:
    """Rename a provision and its descendants when a recovered level is inserted above them."""
    for q in p.walk():
        if q.label.startswith(old_prefix):
            q.label = new_prefix + q.label[len(old_prefix):]


#: a note printed as a sentence of its own inside a paragraph: '…有关。（注：…）假如…'
#: (a bracketed 注 right after a full stop; a 注 inside a sentence is a gloss and stays in the text)
_SENTENCE_NOTE_RE = re.compile(r"(?<=。)\s*(（|\(|\*\*\*)((?:附注|附註|注|註)[：:])")


def _note_at(text: str) -> tuple[int, int, int, int] | None:
    """(start, body start, body end, end) of the first sentence-level note in one text line."""
    m = _SENTENCE_NOTE_RE.search(text)
    if m is None:
        return None
    if m.group(1) == "***":  # the traditional copy's brackets: the note must close the line
        if not text.endswith("***") or len(text) - 3 < m.end():
            return None
        return m.start(), m.end(), len(text) - 3, len(text)
    depth = 0
    for i in range(m.start(1), len(text)):
        if text[i] in "（(":
            depth += 1
        elif text[i] in "）)":
            depth -= 1
            if depth == 0:
                return m.start(), m.end(), i, i + 1
    return None


def split_sentence_notes(law_number: int, top: list[Provision]) -> list[str]:
    """Make each note printed as a sentence inside a paragraph (1991 Law 68: ``…有关。（注：…）``) a
    provision of kind note, as the notes printed on a line of their own are, kept where it was
    printed: a child of the provision whose paragraph holds it, after that provision's text. What
    the paragraph prints after the note (``假如该行动确与后续牌墩有关时：``) is the provision's closing
    paragraph, shown after the note (a provision with children keeps it in its text). The law's notes
    are numbered in reading order (``68note``, ``68note2``). Returns the evidence."""
    found: list[tuple[Provision, str]] = []  # (note, where it was printed)
    for root in top:
        for p in list(root.walk()):
            texts = p.text.split("\n") if p.text else []
            origs = p.original_text.split("\n") if p.original_text else []
            if len(origs) != len(texts) or len(p.text_lines) != len(texts):
                continue
            lines = list(p.text_lines)
            for i, line in enumerate(texts):
                at, orig_at = _note_at(line), _note_at(origs[i])
                if at is None or orig_at is None or not line[:at[0]].strip():
                    continue
                s, b, e, end = at
                os_, ob, oe, oend = orig_at
                number = lines[i]
                note = Provision(label="", kind="note", marker=origs[i][os_:ob].strip(), text=line[b:e],
                                 original_text=origs[i][ob:oe], lines=(number, number),
                                 text_lines=[number], penalty=bool(PENALTY_RE.search(line[b:e])))
                tail = [line[end:]] + texts[i + 1:]
                tail_orig = [origs[i][oend:]] + origs[i + 1:]
                if p.children or p.closing:
                    texts[i] = line[:s] + line[end:]
                    origs[i] = origs[i][:os_] + origs[i][oend:]
                    p.children.insert(0, note)
                else:
                    kept = [k for k, t in enumerate(tail) if t.strip()]
                    p.closing = "\n".join(tail[k] for k in kept)
                    p.closing_original = "\n".join(tail_orig[k] for k in kept)
                    p.closing_lines = [([number] + lines[i + 1:])[k] for k in kept]
                    texts, origs, lines = texts[:i] + [line[:s]], origs[:i] + [origs[i][:os_]], lines[:i + 1]
                    p.children.append(note)
                found.append((note, f"the paragraph of line {number}"))
                break  # one note per paragraph: the rest of it is the closing
            p.text, p.original_text, p.text_lines = "\n".join(texts), "\n".join(origs), lines
    notes = [p for root in top for p in root.walk() if p.kind == "note"]
    for k, p in enumerate(notes, start=1):
        p.label = f"{law_number}note" + (str(k) if k > 1 else "")
    return [f"{note.label}: the note printed as a sentence inside {where} is a provision of its own, "
            "kept where it was printed" for note, where in found]


#: a paragraph that names two or more sibling provisions by their markers and governs them all:
#: '（1）（2）两项，在强制性不叫对违规方造成损害时参阅23条A款。'
_SIBLINGS_RE = re.compile(r"^((?:[（(][0-9a-z][）)]\s*[、和及与]?\s*){2,})(?:两项|各项|兩項|各項|两目|各目)")


def lift_closing_paragraphs(top: list[Provision]) -> list[str]:
    """A paragraph printed after a provision's last child that names the children together
    (``（1）（2）两项…``) closes the parent: it becomes the parent's closing paragraph instead of
    the last line of the last child. Returns the evidence."""
    evidence = []
    for root in top:
        for parent in list(root.walk()):
            if len(parent.children) < 2 or parent.closing:
                continue
            last = parent.children[-1]
            texts = last.text.split("\n") if last.text else []
            origs = last.original_text.split("\n") if last.original_text else []
            if len(texts) < 2 or len(origs) != len(texts) or len(last.text_lines) != len(texts):
                continue
            markers = {c.marker for c in parent.children}
            for i in range(1, len(texts)):
                m = _SIBLINGS_RE.match(texts[i])
                named = re.findall(r"[（(][0-9a-z][）)]", m.group(1)) if m else []
                named = [f"（{x[1:-1]}）" for x in named]
                if named and all(x in markers for x in named):
                    parent.closing = "\n".join(texts[i:])
                    parent.closing_original = "\n".join(origs[i:])
                    parent.closing_lines = last.text_lines[i:]
                    last.text, last.original_text = "\n".join(texts[:i]), "\n".join(origs[:i])
                    last.text_lines = last.text_lines[:i]
                    last.lines = (last.lines[0], max([last.marker_line, *last.text_lines]))
                    evidence.append(f"{parent.label}: the paragraph of line {parent.closing_lines[0]} "
                                    f"names {''.join(named)} together and closes {parent.label}, "
                                    "after its children")
                    break
    return evidence
