"""The rulings assistant's model: the questions and outcomes of a decision tree, the tree of one kind
of irregularity under one edition (:class:`Tree`, whose :meth:`Tree.walk` follows the answers to an
outcome) and what a walk returns (:class:`Ruling`). The trees are read from their TOML files by
:mod:`rules_ext.core.rulings.loading`.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from rules_ext.core.rulings.penalty import PenaltyCard
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
#: the answer to a judgement question the director has not yet decided (the facts at the table do
#: not settle it yet: "可待叫牌和打牌结束后再作判定"); a case file may also write it in Chinese
PENDING = "pending"
PENDING_VALUES = (PENDING, "待定")
PENDING_LABEL = "待定（裁判长尚未判定）"
#: the answer of a choice the text gives a side (可 / 有权) that it has not made yet: the ruling then
#: lists every option with what follows from it; a case file that does not answer a choice means this
CHOICE_PENDING_LABEL = "尚未选择（列出各选项）"
#: what an outcome field reads when it differs between the cases of an undecided judgement
DEPENDS_WORDS = "视裁判长的判定而定（见下列各情形）"
#: the fields of an outcome that may differ between the cases of an undecided judgement
BRANCHING_FIELDS = ("options", "offender_must_pass", "partner_must_pass", "lead_restriction", "penalty_card",
                    "tricks_transferred", "refer")
#: the ruling record the rulings assistant writes, one shape for ``rule --record`` and the 裁决助手
#: page's copied record (format: ``rules_ext/pdf/rulings/format.md``): its fields in the order
#: written, each left out where the case does not give it, then the keys of its ``[result]`` table
RECORD_FIELDS = ("event", "board", "table", "director", "called_by", "deal", "auction", "facts", "laws",
                 "choices", "pending", "ruling", "adjusted_score")
RECORD_RESULT_FIELDS = ("contract", "declarer", "tricks")


#: a restriction the trees word for either side ("违规方成为防家时，…"): the facts of a case that
#: tell who defends (the auction, declarer, the play) settle it (:func:`settle`)
CONDITIONAL = re.compile(r"(违规方|违规者)成为防家时[，：]?([^；。]*)")
#: the words of a summary on Law 26's lead penalty before the case's calls settle it
LEAD_CLAUSE = re.compile(r"违规方成为防家时[，]?(?:可受|适用第26条B款的)引牌判罚")


class RulingError(RulesError):
    """A tree that cannot be read, or answers that do not lead to an outcome."""


class NotInEdition(RulingError):
    """The edition's text does not have the laws of this kind."""


class Unanswered(RulingError):
    """A question the walk reached that the answers do not answer (``question``)."""

    def __init__(self, message: str, question: Question) -> None:
        super().__init__(message)
        self.question = question


@dataclass(frozen=True, slots=True)
class LeadPenalty:
    """Law 26 as the facts of a case settle it: the sentence and its provisions (``none``: the
    facts exclude any lead penalty: 26A1, or the offenders declare)."""

    text: str
    laws: tuple[str, ...]
    none: bool = False


@dataclass(frozen=True, slots=True)
class Cite:
    """A provision (``27B2``) and the reviewed phrase of its text that the node relies on."""

    law: str
    keyword: str


