"""A scored event as a folder of static HTML pages: the ranking (search, "this is me", sortable
columns), one page per board (deal, double dummy, par, traveller, each result's frequency, the
auction and play where the file has them), per pair, player or team (its card: round, table,
opponents, a running total), per teams match, and the session's rulings with their laws.

Every figure and word comes from the sheets (:mod:`rules_ext.pdf`: their labels, notation, scoring
basis, marks and number formats), so a page and its PDF say the same thing in the same words; a
plain sentence of the basis above it for a player (:mod:`rules_ext.event_site.words`), the check
folded under 核对. The pages are Jinja2 templates (``events/*.html.jinja``, the project's folder
first), returned as ``{relative path: text}`` for the caller to write all or nothing; one script
(``events.js``: search, "me", sorting, tabs, the play step by step) that the pages read whole
without, nothing fetched outside the folder, so it works from ``file://``. What this part cannot
know — a cited provision's address, the 繁體 conversion, the downloads — the caller gives it.
"""
from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from rules_ext.core import Seat, Strain, Vulnerability, board_conditions
from rules_ext.corpus.catalogue import EDITIONS
from rules_ext.corpus.labels import LawCitation, citation
from rules_ext.corpus.printed import chinese_date
from rules_ext.event_site import words
from rules_ext.event_site.play import COLUMNS, auction_of, frequencies, opening_lead, play_of
from rules_ext.events.dd import DD_SEATS, DD_STRAINS, DoubleDummy
from rules_ext.events.model import Board, Event, EventKind, TableResult, id_key
from rules_ext.events.scoring.results_model import (
    BoardResults,
    EventResults,
    MatchBoard,
    MatchResult,
    RankEntry,
    ScoredResult,
)
from rules_ext.fileio import package_path
from rules_ext.pdf.basis import board_basis, butler_trim, event_basis
from rules_ext.pdf.figures import contract_text, par_markup, plain, result_markup, text_markup
from rules_ext.pdf.handrecord import makeable_markup
from rules_ext.pdf.layout import LABELS, RED_HEX, Lang, PrintOptions
from rules_ext.pdf.results import _partner_and_opponents, _side_of, match_boards
from rules_ext.pdf.ruling_record import RulingRecord
from rules_ext.pdf.sheets import (
    DAGGER,
    DAMAGED,
    Column,
    Marks,
    damaged_note,
    person,
    phantoms_of,
    ranking_columns,
    seat_holder,
)
from rules_ext.pdf.traveller import Formats, row_label, row_labels

__all__ = ["PAGE_WEIGHT", "Download", "Publication", "event_pages", "html_of", "stylesheet"]

#: where the stylesheet, the script and the favicon land in the published folder
STYLESHEET = "events.css"
SCRIPT = "events.js"
FAVICON = "favicon.svg"
#: the page-weight budget: a page with its stylesheet, script and favicon, in bytes (uncompressed,
#: as a phone fetches them from a plain static host); a test publishes every layout and holds it
PAGE_WEIGHT = 256 * 1024


@dataclass(frozen=True, slots=True)
class Download:
    """A file offered beside the pages: ``path`` in the published folder, ``label`` a key of
    :data:`DOWNLOAD_WORDS`."""

    path: str
    label: str


#: what each download is called on the pages (Chinese, English gloss)
DOWNLOAD_WORDS: dict[str, tuple[str, str]] = {
    "results.pdf": ("成绩表（PDF）", "Results"),
    "travellers.pdf": ("计分单（PDF）", "Travellers"),
    "handrecord.pdf": ("牌例记录（PDF）", "Hand records"),
    "ruling.pdf": ("裁判裁决记录（PDF）", "Ruling form"),
    "event.pbn": ("更正后的比赛文件（PBN）", "Corrected event, PBN"),
    "event.xml": ("更正后的比赛文件（USEBIO）", "Corrected event, USEBIO"),
}


@dataclass(frozen=True)
class Publication:
    """Everything the pages show: the event and its results; the double-dummy grid and par of each
    board (None where the deal is incomplete); the rulings of the session (``checked``: what the
    event says of each, :class:`rules_ext.event_site.rulings.CheckedRuling`); the corrections
    applied (``applied``, the rulings' adjusted scores among them: ``by_ruling`` maps such a
    correction's number to its ruling's); the downloads; and what only the caller knows:
    ``law_url`` (the address of a cited provision, relative to the folder's root, or absolute; None:
    the provisions are copied into the pages' ``laws/``), ``convert`` (the text of a page in its
    script), ``script`` (``hans`` or ``hant``), ``other_script`` (the same page in the other script,
    relative to the root: ``hant/`` or ``../``; '' for none), ``up`` (the pages' root to the folder
    the downloads and the relative law addresses start from: ``../`` for the 繁體 pages in ``hant/``
    beside the 简体 ones, '' when the pages are that folder's own), ``site`` (the site the event is
    published in, linked from every page's head: its address from ``up`` and its name)."""

    event: Event
    results: EventResults
    dd: Mapping[int, DoubleDummy | None] = field(default_factory=dict)
    rulings: Sequence[RulingRecord] = ()
    downloads: Sequence[Download] = ()
    ruling_pdfs: Mapping[int, str] = field(default_factory=dict)  # ruling index -> path of its form
    law_url: Callable[[LawCitation], str] | None = lambda c: ""
    law_quotes: Mapping[LawCitation, tuple[str, Sequence[str]]] = field(default_factory=dict)
    lang: str = "zh"
    script: str = "hans"
    other_script: str = ""
    convert: Callable[[str], str] = lambda s: s
    up: str = ""  # from the root of these pages to the folder of the downloads and of ``law_url``'s relative addresses
    site: tuple[str, str] | None = None  # the site the event is published in: (address from ``up``, its name)
    applied: Sequence = ()  # AppliedCorrection
    checked: Sequence = ()  # CheckedRuling, one per ruling
    by_ruling: Mapping[int, int] = field(default_factory=dict)
    figures: str = "ours"  # where ours and the file's differ, the figures shown: ours or the file's (marked †), as the sheets
    assets: str = ""  # from the root of these pages to the stylesheet, script and favicon ('': beside them, made here)
    session: Any = None  # one session of several: a :class:`rules_ext.event_site.sessions.SessionPlace`


