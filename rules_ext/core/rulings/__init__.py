"""The rulings assistant: decision trees from the facts at the table to the rectification.

Each kind of irregularity (insufficient bid, change of call, lead out of turn, revoke, ...) is one
tree, written as data in ``trees/<kind>.toml`` (format: ``trees/README.md``): questions about the
facts, each leading by its answers to a further question or to an outcome. Both the questions and
the outcomes cite the provisions that decide them, each with a reviewed keyword that occurs in that
provision's text (a test reads the corpus and checks it). The rules are written once per edition:
any value in a tree may be a table keyed by edition (``{ "1991" = ..., "1999" = ... }``) where the
texts differ, and a node or an answer may exist in some editions only (``editions = [...]``); a
plain value means both texts say the same thing.

:func:`tree` resolves a kind for one edition; :meth:`Tree.walk` follows the answers to an outcome and
returns a :class:`Ruling` (the provisions, the options, the obligations, the steps taken). A kind
whose laws an edition does not have (the delivered 1999 text stops at Law 40) raises
:class:`NotInEdition`; ``tree(kind, "1999", reference="1991")`` gives the 1991 tree marked as
another edition's rule.

>>> facts = {"in_turn": "yes", "accepted": "no", "conventional": "natural", "lowest_conventional": "no",
...          "correction": "lowest_same_strain", "damaging": "yes"}
>>> r = tree("insufficient_bid", "1999").walk(facts)
>>> r.laws
('27B1a', '27B1b')
>>> r.adjusted_score, tree("insufficient_bid", "1991").walk(facts).adjusted_score
('must', 'may')
"""
from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from rules_ext.errors import RulesError

#: the editions a tree may be written for (the delivered texts that have Chapters V and VI)
EDITIONS = ("1991", "1999")
#: how far an obligation to pass reaches (Laws 23, 26-32, 36, 37)
MUST_PASS = ("no", "next_turn", "throughout")
#: whether an adjusted score may follow (Law 12 and the laws that name it)
ADJUSTED = ("no", "may", "must")
PENALTY_CARDS = ("major", "minor")
#: how each value reads in Chinese (the command's text, the site's questionnaire, ruling records)
MUST_PASS_WORDS = {"no": "不受限制", "next_turn": "下一轮轮到叫牌时必须不叫", "throughout": "此后轮到叫牌时必须永远不叫"}
ADJUSTED_WORDS = {"no": "不适用", "may": "可以判给调整分", "must": "应判给调整分"}
PENALTY_CARD_WORDS = {"major": "重罚张", "minor": "轻罚张"}


class RulingError(RulesError):
    """A tree that cannot be read, or answers that do not lead to an outcome."""


class NotInEdition(RulingError):
    """The edition's text does not have the laws of this kind."""


@dataclass(frozen=True, slots=True)
class Cite:
    """A provision (``27B2``) and the reviewed phrase of its text that the node relies on."""

    law: str
    keyword: str


@dataclass(frozen=True, slots=True)
class Answer:
    key: str
    label: str
    next: str


@dataclass(frozen=True, slots=True)
class Question:
    """A question about the facts. ``judgement``: the answer is the director's judgement (was
    the information damaging? could the offender have known?), never derived from the facts.
    ``number``: the answer is a whole number from ``minimum`` to ``maximum``; its answers then
    have keys ``"..N"`` (up to N) tried in order. ``fact``: the name of the fact it asks (its id
    unless the tree says ``fact = "turn"``), so questions in several branches can ask one fact."""

    id: str
    text: str
    cites: tuple[Cite, ...]
    answers: tuple[Answer, ...]
    help: str = ""
    judgement: bool = False
    number: bool = False
    minimum: int = 0
    maximum: int = 0
    fact: str = ""

    def __post_init__(self) -> None:
        if not self.fact:
            object.__setattr__(self, "fact", self.id)

    @property
    def laws(self) -> tuple[str, ...]:
        return tuple(c.law for c in self.cites)

    def answer(self, value: object) -> Answer:
        """The answer chosen by ``value``; RulingError naming the allowed values otherwise."""
        if self.number:
            if isinstance(value, bool) or not isinstance(value, int) or not self.minimum <= value <= self.maximum:
                raise RulingError(f"{value!r} is not possible: expected a whole number {self.minimum}..{self.maximum}")
            for answer in self.answers:
                if value <= int(answer.key.lstrip(".")):
                    return answer
            raise RulingError(f"{value!r}: no answer of question {self.id} covers it")  # a tree error
        for answer in self.answers:
            if answer.key == value:
                return answer
        raise RulingError(f"{value!r} is not an answer: expected one of "
                          + ", ".join(f"{a.key} ({a.label})" for a in self.answers))


