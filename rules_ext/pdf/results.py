"""Results sheets: rankings (pairs, individual, teams), teams match sheets and VP cross-table, and
personal score cards.

``write_results_pdf(event, results, path, **opts)`` is what ``python -m rules_ext results EVENT.pbn
-o r.pdf`` calls: how many figures differ from the file's own and why (when any do), the ranking(s)
(rank with ties, pair/team/player, names, total, %), then for teams the VP cross-table (teams ×
teams, the VPs of each match, "未打 not played" for a match not played) and a sheet for each match
(board by board the contract, declarer, tricks and score in each room, the IMPs each way, the
totals and VPs), and for pairs and individual events a personal score card for each participant
(board, vulnerability, side and opponents, contract, by, tricks, score, matchpoints or IMPs, %).
Every block is kept on one page when it fits one and continues under its own title otherwise.
"""
from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path

from reportlab.platypus import Flowable, Paragraph

from rules_ext.core import Vulnerability
from rules_ext.core.vp_scales import scale_of
from rules_ext.events.model import Event, EventKind, TableResult
from rules_ext.events.report import vp_format
from rules_ext.events.scoring.awards import masterpoints
from rules_ext.events.scoring.results_model import (
    BoardResults,
    EventResults,
    MatchBoard,
    MatchResult,
    Ranking,
    ScoredResult,
)
from rules_ext.events.scoring.teams import match_rooms
from rules_ext.events.words import UNIT_LABELS, WHO_LABELS
from rules_ext.pdf.basis import event_basis, vp_scale_title
from rules_ext.pdf.crosstable import vp_table
from rules_ext.pdf.layout import (
    SHADE,
    Cell,
    Lang,
    PageHeader,
    PrintOptions,
    Progress,
    StyleCommand,
    Styles,
    build_document,
    frame_size,
)
from rules_ext.pdf.sheets import (
    DAGGER,
    Column,
    Marks,
    Titled,
    continued,
    damaged_note,
    fit,
    free_text,
    grid,
    header_row,
    label_cell,
    lead_in,
    person,
    ranking_columns,
    result_cells,
    seat_holder,
    side_name,
)
from rules_ext.pdf.traveller import Formats, imps_each_way, room_cells

_GROUP = {"NS": "ns_pair", "EW": "ew_pair"}


def _title(text: str, styles: Styles) -> Paragraph:
    return styles.para(free_text(text), "heading")


def _cont(zh: str, en: str, options: PrintOptions, styles: Styles) -> Paragraph:
    return styles.para(escape(continued(zh, en, options)), "small")


def _marked(markup: str, styles: Styles) -> Cell:
    """A figure as a cell: plain text, or a paragraph when it carries a mark."""
    return styles.para(markup, "cell_center") if DAGGER in markup else markup.replace("&amp;", "&")


