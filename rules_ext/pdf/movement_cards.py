"""The papers on the tables, from a movement (:class:`rules_ext.core.movements.Movement`): the table
guide cards (:func:`guide_card`), the pairs' score cards (:func:`score_card`), the blank travellers
and pickup slips with the right pairs printed (:func:`movement_boards`, :func:`movement_slips`),
and the board labels (:func:`board_labels_story`), so that every paper a room needs comes from the
one checked movement. Chinese by default (``lang='zh'``), English or both with ``lang``; A4 or
letter.
"""
from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from rules_ext.core import board_conditions
from rules_ext.core.movements import Movement, Rest, Seating
from rules_ext.errors import RulesError
from rules_ext.events.model import Board, TableResult
from rules_ext.pdf.layout import (
    GRID,
    Cell,
    Lang,
    PageHeader,
    PrintOptions,
    StyleCommand,
    Styles,
    build_document,
    frame_size,
)
from rules_ext.pdf.pickup import Slip
from rules_ext.pdf.sheets import Titled, continued, grid, header_row


def _lang(options: PrintOptions, zh: str, en: str) -> str:
    if options.lang is Lang.ZH:
        return zh
    if options.lang is Lang.EN:
        return en
    return f"{zh} {en}"


def who_text(movement: Movement, who: int | None, options: PrintOptions) -> str:
    """A pair (team) as a card prints it: its number (and name when the movement has one); the
    phantom and an empty seat as a sit-out."""
    if who is None or who == movement.phantom:
        return options.label("sit_out")
    name = movement.name_of(who)
    return f"{who} {name}" if name else str(who)


def place_text(s: Seating, side: str, options: PrintOptions) -> str:
    """``3桌东西`` / ``3 EW`` / ``A3 NS``."""
    table = f"{s.section}{s.table}"
    if s.room:
        table += f" {options.label('open' if s.room == 'open' else 'closed')}"
    direction = options.label("ns_pair" if side == "NS" else "ew_pair")
    return _lang(options, f"{table}桌{direction}", f"{table} {direction}") if options.lang is not Lang.BOTH \
        else f"{table}桌 {direction}"


def next_text(movement: Movement, here: Seating, who: int | None, options: PrintOptions) -> str:
    """Where ``who`` goes after the round at ``here``: a table and direction, "stay", or nothing
    after the last round."""
    if who is None or who == movement.phantom or here.round == movement.rounds:
        return ""
    there = movement.next_place(here, who)
    if there is None:
        return options.label("sits_out")
    side = there.seat_of(who)
    if there.place == here.place and side == here.seat_of(who):
        return options.label("stay")
    return place_text(there, side, options)


def boards_next_text(movement: Movement, here: Seating, options: PrintOptions) -> str:
    if here.round == movement.rounds or here.set is None:
        return ""
    there = movement.boards_next(here)
    if there is None:
        return options.label("director_table")
    if isinstance(there, Rest):
        if there.after:
            return _lang(options, f"{there.after}桌后的休息台", f"relay after table {there.after}") \
                if options.lang is not Lang.BOTH else f"{there.after}桌后休息台 relay"
        return options.label("director_table")
    if there.place == here.place:
        return options.label("stay")
    table = f"{there.section}{there.table}"
    return _lang(options, f"{table}桌", f"table {table}") if options.lang is not Lang.BOTH else f"{table}桌"


# -- guide cards ----------------------------------------------------------------------------------

def guide_card(movement: Movement, place: tuple[str, int, str], options: PrintOptions, styles: Styles,
               width: float, height: float) -> Flowable:
    """The guide card (桌卡) of one table: a row per round, who sits North-South and East-West, the
    boards, and where North-South, East-West and the boards go for the next round (a table and
    direction, the relay stand, or "stay"); an arrow-switch round and a sit-out are said so."""
    section, table, room = place
    rows = [s for s in movement.seatings if s.place == place]
    keys = ("round", "ns_pair", "ew_pair", "board", "next_ns", "next_ew", "boards_to")
    shares = (0.08, 0.13, 0.13, 0.12, 0.18, 0.18, 0.18)
    widths = [width * x for x in shares]
    data: list[list[Cell]] = [header_row(keys, widths, options, styles)]
    extra: list[StyleCommand] = []
    for i, s in enumerate(rows, start=1):
        sits_out = movement.sits_out(s)
        boards = movement.set_text(s.set) if not sits_out else options.label("sits_out")
        round_cell = str(s.round) + (f" ({options.label('switched')})" if s.switched else "")
        data.append([_cell(round_cell, widths[0], styles), _cell(who_text(movement, s.ns, options), widths[1], styles),
                     _cell(who_text(movement, s.ew, options), widths[2], styles), _cell(boards, widths[3], styles),
                     _cell(next_text(movement, s, s.ns, options), widths[4], styles),
                     _cell(next_text(movement, s, s.ew, options), widths[5], styles),
                     _cell(boards_next_text(movement, s, options), widths[6], styles)])
        if s.switched or sits_out:
            extra.append(("BACKGROUND", (0, i), (-1, i), "#f4f4f4"))
    name = f"{section}{table}"
    room_word = f" {options.label('open' if room == 'open' else 'closed')}" if room else ""
    size = styles.title.fontSize + 4
    title = Paragraph(f'{escape(_lang(options, f"第{name}桌", f"Table {name}"))}{escape(room_word)}',
                      styles.title.clone("table_title", fontSize=size, leading=size * 1.25, spaceAfter=2))
    sub = styles.para(escape(f"{options.label('guide_card')} · {_movement_name(movement, options)}"), "small")
    table_flowable = grid(data, widths, styles, extra, row_heights=[None] + [20] * len(rows))
    cont = [styles.para(escape(continued(f"第{name}桌", f"Table {name}", options)), "small")]
    return Titled([title, sub], table_flowable, cont, height, space_before=10)


