"""The VP table of a teams event, for a field of any size, at 7 pt or more.

The layout is chosen by what fits the page width and what the field played: the cross-table
(teams × teams in ranking order, "未打 not played" for a match not played, the total) when every
column fits; a round-by-round list when it does not and each team met few others (a Swiss: per
round the opponent, the IMPs each way and the VPs — one page for a 30-team round instead of a
30 × 30 grid of blanks); else the cross-table in blocks of as many opponent columns as fit, the
names and totals repeated in each block, each titled by the teams it covers ("对 1–15 v 1–15").
A block that runs over a page continues under its own title (:class:`Titled`).
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph

from rules_ext.events.model import id_key
from rules_ext.events.report import vp_format
from rules_ext.events.scoring.results_model import EventResults, MatchResult
from rules_ext.pdf.basis import vp_scale_title
from rules_ext.pdf.layout import SHADE, Cell, Lang, PrintOptions, StyleCommand, Styles
from rules_ext.pdf.sheets import CELL_PADDING, Column, Titled, continued, fit, free_text, grid, label_cell

#: the type size of the VP table's cells (never smaller: a director reads it on the wall)
CELL_SIZE = 7.5
#: the widest a team's name column grows (a longer name wraps between words)
NAME_MAX = 120.0
#: a round's columns in the round-by-round list: opponent number, IMPs each way, VPs
_ROUND_FIGURES = ("00", "000–000", "00.00")


@dataclass(frozen=True, slots=True)
class _Field:
    order: list[str]  # the teams, in ranking order (then any that are in no ranking)
    matches: dict[str, list[tuple[MatchResult, str]]]  # each team's matches, with its opponent
    totals: dict[str, float]


def _field(results: EventResults) -> _Field:
    order = [e.id for r in results.rankings for e in r.entries]
    matches: dict[str, list[tuple[MatchResult, str]]] = defaultdict(list)
    for m in results.matches:
        for team, other in ((m.home, m.visit), (m.visit, m.home)):
            if team not in order:
                order.append(team)
            matches[team].append((m, other))
    for team in matches:
        matches[team].sort(key=lambda mo: id_key(mo[0].round))
    totals = {e.id: e.total for r in results.rankings for e in r.entries}
    return _Field(order, matches, totals)


def _figure_format(results: EventResults) -> Callable[[float], str]:
    """How a match's figure prints: VPs as their scale prints them, board points as they are."""
    if results.method == "board-a-match":
        return lambda value: f"{value:g}"
    return vp_format(results.vp_scale)


def _table_label(results: EventResults) -> str:
    return "bp_table" if results.method == "board-a-match" else "vp_table"


def _scale_note(results: EventResults, options: PrintOptions) -> str:
    """The VP scale a VP table's figures are on, after its title: ``（ACBL 20 分整数胜利分表）``."""
    scale = vp_scale_title(results, options)
    return f"（{scale}）" if scale and options.lang is Lang.ZH else f" ({scale})" if scale else ""


def _vp_of(m: MatchResult, team: str) -> float:
    return m.vp_home if team == m.home else m.vp_visit


def _imps_of(m: MatchResult, team: str, column: Column) -> str:
    mine, theirs = (m.imps_home, m.imps_visit) if team == m.home else (m.imps_visit, m.imps_home)
    return f"{column(mine)}–{column(theirs)}"


def _text_width(texts: Sequence[str], styles: Styles) -> float:
    return max(stringWidth(t, styles.font, styles.cell.fontSize) for t in texts) + CELL_PADDING + 2


def _name_width(field: _Field, styles: Styles, width: float) -> float:
    widest = _text_width([f"{i + 1}  {team}" for i, team in enumerate(field.order)] or ["0"], styles)
    return min(max(widest, 60.0), NAME_MAX, 0.3 * width)


