"""An event of several sessions as pages: each session's pages as a single event's, in its own folder
(``session-1/``, ``session-2/``, …), and above them the overall ranking (what the earlier sessions
carry, each session's total, the overall total: :mod:`rules_ext.events.scoring.sessions`) with a
page per pair, player or team of its results across the sessions. Every page of the event shows
the same tabs (第1节 · 第2节 · 总排名), a session's card links the participant's other sessions and
its overall results, and "this is me" is one choice for the whole event. The figures are printed as
the overall sheet prints them (:func:`rules_ext.pdf.sessions.overall_columns`).
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from markupsafe import Markup, escape

from rules_ext.corpus.printed import chinese_date
from rules_ext.event_site import words
from rules_ext.event_site.pages import DOWNLOAD_WORDS, Publication, _Pages, _slug, environment
from rules_ext.events.model import EventKind
from rules_ext.events.scoring.sessions import OverallEntry, OverallRanking, SeveralSessions
from rules_ext.pdf.layout import Lang
from rules_ext.pdf.sessions import overall_columns
from rules_ext.pdf.sheets import person, ranking_columns

__all__ = ["SessionPlace", "folder_of", "overall_pages", "session_places"]


def folder_of(number: int) -> str:
    """The folder of session ``number``'s pages, from the overall pages' root."""
    return f"session-{number}/"


@dataclass(frozen=True)
class SessionPlace:
    """Where a page of an event of several sessions is: ``number`` its session (0: the overall
    pages, at the root), ``count`` the sessions, ``played`` each participant's sessions, ``key``
    the event's one key for "this is me"."""

    number: int
    count: int
    played: Mapping[str, tuple[int, ...]]
    key: str

    @property
    def top(self) -> str:
        """From this page set's root to the overall pages' root."""
        return "../" if self.number else ""

    def nav(self, root: str, pages: Any) -> list[dict[str, object]]:
        """The tabs on every page (``pages``' words): each session's ranking, then the overall ranking."""
        tabs: list[dict[str, object]] = [
            {"href": f"{root}{self.top}{folder_of(n)}index.html", "text": pages.page_word("session", n=n),
             "here": n == self.number} for n in range(1, self.count + 1)]
        tabs.append({"href": f"{root}{self.top}index.html", "text": pages.label("overall"), "here": self.number == 0})
        return tabs

    def across(self, ident: str, folder: str, slug: str, root: str, word: Callable[..., Markup]
               ) -> list[dict[str, object]]:
        """A session's card's links to the participant's cards of the other sessions it played and
        to its overall results."""
        links: list[dict[str, object]] = [
            {"href": f"{root}{self.top}{folder_of(n)}{folder}/{slug}.html", "text": word("session", n=n),
             "here": n == self.number} for n in self.played.get(ident, ())]
        links.append({"href": f"{root}{self.top}{folder}/{slug}.html", "text": word("overall_card"), "here": False})
        return links


def session_places(several: SeveralSessions) -> list[SessionPlace]:
    """The place of the overall pages (first) and of each session's pages."""
    played: dict[str, list[int]] = {}
    for s in several.sessions:
        for ident in dict.fromkeys(e.id for r in s.results.rankings for e in r.entries):
            played.setdefault(ident, []).append(s.number)
    first = several.sessions[0].event
    key = hashlib.sha256("\0".join([first.name, first.date, several.kind.value, "sessions"]
                                   + [Path(s.event.source).stem for s in several.sessions]).encode()).hexdigest()[:16]
    frozen = {ident: tuple(numbers) for ident, numbers in played.items()}
    count = len(several.sessions)
    return [SessionPlace(n, count, frozen, key) for n in range(count + 1)]


