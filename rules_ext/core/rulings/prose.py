"""A ruling told in Chinese, as a director reads it out at the table: the one renderer of a ruling as
text, for ``rule CASE --format text``, the worked examples' ``explain`` and the 裁决助手's copy
button (the page carries the pieces rendered here when the site is built: :func:`head`, :data:`STEP`,
:data:`LAWS` and :func:`outcome_lines` of every outcome; ``assistant.js`` only numbers the answers).

From the ruling's fields alone, any kind and outcome: the kind and edition (and a notice when the
rule is another edition's), the irregularity, each fact asked and its answer with its provisions,
the ruling and the provisions quoted, what each player must or may do (choices, the obligation to
pass, lead restrictions, penalty cards, tricks transferred), whether an adjusted score may or must
follow. The core knows no rulebook text: the caller gives the quoted sentences, how a label reads
(``27B1a`` → 第27条B款1项a目) and the editions' names (:mod:`rules_ext.cli.rulings` takes them from
the corpus). An example: :func:`ruling_prose`.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Protocol

from rules_ext.core.auction import Call
from rules_ext.core.cards import Card
from rules_ext.core.rulings.loading import available, tree
from rules_ext.core.rulings.model import (
    ADJUSTED_WORDS,
    CONDITIONAL,
    EDITIONS,
    MUST_PASS_WORDS,
    PENALTY_CARD_WORDS,
    LeadPenalty,
    Outcome,
    Restriction,
    Ruling,
    Step,
    Tree,
)
from rules_ext.core.rulings.penalty import PenaltyCard

if TYPE_CHECKING:
    from rules_ext.core.rulings.case import Case

#: one fact: the question and the answer given (``{laws}``: :data:`LAWS`, or nothing)
STEP = "  {n}. {question} —— {answer}{laws}"
#: the provisions a fact, a choice or a restriction rests on (joined by :data:`SEPARATOR`)
LAWS = "（{laws}）"
SEPARATOR = "、"
FACTS = "事实："
#: the heading of the provisions a result rests on (quoted under it, or cited after it)
BASIS = "依据条文："
#: one case of a judgement not yet decided; its facts and its ruling follow, indented by :data:`INDENT`
BRANCH = "若{label}："
#: one option of a choice not yet made (``{by}``: who chooses)
CHOICE_BRANCH = "若{by}选择“{label}”："
#: the heading of the judgement a ruling waits for, before its cases
PENDING_WORD = "待定"
#: the heading of a choice not yet made, before its options
CHOICE_WORD = "待{by}选择"
INDENT = "  "
#: a referral followed (:func:`referral_lines`), and one the facts do not yet allow to follow
REFERRAL = "按第{law}条（{title}）裁定："
REFERRAL_NEEDS = "按第{law}条（{title}）裁定尚需查明："
#: the laws up to which the auction's obligations to pass are said even when there are none
AUCTION_LAWS = 40
_NUMBER = re.compile(r"\d+")


class Quoted(Protocol):
    """A provision's decisive sentence: how the provision is cited, and its words."""

    @property
    def citation(self) -> str: ...

    @property
    def text(self) -> str: ...


def quote_line(citation: str, text: str) -> str:
    """A quoted provision, one line (a text printed on several lines, a list in it, goes on under it,
    indented)."""
    return f"  {citation}：“{text}”".replace("\n", "\n    ")


class Imposed(Protocol):
    """What a restriction, a penalty card or a settled lead penalty says, and its provisions."""

    @property
    def text(self) -> str: ...

    @property
    def laws(self) -> tuple[str, ...]: ...


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


def _calls(calls: Iterable[str]) -> str:
    return " ".join(Call.parse(c).chinese for c in calls)


def offence(case: Case) -> list[str]:
    """The irregularity as the case gives it (``违规：南家叫1♥（此前叫牌：不叫 1♠）。``: a call, a
    call changed, a card or several exposed, else the case's own ``description``), the calls after
    it and the play before it; nothing where the case says neither who nor what."""
    description = str(case.data.get("irregularity", {}).get("description", "")).strip().rstrip("。")
    what = ""
    if case.call is not None:
        what = f"叫{case.first_call.chinese}后改为{case.call.chinese}" if case.first_call is not None else f"叫{case.call.chinese}"
    elif len(case.cards) > 1:
        what = "暴露" + " ".join(c.symbol for c in case.cards)
    elif case.card is not None:
        what = f"打出{case.card.symbol}"
    if not what and not description:
        return []
    who = f"{case.offender.chinese}家" if case.offender is not None else ""
    before = f"（此前叫牌：{_calls(case.auction)}）" if case.auction else ""
    lines = [f"违规：{who}{what}{before}。" if what else f"违规：{description}。"]
    if case.later_auction:
        lines.append(f"此后叫牌：{_calls(case.later_auction)}。")
    if case.play:
        tricks = [case.play[i:i + 4] for i in range(0, len(case.play), 4)]
        lines.append("此前出牌：" + " ／ ".join(" ".join(Card.parse(c).symbol for c in t) for t in tricks) + "。")
    return lines


