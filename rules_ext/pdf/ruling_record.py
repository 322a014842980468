"""The director's ruling record: the TOML file read and checked, its data model, and the laws it
cites quoted from the rulebook (drawn as a form by :mod:`rules_ext.pdf.ruling`).

The format is ``rules_ext/pdf/rulings/format.md``, with a complete ``example.toml`` beside it. Calls
are read by the core (``Call.parse``) but an auction need not be legal: the irregularity is often
why the director was called. The scores of an assigned adjustment are the core's (``score`` with
the board's vulnerability); a weighted one (weights in percent, summing to 100) is printed as what
the scorer must do — each result matchpointed (or IMPed) on its own, then weighted — never as an
average of the points, which would score differently. Every problem is a ``RulingRecordError``,
``file:line: field: problem``.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from rules_ext.core import Call, Card, Contract, Deal, Seat, Vulnerability, board_conditions, ns_score
from rules_ext.corpus.labels import LawCitation, citation, law_number
from rules_ext.corpus.model import Corpus
from rules_ext.errors import NotFoundError, RulesError
from rules_ext.fileio import TomlText, parse_toml, read_toml
from rules_ext.pdf.figures import fmt_number


class RulingRecordError(RulesError):
    """A ruling record that cannot be read; the message names the file, line and field."""


@dataclass(frozen=True, slots=True)
class WeightedResult:
    """One result of an assigned score: contract (with declarer), tricks and weight in percent."""

    contract: Contract  # with its declarer
    tricks: int
    weight: float = 100.0

    def __post_init__(self) -> None:
        if isinstance(self.tricks, bool) or not isinstance(self.tricks, int) or not 0 <= self.tricks <= 13:
            raise RulesError(f"{self.tricks!r} tricks is impossible: expected 0..13")
        if isinstance(self.weight, bool) or not isinstance(self.weight, (int, float)) or not 0 < self.weight <= 100:
            raise RulesError(f"weight {self.weight!r} is not a percentage: expected e.g. 60")


@dataclass(frozen=True, slots=True)
class Adjustment:
    """An assigned score (one or several weighted results) or an artificial one (percent NS/EW)."""

    results: tuple[WeightedResult, ...] = ()
    artificial: tuple[float, float] | None = None
    note: str = ""

    def __post_init__(self) -> None:
        if bool(self.results) == (self.artificial is not None):
            raise RulesError("an adjustment has either 'result' (assigned) or 'artificial', not both "
                             "and not neither: expected e.g. result = [{contract = '4S', declarer = 'S', "
                             "tricks = 10, weight = 100}]")
        if self.results and abs(sum(r.weight for r in self.results) - 100) > 1e-9:
            weights = " + ".join(fmt_number(r.weight) for r in self.results)
            raise RulesError(f"weights {weights} do not add up to 100: expected e.g. 60 + 40")
        if self.artificial is not None and any(not 0 <= p <= 100 for p in self.artificial):
            raise RulesError(f"artificial score {self.artificial!r}: expected percentages 0..100, e.g. ns = 60, ew = 40")


@dataclass(frozen=True, slots=True)
class Appeal:
    appellant: str = ""
    reasons: str = ""
    committee: tuple[str, ...] = ()
    decision: str = ""
    deposit: str = ""
    deposit_returned: bool | None = None
    chair: str = ""


@dataclass(frozen=True, slots=True)
class TableScore:
    """The result obtained at the table before the ruling: contract (with declarer), lead, tricks
    and North-South's score (computed by the core when the record leaves it out). Every part may be
    missing (the director writes what is known)."""

    contract: Contract | None = None  # with its declarer
    lead: str = ""
    tricks: int | None = None
    score_ns: int | None = None


@dataclass(frozen=True, slots=True)
class RulingRecord:
    """What a ruling form shows; dealer and vulnerability are derived from ``board`` by the core."""

    event: str
    board: int
    session: str = ""
    date: str = ""
    director: str = ""
    table: str = ""
    round: str = ""
    ns_pair: str = ""
    ew_pair: str = ""
    called_by: Seat | None = None
    time: str = ""
    players: tuple[tuple[Seat, str], ...] = ()  # (seat, name) in N E S W order
    result: TableScore | None = None
    statements: tuple[tuple[Seat, str], ...] = ()  # (seat, what the player said) in N E S W order
    consulted: tuple[str, ...] = ()
    polled: str = ""
    ruling_time: str = ""
    appeal_deadline: str = ""
    deal: Deal | None = None
    auction: tuple[str, ...] = ()
    facts: str = ""
    laws: tuple[LawCitation, ...] = ()
    ruling: str = ""
    #: whether the ruling lets an adjusted score follow: "no", "may", "must" ('' not said); without
    #: an [adjustment], "may" and "must" print lines to fill in and only "no" prints "none"
    adjusted_score: str = ""
    #: the director's judgements not yet decided (the rulings assistant's "待定"), each a question
    pending: tuple[str, ...] = ()
    #: the choices the text gives a side (the rulings assistant's): the option chosen, or one still
    #: open ("…尚未选择：…？□ … □ …"), to be ticked on the form
    choices: tuple[str, ...] = ()
    adjustment: Adjustment | None = None
    appeal: Appeal | None = None
    source: str = field(default="<record>", compare=False)

    def __post_init__(self) -> None:
        if not str(self.event).strip():
            raise RulesError("event is empty: expected e.g. event = \"Autumn Pairs\"")
        if isinstance(self.board, bool) or not isinstance(self.board, int) or self.board < 1:
            raise RulesError(f"board {self.board!r} is not a positive whole number: expected e.g. board = 14")

    @property
    def conditions(self) -> tuple[Seat, Vulnerability]:
        """The dealer and the vulnerability of the board, by Law 2."""
        return board_conditions(self.board)

    def adjusted_scores(self) -> list[tuple[WeightedResult, int]]:
        """Each assigned result with its North-South score (core ``score``)."""
        _, vul = self.conditions
        return [(result, ns_score(result.contract, result.contract.declarer, result.tricks, vul))
                for result in (self.adjustment.results if self.adjustment else ())]


# -- reading ------------------------------------------------------------------------------------

_TOP_KEYS = {"event", "session", "date", "director", "board", "table", "round", "ns_pair", "ew_pair",
             "called_by", "time", "deal", "auction", "facts", "laws", "ruling", "players",
             "adjustment", "appeal", "result", "statements", "consulted", "polled", "ruling_time",
             "appeal_deadline", "adjusted_score", "pending", "choices"}

#: the values of ``adjusted_score`` (the rulings assistant's ``adjusted_score_possible``)
ADJUSTED_SCORE = ("no", "may", "must")


def load_ruling(path: str | Path) -> RulingRecord:
    """Read a ruling record; a problem raises RulingRecordError ``file:line: field: problem``."""
    return _Reader(read_toml(path, error=RulingRecordError)).record()


def parse_ruling(text: str, *, source: str = "<record>") -> RulingRecord:
    return _Reader(parse_toml(text, source=source, error=RulingRecordError)).record()


class _Reader:
    def __init__(self, toml: TomlText) -> None:
        self.toml, self.data, self.source = toml, toml.data, toml.source

    def fail(self, path: str, problem: str, cause: Exception | None = None) -> RulingRecordError:
        error = RulingRecordError(f"{self.toml.where(path)}: {path}: {problem}")
        error.__cause__ = cause
        return error

    def text(self, table: Mapping[str, Any], key: str, path: str, required: bool = False) -> str:
        value = table.get(key, "")
        if required and value in ("", None):
            raise self.fail(path, f"missing: expected e.g. {key} = \"...\"")
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            raise self.fail(path, f"{value!r} is not text: expected a quoted string")
        return value.strip()

    def texts(self, table: Mapping[str, Any], key: str, path: str) -> tuple[str, ...]:
        """A list of text (one text alone is a list of one)."""
        value = table.get(key, [])
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            raise self.fail(path, f"{value!r} is not a list of text: expected e.g. {key} = [\"...\", \"...\"]")
        for i, item in enumerate(value):
            if not isinstance(item, str):
                raise self.fail(f"{path}[{i + 1}]", f"{item!r} is not text: expected a quoted string")
        return tuple(item.strip() for item in value if item.strip())

    def by_seat(self, key: str, what: str) -> tuple[tuple[Seat, str], ...]:
        """A table ``[key]`` of text by seat (N, E, S, W or 北 东 南 西), in N E S W order."""
        table = self.data.get(key, {})
        if not isinstance(table, dict):
            raise self.fail(key, f"expected a table [{key}] with {what} by seat N, E, S, W")
        out = []
        for name in table:
            try:
                seat = Seat.parse(name)
            except ValueError as exc:
                raise self.fail(f"{key}.{name}", str(exc), exc) from exc
            out.append((seat, self.text(table, name, f"{key}.{name}")))
        return tuple(sorted(out, key=lambda p: p[0].value))

    def table_score(self, board: int) -> TableScore | None:
        table = self.data.get("result")
        if table is None:
            return None
        if not isinstance(table, dict):
            raise self.fail("result", "expected a table [result] with contract, declarer, lead, tricks, score")
        unknown = sorted(set(table) - {"contract", "declarer", "lead", "tricks", "score"})
        if unknown:
            raise self.fail(f"result.{unknown[0]}", "unknown field: expected contract, declarer, lead, tricks, score")
        contract = None
        if "contract" in table:
            try:
                contract = Contract.parse(self.text(table, "contract", "result.contract", required=True))
            except ValueError as exc:
                raise self.fail("result.contract", str(exc), exc) from exc
            if contract.declarer is None and not contract.is_passed_out and "declarer" in table:
                try:
                    contract = _with_declarer(contract, self.text(table, "declarer", "result.declarer"))
                except ValueError as exc:
                    raise self.fail("result.declarer", str(exc), exc) from exc
        elif "declarer" in table:
            raise self.fail("result.declarer", "a declarer without a contract: expected e.g. contract = \"4S\"")
        tricks = table.get("tricks")
        if tricks is not None and (isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13):
            raise self.fail("result.tricks", f"{tricks!r} tricks is impossible: expected a whole number 0..13")
        lead = self.text(table, "lead", "result.lead")
        if lead:
            try:
                lead = str(Card.parse(lead))
            except ValueError as exc:
                raise self.fail("result.lead", str(exc), exc) from exc
        score = table.get("score")
        if score is not None and (isinstance(score, bool) or not isinstance(score, int)):
            raise self.fail("result.score", f"{score!r} is not a whole number: expected North-South's score, "
                                            "e.g. score = -100")
        computed = None
        if contract is not None and (contract.is_passed_out or (contract.declarer and tricks is not None)):
            computed = ns_score(contract, contract.declarer, tricks, board_conditions(board)[1])
        if score is not None and computed is not None and score != computed:
            raise self.fail("result.score", f"{score:+d} is not the score of {contract} by "
                                            f"{contract.declarer.name if contract and contract.declarer else '-'} "
                                            f"taking {tricks} (North-South {computed:+d} on board {board}): "
                                            "expected the score for North-South, or none to have it computed")
        return TableScore(contract, lead, tricks, score if score is not None else computed)

    def record(self) -> RulingRecord:
        d = self.data
        unknown = sorted(set(d) - _TOP_KEYS)
        if unknown:
            raise self.fail(unknown[0], f"unknown field: expected one of {', '.join(sorted(_TOP_KEYS))}")
        board = d.get("board")
        if isinstance(board, bool) or not isinstance(board, int) or board < 1:
            raise self.fail("board", f"{board!r} is not a board number: expected e.g. board = 14")
        players = self.by_seat("players", "the names")
        called_by = None
        if caller := self.text(d, "called_by", "called_by"):
            try:
                called_by = Seat.parse(caller)
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
        adjustment = self._adjustment(d.get("adjustment"))
        appeal = self._appeal(d.get("appeal"))
        result = self.table_score(board)
        statements = self.by_seat("statements", "what each player said")
        texts = {key: self.text(d, key, key) for key in ("session", "date", "director", "table", "round", "ns_pair",
                                                         "ew_pair", "time", "facts", "ruling", "polled",
                                                         "ruling_time", "appeal_deadline")}
        consulted = self.texts(d, "consulted", "consulted")
        pending = self.texts(d, "pending", "pending")
        choices = self.texts(d, "choices", "choices")
        event = self.text(d, "event", "event", required=True)
        adjusted = self.text(d, "adjusted_score", "adjusted_score")
        if adjusted and adjusted not in ADJUSTED_SCORE:
            raise self.fail("adjusted_score", f"{adjusted!r}: expected \"no\", \"may\" or \"must\"")
        if adjusted == "no" and adjustment is not None:
            raise self.fail("adjusted_score", "\"no\" but the record has an [adjustment]: expected "
                                              "\"may\" or \"must\", or no [adjustment]")
        try:
            return RulingRecord(
                event=event, board=board, called_by=called_by, players=players, deal=deal,
                auction=tuple(str(c).strip() for c in calls), laws=tuple(laws), adjustment=adjustment,
                appeal=appeal, result=result, statements=statements, consulted=consulted,
                adjusted_score=adjusted, pending=pending, choices=choices, source=self.source, **texts)
        except ValueError as exc:
            raise self.fail("event", str(exc), exc) from exc

    def _adjustment(self, table: object) -> Adjustment | None:
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
                contract = Contract.parse(f"{item.get('contract', '')}")
            except ValueError as exc:
                raise self.fail(f"{path}.contract", str(exc), exc) from exc
            if contract.declarer is None and not contract.is_passed_out:
                try:
                    contract = _with_declarer(contract, item.get("declarer"))
                except ValueError as exc:
                    raise self.fail(f"{path}.declarer", str(exc), exc) from exc
            if "tricks" not in item:
                raise self.fail(f"{path}.tricks", "missing: expected e.g. tricks = 10")
            try:
                results.append(WeightedResult(contract, item["tricks"], item.get("weight", 100)))
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

    def _appeal(self, table: object) -> Appeal | None:
        if table is None:
            return None
        if not isinstance(table, dict):
            raise self.fail("appeal", "expected a table [appeal]")
        unknown = sorted(set(table) - {"appellant", "reasons", "committee", "decision", "deposit",
                                       "deposit_returned", "chair"})
        if unknown:
            raise self.fail(f"appeal.{unknown[0]}", "unknown field: expected appellant, reasons, committee, "
                                                    "chair, decision, deposit, deposit_returned")
        committee = self.texts(table, "committee", "appeal.committee")
        returned = table.get("deposit_returned")
        if returned is not None and not isinstance(returned, bool):
            raise self.fail("appeal.deposit_returned", f"{returned!r}: expected true or false")
        return Appeal(self.text(table, "appellant", "appeal.appellant"),
                      self.text(table, "reasons", "appeal.reasons"),
                      committee, self.text(table, "decision", "appeal.decision"),
                      self.text(table, "deposit", "appeal.deposit"), returned,
                      self.text(table, "chair", "appeal.chair"))


def _with_declarer(contract: Contract, declarer: object) -> Contract:
    if declarer in (None, ""):
        raise RulesError("missing: expected e.g. declarer = \"S\"")
    return replace(contract, declarer=Seat.parse(str(declarer)))


# -- quoting the laws ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class QuotedLaw:
    citation: LawCitation
    title: str  # the law's title
    paragraphs: tuple[str, ...]  # the provision and its sub-provisions, each 'marker heading text'


def quote_laws(citations: Sequence[LawCitation], corpus: Corpus | None = None, *,
               source: str = "<record>") -> list[QuotedLaw]:
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
        except NotFoundError as exc:
            raise RulingRecordError(f"{source}: laws: {cited}: {exc.args[0]}") from exc
        provision = corpus.find(cited.edition, cited.label)
        law = edition.law(law_number(cited.label))
        if law is None or (provision is None and cited.label != law.label):
            raise RulingRecordError(f"{source}: laws: {cited}: no provision {cited.label!r} in "
                              f"edition {cited.edition}: expected e.g. {cited.edition}:27B2")
        roots = [provision] if provision is not None else law.provisions
        paragraphs = tuple(par for root in roots for par in root.reading())
        out.append(QuotedLaw(cited, citation(law.label, law.title), paragraphs))
    return out
