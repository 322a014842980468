"""Ruling forms: a director's ruling record (:mod:`rules_ext.pdf.ruling_record`) drawn as a form, and
a blank form for the table.

The form follows the order a director works in: who, where and when; the result at the table; the
auction beside the deal; facts, statements, whom the director consulted or polled; the laws
applied, quoted from the rulebook; the ruling, its time, the appeal deadline, the signature; the
score adjustment as what the scorer must do (each assigned result scored, then weighted); the
appeal. It is set for reading and writing by hand: text at 9.5 pt or more, labels at 8.5 pt,
Chinese broken by the kinsoku rule, suits in colour. The blank form has three pages (facts,
ruling, appeal) whose lined boxes take all the room left on them.
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.lib import colors
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Paragraph, Spacer, Table, TableStyle

from rules_ext.core import Seat
from rules_ext.corpus.model import Corpus
from rules_ext.events.dd import DoubleDummy, solve
from rules_ext.pdf.diagram import HandDiagram, auction_table
from rules_ext.pdf.figures import (
    KinsokuParagraph,
    cjk_style,
    contract_text,
    fmt_number,
    label_para,
    text_markup,
)
from rules_ext.pdf.layout import (
    GRID,
    SHADE,
    Cell,
    PageHeader,
    PrintOptions,
    StyleCommand,
    Styles,
    build_document,
    card_markup,
    frame_size,
)
from rules_ext.pdf.ruling_record import Appeal, RulingRecord, TableScore, quote_laws

#: the base size of the form's text: body 10 pt, law text and cells 9.5 pt, labels 8.5 pt
BASE_SIZE = 10.0
#: the distance between the lines of a box to write in by hand (about 7 mm)
LINE_GAP = 20.0
#: rows of the blank auction: a long competitive auction and its passes
AUCTION_ROWS = 12


def _grid(data: list[list[Cell]], widths: list[float], styles: Styles,
          extra: Sequence[StyleCommand] = (), heights: Sequence[float | None] | None = None) -> Table:
    table = Table(data, colWidths=widths, rowHeights=heights)
    table.setStyle(TableStyle([
        ("GRID", (0, 0), (-1, -1), 0.4, GRID),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("FONTNAME", (0, 0), (-1, -1), styles.font),
        ("FONTSIZE", (0, 0), (-1, -1), styles.cell.fontSize),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ] + list(extra)))
    return table


def _label_cells(keys: Sequence[str], options: PrintOptions, styles: Styles) -> list[Cell]:
    return [label_para(options, k, styles.small) for k in keys]


def _title_bar(title: str, styles: Styles) -> Paragraph:
    return styles.para(title, "section")


def _box(title: str, body: Sequence[Flowable | list[Flowable]], width: float, styles: Styles) -> Flowable:
    """A titled box holding text: the title on a shaded bar, set apart from the text below it; a
    box that runs onto the next page repeats its title there (one row per paragraph)."""
    rows: list[list[Cell]] = [[_title_bar(title, styles)]] + [[part] for part in body]
    table = Table(rows, colWidths=[width], repeatRows=1)
    table.setStyle(TableStyle([
        ("BOX", (0, 0), (-1, -1), 0.6, GRID),
        ("LINEBELOW", (0, 0), (-1, 0), 0.6, GRID),
        ("FONTNAME", (0, 0), (-1, -1), styles.font),
        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 7), ("RIGHTPADDING", (0, 0), (-1, -1), 9),
        ("TOPPADDING", (0, 0), (-1, 0), 3), ("BOTTOMPADDING", (0, 0), (-1, 0), 4),
        ("TOPPADDING", (0, 1), (-1, -1), 0), ("BOTTOMPADDING", (0, 1), (-1, -1), 1),
        ("TOPPADDING", (0, 1), (-1, 1), 6), ("BOTTOMPADDING", (0, -1), (-1, -1), 7),
    ]))
    return table


class LinedBox(Flowable):
    """A titled box of ``height`` with ruled lines to write on by hand, ``LINE_GAP`` apart."""

    def __init__(self, title: str, width: float, height: float, styles: Styles) -> None:
        super().__init__()
        self.title = _title_bar(title, styles)
        self.box_w, self.box_h = width, height

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.box_w, self.box_h

    def draw(self) -> None:
        canvas = self.canv
        _, title_h = self.title.wrap(self.box_w - 16, self.box_h)
        bar = title_h + 7
        canvas.saveState()
        canvas.setFillColor(SHADE)
        canvas.rect(0, self.box_h - bar, self.box_w, bar, stroke=0, fill=1)
        self.title.drawOn(canvas, 7, self.box_h - bar + 4)
        canvas.setStrokeColor(GRID)
        canvas.setLineWidth(0.6)
        canvas.rect(0, 0, self.box_w, self.box_h, stroke=1, fill=0)
        canvas.line(0, self.box_h - bar, self.box_w, self.box_h - bar)
        canvas.setStrokeColor(colors.HexColor("#a8a8a8"))
        canvas.setLineWidth(0.4)
        y = self.box_h - bar - LINE_GAP
        while y > 6:
            canvas.line(7, y, self.box_w - 7, y)
            y -= LINE_GAP
        canvas.restoreState()


class _Flex:
    """A lined box that takes a share (``weight``) of the room left on its page."""

    def __init__(self, title: str, weight: float = 1.0, minimum: float = 3 * LINE_GAP) -> None:
        self.title, self.weight, self.minimum = title, weight, minimum


def _full_page(parts: Sequence[Flowable | _Flex], width: float, height: float,
               styles: Styles) -> list[Flowable]:
    """One page of the blank form: the fixed parts as they are, the lined boxes sharing out the
    rest of the page's height, so that the page is full and nothing runs onto the next."""
    fixed = 0.0
    for part in parts:
        if isinstance(part, Flowable):
            fixed += part.wrap(width, height)[1] + part.getSpaceBefore() + part.getSpaceAfter()
    flexes = [p for p in parts if isinstance(p, _Flex)]
    room = height - fixed - 6  # a little slack for rounding in the frame
    total = sum(f.weight for f in flexes)
    out: list[Flowable] = []
    for part in parts:
        if isinstance(part, _Flex):
            share = max(part.minimum, room * part.weight / total)
            out.append(LinedBox(part.title, width, share, styles))
        else:
            out.append(part)
    return out


