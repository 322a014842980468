"""Diagrams drawn on the page: the four hands around a compass, and an auction grid.

:class:`HandDiagram` is a Flowable (``wrap`` and ``draw``): North on top, West and East beside the
compass, South below; inside the compass the seat names and each hand's high-card points, the dealer's
seat name underlined and the vulnerable sides drawn as dark red bars (readable in black and white as
thick bars). Hands come from the core's ``Deal`` (:func:`holdings_of`), so no card logic is repeated
here. An unknown hand (``-`` in PBN) or a blank diagram gets lines to write the holding on; a URL
given as ``qr`` is drawn as a QR code in the top-right corner (reportlab's own QR widget).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Table, TableStyle

from rules_ext.core import SUITS, Call, CallKind, Contract, Deal, Seat, Strain, Vulnerability
from rules_ext.pdf.figures import contract_text
from rules_ext.pdf.fonts import register_fonts
from rules_ext.pdf.layout import GRID, RED, Lang, PrintOptions, Styles, is_red


@dataclass(frozen=True, slots=True)
class Holdings:
    """The four hands of a deal as printed: per seat (N, E, S, W: ``Seat`` order) the spade, heart,
    diamond and club holdings (PBN ranks, e.g. ``AKT2``) and the high-card points; ``None`` for an
    unknown hand."""

    hands: tuple[tuple[str, str, str, str] | None, ...]
    hcps: tuple[int | None, ...]

    def __post_init__(self) -> None:
        if len(self.hands) != 4 or len(self.hcps) != 4 or any(
                h is not None and len(h) != 4 for h in self.hands):
            raise ValueError(f"cannot use holdings {self.hands!r}: expected 4 hands of 4 suits")

    def hand(self, seat: Seat) -> tuple[str, str, str, str] | None:
        return self.hands[seat.value]

    def hcp(self, seat: Seat) -> int | None:
        return self.hcps[seat.value]


def holdings_of(deal: Deal) -> Holdings:
    """Holdings of a core ``Deal``: the core knows the cards, so no card logic is repeated here."""
    hands: list[tuple[str, str, str, str] | None] = []
    hcps: list[int | None] = []
    for seat in Seat:
        hand = deal.hand(seat)
        if len(hand) == 13:
            spades, hearts, diamonds, clubs = hand.to_pbn().split(".")
            hands.append((spades, hearts, diamonds, clubs))
            hcps.append(hand.hcp)
        else:
            hands.append(None)
            hcps.append(None)
    return Holdings(tuple(hands), tuple(hcps))


def _printed(suit: str) -> str:
    return " ".join("10" if c == "T" else c for c in suit) if suit else "—"


#: the column (West, compass, East) a seat's hand is printed in
_COLUMN = {Seat.W: 0, Seat.N: 1, Seat.S: 1, Seat.E: 2}


class HandDiagram(Flowable):
    """The four hands around a compass; optional text in the top-left and top-right corners.
    ``leading`` (lines of a hand), ``compass_size`` (the points inside the compass) and ``gutter``
    (the space after the longest line of a hand) are fractions of ``font_size``; ``row_gap`` (points)
    is the space between North's hand, the compass row and South's hand. ``even``: three columns of
    one width (the widest hand's); else West's column as wide as West's hand, the compass's as North's
    and South's, East's as East's (a long suit widens its own column only)."""

    def __init__(self, deal: Deal | None, options: PrintOptions, *, font_size: float = 9.5,
                 dealer: Seat | None = None, vulnerability: Vulnerability = Vulnerability.NONE,
                 corner: Sequence[str] = (), corner_right: Sequence[str] = (),
                 show_hcp: bool = True, min_col_width: float = 0, qr: str = "",
                 leading: float = 1.3, compass_size: float = 0.85, gutter: float = 1.0,
                 row_gap: float = 6, even: bool = True) -> None:
        super().__init__()
        self.holdings = holdings_of(deal) if deal is not None else None
        self.options = options
        self.font = register_fonts()
        self.size = font_size
        self.leading = font_size * leading
        self.compass_size = font_size * compass_size  # the points (or seat names) inside the compass
        self.dealer = dealer
        self.vulnerability = vulnerability
        self.corner = tuple(corner)
        self.corner_right = tuple(corner_right)
        self.show_hcp = show_hcp and self.holdings is not None
        self.qr = qr  # a URL drawn as a QR code in the top-right corner
        blank = ("AKQJT98",) * 4  # the width of a line to write an unknown hand on

        def widest(*seats: Seat) -> float:
            hands = [(self.holdings.hand(seat) if self.holdings else None) or blank for seat in seats]
            return max(self._line_width(suit, holding) for hand in hands
                       for suit, holding in zip(SUITS, hand)) + gutter * font_size

        self.col_w = max(widest(*Seat), 6.2 * font_size, min_col_width)
        #: the widths of the West, the compass (North and South) and the East column
        self.col_ws = (self.col_w,) * 3 if even else (
            max(widest(Seat.W), 4 * font_size), max(widest(Seat.N, Seat.S), 6.2 * font_size),
            max(widest(Seat.E), 4 * font_size))
        self.row_h = 4 * self.leading + row_gap

    def _width(self, text: str, size: float | None = None) -> float:
        return stringWidth(text, self.font, size or self.size)

    def _fit(self, text: str, size: float, width: float) -> float:
        """``size``, or the smaller size at which ``text`` fits ``width``."""
        natural = self._width(text, size)
        return size if natural <= width else size * width / natural

    def _line_width(self, suit: Strain, holding: str) -> float:
        return self._width(f"{suit.symbol} {_printed(holding)}")

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width, self.height = sum(self.col_ws), 3 * self.row_h
        return self.width, self.height

    def _draw_hand(self, x: float, top: float, seat: Seat) -> None:
        canvas = self.canv
        y = top - self.size
        hand = self.holdings.hand(seat) if self.holdings else None
        for i, suit in enumerate(SUITS):
            canvas.setFillColor(RED if is_red(suit) else colors.black)
            canvas.drawString(x, y, suit.symbol)
            canvas.setFillColor(colors.black)
            if hand is not None:
                canvas.drawString(x + self._width(suit.symbol + " "), y, _printed(hand[i]))
            else:  # blank: a line to write the holding on
                canvas.setStrokeColor(GRID)
                canvas.setLineWidth(0.3)
                canvas.line(x + self._width("♠ "), y - 1.5, x + self.col_ws[_COLUMN[seat]] - 6, y - 1.5)
            y -= self.leading

    def _draw_compass(self, x: float, y: float, w: float, h: float) -> None:
        canvas = self.canv
        side = min(w, h) - 4
        cx, cy = x + w / 2, y + h / 2
        left, bottom = cx - side / 2, cy - side / 2
        canvas.setStrokeColor(GRID)
        canvas.setLineWidth(0.6)
        canvas.rect(left, bottom, side, side, stroke=1, fill=0)
        bar = 3.2
        canvas.setFillColor(RED)
        if self.vulnerability.is_vulnerable(Seat.N):
            canvas.rect(left, bottom + side - bar, side, bar, stroke=0, fill=1)
            canvas.rect(left, bottom, side, bar, stroke=0, fill=1)
        if self.vulnerability.is_vulnerable(Seat.E):
            canvas.rect(left + side - bar, bottom, bar, side, stroke=0, fill=1)
            canvas.rect(left, bottom, bar, side, stroke=0, fill=1)
        # each seat's high-card points at its edge (or, on a blank diagram, the seat's name); the
        # dealer's is underlined
        small = self.compass_size
        canvas.setFont(self.font, small)
        canvas.setFillColor(colors.black)
        inset = bar + 2.5
        spots = {
            Seat.N: (cx, bottom + side - inset - small * 0.8),
            Seat.S: (cx, bottom + inset + 1),
            Seat.W: (left + inset + small * 0.7, cy - small / 3),
            Seat.E: (left + side - inset - small * 0.7, cy - small / 3),
        }
        for seat, (sx, sy) in spots.items():
            hcp = self.holdings.hcp(seat) if self.holdings and self.show_hcp else None
            text = self.options.seat_mark(seat) if hcp is None else str(hcp)
            canvas.drawCentredString(sx, sy, text)
            if seat == self.dealer:
                half = max(self._width(text, small), small * 0.6) / 2 + 1
                canvas.setLineWidth(1.1)
                canvas.setStrokeColor(colors.black)
                canvas.line(sx - half, sy - 1.8, sx + half, sy - 1.8)
        canvas.setFillColor(colors.black)

    def _draw_qr(self, right: float, top: float, side: float) -> None:
        from reportlab.graphics import renderPDF
        from reportlab.graphics.barcode.qr import QrCodeWidget
        from reportlab.graphics.shapes import Drawing

        widget = QrCodeWidget(self.qr, barLevel="M")
        x0, y0, x1, y1 = widget.getBounds()
        drawing = Drawing(side, side, transform=[side / (x1 - x0), 0, 0, side / (y1 - y0), 0, 0])
        drawing.add(widget)
        renderPDF.draw(drawing, self.canv, right - side, top - side)

    def draw(self) -> None:
        canvas = self.canv
        west, middle, east = self.col_ws
        if self.qr:
            self._draw_qr(west + middle + east, 3 * self.row_h, min(east, self.row_h) - 2)
        canvas.saveState()
        canvas.setFont(self.font, self.size)
        r, pad = self.row_h, self.size * 0.3
        self._draw_hand(west + pad, 3 * r, Seat.N)
        self._draw_hand(pad, 2 * r, Seat.W)
        self._draw_hand(west + middle + pad, 2 * r, Seat.E)
        self._draw_hand(west + pad, r, Seat.S)
        self._draw_compass(west, r, middle, r)
        canvas.setFillColor(colors.black)
        for lines, x, draw, c in ((self.corner, 0, canvas.drawString, west),
                                  (self.corner_right, west + middle + east, canvas.drawRightString, east)):
            y = 3 * r
            for i, line in enumerate(lines):
                nominal = self.size * (1.35 if i == 0 else 0.85)
                # the left corner stops a pad short of North's hand, so that the heading never runs into it
                size = self._fit(line, nominal, c - pad if x == 0 else c + pad * 0.8)
                pieces = [line]
                if i and size < nominal * 0.85:  # too long: wrap at spaces rather than shrink far
                    pieces = simpleSplit(line, self.font, nominal, c)
                    size = min(self._fit(p, nominal, c) for p in pieces)
                for piece in pieces:
                    y -= max(size, self.size * 0.85) * 1.2
                    canvas.setFont(self.font, size)
                    draw(x, y + size * 0.2, piece)
        canvas.restoreState()


def auction_table(calls: Sequence[str], dealer: Seat, options: PrintOptions, styles: Styles,
                  *, blank_rows: int = 0, col_width: float = 48, row_height: float = 16) -> Table:
    """The auction as a grid with columns West North East South; the dealer's column starts it.

    ``calls`` are strings like ``1S``, ``Pass``, ``X``, ``XX``, ``3NT``; a trailing ``*`` marks an
    alert. With no calls, ``blank_rows`` empty rows are drawn to write in.
    """
    order = (Seat.W, Seat.N, Seat.E, Seat.S)
    header = [styles.para(options.seat(s), "cell_center") for s in order]
    cells: list[str] = [""] * order.index(dealer) + [_call_markup(c, options) for c in calls]
    rows = [cells[i:i + 4] for i in range(0, len(cells), 4)]
    rows = [r + [""] * (4 - len(r)) for r in rows]
    rows += [[""] * 4 for _ in range(blank_rows)]
    data = [header] + [[styles.para(c, "cell_center") if c else "" for c in r] for r in rows]
    heights: list[float | None] = [None] * (len(data) - blank_rows) + [row_height] * blank_rows
    table = Table(data, colWidths=[col_width] * 4, rowHeights=heights)
    table.setStyle(TableStyle([
        ("GRID", (0, 0), (-1, -1), 0.4, GRID),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8e8e8")),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("FONTNAME", (0, 0), (-1, -1), styles.font),
    ]))
    return table


def _call_markup(call: str, options: PrintOptions) -> str:
    """A call as printed: read by the core (``Call.parse``), a bid with its suit symbol; ``AP``
    (all pass) and a trailing ``*`` (alerted) as the record writes them."""
    text = call.strip()
    alert = " *" if text.endswith(("*", "!")) else ""
    word = text.rstrip("*!").strip()
    if word.upper() == "AP":
        return {"zh": "都不叫", "en": "All pass"}.get(options.lang.value, "All pass") + alert
    parsed = Call.parse(word)
    if parsed.kind is CallKind.PASS:
        return {"zh": "不叫", "en": "Pass"}.get(options.lang.value, "Pass") + alert
    if parsed.level is not None and parsed.strain is not None:  # a bid
        if parsed.level > 7:   # an inadmissible bid above seven (Law 39): printed as made
            return f"{parsed.level}{contract_text(Contract(1, parsed.strain), options)[1:]}{alert}"
        return contract_text(Contract(parsed.level, parsed.strain), options) + alert
    if options.lang is Lang.ZH and parsed.kind in (CallKind.DOUBLE, CallKind.REDOUBLE):
        return ("加倍" if parsed.kind is CallKind.DOUBLE else "再加倍") + alert
    return parsed.kind.value + alert

