"""Ruling forms: a director's ruling record (TOML) printed as a form, and a blank form for the table.

The record format (documented with an example in ``source/rulings/format.md`` and
``source/rulings/example.toml``)::

    event = "2026 秋季公开双人赛 Autumn Open Pairs"     # required
    session = "第二节 Session 2"
    date = "2026-11-21"
    director = "陈静 Chen Jing"
    board = 14                  # required; dealer and vulnerability follow from it (Law 2)
    table = "7"
    ns_pair = "3"
    ew_pair = "12"
    called_by = "W"             # the seat that called the director
    time = "15:42"
    deal = "N:AK32.... ..."     # optional: PBN deal, printed as a diagram
    auction = ["1S", "2H*", "2S", "Pass", "4S", "AP"]  # from the dealer; * = alerted; AP = all pass
    facts = '''What happened.'''
    laws = ["1999:16A", "1999:12C3"]   # edition:label, quoted from the rulebook
    ruling = '''The ruling and why.'''

    [players]                   # names at the table
    N = "Zoë Dupré"
    E = "王芳"

    [adjustment]                # optional: an assigned score, weighted or not ...
    note = "Law 12C3"
    result = [ { contract = "4S", declarer = "S", tricks = 10, weight = 60 },
               { contract = "4S", declarer = "S", tricks = 9,  weight = 40 } ]
    # ... or an artificial one: artificial = { ns = 60, ew = 40 }   (percent)

    [appeal]                    # optional
    appellant = "EW"
    reasons = '''...'''
    committee = ["...", "..."]
    decision = '''...'''
    deposit = "200 元"
    deposit_returned = true

Calls are read by the core (``Call.parse``) but an auction is not required to be legal: the
irregularity is often the reason for the ruling. Scores of an assigned adjustment are computed by
the core (``score`` with the board's vulnerability). A weighted adjustment (weights in percent,
summing to 100) is printed as what the scorer must do with it: each result is matchpointed (or
IMPed) on its own and those are weighted (the core's ``WeightedScore.matchpoints``/``imps``); the
form never prints an average of the points, which would score differently. Every problem is reported as
``file:line: field: problem`` (a ``RulingError``).
"""
from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.platypus import Flowable, KeepTogether, PageBreak, Spacer, Table, TableStyle

from rules_ext.corpus.labels import LawCitation, citation, law_number
from rules_ext.pdf.diagram import SEATS, HandDiagram, auction_table, vulnerable_seats
from rules_ext.pdf.layout import (
    GRID,
    SHADE,
    PageHeader,
    PrintOptions,
    Styles,
    build_document,
    contract_markup,
    frame_size,
)
from rules_ext.pdf.traveller import fmt_number


class RulingError(ValueError):
    """A ruling record that cannot be read; the message names the file, line and field."""


@dataclass(frozen=True, slots=True)
class WeightedResult:
    """One result of an assigned score: contract (with declarer), tricks and weight in percent."""

    contract: Any  # core Contract with a declarer
    tricks: int
    weight: float = 100.0

    def __post_init__(self) -> None:
        if isinstance(self.tricks, bool) or not isinstance(self.tricks, int) or not 0 <= self.tricks <= 13:
            raise ValueError(f"{self.tricks!r} tricks is impossible: expected 0..13")
        if isinstance(self.weight, bool) or not isinstance(self.weight, (int, float)) or not 0 < self.weight <= 100:
            raise ValueError(f"weight {self.weight!r} is not a percentage: expected e.g. 60")