def step_lines(steps: Sequence[Step], citation: Callable[[str], str], first: int = 1) -> list[str]:
    """Each question and its answer, numbered from ``first``."""
    return [STEP.format(n=i, question=s.question, answer=s.answer, laws=laws_text(s.laws, citation))
            for i, s in enumerate(steps, first)]


def fact_lines(steps: Sequence[Step], citation: Callable[[str], str]) -> list[str]:
    """The facts: each question and its answer, numbered from 1 (none: no lines)."""
    return [FACTS, *step_lines(steps, citation)] if steps else []


def refer_title(kind: str) -> str:
    """The name of the kind a referral leads to (the reader sees 越序叫牌, never its file name)."""
    return next(tree(kind, e).title for e in EDITIONS if available(kind, e))


def refer_words(o: Outcome) -> str:
    """A referral as the director reads it: ``见第31条（越序叫牌）``."""
    return f"见第{o.refer_law}条（{refer_title(o.refer)}）"


def must_pass_words(o: Outcome, name: str) -> str:
    """An obligation to pass (``offender_must_pass``, ``partner_must_pass``) in words, or that it
    depends on a judgement not yet decided."""
    return o.depends_words if name in o.depends else MUST_PASS_WORDS[getattr(o, name)]


def _imposed(name: str, r: Imposed, citation: Callable[[str], str], lead: str = "") -> str:
    return f"  {name}：{lead}{r.text}{laws_text(r.laws, citation)}"


def card_words(r: Restriction) -> str:
    """The penalty card the case names (``♠K成为重罚张。``; ``♠K：`` while the text still waits for
    who defends), or ''."""
    if not r.card:
        return ""
    return f"{r.card}：" if CONDITIONAL.search(r.text) else f"{r.card}成为{PENALTY_CARD_WORDS[r.kind]}。"


def referral_lines(ruling: Ruling, quotes: Sequence[Quoted] | None, citation: Callable[[str], str], *,
                   first: int = 1) -> list[str]:
    """A referral followed: the referred law's ruling on the same facts (its facts numbered on
    from ``first``, its result), indented under ``按第31条（越序叫牌）裁定：``; or, where the facts do
    not allow to follow it yet, the question of the referred law they leave open."""
    o = ruling.outcome
    if ruling.needs:
        return [f"{REFERRAL_NEEDS.format(law=o.refer_law, title=refer_title(o.refer))}"
                f"{q.text}{laws_text(q.laws, citation)}" for q in ruling.needs]
    if ruling.referral is None:
        return []
    r = ruling.referral
    part = step_lines(r.steps, citation, first)
    part += result_lines(r, quotes, citation, first=first)
    return [REFERRAL.format(law=o.refer_law, title=refer_title(o.refer)), *(INDENT + line for line in part)]


def penalty_card_lines(cards: Sequence[PenaltyCard], citation: Callable[[str], str]) -> list[str]:
    """Each penalty card the case's cards become: the card and its kind, what its holder must do,
    declarer's choices when the holder's partner is to lead, when it ends."""
    lines = []
    for p in cards:
        lines.append(f"  罚张：{p.card}成为{PENALTY_CARD_WORDS[p.kind]}{laws_text(p.laws, citation)}；"
                     f"{p.duty}{laws_text(p.duty_laws, citation)}")
        lines += [f"    同伴引牌时庄家可以选择：{o.choice}{laws_text(o.laws, citation)}" for o in p.options]
        lines.append(f"    {p.ends}{laws_text(p.ends_laws, citation)}")
    return lines


def outcome_lines(outcome: Outcome, quotes: Sequence[Quoted] | None, citation: Callable[[str], str], *,
                  settled: LeadPenalty | None = None, shared_notes: Sequence[str] = (),
                  cards: Sequence[PenaltyCard] = ()) -> list[str]:
    """The ruling, the provisions (quoted; ``quotes`` None: cited only, for a case of an undecided
    judgement, whose provisions the whole ruling quotes), a referral, what each player must or may
    do (a field that differs between the cases of an undecided judgement: :data:`DEPENDS_WORDS`;
    the lead restriction as the case's calls ``settled`` it, no restriction said so; the penalty
    ``cards`` the case's cards become), the adjusted score, the notes (but ``shared_notes``, said
    once for all the cases): everything that depends on the outcome alone, not on the way to it."""
    o = outcome
    lines = [f"裁定：{o.summary}"]
    if quotes is None:
        lines.append(f"{BASIS}{SEPARATOR.join(citation(x) for x in o.applied)}")
    elif quotes:
        lines.append(BASIS)
        lines += [quote_line(q.citation, q.text) for q in quotes]
    if o.refer:
        lines.append(f"转至：{refer_words(o)}，违规者及其同伴是否须不叫、是否判给调整分，均按该条裁定。")
    duties = [f"  {x.by}可以选择：{x.choice}{laws_text(x.laws, citation)}" for x in o.options]
    in_auction = all(int(_NUMBER.match(x).group()) <= AUCTION_LAWS for x in o.applied)  # type: ignore[union-attr]
    passes = ("offender_must_pass", "partner_must_pass")
    if not o.refer and (any(getattr(o, x) != "no" or x in o.depends for x in passes) or in_auction):
        duties.append(f"  违规者：{must_pass_words(o, 'offender_must_pass')}。")
        duties.append(f"  违规者的同伴：{must_pass_words(o, 'partner_must_pass')}。")
    if o.lead_restriction:
        duties.append(_imposed("引牌限制", o.lead_restriction, citation))
    elif "lead_restriction" in o.depends:
        duties.append(f"  引牌限制：{o.depends_words}。")
    elif settled is not None and settled.none:   # the case's calls exclude Law 26's lead penalty
        duties.append(f"  引牌限制：无（{settled.text.rstrip('。')}{laws_text(settled.laws, citation)}）。")
    if cards:
        duties += penalty_card_lines(cards, citation)
    elif o.penalty_card:
        duties.append(_imposed(f"罚张（{PENALTY_CARD_WORDS[o.penalty_card.kind]}）", o.penalty_card, citation,
                               card_words(o.penalty_card)))
    elif "penalty_card" in o.depends:
        duties.append(f"  罚张：{o.depends_words}。")
    if o.tricks_transferred:
        duties.append(f"  移墩：{o.tricks_transferred}墩。")
    elif "tricks_transferred" in o.depends:
        duties.append(f"  移墩：{o.depends_words}。")
    if duties:
        lines += ["各方须做的：", *duties]
    if not o.refer:
        lines.append(f"调整分：{ADJUSTED_WORDS[o.adjusted_score]}。")
    lines += [f"注：{note}" for note in o.notes if note not in shared_notes]
    return lines