@dataclass(frozen=True, slots=True)
class Answer:
    """One answer of a question; ``laws``: the provisions of the question that the answer makes
    decisive for the ruling (listed in the ruling's ``laws``; the others stay in its step)."""

    key: str
    label: str
    next: str
    laws: tuple[str, ...] = ()


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
    #: a choice the text gives a side ("庄家可…", "任一防家有权…"): who chooses; its answers are the
    #: options, never decided by the assistant (unanswered or ``pending``: every option is told)
    chooser: str = ""

    def __post_init__(self) -> None:
        if not self.fact:
            object.__setattr__(self, "fact", self.id)

    @property
    def waits(self) -> bool:
        """Whether the question may be left open: a judgement or a choice."""
        return self.judgement or bool(self.chooser)

    @property
    def pending_label(self) -> str:
        return CHOICE_PENDING_LABEL if self.chooser else PENDING_LABEL

    @property
    def laws(self) -> tuple[str, ...]:
        return tuple(c.law for c in self.cites)

    def answer(self, value: object) -> Answer:
        """The answer chosen by ``value``; RulingError naming the allowed values otherwise. A
        judgement question also accepts :data:`PENDING` (or ``"待定"``): the director has not yet
        decided, and the walk follows every answer (its key is then ``PENDING``)."""
        if self.waits and value in PENDING_VALUES:
            return Answer(PENDING, self.pending_label, "", self.laws)
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
                          + ", ".join(f"{a.key} ({a.label})" for a in self.answers)
                          + (f", {PENDING} (待定: not yet decided)" if self.judgement else "")
                          + (f", {PENDING} (尚未选择: not yet chosen)" if self.chooser else ""))


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
    #: a penalty card that is the irregular card itself (``card = true`` in the tree)
    of_card: bool = False
    #: that card, as the case names it (``♠K``), once a case gives it
    card: str = ""
    #: the act that creates the penalty card (:data:`rules_ext.core.rulings.penalty.ACTS`), so that a
    #: case's cards are ranked by the penalty-card model
    act: str = ""


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
    #: a referral: the kind whose tree rules on it from here (e.g. an insufficient bid out of
    #: rotation: ``call_out_of_rotation``, Law 31); the outcome then imposes nothing of its own
    refer: str = ""
    refer_law: str = ""
    #: the facts a referral settles for the referred tree, where its questions mean another player
    #: or another moment (declarer spread his hand after a lead out of turn: in Law 54 the offender
    #: is the defender who led), as (fact, answer) pairs
    refer_facts: tuple[tuple[str, str], ...] = ()
    #: of an undecided judgement's outcome: the fields that differ between its cases
    depends: tuple[str, ...] = ()
    #: of a choice not yet made: who chooses (the fields in ``depends`` wait for the choice)
    waits_for: str = ""

    @property
    def depends_words(self) -> str:
        """What a field in ``depends`` reads: it waits for the director's judgement, or for a choice."""
        return f"视{self.waits_for}的选择而定（见下列各选项）" if self.waits_for else DEPENDS_WORDS

    @property
    def laws(self) -> tuple[str, ...]:
        return tuple(c.law for c in self.cites)

    @property
    def applied(self) -> tuple[str, ...]:
        """The provisions that apply: the outcome's, then those its options and restrictions name,
        in order, without repeats."""
        named = [*self.laws, *(law for x in self.options for law in x.laws)]
        for r in (self.lead_restriction, self.penalty_card):
            named.extend(r.laws if r else ())
        return tuple(dict.fromkeys(named))


@dataclass(frozen=True, slots=True)
class Step:
    """A question asked and answered; ``laws``: the question's provisions, ``decisive``: those the
    answer makes decisive for the ruling."""

    question: str
    answer: str
    laws: tuple[str, ...]
    fact: str = ""
    value: object = None
    decisive: tuple[str, ...] = ()
    #: of a choice: who chooses (the step's answer is the option chosen, or not yet chosen)
    chooser: str = ""

    @property
    def pending(self) -> bool:
        """A judgement not yet decided (a choice not yet made is :attr:`open_choice`)."""
        return self.value == PENDING and not self.chooser

    @property
    def open_choice(self) -> bool:
        return self.value == PENDING and bool(self.chooser)


@dataclass(frozen=True, slots=True)
class Branch:
    """One case of an undecided judgement: the answer, and the ruling from that answer on."""

    key: str
    label: str
    ruling: Ruling