def _cell(text: str, width: float, styles: Styles) -> Cell:
    from rules_ext.pdf.sheets import fit

    return fit(text, width, styles, lines=2) if text else ""


def _movement_name(movement: Movement, options: PrintOptions) -> str:
    return _lang(options, movement.name, movement.name_en)


def guide_cards_story(movement: Movement, options: PrintOptions) -> list[Flowable]:
    styles = Styles(10)
    width, height = frame_size(options)
    places = sorted({s.place for s in movement.seatings}, key=lambda p: (p[0], p[1], p[2] != "open"))
    story: list[Flowable] = [_movement_intro(movement, options, styles)]
    story += [guide_card(movement, place, options, styles, width, height) for place in places]
    return story


def _movement_intro(movement: Movement, options: PrintOptions, styles: Styles) -> Flowable:
    note = movement.note[1] if options.lang is Lang.EN else movement.note[0]
    text = f"{escape(_movement_name(movement, options))}<br/>{escape(note)}"
    return styles.para(text, "small")


# -- score cards ----------------------------------------------------------------------------------

def score_card(movement: Movement, who: int, options: PrintOptions, styles: Styles, width: float,
               height: float) -> Flowable:
    """The score card (计分卡) of a pair (team): a row per board in the order it plays them, each
    round its table and direction, its opponents and its boards, with room to write contract,
    declarer, tricks and the score; it doubles as the pair's own guide card."""
    keys = ("round", "table", "direction", "opponents", "board", "contract", "by", "tricks", "result_plus",
            "result_minus")
    shares = (0.07, 0.09, 0.08, 0.14, 0.07, 0.13, 0.08, 0.08, 0.13, 0.13)
    widths = [width * x for x in shares]
    data: list[list[Cell]] = [header_row(keys, widths, options, styles)]
    extra: list[StyleCommand] = []
    row = 0
    for s in movement.of(who):
        side = s.seat_of(who)
        against = s.ew if side == "NS" else s.ns
        boards = movement.boards_of(s.set) if not movement.sits_out(s) else ()
        table = f"{s.section}{s.table}" + (f" {options.label('open' if s.room == 'open' else 'closed')}" if s.room else "")
        direction = options.label("ns_pair" if side == "NS" else "ew_pair")
        if not boards:
            row += 1
            data.append([str(s.round), _cell(table, widths[1], styles), direction,
                         _cell(options.label("sits_out"), widths[3], styles)] + [""] * 6)
            extra.append(("BACKGROUND", (0, row), (-1, row), "#f4f4f4"))
            continue
        for k, board in enumerate(boards):
            row += 1
            first = k == 0
            data.append([str(s.round) if first else "", _cell(table, widths[1], styles) if first else "",
                         direction if first else "",
                         _cell(who_text(movement, against, options), widths[3], styles) if first else "",
                         str(board)] + [""] * 5)
        if len(boards) > 1:
            top = row - len(boards) + 1
            for col in range(4):
                extra.append(("SPAN", (col, top), (col, row)))
    name = movement.name_of(who)
    word = _lang(options, f"第{who}队" if movement.teams else f"第{who}对", f"Team {who}" if movement.teams else f"Pair {who}")
    title = styles.para(f'<font size="{styles.heading.fontSize + 3}">{escape(word)}</font>'
                        + (f"&nbsp;&nbsp;{escape(name)}" if name else "")
                        + f"&nbsp;&nbsp;&nbsp;{escape(options.label('score_card'))}", "heading")
    table_flowable = grid(data, widths, styles, extra + [("VALIGN", (0, 1), (3, -1), "MIDDLE")],
                          row_heights=[None] + [17] * (len(data) - 1))
    cont = [styles.para(escape(continued(f"第{who}对", f"Pair {who}", options)), "small")]
    return Titled([title], table_flowable, cont, height, space_before=10)


def score_cards_story(movement: Movement, options: PrintOptions) -> list[Flowable]:
    styles = Styles(9)
    width, height = frame_size(options)
    return [score_card(movement, who, options, styles, width, height) for who in movement.participants]


# -- travellers and pickup slips from the movement ------------------------------------------------

