"""A scored event as a folder of static HTML pages: the ranking with its scoring basis, one page per
board (deal, double dummy, par, traveller), per pair, player or team, per teams match, and the
session's rulings with each cited law linked to the rulebook site.

Every figure and word comes from the sheets (:mod:`rules_ext.pdf`: their labels, notation, scoring
basis, marks and number formats), so a page and its PDF say the same thing in the same words;
their paragraph markup is turned into HTML here (:func:`html_of`). The pages are Jinja2 templates
(``events/*.html.jinja``, the project's folder first), returned as ``{relative path: text}`` for the
caller to write all or nothing; self-contained (relative links, no script needed, no request
outside the folder), so the folder works from ``file://``. What this part cannot know — a cited
provision's address, the 繁體 conversion, the downloads — the caller gives it.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from pathlib import Path

import jinja2
from markupsafe import Markup

from rules_ext.core import Seat, Strain, Vulnerability, board_conditions
from rules_ext.corpus.catalogue import EDITIONS
from rules_ext.corpus.labels import LawCitation, citation
from rules_ext.corpus.printed import chinese_date
from rules_ext.events.dd import DD_SEATS, DD_STRAINS, DoubleDummy
from rules_ext.events.model import Board, Event, EventKind, TableResult
from rules_ext.events.scoring.results_model import BoardResults, EventResults, MatchResult, RankEntry, ScoredResult
from rules_ext.events.scoring.teams import match_of, team_board_imps
from rules_ext.fileio import package_path
from rules_ext.pdf.basis import board_basis, event_basis
from rules_ext.pdf.figures import contract_text, par_markup, result_markup, text_markup
from rules_ext.pdf.handrecord import makeable_markup
from rules_ext.pdf.layout import LABELS, RED_HEX, Lang, PrintOptions, card_markup
from rules_ext.pdf.results import _partner_and_opponents, _side_of, match_boards
from rules_ext.pdf.ruling_record import RulingRecord
from rules_ext.pdf.sheets import DAGGER, DAMAGED, Marks, damaged_note, person, phantoms_of, ranking_columns, seat_holder
from rules_ext.pdf.traveller import Formats, row_label, row_labels

__all__ = ["Download", "Publication", "event_pages", "html_of", "stylesheet"]

#: where the stylesheet lands in the published folder
STYLESHEET = "events.css"


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
    board (None where the deal is incomplete); the rulings of the session; the corrections applied
    (one line each); the downloads; and what only the caller knows: ``law_url`` (the address of a
    cited provision, relative to the folder's root, or absolute), ``convert`` (the text of a page in
    its script), ``script`` (``hans`` or ``hant``), ``other_script`` (the same page in the other
    script, relative to the root: ``hant/`` or ``../``; '' for none), ``up`` (the pages' root to the
    folder the downloads and the relative law addresses start from: ``../`` for the 繁體 pages in
    ``hant/`` beside the 简体 ones, '' when the pages are that folder's own), ``site`` (the site the
    event is published in, linked from every page's head: its address from ``up`` and its name)."""

    event: Event
    results: EventResults
    dd: Mapping[int, DoubleDummy | None] = field(default_factory=dict)
    rulings: Sequence[RulingRecord] = ()
    corrections: Sequence[str] = ()
    downloads: Sequence[Download] = ()
    ruling_pdfs: Mapping[int, str] = field(default_factory=dict)  # ruling index -> path of its form
    law_url: Callable[[LawCitation], str] = lambda c: ""
    law_quotes: Mapping[LawCitation, tuple[str, Sequence[str]]] = field(default_factory=dict)
    lang: str = "zh"
    script: str = "hans"
    other_script: str = ""
    convert: Callable[[str], str] = lambda s: s
    up: str = ""  # from the root of these pages to the folder of the downloads and of ``law_url``'s relative addresses
    site: tuple[str, str] | None = None  # the site the event is published in: (address from ``up``, its name)
    figures: str = "ours"  # where ours and the file's differ, the figures shown: ours or the file's (marked †), as the sheets


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
_SIDE_FIRST = re.compile(r"(南北|东西)(.*)")


