"""A page per movement, readable on a phone, so that players can see where they go: the movement's
name and what the director tells the room, each pair's (team's) route round by round (its table and
direction, its opponents, its boards; folded, one pair a fold, found by its number), the whole table
of rounds × tables (scrolling sideways on a narrow screen), and its balance figures
(:func:`rules_ext.core.movements.balance`).

The page is rendered from ``events/movement.html.jinja`` (the project's templates folder first,
then the package's, as the event's pages are) on the event pages' base template and stylesheet, and
comes back as ``{relative path: text}`` for the caller to write: ``movement.html`` and the
stylesheet.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from rules_ext.core.movements import Movement, Seating, balance
from rules_ext.corpus.printed import chinese_date
from rules_ext.event_site.pages import STYLESHEET, environment, stylesheet

#: the page's file name in the folder
PAGE = "movement.html"


@dataclass(frozen=True, slots=True)
class _Site:
    """What the base template asks of a publication (the site it is in: none here)."""

    site: tuple[str, str] | None = None


@dataclass(frozen=True, slots=True)
class _Event:
    date: str = ""


def _words(lang: str, zh: str, en: str) -> str:
    return en if lang == "en" else zh


def _who(m: Movement, who: int | None, lang: str) -> str:
    if who is None or who == m.phantom:
        return _words(lang, "轮空", "sit-out")
    name = m.name_of(who)
    return f"{who} {name}" if name else str(who)


def _table(s: Seating, lang: str) -> str:
    room = {"open": _words(lang, "开室", "open"), "closed": _words(lang, "闭室", "closed")}.get(s.room, "")
    return f"{s.section}{s.table}" + (f" {room}" if room else "")


def _span(low_high: tuple[int, int]) -> str:
    """``9`` when the least and the most are one figure, else ``7–9``."""
    low, high = low_high
    return str(low) if low == high else f"{low}–{high}"


def _meta(m: Movement, lang: str) -> str:
    who = len(m.participants)
    if lang == "en":
        return (f"{m.tables} tables · {m.rounds} rounds of {m.boards_per_round} boards · {len(m.boards)} boards in play"
                f" · {who} {'teams' if m.teams else 'pairs'}")
    return f"{m.tables}桌 · {m.rounds}轮，每轮{m.boards_per_round}副 · 在用{len(m.boards)}副牌 · {who}{'队' if m.teams else '对'}"


def movement_pages(movement: Movement, *, event: str = "", date: str = "", lang: str = "zh",
                   template_folders: Iterable[Path] = ()) -> dict[str, str]:
    """The movement's page and the stylesheet, as ``{path: text}``."""
    m = movement
    b = balance(m) if not m.teams else None
    routes = []
    for who in m.participants:
        rows = []
        for s in m.of(who):
            side = s.seat_of(who)
            against = s.ew if side == "NS" else s.ns
            sits = m.sits_out(s)
            rows.append({"round": s.round, "table": _table(s, lang),
                         "side": _words(lang, "南北" if side == "NS" else "东西", side),
                         "against": _who(m, against, lang), "boards": "" if sits else m.set_text(s.set),
                         "sits": sits, "switched": s.switched})
        routes.append({"who": who, "name": m.name_of(who), "rows": rows})
    places = sorted({s.place for s in m.seatings}, key=lambda p: (p[0], p[1], p[2] != "open"))
    grid = []
    for r in range(1, m.rounds + 1):
        cells: list[dict[str, object]] = []
        for place in places:
            here = m.at(r, place[1], place[0], place[2])
            if here is None:
                cells.append({"text": "", "boards": ""})
            else:
                cells.append({"text": f"{_who(m, here.ns, lang)}–{_who(m, here.ew, lang)}",
                              "boards": "" if m.sits_out(here) else m.set_text(here.set), "switched": here.switched})
        grid.append({"round": r, "cells": cells})
    figures = None
    if b is not None:
        figures = {"percent": f"{b.percent:.0f}", "sd": f"{b.sd:.2f}", "mean": f"{b.mean:.2f}",
                   "least": f"{b.least:.0%}", "most": f"{b.most:.0%}", "played": b.played,
                   "played_text": _span(b.played),
                   "fields": [{"side": _words(lang, "南北" if f.direction == "NS" else "东西", f.direction),
                               "compared": _span(f.compared), "meetings": _span(f.meetings)} for f in b.fields]}
    name = m.name_en if lang == "en" else m.name
    note = m.note[1] if lang == "en" else m.note[0]
    env = environment(template_folders)
    html = env.get_template("events/movement.html.jinja").render(
        here=PAGE, root="", up="", pub=_Site(), event=_Event(date), lang=lang, script="hans", other_script="",
        html_lang="en" if lang == "en" else "zh-Hans", stylesheet=STYLESHEET, title_event=event or name,
        event_date=date if lang == "en" else chinese_date(date or ""), words=lambda zh, en: _words(lang, zh, en),
        movement=m, name=name, note=note, meta=_meta(m, lang), teams=m.teams, winners=m.winners,
        routes=routes, places=[f"{p[0]}{p[1]}" + (f" {_words(lang, '开', 'open') if p[2] == 'open' else _words(lang, '闭', 'closed')}"
                                                    if p[2] else "") for p in places],
        grid=grid, figures=figures)
    return {PAGE: html, STYLESHEET: stylesheet()}