def ranking_table(ranking: Ranking, kind: EventKind, options: PrintOptions, styles: Styles,
                  width: float, page_height: float, event: Event | None = None,
                  marks: Marks | None = None, vp_places: int = 2) -> Flowable:
    """A ranking: rank (ties as ``3=``), id, names (when they say more than the id), total, %
    (or the IMP balance for a VP ranking), boards played (matches played, for a VP ranking)."""
    unit = ranking.unit
    entries = ranking.entries
    who = WHO_LABELS[kind.value]
    total_label = UNIT_LABELS.get(unit, "total")
    has_names = any(e.names and person(e.names) != e.id for e in entries)
    has_pct = any(e.pct is not None for e in entries)
    has_imps = any(e.imps is not None for e in entries) and unit == "VP"
    played = "matches" if unit in ("VP", "BP") else "boards"
    awards = masterpoints(event) if event is not None else {}
    awarded = any(e.id in awards for e in entries)
    figures = [total_label] + (["pct"] if has_pct else []) + (["imps"] if has_imps else []) + [played] \
        + (["masterpoints"] if awarded else [])
    keys = ["rank", who] + (["names"] if has_names else []) + figures
    id_share = 0.22 if kind is EventKind.TEAMS else 0.08
    rest = 1 - 0.07 - id_share - 0.1 * len(figures)
    widths = [width * 0.07, width * (id_share + (0 if has_names else rest))] + \
             ([width * rest] if has_names else []) + [width * 0.1] * len(figures)
    marks = marks or Marks((), options)
    total_format, pct_format = ranking_columns(event, unit, entries, vp_places)
    imps_format = Column.of([e.imps for e in entries], None)
    rows: list[list[Cell]] = [header_row(keys, widths, options, styles)]
    for entry in entries:
        row: list[Cell] = [_marked(marks.total(entry.id, "rank", entry.rank), styles),
                           fit(entry.id, widths[1], styles, "cell")]
        if has_names:
            names = person(entry.names)
            row.append(fit("" if names == entry.id else names, widths[2], styles, "cell"))
        row.append(_marked(marks.total(entry.id, "total", total_format(entry.total)), styles))
        if has_pct:
            row.append(_marked(marks.total(entry.id, "pct", pct_format(entry.pct)), styles))
        if has_imps:
            row.append(_marked(marks.total(entry.id, "imps", imps_format(entry.imps)), styles))
        row.append(str(entry.boards))
        if awarded:
            row.append(fit(str(awards.get(entry.id, "")), widths[len(row)], styles, "cell"))
        rows.append(row)
    zh, en = "排名", "Ranking"
    title = options.label("ranking")
    if ranking.section:
        section = options.labelled("section", ranking.section)
        title += f" — {section}"
        zh, en = f"{zh} — 分区 {ranking.section}", f"{en} — section {ranking.section}"
    if ranking.group in _GROUP:
        side = options.label(_GROUP[ranking.group])
        title += f" — {side}"
        zh, en = f"{zh} — {side.split(' ')[0]}", f"{en} — {ranking.group}"
    table = grid(rows, widths, styles, [("ALIGN", (1, 1), (2 if has_names else 1, -1), "LEFT")])
    return Titled([_title(title, styles)], table, [_cont(zh, en, options, styles)], page_height, space_before=4,
                  keep=False)


# ------------------------------------------------------------------------------------------ teams

def _match_lines(results: EventResults, match: MatchResult
                 ) -> list[tuple[BoardResults, ScoredResult | None, ScoredResult | None]]:
    """The boards of ``match``: each with its Open room (home team North-South) and Closed room."""
    return [(br, board.open, board.closed) for br, board in match_boards(results, match)]


def match_boards(results: EventResults, match: MatchResult) -> list[tuple[BoardResults, MatchBoard]]:
    """The boards of ``match``, each once (:class:`MatchBoard`: both rooms, the IMPs to the home
    team, a board of one room only), with the board's results; a match scored without its boards'
    list (made by hand) has them paired here from the boards' lines."""
    by_number = {br.board.number: br for br in results.boards}
    if match.lines:
        return [(by_number[b.number], b) for b in match.lines if b.number in by_number]
    out = []
    for br in results.boards:
        rooms = match_rooms(br.lines, lambda line: line.result)
        for key, pair in rooms.items():
            if key == (match.round, match.home, match.visit):
                home_ns = pair.get(True)
                out.append((br, MatchBoard(br.board.number, home_ns, pair.get(False),
                                           home_ns.imp_ns if home_ns is not None else None)))
    return out