class _FormStyles(Styles):
    """The form's styles: body and law text broken the Chinese way, headings set apart."""

    def __init__(self) -> None:
        super().__init__(BASE_SIZE)
        self.body = cjk_style(self.body, "body")
        self.quote = cjk_style(self.quote, "quote")
        self.quote.fontSize, self.quote.leading = BASE_SIZE - 0.5, (BASE_SIZE - 0.5) * 1.4
        self.heading.spaceBefore, self.heading.spaceAfter = 10, 5
        self.section = cjk_style(self.body, "section")
        self.section.fontSize, self.section.leading = BASE_SIZE, BASE_SIZE * 1.25


def _styles() -> _FormStyles:
    return _FormStyles()


def _text(text: str, styles: Styles, style: str = "body") -> Paragraph:
    """Free text: Chinese line breaking, red ♥♦."""
    return KinsokuParagraph(text_markup(text), getattr(styles, style))


def ruling_story(record: RulingRecord | None, options: PrintOptions, *, corpus: Corpus | None = None,
                 dd: DoubleDummy | None = None) -> list[Flowable]:
    """The form's flowables; ``record=None`` gives the blank form. ``dd``: the deal's double-dummy
    tricks (:func:`double_dummy`), shown beside each assigned result."""
    styles = _styles()
    width, height = frame_size(options)
    L = options.label
    r = record
    title = styles.text(L("ruling_form"), "title")
    head = _head_grid(r, options, styles, width)
    table_result = _table_result(r.result if r else None, r is None, options, styles, width)
    auction = _auction_and_deal(r, options, styles, width)
    if r is None:
        return _blank_pages(title, head, table_result, auction, options, styles, width, height)
    story: list[Flowable] = [title, head, Spacer(1, 8), table_result, Spacer(1, 8), auction, Spacer(1, 8)]
    story += [_box(L("facts"), [_text(r.facts or "—", styles)], width, styles), Spacer(1, 6)]
    if r.statements:
        names = dict(r.players)
        body: list[Flowable | list[Flowable]] = []
        for seat, said in r.statements:
            who = options.seat(seat) + (f" · {names[seat]}" if names.get(seat) else "")
            body += [[styles.para(who, "small"), _text(said, styles)], Spacer(1, 3)]
        story += [_box(L("statements"), body, width, styles), Spacer(1, 6)]
    if r.consulted or r.polled:
        body = []
        if r.consulted:
            body.append(_text(f"{L('consulted')}: " + "、".join(r.consulted), styles))
        if r.polled:
            body.append(_text(f"{L('polled')}: {r.polled}", styles))
        story += [_box(f"{L('consulted')} / {L('polled')}", body, width, styles), Spacer(1, 6)]
    quoted = quote_laws(r.laws, corpus, source=r.source)
    laws: list[Flowable | list[Flowable]] = []
    for law in quoted:
        # the citation stays with the provision's first paragraph: never alone at a page's foot
        paragraphs = [_text(p, styles, "quote") for p in law.paragraphs]
        laws.append([styles.text(f"{law.citation}  {law.title}", "body")] + paragraphs[:1])
        laws += paragraphs[1:]
        laws.append(Spacer(1, 3))
    story += [_box(L("laws"), laws or [_text("—", styles)], width, styles), Spacer(1, 6)]
    story += [KeepTogether([_box(L("ruling"), [_text(r.ruling or "—", styles)], width, styles),
                            _signature_row(r, options, styles, width)]), Spacer(1, 4)]
    if r.choices:   # the sides' choices: the option chosen, or one still open with its place to tick
        body = [[_text(f"{i}. {choice}", styles)]
                + ([styles.para(L("choice_how"), "small")] if "尚未选择" in choice else [])
                for i, choice in enumerate(r.choices, 1)]
        story += [KeepTogether(_box(L("choices"), body, width, styles)), Spacer(1, 4)]
    if r.pending:   # the judgements the ruling leaves open, each with its place to record the decision
        body = [[_text(f"{i}. {question}", styles), styles.para(L("pending_how"), "small")]
                for i, question in enumerate(r.pending, 1)]
        story += [KeepTogether(_box(L("pending"), body, width, styles)), Spacer(1, 4)]
    story.append(KeepTogether(_adjustment_block(r, options, styles, width, dd)))
    story.append(KeepTogether(_appeal_block(r.appeal, False, options, styles, width)))
    return story


