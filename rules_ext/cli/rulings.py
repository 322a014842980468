"""The rulings assistant's command (see rules_ext.cli): ``rule CASE.toml [--format json|text]``.

The case file's facts walk the decision tree of its kind (``rules_ext.core.rulings``); the outcome
is printed with the decisive sentences quoted from the rulebook model (``rules_ext.corpus``), so
this command is glue: core for the rule, corpus for the words. ``rule --list`` prints the kinds
and the provisions each covers per edition.
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rules_ext.cli.common import check_output_path
from rules_ext.core import Contract
from rules_ext.core.auction import Auction
from rules_ext.core.rulings import (
    ADJUSTED_WORDS,
    EDITIONS,
    RECORD_FIELDS,
    RECORD_RESULT_FIELDS,
    Ruling,
    available,
    kinds,
    tree,
)
from rules_ext.core.rulings.case import Case, load_case, parse_case
from rules_ext.core.rulings.model import Outcome, Step
from rules_ext.core.rulings.prose import (
    REFERRAL,
    card_words,
    laws_text,
    must_pass_words,
    offence,
    refer_title,
    refer_words,
    referral_lines,
    ruling_prose,
)
from rules_ext.corpus import load_corpus
from rules_ext.corpus.catalogue import EDITIONS as CATALOGUE
from rules_ext.corpus.labels import citation, sort_key
from rules_ext.corpus.model import Corpus
from rules_ext.corpus.quoting import Quote, quote
from rules_ext.errors import RulesError
from rules_ext.fileio import write_text_atomic
from rules_ext.pdf.ruling_record import parse_ruling


class QuoteMissing(RulesError):
    """A tree cites a phrase its provision does not have (a fault of the tree, found by the tests)."""


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "rule", help="the rulings assistant: the facts of a case file in, the rectification out",
        description="Walk the decision tree of the case's irregularity under its edition and print the "
                    "provisions, the options, who must pass, lead restrictions, penalty cards, tricks "
                    "transferred and whether an adjusted score may follow, quoting the rulebook. "
                    "Case file format: rules_ext/core/rulings/trees/README.md.")
    p.add_argument("case", type=Path, nargs="?", help="the case file (TOML)")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--list", action="store_true", help="list the kinds of irregularity and their laws per edition")
    p.add_argument("--record", type=Path, metavar="RULING.toml",
                   help="also write the ruling as a ruling record, for `ruling RULING.toml -o form.pdf` "
                        "(the case file needs event and board)")
    p.set_defaults(handler=_rule)


def _rule(args: argparse.Namespace) -> int:
    if args.list:
        print(kinds_table())
        return 0
    if args.case is None:
        raise RulesError("rule: give a case file (CASE.toml), or --list")
    check_output_path(args.record, args.case, stdout=None)
    case = load_case(args.case)
    ruling = case.rule()
    quotes = quotes_for(ruling, load_corpus())
    if args.record is not None:
        record = ruling_record(case, ruling)
        parse_ruling(record, source=str(args.record))   # a record the form command reads, or nothing
        write_text_atomic(args.record, record)
    if args.format == "json":
        data = ruling_json(ruling, quotes)
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print(ruling_text(ruling, quotes, case))
    return 0


def explain(case: Case | str) -> str:
    """The ruling of a case (a Case, or the text of a case file) as ``rule`` prints it; for worked
    examples: ``print(explain('''edition = "1991" ...'''))``."""
    if isinstance(case, str):
        case = parse_case(case)
    ruling = case.rule()
    return ruling_text(ruling, quotes_for(ruling, load_corpus()), case)


def quotes_for(ruling: Ruling, corpus: Corpus) -> list[Quote]:
    """The decisive sentence of each provision the outcome cites, then those of the referred law's
    ruling (:attr:`Ruling.all_cites`), from the edition whose rule it is."""
    edition = ruling.reference_edition or ruling.edition
    out = []
    for cite in ruling.all_cites:
        found = quote(corpus, edition, cite.law, cite.keyword)
        if found is None:
            raise QuoteMissing(f"the {edition} text of {cite.law} has no {cite.keyword!r} "
                               f"(trees/{ruling.kind}.toml, outcome {ruling.outcome.id})")
        out.append(found)
    return out


def ruling_json(ruling: Ruling, quotes: list[Quote]) -> dict[str, Any]:
    out = ruling.to_dict(key=sort_key)
    out["quote"] = [{"law": q.law, "citation": q.citation, "text": q.text} for q in quotes]
    return out




def ruling_text(ruling: Ruling, quotes: list[Quote], case: Case | None = None) -> str:
    """The outcome in Chinese, as a director reads it at the table (:mod:`rules_ext.core.rulings.prose`,
    with the rulebook's citations and edition names); with the ``case``, what the offender did, the
    calls and play around it, and the lead penalty its later auction settles (Law 26)."""
    return ruling_prose(ruling, quotes, citation=citation, edition_name=CATALOGUE.name,
                        offence=offence(case) if case is not None else ())


def _toml(value: object) -> str:
    """A TOML value: strings as basic strings (JSON's escapes are TOML's), lists of them."""
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, int):
        return str(value)
    return json.dumps(str(value), ensure_ascii=False)


def ruling_record(case: Case, ruling: Ruling) -> str:
    """The ruling as a ruling record (rules_ext/pdf/rulings/format.md): the case's event, board,
    table, deal and auction (the irregular call last), the steps as facts, the provisions as
    ``edition:label``, the outcome as the ruling."""
    missing = [key for key in ("event", "board") if key not in case.data]
    if missing:
        raise RulesError(f"{case.where(missing[0])}: {missing[0]}: missing: a ruling record needs the event and the board "
                         f"(add e.g. event = \"…\" and board = 7 to the case file)")
    o = ruling.outcome
    edition = ruling.reference_edition or ruling.edition
    values: dict[str, object] = {"event": case.data["event"], "board": case.board}
    for key in ("table", "director"):
        if key in case.data:
            values[key] = str(case.data[key])
    if case.called_by is not None:
        values["called_by"] = case.called_by.name
    if case.deal is not None:
        values["deal"] = str(case.deal)
    if case.auction or case.call is not None:
        values["auction"] = [*case.auction, *([str(case.call)] if case.call is not None else [])]
    values["facts"] = "\n".join(f"{i}. {s.question}{s.answer}。" for i, s in enumerate(referred_steps(ruling), 1))
    values["laws"] = [f"{edition}:{law}" for law in ruling.ordered_laws(sort_key)]
    if ruling.choices:
        values["choices"] = [choice_words(ruling, s) for s in ruling.choices]
    if ruling.pending:
        values["pending"] = [pending_words(ruling, s.fact) for s in ruling.pending]
    text = record_text(ruling)
    if ruling.reference_edition:
        text.append(f"本裁定按{CATALOGUE.name(edition)}作参考（{CATALOGUE.name(ruling.edition)}文本未收录此条）。")
    text.extend(o.notes)
    values["ruling"] = "\n".join(text)
    values["adjusted_score"] = final_outcome(ruling).adjusted_score
    # the one shape of the assistant's record (the 裁决助手 page writes the same fields, in this order)
    lines = [f"# 裁决助手生成的裁决记录（案例 {Path(case.source).name}）"]
    lines += [f"{key} = {_toml(values[key])}" for key in RECORD_FIELDS if key in values]
    result = table_result(case)
    if result:
        lines += ["", "[result]"] + [f"{key} = {_toml(result[key])}" for key in RECORD_RESULT_FIELDS if key in result]
    return "\n".join(lines) + "\n"


def pending_words(ruling: Ruling, fact: str) -> str:
    """An undecided judgement as the record and the form carry it: the question, its provisions and
    its answers to tick: ``…？（第27条B款1项b目）□ 未损害 □ 足以损害``."""
    question = next(q for q in tree(ruling.kind, ruling.reference_edition or ruling.edition).questions.values()
                    if q.fact == fact and q.judgement)
    return question.text + laws_text(question.laws, citation) + " ".join(f"□ {a.label}" for a in question.answers)


def choice_words(ruling: Ruling, step: Step) -> str:
    """A side's choice as the record and the form carry it: the option chosen with its provisions
    (``庄家选择：要求收回（第54条D款）``), or, not yet made, the question and its options to tick."""
    if not step.open_choice:
        return f"{step.chooser}选择：{step.answer}{laws_text(step.decisive or step.laws, citation)}"
    question = next(q for t in (tree(ruling.kind, ruling.reference_edition or ruling.edition),
                                *(tree(r.kind, r.reference_edition or r.edition) for r in _referrals(ruling)))
                    for q in t.questions.values() if q.fact == step.fact and q.chooser)
    return (f"{step.chooser}尚未选择：{question.text}{laws_text(question.laws, citation)}"
            + " ".join(f"□ {a.label}" for a in question.answers))


def _referrals(ruling: Ruling) -> list[Ruling]:
    return [ruling.referral, *_referrals(ruling.referral)] if ruling.referral is not None else []


def referred_steps(ruling: Ruling) -> list[Step]:
    """The facts asked: the ruling's, then those of the law it refers to."""
    return [*ruling.steps, *(referred_steps(ruling.referral) if ruling.referral is not None else ())]


def final_outcome(ruling: Ruling) -> Outcome:
    """The outcome that rules: that of the law the ruling refers to, where it was followed."""
    return final_outcome(ruling.referral) if ruling.referral is not None else ruling.outcome


def record_text(ruling: Ruling) -> list[str]:
    """The ruling's lines of a ruling record: the outcome, and each case of an undecided judgement."""
    o = ruling.outcome
    # each option a sentence of its own, as the 裁决助手 page writes it (assistant.js recordText): the
    # form keeps a line break after a sentence's end and joins the others (pdf.figures.reflow)
    text = [o.summary, *(f"{x.by}：{x.choice}。" for x in o.options)]
    if o.refer:
        text.append(f"转至：{refer_words(o)}。")
        text += [line.strip() for line in referral_lines(ruling, None, citation) if ruling.needs]
        if ruling.referral is not None:
            text.append(REFERRAL.format(law=o.refer_law, title=refer_title(o.refer)))
            text += record_text(ruling.referral)
    for field, who in (("offender_must_pass", "违规者"), ("partner_must_pass", "违规者的同伴")):
        if getattr(o, field) != "no" or field in o.depends:
            text.append(f"{who}{must_pass_words(o, field)}。")
    for what, r, field in (("引牌限制", o.lead_restriction, "lead_restriction"), ("罚张", o.penalty_card, "penalty_card")):
        if r is not None:
            text.append(f"{what}：{card_words(r) if r is o.penalty_card else ''}{r.text}")
        elif field in o.depends:
            text.append(f"{what}：{o.depends_words}。")
    if o.tricks_transferred:
        text.append(f"移墩：{o.tricks_transferred}墩。")
    if not o.refer:
        text.append(f"调整分：{ADJUSTED_WORDS[o.adjusted_score]}。")
    for b in ruling.branches:
        text.append(f"若{b.label}：" + "".join(line if line.endswith("。") else line + "。" for line in record_text(b.ruling)[1:]))
    # (each case's own outcome is in the summary above; its fields follow here)
    return text


def table_result(case: Case) -> dict[str, str | int]:
    """The result at the table as far as the case gives it: ``contract`` and ``declarer`` (given,
    or those of the auction when a card was played after it ended), ``tricks`` when given."""
    contract = case.data.get("contract")
    declarer = case.data.get("declarer")
    if contract is None and case.card is not None and case.auction and case.dealer is not None:
        try:
            auction = Auction.parse(case.dealer, " ".join(case.auction))
            final = auction.final_contract() if auction.is_complete else None
        except ValueError:
            final = None
        if final is not None and not final.is_passed_out and final.declarer is not None:
            contract = str(Contract(final.level, final.strain, final.doubling))
            declarer = declarer or final.declarer.name
    if contract is None:
        return {}
    out: dict[str, str | int] = {"contract": str(contract)}
    if declarer is not None:
        out["declarer"] = str(declarer)
    if case.data.get("tricks") is not None:
        out["tricks"] = int(case.data["tricks"])
    return out


def kinds_table() -> str:
    """Each kind, and per edition the laws its tree cites (or that the edition lacks them)."""
    lines = []
    for kind in kinds():
        first = next(tree(kind, e) for e in EDITIONS if available(kind, e))
        lines.append(f"{kind}  {first.title}")
        for edition in EDITIONS:
            if not available(kind, edition):
                lines.append(f"  {edition}: 本版文本未收录（可按1991年版作参考：reference = \"1991\"）")
                continue
            t = tree(kind, edition)
            labels = sorted({c.law for q in t.questions.values() for c in q.cites}
                            | {c.law for o in t.outcomes.values() for c in o.cites}, key=sort_key)
            judged = list(dict.fromkeys(q.fact for q in t.questions.values() if q.judgement))
            lines.append(f"  {edition}: {' '.join(labels)}" + (f"；裁判长判断：{', '.join(judged)}" if judged else ""))
    return "\n".join(lines)