# -- markup --------------------------------------------------------------------------------------

_FONT = re.compile(r'<font color="([^"]+)">(.*?)</font>', re.S)


def html_of(markup: str) -> Markup:
    """HTML of the sheets' paragraph markup: the red suits' ``<font color>`` as ``<span class=
    "red">``, ``<super>`` as ``<sup>``, ``<br/>`` as ``<br>``; the rest is escaped text already."""
    def font(m: re.Match[str]) -> str:
        kind = "red" if m[1].lower() == RED_HEX else "ink"
        return f'<span class="{kind}">{m[2]}</span>'
    text = _FONT.sub(font, markup).replace("<super>", "<sup>").replace("</super>", "</sup>")
    return Markup(text.replace("<br/>", "<br>"))


#: a label that names a side first (南北得分, 东西比赛分): it may wrap after the side only
_SIDE_FIRST = re.compile(r"(南北|东西|本对|本队|本人)(.*)")


def _words(zh: str) -> Markup:
    """A Chinese label as one or two words that never break inside (a narrow column's heading reads
    牌号 and 南北 / 得分, never 牌 / 号, 南 / 北 or 东西得 / 分): after a side first (南北, 东西) a
    line may break, nowhere else in it."""
    m = _SIDE_FIRST.fullmatch(zh)
    text = escape(zh) if m is None else escape(m[1]) + Markup("<wbr>" if m[2] else "") + escape(m[2])
    return Markup('<span class="words">') + text + Markup("</span>")


_CJK = re.compile(r"[\u3400-\u9fff]")
#: a line of a record: its Chinese, then its English (``维持裁判长的裁决。The director's ruling is upheld.``)
#: (after a full stop, or a space after Chinese: never a word inside the Chinese; at least two words)
_ENGLISH_AFTER = re.compile(r"(.*(?:[。！？；]|[\u3400-\u9fff]\s))\s*([A-Z][^\u3400-\u9fff\s]*\s[^\u3400-\u9fff]*)", re.S)


def english_as_gloss(markup: Markup) -> Markup:
    """A bilingual record's text (its facts, ruling, appeal: Chinese, then the same in English,
    on its own line or after the Chinese sentence) with each English part marked as a gloss
    (``lang="en"``: grey, left out on a phone, as the labels' English is); one language as it is.

    >>> str(english_as_gloss(Markup("北家迟疑后不叫。<br>North hesitated.<br>维持原判。The ruling stands.")))
    '北家迟疑后不叫。<span lang="en" class="gloss"><br>North hesitated.</span><br>维持原判。<span lang="en" \
class="gloss"> The ruling stands.</span>'
    >>> str(english_as_gloss(Markup("按 Neuberg 公式折算，见打印本（PDF）")))
    '按 Neuberg 公式折算，见打印本（PDF）'
    """
    text = str(markup)
    if not _CJK.search(text):
        return markup
    out = []
    for i, line in enumerate(text.split("<br>")):
        bare = re.sub(r"<[^>]+>", "", line)
        if i and bare.strip() and not _CJK.search(bare):
            out.append(f'<span lang="en" class="gloss"><br>{line}</span>')
            continue
        m = _ENGLISH_AFTER.fullmatch(line)
        line = f'{m[1]}<span lang="en" class="gloss"> {m[2]}</span>' if m else line
        out.append(("<br>" if i else "") + line)
    return Markup("".join(out))


def _gloss(zh: str, en: str, lang: Lang, words_only: bool = False) -> Markup:
    """A label in the pages' language: Chinese, English, or Chinese with the English marked as a
    gloss (``lang="en"``); ``words_only``: the Chinese as words that never break inside (a heading)."""
    chinese = _words(zh) if words_only else Markup(escape(zh))
    if lang is Lang.EN:
        return Markup(escape(en))
    if lang is Lang.ZH or zh == en:
        return chinese
    return chinese + Markup(f' <span lang="en" class="gloss">{escape(en)}</span>')


def _slug(ident: str) -> str:
    """A file name for a participant id: letters, digits, ``-`` and ``_`` kept, the rest as its
    code point (so two ids never share a file)."""
    return "".join(c if c.isascii() and (c.isalnum() or c in "-_") else f"~{ord(c):x}" for c in ident) or "~"


def _law_file(cited: LawCitation) -> str:
    """The copy of a cited provision in the folder: ``laws/1999-16A.html``."""
    return f"laws/{cited.edition}-{_slug(cited.label)}.html"


# -- the pages -----------------------------------------------------------------------------------