def _blank_pages(title: Flowable, head: Flowable, table_result: Flowable, auction: Flowable,
                 options: PrintOptions, styles: Styles, width: float, height: float) -> list[Flowable]:
    """Three full pages: the director's record at the table, the ruling, the appeal."""
    L = options.label
    first = _full_page([title, head, Spacer(1, 8), table_result, Spacer(1, 8), auction, Spacer(1, 8),
                        _Flex(L("facts"))], width, height, styles)
    second = _full_page([_Flex(L("statements"), 1.4), Spacer(1, 6),
                         _Flex(f"{L('consulted')} / {L('polled')}", 0.6), Spacer(1, 6),
                         _Flex(L("laws"), 0.5), Spacer(1, 6),
                         _Flex(L("ruling"), 1.0), _signature_row(None, options, styles, width)]
                        + _adjustment_block(None, options, styles, width), width, height, styles)
    third = _full_page(_appeal_block(None, True, options, styles, width), width, height, styles)
    return first + [PageBreak()] + second + [PageBreak()] + third


def _head_grid(r: RulingRecord | None, options: PrintOptions, styles: Styles, width: float) -> Table:
    """Who, where and when."""
    dealer = vul = ""
    if r is not None:
        seat, vulnerability = r.conditions
        dealer, vul = options.seat(seat), options.vulnerability(vulnerability)
    q = width / 8
    head: list[list[Cell]] = [
        _label_cells(["event"], options, styles) + [r.event if r else "", "", ""] +
        _label_cells(["session"], options, styles) + [r.session if r else ""] +
        _label_cells(["date"], options, styles) + [r.date if r else ""],
        _label_cells(["board"], options, styles) + [str(r.board) if r else ""] +
        _label_cells(["dealer"], options, styles) + [dealer] +
        _label_cells(["vul"], options, styles) + [vul] +
        _label_cells(["table"], options, styles) + [r.table if r else ""],
        _label_cells(["ns_pair"], options, styles) + [r.ns_pair if r else ""] +
        _label_cells(["ew_pair"], options, styles) + [r.ew_pair if r else ""] +
        _label_cells(["called_by"], options, styles) + [options.seat(r.called_by) if r and r.called_by else ""] +
        _label_cells(["time"], options, styles) + [r.time if r else ""],
    ]
    players = dict(r.players) if r else {}
    head.append([cell for seat in Seat for cell in (styles.para(options.seat(seat), "small"),
                                                   styles.text(players.get(seat, ""), "cell"))])
    head.append(_label_cells(["director"], options, styles) + [r.director if r else "", "", "", "", "", "", ""])
    cells = [[styles.text(c, "cell") if isinstance(c, str) else c for c in row] for row in head]
    widths = [q * 0.9, q * 1.1] * 4
    # the blank form keeps room to write in each row, and at least the height of a label that
    # wraps to two lines ("召请方 Called by"); padding: 6 + 6 across, 2 + 3 down
    blank_heights = [max([24.0] + [cell.wrap(widths[i] - 12, 1e6)[1] + 5 for i, cell in enumerate(row)
                                   if not isinstance(cell, str)]) for row in cells]
    return _grid(cells, widths, styles,
                 [("SPAN", (1, 0), (3, 0)), ("SPAN", (1, 4), (7, 4)),
                  ("BACKGROUND", (0, 0), (0, -1), SHADE), ("BACKGROUND", (2, 1), (2, 3), SHADE),
                  ("BACKGROUND", (4, 0), (4, -2), SHADE), ("BACKGROUND", (6, 0), (6, 3), SHADE)],
                 heights=None if r else blank_heights)


