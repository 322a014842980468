"""The rulings assistant's model: the questions and outcomes of a decision tree, the tree of one kind
of irregularity under one edition (:class:`Tree`, whose :meth:`Tree.walk` follows the answers to an
outcome) and what a walk returns (:class:`Ruling`). The trees are read from their TOML files by
:mod:`rules_ext.core.rulings.loading`.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
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
#: the ruling record the rulings assistant writes, one shape for ``rule --record`` and the 裁决助手
#: page's copied record (format: ``rules_ext/pdf/rulings/format.md``): its fields in the order
#: written, each left out where the case does not give it, then the keys of its ``[result]`` table
RECORD_FIELDS = ("event", "board", "table", "director", "called_by", "deal", "auction", "facts", "laws",
                 "ruling", "adjusted_score")
RECORD_RESULT_FIELDS = ("contract", "declarer", "tricks")


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