class _Pages:
    """The pages of one publication in one script."""

    def __init__(self, pub: Publication, env: jinja2.Environment) -> None:
        self.pub = pub
        self.env = env
        self.event = pub.event
        self.results = pub.results
        self.lang = Lang.parse(pub.lang)
        # the sheets' own words, in the pages' language (a bilingual page glosses the English)
        self.options = PrintOptions.of("a4", Lang.ZH if self.lang is Lang.BOTH else self.lang)
        self.marks = Marks(self.results.differences, self.options, self.pub.figures)
        self.formats = Formats(self.event, self.results.boards)
        self.phantoms = phantoms_of(self.event)
        self.kind = self.results.kind
        self.individual = self.kind is EventKind.INDIVIDUAL
        self.teams = self.kind is EventKind.TEAMS
        self.matchpoints = self.results.method == "matchpoints"
        self.numbers = [b.board.number for b in self.results.boards]
        self.entries: dict[str, RankEntry] = {e.id: e for r in self.results.rankings for e in r.entries}
        self.slugs = {ident: _slug(ident) for ident in self.entries}
        self.matches = list(self.results.matches)
        self.trim = butler_trim(self.event)
        #: from the root of the pages to the folder's root (the 繁體 pages of ``publish`` are in ``hant/``)
        self.up = pub.up
        self.rulings_by_board: dict[int, list[int]] = {}
        for i, record in enumerate(pub.rulings, start=1):
            self.rulings_by_board.setdefault(record.board, []).append(i)
        self.problems = {i: c.problem for i, c in enumerate(pub.checked, start=1) if c.problem}
        #: each corrected result (its board and its pairs/table, as corrected) -> the correction
        self.corrected = {(a.after.board, a.after.table, a.after.ns, a.after.ew, a.after.room): a for a in pub.applied}
        #: each result's id on its board page: its two sides, numbered on when a board has them twice
        #: (a director's penalty row beside the table's result)
        self.anchors: dict[int, str] = {}
        for br in self.results.boards:
            taken: set[str] = set()
            for line in br.lines:
                base = anchor = _anchor(line.result)
                n = 1
                while anchor in taken:
                    n += 1
                    anchor = f"{base}-{n}"
                taken.add(anchor)
                self.anchors[id(line.result)] = anchor
        #: what each participant met: their opponents, and the sections they played in
        self.opponents: dict[str, set[str]] = {}
        self.sections: dict[str, set[str]] = {}
        for br in self.results.boards:
            for line in br.lines:
                r = line.result
                sides = (self._seated(r, "NS"), self._seated(r, "EW"))
                for mine, theirs in (sides, sides[::-1]):
                    for ident in mine:
                        self.opponents.setdefault(ident, set()).update(theirs)
                        if r.section:
                            self.sections.setdefault(ident, set()).add(r.section)

    # words
    def label(self, key: str) -> Markup:
        zh, en = LABELS[key]
        return _gloss(zh, en, self.lang)

    def heading(self, key: str) -> Markup:
        """A label as a table's column heading: wraps between its words only (南北 / 得分)."""
        zh, en = LABELS[key]
        return _gloss(zh, en, self.lang, words_only=True)

    def words(self, zh: str, en: str) -> Markup:
        return _gloss(zh, en, self.lang)

    def page_word(self, key: str, **values: object) -> Markup:
        """A word of the pages only (:data:`rules_ext.event_site.words.PAGE_WORDS`), ``{name}`` filled in."""
        zh, en = words.PAGE_WORDS[key]
        return _gloss(zh.format(**values), en.format(**values), self.lang)

    def page_heading(self, key: str) -> Markup:
        zh, en = words.PAGE_WORDS[key]
        return _gloss(zh, en, self.lang, words_only=True)

    def text(self, key: str) -> str:
        """A label as plain text, for an attribute (``aria-label``, ``title``): its Chinese, or its
        English on an English page (a gloss has no place there)."""
        zh, en = LABELS[key] if key in LABELS else words.PAGE_WORDS[key]
        return en if self.lang is Lang.EN else zh

    # links
    def participant_href(self, ident: str, root: str) -> str | None:
        slug = self.slugs.get(ident)
        return None if slug is None else f"{root}{self._who_folder()}/{slug}.html"

    def _who_folder(self) -> str:
        return {EventKind.TEAMS: "teams", EventKind.INDIVIDUAL: "players"}.get(self.kind, "pairs")

    def who_link(self, ident: str, root: str, *, names: bool = False) -> Markup:
        """A pair, team or player as the sheets name it (a phantom, a sit-out), linked to its page;
        ``names``: with its players' names inside the link (one target a finger finds)."""
        text = seat_holder(ident, self.options, self.phantoms)
        href = self.participant_href(ident, root)
        if href is None or text != ident:
            return Markup(escape(text))
        inside = Markup('<span class="id">') + escape(text) + Markup("</span>")
        who = person(self.event.names_of(ident))
        if names and who and who != ident:
            inside += Markup(' <span class="names">') + escape(who) + Markup("</span>")
        return Markup(f'<a class="tap" href="{escape(href)}">') + inside + Markup("</a>")

    def anchor(self, r: TableResult) -> str:
        """The id of result ``r`` on its board's page (a result of the event as read, before a
        correction: its sides')."""
        return self.anchors.get(id(r), _anchor(r))

    def _seated(self, r: TableResult, side: str) -> tuple[str, ...]:
        """The ids that sat ``side`` in result ``r``: the pair or team, or an individual's two players."""
        if self.individual and len(r.players) == 4:
            return (r.players[0], r.players[2]) if side == "NS" else (r.players[1], r.players[3])
        ident = r.ns if side == "NS" else r.ew
        return (ident,) if ident in self.entries else ()

    def render(self, template: str, here: str, **data: object) -> str:
        """Page ``here`` (its path in the folder) from ``template``."""
        root = "../" * here.count("/")
        session = self.pub.session
        key = session.key if session is not None else hashlib.sha256("\0".join((
            self.event.name, self.event.date, Path(self.event.source).stem, self.kind.value)).encode()).hexdigest()[:16]
        assets = root + self.pub.assets
        return self.env.get_template(template).render(
            here=here, root=root, up=self.up, pub=self.pub, event=self.event, label=self.label, heading=self.heading,
            words=self.words, word=self.page_word, word_heading=self.page_heading, text=self.text,
            lang=self.lang.value, script=self.pub.script, other_script=self.pub.other_script,
            html_lang="zh-Hant" if self.pub.script == "hant" else "zh-Hans" if self.lang is not Lang.EN else "en",
            stylesheet=assets + STYLESHEET, script_file=assets + SCRIPT, favicon=assets + FAVICON, event_key=key,
            who_folder=self._who_folder(), title_event=self.event.name or Path(self.event.source).stem,
            session_nav=session.nav(root, self) if session is not None else (),
            event_date=self.event.date if self.lang is Lang.EN else chinese_date(self.event.date or ""), **data)

    def basis(self, where: str, board: BoardResults | None = None) -> Markup:
        """The plain sentence that says how the figures of a page are made (:mod:`words`)."""
        return Markup(escape(words.basis_sentence(self.event, self.results, where, board, trim=self.trim)))

    # -- the ranking ------------------------------------------------------------------------------
    def index(self) -> str:
        root = ""
        rankings = []
        unit_key = {"MP": "mp", "IMP": "imps", "VP": "vp"}
        for ranking in self.results.rankings:
            has_pct = any(e.pct is not None for e in ranking.entries)
            has_imps = ranking.unit == "VP" and any(e.imps is not None for e in ranking.entries)
            total_format, pct_format = ranking_columns(self.event, ranking.unit, ranking.entries)  # as the sheets print them
            rows = []
            for e in ranking.entries:
                rows.append({
                    "rank": html_of(self.marks.total(e.id, "rank", e.rank)), "position": e.position,
                    "who": self.who_link(e.id, root, names=True), "id": e.id,
                    "opp": " ".join(sorted(self.opponents.get(e.id, ()), key=id_key)),
                    "section": " ".join(sorted(self.sections.get(e.id, ()))),
                    "search": " ".join((e.id, person(e.names))).lower(),
                    "total": html_of(self.marks.total(e.id, "total", total_format(e.total))),
                    "pct": html_of(self.marks.total(e.id, "pct", pct_format(e.pct))) if has_pct else "",
                    "imps": html_of(self.marks.total(e.id, "imps", self.formats.imp(e.imps))) if has_imps else "",
                    "boards": e.boards,
                })
            group = {"NS": "ns_pair", "EW": "ew_pair"}.get(ranking.group)
            rankings.append({"group": self.label(group) if group else "", "key": ranking.group or "all",
                             "group_text": self.text(group) if group else "", "rows": rows,
                             "total": self.heading(unit_key.get(ranking.unit, "total")),
                             "pct": has_pct, "imps": has_imps,
                             "played": self.heading("matches" if ranking.unit == "VP" else "boards")})
        sections = sorted({s for found in self.sections.values() for s in found})
        return self.render(
            "events/index.html.jinja", "index.html",
            sentence=self.basis("event"), session=self._session_line(root),
            check=[html_of(line) for line in event_basis(self.event, self.results, self.options)],
            marks_note=html_of(" ".join(x for x in (self.marks.note(hint=False), damaged_note(self.results, self.options))
                                        if x)),
            corrections=[self._correction(a, root) for a in self.pub.applied], rankings=rankings,
            sections=sections if len(sections) > 1 else [],
            who=self.heading({EventKind.TEAMS: "team", EventKind.INDIVIDUAL: "player"}.get(self.kind, "pair")),
            boards=[{"number": n, "href": f"boards/{n}.html"} for n in self.numbers],
            matches=[self._match_row(i, m, root) for i, m in enumerate(self.matches, start=1)],
            crosstable=self._crosstable(root) if self.teams else None,
            rulings=[self._ruling_row(i, r, root) for i, r in enumerate(self.pub.rulings, start=1)],
            downloads=[{"href": self.up + d.path, "text": self.words(*DOWNLOAD_WORDS[d.label])} for d in self.pub.downloads])

    def _session_line(self, root: str) -> dict[str, object] | None:
        """One session of several: which, of how many, and the way to the overall ranking."""
        session = self.pub.session
        if session is None:
            return None
        return {"title": self.page_word("session", n=session.number),
                "text": self.page_word("session_here", n=session.number, count=session.count),
                "href": f"{root}{session.top}index.html", "overall": self.label("overall")}

    def _correction(self, a, root: str) -> dict[str, object]:
        """A correction applied, in Chinese: which result, what it was and what it became, why."""
        c = a.correction
        where = [f"{self.text('board')} {c.key.board}"]
        if a.after.table:
            where.append(f"{self.text('table')} {a.after.table}")
        where.append(f"{self.text('ns_pair')} {seat_holder(a.after.ns, self.options, self.phantoms)} "
                     f"{self.text('versus')} {self.text('ew_pair')} {seat_holder(a.after.ew, self.options, self.phantoms)}")
        ruling = self.pub.by_ruling.get(c.number)
        return {"where": " · ".join(where), "href": f"{root}boards/{c.key.board}.html",
                "before": self._result(a.before, score=True), "after": self._result(a.after, score=True),
                "ruling": {"number": ruling, "href": f"{root}rulings/{ruling}.html"} if ruling else None,
                "reason": "" if ruling else english_as_gloss(html_of(text_markup(c.reason))),
                "who": " · ".join(x for x in (c.director, c.time) if x)}

    def _match_row(self, number: int, m: MatchResult, root: str) -> dict[str, object]:
        return {"href": f"{root}matches/{number}.html", "round": m.round, "table": m.table,
                "home": self.who_link(m.home, root), "visit": self.who_link(m.visit, root),
                "teams": f"{m.home} {m.visit}",
                "imps": f"{self.formats.imp(m.imps_home)} : {self.formats.imp(m.imps_visit)}",
                "vps": f"{m.vp_home:.2f} : {m.vp_visit:.2f}", "played": bool(m.boards)}

    def _crosstable(self, root: str) -> dict[str, object] | None:
        """The VP cross-table, when the teams met each other at least half the time (a round robin);
        a field where each team met a few others has its list of matches only."""
        teams = [e.id for r in self.results.rankings for e in r.entries]
        if len(teams) < 2 or 2 * len(self.matches) < len(teams) * (len(teams) - 1) / 2:
            return None
        cells: dict[tuple[str, str], list[str]] = {}
        for m in self.matches:
            cells.setdefault((m.home, m.visit), []).append(f"{m.vp_home:.2f}")
            cells.setdefault((m.visit, m.home), []).append(f"{m.vp_visit:.2f}")
        return {"teams": [{"who": self.who_link(t, root), "number": i, "id": t} for i, t in enumerate(teams, start=1)],
                "rows": [[" / ".join(cells.get((a, b), [])) if a != b else "—" for b in teams] for a in teams]}

    # -- a board ------------------------------------------------------------------------------------
    def board(self, position: int, br: BoardResults) -> str:
        root = "../"
        board = br.board
        number = board.number
        dealer, vulnerability = _conditions(board)
        dd = self.pub.dd.get(number)
        prev_n = self.numbers[position - 1] if position > 0 else None
        next_n = self.numbers[position + 1] if position + 1 < len(self.numbers) else None
        differ = sum(1 for d in self.results.differences if d.board == number)
        check = board_basis(br, self.results, self.options, differ=differ, trim=self.trim) if br.lines else ""
        traveller = self._traveller(br, root)
        return self.render(
            "events/board.html.jinja", f"boards/{number}.html", number=number,
            prev=None if prev_n is None else {"n": prev_n, "href": f"{prev_n}.html"},
            next=None if next_n is None else {"n": next_n, "href": f"{next_n}.html"},
            dealer=self.options.seat(dealer), vulnerability=self.options.vulnerability(vulnerability),
            hands=self._hands(board, dealer), deal=board.deal.to_pbn() if board.deal is not None else "",
            dd=self._dd_grid(dd),
            makeable=html_of(makeable_markup(dd, self.options)) if dd is not None else "",
            par=html_of(par_markup(dd.par, self.options)) if dd is not None and dd.par is not None else "",
            sentence=self.basis("board", br) if br.lines else "", check=html_of(check) if check else "",
            traveller=traveller, frequency=self._frequency(br), tables=self._tables(br, root),
            rulings=[self._ruling_row(i, self.pub.rulings[i - 1], root) for i in self.rulings_by_board.get(number, [])])

    def _hands(self, board: Board, dealer: Seat) -> dict[str, object] | None:
        if board.deal is None:
            return None
        hands: dict[str, object] = {}
        for seat in Seat:
            hand = board.deal.hands[list(Seat).index(seat)]
            suits = []
            for strain in (Strain.S, Strain.H, Strain.D, Strain.C):
                ranks = "".join(c.rank_char for c in hand.suit(strain)).replace("T", "10")
                suits.append({"symbol": strain.symbol, "red": strain in (Strain.H, Strain.D), "cards": ranks or "—"})
            hands[seat.name] = {"seat": self.options.seat(seat), "suits": suits, "hcp": hand.hcp,
                                "dealer": seat is dealer, "known": bool(hand.cards)}
        return hands

    def _dd_grid(self, dd: DoubleDummy | None) -> dict[str, object] | None:
        if dd is None:
            return None
        head = [{"text": ("无将" if self.lang is not Lang.EN else "NT") if s is Strain.NT else s.symbol,
                 "red": s in (Strain.H, Strain.D)} for s in DD_STRAINS]
        rows = [{"seat": self.options.seat_mark(d), "tricks": [dd.get(d, s) for s in DD_STRAINS]} for d in DD_SEATS]
        return {"head": head, "rows": rows}

    def _result(self, r: TableResult, over: bool = True, score: bool = False) -> Markup:
        """A result in the sheets' one notation (contract, declarer, over/under; with North-South's
        score when ``score``), or what stands in for it (an artificial score's marker, a weighted
        score, not played, a sit-out); each figure one unbreakable unit (``<span class="fig">``: a
        phone never puts ``+1`` under ``4♥ 南``), a weighted score's outcomes may go on separate lines."""
        def unit(markup: Markup) -> Markup:
            return Markup('<span class="fig">') + markup + Markup("</span>")

        if r.artificial is not None:
            return unit(Markup(escape(r.artificial.marker)))
        if r.damaged:  # the cell as the file wrote it, marked: the file's score kept
            return unit(Markup(escape(f"{r.damaged}{DAMAGED}")))
        if r.weighted is not None:
            return Markup(" + ").join(unit(Markup(escape(f"{float(w) * 100:g}% {s}")))
                                      for w, s in r.weighted.outcomes)
        if r.not_played:
            sit_out = any(seat_holder(x, self.options, self.phantoms) != x for x in (r.ns, r.ew))
            return self.label("sit_out" if sit_out else "not_played")
        if r.contract is None:
            return Markup("")
        shown = r.score_ns if score else None
        if r.contract.is_passed_out or r.declarer is None or r.tricks is None:
            text = html_of(contract_text(r.contract, self.options))
            return unit(text + (Markup(" = 0") if score else Markup("")))
        made = r.tricks - 6 - r.contract.level
        return unit(html_of(result_markup(r.contract, (r.declarer,), made, shown, self.options)))

    def _adjusted(self, r: TableResult, root: str) -> dict[str, object] | None:
        """What a corrected result's row says: the director's, the ruling it comes from."""
        a = self.corrected.get((r.board, r.table, r.ns, r.ew, r.room))
        if a is None:
            return None
        ruling = self.pub.by_ruling.get(a.correction.number)
        return {"href": f"{root}rulings/{ruling}.html" if ruling else f"{root}index.html#corrections",
                "ruling": ruling, "before": self._result(a.before)}

    def _traveller(self, br: BoardResults, root: str) -> dict[str, object]:
        number = br.board.number
        labelled = row_labels([line.result for line in br.lines])  # as the printed traveller: its round or table
        key = labelled[0] if labelled else None
        leads = any(opening_lead(ln.result, br.board.deal, html_of) for ln in br.lines)
        rows = []
        for line in br.lines:
            r = line.result
            score = line.score_ns
            row: dict[str, object] = {
                "key": row_label(r, key) if key else "", "ns": self.who_link(r.ns, root), "ew": self.who_link(r.ew, root),
                "ns_ids": " ".join(self._seated(r, "NS")), "ew_ids": " ".join(self._seated(r, "EW")),
                "anchor": self.anchor(r), "played": bool(r.auction or r.play),
                "result": self._result(r), "adjusted": self._adjusted(r, root),
                "lead": opening_lead(r, br.board.deal, html_of) if leads else "",
                "score_ns": html_of(self.marks.line(number, r, "score", "NS", str(score))) if score and score > 0
                else ("0" if score == 0 else ""),
                "score_ew": html_of(self.marks.line(number, r, "score", "NS", str(-score))) if score and score < 0
                else ("0" if score == 0 else ""),
                "score": html_of(self.marks.line(number, r, "score", "NS", f"{score:+d}" if score else "0"))
                if score is not None else ""}
            row["figures"] = self._figures(number, line)
            rows.append(row)
        head = ["mp_ns", "mp_ew", "pct_ns"] if self.matchpoints else ["imp_ns", "imp_ew"]
        return {"rows": rows, "head": [self.heading(k) if k in LABELS else self.page_heading(k) for k in head],
                "leads": leads, "key": self.heading(key) if key else "", "teams": self.teams}

    def _figures(self, number: int, line: ScoredResult) -> list[Markup]:
        r = line.result
        if self.matchpoints:
            return [html_of(self.marks.line(number, r, "mp", "NS", self.formats.mp(line.mp_ns))),
                    html_of(self.marks.line(number, r, "mp", "EW", self.formats.mp(line.mp_ew))),
                    html_of(self.marks.line(number, r, "pct", "NS", self.formats.pct(line.pct_ns)))]
        return [html_of(self.marks.line(number, r, "imp", "NS", self.formats.imp(line.imp_ns))),
                html_of(self.marks.line(number, r, "imp", "EW", self.formats.imp(line.imp_ew)))]

    def _frequency(self, br: BoardResults) -> dict[str, object] | None:
        """How many tables reached each North-South score, and what it earned (pairs and
        individual: the same score earns the same on a board; a teams board has its matches)."""
        found = frequencies(br)
        if len(found) < 2:
            return None
        rows = []
        for f in found:
            results = Markup("、").join(self._result(r) for r in f.results)
            figures = [] if self.teams else self._figures(br.board.number, f.line)
            rows.append({"score": f"{f.score_ns:+d}" if f.score_ns else "0", "tables": f.tables, "results": results,
                         "figures": figures})
        head = [] if self.teams else (["mp_ns", "mp_ew", "pct_ns"] if self.matchpoints else ["imp_ns", "imp_ew"])
        return {"rows": rows, "head": [self.heading(k) if k in LABELS else self.page_heading(k) for k in head]}

    def _tables(self, br: BoardResults, root: str) -> list[dict[str, Any]]:
        """The auction and the play of each table that the file records (of a corrected result:
        as it was at the table)."""
        out = []
        deal = br.board.deal
        for line in br.lines:
            shown = line.result
            a = self.corrected.get((shown.board, shown.table, shown.ns, shown.ew, shown.room))
            r = a.before if a is not None else shown
            auction = auction_of(r, self.options, html_of)
            played = play_of(r, deal, html_of)
            if auction is None and played is None:
                continue
            where = []
            if r.room:
                where.append(self.text("open" if r.room.lower() == "open" else "closed"))
            if r.table:
                where.append(f"{self.text('table')} {r.table}")
            out.append({"anchor": self.anchor(shown), "where": " · ".join(where), "ns": self.who_link(r.ns, root),
                        "ew": self.who_link(r.ew, root), "ns_ids": " ".join(self._seated(r, "NS")),
                        "ew_ids": " ".join(self._seated(r, "EW")), "result": self._result(r, score=True),
                        "auction": auction, "play": played, "lead": opening_lead(r, deal, html_of),
                        "players": self._players(r)})
        return out

    def _players(self, r: TableResult) -> dict[str, str]:
        """Who sat where at the table (names as the file gives them), by seat letter."""
        if len(r.players) != 4:
            return {}
        names = {seat.name: person(self.event.names_of(p) or p) for seat, p in zip(Seat, r.players, strict=True)}
        return {k: v for k, v in names.items() if v}

    # -- a participant -------------------------------------------------------------------------------
    def participant(self, ident: str) -> str:
        root = "../"
        entry = self.entries[ident]
        names = person(self.event.names_of(ident))
        matches = [self._match_row(i, m, root) for i, m in enumerate(self.matches, start=1)
                   if ident in (m.home, m.visit)]
        total_format, pct_format = self._columns(entry)
        common = {"ident": ident, "names": "" if names == ident else names, "entry": entry,
                  "who": self.label({EventKind.TEAMS: "team", EventKind.INDIVIDUAL: "player"}.get(self.kind, "pair")),
                  "card_word": {EventKind.TEAMS: "team_card", EventKind.INDIVIDUAL: "player_card"}.get(self.kind, "pair_card"),
                  "pct": pct_format(entry.pct) if entry.pct is not None else "",
                  "total": total_format(entry.total),
                  "sentence": self.basis("participant"), "matches": matches,
                  "across": self.pub.session.across(ident, self._who_folder(), _slug(ident), "../", self.page_word)
                  if self.pub.session is not None else []}
        here = self.participant_href(ident, "") or ""
        if self.teams:
            return self.render("events/participant.html.jinja", here, groups=[], team_matches=[
                self._team_match(ident, i, m, root) for i, m in enumerate(self.matches, start=1)
                if ident in (m.home, m.visit) and m.boards], head=[], **common)
        groups, column_keys, board_sum = self._card(ident, root)
        explained = self._total_explained(ident, entry, board_sum, total_format)
        return self.render("events/participant.html.jinja", here, groups=groups, team_matches=[],
                           head=[self.heading(k) if k in LABELS else self.page_heading(k) for k in column_keys],
                           board_sum=explained, **common)

    def _columns(self, entry: RankEntry) -> tuple[Column, Column]:
        """How the ranking holding ``entry`` prints its total and percentage (as the sheets do)."""
        ranking = next(rk for rk in self.results.rankings if entry in rk.entries)
        return ranking_columns(self.event, ranking.unit, ranking.entries)

    def _card(self, ident: str, root: str) -> tuple[list[dict[str, Any]], list[str], float]:
        """A pair's (player's) boards grouped by round, table and opponents, in the order played,
        each with its figures and the running total."""
        column = self.formats.mp if self.matchpoints else self.formats.imp
        played = []
        for br in self.results.boards:
            for line in br.lines:
                side = _side_of(ident, line.result, self.individual)
                if side:
                    played.append((br, line, side))
        played.sort(key=lambda t: (id_key(t[1].result.round) if t[1].result.round else (0, 0), t[0].board.number))
        groups: list[dict[str, Any]] = []
        total = 0.0
        for br, line, side in played:
            r = line.result
            number = br.board.number
            score = line.score_ns if line.score_ns is None or side == "NS" else -line.score_ns
            if self.matchpoints:
                mp = line.mp_ns if side == "NS" else line.mp_ew
                pct = line.pct_ns if side == "NS" else line.pct_ew
                total += mp or 0
                figures = [html_of(self.marks.line(number, r, "mp", side, self.formats.mp(mp))),
                           html_of(self.marks.line(number, r, "pct", side, self.formats.pct(pct)))]
            else:
                imp = line.imp_ns if side == "NS" else line.imp_ew
                total += imp or 0
                figures = [html_of(self.marks.line(number, r, "imp", side, self.formats.imp(imp)))]
            if self.individual:
                partner, against = _partner_and_opponents(ident, r)
                opponents = [p for p in against if p]
            else:
                partner, opponents = "", [r.ew if side == "NS" else r.ns]
            key = (r.round, r.section, r.table, side, partner, tuple(opponents))
            if not groups or groups[-1]["key"] != key:
                groups.append({"key": key, "round": r.round, "table": r.table, "section": r.section,
                               "side": self.label("ns_pair" if side == "NS" else "ew_pair"),
                               "partner": self.who_link(partner, root, names=True) if partner else "",
                               "opponents": Markup("、").join(self.who_link(p, root, names=True) for p in opponents),
                               "vs": " ".join(opponents), "rows": []})
            groups[-1]["rows"].append({
                "number": number, "href": f"{root}boards/{number}.html#{self.anchor(r)}", "result": self._result(r),
                "lead": opening_lead(r, br.board.deal, html_of),
                "score": html_of(self.marks.score(number, r, side, score)), "figures": figures,
                "running": column(total), "adjusted": self._adjusted(r, root),
                "ruling": bool(self.rulings_by_board.get(number))})
        keys = ["mp", "pct_own"] if self.matchpoints else ["imps"]
        return groups, keys, total

    def _total_explained(self, ident: str, entry: RankEntry, board_sum: float, column: Column) -> dict[str, object]:
        """The card's sum of its boards (printed as the ranking prints its totals), and why the
        ranking's total differs when it does (a director's penalty, missed boards factored up)."""
        penalty = sum(p.points for p in self.results.penalties if p.pair == ident)
        why = []
        if penalty:
            why.append(self.page_word("penalty", points=f"{penalty:+g}"))
        if abs(board_sum + penalty - entry.total) > 0.5 * 10 ** -column.places:
            why.append(self.page_word("factored"))
        return {"sum": column(board_sum), "differs": abs(board_sum - entry.total) > 0.5 * 10 ** -column.places,
                "why": Markup("；").join(why)}

    def _team_match(self, ident: str, number: int, m: MatchResult, root: str) -> dict[str, object]:
        """A team's match board by board: the result in each room and the IMPs won or lost (the
        team's, once a board), with the running total."""
        home = ident == m.home
        rows = []
        total = 0.0
        for br, board in match_boards(self.results, m):
            n = br.board.number
            imp = board.imps_home  # counted once for the match (a board of one room: the file's)
            mine = None if imp is None else (imp if home else -imp)
            total += mine or 0
            rooms = self._rooms(board, n)
            rows.append({"number": n, "href": f"{root}boards/{n}.html", "open": rooms[0], "closed": rooms[1],
                         "imps": self.formats.imp(mine) if mine else ("0" if mine == 0 else ""),
                         "running": self.formats.imp(total)})
        return {"match": self._match_row(number, m, root), "rows": rows,
                "opponent": self.who_link(m.visit if home else m.home, root),
                "ours": self.formats.imp(m.imps_home if home else m.imps_visit),
                "theirs": self.formats.imp(m.imps_visit if home else m.imps_home),
                "vp": f"{m.vp_home if home else m.vp_visit:.2f}", "seat": "home" if home else "visit"}

    # -- a teams match -------------------------------------------------------------------------------
    def match(self, number: int, m: MatchResult) -> str:
        root = "../"
        rows = []
        named_rooms = set()
        for br, board in match_boards(self.results, m):
            n = br.board.number
            imp = board.imps_home  # the board's IMPs, counted once for the match (a board of one room: the file's)
            rooms = self._rooms(board, n)
            rows.append({"number": n, "href": f"{root}boards/{n}.html", "open": rooms[0], "closed": rooms[1],
                         "home": self.formats.imp(imp) if imp is not None and imp > 0 else "",
                         "visit": self.formats.imp(-imp) if imp is not None and imp < 0 else ""})
            named_rooms |= {room.result.room.lower() for room in (board.open, board.closed) if room is not None}
        # a room-less match (one table number each way, as RealBridge writes it) names its tables
        named = named_rooms <= {"open", "closed"} and bool(named_rooms)
        return self.render("events/match.html.jinja", f"matches/{number}.html", match=self._match_row(number, m, root),
                           m=m, rows=rows, named_rooms=named)

    def _rooms(self, board: MatchBoard, number: int) -> list[dict[str, object]]:
        """A match board's Open and Closed rooms; the missing room of a board of one room says so."""
        rooms = [self._room(board.open, number), self._room(board.closed, number)]
        if board.one_room:
            rooms[board.open is not None] = {"result": self.label("one_room" if board.imps_home is not None
                                                                  else "one_room_uncounted"), "score": "", "table": ""}
        return rooms

    def _room(self, line: ScoredResult | None, number: int) -> dict[str, object]:
        if line is None:
            return {"result": "", "score": "", "table": ""}
        score = line.score_ns
        return {"result": self._result(line.result), "table": line.result.table,
                "score": html_of(self.marks.line(number, line.result, "score", "NS", f"{score:+d}" if score else "0"))
                if score is not None else ""}

    # -- rulings -------------------------------------------------------------------------------------
    def _ruling_row(self, number: int, record: RulingRecord, root: str) -> dict[str, object]:
        return {"href": f"{root}rulings/{number}.html", "board": record.board, "table": record.table,
                "laws": Markup("、").join(self._law_link(c, root) for c in record.laws),
                "problem": bool(self.problems.get(number))}

    def _law_link(self, cited: LawCitation, root: str) -> Markup:
        text = _citation_text(cited)
        if self.pub.law_url is None:
            if cited not in self.pub.law_quotes:
                return Markup(escape(text))
            href = root + _law_file(cited)
        else:
            url = self.pub.law_url(cited)
            if not url:
                return Markup(escape(text))
            href = url if "://" in url or url.startswith("/") else root + self.up + url
        return Markup(f'<a class="law" href="{escape(href)}">{escape(text)}</a>')

    def ruling(self, number: int, record: RulingRecord) -> str:
        root = "../"
        laws = []
        for cited in record.laws:
            title, paragraphs = self.pub.law_quotes.get(cited, ("", ()))
            laws.append({"link": self._law_link(cited, root), "title": title,
                         "quote": [html_of(text_markup(p)) for p in paragraphs]})
        adjusted = []
        if record.adjustment is not None:
            for result, score in record.adjusted_scores():
                contract = result.contract
                declarer = contract.declarer
                made = result.tricks - 6 - contract.level
                adjusted.append({"result": html_of(result_markup(contract, (declarer,) if declarer else (), made,
                                                                 score, self.options)),
                                 "weight": f"{result.weight:g}%" if len(record.adjustment.results) > 1 else ""})
            if record.adjustment.artificial is not None:
                ns, ew = record.adjustment.artificial
                adjusted.append({"result": Markup(f"{self.label('ns_pair')} {ns:g}% / {self.label('ew_pair')} {ew:g}%"),
                                 "weight": ""})
        at_table = ""
        if record.result is not None and record.result.contract is not None:
            t = record.result
            c = record.result.contract
            made = (t.tricks - 6 - c.level) if t.tricks is not None and not c.is_passed_out else 0
            at_table = html_of(result_markup(c, (c.declarer,) if c.declarer else (), made, t.score_ns,
                                             self.options))
        known = record.board in self.numbers
        checked = self.pub.checked[number - 1] if number <= len(self.pub.checked) else None
        scored = any(n == number for n in self.pub.by_ruling.values())
        about = checked.result if checked is not None else None
        return self.render(
            "events/ruling.html.jinja", f"rulings/{number}.html", number=number, record=record,
            board_href=f"{root}boards/{record.board}.html" + (f"#{self.anchor(about)}" if about is not None else "")
            if known else "",
            problem=self.problems.get(number, ""),
            scored="scored" if scored else "in_file" if checked is not None and checked.in_file else "",
            facts=self._record_text(record.facts),
            decision=self._record_text(record.ruling),
            laws=laws, adjusted=adjusted, at_table=at_table,
            adjusted_word=self.label({"may": "adjusted_may", "must": "adjusted_must"}[record.adjusted_score])
            if record.adjusted_score in ("may", "must") else "",
            appeal=self._record_text(record.appeal.decision if record.appeal else ""),
            pdf=self.up + self.pub.ruling_pdfs[number] if number in self.pub.ruling_pdfs else "")

    def _record_text(self, text: str | None) -> Markup | str:
        """A text of a ruling record as the page shows it: its English a gloss unless the page is English."""
        if not text:
            return ""
        markup = html_of(text_markup(text))
        return markup if self.lang is Lang.EN else english_as_gloss(markup)

    def rulings_index(self) -> str:
        return self.render("events/rulings.html.jinja", "rulings/index.html",
                           rulings=[self._ruling_row(i, r, "../") for i, r in enumerate(self.pub.rulings, start=1)])

    def law(self, cited: LawCitation) -> str:
        """The copy of a cited provision, for a folder published without the rulebook's address."""
        title, paragraphs = self.pub.law_quotes[cited]
        citing = [{"href": f"../rulings/{i}.html", "board": r.board}
                  for i, r in enumerate(self.pub.rulings, start=1) if cited in r.laws]
        return self.render("events/law.html.jinja", _law_file(cited), cited=_citation_text(cited), title=title,
                           quote=[html_of(text_markup(p)) for p in paragraphs], citing=citing,
                           edition=EDITIONS.name(cited.edition))

    # -- all of them -------------------------------------------------------------------------------
    def all(self) -> dict[str, str]:
        pages = {"index.html": self.index()}
        for i, br in enumerate(self.results.boards):
            pages[f"boards/{br.board.number}.html"] = self.board(i, br)
        for ident, slug in self.slugs.items():
            pages[f"{self._who_folder()}/{slug}.html"] = self.participant(ident)
        for i, m in enumerate(self.matches, start=1):
            pages[f"matches/{i}.html"] = self.match(i, m)
        if self.pub.rulings:
            pages["rulings/index.html"] = self.rulings_index()
            for i, record in enumerate(self.pub.rulings, start=1):
                pages[f"rulings/{i}.html"] = self.ruling(i, record)
            if self.pub.law_url is None:
                for cited in dict.fromkeys(c for r in self.pub.rulings for c in r.laws):
                    if cited in self.pub.law_quotes:
                        pages[_law_file(cited)] = self.law(cited)
        convert = self.pub.convert
        return {path: convert(text) for path, text in pages.items()}


