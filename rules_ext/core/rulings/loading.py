"""The rulings assistant's trees read from their TOML files (``trees/<kind>.toml``, format
``trees/README.md``), each resolved for one edition into a :class:`~rules_ext.core.rulings.model.Tree`:
values keyed by edition picked, nodes and answers of other editions left out, every question
reachable and every answer leading somewhere; a fault is a :class:`RulingError` naming the file
and the place in it.
"""
from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import cache
from importlib import resources
from typing import Any

from rules_ext.core.rulings.model import (
    ADJUSTED,
    EDITIONS,
    MUST_PASS,
    PENALTY_CARDS,
    PENDING_VALUES,
    Answer,
    Cite,
    NotInEdition,
    Option,
    Outcome,
    Question,
    Restriction,
    RulingError,
    Tree,
)
from rules_ext.core.rulings.obligations import DAMAGE, LEAD_26, Obligation, damage, longest
from rules_ext.core.rulings.obligations import row as obligation_row
from rules_ext.core.rulings.penalty import ACTS


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
        of_card = bool(self.get(raw, "card", f"{where}.{key}", False, bool))
        if of_card and key != "penalty_card":
            raise self.fail(f"{where}.{key}.card", "only a penalty card is a card (card = true: the irregular card)")
        act = self.get(raw, "act", f"{where}.{key}", "")
        if act and (key != "penalty_card" or act not in ACTS):
            raise self.fail(f"{where}.{key}.act", f"{act!r}: a penalty card's act is one of {', '.join(ACTS)}")
        return Restriction(self.get(raw, "text", f"{where}.{key}", ""), laws, kind, of_card=of_card, act=act)

    def known(self, laws: tuple[str, ...], known: set[str], where: str,
              problem: str = "is not cited by the outcome or a question on the way to it") -> None:
        for law in laws:
            if law not in known:
                raise self.fail(where, f"{law} {problem}")

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
            if key in PENDING_VALUES:
                raise self.fail(f"{where}.answers.{key}", "is reserved: every judgement question accepts it "
                                                          "(not yet decided); name the answer otherwise")
            laws = tuple(self.get(answer, "laws", f"{where}.answers.{key}", [], list))
            self.known(laws, {c.law for c in self.cites(raw, where)}, f"{where}.answers.{key}.laws",
                       "is not cited by the question")
            answers.append(Answer(key, self.get(answer, "label", f"{where}.answers.{key}", ""),
                                  self.get(answer, "next", f"{where}.answers.{key}", ""), laws))
        number = bool(self.get(raw, "number", where, False, bool))
        if len(answers) < (1 if number else 2):
            raise self.fail(where, "a question needs at least two answers")
        chooser = self.get(raw, "by", where, "")
        if chooser and (number or self.get(raw, "judgement", where, False, bool)):
            raise self.fail(f"{where}.by", "a choice (by = who chooses) is neither a judgement nor a number")
        return Question(qid, self.get(raw, "text", where, ""), self.cites(raw, where), tuple(answers),
                        help=self.get(raw, "help", where, ""), judgement=bool(self.get(raw, "judgement", where, False, bool)),
                        number=number, minimum=self.get(raw, "min", where, 0, int), maximum=self.get(raw, "max", where, 0, int),
                        fact=self.get(raw, "fact", where, qid), chooser=chooser)

    def obligations(self, raw: Mapping[str, Any], where: str) -> list[Obligation]:
        """The rows of the edition's table of obligations the outcome names (``obligation = ["31B"]``)."""
        named = self.get(raw, "obligation", where, [], list)
        try:
            rows = [obligation_row(self.edition, label) for label in named]
        except RulingError as exc:
            raise self.fail(f"{where}.obligation", str(exc)) from None
        for name in ("offender_must_pass", "partner_must_pass"):
            if rows and _by_edition(raw.get(name), self.edition) is not None:
                raise self.fail(f"{where}.{name}", "is set by the outcome's obligation (the table of obligations "
                                                   "to pass, core/rulings/obligations.py): give one or the other")
        return rows

    def lead_from_rows(self, rows: list[Obligation], where: str) -> tuple[Restriction | None, list[Cite]]:
        """The lead penalty the rows apply (Law 26), worded for either side, and the provisions it cites."""
        leads = [r for r in rows if r.lead in ("26", "26B")]
        if not leads:
            return None, []
        r = leads[0]
        source = r.lead_from or r.label
        cites = [Cite(source, r.lead_phrase)] if r.lead_phrase else []
        first = "首次引牌时（包括首引）" if self.edition == "1991" else "首次获得引牌权时（包括首引）"
        phrases = LEAD_26[self.edition]
        if r.lead == "26B":
            text = f"违规方成为防家时：违规者的同伴{first}，庄家可禁止其引出任一指定花色，禁止在其保持引牌权时一直有效。"
            return Restriction(text, (source, "26B")), [*cites, Cite("26B", phrases["26B"])]
        text = (f"违规方成为防家时：被取消的叫牌与花色有关而违规者此后未叫出该花色，庄家可在违规者的同伴{first}要求或禁止"
                f"其引出该花色（违规者此后叫出了该花色，则不受引牌判罚）；其他被取消的叫牌，庄家可禁止其引出任一指定花色；"
                f"禁止在其保持引牌权时一直有效。")
        return (Restriction(text, (source, "26A2", "26B")),
                [*cites, Cite("26A2", phrases["26A2"]), Cite("26B", phrases["26B"])])

    def outcome(self, oid: str, raw: Mapping[str, Any], on_the_way: set[str]) -> Outcome:
        where = f"outcome.{oid}"
        cites = self.cites(raw, where)
        rows = self.obligations(raw, where)
        lead, lead_cites = self.lead_from_rows(rows, where)
        if lead is not None and self.get(raw, "lead_restriction", where, None, dict):
            lead, lead_cites = None, []   # the outcome words its own (e.g. 30B1's conventional pass)
        damages = [Cite(d, DAMAGE[self.edition][d]) for d in dict.fromkeys(damage(self.edition, r) for r in rows) if d]
        for extra in (*(Cite(r.label, r.phrase) for r in rows), *damages, *lead_cites):
            if all(c.law != extra.law for c in cites):
                cites += (extra,)
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
        refer = self.refer(raw, where)
        return Outcome(
            oid, self.get(raw, "summary", where, ""), cites, tuple(options),
            offender_must_pass=longest([r.offender for r in rows]) if rows
            else self.choice(raw, "offender_must_pass", where, MUST_PASS, "no"),
            partner_must_pass=longest([r.partner for r in rows]) if rows
            else self.choice(raw, "partner_must_pass", where, MUST_PASS, "no"),
            lead_restriction=lead or self.restriction(raw, "lead_restriction", where, known),
            penalty_card=self.restriction(raw, "penalty_card", where, known),
            tricks_transferred=self.get(raw, "tricks_transferred", where, 0, int),
            adjusted_score=self.choice(raw, "adjusted_score", where, ADJUSTED, "may" if damages else "no"),
            notes=tuple(self.get(raw, "notes", where, [], list)),
            refer=refer[0], refer_law=refer[1], refer_facts=refer[2],
        )

    def refer(self, raw: Mapping[str, Any], where: str) -> tuple[str, str, tuple[tuple[str, str], ...]]:
        """``refer = { kind = "call_out_of_rotation", law = "31" }``: the kind whose tree rules from
        here; ``facts = { role = "defender" }``: the answers the referral settles for that tree."""
        refer = self.get(raw, "refer", where, None, dict)
        if not refer:
            return "", "", ()
        kind, law = self.get(refer, "kind", f"{where}.refer", ""), self.get(refer, "law", f"{where}.refer", "")
        if kind not in _tree_files():
            raise self.fail(f"{where}.refer.kind", f"{kind!r} is not a kind of irregularity")
        if not law:
            raise self.fail(f"{where}.refer.law", "expected the law referred to, e.g. law = \"31\"")
        facts = self.get(refer, "facts", f"{where}.refer", {}, dict)
        if not all(isinstance(v, str) for v in facts.values()):
            raise self.fail(f"{where}.refer.facts", "expected answers as quoted keys, e.g. facts = { role = \"defender\" }")
        return kind, law, tuple(facts.items())

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


def referrals(edition: str, reference: str = "") -> Callable[[str], Tree | None]:
    """The trees a referral leads to under ``edition``: kind -> tree, or None where the edition
    lacks it. A ruling given under ``reference`` (the edition lacks the referring law) stays in that
    edition: the referred law's tree is the reference edition's too, so that one text is quoted."""
    def referred(kind: str) -> Tree | None:
        try:
            if reference and reference != edition and available(kind, reference):
                return replace(tree(kind, reference), edition=edition, reference_edition=reference)
            return tree(kind, edition)
        except NotInEdition:
            return None
    return referred


def referred_trees(start: Tree, referred: Callable[[str], Tree | None]) -> list[Tree]:
    """``start`` and every tree its referrals lead to, directly or through another referral."""
    found = {start.kind: start}
    todo = [start]
    while todo:
        for o in todo.pop().outcomes.values():
            if o.refer and o.refer not in found:
                t = referred(o.refer)
                if t is not None:
                    found[o.refer] = t
                    todo.append(t)
    return list(found.values())


def all_trees() -> list[Tree]:
    """Every kind under every edition that has it."""
    return [tree(k, e) for k in kinds() for e in EDITIONS if available(k, e)]