def vp_table(results: EventResults, options: PrintOptions, width: float, page_height: float) -> list[Flowable]:
    """The VP table of ``results`` as flowables: a cross-table when it fits the width, else a
    round-by-round list when the teams met few others, else the cross-table in column blocks."""
    field = _field(results)
    n = len(field.order)
    if n == 0:
        return []
    for size in (8.5, CELL_SIZE):  # the sheets' cell size when the whole table fits it, else smaller
        styles = Styles(size + 0.5)
        name_w = _name_width(field, styles, width)
        cell_w = _text_width(["00.00", _not_played(options)], styles)
        total_w = _text_width(["000.00"], styles)
        if name_w + n * cell_w + total_w <= width:
            return [_cross_block(field, 0, n, options, styles, width, page_height, name_w,
                                 (width - name_w) / (n + 1), results)]
    rounds = max(len(ms) for ms in field.matches.values()) if field.matches else 0
    round_w = sum(_text_width([t], styles) for t in _ROUND_FIGURES)
    if rounds and 2 * rounds <= n and 24 + name_w + rounds * round_w + total_w <= width:
        return [_round_list(field, rounds, options, styles, width, page_height, name_w, results)]
    per_block = max(1, int((width - name_w - total_w) // cell_w))
    blocks = -(-n // per_block)
    per_block = -(-n // blocks)  # blocks of even size
    return [_cross_block(field, start, min(n, start + per_block), options, styles, width, page_height, name_w,
                         (width - name_w - total_w) / per_block, results, total_w=total_w)
            for start in range(0, n, per_block)]


def _not_played(options: PrintOptions) -> str:
    """"not played" in a cross-table cell: one language (the cell is a VP figure wide)."""
    return options.label("not_played").split(" ")[0 if options.lang is Lang.ZH else -1]


def _title(text: str, styles: Styles) -> Paragraph:
    return styles.para(free_text(text), "heading")


def _cont(zh: str, en: str, options: PrintOptions, styles: Styles) -> Paragraph:
    return styles.para(escape(continued(zh, en, options)), "small")


def _cross_block(field: _Field, start: int, stop: int, options: PrintOptions, styles: Styles, width: float,
                 page_height: float, name_w: float, cell_w: float, results: EventResults, *,
                 total_w: float | None = None) -> Flowable:
    """The cross-table's columns ``start``..``stop`` (every row): the whole table when they are all."""
    order = field.order
    n = len(order)
    total_w = cell_w if total_w is None else total_w
    cells: dict[tuple[str, str], list[str]] = defaultdict(list)
    not_played = _not_played(options)
    vp_text = _figure_format(results)
    for m in results.matches:
        for mine, theirs in ((m.home, m.visit), (m.visit, m.home)):
            cells[(mine, theirs)].append(vp_text(_vp_of(m, mine)) if m.boards else not_played)
    widths = [name_w] + [cell_w] * (stop - start) + [total_w]
    head: list[Cell] = [styles.para(escape(options.label("team")), "cell_center")]
    head += [str(j + 1) for j in range(start, stop)] + [label_cell(options, "total", total_w, styles)]
    data: list[list[Cell]] = [head]
    extra: list[StyleCommand] = [("ALIGN", (0, 1), (0, -1), "LEFT")]
    for i, team in enumerate(order):
        row: list[Cell] = [fit(f"{i + 1}  {team}", name_w, styles, "cell")]
        for j in range(start, stop):
            other = order[j]
            if i == j:
                row.append("")
                extra.append(("BACKGROUND", (j - start + 1, i + 1), (j - start + 1, i + 1), SHADE))
            else:
                text = "\n".join(cells.get((team, other), []))
                row.append(fit(text, cell_w, styles, lines=2) if text else "")
        row.append(_figure_format(results)(field.totals[team]) if team in field.totals else "")
        data.append(row)
    title = options.label(_table_label(results)) + _scale_note(results, options)
    zh, en = "胜利分对照表", "VP cross-table"
    if stop - start < n:
        part = f"{options.label('versus')} {start + 1}–{stop}"
        title += f" ({part})"
        zh, en = f"{zh}（对 {start + 1}–{stop}）", f"{en} (v {start + 1}–{stop})"
    table = grid(data, widths, styles, extra)
    return Titled([_title(title, styles)], table, [_cont(zh, en, options, styles)], page_height)


def _round_list(field: _Field, rounds: int, options: PrintOptions, styles: Styles, width: float,
                page_height: float, name_w: float, results: EventResults) -> Flowable:
    """Each team's matches round by round: opponent number, IMPs each way, VPs; then the total."""
    order = field.order
    number = {team: i + 1 for i, team in enumerate(order)}
    imp_column = Column.of([v for m in results.matches for v in (m.imps_home, m.imps_visit)], None, most=1)
    has_rounds = any(m.round for m in results.matches)
    fixed = [24.0, name_w]
    figure_w = [_text_width([t], styles) for t in _ROUND_FIGURES]
    total_w = _text_width(["000.00"], styles)
    spare = (width - sum(fixed) - total_w - rounds * sum(figure_w)) / (rounds * 3 + 2)
    figure_w = [w + spare for w in figure_w]
    named = _text_width([f"{number[t]}  {t}" for t in order], styles) <= figure_w[0]  # room for the names
    widths = [fixed[0], fixed[1] + spare] + figure_w * rounds + [total_w + spare]
    top: list[Cell] = [label_cell(options, "number", widths[0], styles),
                       styles.para(escape(options.label("team")), "cell_center")]
    second: list[Cell] = ["", ""]
    extra: list[StyleCommand] = [("SPAN", (0, 0), (0, 1)), ("SPAN", (1, 0), (1, 1)),
                                 ("SPAN", (-1, 0), (-1, 1)), ("ALIGN", (1, 2), (1, -1), "LEFT")]
    if named:
        extra += [("ALIGN", (2 + 3 * k, 2), (2 + 3 * k, -1), "LEFT") for k in range(rounds)]
    round_labels: list[str] = []
    for k in range(rounds):
        rounds_of_k = {ms[k][0].round for ms in field.matches.values() if len(ms) > k}
        label = (f"{options.label('round')} {next(iter(rounds_of_k))}" if has_rounds and len(rounds_of_k) == 1
                 else f"{options.label('match')} {k + 1}" if rounds > 1 else options.label("match"))
        round_labels.append(label)
        col = 2 + 3 * k
        top += [fit(label, sum(figure_w), styles, lines=1), "", ""]
        extra.append(("SPAN", (col, 0), (col + 2, 0)))
        second += [label_cell(options, "opponents" if named else "opponent_no", figure_w[0], styles),
                   label_cell(options, "imps", figure_w[1], styles),
                   label_cell(options, "vp", figure_w[2], styles)]
    top.append(label_cell(options, "total", widths[-1], styles))
    second.append("")
    data: list[list[Cell]] = [top, second]
    for team in order:
        row: list[Cell] = [str(number[team]), fit(team, widths[1], styles, "cell")]
        played = field.matches.get(team, [])
        for k in range(rounds):
            if k < len(played):
                m, other = played[k]
                opponent: Cell = fit(f"{number[other]}  {other}", figure_w[0], styles, "cell") if named \
                    else str(number[other])
                if m.boards:
                    row += [opponent, _imps_of(m, team, imp_column), _figure_format(results)(_vp_of(m, team))]
                else:
                    row += [opponent, fit(options.label("not_played"), figure_w[1] + figure_w[2],
                                                    styles, lines=2), ""]
                    extra.append(("SPAN", (3 + 3 * k, len(data)), (4 + 3 * k, len(data))))
            else:
                row += ["", "", ""]
        row.append(_figure_format(results)(field.totals[team]) if team in field.totals else "")
        data.append(row)
    for k in range(1, rounds):
        extra.append(("LINEBEFORE", (2 + 3 * k, 0), (2 + 3 * k, -1), 1.2, "#303030"))
    extra.append(("BACKGROUND", (0, 0), (-1, 1), SHADE))
    title = options.label("vp_rounds") + _scale_note(results, options)
    how = {Lang.ZH: "逐轮：对手编号、国际分（本队–对手）、胜利分",
           Lang.EN: "Round by round: the opponents (their number in this list), IMPs (for–against), VPs",
           Lang.BOTH: "逐轮：对手编号、国际分（本队–对手）、胜利分 Round by round: the opponents (their number in "
                      "this list), IMPs (for–against), VPs"}
    table = grid(data, widths, styles, extra, header_rows=2)
    return Titled([_title(title, styles), styles.para(escape(how[options.lang]), "small")], table,
                  [_cont("逐轮胜利分", "VPs round by round", options, styles)], page_height)