def _words(zh: str) -> Markup:
    """A Chinese label as one or two words that never break inside (a narrow column's heading reads
    牌号 and 南北 / 得分, never 牌 / 号, 南 / 北 or 东西得 / 分): after a side first (南北, 东西) a
    line may break, nowhere else in it."""
    m = _SIDE_FIRST.fullmatch(zh)
    words = escape(zh) if m is None else escape(m[1]) + Markup("<wbr>" if m[2] else "") + escape(m[2])
    return Markup('<span class="words">') + words + Markup("</span>")


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
        plain = re.sub(r"<[^>]+>", "", line)
        if i and plain.strip() and not _CJK.search(plain):
            out.append(f'<span lang="en" class="gloss"><br>{line}</span>')
            continue
        m = _ENGLISH_AFTER.fullmatch(line)
        line = f'{m[1]}<span lang="en" class="gloss"> {m[2]}</span>' if m else line
        out.append(("<br>" if i else "") + line)
    return Markup("".join(out))


def _gloss(zh: str, en: str, lang: Lang, words: bool = False) -> Markup:
    """A label in the pages' language: Chinese, English, or Chinese with the English marked as a
    gloss (``lang="en"``); ``words``: the Chinese as words that never break inside (a heading)."""
    chinese = _words(zh) if words else Markup(escape(zh))
    if lang is Lang.EN:
        return Markup(escape(en))
    if lang is Lang.ZH or zh == en:
        return chinese
    return chinese + Markup(f' <span lang="en" class="gloss">{escape(en)}</span>')