@dataclass(frozen=True, slots=True)
class Adjustment:
    """An assigned score (one or several weighted results) or an artificial one (percent NS/EW)."""

    results: tuple[WeightedResult, ...] = ()
    artificial: tuple[float, float] | None = None
    note: str = ""

    def __post_init__(self) -> None:
        if bool(self.results) == (self.artificial is not None):
            raise ValueError("an adjustment has either 'result' (assigned) or 'artificial', not both "
                             "and not neither: expected e.g. result = [{contract = '4S', declarer = 'S', "
                             "tricks = 10, weight = 100}]")
        if self.results and abs(sum(r.weight for r in self.results) - 100) > 1e-9:
            weights = " + ".join(fmt_number(r.weight) for r in self.results)
            raise ValueError(f"weights {weights} do not add up to 100: expected e.g. 60 + 40")
        if self.artificial is not None and any(not 0 <= p <= 100 for p in self.artificial):
            raise ValueError(f"artificial score {self.artificial!r}: expected percentages 0..100, e.g. ns = 60, ew = 40")


@dataclass(frozen=True, slots=True)
class Appeal:
    appellant: str = ""
    reasons: str = ""
    committee: tuple[str, ...] = ()
    decision: str = ""
    deposit: str = ""
    deposit_returned: bool | None = None


@dataclass(frozen=True, slots=True)
class RulingRecord:
    """What a ruling form shows; dealer and vulnerability are derived from ``board`` by the core."""

    event: str
    board: int
    session: str = ""
    date: str = ""
    director: str = ""
    table: str = ""
    ns_pair: str = ""
    ew_pair: str = ""
    called_by: str = ""
    time: str = ""
    players: tuple[tuple[str, str], ...] = ()  # (seat, name) in N E S W order
    deal: Any = None  # core Deal or None
    auction: tuple[str, ...] = ()
    facts: str = ""
    laws: tuple[LawCitation, ...] = ()
    ruling: str = ""
    adjustment: Adjustment | None = None
    appeal: Appeal | None = None
    source: str = field(default="<record>", compare=False)

    def __post_init__(self) -> None:
        if not str(self.event).strip():
            raise ValueError("event is empty: expected e.g. event = \"Autumn Pairs\"")
        if isinstance(self.board, bool) or not isinstance(self.board, int) or self.board < 1:
            raise ValueError(f"board {self.board!r} is not a positive whole number: expected e.g. board = 14")

    @property
    def conditions(self) -> tuple[Any, Any]:
        """(dealer Seat, Vulnerability) of the board, by Law 2."""
        from rules_ext.core import board_conditions

        return board_conditions(self.board)

    def adjusted_scores(self) -> list[tuple[WeightedResult, int]]:
        """Each assigned result with its North-South score (core ``score``)."""
        from rules_ext.core import ns_score

        _, vul = self.conditions
        return [(result, ns_score(result.contract, result.contract.declarer, result.tricks, vul))
                for result in (self.adjustment.results if self.adjustment else ())]



# -- reading ------------------------------------------------------------------------------------

_TOP_KEYS = {"event", "session", "date", "director", "board", "table", "ns_pair", "ew_pair",
             "called_by", "time", "deal", "auction", "facts", "laws", "ruling", "players",
             "adjustment", "appeal"}