def match_sheet(results: EventResults, match: MatchResult, options: PrintOptions, styles: Styles,
                width: float, page_height: float, formats: Formats, marks: Marks) -> Flowable:
    """A teams match: board by board each room's contract, declarer, tricks and North-South score,
    the IMPs each way, then the IMP totals and the VPs."""
    where = " ".join(x for x in (f"{options.label('round')} {match.round}" if match.round else "",
                                 f"{options.label('table')} {match.table}" if match.table else "") if x)
    vs = "对" if options.lang is Lang.ZH else "v"
    title = options.labelled('match', f"{match.home} {vs} {match.visit}") + (f"  ({where})" if where else "")
    cont = _cont(f"{match.home} 对 {match.visit}", f"{match.home} v {match.visit}", options, styles)
    boards = match_boards(results, match)
    if not match.boards and all(ln.result.not_played for _, b in boards for ln in (b.open, b.closed) if ln is not None):
        note = styles.para(escape(options.label("not_played")), "body")
        return Titled([_title(title, styles)], grid([[note]], [width], styles, [("BACKGROUND", (0, 0), (-1, 0),
                                                                                 "#ffffff")]),
                      [cont], page_height)
    shares = (0.07, 0.11, 0.06, 0.06, 0.1, 0.11, 0.06, 0.06, 0.1, 0.135, 0.135)
    widths = [s * width for s in shares]
    bam = results.method == "board-a-match"  # board points each way instead of IMPs, no VPs
    top: list[Cell] = [""] + [label_cell(options, "open_room", sum(widths[1:5]), styles), "", "", ""] \
        + [label_cell(options, "closed_room", sum(widths[5:9]), styles), "", "", ""] \
        + [label_cell(options, "board_points" if bam else "imps_won", sum(widths[9:]), styles), ""]
    second = header_row(("board", "contract", "by", "tricks", "ns_score", "contract", "by", "tricks", "ns_score"),
                        widths[:9], options, styles)
    second += [fit(match.home, widths[9], styles, lines=2), fit(match.visit, widths[10], styles, lines=2)]
    data: list[list[Cell]] = [top, second]
    spans: list[StyleCommand] = []
    for br, board in boards:
        number = br.board.number
        row: list[Cell] = [str(number)]
        if board.one_room:  # the missing room says so, over its four cells
            missing = 5 if board.closed is None else 1
            note = fit(options.label("one_room" if board.imps_home is not None else "one_room_uncounted"),
                       sum(widths[missing:missing + 4]), styles, lines=2)
            cells = {1: room_cells(board.open, number, options, styles, marks),
                     5: room_cells(board.closed, number, options, styles, marks)}
            cells[missing] = [note, "", "", ""]
            row += cells[1] + cells[5]
            spans.append(("SPAN", (missing, len(data)), (missing + 3, len(data))))
            row += _imps_of_board(board.imps_home, formats)
        else:
            row += room_cells(board.open, number, options, styles, marks)
            row += room_cells(board.closed, number, options, styles, marks)
            row += imps_each_way(board.open, number, formats, styles, marks)
        data.append(row)
    if bam:
        data.append([fit(options.label("total"), sum(widths[:9]), styles, lines=1)] + [""] * 8
                    + [f"{match.vp_home:g}", f"{match.vp_visit:g}"])
    else:
        imp_format = Column(formats.imp.places)
        data.append([fit(options.label("imp_total"), sum(widths[:9]), styles, lines=1)] + [""] * 8
                    + [imp_format(match.imps_home), imp_format(match.imps_visit)])
        vp_text = vp_format(results.vp_scale)
        scale = vp_scale_title(results, options)
        data.append([fit(options.label("vp") + (f"（{scale}）" if scale and options.lang is Lang.ZH else
                                                f" ({scale})" if scale else ""), sum(widths[:9]), styles, lines=1)]
                    + [""] * 8 + [vp_text(match.vp_home), vp_text(match.vp_visit)])
    last = -1 if bam else -2  # the total rows: board points, or IMPs and VPs
    extra: list[StyleCommand] = [("SPAN", (1, 0), (4, 0)), ("SPAN", (5, 0), (8, 0)), ("SPAN", (9, 0), (10, 0)),
                                 ("BACKGROUND", (0, 1), (-1, 1), SHADE),
                                 *((("SPAN", (0, -2), (8, -2)),) if not bam else ()), ("SPAN", (0, -1), (8, -1)),
                                 ("ALIGN", (0, last), (8, -1), "RIGHT"),
                                 ("BACKGROUND", (0, last), (-1, -1), SHADE), *spans]
    return Titled([_title(title, styles)], grid(data, widths, styles, extra, header_rows=2), [cont], page_height)


def _imps_of_board(gain: float | None, formats: Formats) -> list[Cell]:
    """The IMPs of a board to the home or the visiting team (the winner's column), from the match."""
    if gain is None:
        return ["", ""]
    return [formats.imp(gain) if gain >= 0 else "", formats.imp(-gain) if gain <= 0 else ""]


# ------------------------------------------------------------------------------------ score cards