@dataclass(frozen=True, slots=True)
class Ruling:
    """Where the answers led: the outcome and the steps taken, under one edition. Where the
    director has not yet decided a judgement (``open``), ``branches`` says what follows from
    each answer and ``outcome`` is what they have in common (:func:`combine`)."""

    kind: str
    title: str
    edition: str
    outcome: Outcome
    steps: tuple[Step, ...]
    reference_edition: str = ""   # the edition whose rule is shown, when it is not ``edition``'s own
    open: Question | None = None
    branches: tuple[Branch, ...] = ()
    #: a referral followed: the ruling of the referred law's tree on the same facts
    referral: Ruling | None = None
    #: a referral the facts do not yet allow to follow: the question of the referred tree that no
    #: fact answers (the walk stopped there)
    needs: tuple[Question, ...] = ()
    #: the penalty cards the case's cards become (the penalty-card model,
    #: :func:`rules_ext.core.rulings.penalty.penalty_cards`), once a case names them
    penalty_cards: tuple[PenaltyCard, ...] = ()
    #: the lead penalty of Law 26 the case's calls settle (the outcome's restriction says it then)
    lead_penalty: LeadPenalty | None = None

    @property
    def final(self) -> Ruling:
        """The ruling that rules: that of the law this one refers to, where it was followed."""
        return self.referral.final if self.referral is not None else self

    @property
    def choices(self) -> tuple[Step, ...]:
        """The choices the text gives a side met on the way (made or not yet), this ruling's and
        its referral's, each once."""
        found = [s for s in self.steps if s.chooser]
        for part in (*((self.referral,) if self.referral else ()), *(b.ruling for b in self.branches)):
            found.extend(s for s in part.choices if all(s.fact != f.fact for f in found))
        return tuple(found)

    @property
    def laws(self) -> tuple[str, ...]:
        """The provisions the ruling rests on, without repeats: those its steps' answers make
        decisive, the outcome's (:attr:`Outcome.applied`), those of every case of an undecided
        judgement and those of the referred law's ruling; in the order met (:meth:`ordered_laws`
        for the text's order)."""
        named = [*(law for s in self.steps for law in s.decisive), *self.outcome.applied]
        named.extend(law for p in self.penalty_cards for law in (*p.laws, *p.duty_laws))
        named.extend(law for b in self.branches for law in b.ruling.laws)
        named.extend(self.referral.laws if self.referral is not None else ())
        return tuple(dict.fromkeys(named))

    @property
    def all_cites(self) -> tuple[Cite, ...]:
        """The outcome's provisions, then those of the referred law's ruling (to be quoted)."""
        return self.cites + (self.referral.all_cites if self.referral is not None else ())

    def ordered_laws(self, key: Callable[[str], Any] | None = None) -> tuple[str, ...]:
        """:attr:`laws` in the order ``key`` gives (the rulebook's: ``corpus.labels.sort_key``)."""
        return tuple(sorted(self.laws, key=key)) if key is not None else self.laws

    @property
    def pending(self) -> tuple[Step, ...]:
        """The judgements not yet decided, this one's and those of its cases, each once."""
        found = [s for s in self.steps if s.pending]
        for part in (*(b.ruling for b in self.branches), *((self.referral,) if self.referral else ())):
            found.extend(s for s in part.pending if all(s.fact != f.fact for f in found))
        return tuple(found)

    @property
    def cites(self) -> tuple[Cite, ...]:
        """The outcome's provisions with their reviewed phrases (the decisive sentences)."""
        return self.outcome.cites

    @property
    def adjusted_score(self) -> str:
        return self.outcome.adjusted_score

    def to_dict(self, key: Callable[[str], Any] | None = None) -> dict[str, Any]:
        """The JSON shape of ``python -m rules_ext rule`` (without the quotes, which need the corpus);
        ``key`` orders the provisions (the text's order). Each field holds its settled value, or
        ``"pending"`` where it waits on a judgement or a choice (``depends``; each case in
        ``branches``); a referral's fields are the referred law's ruling, the final answer."""
        o, f = self.outcome, self.final
        fo = f.outcome

        def field(name: str, value: Any) -> Any:
            return PENDING if name in fo.depends else value

        cards: Any = [p.to_dict() for p in f.penalty_cards]
        if f.branches and len({b.ruling.penalty_cards for b in f.branches}) > 1:
            cards = PENDING
        return {
            "kind": self.kind, "title": self.title, "edition": self.edition,
            "reference_edition": self.reference_edition or None,
            "laws": list(self.ordered_laws(key)),
            "summary": o.summary,
            "options": [{"by": x.by, "choice": x.choice, "laws": list(x.laws)} for x in fo.options],
            "choices": [{"fact": s.fact, "by": s.chooser, "question": s.question, "laws": list(s.laws),
                         "chosen": PENDING if s.open_choice else s.value, "answer": s.answer} for s in self.choices],
            "offender_must_pass": field("offender_must_pass", fo.offender_must_pass),
            "partner_must_pass": field("partner_must_pass", fo.partner_must_pass),
            "lead_restriction": field("lead_restriction", _restriction(fo.lead_restriction)),
            "penalty_card": field("penalty_card", _restriction(fo.penalty_card)),
            "penalty_cards": cards,
            "lead_penalty": None if f.lead_penalty is None else {"text": f.lead_penalty.text,
                                                                  "laws": list(f.lead_penalty.laws)},
            "tricks_transferred": field("tricks_transferred", fo.tricks_transferred),
            "adjusted_score_possible": f.adjusted_score,
            "notes": list(o.notes),
            "refer": {"kind": o.refer, "law": o.refer_law} if o.refer else None,
            "referral": None if self.referral is None else {
                k: v for k, v in self.referral.to_dict(key).items() if k not in ("edition", "reference_edition")},
            "needs": [{"fact": q.fact, "question": q.text, "laws": list(q.laws),
                       "answers": {a.key: a.label for a in q.answers}} for q in self.needs],
            "steps": [{"question": s.question, "answer": s.answer, "laws": list(s.laws), "fact": s.fact,
                       "decisive": list(s.decisive), **({"by": s.chooser} if s.chooser else {})} for s in self.steps],
            "pending": [{"fact": s.fact, "question": s.question, "laws": list(s.laws)} for s in self.pending],
            "depends": list(fo.depends),
            "branches": [{"answer": b.label, "key": b.key, **{k: v for k, v in b.ruling.to_dict(key).items()
                                                              if k not in ("kind", "title", "edition", "reference_edition")}}
                         for b in f.branches],
        }