def own_lines(ruling: Ruling, quotes: Sequence[Quoted] | None, citation: Callable[[str], str], *,
              shared_notes: Sequence[str] = ()) -> list[str]:
    """A result's text but its cases: the outcome (:func:`outcome_lines`) and, of a judgement not
    yet decided or a choice not yet made, the question waiting (``待定：…？（第64条C款）``)."""
    lines = outcome_lines(ruling.outcome, quotes, citation, settled=ruling.lead_penalty, shared_notes=shared_notes,
                          cards=ruling.penalty_cards)
    if ruling.open is not None:
        word = CHOICE_WORD.format(by=ruling.open.chooser) if ruling.open.chooser else PENDING_WORD
        lines.append(f"{word}：{ruling.open.text}{laws_text(ruling.open.laws, citation)}")
    return lines


def result_lines(ruling: Ruling, quotes: Sequence[Quoted] | None, citation: Callable[[str], str], *,
                 shared_notes: Sequence[str] = (), first: int = 1) -> list[str]:
    """The result (:func:`own_lines`) and, of a judgement not yet decided, each case: its
    answer (:data:`BRANCH`), the facts asked after it (numbered on from ``first`` and the ruling's
    own steps) and its ruling, indented."""
    n = len(ruling.cites)
    own, rest = (quotes[:n], quotes[n:]) if quotes is not None else (None, None)
    lines = own_lines(ruling, own, citation, shared_notes=shared_notes)
    later = first + len(ruling.steps)
    lines += referral_lines(ruling, rest, citation, first=later)
    for b in ruling.branches:
        lines.append(branch_head(ruling, b.label))
        part = step_lines(b.ruling.steps, citation, later)
        part += result_lines(b.ruling, None, citation, shared_notes=ruling.outcome.notes, first=later)
        lines += [INDENT + line for line in part]
    return lines


def branch_head(ruling: Ruling, label: str) -> str:
    """The heading of one case of an undecided judgement, or of one option of a choice not made."""
    if ruling.open is not None and ruling.open.chooser:
        return CHOICE_BRANCH.format(by=ruling.open.chooser, label=label)
    return BRANCH.format(label=label)


def ruling_prose(ruling: Ruling, quotes: Sequence[Quoted], *, citation: Callable[[str], str],
                 edition_name: Callable[[str], str], offence: Sequence[str] = ()) -> str:
    """The whole ruling as text (see the module): ``quotes`` are the quoted provisions of the
    outcome, in the order of ``ruling.cites``; ``offence`` (:func:`offence`) what the offender did,
    when the facts of a case say it (the lead penalty its calls settle and the penalty cards its
    cards become are the ruling's own, :meth:`Case.rule`).

    >>> from rules_ext.core.rulings import tree
    >>> r = tree("insufficient_bid", "1999").walk({"in_turn": "yes", "accepted": "yes"})
    >>> print(ruling_prose(r, [], citation=lambda label: label, edition_name=lambda e: e + "年版"))
    不足叫牌（1999年版）
    事实：
      1. 不足叫牌是否依序作出（轮到违规者叫牌）？ —— 依序（27C）
      2. 违规者的下家（左手敌家）是否接受不足叫牌（接续叫牌即为接受）？ —— 接受（27A）
    裁定：不足叫牌视同合法叫牌，叫牌继续进行，不予判罚。
    各方须做的：
      违规者：不受限制。
      违规者的同伴：不受限制。
    调整分：不适用。
    """
    lines = head(ruling, edition_name)
    lines += offence
    lines += fact_lines(ruling.steps, citation)
    lines += result_lines(ruling, quotes, citation)
    return "\n".join(lines)