def _slug(ident: str) -> str:
    """A file name for a participant id: letters, digits, ``-`` and ``_`` kept, the rest as its
    code point (so two ids never share a file)."""
    return "".join(c if c.isascii() and (c.isalnum() or c in "-_") else f"~{ord(c):x}" for c in ident) or "~"


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
        self.numbers = [b.board.number for b in self.results.boards]
        self.entries: dict[str, RankEntry] = {e.id: e for r in self.results.rankings for e in r.entries}
        slugs: dict[str, str] = {}
        for ident in self.entries:
            slugs[ident] = _slug(ident)
        self.slugs = slugs
        self.matches = list(self.results.matches)
        #: from the root of the pages to the folder's root (the 繁體 pages of ``publish`` are in ``hant/``)
        self.up = pub.up
        self.rulings_by_board: dict[int, list[int]] = {}
        for i, record in enumerate(pub.rulings, start=1):
            self.rulings_by_board.setdefault(record.board, []).append(i)

    # words
    def label(self, key: str) -> Markup:
        zh, en = LABELS[key]
        return _gloss(zh, en, self.lang)

    def heading(self, key: str) -> Markup:
        """A label as a table's column heading: wraps between its words only (南北 / 得分)."""
        zh, en = LABELS[key]
        return _gloss(zh, en, self.lang, words=True)

    def words(self, zh: str, en: str) -> Markup:
        return _gloss(zh, en, self.lang)

    # links
    def participant_href(self, ident: str, root: str) -> str | None:
        slug = self.slugs.get(ident)
        return None if slug is None else f"{root}{self._who_folder()}/{slug}.html"

    def _who_folder(self) -> str:
        return {EventKind.TEAMS: "teams", EventKind.INDIVIDUAL: "players"}.get(self.kind, "pairs")

    def who_link(self, ident: str, root: str) -> Markup:
        """A pair, player or team as the sheets name it (a phantom, a sit-out), linked to its page."""
        text = seat_holder(ident, self.options, self.phantoms)
        href = self.participant_href(ident, root)
        if href is None or text != ident:
            return Markup(escape(text))
        return Markup(f'<a href="{escape(href)}">{escape(text)}</a>')

    def render(self, template: str, here: str, **data: object) -> str:
        """Page ``here`` (its path in the folder) from ``template``."""
        root = "../" * here.count("/")
        return self.env.get_template(template).render(
            here=here, root=root, up=self.up, pub=self.pub, event=self.event, label=self.label, heading=self.heading,
            words=self.words,
            lang=self.lang.value, script=self.pub.script, other_script=self.pub.other_script,
            html_lang="zh-Hant" if self.pub.script == "hant" else "zh-Hans" if self.lang is not Lang.EN else "en",
            stylesheet=root + STYLESHEET, title_event=self.event.name or Path(self.event.source).stem,
            event_date=self.event.date if self.lang is Lang.EN else chinese_date(self.event.date or ""), **data)

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
                names = person(e.names)
                rows.append({
                    "rank": html_of(self.marks.total(e.id, "rank", e.rank)),
                    "who": self.who_link(e.id, root),
                    "names": "" if names == e.id else names,
                    "total": html_of(self.marks.total(e.id, "total", total_format(e.total))),
                    "pct": html_of(self.marks.total(e.id, "pct", pct_format(e.pct))) if has_pct else "",
                    "imps": html_of(self.marks.total(e.id, "imps", self.formats.imp(e.imps))) if has_imps else "",
                    "boards": e.boards,
                })
            group = {"NS": "ns_pair", "EW": "ew_pair"}.get(ranking.group)
            rankings.append({"group": self.label(group) if group else "", "rows": rows,
                             "total": self.label(unit_key.get(ranking.unit, "total")),
                             "pct": has_pct, "imps": has_imps,
                             "played": self.label("matches" if ranking.unit == "VP" else "boards")})
        return self.render(
            "events/index.html.jinja", "index.html",
            basis=[html_of(line) for line in event_basis(self.event, self.results, self.options)],
            marks_note=html_of(" ".join(x for x in (self.marks.note(hint=False), damaged_note(self.results, self.options))
                                        if x).replace("<br/>", "<br/>")),
            corrections=self.pub.corrections, rankings=rankings,
            who=self.label({EventKind.TEAMS: "team", EventKind.INDIVIDUAL: "player"}.get(self.kind, "pair")),
            boards=[{"number": n, "href": f"boards/{n}.html"} for n in self.numbers],
            matches=[self._match_row(i, m, root) for i, m in enumerate(self.matches, start=1)],
            crosstable=self._crosstable(root) if self.teams else None,
            rulings=[self._ruling_row(i, r, root) for i, r in enumerate(self.pub.rulings, start=1)],
            downloads=[{"href": self.up + d.path, "text": self.words(*DOWNLOAD_WORDS[d.label])} for d in self.pub.downloads])

    def _match_row(self, number: int, m: MatchResult, root: str) -> dict[str, object]:
        return {"href": f"{root}matches/{number}.html", "round": m.round, "table": m.table,
                "home": self.who_link(m.home, root), "visit": self.who_link(m.visit, root),
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
        return {"teams": [{"who": self.who_link(t, root), "number": i} for i, t in enumerate(teams, start=1)],
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
        basis = board_basis(br, self.results, self.options, differ=differ) if br.lines else ""
        return self.render(
            "events/board.html.jinja", f"boards/{number}.html", number=number,
            prev=None if prev_n is None else {"n": prev_n, "href": f"{prev_n}.html"},
            next=None if next_n is None else {"n": next_n, "href": f"{next_n}.html"},
            dealer=self.options.seat(dealer), vulnerability=self.options.vulnerability(vulnerability),
            hands=self._hands(board, dealer), dd=self._dd_grid(dd),
            makeable=html_of(makeable_markup(dd, self.options)) if dd is not None else "",
            par=html_of(par_markup(dd.par, self.options)) if dd is not None and dd.par is not None else "",
            basis=html_of(basis) if basis else "",
            traveller=self._traveller(br, root),
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

    def _result(self, r: TableResult, over: bool = True) -> Markup:
        """A result in the sheets' one notation (contract, declarer, over/under), or what stands in
        for it (an artificial score's marker, a weighted score, not played, a sit-out); each figure
        one unbreakable unit (``<span class="fig">``: a phone never puts ``+1`` under ``4♥ 南``), a
        weighted score's outcomes may go on separate lines."""
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
        if r.contract.is_passed_out or r.declarer is None or r.tricks is None:
            return unit(html_of(contract_text(r.contract, self.options)))
        made = r.tricks - 6 - r.contract.level
        return unit(html_of(result_markup(r.contract, (r.declarer,), made, None, self.options)))

    def _traveller(self, br: BoardResults, root: str) -> dict[str, object]:
        number = br.board.number
        matchpoints = self.results.method == "matchpoints"
        labelled = row_labels([line.result for line in br.lines])  # as the printed traveller: its round or table
        key = labelled[0] if labelled else None
        rows = []
        for line in br.lines:
            r = line.result
            score = line.score_ns
            row: dict[str, object] = {"key": row_label(r, key) if key else "", "ns": self.who_link(r.ns, root), "ew": self.who_link(r.ew, root),
                   "result": self._result(r),
                   "lead": html_of(card_markup(r.lead)) if r.lead else "",
                   "score_ns": html_of(self.marks.line(number, r, "score", "NS", str(score))) if score and score > 0
                   else ("0" if score == 0 else ""),
                   "score_ew": html_of(self.marks.line(number, r, "score", "NS", str(-score))) if score and score < 0
                   else ("0" if score == 0 else "")}
            if matchpoints:
                row["figures"] = [html_of(self.marks.line(number, r, "mp", "NS", self.formats.mp(line.mp_ns))),
                                  html_of(self.marks.line(number, r, "mp", "EW", self.formats.mp(line.mp_ew))),
                                  html_of(self.marks.line(number, r, "pct", "NS", self.formats.pct(line.pct_ns)))]
            else:
                row["figures"] = [html_of(self.marks.line(number, r, "imp", "NS", self.formats.imp(line.imp_ns))),
                                  html_of(self.marks.line(number, r, "imp", "EW", self.formats.imp(line.imp_ew)))]
            rows.append(row)
        head = ["mp_ns", "mp_ew", "pct"] if matchpoints else ["imp_ns", "imp_ew"]
        return {"rows": rows, "head": [self.heading(k) for k in head], "leads": any(ln.result.lead for ln in br.lines),
                "key": self.heading(key) if key else ""}

    # -- a participant -------------------------------------------------------------------------------
    def participant(self, ident: str) -> str:
        root = "../"
        entry = self.entries[ident]
        matchpoints = self.results.method == "matchpoints"
        rows = []
        total = 0.0
        # a team's IMPs on a board are the match's, counted once (not once per room): its matches' boards
        team_imps = team_board_imps(self.matches, ident) if self.teams else {}
        for br in self.results.boards:
            number = br.board.number
            for line in br.lines:
                r = line.result
                side = _side_of(ident, r, self.individual)
                if not side:
                    continue
                score = line.score_ns if line.score_ns is None or side == "NS" else -line.score_ns
                if matchpoints:
                    mp = line.mp_ns if side == "NS" else line.mp_ew
                    pct = line.pct_ns if side == "NS" else line.pct_ew
                    total += mp or 0
                    figures = [html_of(self.marks.line(number, r, "mp", side, self.formats.mp(mp))),
                               html_of(self.marks.line(number, r, "pct", side, self.formats.pct(pct)))]
                else:
                    imp = line.imp_ns if side == "NS" else line.imp_ew
                    if self.teams:  # the board's IMPs on the first of its rooms, once
                        found = match_of(r)
                        imp = team_imps.pop((found[0], number), None) if found is not None else None
                    total += imp or 0
                    figures = [html_of(self.marks.line(number, r, "imp", side, self.formats.imp(imp)))]
                if self.individual:
                    partner, against = _partner_and_opponents(ident, r)
                    opponents = Markup(" – ").join(self.who_link(p, root) for p in against if p)
                else:
                    partner, opponents = "", self.who_link(r.ew if side == "NS" else r.ns, root)
                rows.append({"number": number, "href": f"{root}boards/{number}.html",
                             "side": self.label("ns_pair" if side == "NS" else "ew_pair"),
                             "partner": self.who_link(partner, root) if partner else "",
                             "opponents": opponents, "result": self._result(r),
                             "score": html_of(self.marks.score(number, r, side, score)), "figures": figures,
                             "ruling": bool(self.rulings_by_board.get(number))})
        head = ["mp", "pct"] if matchpoints else ["imps"]
        names = person(self.event.names_of(ident))
        column = self.formats.mp if matchpoints else self.formats.imp
        if not self.teams:  # the ranking's total, printed as the ranking prints it (not the card's figures re-added)
            ranking = next(rk for rk in self.results.rankings if entry in rk.entries)
            column, pct_column = ranking_columns(self.event, ranking.unit, ranking.entries)
            total = entry.total
        else:
            pct_column = self.formats.pct
        matches = [self._match_row(i, m, root) for i, m in enumerate(self.matches, start=1)
                   if ident in (m.home, m.visit)]
        return self.render(
            "events/participant.html.jinja", self.participant_href(ident, "") or "", ident=ident, names="" if names == ident else names,
            entry=entry, rows=rows, head=[self.heading(k) for k in head], individual=self.individual,
            total=column(total) if rows else "", pct=pct_column(entry.pct) if entry.pct is not None else "",
            who=self.label({EventKind.TEAMS: "team", EventKind.INDIVIDUAL: "player"}.get(self.kind, "pair")),
            matches=matches)

    # -- a teams match -------------------------------------------------------------------------------
    def match(self, number: int, m: MatchResult) -> str:
        root = "../"
        rows = []
        for br, board in match_boards(self.results, m):
            n = br.board.number
            imp = board.imps_home  # the board's IMPs, counted once for the match (a board of one room: the file's)
            rooms = [self._room(board.open, n), self._room(board.closed, n)]
            if board.one_room:
                rooms[board.open is not None] = {"result": self.label("one_room" if imp is not None
                                                                      else "one_room_uncounted"), "score": ""}
            rows.append({"number": n, "href": f"{root}boards/{n}.html", "open": rooms[0], "closed": rooms[1],
                         "home": self.formats.imp(imp) if imp is not None and imp > 0 else "",
                         "visit": self.formats.imp(-imp) if imp is not None and imp < 0 else ""})
        return self.render("events/match.html.jinja", f"matches/{number}.html", match=self._match_row(number, m, root), m=m, rows=rows)

    def _room(self, line: ScoredResult | None, number: int) -> dict[str, object]:
        if line is None:
            return {"result": "", "score": ""}
        score = line.score_ns
        return {"result": self._result(line.result),
                "score": html_of(self.marks.line(number, line.result, "score", "NS", f"{score:+d}" if score else "0"))
                if score is not None else ""}

    # -- rulings -------------------------------------------------------------------------------------
    def _ruling_row(self, number: int, record: RulingRecord, root: str) -> dict[str, object]:
        return {"href": f"{root}rulings/{number}.html", "board": record.board, "table": record.table,
                "laws": Markup("、").join(self._law_link(c, root) for c in record.laws)}

    def _law_link(self, cited: LawCitation, root: str) -> Markup:
        url = self.pub.law_url(cited)
        text = _citation_text(cited)
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
        return self.render(
            "events/ruling.html.jinja", f"rulings/{number}.html", number=number, record=record,
            board_href=f"{root}boards/{record.board}.html" if known else "",
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
        convert = self.pub.convert
        return {path: convert(text) for path, text in pages.items()}


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
    return env


def stylesheet() -> str:
    """The pages' one stylesheet (phone first, dark mode, print)."""
    return package_path("rules_ext.event_site", "static", STYLESHEET).read_text(encoding="utf-8")


def event_pages(pub: Publication, template_folders: Iterable[Path] = ()) -> dict[str, str]:
    """Every page of ``pub`` as ``{path relative to the folder: HTML}``, the stylesheet included."""
    pages = _Pages(pub, environment(template_folders)).all()
    pages[STYLESHEET] = stylesheet()
    return pages