def combine(question: Question, branches: tuple[Branch, ...]) -> Outcome:
    """The outcome of an undecided judgement: what every case has in common, the fields that
    differ named in ``depends``; an adjusted score that some case gives and another does not is
    possible ("may"); the provisions of every case cited, the question's first."""
    outs = [b.ruling.outcome for b in branches]
    common: dict[str, Any] = {}
    depends = []
    defaults = {f.name: f.default for f in Outcome.__dataclass_fields__.values()}
    for name in BRANCHING_FIELDS:
        values = [getattr(o, name) for o in outs]
        if name == "options":
            shared = tuple(x for x in values[0] if all(x in v for v in values[1:]))
            common[name] = shared
            if any(set(v) != set(shared) for v in values) or any(name in o.depends for o in outs):
                depends.append(name)
        elif all(v == values[0] for v in values) and not any(name in o.depends for o in outs):
            common[name] = values[0]
        else:
            common[name] = defaults[name]
            depends.append(name)
    if "refer" in depends:
        common["refer_law"] = ""
    else:
        common["refer_law"] = outs[0].refer_law
    scores = {o.adjusted_score for o in outs}
    cites = {c.law: c for c in question.cites}
    for o in outs:
        for c in o.cites:
            cites.setdefault(c.law, c)
    if question.chooser:
        summary = f"尚待{question.chooser}选择：{question.text}各选项的裁定：" + "；".join(
            f"若{question.chooser}选择“{b.label}”，{b.ruling.outcome.summary.rstrip('。')}" for b in branches) + "。"
    else:
        summary = f"尚待裁判长判定：{question.text}裁定视其判定而定：" + "；".join(
            f"若{b.label}，{b.ruling.outcome.summary.rstrip('。')}" for b in branches) + "。"
    return Outcome(f"{question.id}:{PENDING}", summary, tuple(cites.values()),
                   adjusted_score=scores.pop() if len(scores) == 1 else "may",
                   notes=tuple(n for n in outs[0].notes if all(n in o.notes for o in outs[1:])),
                   depends=tuple(depends), waits_for=question.chooser, **common)