def score_cards(event: Event, results: EventResults, options: PrintOptions, styles: Styles,
                width: float, progress: Progress = iter, *, marks: Marks | None = None,
                page_height: float | None = None) -> list[Flowable]:
    """A board-by-board personal score card for every pair (or player) of the ranking."""
    matchpoints = results.method == "matchpoints"
    individual = results.kind is EventKind.INDIVIDUAL
    page_height = page_height if page_height is not None else frame_size(options)[1]
    marks = marks or Marks((), options)
    formats = Formats(event, results.boards)
    figure = ["mp", "pct"] if matchpoints else ["imps"]
    if individual:  # who sat with and against the player, board by board
        keys = ["board", "vul", "side", "partner", "opponents", "contract", "by", "tricks", "score"] + figure
        shares = [0.055, 0.12, 0.055, 0.17, 0.12, 0.09, 0.05, 0.05, 0.09] + [0.2 / len(figure)] * len(figure)
    else:
        keys = ["board", "vul", "side", "opponents", "contract", "by", "tricks", "score"] + figure
        shares = [0.06, 0.13, 0.07, 0.17, 0.11, 0.06, 0.06, 0.1] + [0.24 / len(figure)] * len(figure)
    fixed_columns = len(keys) - len(figure)  # the columns the total row spans
    widths = [width * s for s in shares]
    header = header_row(keys, widths, options, styles)
    entries = {e.id: e for r in results.rankings for e in r.entries}
    total_format, pct_format = ranking_columns(event, "MP" if matchpoints else "IMP", list(entries.values()))
    story: list[Flowable] = []
    for ident in progress(list(entries)):
        rows: list[list[Cell]] = [list(header)]
        total = 0.0
        for br in results.boards:
            for line in br.lines:
                result = line.result
                side = _side_of(ident, result, individual)
                if not side:
                    continue
                number = br.board.number
                opponents = result.ew if side == "NS" else result.ns
                score = line.score_ns if line.score_ns is None or side == "NS" else -line.score_ns
                score_cell = _marked(marks.score(number, result, side, score), styles)
                if matchpoints:
                    mp = line.mp_ns if side == "NS" else line.mp_ew
                    pct = line.pct_ns if side == "NS" else line.pct_ew
                    total += mp or 0
                    figures: list[Cell] = [
                        _marked(marks.line(number, result, "mp", side, formats.mp(mp)), styles),
                        _marked(marks.line(number, result, "pct", side, formats.pct(pct)), styles)]
                else:
                    imp = line.imp_ns if side == "NS" else line.imp_ew
                    total += imp or 0
                    figures = [_marked(marks.line(number, result, "imp", side, formats.imp(imp)), styles)]
                contract, by, tricks = result_cells(result, options, styles, formats.phantoms)
                vulnerability = br.board.vulnerability or Vulnerability.NONE
                who: list[Cell]
                if individual:
                    partner, against = _partner_and_opponents(ident, result)
                    who = [fit(_player(event, partner, options, formats.phantoms), widths[3], styles, lines=2),
                           fit(" – ".join(seat_holder(p, options, formats.phantoms) for p in against if p),
                               widths[4], styles, lines=2)]
                else:
                    who = [fit(seat_holder(opponents, options, formats.phantoms), widths[3], styles)]
                rows.append([str(number), fit(options.vulnerability(vulnerability), widths[1], styles, lines=2),
                             side_name(side, options), *who, contract, by, tricks, score_cell] + figures)
        if len(rows) == 1:
            continue
        names = person(event.names_of(ident))
        title = options.labelled('score_card', ident) + (f" — {names}" if names and names != ident else "")
        entry = entries.get(ident)  # its total: the ranking's (the file's conventions: rounding, factoring, penalties)
        total_row: list[Cell] = [fit(options.label("total"), sum(widths[:fixed_columns]), styles, lines=1)] \
            + [""] * (fixed_columns - 1) + [total_format(entry.total if entry is not None else total)]
        if matchpoints:
            total_row.append(pct_format(entry.pct) if entry is not None else "")
        rows.append(total_row)
        last = fixed_columns - 1
        extra: list[StyleCommand] = [("BACKGROUND", (0, -1), (-1, -1), SHADE), ("SPAN", (0, -1), (last, -1)),
                                     ("ALIGN", (0, -1), (last, -1), "RIGHT")]
        cont = _cont(f"{options.label('score_card').split(' ')[0]}：{ident}",
                     f"Score card: {ident}", options, styles)
        story.append(Titled([_title(title, styles)], grid(rows, widths, styles, extra), [cont], page_height))
    return story


