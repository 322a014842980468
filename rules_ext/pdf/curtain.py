"""Curtain cards: for each board, a card for each of the four hands (the board's number, the seat,
dealer and vulnerability, and that hand's thirteen cards by suit), to put in the board's pockets
with the cards, so that a board fouled at a table can be made right again. Four cards a page (one
board), in a 2 × 2 grid with lines to cut along; the hands come from the core's deals
(:func:`rules_ext.pdf.diagram.holdings_of`), the red suits in the sheets' red.
"""
from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, PageBreak, Paragraph, Table, TableStyle

from rules_ext.core import SUITS, Deal, Seat, board_conditions
from rules_ext.errors import RulesError
from rules_ext.pdf.diagram import holdings_of
from rules_ext.pdf.layout import GRID, Lang, PageHeader, PrintOptions, Styles, build_document, frame_size, suit_markup

#: the seats in the order of the cards on a page: North and East on top, South and West below
_ORDER = (Seat.N, Seat.E, Seat.S, Seat.W)


def _ranks(holding: str) -> str:
    return " ".join("10" if c == "T" else c for c in holding) if holding else "—"


def curtain_card(number: int, deal: Deal, seat: Seat, options: PrintOptions, style: ParagraphStyle) -> Paragraph:
    """One hand's card: the board, the seat, dealer and vulnerability, then a line per suit."""
    dealer, vulnerability = board_conditions(number)
    holdings = holdings_of(deal)
    hand = holdings.hand(seat)
    if hand is None:
        raise RulesError(f"board {number}: the {seat.name} hand is not known: a curtain card needs all 13 cards")
    board = (f"第{number}副" if options.lang is Lang.ZH else f"Board {number}" if options.lang is Lang.EN
             else f"第{number}副 Board {number}")
    lines = [f'<font size="22">{escape(board)}</font>',
             f'<font size="18">{escape(options.seat(seat))}</font>',
             escape(options.labelled("dealer", options.seat(dealer))) + "　"
             + escape(options.labelled("vul", options.vulnerability(vulnerability))),
             ""]
    for suit, holding in zip(SUITS, hand):
        lines.append(f'<font size="20">{suit_markup(suit)}</font>&nbsp;&nbsp;<font size="17">{escape(_ranks(holding))}</font>')
    lines.append(f'<font size="9">{escape(options.labelled("hcp", holdings.hcp(seat)))}</font>')
    return Paragraph("<br/>".join(lines), style)


def curtain_story(boards: Sequence[tuple[int, Deal]], options: PrintOptions) -> list[Flowable]:
    styles = Styles(12)
    style = styles.body.clone("curtain", fontSize=12, leading=27)
    width, height = frame_size(options)
    story: list[Flowable] = []
    for i, (number, deal) in enumerate(boards):
        cards = [curtain_card(number, deal, seat, options, style) for seat in _ORDER]
        table = Table([cards[:2], cards[2:]], colWidths=[width / 2] * 2, rowHeights=[(height - 6) / 2] * 2)
        table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.4, GRID), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                                   ("LEFTPADDING", (0, 0), (-1, -1), 24), ("FONTNAME", (0, 0), (-1, -1), styles.font)]))
        table.setStyle(TableStyle([("LINEBELOW", (0, 0), (-1, 0), 0.4, GRID, None, (3, 3))]))
        if i:
            story.append(PageBreak())
        story.append(table)
    return story


def write_curtain_cards(boards: Sequence[tuple[int, Deal]], path: str | Path, *, event: str = "", date: str = "",
                        paper: str = "a4", lang: str = "zh") -> int:
    """Write the curtain cards of ``boards`` ((number, deal) pairs); return the number of pages."""
    if not boards:
        raise RulesError("no boards to print curtain cards for: expected at least one deal")
    options = PrintOptions.of(paper, lang)
    return build_document(path, curtain_story(boards, options), PageHeader(options.label("curtain_cards"), event, date),
                          options)