def _anchor(r: TableResult) -> str:
    """The id of a result's row and of its auction and play on the board page: its two sides, who
    meet once on a board (``t-4-11``; a teams match's rooms seat the teams the other way round)."""
    return f"t-{_slug(r.ns)}-{_slug(r.ew)}"


def _citation_text(cited: LawCitation) -> str:
    """A cited provision as the rulebook cites it, with its edition: ``1999年版 第16条A款``."""
    return f"{EDITIONS.name(cited.edition)} {citation(cited.label)}"


def _conditions(board: Board) -> tuple[Seat, Vulnerability]:
    if board.dealer is not None and board.vulnerability is not None:
        return board.dealer, board.vulnerability
    return board_conditions(board.number)


def environment(template_folders: Iterable[Path] = ()) -> jinja2.Environment:
    """The templates: ``events/*.html.jinja`` in the project's folders first (an overriding
    template), then the package's defaults."""
    folders = [str(f) for f in template_folders] + [str(package_path("rules_ext.event_site", "templates"))]
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(folders), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.globals["DAGGER"] = DAGGER
    env.globals["COLUMNS"] = [s.name for s in COLUMNS]
    return env


def stylesheet() -> str:
    """The pages' one stylesheet (phone first, dark mode, print)."""
    return package_path("rules_ext.event_site", "static", STYLESHEET).read_text(encoding="utf-8")


