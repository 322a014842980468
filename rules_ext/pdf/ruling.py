"""Ruling forms: a director's ruling record (:mod:`rules_ext.pdf.ruling_record`) drawn as a form,
and a blank form for the table.

Page 1: who, where and when; the auction beside the deal; the facts; the laws applied, quoted from
the rulebook; the ruling; the score adjustment (each assigned result with its North-South score
and weight, printed as what the scorer must do: matchpoint or IMP each result, then weight them).
The appeal follows (on page 2 of the blank form, which keeps page 1 for the director).
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.platypus import Flowable, KeepTogether, PageBreak, Spacer, Table, TableStyle

from rules_ext.core import Seat
from rules_ext.corpus.model import Corpus
from rules_ext.pdf.diagram import HandDiagram, auction_table
from rules_ext.pdf.figures import fmt_number
from rules_ext.pdf.layout import (
    GRID,
    SHADE,
    Cell,
    PageHeader,
    PrintOptions,
    StyleCommand,
    Styles,
    build_document,
    contract_markup,
    frame_size,
)
from rules_ext.pdf.ruling_record import Appeal, RulingRecord, quote_laws


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
    return [styles.para(options.label(k), "small") for k in keys]


def _box(title: str, body: list[Flowable] | None, width: float, styles: Styles,
         height: float = 60) -> Flowable:
    """A titled box: the text when filled, empty room to write when not."""
    content: list[Flowable] | str = body if body else ""
    table = Table([[styles.para(title, "small")], [content]], colWidths=[width],
                  rowHeights=[None, None if body else height])
    table.setStyle(TableStyle([
        ("BOX", (0, 0), (-1, -1), 0.6, GRID),
        ("FONTNAME", (0, 0), (-1, -1), styles.font),
        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ]))
    return table


def _check(checked: bool | None, label: str) -> str:
    return f"{'■' if checked else '□'} {label}"


def ruling_story(record: RulingRecord | None, options: PrintOptions, *, corpus: Corpus | None = None
                 ) -> list[Flowable]:
    """The form's flowables; ``record=None`` gives the blank form."""
    styles = Styles(9)
    width, _ = frame_size(options)
    L = options.label
    r = record
    story: list[Flowable] = [styles.text(L("ruling_form"), "title")]
    # who, where, when
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
    head.append(_label_cells(["director"], options, styles) + [r.director if r else "", "", ""] +
                _label_cells(["signature"], options, styles) + ["", "", ""])
    cells = [[styles.text(c, "cell") if isinstance(c, str) else c for c in row] for row in head]
    widths = [q * 0.9, q * 1.1] * 4
    # the blank form keeps room to write in each row, and at least the height of a label that
    # wraps to two lines ("召请方 Called by"); padding: 6 + 6 across, 2 + 3 down
    blank_heights = [max([18.0] + [cell.wrap(widths[i] - 12, 1e6)[1] + 5 for i, cell in enumerate(row)
                                   if not isinstance(cell, str)]) for row in cells]
    story.append(_grid(cells, widths, styles,
                       [("SPAN", (1, 0), (3, 0)), ("SPAN", (1, 4), (3, 4)), ("SPAN", (5, 4), (7, 4)),
                        ("BACKGROUND", (0, 0), (0, -1), SHADE), ("BACKGROUND", (2, 1), (2, 3), SHADE),
                        ("BACKGROUND", (4, 0), (4, -1), SHADE), ("BACKGROUND", (6, 0), (6, 3), SHADE)],
                       heights=None if r else blank_heights))
    story.append(Spacer(1, 8))
    # auction and deal side by side
    dealer_seat = r.conditions[0] if r else Seat.N
    auction = auction_table(list(r.auction) if r else [], dealer_seat, options, styles,
                            blank_rows=0 if r and r.auction else 6, col_width=width * 0.5 / 4 - 2)
    left = [styles.para(L("auction"), "small"), auction]
    right: Cell
    if r is not None and r.deal is not None:
        right = HandDiagram(r.deal, options, font_size=8.5, dealer=dealer_seat,
                            vulnerability=r.conditions[1])
    elif r is None:
        right = HandDiagram(None, options, font_size=8.5)
    else:
        right = ""
    story.append(Table([[left, right]], colWidths=[width * 0.5, width * 0.5],
                       style=[("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                              ("FONTNAME", (0, 0), (-1, -1), styles.font)]))
    story.append(Spacer(1, 8))
    story.append(_box(L("facts"), [styles.text(r.facts)] if r and r.facts else None, width, styles, 95))
    story.append(Spacer(1, 6))
    # laws applied, quoted
    quoted = quote_laws(r.laws, corpus, source=r.source) if r else []
    body: list[Flowable] = []
    for law in quoted:
        body.append(styles.text(f"{law.citation}  {law.title}", "body"))
        body += [styles.text(p, "quote") for p in law.paragraphs]
        body.append(Spacer(1, 3))
    story.append(_box(L("laws"), body or None, width, styles, 40))
    story.append(Spacer(1, 6))
    story.append(_box(L("ruling"), [styles.text(r.ruling)] if r and r.ruling else None, width, styles, 70))
    story.append(Spacer(1, 6))
    story.append(KeepTogether(_adjustment_block(r, options, styles, width)))
    # the blank form keeps page 1 for the director; the appeal, written later, gets page 2
    story.append(PageBreak() if r is None else Spacer(1, 6))
    story.append(KeepTogether(_appeal_block(r.appeal if r else None, r is None, options, styles, width)))
    return story


def _adjustment_block(r: RulingRecord | None, options: PrintOptions, styles: Styles,
                      width: float) -> list[Flowable]:
    L = options.label
    keys = ["contract", "by", "tricks", "weight", "ns_score", "weighted"]
    data: list[list[Cell]] = [_label_cells(keys, options, styles)]
    extra: list[StyleCommand] = [("BACKGROUND", (0, 0), (-1, 0), SHADE), ("ALIGN", (0, 0), (-1, -1), "CENTER")]
    heights: list[float | None] | None = None
    if r is not None and r.adjustment is not None and r.adjustment.results:
        for result, ns in r.adjusted_scores():
            declarer = result.contract.declarer
            data.append([styles.para(contract_markup(result.contract), "cell_center"),
                         options.seat(declarer) if declarer else "", str(result.tricks),
                         f"{fmt_number(result.weight)}%", f"{ns:+d}" if ns else "0",
                         f"{fmt_number(result.weight)}% × MP/IMP({ns:+d})"])
        # Law 12C3: each result is scored (matchpoints or IMPs) and the scores weighted; an average
        # of the points (-64 for 60% of -140 and 40% of +50) would score differently, so none is printed
        terms = " + ".join(f"{fmt_number(result.weight)}% × MP/IMP({ns:+d})" for result, ns in r.adjusted_scores())
        data.append([styles.para(L("weighted"), "small"), "", "", "100%", "",
                     styles.para(f"NS = {terms}<br/>{L('weighted_how')}", "small")])
        extra += [("SPAN", (0, -1), (2, -1)), ("BACKGROUND", (0, -1), (-1, -1), SHADE)]
    elif r is not None and r.adjustment is not None and r.adjustment.artificial is not None:
        pct_ns, pct_ew = r.adjustment.artificial
        data = [[styles.para(f"{L('adjustment')}: NS {fmt_number(pct_ns)}% / EW {fmt_number(pct_ew)}%",
                             "cell")] + [""] * 5]
        extra = [("SPAN", (0, 0), (-1, 0))]
    elif r is not None:
        data = [[styles.para(f"{L('adjustment')}: {L('nobody')}", "cell")] + [""] * 5]
        extra = [("SPAN", (0, 0), (-1, 0))]
    else:
        data += [[""] * 6 for _ in range(3)]
        heights = [None] + [18] * 3
    widths = [width * w for w in (0.16, 0.1, 0.1, 0.12, 0.17, 0.35)]
    note = r.adjustment.note if r is not None and r.adjustment is not None else ""
    title = L("adjustment") + (f" — {note}" if note else "")
    return [styles.text(title, "heading"), _grid(data, widths, styles, extra, heights)]


def _appeal_block(appeal: Appeal | None, blank: bool, options: PrintOptions, styles: Styles,
                  width: float) -> list[Flowable]:
    L = options.label
    story: list[Flowable] = [styles.text(L("appeal"), "heading")]
    if appeal is None and not blank:
        story.append(styles.text(L("nobody"), "small"))
        return story
    a = appeal or Appeal()
    returned = a.deposit_returned
    rows: list[list[Cell]] = [
        _label_cells(["appellant"], options, styles) + [styles.text(L(a.appellant.lower() + "_pair")
                                                                    if a.appellant in ("NS", "EW")
                                                                    else a.appellant, "cell")],
        _label_cells(["reasons"], options, styles) + [styles.text(a.reasons, "cell")],
        _label_cells(["committee"], options, styles) + [styles.text("、".join(a.committee), "cell")],
        _label_cells(["decision"], options, styles) + [styles.text(a.decision, "cell")],
        _label_cells(["deposit"], options, styles) + [styles.text(
            f"{a.deposit}    {_check(returned is True, L('deposit_returned'))}    "
            f"{_check(returned is False, L('deposit_kept'))}", "cell")],
        _label_cells(["signature"], options, styles) + [""],  # signed on paper
    ]
    heights: list[float | None] = [22, 150, 40, 150, 22, 40] if blank else [None] * 5 + [30]
    story.append(_grid(rows, [width * 0.16, width * 0.84], styles,
                       [("BACKGROUND", (0, 0), (0, -1), SHADE), ("VALIGN", (0, 0), (-1, -1), "TOP")],
                       heights))
    return story


def write_ruling_form(record: RulingRecord | None, path: str | Path, *, paper: str = "a4",
                      lang: str = "both", corpus: Corpus | None = None) -> int:
    """Write the ruling form of ``record`` (or the blank form for None); return the pages."""
    options = PrintOptions.of(paper, lang)
    header = PageHeader(options.label("ruling_form"), record.event if record else "",
                        record.date if record else "")
    story = ruling_story(record, options, corpus=corpus)
    return build_document(path, story, header, options)