def movement_boards(movement: Movement) -> list[Board]:
    """The boards of the movement as event boards whose results are the empty rows of a blank
    traveller: each time a table plays the board, its round, table and pairs (sit-outs left out);
    the rows of :func:`rules_ext.pdf.traveller.blank_travellers_story`."""
    rows: dict[int, list[TableResult]] = {b: [] for b in movement.boards}
    for s, number in movement.plays():
        table = f"{s.section}{s.table}" if s.section else str(s.table)
        for board in movement.boards_of(number):
            rows[board].append(TableResult(board, str(s.ns), str(s.ew), table=table, round=str(s.round),
                                           room={"open": "Open", "closed": "Closed"}.get(s.room, "")))
    out = []
    for board, results in sorted(rows.items()):
        dealer, vulnerability = board_conditions(board)
        out.append(Board(board, dealer, vulnerability, results=tuple(results)))
    return out


def movement_slips(movement: Movement) -> list[Slip]:
    """A pickup slip for each table in each round that plays (its boards and pairs printed), for
    :mod:`rules_ext.pdf.pickup`."""
    slips = []
    for s, number in movement.plays():
        slips.append(Slip(str(s.table), str(s.round), movement.boards_of(number), str(s.ns), str(s.ew),
                          {"open": "Open", "closed": "Closed"}.get(s.room, ""), s.section))
    return slips


# -- board labels ----------------------------------------------------------------------------------

def board_labels_story(boards: Sequence[int], options: PrintOptions, *, across: int = 3, down: int = 8) -> list[Flowable]:
    """Labels of the boards (牌套标签), ``across`` × ``down`` a page, each with the number, dealer
    and vulnerability (Law 2), to stick on the boards, drawn with a thin frame to cut along."""
    styles = Styles(10)
    width, height = frame_size(options)
    cell_w, cell_h = width / across, (height - 4) / down
    cells: list[Cell] = []
    for number in boards:
        dealer, vulnerability = board_conditions(number)
        big = escape(_lang(options, f"第{number}副", f"Board {number}") if options.lang is not Lang.BOTH
                     else f"第{number}副 Board {number}")
        text = (f'<font size="17">{big}</font><br/>'
                f'{escape(options.labelled("dealer", options.seat(dealer)))}<br/>'
                f'{escape(options.labelled("vul", options.vulnerability(vulnerability)))}')
        cells.append(Paragraph(text, styles.cell_center))
    rows = [cells[i:i + across] + [""] * (across - len(cells[i:i + across])) for i in range(0, len(cells), across)]
    story: list[Flowable] = []
    for start in range(0, len(rows), down):
        page = rows[start:start + down]
        table = Table(page, colWidths=[cell_w] * across, rowHeights=[cell_h] * len(page))
        table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.3, GRID), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                                   ("FONTNAME", (0, 0), (-1, -1), styles.font)]))
        story.append(table)
        story.append(Spacer(1, 2 * mm))
    return story


# -- the documents -----------------------------------------------------------------------------------

def _write(path: str | Path, story: list[Flowable], title: str, event: str, date: str, options: PrintOptions) -> int:
    if not story:
        raise RulesError("nothing to print: expected a movement with at least one table and round")
    return build_document(path, story, PageHeader(title, event, date), options)


def write_guide_cards(movement: Movement, path: str | Path, *, event: str = "", date: str = "",
                      paper: str = "a4", lang: str = "zh") -> int:
    options = PrintOptions.of(paper, lang)
    return _write(path, guide_cards_story(movement, options), options.label("guide_cards"), event, date, options)


def write_score_cards(movement: Movement, path: str | Path, *, event: str = "", date: str = "",
                      paper: str = "a4", lang: str = "zh") -> int:
    options = PrintOptions.of(paper, lang)
    return _write(path, score_cards_story(movement, options), options.label("score_cards"), event, date, options)


def write_board_labels(boards: Sequence[int], path: str | Path, *, event: str = "", date: str = "",
                       paper: str = "a4", lang: str = "zh") -> int:
    options = PrintOptions.of(paper, lang)
    return _write(path, board_labels_story(boards, options), options.label("board_labels"), event, date, options)


def write_movement_travellers(movement: Movement, path: str | Path, *, event: str = "", date: str = "",
                              paper: str = "a4", lang: str = "zh") -> int:
    """Blank travellers, a row for each time a table plays the board, its round, table and pairs."""
    from rules_ext.pdf.traveller import blank_travellers_story

    options = PrintOptions.of(paper, lang)
    story = blank_travellers_story(movement_boards(movement), options, method="imps" if movement.teams else "matchpoints",
                                   teams=movement.teams)
    return _write(path, story, options.label("travellers"), event, date, options)


def write_movement_slips(movement: Movement, path: str | Path, *, event: str = "", date: str = "",
                         paper: str = "a4", lang: str = "zh") -> int:
    from rules_ext.pdf.pickup import write_pickup_slips

    return write_pickup_slips(movement_slips(movement), path, event=event, date=date, paper=paper, lang=lang)