def load_ruling(path: str | Path) -> RulingRecord:
    """Read a ruling record; a problem raises RulingError ``file:line: field: problem``."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise RulingError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from exc
    return parse_ruling(text, source=str(path))


def parse_ruling(text: str, *, source: str = "<record>") -> RulingRecord:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        where = f"{source}:{m.group(1)}" if m else source
        raise RulingError(f"{where}: not valid TOML: {str(exc).split(' (at line')[0]}") from exc
    return _Reader(data, text, source).record()


class _Reader:
    def __init__(self, data: dict[str, Any], text: str, source: str) -> None:
        self.data, self.lines, self.source = data, text.splitlines(), source

    def fail(self, path: str, problem: str, cause: Exception | None = None) -> RulingError:
        line = self._line_of(path)
        where = f"{self.source}:{line}" if line else self.source
        error = RulingError(f"{where}: {path}: {problem}")
        error.__cause__ = cause
        return error

    def _line_of(self, path: str) -> int | None:
        """The line that sets ``path``'s last key (after its table header, when there is one)."""
        keys = re.findall(r"[A-Za-z_]+", path)
        if not keys:
            return None
        start = 0
        if len(keys) > 1:
            for i, line in enumerate(self.lines):
                if re.match(rf"\s*\[\[?\s*{re.escape(keys[0])}\b", line):
                    start = i
                    break
        for i in range(start, len(self.lines)):
            if re.match(rf"\s*{re.escape(keys[-1])}\s*=", self.lines[i]) or re.search(
                    rf"[{{,]\s*{re.escape(keys[-1])}\s*=", self.lines[i]):
                return i + 1
        return start + 1 if start else None

    def text(self, table: Mapping[str, Any], key: str, path: str, required: bool = False) -> str:
        value = table.get(key, "")
        if required and value in ("", None):
            raise self.fail(path, f"missing: expected e.g. {key} = \"...\"")
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            raise self.fail(path, f"{value!r} is not text: expected a quoted string")
        return value.strip()

    def record(self) -> RulingRecord:
        from rules_ext.core import Call, Contract, Deal, Seat

        d = self.data
        unknown = sorted(set(d) - _TOP_KEYS)
        if unknown:
            raise self.fail(unknown[0], f"unknown field: expected one of {', '.join(sorted(_TOP_KEYS))}")
        board = d.get("board")
        if isinstance(board, bool) or not isinstance(board, int) or board < 1:
            raise self.fail("board", f"{board!r} is not a board number: expected e.g. board = 14")
        players_in = d.get("players", {})
        if not isinstance(players_in, dict):
            raise self.fail("players", "expected a table [players] with N, E, S, W names")
        players = []
        for key in players_in:
            try:
                seat = Seat.parse(key)
            except ValueError as exc:
                raise self.fail(f"players.{key}", str(exc), exc) from exc
            players.append((seat.name, self.text(players_in, key, f"players.{key}")))
        players.sort(key=lambda p: SEATS.index(p[0]))
        called_by = self.text(d, "called_by", "called_by")
        if called_by:
            try:
                called_by = Seat.parse(called_by).name
            except ValueError as exc:
                raise self.fail("called_by", str(exc), exc) from exc
        deal = None
        if d.get("deal"):
            try:
                deal = Deal.from_pbn(self.text(d, "deal", "deal"))
            except ValueError as exc:
                raise self.fail("deal", str(exc), exc) from exc
        calls = d.get("auction", [])
        if not isinstance(calls, list):
            raise self.fail("auction", "expected a list of calls, e.g. [\"1S\", \"Pass\", \"4S\", \"AP\"]")
        for i, call in enumerate(calls):
            word = str(call).strip().rstrip("*!").strip()
            if word.upper() == "AP" and i == len(calls) - 1:
                continue
            try:
                Call.parse(word)
            except ValueError as exc:
                raise self.fail(f"auction[{i + 1}]", str(exc), exc) from exc
        laws = []
        law_list = d.get("laws", [])
        if not isinstance(law_list, list):
            raise self.fail("laws", "expected a list, e.g. [\"1991:27B2\"]")
        for i, item in enumerate(law_list):
            try:
                laws.append(LawCitation.parse(item))
            except ValueError as exc:
                raise self.fail(f"laws[{i + 1}]", str(exc), exc) from exc
        adjustment = self._adjustment(d.get("adjustment"), Contract)
        appeal = self._appeal(d.get("appeal"))
        try:
            return RulingRecord(
                event=self.text(d, "event", "event", required=True), board=board,
                session=self.text(d, "session", "session"), date=self.text(d, "date", "date"),
                director=self.text(d, "director", "director"), table=self.text(d, "table", "table"),
                ns_pair=self.text(d, "ns_pair", "ns_pair"), ew_pair=self.text(d, "ew_pair", "ew_pair"),
                called_by=called_by, time=self.text(d, "time", "time"), players=tuple(players),
                deal=deal, auction=tuple(str(c).strip() for c in calls),
                facts=self.text(d, "facts", "facts"), laws=tuple(laws),
                ruling=self.text(d, "ruling", "ruling"), adjustment=adjustment, appeal=appeal,
                source=self.source)
        except ValueError as exc:
            raise self.fail("event", str(exc), exc) from exc

    def _adjustment(self, table: Any, contract_type: Any) -> Adjustment | None:
        if table is None:
            return None
        if not isinstance(table, dict):
            raise self.fail("adjustment", "expected a table [adjustment]")
        results = []
        raw = table.get("result", [])
        if isinstance(raw, dict):
            raw = [raw]
        for i, item in enumerate(raw):
            path = f"adjustment.result[{i + 1}]"
            if not isinstance(item, dict):
                raise self.fail(path, "expected {contract = \"4S\", declarer = \"S\", tricks = 10, weight = 60}")
            try:
                contract = contract_type.parse(f"{item.get('contract', '')}")
            except ValueError as exc:
                raise self.fail(f"{path}.contract", str(exc), exc) from exc
            if contract.declarer is None and not contract.is_passed_out:
                try:
                    contract = _with_declarer(contract, item.get("declarer"))
                except ValueError as exc:
                    raise self.fail(f"{path}.declarer", str(exc), exc) from exc
            try:
                results.append(WeightedResult(contract, item.get("tricks"), item.get("weight", 100)))
            except ValueError as exc:
                field_name = "tricks" if "trick" in str(exc) else "weight"
                raise self.fail(f"{path}.{field_name}", str(exc), exc) from exc
        artificial = table.get("artificial")
        if artificial is not None:
            if not isinstance(artificial, dict) or set(artificial) != {"ns", "ew"}:
                raise self.fail("adjustment.artificial", "expected artificial = { ns = 60, ew = 40 }")
            artificial = (float(artificial["ns"]), float(artificial["ew"]))
        try:
            return Adjustment(tuple(results), artificial, self.text(table, "note", "adjustment.note"))
        except ValueError as exc:
            raise self.fail("adjustment", str(exc), exc) from exc

    def _appeal(self, table: Any) -> Appeal | None:
        if table is None:
            return None
        if not isinstance(table, dict):
            raise self.fail("appeal", "expected a table [appeal]")
        committee = table.get("committee", [])
        if isinstance(committee, str):
            committee = [committee]
        returned = table.get("deposit_returned")
        if returned is not None and not isinstance(returned, bool):
            raise self.fail("appeal.deposit_returned", f"{returned!r}: expected true or false")
        return Appeal(self.text(table, "appellant", "appeal.appellant"),
                      self.text(table, "reasons", "appeal.reasons"),
                      tuple(str(c) for c in committee), self.text(table, "decision", "appeal.decision"),
                      self.text(table, "deposit", "appeal.deposit"), returned)


