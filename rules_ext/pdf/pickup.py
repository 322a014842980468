"""Pickup slips: for clubs without scoring devices, one slip per table per round, on which North
writes each board's result and both sides sign; the director picks them up after the round.

A slip names its event, round and table (and room, in a teams match; and section, in an event of
several sections, whose tables of the same number are different tables), the pairs sitting North-South
and East-West, and has one row per board: board, contract, declarer, lead, tricks, score for NS and
for EW; below them the two signatures. Slips are stacked on the page with dashed lines to cut along,
never split across pages.

The slips come from the movement in a results file (:func:`slips_of_event`: the table, round and
boards of each result) or from the size of a movement (:func:`slips_of_movement`: tables × rounds
slips with blank board numbers and pairs, to fill in).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path

from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from rules_ext.errors import RulesError
from rules_ext.events.model import Event, TableResult
from rules_ext.events.scoring.teams import match_of
from rules_ext.pdf.figures import label_para
from rules_ext.pdf.layout import (
    GRID,
    SHADE,
    Cell,
    PageHeader,
    PrintOptions,
    Progress,
    Styles,
    build_document,
    frame_size,
)
from rules_ext.pdf.sheets import Titled, continued

#: the limits of a movement given by size (a larger one is a typing mistake)
MAX_TABLES, MAX_ROUNDS, MAX_BOARDS_PER_ROUND = 200, 60, 12

#: the height of a row to write a result in by hand
WRITE_ROW = 21


@dataclass(frozen=True, slots=True)
class Slip:
    """One table in one round: who sits there and which boards it plays (None: to fill in);
    ``section`` as the file names it ('' when the event has one section)."""

    table: str
    round: str
    boards: tuple[int | None, ...]
    ns: str = ""
    ew: str = ""
    room: str = ""
    section: str = ""

    def __post_init__(self) -> None:
        if not self.boards:
            raise RulesError(f"slip of table {self.table!r}, round {self.round!r} has no board: "
                             "expected at least one board")


def _natural(text: str) -> tuple[int, str]:
    """'2' before '10': numbers by value, anything else after them as text."""
    return (int(text), "") if text.isdigit() else (1 << 30, text)


def slips_of_event(event: Event) -> list[Slip]:
    """One slip per table per round (per room in a teams match, per section when the results name
    theirs) from the results in the file, in the order the director hands them out: round by round,
    section by section, table by table. A file whose results
    do not say at which table (and, when any says it, in which round) each was played has no
    movement to print: that is an error naming the line, and the way out (the movement's size)."""
    played = [r for b in event.boards for r in b.results if not r.not_played]
    if not played:
        raise RulesError(f"{event.source}: no results, so no movement to print slips from: expected "
                         "a results file, or the movement's size: --tables N --rounds R --boards-per-round B")
    with_round = any(r.round for r in played)
    for r in played:
        if not r.table or (with_round and not r.round):
            missing = "table" if not r.table else "round"
            raise RulesError(f"{event.source}:{r.line}: board {r.board}: the result does not say its {missing}, "
                             "so the movement is not known: expected Table and Round for every result, or the "
                             "movement's size: --tables N --rounds R --boards-per-round B")
    boards: dict[tuple[str, str, str, str], set[int]] = {}
    pairs: dict[tuple[str, str, str, str], tuple[set[str], set[str]]] = {}
    for r in played:
        key = (r.round, r.section, r.table, r.room or _room_of(r))
        boards.setdefault(key, set()).add(r.board)
        ns, ew = pairs.setdefault(key, (set(), set()))
        ns.add(r.ns)
        ew.add(r.ew)
    slips = []
    for key in sorted(boards, key=lambda k: (_natural(k[0]), _natural(k[1]), _natural(k[2]), k[3] != "Open", k[3])):
        # the same pairs play every board of a round at a table; if not, the slip names them all
        ns, ew = pairs[key]
        round_, section, table, room = key
        slips.append(Slip(table, round_, tuple(sorted(boards[key])), " / ".join(sorted(ns, key=_natural)),
                          " / ".join(sorted(ew, key=_natural)), room, section))
    return slips


def _room_of(r: TableResult) -> str:
    """The room of a teams result whose file names none (RealBridge: Table, HomeTeam and VisitTeam
    on each record): ``Open`` where the match's home team sits North-South (the reader paired the
    rooms: :func:`rules_ext.events.scoring.teams.seat_teams`), else ``Closed``; '' for a pairs result."""
    found = match_of(r)
    return "" if found is None else "Open" if found[1] else "Closed"


def slips_of_movement(tables: int, rounds: int, boards_per_round: int) -> list[Slip]:
    """``tables`` × ``rounds`` slips, round by round, each with ``boards_per_round`` rows whose
    board numbers and pairs are left blank to fill in (the movement card says them)."""
    for name, value, top in (("--tables", tables, MAX_TABLES), ("--rounds", rounds, MAX_ROUNDS),
                             ("--boards-per-round", boards_per_round, MAX_BOARDS_PER_ROUND)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= top:
            raise RulesError(f"{name} {value!r}: expected a whole number from 1 to {top}")
    return [Slip(str(table), str(rnd), (None,) * boards_per_round)
            for rnd in range(1, rounds + 1) for table in range(1, tables + 1)]


class CutLine(Flowable):
    """A dashed line across the frame to cut along."""

    def __init__(self, gap: float = 9) -> None:
        super().__init__()
        self.gap = gap

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        return avail_width, 2 * self.gap

    def draw(self) -> None:
        canvas = self.canv
        canvas.saveState()
        canvas.setStrokeColor(GRID)
        canvas.setLineWidth(0.5)
        canvas.setDash(4, 3)
        canvas.line(0, self.gap, self.width, self.gap)
        canvas.restoreState()


def _grid(rows: list[list[Cell]], widths: Sequence[float], heights: Sequence[float | None],
          styles: Styles, extra: Sequence[tuple] = (), *, repeat: int = 0) -> Table:
    table = Table(rows, colWidths=list(widths), rowHeights=list(heights), repeatRows=repeat)
    table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), styles.font),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("GRID", (0, 0), (-1, -1), 0.4, GRID),
        ("BOX", (0, 0), (-1, -1), 0.8, GRID),
        *extra,
    ]))
    return table