def _restriction(r: Restriction | None) -> dict[str, Any] | None:
    if r is None:
        return None
    out: dict[str, Any] = {"text": r.text, "laws": list(r.laws)}
    if r.kind:
        out["kind"] = r.kind
    if r.card:
        out["card"] = r.card
    return out


def settled_clause(settled: LeadPenalty) -> str:
    """A summary's words on the lead penalty once the case settles it (:data:`LEAD_CLAUSE`)."""
    if settled.none:
        return "违规方是庄家一方，不受引牌判罚" if "26intro" in settled.laws else "违规者此后叫出了有关联的花色，不受引牌判罚"
    if settled.laws == ("26A2",):
        return "违规方是防家，庄家可要求或禁止违规者的同伴首次引牌时引出有关联的花色"
    if settled.laws == ("26B",):
        return "违规方成为防家时，庄家可禁止违规者的同伴首次引牌时引出任一指定花色"
    return "违规方成为防家时可受引牌判罚（违规者在竞叫结束前叫出有关联的花色则不受）"


def on_outcomes(ruling: Ruling, settle_one: Callable[[Ruling], Ruling]) -> Ruling:
    """``settle_one`` applied to each ruling that ends in an outcome of the offender's: the ruling
    itself, each case of an undecided judgement or choice (their common outcome combined again), the
    referred law's ruling where its offender is the same player (a referral without ``refer_facts``)."""
    if ruling.branches and ruling.open is not None:
        branches = tuple(replace(b, ruling=on_outcomes(b.ruling, settle_one)) for b in ruling.branches)
        shared = {b.ruling.penalty_cards for b in branches}
        leads = {b.ruling.lead_penalty for b in branches}
        return replace(ruling, branches=branches, outcome=combine(ruling.open, branches),
                       penalty_cards=shared.pop() if len(shared) == 1 else (),
                       lead_penalty=leads.pop() if len(leads) == 1 else None)
    if ruling.referral is not None:
        if ruling.outcome.refer_facts:
            return ruling
        return replace(ruling, referral=on_outcomes(ruling.referral, settle_one))
    return settle_one(ruling)


def settled_words(text: str, defends: bool) -> str:
    """``text`` with its condition on who defends settled: ``违规方成为防家时，可受引牌判罚`` reads
    ``违规方是防家，可受引牌判罚`` when the offender's side defends, ``违规方是庄家一方，不是防家：
    可受引牌判罚的规定不适用`` when it declares."""
    if defends:
        return CONDITIONAL.sub(lambda m: f"{m[1]}是防家，{m[2]}", text)
    return CONDITIONAL.sub(lambda m: f"{m[1]}是庄家一方，不是防家：{m[2]}的规定不适用", text)