def _table_result(result: TableScore | None, blank: bool, options: PrintOptions, styles: Styles,
                  width: float) -> Flowable:
    """The result at the table before the ruling: contract, declarer, lead, tricks, score."""
    keys = ["contract", "by", "lead", "tricks", "score_ns", "score_ew"]
    data: list[list[Cell]] = [[styles.para(options.label("table_result"), "section")] + [""] * 5,
                              [label_para(options, k, styles.cell_center) for k in keys]]
    row: list[Cell] = [""] * 6
    if result is not None:
        contract = result.contract
        score = result.score_ns
        row = [styles.para(contract_text(contract, options), "cell_center") if contract else "",
               options.seat(contract.declarer) if contract and contract.declarer else "",
               styles.para(card_markup(result.lead), "cell_center") if result.lead else "",
               "" if result.tricks is None else str(result.tricks),
               str(score) if score is not None and score > 0 else "0" if score == 0 else "",
               str(-score) if score is not None and score < 0 else ""]
    data.append(row)
    widths = [width * w for w in (0.2, 0.16, 0.14, 0.12, 0.19, 0.19)]
    return _grid(data, widths, styles,
                 [("SPAN", (0, 0), (-1, 0)), ("BACKGROUND", (0, 0), (-1, 1), SHADE),
                  ("ALIGN", (0, 2), (-1, 2), "CENTER"), ("FONTSIZE", (0, 2), (-1, 2), BASE_SIZE)],
                 heights=[None, None, 26 if blank or result is None else None])