def slip_block(slip: Slip, event: str, options: PrintOptions, styles: Styles, width: float,
               page_height: float) -> Titled:
    """One slip as a block that is never split across pages (see :class:`Titled`): its title and
    who sits where over one row per board, the two signatures and a line to cut along under them.
    A slip longer than a page starts on a fresh one and continues under "第3轮第5桌（续）Round 3
    Table 5 (cont.)", who sits where repeated."""
    L = options.label

    def label(key: str) -> Cell:
        return label_para(options, key, styles.small)

    def value(text: str) -> Cell:
        return styles.para(escape(text), "heading") if text else ""

    table = slip.table
    room = ""
    if slip.room:
        room = L("open") if slip.room == "Open" else L("closed") if slip.room == "Closed" else slip.room

    def seats() -> Table:
        # the section (when the event has several) in a cell of its own before the table: table 3
        # of section N and table 3 of section M are two slips, each saying which
        section: list[Cell] = [label("section"), value(slip.section)] if slip.section else []
        cells = [label("round"), value(slip.round), *section, label("table"), value(table),
                 label("ns_pair"), value(slip.ns), label("ew_pair"), value(slip.ew)]
        shares = ((0.08, 0.06, 0.08, 0.07, 0.08, 0.08, 0.08, 0.195, 0.08, 0.195) if section
                  else (0.09, 0.07, 0.09, 0.16, 0.09, 0.205, 0.09, 0.205))
        return _grid([cells], [width * w for w in shares], [WRITE_ROW + 3], styles,
                     [("BACKGROUND", (c, 0), (c, 0), SHADE) for c in range(0, len(cells), 2)])

    columns = ("board", "contract", "by", "lead", "tricks", "score_ns", "score_ew")
    rows: list[list[Cell]] = [[label_para(options, k, styles.cell_center) for k in columns]]
    rows += [[styles.para(str(board), "cell_center") if board is not None else ""] + [""] * 6
             for board in slip.boards]
    results = _grid(rows, [width * w for w in (0.1, 0.17, 0.11, 0.13, 0.11, 0.19, 0.19)],
                    [None] + [WRITE_ROW] * len(slip.boards), styles,
                    [("BACKGROUND", (0, 0), (-1, 0), SHADE)], repeat=1)
    signatures = _grid([[label("signature_ns"), "", label("signature_ew"), ""]],
                       [width * w for w in (0.13, 0.37, 0.13, 0.37)], [WRITE_ROW + 6], styles,
                       [("BACKGROUND", (0, 0), (0, 0), SHADE), ("BACKGROUND", (2, 0), (2, 0), SHADE)])
    # the event on the first line, the room on a line of its own, both small; the table's number
    # alone in the large type of the seats row (never "12 · 开室 Open" merged into it)
    title = [styles.para(escape(f"{L('pickup_slips')} — {event}" if event else L("pickup_slips")), "small")]
    if slip.room:
        long_room = L("open_room") if slip.room == "Open" else L("closed_room") if slip.room == "Closed" else room
        title.append(styles.para(escape(f"{L('room')}: {long_room}"), "small"))
    zh = (f"第{slip.round}轮" if slip.round else "") + (f"分区{slip.section}" if slip.section else "") \
        + f"第{slip.table}桌"
    en = (f"Round {slip.round} " if slip.round else "") + (f"Section {slip.section} " if slip.section else "") \
        + f"Table {slip.table}"
    if slip.room:
        zh, en = f"{zh} {room.split(' ')[0]}", f"{en} {slip.room}"
    where = continued(zh, en, options)
    cont = [styles.para(escape(f"{L('pickup_slips')} — {where}"), "small"), Spacer(1, 2), seats()]
    return Titled([*title, Spacer(1, 2), seats()], results, cont, page_height,
                  space_before=0, foot=[signatures, CutLine()])


def pickup_story(slips: Sequence[Slip], event: str, options: PrintOptions, *,
                 progress: Progress = iter) -> list[Flowable]:
    """The slips, each kept whole, with a line to cut along after each."""
    styles = Styles(9.5)
    width, height = frame_size(options)
    story: list[Flowable] = [slip_block(slip, event, options, styles, width, height) for slip in progress(slips)]
    return story or [Spacer(1, 1)]


def write_pickup_slips(slips: Sequence[Slip], path: str | Path, *, event: str = "", date: str = "",
                       paper: str = "a4", lang: str = "both", progress: Progress = iter) -> int:
    """Write the pickup slips; return the number of pages."""
    if not slips:
        raise RulesError("no slips to print: expected a movement with at least one table and round")
    options = PrintOptions.of(paper, lang)
    header = PageHeader(options.label("pickup_slips"), event, date)
    return build_document(path, pickup_story(slips, event, options, progress=progress), header, options)

