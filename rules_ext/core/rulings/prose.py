"""A ruling told in Chinese, as a director reads it out at the table: the one renderer of a ruling
outcome as text. ``python -m rules_ext rule CASE --format text`` prints it, the worked examples show
it (``explain``), and the 裁决助手's copy button copies it (the page carries the pieces this module
renders when the site is built: :func:`head`, the facts' templates :data:`STEP` and :data:`LAWS`,
and :func:`outcome_lines` of every outcome; ``assistant.js`` only numbers the answers given).

The text, from the ruling's fields alone (any kind of irregularity, any outcome):

- the kind and the edition, and a notice when the rule is another edition's, given for reference;
- the irregularity (who did what, after which calls), when the facts of a case say it;
- the facts: each question asked and the answer, with the provisions it rests on;
- the ruling (the outcome's summary) and the provisions with their quoted words;
- what each player must or may do: the choices open to a player, the offender's and his partner's
  obligation to pass (in the auction), lead restrictions, penalty cards, tricks transferred;
- whether an adjusted score may or must follow, and the notes.

The core knows no rulebook text: the caller gives the quoted sentences (``citation`` and ``text``
of each), how a provision label reads (``citation``: ``27B1a`` → 第27条B款1项a目) and the
editions' names; :mod:`rules_ext.cli.rulings` takes them from the corpus.

>>> from rules_ext.core.rulings import tree
>>> r = tree("insufficient_bid", "1999").walk({"in_turn": "yes", "accepted": "yes"})
>>> print(ruling_prose(r, [], citation=lambda label: label, edition_name=lambda e: e + "年版"))
不足叫牌（1999年版）
事实：
  1. 不足叫牌是否依序作出（轮到违规者叫牌）？ —— 依序（27C）
  2. 违规者的下家（左手敌家）是否已接续叫牌，接受了不足叫牌？ —— 已接受（27A）
裁定：不足叫牌视同合法叫牌，叫牌继续进行，不予判罚。
各方须做的：
  违规者：不受限制。
  违规者的同伴：不受限制。
调整分：不适用。
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Protocol

from rules_ext.core.auction import Call
from rules_ext.core.rulings.model import (
    ADJUSTED_WORDS,
    MUST_PASS_WORDS,
    PENALTY_CARD_WORDS,
    Outcome,
    Restriction,
    Ruling,
    Step,
    Tree,
)

if TYPE_CHECKING:
    from rules_ext.core.rulings.case import Case

#: one fact: the question and the answer given (``{laws}``: :data:`LAWS`, or nothing)
STEP = "  {n}. {question} —— {answer}{laws}"
#: the provisions a fact, a choice or a restriction rests on (joined by :data:`SEPARATOR`)
LAWS = "（{laws}）"
SEPARATOR = "、"
FACTS = "事实："
#: the laws up to which the auction's obligations to pass are said even when there are none
AUCTION_LAWS = 40
_NUMBER = re.compile(r"\d+")


class Quoted(Protocol):
    """A provision's decisive sentence: how the provision is cited, and its words."""

    @property
    def citation(self) -> str: ...

    @property
    def text(self) -> str: ...


def laws_text(labels: Iterable[str], citation: Callable[[str], str]) -> str:
    """``（第26条A款2项、第26条B款）``, or '' for none."""
    labels = list(labels)
    return LAWS.format(laws=SEPARATOR.join(citation(x) for x in labels)) if labels else ""


def head(ruling: Ruling | Tree, edition_name: Callable[[str], str]) -> list[str]:
    """The kind and the edition; the notice that the rule is another edition's (a ruling's, or
    its tree's: the same)."""
    lines = [f"{ruling.title}（{edition_name(ruling.edition)}）"]
    if ruling.reference_edition:
        lines.append(f"※ 以下为{edition_name(ruling.reference_edition)}的规则，仅供参考。")
    return lines


def offence(case: Case) -> str:
    """The irregularity as the case gives it (``南家叫1♥（此前叫牌：不叫 1♠）``); '' without an
    offender."""
    if case.offender is None:
        return ""
    what = f"叫{case.call.chinese}" if case.call is not None else f"打出{case.card.symbol}" if case.card else ""
    before = f"（此前叫牌：{' '.join(Call.parse(c).chinese for c in case.auction)}）" if case.auction else ""
    return f"{case.offender.chinese}家{what}{before}"


def fact_lines(steps: Sequence[Step], citation: Callable[[str], str]) -> list[str]:
    """The facts: each question and its answer, numbered from 1 (none: no lines)."""
    if not steps:
        return []
    return [FACTS] + [STEP.format(n=i, question=s.question, answer=s.answer, laws=laws_text(s.laws, citation))
                      for i, s in enumerate(steps, 1)]


def _restriction(name: str, r: Restriction, citation: Callable[[str], str]) -> str:
    return f"  {name}：{r.text}{laws_text(r.laws, citation)}"


def outcome_lines(outcome: Outcome, quotes: Sequence[Quoted], citation: Callable[[str], str]) -> list[str]:
    """The ruling, the provisions quoted, what each player must or may do, the adjusted score,
    the notes: everything that depends on the outcome alone, not on the way to it."""
    o = outcome
    lines = [f"裁定：{o.summary}"]
    if quotes:
        lines.append("依据条文：")
        lines += [f"  {q.citation}：“{q.text}”" for q in quotes]
    duties = [f"  {x.by}可以选择：{x.choice}{laws_text(x.laws, citation)}" for x in o.options]
    in_auction = all(int(_NUMBER.match(x).group()) <= AUCTION_LAWS for x in o.applied)  # type: ignore[union-attr]
    if o.offender_must_pass != "no" or o.partner_must_pass != "no" or in_auction:
        duties.append(f"  违规者：{MUST_PASS_WORDS[o.offender_must_pass]}。")
        duties.append(f"  违规者的同伴：{MUST_PASS_WORDS[o.partner_must_pass]}。")
    if o.lead_restriction:
        duties.append(_restriction("引牌限制", o.lead_restriction, citation))
    if o.penalty_card:
        duties.append(_restriction(f"罚张（{PENALTY_CARD_WORDS[o.penalty_card.kind]}）", o.penalty_card, citation))
    if o.tricks_transferred:
        duties.append(f"  移墩：{o.tricks_transferred}墩。")
    if duties:
        lines += ["各方须做的：", *duties]
    lines.append(f"调整分：{ADJUSTED_WORDS[o.adjusted_score]}。")
    lines += [f"注：{note}" for note in o.notes]
    return lines


def ruling_prose(ruling: Ruling, quotes: Sequence[Quoted], *, citation: Callable[[str], str],
                 edition_name: Callable[[str], str], offence: str = "") -> str:
    """The whole ruling as text (see the module): ``quotes`` are the decisive sentences of the
    outcome's provisions, in the order of ``ruling.cites``; ``offence`` (:func:`offence`) what
    the offender did, when the facts of a case say it."""
    lines = head(ruling, edition_name)
    if offence:
        lines.append(f"违规：{offence}。")
    lines += fact_lines(ruling.steps, citation)
    lines += outcome_lines(ruling.outcome, quotes, citation)
    return "\n".join(lines)