def _auction_and_deal(r: RulingRecord | None, options: PrintOptions, styles: Styles, width: float) -> Table:
    """The auction grid on the left, the deal on the right; the deal's column is as wide as the
    diagram, so its West hand (the blank form's suit symbols and lines) never reaches the grid."""
    dealer_seat = r.conditions[0] if r else Seat.N
    blank_rows = 0 if r and r.auction else AUCTION_ROWS if r is None else 6
    right: Cell
    if r is not None and r.deal is not None:
        right = HandDiagram(r.deal, options, font_size=9.5, dealer=dealer_seat, vulnerability=r.conditions[1])
    elif r is None:
        right = HandDiagram(None, options, font_size=10.5)
    else:
        right = ""
    right_w = max(width * 0.43, right.wrap(width, 1e6)[0] + 12 if isinstance(right, Flowable) else 0)
    gap = 10
    auction = auction_table(list(r.auction) if r else [], dealer_seat, options, styles,
                            blank_rows=blank_rows, col_width=(width - right_w - gap) / 4, row_height=18)
    left = [styles.para(options.label("auction"), "section"), Spacer(1, 2), auction]
    return Table([[left, right]], colWidths=[width - right_w, right_w],
                 style=[("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                        ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("ALIGN", (1, 0), (1, 0), "RIGHT"),
                        ("FONTNAME", (0, 0), (-1, -1), styles.font)])


def _signature_row(r: RulingRecord | None, options: PrintOptions, styles: Styles, width: float) -> Table:
    """When the ruling was given, until when it may be appealed, the director's signature."""
    cells: list[Cell] = (_label_cells(["ruling_time"], options, styles) + [r.ruling_time if r else ""] +
                         _label_cells(["appeal_deadline"], options, styles) + [r.appeal_deadline if r else ""] +
                         _label_cells(["director_signature"], options, styles) + [""])
    row = [styles.text(c, "cell") if isinstance(c, str) else c for c in cells]
    widths = [width * w for w in (0.15, 0.13, 0.15, 0.16, 0.15, 0.26)]
    tall = max(cell.wrap(widths[i] - 12, 1e6)[1] for i, cell in enumerate(row) if isinstance(cell, Flowable))
    return _grid([row], widths, styles, [("BACKGROUND", (c, 0), (c, 0), SHADE) for c in (0, 2, 4)],
                 heights=[max(32, tall + 8)])


def _adjustment_block(r: RulingRecord | None, options: PrintOptions, styles: Styles,
                      width: float, dd: DoubleDummy | None = None) -> list[Flowable]:
    """The score adjustment as the ruling has it: the assigned results (the weighted score only
    when there are two or more), an artificial score, lines to fill in when an adjusted score may or
    must be awarded but the record assigns none (and on the blank form), or "none" when none may."""
    L = options.label
    keys = ["contract", "by", "tricks", "dd_tricks", "weight", "ns_score", "weighted"]
    data: list[list[Cell]] = [_label_cells(keys, options, styles)]
    extra: list[StyleCommand] = [("BACKGROUND", (0, 0), (-1, 0), SHADE), ("ALIGN", (0, 0), (-1, -1), "CENTER")]
    heights: list[float | None] | None = None
    widths = [width * w for w in (0.14, 0.09, 0.09, 0.11, 0.1, 0.14, 0.33)]
    ns = L("ns_pair")
    adjustment = r.adjustment if r is not None else None
    possible = r.adjusted_score if r is not None else ""
    after: list[Flowable] = []
    if adjustment is not None and adjustment.results:
        scored = r.adjusted_scores() if r is not None else []
        weighted = len(scored) > 1
        if not weighted:   # one result: no weights, no formula
            keys = keys[:4] + ["ns_score"]
            data = [_label_cells(keys, options, styles)]
            widths = [width * w for w in (0.24, 0.16, 0.16, 0.2, 0.24)]
        for result, score in scored:
            declarer = result.contract.declarer
            dd_tricks = "" if dd is None or declarer is None or result.contract.strain is None \
                else str(dd.get(declarer, result.contract.strain))
            row: list[Cell] = [styles.para(contract_text(result.contract, options), "cell_center"),
                               options.seat(declarer) if declarer else "", str(result.tricks), dd_tricks]
            points = f"{score:+d}" if score else "0"
            row += [f"{fmt_number(result.weight)}%", points, f"{fmt_number(result.weight)}% × MP/IMP({score:+d})"] \
                if weighted else [points]
            data.append(row)
        if weighted:
            # Law 12C3: each result is scored (matchpoints or IMPs) and the scores weighted; an average
            # of the points (-64 for 60% of -140 and 40% of +50) would score differently, so none is printed
            terms = " + ".join(f"{fmt_number(result.weight)}% × MP/IMP({score:+d})" for result, score in scored)
            data.append([styles.para(L("weighted"), "small"), "", "", "", "100%", "",
                         styles.para(f"{ns} = {terms}<br/>{L('weighted_how')}", "small")])
            extra += [("SPAN", (0, -1), (3, -1)), ("BACKGROUND", (0, -1), (-1, -1), SHADE)]
    elif adjustment is not None and adjustment.artificial is not None:
        pct_ns, pct_ew = adjustment.artificial
        data = [[styles.para(f"{L('adjustment')}: {ns} {fmt_number(pct_ns)}% / {L('ew_pair')} "
                             f"{fmt_number(pct_ew)}%", "cell")] + [""] * 6]
        extra = [("SPAN", (0, 0), (-1, 0))]
    elif r is not None and possible in ("no", ""):
        data = [[styles.para(f"{L('adjustment')}: {L('nobody')}", "cell")] + [""] * 6]
        extra = [("SPAN", (0, 0), (-1, 0))]
    else:   # the blank form, or an adjusted score that may or must follow: lines to fill in
        data += [[""] * 7 for _ in range(3)]
        heights = [None] + [22] * 3
        choices = ([f"□ {L('nobody')}"] if possible != "must" else []) + [f"□ {L('artificial_fill')}"]
        after = [Spacer(1, 3), styles.para("      ".join(choices), "small")]
    note = adjustment.note if adjustment is not None else ""
    title = L("adjustment") + (f" — {note}" if note else "") + \
        (f" — {L('adjusted_' + possible)}" if possible in ("may", "must") else "")
    return [styles.text(title, "heading"), _grid(data, widths, styles, extra, heights)] + after


def _appeal_block(appeal: Appeal | None, blank: bool, options: PrintOptions, styles: Styles,
                  width: float) -> list:
    """The appeal; on the blank form a full page whose reasons and decision boxes share the room."""
    L = options.label
    story: list = [styles.text(L("appeal"), "heading")]
    if appeal is None and not blank:
        story.append(styles.text(L("nobody"), "body"))
        return story
    a = appeal or Appeal()
    returned = a.deposit_returned
    appellant = L(a.appellant.lower() + "_pair") if a.appellant in ("NS", "EW") else a.appellant
    deposit = (f"{a.deposit}    {_check(returned is True, L('deposit_returned'))}    "
               f"{_check(returned is False, L('deposit_kept'))}")

    def row(key: str, value: str, height: float | None = None) -> Table:
        cells: list[list[Cell]] = [_label_cells([key], options, styles) + [_text(value, styles) if value else ""]]
        return _grid(cells, [width * 0.18, width * 0.82], styles,
                     [("BACKGROUND", (0, 0), (0, 0), SHADE), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                      ("TOPPADDING", (0, 0), (-1, -1), 5), ("BOTTOMPADDING", (0, 0), (-1, -1), 6)],
                     [height] if height else None)

    chair = a.chair or next((c for c in a.committee if "主席" in c or "chair" in c.lower()), "")
    signatures = _grid([_label_cells(["chair"], options, styles) + [styles.text(chair, "cell")] +
                        _label_cells(["chair_signature"], options, styles) + [""]],
                       [width * w for w in (0.18, 0.32, 0.18, 0.32)], styles,
                       [("BACKGROUND", (0, 0), (0, 0), SHADE), ("BACKGROUND", (2, 0), (2, 0), SHADE)],
                       [34])
    if blank:
        return story + [row("appellant", "", 26), Spacer(1, 6), _Flex(L("reasons")), Spacer(1, 6),
                        row("committee", "", 46), Spacer(1, 6), _Flex(L("decision")), Spacer(1, 6),
                        row("deposit", deposit, 26), signatures]
    story += [row("appellant", appellant), row("reasons", a.reasons), row("committee", "、".join(a.committee)),
              row("decision", a.decision), row("deposit", deposit), signatures]
    return story


def _check(checked: bool | None, label: str) -> str:
    return f"{'■' if checked else '□'} {label}"


def double_dummy(record: RulingRecord) -> DoubleDummy | None:
    """The double-dummy tricks of the record's deal (the hand records' solver), when the deal is
    known and a result is assigned; else None."""
    if record.deal is None or record.adjustment is None or not record.adjustment.results:
        return None
    return solve([record.deal], [record.conditions], with_par=False)[0]


def dd_warnings(record: RulingRecord, dd: DoubleDummy | None) -> list[str]:
    """One line per assigned result more than one trick from double-dummy (a ruling to look at
    again: the director may have good reason, but should know)."""
    if dd is None or record.adjustment is None:
        return []
    out = []
    for result in record.adjustment.results:
        declarer, strain = result.contract.declarer, result.contract.strain
        if declarer is None or strain is None:
            continue
        solved = dd.get(declarer, strain)
        if abs(result.tricks - solved) > 1:
            out.append(f"{record.source}: warning: assigned {result.contract} by {declarer.name} with "
                       f"{result.tricks} tricks, but double-dummy {declarer.name} takes {solved} in "
                       f"{strain.name} (more than one trick apart)")
    return out


def write_ruling_form(record: RulingRecord | None, path: str | Path, *, paper: str = "a4",
                      lang: str = "both", corpus: Corpus | None = None,
                      dd: DoubleDummy | None = None) -> int:
    """Write the ruling form of ``record`` (or the blank form for None); return the pages.
    ``dd``: the deal's double-dummy tricks (default: solved here when a result is assigned)."""
    options = PrintOptions.of(paper, lang)
    header = PageHeader(options.label("ruling_form"), record.event if record else "",
                        record.date if record else "")
    if record is not None and dd is None:
        dd = double_dummy(record)
    story = ruling_story(record, options, corpus=corpus, dd=dd)
    return build_document(path, story, header, options)
