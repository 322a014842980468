"""Results sheets: rankings (pairs, individual, teams), teams matches, and personal score cards.

``write_results_pdf(event, results, path, **opts)`` is what ``python -m rules_ext results EVENT.pbn
-o r.pdf`` calls: the ranking(s) first (rank with ties, pair/team/player, names, total, %), then for
teams the matches (IMPs each side, VPs) and the board-by-board IMPs, and for pairs and individual
events a personal score card for each participant (board, direction, opponents, contract, by,
tricks, score, matchpoints or IMPs, %), each on its own block.
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.platypus import Flowable, KeepTogether, PageBreak, Spacer, Table, TableStyle

from rules_ext.core import Vulnerability
from rules_ext.pbn.model import Event, EventKind, TableResult
from rules_ext.pbn.report import contract_text
from rules_ext.pbn.results_model import EventResults, Ranking, ScoredResult
from rules_ext.pbn.teams import match_of
from rules_ext.pdf.figures import fmt_number, fmt_pct
from rules_ext.pdf.layout import (
    SHADE,
    Cell,
    PageHeader,
    PrintOptions,
    Progress,
    StyleCommand,
    Styles,
    build_document,
    contract_markup,
    frame_size,
)
from rules_ext.pdf.traveller import TABLE_STYLE

_GROUP = {"NS": "ns_pair", "EW": "ew_pair"}


def _table(data: list[list[Cell]], widths: list[float], styles: Styles,
           extra: Sequence[StyleCommand] = ()) -> Table:
    table = Table(data, colWidths=widths, repeatRows=1)
    table.setStyle(TableStyle(TABLE_STYLE + [("FONTNAME", (0, 0), (-1, -1), styles.font),
                                        ("FONTSIZE", (0, 1), (-1, -1), styles.cell.fontSize)]
                              + list(extra)))
    return table


def ranking_table(ranking: Ranking, kind: EventKind, options: PrintOptions, styles: Styles,
                  width: float) -> list[Flowable]:
    """A ranking: rank (ties as ``3=``), id, names (when they say more than the id), total, %
    (or the IMP balance for a VP ranking), boards played (matches played, for a VP ranking)."""
    unit = ranking.unit
    entries = ranking.entries
    who = {EventKind.TEAMS: "team", EventKind.INDIVIDUAL: "player"}.get(kind, "pair")
    total_label = {"MP": "mp", "IMP": "imps", "VP": "vp"}.get(unit, "total")
    has_names = any(e.names and e.names != e.id for e in entries)
    has_pct = any(e.pct is not None for e in entries)
    has_imps = any(e.imps is not None for e in entries) and unit == "VP"
    played = "matches" if unit == "VP" else "boards"
    figures = [total_label] + (["pct"] if has_pct else []) + (["imps"] if has_imps else []) + [played]
    keys = ["rank", who] + (["names"] if has_names else []) + figures
    rows: list[list[Cell]] = [[styles.para(options.label(k), "cell_center") for k in keys]]
    places = 2 if any(e.total != int(e.total) for e in entries) else 0
    for entry in entries:
        row: list[Cell] = [entry.rank, styles.text(entry.id, "cell")]
        if has_names:
            row.append(styles.text("" if entry.names == entry.id else entry.names or "", "cell"))
        row.append(f"{entry.total:.{places}f}")
        if has_pct:
            row.append(fmt_pct(entry.pct))
        if has_imps:
            row.append(fmt_number(entry.imps))
        row.append(str(entry.boards))
        rows.append(row)
    id_share = 0.25 if kind is EventKind.TEAMS else 0.08
    rest = 1 - 0.08 - id_share - 0.1 * len(figures)
    widths = [width * 0.08, width * (id_share + (0 if has_names else rest))] + \
             ([width * rest] if has_names else []) + [width * 0.1] * len(figures)
    title = options.label("ranking")
    if ranking.group in _GROUP:
        title += f" — {options.label(_GROUP[ranking.group])}"
    return [styles.para(title, "heading"),
            _table(rows, widths, styles, [("ALIGN", (1, 1), (2 if has_names else 1, -1), "LEFT")]),
            Spacer(1, 10)]


def matches_table(results: EventResults, options: PrintOptions, styles: Styles, width: float
                  ) -> list[Flowable]:
    """Teams: each match with IMPs and VPs."""
    keys = ["table", "team", "imps", "vp", "team", "imps", "vp", "boards"]
    rows: list[list[Cell]] = [[styles.para(options.label(k), "cell_center") for k in keys]]
    for m in results.matches:
        rows.append([m.table, styles.text(m.home, "cell_center"), fmt_number(m.imps_home),
                     fmt_number(m.vp_home), styles.text(m.visit, "cell_center"),
                     fmt_number(m.imps_visit), fmt_number(m.vp_visit), str(m.boards)])
    widths = [width * w for w in (0.08, 0.25, 0.09, 0.09, 0.25, 0.09, 0.09, 0.06)]
    return [styles.para(options.label("match"), "heading"), _table(rows, widths, styles),
            Spacer(1, 10)]


def teams_boards_table(results: EventResults, options: PrintOptions, styles: Styles, width: float
                       ) -> list[Flowable]:
    """Teams: per board the contract and score in each room and the IMPs to the home side."""
    keys = ["board", "table", "open", "score_ns", "closed", "score_ns", "imp_home"]
    rows: list[list[Cell]] = [[styles.para(options.label(k), "cell_center") for k in keys]]
    for br in results.boards:
        by_table: dict[str, dict[str, ScoredResult]] = {}
        for line in br.lines:
            seated = match_of(line.result)  # the Open room is where the home team sits North-South
            room = ("open" if seated[1] else "closed") if seated else ""
            slot = by_table.setdefault(line.result.table or "", {})
            slot[room or f"room{len(slot)}"] = line
        for table, rooms in by_table.items():
            lines = [rooms.get("open"), rooms.get("closed")]
            others = [v for k, v in rooms.items() if k not in ("open", "closed")]
            lines = [x if x is not None else (others.pop(0) if others else None) for x in lines]
            imp = next((ln.imp_ns for ln in lines if ln is not None and ln.imp_ns is not None), None)
            row: list[Cell] = [str(br.board.number), table]
            for in_room in lines:
                row += [_contract_cell(in_room, styles), "" if in_room is None or in_room.score_ns is None
                        else str(in_room.score_ns)]
            row.append(fmt_number(imp))
            rows.append(row)
    widths = [width * w for w in (0.08, 0.08, 0.22, 0.12, 0.22, 0.12, 0.12)]
    return [styles.para(f"{options.label('board')} — {options.label('imps')}", "heading"),
            _table(rows, widths, styles), Spacer(1, 10)]


def _contract_cell(line: ScoredResult | None, styles: Styles, *, full: bool = True) -> Cell:
    if line is None:
        return ""
    result = line.result
    if result.artificial is not None or result.weighted is not None:  # A+, A+/A+; 60% 620 + 40% 170
        return contract_text(result)
    if result.not_played or result.contract is None:
        return "—"
    if not full:
        return styles.para(contract_markup(result.contract), "cell_center")
    by = result.declarer.name if result.declarer else ""
    tricks = "" if result.tricks is None else f" {result.tricks}"
    return styles.para(f"{contract_markup(result.contract)} {by}{tricks}", "cell_center")


def score_cards(event: Event, results: EventResults, options: PrintOptions, styles: Styles,
                width: float, progress: Progress = iter) -> list[Flowable]:
    """A board-by-board personal score card for every pair (or player) of the ranking."""
    matchpoints = results.method == "matchpoints"
    figure = ["mp", "pct"] if matchpoints else ["imps"]
    keys = ["board", "vul", "opponents", "contract", "by", "tricks", "score"] + figure
    ids = [e.id for r in results.rankings for e in r.entries]
    story: list[Flowable] = []
    for ident in progress(ids):
        rows: list[list[Cell]] = [[styles.para(options.label(k), "cell_center") for k in keys]]
        total = 0.0
        for br in results.boards:
            for line in br.lines:
                result = line.result
                side = _side_of(ident, result)
                if not side:
                    continue
                opponents = result.ew if side == "NS" else result.ns
                score = line.score_ns if line.score_ns is None or side == "NS" else -line.score_ns
                if matchpoints:
                    mp = line.mp_ns if side == "NS" else line.mp_ew
                    pct = line.pct_ns if side == "NS" else line.pct_ew
                    total += mp or 0
                    figures = [fmt_number(mp), fmt_pct(pct)]
                else:
                    imp = line.imp_ns if side == "NS" else line.imp_ew
                    total += imp or 0
                    figures = [fmt_number(imp)]
                vulnerability = br.board.vulnerability or Vulnerability.NONE
                rows.append([str(br.board.number), options.vulnerability(vulnerability),
                             f"{opponents} ({'EW' if side == 'NS' else 'NS'})",
                             _contract_cell(line, styles, full=False),
                             result.declarer.name if result.declarer else "",
                             "" if result.tricks is None else str(result.tricks),
                             "" if score is None else f"{score:+d}" if score else "0"] + figures)
        if len(rows) == 1:
            continue
        names = event.names_of(ident)
        title = f"{options.label('score_card')}: {ident}" + (f" — {names}" if names else "")
        widths = [width * w for w in (0.07, 0.13, 0.2, 0.13, 0.07, 0.08, 0.1)] + \
                 [width * (0.22 / len(figure))] * len(figure)
        total_row: list[Cell] = [options.label("total")] + [""] * (len(keys) - len(figure) - 1) + \
                    [fmt_number(total)] + [""] * (len(figure) - 1)
        rows.append(total_row)
        story.append(KeepTogether([styles.text(title, "heading"),
                                   _table(rows, widths, styles,
                                          [("BACKGROUND", (0, -1), (-1, -1), SHADE)]),
                                   Spacer(1, 10)]))
    return story


def _side_of(ident: str, result: TableResult) -> str:
    """'NS' or 'EW' when ``ident`` (pair, team or player) sat in this result, else ''."""
    players = result.players
    if len(players) == 4:  # individual: N, E, S, W player ids
        return "NS" if ident in (players[0], players[2]) else "EW" if ident in (players[1], players[3]) else ""
    return "NS" if result.ns == ident else "EW" if result.ew == ident else ""


def results_story(event: Event, results: EventResults, options: PrintOptions, *, cards: bool = True,
                  progress: Progress = iter, notes: Sequence[str] = ()) -> list[Flowable]:
    """The results sheet; ``notes`` (e.g. the director's corrections applied) are printed under the title."""
    styles = Styles(9)
    width, _ = frame_size(options)
    title = f"{options.label('results')}: {event.name}".rstrip(": ")
    story: list[Flowable] = [styles.text(title, "title"), *(styles.text(note, "small") for note in notes)]
    if event.left_out:
        story.append(styles.text(event.left_out_note, "body"))
    for ranking in results.rankings:
        story += ranking_table(ranking, results.kind, options, styles, width)
    if results.kind is EventKind.TEAMS:
        if results.matches:
            story += matches_table(results, options, styles, width)
        story += teams_boards_table(results, options, styles, width)
    elif cards:
        story.append(PageBreak())
        story += score_cards(event, results, options, styles, width, progress)
    return story


def write_results_pdf(event: Event, results: EventResults, path: str | Path, *, paper: str = "a4",
                      lang: str = "both", cards: bool = True, progress: Progress = iter,
                      notes: Sequence[str] = ()) -> int:
    """Write the results sheet of ``event`` (rankings, matches, score cards; ``notes`` under the
    title); return the pages."""
    options = PrintOptions.of(paper, lang)
    header = PageHeader(options.label("results"), event.name, event.date)
    return build_document(path, results_story(event, results, options, cards=cards,
                                              progress=progress, notes=notes), header, options)
