"""Recovering lost section, item and sub-item markers inside a law, where the text proves them.

Six rules, applied in this order by :func:`recover_markers`: a lettering gap at the start (1999
Laws 6, 19) or in the middle (1999 Law 18, 1991 Law 78), items under the wrong section (1999 Law
40E), an item gap at the start (1991 Law 16A1) or at the end (1999 Law 16C2), items restarted
under a sub-item (1991 Law 9A2(b)). Every recovered provision has ``recovered=True`` and its law's
evidence says what proved it; its heading is the same provision's in a sibling edition whose text
matches (bigram similarity ≥ 0.15; the marker itself is proven by the lettering), else the opening
phrase of its paragraph. Each rule in words: the 使用说明's 开发约定 (source/manual/developers.rst).
"""
from __future__ import annotations

import itertools
import re

from .model import Edition, Law, Provision
from .structure import relabel
from .text import bigrams, dice, looks_like_heading

MATCH = 0.4
#: a lost marker is proven by the lettering; its sibling's heading is taken at a lower bar
HEADING_MATCH = 0.15


def recover_markers(e: Edition, siblings: list[Edition], convert=lambda s: s) -> None:
    for law in e.laws:
        others = [o for s in siblings if (o := s.law(law.number)) is not None]
        ctx = _Ctx(law, others, convert)
        ctx.partial_start()
        ctx.start_gap()
        ctx.middle_gaps()
        ctx.items_under_wrong_section()
        ctx.item_gap_start()
        ctx.item_gap_end()
        ctx.restarted_items()
        ctx.note_empty()


def _set_text(p: Provision, texts: list[str], origs: list[str], lines: list[int]) -> None:
    p.text = "\n".join(texts)
    p.original_text = "\n".join(origs)
    p.text_lines = list(lines)


def _span(p: Provision) -> None:
    own = list(p.text_lines) + ([p.marker_line] if p.marker_line else [])
    for c in p.children:
        _span(c)
    firsts = [c.lines[0] for c in p.children] + own
    lasts = [c.lines[1] for c in p.children] + own
    if firsts:
        p.lines = (min(firsts), max(lasts))