@dataclass(frozen=True, slots=True)
class Option:
    """A choice open to a player: ``by`` (who chooses, in Chinese), ``choice``, and its provisions."""

    by: str
    choice: str
    laws: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Restriction:
    """A lead restriction or a penalty card, with the provisions that impose it."""

    text: str
    laws: tuple[str, ...]
    kind: str = ""   # penalty cards: major / minor


@dataclass(frozen=True, slots=True)
class Outcome:
    id: str
    summary: str
    cites: tuple[Cite, ...]
    options: tuple[Option, ...] = ()
    offender_must_pass: str = "no"
    partner_must_pass: str = "no"
    lead_restriction: Restriction | None = None
    penalty_card: Restriction | None = None
    tricks_transferred: int = 0
    adjusted_score: str = "no"
    notes: tuple[str, ...] = ()

    @property
    def laws(self) -> tuple[str, ...]:
        return tuple(c.law for c in self.cites)


@dataclass(frozen=True, slots=True)
class Step:
    question: str
    answer: str
    laws: tuple[str, ...]
    fact: str = ""
    value: object = None


@dataclass(frozen=True, slots=True)
class Ruling:
    """Where the answers led: the outcome and the steps taken, under one edition."""

    kind: str
    title: str
    edition: str
    outcome: Outcome
    steps: tuple[Step, ...]
    reference_edition: str = ""   # the edition whose rule is shown, when it is not ``edition``'s own

    @property
    def laws(self) -> tuple[str, ...]:
        """The provisions that apply: the outcome's, then those its options and restrictions name
        (the steps keep the provisions of their questions apart), in order, without repeats."""
        o = self.outcome
        named = [*o.laws, *(law for x in o.options for law in x.laws)]
        for r in (o.lead_restriction, o.penalty_card):
            named.extend(r.laws if r else ())
        return tuple(dict.fromkeys(named))

    @property
    def cites(self) -> tuple[Cite, ...]:
        """The outcome's provisions with their reviewed phrases (the decisive sentences)."""
        return self.outcome.cites

    @property
    def adjusted_score(self) -> str:
        return self.outcome.adjusted_score

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``python -m rules_ext rule`` (without the quotes, which need the corpus)."""
        o = self.outcome
        return {
            "kind": self.kind, "title": self.title, "edition": self.edition,
            "reference_edition": self.reference_edition or None,
            "laws": list(self.laws),
            "summary": o.summary,
            "options": [{"by": x.by, "choice": x.choice, "laws": list(x.laws)} for x in o.options],
            "offender_must_pass": o.offender_must_pass,
            "partner_must_pass": o.partner_must_pass,
            "lead_restriction": _restriction(o.lead_restriction),
            "penalty_card": _restriction(o.penalty_card),
            "tricks_transferred": o.tricks_transferred,
            "adjusted_score_possible": o.adjusted_score,
            "notes": list(o.notes),
            "steps": [{"question": s.question, "answer": s.answer, "laws": list(s.laws)} for s in self.steps],
        }


def _restriction(r: Restriction | None) -> dict[str, Any] | None:
    if r is None:
        return None
    out: dict[str, Any] = {"text": r.text, "laws": list(r.laws)}
    if r.kind:
        out["kind"] = r.kind
    return out


@dataclass(frozen=True, slots=True)
class Tree:
    """One kind of irregularity under one edition."""

    kind: str
    title: str
    edition: str
    laws: tuple[int, ...]
    start: str
    questions: Mapping[str, Question]
    outcomes: Mapping[str, Outcome]
    summary: str = ""
    reference_edition: str = ""
    order: int = 0
    notes: tuple[str, ...] = field(default=())

    def node(self, node_id: str) -> Question | Outcome:
        return self.questions.get(node_id) or self.outcomes[node_id]

    def walk(self, answers: Mapping[str, object]) -> Ruling:
        """Follow ``answers`` (fact -> answer key, or a number) from the start to an outcome.
        A question reached but not answered, or answered with a value it does not offer, raises
        RulingError naming the question; answers to questions not reached are ignored."""
        steps: list[Step] = []
        node: Question | Outcome = self.node(self.start)
        while isinstance(node, Question):
            if node.fact not in answers:
                raise RulingError(f"{node.fact}: not answered: {node.text}（"
                                  + (f"整数 {node.minimum}..{node.maximum}" if node.number
                                     else " / ".join(f"{a.key} = {a.label}" for a in node.answers)) + "）")
            value = answers[node.fact]
            try:
                chosen = node.answer(value)
            except RulingError as exc:
                raise RulingError(f"{node.fact}: {exc}") from None
            label = f"{value}" if node.number else chosen.label
            steps.append(Step(node.text, label, node.laws, node.fact, value))
            node = self.node(chosen.next)
        return Ruling(self.kind, self.title, self.edition, node, tuple(steps), self.reference_edition)

    def paths(self) -> list[tuple[dict[str, object], Outcome]]:
        """Every way through the tree: the answers taken and the outcome reached (numbers take the
        largest value of each answer's range)."""
        out: list[tuple[dict[str, object], Outcome]] = []

        def visit(node_id: str, taken: dict[str, object]) -> None:
            node = self.node(node_id)
            if isinstance(node, Outcome):
                out.append((dict(taken), node))
                return
            for answer in node.answers:
                value: object = int(answer.key.lstrip(".")) if node.number else answer.key
                visit(answer.next, {**taken, node.fact: value})
        visit(self.start, {})
        return out

    def to_dict(self) -> dict[str, Any]:
        """The resolved tree as plain data (the site's questionnaire reads it as JSON)."""
        return {
            "kind": self.kind, "title": self.title, "edition": self.edition, "summary": self.summary,
            "reference_edition": self.reference_edition or None, "laws": list(self.laws),
            "start": self.start, "notes": list(self.notes),
            "questions": {k: asdict(q) for k, q in self.questions.items()},
            "outcomes": {k: asdict(o) for k, o in self.outcomes.items()},
        }


# -- reading the trees ------------------------------------------------------------------------------

def _tree_files() -> dict[str, str]:
    folder = resources.files("rules_ext.core.rulings").joinpath("trees")
    return {item.name[:-5]: item.read_text(encoding="utf-8")
            for item in folder.iterdir() if item.name.endswith(".toml")}


@cache
def _raw(kind: str) -> dict[str, Any]:
    files = _tree_files()
    if kind not in files:
        raise RulingError(f"unknown kind of irregularity {kind!r}: expected one of {', '.join(kinds())}")
    try:
        return tomllib.loads(files[kind])
    except tomllib.TOMLDecodeError as exc:
        raise RulingError(f"trees/{kind}.toml: not valid TOML: {exc}") from exc


@cache
def kinds() -> tuple[str, ...]:
    """Every kind of irregularity there is a tree for, in the order of the laws."""
    names = list(_tree_files())
    return tuple(sorted(names, key=lambda k: (tomllib.loads(_tree_files()[k]).get("order", 0), k)))


def _by_edition(value: Any, edition: str) -> Any:
    """``value``, or its entry for ``edition`` when it is a table keyed by edition (None if absent)."""
    if isinstance(value, dict) and value and all(k in EDITIONS for k in value):
        return value.get(edition)
    return value


def _in_edition(table: Mapping[str, Any], edition: str) -> bool:
    return edition in table.get("editions", EDITIONS)


class _Resolver:
    def __init__(self, kind: str, edition: str) -> None:
        self.kind, self.edition = kind, edition

    def fail(self, where: str, problem: str) -> RulingError:
        return RulingError(f"trees/{self.kind}.toml: {where}: {problem} ({self.edition} edition)")

    def get(self, table: Mapping[str, Any], key: str, where: str, default: Any = None, kind: type = str) -> Any:
        value = _by_edition(table.get(key, default), self.edition)
        if value is None:
            value = default
        if value is not None and not isinstance(value, kind):
            raise self.fail(f"{where}.{key}", f"{value!r} is not {kind.__name__}")
        return value

    def cites(self, table: Mapping[str, Any], where: str) -> tuple[Cite, ...]:
        raw = self.get(table, "cite", where, {}, dict)
        out = []
        for law, keyword in raw.items():
            keyword = _by_edition(keyword, self.edition)
            if keyword is None:   # a provision this edition does not cite here (e.g. 1991 23A, 1999 23)
                continue
            if not isinstance(keyword, str) or not keyword:
                raise self.fail(f"{where}.cite.{law}", "expected a reviewed phrase of the provision's text")
            out.append(Cite(law, keyword))
        return tuple(out)

    def restriction(self, table: Mapping[str, Any], key: str, where: str, known: set[str]) -> Restriction | None:
        raw = self.get(table, key, where, None, dict)
        if not raw:
            return None
        laws = tuple(self.get(raw, "laws", f"{where}.{key}", [], list))
        self.known(laws, known, f"{where}.{key}.laws")
        kind = self.get(raw, "kind", f"{where}.{key}", "")
        if key == "penalty_card" and kind not in PENALTY_CARDS:
            raise self.fail(f"{where}.{key}.kind", f"{kind!r}: expected one of {', '.join(PENALTY_CARDS)}")
        return Restriction(self.get(raw, "text", f"{where}.{key}", ""), laws, kind)

    def known(self, laws: tuple[str, ...], known: set[str], where: str) -> None:
        for law in laws:
            if law not in known:
                raise self.fail(where, f"{law} is not cited by the outcome or a question on the way to it")

    def choice(self, table: Mapping[str, Any], key: str, where: str, values: tuple[str, ...], default: str) -> str:
        value = self.get(table, key, where, default)
        if value not in values:
            raise self.fail(f"{where}.{key}", f"{value!r}: expected one of {', '.join(values)}")
        return str(value)

    def question(self, qid: str, raw: Mapping[str, Any]) -> Question:
        where = f"question.{qid}"
        answers = []
        for key, answer in raw.get("answers", {}).items():
            if not isinstance(answer, dict):
                raise self.fail(f"{where}.answers.{key}", "expected { label = \"...\", next = \"...\" }")
            if not _in_edition(answer, self.edition):
                continue
            answers.append(Answer(key, self.get(answer, "label", f"{where}.answers.{key}", ""),
                                  self.get(answer, "next", f"{where}.answers.{key}", "")))
        number = bool(self.get(raw, "number", where, False, bool))
        if len(answers) < (1 if number else 2):
            raise self.fail(where, "a question needs at least two answers")
        return Question(qid, self.get(raw, "text", where, ""), self.cites(raw, where), tuple(answers),
                        help=self.get(raw, "help", where, ""), judgement=bool(self.get(raw, "judgement", where, False, bool)),
                        number=number, minimum=self.get(raw, "min", where, 0, int), maximum=self.get(raw, "max", where, 0, int),
                        fact=self.get(raw, "fact", where, qid))

    def outcome(self, oid: str, raw: Mapping[str, Any], on_the_way: set[str]) -> Outcome:
        where = f"outcome.{oid}"
        cites = self.cites(raw, where)
        if not cites:
            raise self.fail(where, "an outcome cites at least one provision (cite = { \"27A\" = \"phrase\" })")
        known = {c.law for c in cites} | on_the_way
        options = []
        for i, option in enumerate(self.get(raw, "options", where, [], list)):
            if not _in_edition(option, self.edition):
                continue
            laws = tuple(self.get(option, "laws", f"{where}.options[{i + 1}]", [], list))
            self.known(laws, known, f"{where}.options[{i + 1}].laws")
            options.append(Option(self.get(option, "by", f"{where}.options[{i + 1}]", ""),
                                  self.get(option, "choice", f"{where}.options[{i + 1}]", ""), laws))
        return Outcome(
            oid, self.get(raw, "summary", where, ""), cites, tuple(options),
            offender_must_pass=self.choice(raw, "offender_must_pass", where, MUST_PASS, "no"),
            partner_must_pass=self.choice(raw, "partner_must_pass", where, MUST_PASS, "no"),
            lead_restriction=self.restriction(raw, "lead_restriction", where, known),
            penalty_card=self.restriction(raw, "penalty_card", where, known),
            tricks_transferred=self.get(raw, "tricks_transferred", where, 0, int),
            adjusted_score=self.choice(raw, "adjusted_score", where, ADJUSTED, "no"),
            notes=tuple(self.get(raw, "notes", where, [], list)),
        )

    def tree(self, raw: Mapping[str, Any]) -> Tree:
        questions = {qid: self.question(qid, q) for qid, q in raw.get("question", {}).items()
                     if _in_edition(q, self.edition)}
        start = self.get(raw, "start", "start", "")
        # the labels cited on the way to each outcome (an option may name a question's provision)
        on_the_way: dict[str, set[str]] = {}
        seen: set[str] = set()

        def visit(node_id: str, laws: frozenset[str], path: tuple[str, ...]) -> None:
            if node_id in path:
                raise self.fail(f"question.{node_id}", "the tree loops back to this question")
            seen.add(node_id)
            if node_id in questions:
                q = questions[node_id]
                if any(questions[p].fact == q.fact for p in path):
                    raise self.fail(f"question.{node_id}", f"the fact {q.fact!r} is asked twice on one way through the tree")
                for answer in q.answers:
                    visit(answer.next, laws | set(q.laws), (*path, node_id))
            elif node_id in raw.get("outcome", {}) and _in_edition(raw["outcome"][node_id], self.edition):
                on_the_way.setdefault(node_id, set()).update(laws)
            else:
                raise self.fail(f"{path[-1] if path else 'start'}", f"leads to {node_id!r}, which is neither "
                                "a question nor an outcome of this edition")
        visit(start, frozenset(), ())
        unused = sorted(set(questions) - seen)
        if unused:
            raise self.fail(f"question.{unused[0]}", "no answer leads to this question")
        outcomes = {oid: self.outcome(oid, raw["outcome"][oid], on_the_way[oid]) for oid in on_the_way}
        # the union over all the ways in: an option may cite any provision some way to it passes
        return Tree(self.kind, self.get(raw, "title", "title", ""), self.edition,
                    tuple(self.get(raw, "laws", "laws", [], list)), start, questions, outcomes,
                    summary=self.get(raw, "summary", "summary", ""), order=raw.get("order", 0),
                    notes=tuple(self.get(raw, "notes", "notes", [], list)))


@cache
def _resolved(kind: str, edition: str) -> Tree:
    return _Resolver(kind, edition).tree(_raw(kind))


def available(kind: str, edition: str) -> bool:
    """Whether ``edition``'s text has the laws of ``kind``."""
    return edition in _raw(kind).get("editions", EDITIONS)


def tree(kind: str, edition: str, reference: str = "") -> Tree:
    """The tree of ``kind`` under ``edition``. Where the edition lacks the laws, NotInEdition, unless
    ``reference`` names an edition that has them: its tree is returned, marked as that edition's."""
    if edition not in EDITIONS:
        raise RulingError(f"unknown edition {edition!r}: expected one of {', '.join(EDITIONS)}")
    raw = _raw(kind)
    if available(kind, edition):
        return _resolved(kind, edition)
    laws = "、".join(str(n) for n in raw.get("laws", []))
    missing = _by_edition(raw.get("missing", ""), edition) or f"{edition}年版规则文本未收录第{laws}条"
    if reference and reference != edition:
        if reference not in EDITIONS or not available(kind, reference):
            raise NotInEdition(f"{missing}; the reference edition {reference!r} has no such tree either")
        base = _resolved(kind, reference)
        return Tree(base.kind, base.title, edition, base.laws, base.start, base.questions, base.outcomes,
                    base.summary, reference_edition=reference, order=base.order,
                    notes=(f"{missing}。以下为{reference}年版规则的裁定，仅供参考，并非{edition}年版的规则。", *base.notes))
    raise NotInEdition(f"{missing}: the {edition} text has no Law {laws.replace('、', ', ')}; "
                       f"rule it under another edition (reference = \"1991\")")


def all_trees() -> list[Tree]:
    """Every kind under every edition that has it."""
    return [tree(k, e) for k in kinds() for e in EDITIONS if available(k, e)]


def trees_json(edition: str) -> str:
    """Every tree of ``edition`` (those it lacks as 1991 references) as JSON, for the site."""
    return json.dumps([tree(k, edition, reference="1991").to_dict() for k in kinds()], ensure_ascii=False)