def _partner_and_opponents(ident: str, result: TableResult) -> tuple[str, tuple[str, str]]:
    """In an individual event: the player's partner and the two opponents (North's side first)."""
    players = result.players
    if len(players) != 4 or ident not in players:  # the file names the pairs only
        return "", (result.ew if result.ns == ident else result.ns, "")
    seat = players.index(ident)
    return players[(seat + 2) % 4], (players[(seat + 1) % 4], players[(seat + 3) % 4])


def _player(event: Event, ident: str, options: PrintOptions, phantoms: frozenset[str]) -> str:
    """A player as a score card names a partner: the number and the name (``12 Anna Berg``)."""
    if not ident:
        return ""
    holder = seat_holder(ident, options, phantoms)
    names = person(event.names_of(ident))
    return f"{holder} {names}" if holder == ident and names and names != ident else holder


def _side_of(ident: str, result: TableResult, individual: bool) -> str:
    """'NS' or 'EW' when ``ident`` (pair, team or player) sat in this result, else ''."""
    players = result.players
    if individual and len(players) == 4:  # N, E, S, W player ids
        return "NS" if ident in (players[0], players[2]) else "EW" if ident in (players[1], players[3]) else ""
    return "NS" if result.ns == ident else "EW" if result.ew == ident else ""


# ---------------------------------------------------------------------------------------- the sheet

def results_story(event: Event, results: EventResults, options: PrintOptions, *, cards: bool = True,
                  progress: Progress = iter, notes: Sequence[str] = (), figures: str = "ours") -> list[Flowable]:
    """The results sheet; ``notes`` (e.g. the director's corrections applied) are printed under the
    title, then what differs from the file's own figures; ``figures`` 'file' prints the file's."""
    styles = Styles(9)
    width, height = frame_size(options)
    marks = Marks(results.differences, options, figures)
    title = options.labelled('results', event.name).rstrip("：: ")
    intro: list[Flowable] = [styles.para(free_text(title), "title"),
                             *(styles.para(free_text(note), "small") for note in notes)]
    intro += [styles.para(free_text(line), "small") for line in event_basis(event, results, options)]
    if event.left_out:
        intro.append(styles.text(event.left_out_note, "body"))
    if marks.note():
        intro.append(styles.para(marks.note(), "small"))
    if damaged_note(results, options):
        intro.append(styles.para(damaged_note(results, options), "small"))
    story: list[Flowable] = []
    for ranking in results.rankings:
        story.append(ranking_table(ranking, results.kind, options, styles, width, height, event, marks,
                                   0 if results.vp_scale and scale_of(results.vp_scale).whole else 2))
    if results.kind is EventKind.TEAMS:
        formats = Formats(event, results.boards)
        if results.matches:
            story += vp_table(results, options, width, height)
            story += [match_sheet(results, m, options, styles, width, height, formats, marks)
                      for m in results.matches]
    elif cards:
        story += score_cards(event, results, options, styles, width, progress, marks=marks, page_height=height)
    return lead_in(intro, story)


def write_results_pdf(event: Event, results: EventResults, path: str | Path, *, paper: str = "a4",
                      lang: str = "both", cards: bool = True, progress: Progress = iter,
                      notes: Sequence[str] = (), figures: str = "ours") -> int:
    """Write the results sheet of ``event`` (rankings, matches, score cards; ``notes`` under the
    title; ``figures`` 'ours' or 'file'); return the pages."""
    options = PrintOptions.of(paper, lang)
    header = PageHeader(options.label("results"), event.name, event.date)
    return build_document(path, results_story(event, results, options, cards=cards, progress=progress,
                                              notes=notes, figures=figures), header, options)