def _with_declarer(contract: Any, declarer: Any) -> Any:
    from dataclasses import replace

    from rules_ext.core import Seat

    if declarer in (None, ""):
        raise ValueError("missing: expected e.g. declarer = \"S\"")
    return replace(contract, declarer=Seat.parse(str(declarer)))


# -- quoting the laws ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class QuotedLaw:
    citation: LawCitation
    title: str  # the law's title
    paragraphs: tuple[str, ...]  # the provision and its sub-provisions, each 'marker heading text'


def quote_laws(citations: Sequence[LawCitation], corpus: Any = None, *, source: str = "<record>"
               ) -> list[QuotedLaw]:
    """The text of each cited provision from the rulebook model (``load_corpus()`` by default)."""
    if not citations:
        return []
    if corpus is None:
        from rules_ext.corpus import load_corpus

        corpus = load_corpus()
    out = []
    for cited in citations:
        try:
            edition = corpus.edition(cited.edition)
        except KeyError as exc:
            raise RulingError(f"{source}: laws: {cited}: {exc.args[0]}") from exc
        provision = corpus.find(cited.edition, cited.label)
        law = edition.law(law_number(cited.label))
        if law is None or (provision is None and cited.label != law.label):
            raise RulingError(f"{source}: laws: {cited}: no provision {cited.label!r} in "
                              f"edition {cited.edition}: expected e.g. {cited.edition}:27B2")
        nodes = list(provision.walk()) if provision is not None else list(law.walk())
        paragraphs = tuple(" ".join(x for x in (p.marker, p.heading, p.text) if x).strip()
                           for p in nodes)
        out.append(QuotedLaw(cited, citation(law.label, law.title), paragraphs))
    return out