def script() -> str:
    """The pages' one script: search and "me" on the ranking, sorting, tabs, the play step by step."""
    return package_path("rules_ext.event_site", "static", SCRIPT).read_text(encoding="utf-8")


def favicon() -> str:
    """The rulebook site's favicon (a spade), the published folder's too."""
    return package_path("rules_ext.rulebook_site", "static", FAVICON).read_text(encoding="utf-8")


def event_pages(pub: Publication, template_folders: Iterable[Path] = ()) -> dict[str, str]:
    """Every page of ``pub`` as ``{path relative to the folder: HTML}``, the stylesheet, the script
    and the favicon included (unless ``pub.assets`` says where they are)."""
    pages = _Pages(pub, environment(template_folders)).all()
    if not pub.assets:  # a session's pages share the overall pages' (``assets``)
        pages.update(assets())
    return pages


def assets() -> dict[str, str]:
    """The stylesheet, the script and the favicon, by their paths beside the pages."""
    return {STYLESHEET: stylesheet(), SCRIPT: script(), FAVICON: favicon()}


def text_of_page(html: str) -> str:
    """A page's visible text (tags removed, entities read), for checks and the crawl."""
    return plain(re.sub(r"<(script|style)[^>]*>.*?</\1>", "", html, flags=re.S))
