"""How figures and results are printed on every sheet: matchpoints, IMPs, VPs, weights and
percentages; contracts in the sheet's language; one notation for a result and for the par; free text
with its suits in colour; Chinese line breaking.

The par and every result read the same on every sheet (:func:`result_markup`, :func:`par_markup`)::

    zh    4♠ 北 +1 = 南北 +450          (contract, declarer, over/undertricks = side and score)
    en    4♠ N +1 = NS +450
    both  4♠ 北 +1 = 南北 +450 · 4♠ N +1 = NS +450

A contract made exactly has no ``+0``; a par known only by its score is the score alone
(``南北 +90``), one known only by its contracts has no ``=`` part.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph

from rules_ext.core import Contract, Seat, Strain
from rules_ext.events.dd import Par
from rules_ext.pdf.layout import LABELS, RED_HEX, Lang, PrintOptions, suit_markup
from rules_ext.pdf.reportlab_private import ParaLines, cjk_glyphs, handle_bullet_width, make_cjk_line


def fmt_number(value: float | None, places: int = 2) -> str:
    """``12.0`` -> ``12``, ``7.5`` -> ``7.5``, ``6.333`` -> ``6.33``; None -> ''."""
    if value is None:
        return ""
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def fmt_pct(value: float | None) -> str:
    return "" if value is None else f"{value:.1f}"


# -- contracts, sides and results in one language ------------------------------------------------

def _one(lang: Lang) -> tuple[Lang, ...]:
    """The languages a notation is written in: ``both`` is the Chinese one, then the English one."""
    return (Lang.ZH, Lang.EN) if lang is Lang.BOTH else (lang,)


def strain_word(strain: Strain, lang: Lang) -> str:
    """Markup of a strain: the suit symbol (red ♥♦), notrump ``无将`` in Chinese, ``NT`` in English."""
    if strain is Strain.NT:
        return "无将" if lang is Lang.ZH else "NT"
    return suit_markup(strain)


def contract_word(contract: Contract, lang: Lang) -> str:
    """Markup of a contract without declarer in one language: ``4♠X``, ``3无将``, ``都不叫``."""
    if contract.is_passed_out or contract.strain is None:
        return "都不叫" if lang is Lang.ZH else "Pass"
    return f"{contract.level}{strain_word(contract.strain, lang)}{contract.doubling.suffix}"


def contract_text(contract: Contract, options: PrintOptions) -> str:
    """Markup of a contract as this sheet prints it: ``3NT`` / ``3无将``, ``4♠X``; a passed-out
    board ``都不叫`` / ``Pass`` (in both languages ``都不叫 Pass``)."""
    if options.lang is Lang.BOTH and (contract.is_passed_out or contract.strain is Strain.NT):
        if contract.is_passed_out:
            return "都不叫 Pass"
        return contract_word(contract, Lang.EN)  # "3NT" reads the same to both readers
    return contract_word(contract, options.lang)


def seats_word(seats: Sequence[Seat], lang: Lang) -> str:
    """``北`` / ``N``; both seats of a side ``南北`` / ``NS``."""
    chosen = set(seats)
    if chosen == {Seat.N, Seat.S}:
        return "南北" if lang is Lang.ZH else "NS"
    if chosen == {Seat.E, Seat.W}:
        return "东西" if lang is Lang.ZH else "EW"
    order = (Seat.N, Seat.S, Seat.E, Seat.W)
    return "".join(s.chinese if lang is Lang.ZH else s.name for s in order if s in chosen)


def side_score_word(score: int, lang: Lang) -> str:
    """North-South's score from the scoring side: ``南北 +450`` / ``EW +500``; ``0``."""
    if score == 0:
        return "0"
    side = (Seat.N, Seat.S) if score > 0 else (Seat.E, Seat.W)
    return f"{seats_word(side, lang)} +{abs(score)}"


def _result_one(contract: Contract | None, seats: Sequence[Seat], over: int, score: int | None,
                lang: Lang) -> str:
    left = ""
    if contract is not None:
        parts = [contract_word(contract, lang)]
        if not contract.is_passed_out:
            parts += [seats_word(seats, lang)] if seats else []
            parts += [f"{over:+d}"] if over else []
        left = " ".join(p for p in parts if p)
    right = side_score_word(score, lang) if score is not None else ""
    return " = ".join(x for x in (left, right) if x)