# -- the form -----------------------------------------------------------------------------------

def _grid(data: list[list[Any]], widths: list[float], styles: Styles, extra: Sequence[tuple] = (),
          heights: list[float] | None = None) -> Table:
    table = Table(data, colWidths=widths, rowHeights=heights)
    table.setStyle(TableStyle([
        ("GRID", (0, 0), (-1, -1), 0.4, GRID),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("FONTNAME", (0, 0), (-1, -1), styles.font),
        ("FONTSIZE", (0, 0), (-1, -1), styles.cell.fontSize),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ] + list(extra)))
    return table


def _label_cells(keys: Sequence[str], options: PrintOptions, styles: Styles) -> list[Any]:
    return [styles.para(options.label(k), "small") for k in keys]


def _box(title: str, body: list[Flowable] | None, width: float, styles: Styles,
         height: float = 60) -> Flowable:
    """A titled box: the text when filled, empty room to write when not."""
    content: Any = body if body else ""
    table = Table([[styles.para(title, "small")], [content]], colWidths=[width],
                  rowHeights=[None, None if body else height])
    table.setStyle(TableStyle([
        ("BOX", (0, 0), (-1, -1), 0.6, GRID),
        ("FONTNAME", (0, 0), (-1, -1), styles.font),
        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ]))
    return table


def _check(checked: bool | None, label: str) -> str:
    return f"{'■' if checked else '□'} {label}"


