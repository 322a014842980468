"""The results of an event of several sessions: the overall ranking (each session's total beside it,
what the earlier sessions carry), then each session's own results sheet (:mod:`rules_ext.pdf.results`),
each from a new page. ``results S1 S2 … -o r.pdf`` calls :func:`write_sessions_pdf`."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.platypus import Flowable, PageBreak

from rules_ext.events.model import EventKind
from rules_ext.events.scoring.sessions import OverallRanking, SeveralSessions
from rules_ext.events.words import carry_over_note, say, session_label
from rules_ext.pdf.layout import Cell, PageHeader, PrintOptions, Progress, Styles, build_document, frame_size
from rules_ext.pdf.results import results_story
from rules_ext.pdf.sheets import Column, Titled, fit, fit_label, free_text, grid, header_row, person, ranking_columns

__all__ = ["overall_columns", "overall_table", "sessions_story", "write_sessions_pdf"]


def _session_label(number: int, options: PrintOptions) -> str:
    return session_label(number, options.lang)


def overall_columns(event: SeveralSessions, ranking: OverallRanking) -> tuple[list[Column], Column, Column]:
    """How an overall ranking is printed (the sheet and the pages alike): each session's totals as
    that session's ranking prints them, the carried and overall totals with the most decimals of
    those (more where a carry-over share needs them, up to 2; VPs 2), the percentage as the last
    session's ranking prints it."""
    unit = ranking.unit
    sessions = [ranking_columns(s.event, unit, [e for r in s.results.rankings for e in r.entries])[0]
                for s in event.sessions]
    need = Column.of([x for e in ranking.entries for x in (e.carried, e.total)]).places
    total = Column(2 if unit == "VP" else max(need, *(f.places for f in sessions)))
    return sessions, total, ranking_columns(event.sessions[-1].event, unit, [])[1]


def overall_table(event: SeveralSessions, ranking: OverallRanking, options: PrintOptions, styles: Styles,
                  width: float, page_height: float) -> Flowable:
    """The overall ranking: rank, who, names, each session's total, carried, total, % (matchpoints),
    boards (matches)."""
    unit = ranking.unit
    sessions = event.sessions
    who = {EventKind.TEAMS: "team", EventKind.INDIVIDUAL: "player"}.get(event.kind, "pair")
    has_names = any(e.names and person(e.names) != e.id for e in ranking.entries)
    mp = unit == "MP"
    figures = len(sessions) + 2 + mp + 1
    id_share = 0.18 if event.kind is EventKind.TEAMS else 0.07
    rest = max(0.12, 1 - 0.07 - id_share - 0.085 * figures)
    widths = [width * 0.07, width * (id_share + (0 if has_names else rest))] + ([width * rest] if has_names else []) \
        + [width * 0.085] * figures
    session_formats, total_format, pct_format = overall_columns(event, ranking)
    head: list[Cell] = header_row(["rank", who] + (["names"] if has_names else []), widths[:2 + has_names], options,
                                  styles)
    at = 2 + has_names
    head += [fit_label(_session_label(s.number, options), widths[at + i], styles) for i, s in enumerate(sessions)]
    at += len(sessions)
    keys = ["carried", {"MP": "mp", "IMP": "imps", "VP": "vp"}.get(unit, "total")] + (["pct"] if mp else []) \
        + ["matches" if unit == "VP" else "boards"]
    head += header_row(keys, widths[at:], options, styles)
    rows: list[list[Cell]] = [head]
    for e in ranking.entries:
        row: list[Cell] = [e.rank, fit(e.id, widths[1], styles, "cell")]
        if has_names:
            names = person(e.names)
            row.append(fit("" if names == e.id else names, widths[2], styles, "cell"))
        row += [session_formats[i](t) if t is not None else "–" for i, t in enumerate(e.sessions)]
        row += [total_format(e.carried), total_format(e.total)] + ([pct_format(e.pct)] if mp else []) + [str(e.boards)]
        rows.append(row)
    title = options.label("overall") + (f" — {options.label('ns_pair' if ranking.group == 'NS' else 'ew_pair')}"
                                        if ranking.group else "")
    table = grid(rows, widths, styles, [("ALIGN", (1, 1), (2 if has_names else 1, -1), "LEFT")])
    return Titled([styles.para(free_text(title), "heading")], table, [], page_height, space_before=4, keep=False)


def sessions_story(event: SeveralSessions, options: PrintOptions, *, cards: bool = True, progress: Progress = iter,
                   notes: Sequence[str] = (), figures: str = "ours") -> list[Flowable]:
    """The overall page(s), then each session's results sheet from a new page."""
    styles = Styles(9)
    width, height = frame_size(options)
    first = event.sessions[0].event
    title = options.labelled("results", first.name).rstrip("：: ")
    carry = event.carry_over
    note = say(*carry_over_note(len(event.sessions), carry.name, carry.why), options.lang)
    story: list[Flowable] = [styles.para(free_text(title), "title"), styles.para(free_text(note), "small")]
    for s in event.sessions:
        story.append(styles.para(free_text(f"{_session_label(s.number, options)}: {s.name} ({Path(s.event.source).name})"),
                                 "small"))
    story += [styles.para(free_text(n), "small") for n in (*notes, *event.notes)]
    story += [overall_table(event, ranking, options, styles, width, height) for ranking in event.overall]
    for s in event.sessions:
        story.append(PageBreak())
        story += results_story(s.event, s.results, options, cards=cards, progress=progress, figures=figures,
                               notes=[f"{_session_label(s.number, options)}: {Path(s.event.source).name}"])
    return story


def write_sessions_pdf(event: SeveralSessions, path: str | Path, *, paper: str = "a4", lang: str = "both",
                       cards: bool = True, progress: Progress = iter, notes: Sequence[str] = (),
                       figures: str = "ours") -> int:
    """Write the results of an event of several sessions; return the pages."""
    options = PrintOptions.of(paper, lang)
    first = event.sessions[0].event
    header = PageHeader(options.label("results"), first.name, first.date)
    return build_document(path, sessions_story(event, options, cards=cards, progress=progress, notes=notes,
                                               figures=figures), header, options)
