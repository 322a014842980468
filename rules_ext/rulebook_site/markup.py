"""Corpus text -> reST inline markup: escaping, cross-reference and term links, diff highlighting.

Chinese has no spaces, and docutils only recognises inline markup between whitespace or
punctuation, so every role is glued to its neighbours with an escaped space (``\\ ``), which
docutils removes. Every other character of the corpus text is escaped where reST would read it.
"""
from __future__ import annotations

import difflib
import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path

from rules_ext.corpus.model import CrossReference
from rules_ext.errors import RulesError

#: a run of English words in Chinese text (two letters at least, not part of a label such as 45C4b)
_LATIN = re.compile(r"(?<![A-Za-z0-9])([A-Za-z]{2,}(?:[ '’-]+[A-Za-z]+)*)(?![A-Za-z0-9])")
_SPECIAL = re.compile(r"([\\`*_|\[\]<>:])")
#: what may open a body construct when it starts a line: the ASCII punctuation that docutils accepts
#: in transitions and section adornments, option lists and tables (``!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~``),
#: enumerators (digits, letters, ``(``) and bullets (``•``)
_LINE_OPENERS = frozenset(
    "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~•"
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


def escape(text: str) -> str:
    """Text as reST that reads back as exactly ``text`` (one line).

    A line that starts with punctuation could be a transition or section adornment (``~~~~``), a list,
    a table or an option; the first character is escaped. An escaped backslash is itself a backslash,
    so a line of backslashes would still be a line of one character: it opens with an escaped space
    (``\\ ``, which docutils removes) instead.
    """
    text = " ".join(text.split())
    text = _SPECIAL.sub(r"\\\1", text)
    if text.startswith("\\\\"):  # the text starts with a backslash
        text = "\\ " + text
    elif text[:1] in _LINE_OPENERS and not text.startswith("\\"):
        text = "\\" + text
    return text


def option_value(text: str) -> str:
    """A directive option value on one line (options are not parsed as inline markup)."""
    return " ".join(text.split())


def role(name: str, shown: str, target: str | None = None) -> str:
    """``\\ :name:`shown <target>`\\ `` with the role content escaped."""
    body = re.sub(r"([\\`<>])", r"\\\1", " ".join(shown.split()))
    if target is not None:
        body = f"{body} <{target}>"
    return f"\\ :{name}:`{body}`\\ "


def doc_link(shown: str, docname: str) -> str:
    """``:doc:`shown </docname>``` (to be separated from neighbours by spaces)."""
    return role("doc", shown, docname).removeprefix("\\ ").removesuffix("\\ ")


@dataclass(frozen=True, slots=True)
class Span:
    start: int
    end: int
    markup: Callable[[str], str]  # shown text (after script conversion) -> reST


def same_label(edition: str, label: str) -> str:
    return label


def _target_link(xref: CrossReference, index: int, page_edition: str,
                 anchor: Callable[[str, str], str]) -> str | None:
    """``edition:label`` of the provision the ``index``-th target links to, or None when unresolved.
    The corpus's per-target resolution says where (e.g. ``23A`` -> ``1999:23``, the nearest ancestor);
    ``anchor`` maps a label to one that has a page anchor."""
    resolutions = xref.resolutions
    if index < len(resolutions):
        res = resolutions[index]
        if res.edition is None or res.label is None:
            return None
        return f"{res.edition}:{anchor(res.edition, res.label)}"
    if not xref.resolved:
        return None
    edition = xref.edition or page_edition
    return f"{edition}:{anchor(edition, xref.targets[index])}"


def _markup(target: str | None, note: str) -> Callable[[str], str]:
    if target is not None:
        return lambda shown: role("law:ref", shown, target)
    hover = note.replace("<", "‹").replace(">", "›") if note else None
    return lambda shown: role("law:unresolved", shown, hover)


def xref_markup(xref: CrossReference, page_edition: str,
                anchor: Callable[[str, str], str] = same_label) -> Callable[[str], str]:
    """The role for one reference: a link to its (first) target, same or other edition, or an
    unresolved marker. ``anchor(edition, label)`` gives the label that has a page anchor."""
    target = _target_link(xref, 0, page_edition, anchor) if xref.targets else None
    return _markup(target, xref.note or "")


def xref_spans(xref: CrossReference, at: int, page_edition: str,
               anchor: Callable[[str, str], str] = same_label) -> list[Span]:
    """The spans of one reference found at offset ``at``. A list (``69、70及71条``,
    ``第30条、31条、32条``, ``本条（B）1、2``) whose numbers match its targets one to one links each
    number to its own target; any other reference is one link."""
    note = xref.note or ""
    numbers = [(m.start(), m.end()) for m in re.finditer(r"\d+", xref.text)]
    if len(xref.targets) > 1 and len(numbers) != len(xref.targets):
        numbers = _suffix_places(xref.text, xref.targets)
    if len(xref.targets) > 1 and len(numbers) == len(xref.targets):
        return [Span(at + start, at + end,
                     _markup(_target_link(xref, i, page_edition, anchor), note))
                for i, (start, end) in enumerate(numbers)]
    return [Span(at, at + len(xref.text), xref_markup(xref, page_edition, anchor))]


def _suffix_places(text: str, targets: Sequence[str]) -> list[tuple[int, int]]:
    """Where each target's own part (what follows the labels' common prefix) is printed, in order:
    ``41条B及C款`` -> 41B, 41C at B and C; ``上述（a）或（b）`` -> 52B1a, 52B1b. Empty when some part
    is not printed (a range such as ``上述A至E各款`` stays one link)."""
    prefix = os.path.commonprefix(list(targets))  # noqa: RUF071 -- labels, not paths
    places, cursor = [], 0
    law = re.match(r"\d+", prefix)
    if law and law.group() in text:  # look after the law number: 41B1, 41B2 must not find 4[1]
        cursor = text.find(law.group()) + len(law.group())
    for target in targets:
        suffix = target[len(prefix):]
        at = text.casefold().find(suffix.casefold(), cursor) if suffix else -1
        if at < 0:
            return []
        places.append((at, at + len(suffix)))
        cursor = at + len(suffix)
    return places


TERM_EXCLUSIONS = Path(__file__).parent / "data" / "term-exclusions.txt"


@dataclass(frozen=True, slots=True)
class Exclusion:
    """A context in which a defined term is not used in its defined sense: ``自行[约定]``."""

    context: str  # 自行约定
    start: int  # where the term starts in the context (2)
    term: str  # 约定

    @classmethod
    def parse(cls, line: str) -> Exclusion:
        match = re.fullmatch(r"([^\[\]]*)\[([^\[\]]+)\]([^\[\]]*)", line.strip())
        if match is None:
            raise RulesError(f"{line.strip()!r}: expected a context with the term in brackets, "
                             "e.g. 自行[约定]")
        before, term, after = match.groups()
        return cls(before + term + after, len(before), term)

    def covers(self, text: str, at: int, term: str) -> bool:
        """Whether the use of ``term`` at ``at`` in ``text`` lies in this context."""
        begin = at - self.start
        return term == self.term and begin >= 0 and text.startswith(self.context, begin)


@cache
def term_exclusions(path: Path = TERM_EXCLUSIONS) -> tuple[Exclusion, ...]:
    """The reviewed list of contexts where a defined term must not be linked."""
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip() and not line.lstrip().startswith("#"):
            try:
                found.append(Exclusion.parse(line))
            except ValueError as exc:
                raise RulesError(f"{path}:{number}: {exc}") from None
    return tuple(found)


def find_spans(text: str, xrefs: Sequence[CrossReference], terms: Iterable[str], edition: str,
               term_target: Callable[[str], str],
               anchor: Callable[[str, str], str] = same_label,
               boundaries: Callable[[str], set[int]] | None = None,
               exclusions: Sequence[Exclusion] | None = None) -> list[Span]:
    """Where the references (in order) and the first use of each defined term are in ``text``;
    with ``boundaries``, a term is only linked where it is a whole word; never in a context of
    ``exclusions`` (default: the reviewed list, :func:`term_exclusions`)."""
    if exclusions is None:
        exclusions = term_exclusions()
    spans: list[Span] = []
    cursor = 0
    for xref in xrefs:
        at = text.find(xref.text, cursor)
        if at < 0:
            at = text.find(xref.text)
        if at < 0 or any(s.start < at + len(xref.text) and at < s.end for s in spans):
            continue
        spans.extend(xref_spans(xref, at, edition, anchor))
        cursor = at + len(xref.text)
    bounds = None
    for term in sorted(set(terms), key=len, reverse=True):
        if len(term) < 2 or term not in text:
            continue  # one-character terms (牌, 局, 轮, 队) would link half the text
        if boundaries is not None and bounds is None:
            bounds = boundaries(text)
        start = 0
        while (at := text.find(term, start)) >= 0:
            end = at + len(term)
            whole = bounds is None or (at in bounds and end in bounds)
            sense = not any(e.covers(text, at, term) for e in exclusions)
            if whole and sense and not any(s.start < end and at < s.end for s in spans):
                target = term_target(term)
                spans.append(Span(at, end, partial(_term_role, target=target)))
                break
            start = at + 1
    return sorted(spans, key=lambda s: s.start)


def render(text: str, spans: Sequence[Span], convert: Callable[[str], str] = lambda s: s) -> str:
    """``text`` as reST with the spans marked up; ``convert`` maps each piece to the page's script.
    Each line of ``text`` (a line of the printed rule, e.g. the 40 % / 50 % / 60 % lines of 12C1)
    becomes its own paragraph; the paragraphs are separated by a blank line, so a template indents
    the result as a whole (``| indent``)."""
    breaks = [i for i, char in enumerate(text)
              if char == "\n" and not any(s.start < i < s.end for s in spans)]
    if not breaks:
        return _render_line(text, spans, convert)
    paragraphs, start = [], 0
    for end in breaks + [len(text)]:
        if text[start:end].strip():
            own = [Span(s.start - start, s.end - start, s.markup) for s in spans if start <= s.start < end]
            paragraphs.append(_render_line(text[start:end], own, convert))
        start = end + 1
    return "\n\n".join(paragraphs) or "\\ "


def _term_role(shown: str, target: str) -> str:
    return role("law:term", shown, target)


def _render_line(text: str, spans: Sequence[Span], convert: Callable[[str], str]) -> str:
    out: list[str] = []
    cursor = 0
    for span in spans:
        if span.start > cursor:
            out.append(_plain_piece(convert(text[cursor:span.start]), first=not out))
        out.append(span.markup(convert(text[span.start:span.end])))
        cursor = span.end
    if cursor < len(text):
        out.append(_plain_piece(convert(text[cursor:]), first=not out))
    result = "".join(out)
    return result.removeprefix("\\ ").removesuffix("\\ ") or "\\ "


def escape_marked(text: str) -> str:
    """``escape(text)`` with the English words marked as English (``:en:``): a line that quotes
    English (the rulebook's own words, an English law title)."""
    return _plain_piece(text, first=True)


def _plain_piece(text: str, first: bool) -> str:
    """Plain text as reST; the English words the rulebook prints (Ace, King, the glossary's English
    terms, RHO/LHO) are marked as English (``:en:``, ``lang="en"``)."""
    pieces = []
    for i, piece in enumerate(_LATIN.split(" ".join(text.split()))):
        if i % 2:
            pieces.append(role("en", piece))
        elif first and not i:
            pieces.append(escape(piece) + (" " if piece.endswith(" ") and piece.strip() else ""))
        else:
            pieces.append(_SPECIAL.sub(r"\\\1", piece))
    return "".join(pieces)


# -- edition comparison ---------------------------------------------------------------------------
def diff_pair(old: str, new: str) -> tuple[str, str, float]:
    """Character-level diff of two texts as reST (``:del:`` / ``:ins:`` roles) and their ratio."""
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    left, right = [], []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        a, b = old[i1:i2], new[j1:j2]
        if op == "equal":
            left.append(("", a))
            right.append(("", b))
            continue
        if a:
            left.append(("diff-del", a))
        if b:
            right.append(("diff-ins", b))
    return _join(left), _join(right), matcher.ratio()


def _join(pieces: list[tuple[str, str]]) -> str:
    out = []
    for cls, piece in pieces:
        if not piece.strip():
            if cls:
                out.append(role(cls, "␣"))
            continue
        if cls:
            out.append(role(cls, piece))
        else:
            out.append(_plain_piece(piece, first=not out))
    result = "".join(out).removesuffix("\\ ")
    if result.startswith("\\ :"):  # a role's separator, not escape()'s guard before a leading backslash
        result = result[2:]
    return result or "\\ "