def ruling_story(record: RulingRecord | None, options: PrintOptions, *, corpus: Any = None
                 ) -> list[Flowable]:
    """The form's flowables; ``record=None`` gives the blank form."""
    styles = Styles(9)
    width, _ = frame_size(options)
    L = options.label
    r = record
    story: list[Flowable] = [styles.text(L("ruling_form"), "title")]
    # who, where, when
    dealer = vul = ""
    if r is not None:
        seat, vulnerability = r.conditions
        dealer, vul = L(seat.name), L(f"vul.{vulnerability.name}")
    q = width / 8
    head = [
        _label_cells(["event"], options, styles) + [r.event if r else "", "", ""] +
        _label_cells(["session"], options, styles) + [r.session if r else ""] +
        _label_cells(["date"], options, styles) + [r.date if r else ""],
        _label_cells(["board"], options, styles) + [str(r.board) if r else ""] +
        _label_cells(["dealer"], options, styles) + [dealer] +
        _label_cells(["vul"], options, styles) + [vul] +
        _label_cells(["table"], options, styles) + [r.table if r else ""],
        _label_cells(["ns_pair"], options, styles) + [r.ns_pair if r else ""] +
        _label_cells(["ew_pair"], options, styles) + [r.ew_pair if r else ""] +
        _label_cells(["called_by"], options, styles) + [L(r.called_by) if r and r.called_by else ""] +
        _label_cells(["time"], options, styles) + [r.time if r else ""],
    ]
    players = dict(r.players) if r else {}
    head.append(sum(([styles.para(L(s), "small"), styles.text(players.get(s, ""), "cell")]
                     for s in SEATS), []))
    head.append(_label_cells(["director"], options, styles) + [r.director if r else "", "", ""] +
                _label_cells(["signature"], options, styles) + ["", "", ""])
    cells = [[styles.text(c, "cell") if isinstance(c, str) else c for c in row] for row in head]
    widths = [q * 0.9, q * 1.1] * 4
    # the blank form keeps room to write in each row, and at least the height of a label that
    # wraps to two lines ("召请方 Called by"); padding: 6 + 6 across, 2 + 3 down
    blank_heights = [max([18.0] + [cell.wrap(widths[i] - 12, 1e6)[1] + 5 for i, cell in enumerate(row)
                                   if not isinstance(cell, str)]) for row in cells]
    story.append(_grid(cells, widths, styles,
                       [("SPAN", (1, 0), (3, 0)), ("SPAN", (1, 4), (3, 4)), ("SPAN", (5, 4), (7, 4)),
                        ("BACKGROUND", (0, 0), (0, -1), SHADE), ("BACKGROUND", (2, 1), (2, 3), SHADE),
                        ("BACKGROUND", (4, 0), (4, -1), SHADE), ("BACKGROUND", (6, 0), (6, 3), SHADE)],
                       heights=None if r else blank_heights))
    story.append(Spacer(1, 8))
    # auction and deal side by side
    dealer_letter = r.conditions[0].name if r else "N"
    auction = auction_table(list(r.auction) if r else [], dealer_letter, options, styles,
                            blank_rows=0 if r and r.auction else 6, col_width=width * 0.5 / 4 - 2)
    left = [styles.para(L("auction"), "small"), auction]
    if r is not None and r.deal is not None:
        right: Any = HandDiagram(r.deal, options, font_size=8.5, dealer=dealer_letter,
                                 vulnerable=vulnerable_seats(r.conditions[1]))
    elif r is None:
        right = HandDiagram(None, options, font_size=8.5)
    else:
        right = ""
    story.append(Table([[left, right]], colWidths=[width * 0.5, width * 0.5],
                       style=[("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                              ("FONTNAME", (0, 0), (-1, -1), styles.font)]))
    story.append(Spacer(1, 8))
    story.append(_box(L("facts"), [styles.text(r.facts)] if r and r.facts else None, width, styles, 95))
    story.append(Spacer(1, 6))
    # laws applied, quoted
    quoted = quote_laws(r.laws, corpus, source=r.source) if r else []
    body: list[Flowable] = []
    for law in quoted:
        body.append(styles.text(f"{law.citation}  {law.title}", "body"))
        body += [styles.text(p, "quote") for p in law.paragraphs]
        body.append(Spacer(1, 3))
    story.append(_box(L("laws"), body or None, width, styles, 40))
    story.append(Spacer(1, 6))
    story.append(_box(L("ruling"), [styles.text(r.ruling)] if r and r.ruling else None, width, styles, 70))
    story.append(Spacer(1, 6))
    story.append(KeepTogether(_adjustment_block(r, options, styles, width)))
    # the blank form keeps page 1 for the director; the appeal, written later, gets page 2
    story.append(PageBreak() if r is None else Spacer(1, 6))
    story.append(KeepTogether(_appeal_block(r.appeal if r else None, r is None, options, styles, width)))
    return story


def _adjustment_block(r: RulingRecord | None, options: PrintOptions, styles: Styles,
                      width: float) -> list[Flowable]:
    L = options.label
    keys = ["contract", "by", "tricks", "weight", "ns_score", "weighted"]
    data: list[list[Any]] = [_label_cells(keys, options, styles)]
    extra: list[tuple] = [("BACKGROUND", (0, 0), (-1, 0), SHADE), ("ALIGN", (0, 0), (-1, -1), "CENTER")]
    heights = None
    if r is not None and r.adjustment is not None and r.adjustment.results:
        for result, ns in r.adjusted_scores():
            declarer = result.contract.declarer
            data.append([styles.para(contract_markup(result.contract), "cell_center"),
                         L(declarer.name) if declarer else "", str(result.tricks),
                         f"{fmt_number(result.weight)}%", f"{ns:+d}" if ns else "0",
                         f"{fmt_number(result.weight)}% × MP/IMP({ns:+d})"])
        # Law 12C3: each result is scored (matchpoints or IMPs) and the scores weighted; an average
        # of the points (-64 for 60% of -140 and 40% of +50) would score differently, so none is printed
        terms = " + ".join(f"{fmt_number(result.weight)}% × MP/IMP({ns:+d})" for result, ns in r.adjusted_scores())
        data.append([styles.para(L("weighted"), "small"), "", "", "100%", "",
                     styles.para(f"NS = {terms}<br/>{L('weighted_how')}", "small")])
        extra += [("SPAN", (0, -1), (2, -1)), ("BACKGROUND", (0, -1), (-1, -1), SHADE)]
    elif r is not None and r.adjustment is not None and r.adjustment.artificial is not None:
        ns, ew = r.adjustment.artificial
        data = [[styles.para(f"{L('adjustment')}: NS {fmt_number(ns)}% / EW {fmt_number(ew)}%",
                             "cell")] + [""] * 5]
        extra = [("SPAN", (0, 0), (-1, 0))]
    elif r is not None:
        data = [[styles.para(f"{L('adjustment')}: {L('nobody')}", "cell")] + [""] * 5]
        extra = [("SPAN", (0, 0), (-1, 0))]
    else:
        data += [[""] * 6 for _ in range(3)]
        heights = [None] + [18] * 3
    widths = [width * w for w in (0.16, 0.1, 0.1, 0.12, 0.17, 0.35)]
    note = r.adjustment.note if r is not None and r.adjustment is not None else ""
    title = L("adjustment") + (f" — {note}" if note else "")
    return [styles.text(title, "heading"), _grid(data, widths, styles, extra, heights)]


def _appeal_block(appeal: Appeal | None, blank: bool, options: PrintOptions, styles: Styles,
                  width: float) -> list[Flowable]:
    L = options.label
    story: list[Flowable] = [styles.text(L("appeal"), "heading")]
    if appeal is None and not blank:
        story.append(styles.text(L("nobody"), "small"))
        return story
    a = appeal or Appeal()
    returned = a.deposit_returned
    rows = [
        _label_cells(["appellant"], options, styles) + [styles.text(L(a.appellant.lower() + "_pair")
                                                                    if a.appellant in ("NS", "EW")
                                                                    else a.appellant, "cell")],
        _label_cells(["reasons"], options, styles) + [styles.text(a.reasons, "cell")],
        _label_cells(["committee"], options, styles) + [styles.text("、".join(a.committee), "cell")],
        _label_cells(["decision"], options, styles) + [styles.text(a.decision, "cell")],
        _label_cells(["deposit"], options, styles) + [styles.text(
            f"{a.deposit}    {_check(returned is True, L('deposit_returned'))}    "
            f"{_check(returned is False, L('deposit_kept'))}", "cell")],
        _label_cells(["signature"], options, styles) + [""],  # signed on paper
    ]
    heights = [22, 150, 40, 150, 22, 40] if blank else [None] * 5 + [30]
    story.append(_grid(rows, [width * 0.16, width * 0.84], styles,
                       [("BACKGROUND", (0, 0), (0, -1), SHADE), ("VALIGN", (0, 0), (-1, -1), "TOP")],
                       heights))
    return story


def write_ruling_form(record: RulingRecord | None, path: str | Path, *, paper: str = "a4",
                      lang: str = "both", corpus: Any = None) -> int:
    """Write the ruling form of ``record`` (or the blank form for None); return the pages."""
    options = PrintOptions.of(paper, lang)
    header = PageHeader(options.label("ruling_form"), record.event if record else "",
                        record.date if record else "")
    story = ruling_story(record, options, corpus=corpus)
    return build_document(path, story, header, options)