def _joined(pieces: Sequence[str]) -> str:
    return " · ".join(p for p in pieces if p)


def result_markup(contract: Contract | None, seats: Sequence[Seat], over: int, score: int | None,
                  options: PrintOptions) -> str:
    """A result in the sheets' one notation: ``4♠ 北 +1 = 南北 +450`` / ``4♠ N +1 = NS +450``
    (both, separated by `` · ``, in a bilingual sheet). ``over`` is the tricks over (+) or under
    (-) the contract; ``score`` is North-South's (None: not known)."""
    return _joined([_result_one(contract, seats, over, score, lang) for lang in _one(options.lang)])


def par_markup(par: Par | None, options: PrintOptions) -> str:
    """The par in the same notation as a result (without its label); '' when nothing is known.
    Several par contracts are listed before the one score: ``4♠ 北, 5♦X 东西 -2 = 南北 +420``."""
    if par is None or (par.score is None and not par.contracts):
        return ""
    out = []
    for lang in _one(options.lang):
        comma = "、" if lang is Lang.ZH else ", "
        left = comma.join(_result_one(p.contract, p.declarers, p.result, None, lang) for p in par.contracts)
        right = side_score_word(par.score, lang) if par.score is not None else ""
        out.append(" = ".join(x for x in (left, right) if x))
    return _joined(out)


def plain(markup: str) -> str:
    """The text of a markup string (tags removed, entities read): what pdftotext shows."""
    from html import unescape

    return unescape(re.sub(r"<[^>]+>", "", markup))


# -- free text -----------------------------------------------------------------------------------

_RED_SUITS = re.compile("([♥♦♡♢])")
_CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]")


def reflow(text: str) -> str:
    """Free text as written in a TOML file: a line break that only wraps a long line is joined
    (without a space between two Chinese characters); a break after a sentence's end
    (。！？), between Chinese and English, or a blank line, is kept."""
    lines = [line.strip() for line in text.strip().splitlines()]
    out = lines[:1]
    for line in lines[1:]:
        before = out[-1]
        if not line or not before or before[-1] in "。！？" or \
                bool(_CJK.match(before[-1])) != bool(_CJK.match(line[0])):
            out.append(line)
        else:
            out[-1] = before + ("" if _CJK.match(before[-1]) else " ") + line
    return "\n".join(out)


def text_markup(text: str) -> str:
    """Paragraph markup of free text (commentary, facts, statements): reflowed (:func:`reflow`),
    escaped, the kept line breaks as breaks, ♥ and ♦ in the red of the red suits, as on the diagrams."""
    return red_suits(escape(reflow(text)).replace("\n", "<br/>"))


def red_suits(markup: str) -> str:
    """Paragraph markup with ♥ and ♦ in the red of the red suits."""
    return _RED_SUITS.sub(lambda m: f'<font color="{RED_HEX}">{m[1]}</font>', markup)


# -- Chinese line breaking ------------------------------------------------------------------------

#: closing punctuation that may never start a line (Chinese full-width and ASCII forms)
CANNOT_START = "，。、；：！？）」』】》〉〕］｝…‥・,.;:!?)]}%’”"


#: opening punctuation that may never end a line (it is carried to the start of the next line)
CANNOT_END = "（「『【《〈〔［｛“‘([{"


class KinsokuParagraph(Paragraph):
    """A paragraph broken the Chinese way (``wordWrap='CJK'``: between any two characters, English
    still at its spaces) with the kinsoku rule both ways: a line never starts with closing
    punctuation (:data:`CANNOT_START`: it hangs at the end of the line before, narrow, in the margin,
    as Chinese typesetting does) and never ends with opening punctuation (:data:`CANNOT_END`: it is
    carried to the start of the next line with the character it opens).

    reportlab's own CJK breaker hangs only one closing mark, lacks the full-width comma, semicolon
    and colon, and leaves an opening bracket at a line end; this one breaks every paragraph (one
    font or several) with :func:`kinsoku_split`.
    """

    def breakLinesCJK(self, maxWidths):
        if not isinstance(maxWidths, (list, tuple)):
            maxWidths = [maxWidths]
        frags = self.frags
        if not frags or any(hasattr(f, "cbDefn") for f in frags) or self.style.endDots:
            return super().breakLinesCJK(maxWidths)  # nothing to break, or images / dots: reportlab's
        if hasattr(self, "blPara") and getattr(self, "_splitpara", False):
            return self.blPara  # the rest of a paragraph split across pages: already broken
        self.height = 0
        handle_bullet_width(self.bulletText, self.style, maxWidths)
        auto = getattr(self, "autoLeading", getattr(self.style, "autoLeading", ""))
        return kinsoku_split(frags, maxWidths, auto not in ("", "off"))