class _Ctx:
    def __init__(self, law: Law, others: list[Law], convert) -> None:
        self.law = law
        self.others = others
        self.convert = convert
        self.n = str(law.number)

    # -- helpers -------------------------------------------------------------------------
    def sibling(self, label: str) -> tuple[Provision, str] | tuple[None, None]:
        for o in self.others:
            for p in o.walk():
                if p.label == label:
                    return p, o.label
        return None, None

    def heading_for(self, label: str, text: str) -> tuple[str, str]:
        """A heading for a recovered provision and where it came from."""
        p, _ = self.sibling(label)
        if p is not None and not text:
            if p.heading:
                return p.heading, f"heading from the sibling edition's {label}"
            head = re.split(r"[（(，,。：]", p.text, maxsplit=1)[0]
            if head and len(head) <= 8:
                return head, f"heading from the opening words of the sibling edition's {label}"
        if p is not None and p.heading:
            sim = dice(bigrams(self.convert(text)), bigrams(p.original_text or p.text))
            if sim >= HEADING_MATCH:
                return p.heading, f"heading from the sibling edition's {label} (similarity {sim:.2f})"
        head = re.split(r"[，,。：]", text, maxsplit=1)[0]
        if head and head != text and len(head) <= 16:
            return head, "heading from the paragraph's own opening phrase"
        return "", "no heading could be recovered"

    def note(self, msg: str) -> None:
        self.law.evidence.append(msg)

    def split_off(self, p: Provision, count: int) -> list[tuple[list[str], list[str], list[int]]]:
        """Take the last ``count`` paragraphs of ``p``'s text off it."""
        texts = p.text.split("\n") if p.text else []
        origs = p.original_text.split("\n") if p.original_text else []
        if len(origs) != len(texts):
            origs = texts[:]
        keep = len(texts) - count
        out = [([texts[i]], [origs[i]], [p.text_lines[i]]) for i in range(keep, len(texts))]
        _set_text(p, texts[:keep], origs[:keep], p.text_lines[:keep])
        return out

    def make(self, label: str, kind: str, part: tuple[list[str], list[str], list[int]],
             why: str) -> Provision:
        texts, origs, lines = part
        heading, src = self.heading_for(label, "\n".join(texts))
        p = Provision(label=label, kind=kind, heading=heading, recovered=True,
                      text="\n".join(texts), original_text="\n".join(origs),
                      text_lines=list(lines), lines=(min(lines), max(lines)) if lines else (0, 0))
        self.note(f"recovered {label}: {why}; {src}")
        return p

    def sections(self) -> list[Provision]:
        return [p for p in self.law.provisions if p.kind == "section"]

    # -- rule 0 ----------------------------------------------------------------------------
    def partial_start(self) -> None:
        """A copy that starts inside a law: its first items belong to a section of the sibling."""
        top = self.law.provisions
        if not top or any(p.kind == "section" for p in top):
            return
        for p in top:
            if p.kind != "item":
                continue
            key = p.label[len(self.n) + 1:]
            want = bigrams(self.convert(p.heading + p.text))
            best = None
            for o in self.others:
                for q in o.walk():
                    if q.kind == "item" and q.label.endswith(key) and q.label[len(self.n):-len(key)]:
                        sim = dice(want, bigrams(q.heading + q.original_text))
                        if sim >= MATCH and (best is None or sim > best[0]):
                            best = (sim, q.label)
            if best is not None:
                old = p.label
                relabel(p, old, best[1])
                self.note(f"{old} is {best[1]}: the copy starts inside section "
                          f"{best[1][len(self.n):-len(key)]} of the sibling edition (similarity "
                          f"{best[0]:.2f})")

    # -- rule 1 ----------------------------------------------------------------------------
    def start_gap(self) -> None:
        top = self.law.provisions
        secs = self.sections()
        if not secs or secs[0].label[len(self.n):] == "A":
            return
        missing = [chr(c) for c in range(ord("A"), ord(secs[0].label[len(self.n):]))]
        before = top[:top.index(secs[0])]
        intro = next((p for p in before if p.kind == "intro"), None)
        items = [p for p in before if p.kind == "item"]
        new: list[Provision] = []
        if items and not intro:
            runs: list[list[Provision]] = []
            for it in items:
                if it.label.endswith(".1") or not runs:
                    runs.append([])
                runs[-1].append(it)
            if len(runs) != len(missing):
                return
            for letter, run in zip(missing, runs):
                label = self.n + letter
                heading, src = self.heading_for(label, "")
                sec = Provision(label=label, kind="section", heading=heading, recovered=True)
                for it in run:
                    relabel(it, f"{self.n}.", label)
                    sec.children.append(it)
                _span(sec)
                self.note(f"recovered {label}: lettering starts at {secs[0].label[len(self.n):]} and "
                          f"item numbering restarts at 1 before it; {src}")
                new.append(sec)
            rest = [p for p in before if p not in items]
        elif intro is not None and len(intro.text_lines) >= len(missing):
            parts = self.split_off(intro, len(missing))
            for letter, part in zip(missing, parts):
                new.append(self.make(self.n + letter, "section", part,
                                     f"lettering starts at {secs[0].label[len(self.n):]}; "
                                     "one opening paragraph per missing letter"))
            rest = [p for p in before if p is not intro or intro.text_lines]
        else:
            return
        self.law.provisions[:] = rest + new + top[top.index(secs[0]):]

    # -- rule 2 ----------------------------------------------------------------------------
    def middle_gaps(self) -> None:
        secs = self.sections()
        for a, b in itertools.pairwise(secs):
            la, lb = a.label[len(self.n):], b.label[len(self.n):]
            if len(la) != 1 or len(lb) != 1 or ord(lb) - ord(la) != 2:
                continue
            if a.children or len(a.text_lines) < 2:
                continue
            part = self.split_off(a, 1)[0]
            label = self.n + chr(ord(la) + 1)
            p = self.make(label, "section", part, f"lettering jumps from {la} to {lb}; the last "
                          f"paragraph of {a.label} is the lost section")
            top = self.law.provisions
            top.insert(top.index(b), p)
            _span(a)

    # -- rule 3 ----------------------------------------------------------------------------
    def items_under_wrong_section(self) -> None:
        secs = self.sections()
        if not secs:
            return
        last = secs[-1]
        letter = last.label[len(self.n):]
        if len(letter) != 1 or not last.children:
            return
        nxt = self.n + chr(ord(letter) + 1)
        sib, _ = self.sibling(nxt)
        mine_sib, _ = self.sibling(last.label)
        if sib is None or not sib.children or (mine_sib is not None and mine_sib.children):
            return
        theirs = [c.heading for c in sib.children]
        ours = [c.heading for c in last.children]
        same = sum(dice(bigrams(self.convert(x)), bigrams(y)) >= 0.5 for x, y in zip(ours, theirs))
        if same < max(1, len(ours) - 1):
            return
        sec = Provision(label=nxt, kind="section", heading=sib.heading, recovered=True)
        for c in last.children:
            relabel(c, last.label, nxt)
            sec.children.append(c)
        last.children = []
        _span(sec)
        _span(last)
        self.law.provisions.insert(self.law.provisions.index(last) + 1, sec)
        self.note(f"recovered {nxt}: the items under {last.label} have the headings of the items "
                  f"of {nxt} in the sibling edition ({same}/{len(ours)} match), and this law has no "
                  f"{nxt}; heading from the sibling edition")

    # -- rule 4 ----------------------------------------------------------------------------
    def item_gap_start(self) -> None:
        for sec in self.sections():
            items = [c for c in sec.children if c.kind == "item"]
            if not items or items[0].label != sec.label + "2":
                continue
            texts = sec.text.split("\n") if sec.text else []
            idx = next((i for i in range(1, len(texts)) if looks_like_heading(texts[i])), None)
            if idx is None:
                continue
            origs = sec.original_text.split("\n")
            if len(origs) != len(texts):
                origs = texts[:]
            label = sec.label + "1"
            p = Provision(label=label, kind="item", heading=texts[idx], recovered=True,
                          marker_line=sec.text_lines[idx])
            _set_text(p, texts[idx + 1:], origs[idx + 1:], sec.text_lines[idx + 1:])
            _set_text(sec, texts[:idx], origs[:idx], sec.text_lines[:idx])
            _span(p)
            sec.children.insert(0, p)
            _span(sec)
            self.note(f"recovered {label}: {sec.label} has item 2 but no item 1; the heading-like "
                      f"line {texts[idx]!r} before item 2 is item 1's heading (its marker was lost)")

    # -- rule 5 ----------------------------------------------------------------------------
    def item_gap_end(self) -> None:
        for sec in self.sections():
            items = [c for c in sec.children if c.kind == "item"]
            if not items:
                continue
            last = items[-1]
            try:
                num = int(last.label[len(sec.label):])
            except ValueError:
                continue
            label = f"{sec.label}{num + 1}"
            sib, _ = self.sibling(label)
            if sib is None or len(last.text_lines) < 2:
                continue
            tail = last.text.split("\n")[-1]
            sim = dice(bigrams(self.convert(tail)), bigrams(sib.original_text or sib.text))
            if sim < MATCH:
                continue
            part = self.split_off(last, 1)[0]
            p = self.make(label, "item", part, f"the last paragraph of {last.label} matches "
                          f"{label} of the sibling edition (similarity {sim:.2f}), which this law "
                          "lacks")
            _span(last)
            sec.children.insert(sec.children.index(last) + 1, p)
            _span(sec)

    def note_empty(self) -> None:
        """Say so when a provision has a heading but no text and no children (body lost)."""
        for p in self.law.walk():
            if p.heading and not p.text and not p.children:
                self.note(f"{p.label} ({p.heading}) has a heading but no text: its body was lost "
                          "in the source")

    # -- rule 6 ----------------------------------------------------------------------------
    def restarted_items(self) -> None:
        for sec in self.sections():
            seen: set[str] = set()
            kids = sec.children
            i = 0
            while i < len(kids):
                c = kids[i]
                if c.kind == "item" and c.label in seen and i > 0 and kids[i - 1].children and \
                        kids[i - 1].children[-1].kind == "subitem":
                    owner = kids[i - 1]
                    lastsub = owner.children[-1]
                    letter = lastsub.label[len(owner.label):]
                    if len(letter) != 1:
                        break
                    label = owner.label + chr(ord(letter) + 1)
                    run = []
                    while i < len(kids) and kids[i].kind == "item" and kids[i].label in seen:
                        run.append(kids.pop(i))
                    heading, src = self.heading_for(label, "")
                    sub = Provision(label=label, kind="subitem", heading=heading, recovered=True)
                    for it in run:
                        relabel(it, it.label, label + it.label[len(sec.label):])
                        it.kind = "subitem"
                        sub.children.append(it)
                    _span(sub)
                    owner.children.append(sub)
                    _span(owner)
                    self.note(f"recovered {label}: item numbering restarts at 1 right after the "
                              f"sub-item {lastsub.label}; the restarted items belong to the next, "
                              f"lost, sub-item; {src}")
                    continue
                seen.add(c.label)
                i += 1
            _span(sec)