class _Overall:
    """The overall pages in one script, rendered on the pages of the first session (its words,
    templates and head) placed at the root."""

    def __init__(self, several: SeveralSessions, pub: Publication, place: SessionPlace,
                 template_folders: Iterable[Path]) -> None:
        self.several = several
        self.place = place
        self.pages = _Pages(replace(pub, session=place, assets=""), environment(template_folders))
        self.kind = several.kind
        self.folder = {EventKind.TEAMS: "teams", EventKind.INDIVIDUAL: "players"}.get(self.kind, "pairs")
        self.who = {EventKind.TEAMS: "team", EventKind.INDIVIDUAL: "player"}.get(self.kind, "pair")
        self.entries: dict[str, tuple[OverallEntry, OverallRanking]] = {
            e.id: (e, r) for r in several.overall for e in r.entries}
        #: what each session counts for (the carry-over share; the last whole), as the ranking counted it
        self.weights = next((e.weights for r in several.overall for e in r.entries), ())
        #: each session's own ranking entry of each participant
        self.session_entries = [{e.id: e for r in s.results.rankings for e in r.entries} for s in several.sessions]

    def _link(self, ident: str, names: str, root: str) -> Markup:
        inside = Markup('<span class="id">') + escape(ident) + Markup("</span>")
        who = person(names)
        if who and who != ident:
            inside += Markup(' <span class="names">') + escape(who) + Markup("</span>")
        return Markup(f'<a class="tap" href="{escape(root + self.folder + "/" + _slug(ident) + ".html")}">') \
            + inside + Markup("</a>")

    def _session_href(self, number: int, ident: str, root: str) -> str:
        return f"{root}{folder_of(number)}{self.folder}/{_slug(ident)}.html"

    def _notes(self) -> list[Markup]:
        """Who missed a counting session, whose names differ between sessions: in the pages' words."""
        p = self.pages
        notes = []
        for ident, (e, _) in self.entries.items():
            for n, (total, weight) in enumerate(zip(e.sessions, e.weights), start=1):
                if total is None and weight:
                    notes.append(p.page_word("missed", who=f"{p.text(self.who)} {ident}", n=n))
        for ident, (e, _) in self.entries.items():
            for n, found in enumerate(self.session_entries, start=1):
                entry = found.get(ident)
                if entry is not None and entry.names and e.names and entry.names != e.names:
                    notes.append(p.page_word("renamed", who=f"{p.text(self.who)} {ident}", n=n,
                                             names=person(entry.names)))
        return notes

    def index(self, downloads: list[dict[str, object]]) -> str:
        p = self.pages
        root = ""
        rankings = []
        for ranking in self.several.overall:
            session_formats, total_format, pct_format = overall_columns(self.several, ranking)
            mp = ranking.unit == "MP"
            rows = []
            for e in ranking.entries:
                cells = [{"text": session_formats[i](t), "href": self._session_href(i + 1, e.id, root)}
                         if t is not None else {"text": "–", "href": ""} for i, t in enumerate(e.sessions)]
                rows.append({"rank": e.rank, "position": e.position, "id": e.id, "who": self._link(e.id, e.names, root),
                             "search": " ".join((e.id, person(e.names))).lower(), "sessions": cells,
                             "carried": total_format(e.carried), "total": total_format(e.total),
                             "pct": pct_format(e.pct) if mp and e.pct is not None else "", "boards": e.boards})
            group = {"NS": "ns_pair", "EW": "ew_pair"}.get(ranking.group)
            rankings.append({"group": p.label(group) if group else "", "key": ranking.group or "all",
                             "group_text": p.text(group) if group else "", "rows": rows, "pct": mp,
                             "total": p.heading({"MP": "mp", "IMP": "imps", "VP": "vp"}.get(ranking.unit, "total")),
                             "played": p.heading("matches" if ranking.unit == "VP" else "boards")})
        title = self.pages.event.name
        sessions = [{"number": s.number, "name": s.name if s.name != title else "",
                     "date": chinese_date(s.event.date or "") if p.lang is not Lang.EN else s.event.date,
                     "href": f"{folder_of(s.number)}index.html",
                     "weight": _share(self.weights[s.number - 1]) if self.weights else ""}
                    for s in self.several.sessions]
        return p.render("events/overall.html.jinja", "index.html", sentence=words.sessions_sentence(self.several),
                        rankings=rankings, sessions=sessions, notes=self._notes(), who=p.heading(self.who),
                        downloads=downloads)

    def participant(self, ident: str) -> str:
        p = self.pages
        root = "../"
        e, ranking = self.entries[ident]
        session_formats, total_format, pct_format = overall_columns(self.several, ranking)
        rows = []
        for s, total, weight in zip(self.several.sessions, e.sessions, e.weights):
            own = self.session_entries[s.number - 1].get(ident)
            pct = None
            if own is not None and own.pct is not None:
                owned = next(r for r in s.results.rankings if own in r.entries)
                pct = ranking_columns(s.event, owned.unit, owned.entries)[1](own.pct)
            rows.append({"number": s.number, "href": self._session_href(s.number, ident, root) if own else "",
                         "rank": own.rank if own else "", "total": session_formats[s.number - 1](total)
                         if total is not None else "–", "pct": pct or "", "weight": _share(weight),
                         "counted": total_format(weight * total) if total is not None else "–"})
        here = f"{self.folder}/{_slug(ident)}.html"
        return p.render("events/overall_card.html.jinja", here, ident=ident, names=_own(person(e.names), ident),
                        entry=e, who=p.label(self.who), rows=rows, total=total_format(e.total),
                        carried=total_format(e.carried), pct=pct_format(e.pct) if e.pct is not None else "",
                        mp=ranking.unit == "MP", sentence=words.sessions_sentence(self.several))

    def all(self, downloads: list[dict[str, object]]) -> dict[str, str]:
        pages = {"index.html": self.index(downloads)}
        for ident in self.entries:
            pages[f"{self.folder}/{_slug(ident)}.html"] = self.participant(ident)
        convert = self.pages.pub.convert
        return {path: convert(text) for path, text in pages.items()}


def _share(weight: float) -> str:
    return f"{weight * 100:.4g}%"


def _own(names: str, ident: str) -> str:
    return "" if names == ident else names


def overall_pages(several: SeveralSessions, pub: Publication, place: SessionPlace, *,
                  downloads: Iterable[tuple[str, str]] = (), template_folders: Iterable[Path] = ()) -> dict[str, str]:
    """The overall ranking and each participant's overall page as ``{path: HTML}`` (in ``pub``'s
    script and language, linked to the session folders beside them); ``pub`` is the first session's
    publication as placed at the root, ``downloads`` (href from the pages' root, key of
    :data:`rules_ext.event_site.pages.DOWNLOAD_WORDS`) offered on the ranking."""
    made = _Overall(several, pub, place, template_folders)
    offered: list[dict[str, object]] = [{"href": href, "text": made.pages.words(*DOWNLOAD_WORDS[key])}
                                        for href, key in downloads]
    return made.all(offered)