def _is_latin(ch: str) -> bool:
    return bool(ch) and ord(ch) < 0x3000 and not ch.isspace() and ch not in CANNOT_END + CANNOT_START


def kinsoku_split(frags: Sequence[Any], max_widths: Sequence[float], calc_bounds: bool = False) -> Any:
    """Break styled fragments into lines (reportlab's ``ParaLines`` of kind 1) between any two
    characters, English words at their spaces, closing marks hung at the line end, opening marks
    carried to the next line. Explicit breaks (``<br/>``) are kept."""
    glyphs = [cjk_glyphs(t, f, "utf8") for f in frags for t in (f.text or [""])]
    lines = []
    start = i = 0
    used = 0.0
    width = max_widths[0]
    n = len(glyphs)
    while i < n:
        g = glyphs[i]
        forced = hasattr(g.frag, "lineBreak")
        if not forced and (used + g.width <= width + 1e-6 or i == start):
            used += g.width
            i += 1
            continue
        if forced:
            end, nxt = i + 1, i + 1
            used += g.width
        else:
            end = i
            if _is_latin(glyphs[end]) and _is_latin(glyphs[end - 1]):  # inside an English word
                j = end - 1
                while j > start and _is_latin(glyphs[j]):
                    j -= 1
                if j > start:  # a word longer than the line is broken where it overflows
                    end = j + 1
            while end < n and glyphs[end] in CANNOT_START and not hasattr(glyphs[end].frag, "lineBreak"):
                end += 1  # hang closing marks in the margin
            while end - 1 > start + 1 and glyphs[end - 1] in CANNOT_END:
                end -= 1  # carry an opening mark over with what it opens
            nxt = end
            while nxt < n and glyphs[nxt] == " " and not hasattr(glyphs[nxt].frag, "lineBreak"):
                nxt += 1  # a space does not start a line
            used = sum(x.width for x in glyphs[start:end])
        lines.append(make_cjk_line(glyphs[start:end], width, used, width - used, forced, calc_bounds))
        width = max_widths[min(len(lines), len(max_widths) - 1)]
        start = i = nxt
        used = 0.0
    if start < n:
        used = sum(x.width for x in glyphs[start:])
        lines.append(make_cjk_line(glyphs[start:], width, used, width - used, False, calc_bounds))
    return ParaLines(kind=1, lines=lines)


def cjk_style(style: ParagraphStyle, name: str | None = None) -> ParagraphStyle:
    """``style`` for :class:`KinsokuParagraph`: broken between characters (``wordWrap='CJK'``)."""
    return ParagraphStyle(name or f"{style.name}_cjk", parent=style, wordWrap="CJK")


# -- bilingual labels ------------------------------------------------------------------------------

class UnitLabel(Paragraph):
    """A label of a bilingual sheet, ``zh en`` on one line when it fits; when it does not, the
    Chinese and the English each on a line of their own (``申诉期限`` / ``Appeal deadline``), never
    ``申诉期限 Appeal`` / ``deadline``."""

    def __init__(self, zh: str, en: str, style: ParagraphStyle) -> None:
        super().__init__(f"{escape(zh)} {escape(en)}", style)
        self._one_line: list[Any] = self.frags  # type: ignore[has-type]
        self._two_lines: list[Any] = Paragraph(f"{escape(zh)}<br/>{escape(en)}", style).frags
        self._one_width = sum(stringWidth(f.text, f.fontName, f.fontSize) for f in self._one_line)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.frags = self._one_line if self._one_width <= availWidth else self._two_lines
        return super().wrap(availWidth, availHeight)


def label_para(options: PrintOptions, key: str, style: ParagraphStyle) -> Paragraph:
    """The label ``key`` as a paragraph; on a bilingual sheet a :class:`UnitLabel`."""
    if options.lang is Lang.BOTH:
        zh, en = LABELS[key]
        if zh != en:
            return UnitLabel(zh, en, style)
    return Paragraph(escape(options.label(key)), style)