def settle(outcome: Outcome, *, defends: bool | None = None, card: str = "") -> Outcome:
    """The outcome for the facts of one case: a restriction (and the summary) worded for either
    side said for the side that defends, where the case tells it (:func:`settled_words`); a penalty
    card that is the irregular card named (``card``, e.g. ``♠K``)."""
    o = outcome
    changes: dict[str, Any] = {}
    if defends is not None:
        changes["summary"] = settled_words(o.summary, defends)
        for name in ("lead_restriction", "penalty_card"):
            r = getattr(o, name)
            if r is not None:
                changes[name] = replace(r, text=settled_words(r.text, defends))
    pc = changes.get("penalty_card", o.penalty_card)
    declares = defends is False and o.penalty_card is not None and CONDITIONAL.search(o.penalty_card.text)
    if card and pc is not None and pc.of_card and not declares:
        changes["penalty_card"] = replace(pc, card=card)
    return replace(o, **changes) if changes else o


def settle_ruling(ruling: Ruling, *, defends: bool | None = None, card: str = "") -> Ruling:
    """:func:`settle` on the ruling's outcome and on those of its cases; a referral's too where the
    referred law's offender is the same player (no ``refer_facts`` changing who it is), without
    the card (the referred law's penalty card is another card)."""
    o = ruling.outcome
    referral = ruling.referral
    if referral is not None and not o.refer_facts:
        referral = settle_ruling(referral, defends=defends)
    return replace(ruling, outcome=settle(o, defends=defends, card=card),
                   branches=tuple(replace(b, ruling=settle_ruling(b.ruling, defends=defends, card=card))
                                  for b in ruling.branches),
                   referral=referral)


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

    def walk(self, answers: Mapping[str, object], start: str = "", *,
             referred: Callable[[str], Tree | None] | None = None, _seen: tuple[str, ...] = ()) -> Ruling:
        """Follow ``answers`` (fact -> answer key, or a number) from the start (or from ``start``)
        to an outcome. A question reached but not answered, or answered with a value it does not
        offer, raises RulingError naming the question; answers to questions not reached are
        ignored. A judgement answered :data:`PENDING` is followed into every answer (each a
        :class:`Branch`, whose later questions need their answers too). With ``referred`` (a kind
        -> its tree under the same edition, or None), an outcome that refers the case to another
        law goes on into that law's tree with the same answers (and those the referral settles):
        its ruling is the :attr:`Ruling.referral`; a question of it the answers leave open is named
        in :attr:`Ruling.needs` instead."""
        steps: list[Step] = []
        node: Question | Outcome = self.node(start or self.start)
        while isinstance(node, Question):
            if node.fact not in answers and node.chooser:   # a choice not made: every option is told
                answers = {**answers, node.fact: PENDING}
            if node.fact not in answers:
                raise Unanswered(f"{node.fact}: not answered: {node.text}（"
                                 + (f"整数 {node.minimum}..{node.maximum}" if node.number
                                    else " / ".join(f"{a.key} = {a.label}" for a in node.answers)) + "）", node)
            value = answers[node.fact]
            try:
                chosen = node.answer(value)
            except RulingError as exc:
                raise RulingError(f"{node.fact}: {exc}") from None
            label = f"{value}" if node.number else chosen.label
            if chosen.key == PENDING:
                steps.append(Step(node.text, label, node.laws, node.fact, PENDING, chosen.laws, node.chooser))
                branches = tuple(Branch(a.key, a.label, self.walk(answers, a.next, referred=referred, _seen=_seen))
                                 for a in node.answers)
                return Ruling(self.kind, self.title, self.edition, combine(node, branches), tuple(steps),
                              self.reference_edition, open=node, branches=branches)
            steps.append(Step(node.text, label, node.laws, node.fact, value, chosen.laws, node.chooser))
            node = self.node(chosen.next)
        ruling = Ruling(self.kind, self.title, self.edition, node, tuple(steps), self.reference_edition)
        if not node.refer or referred is None or node.refer in (*_seen, self.kind):
            return ruling
        target = referred(node.refer)
        if target is None:
            return ruling
        try:
            referral = target.walk({**answers, **dict(node.refer_facts)}, referred=referred, _seen=(*_seen, self.kind))
        except Unanswered as exc:
            return replace(ruling, needs=(exc.question,))
        return replace(ruling, referral=referral)

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
