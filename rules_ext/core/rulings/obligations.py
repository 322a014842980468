"""Who must pass and for how long, and which lead penalty of Law 26 follows: one table per edition,
each row a provision of the auction's penalties (Laws 24, 25, 27, 30-32, 36-39) with the phrase of
its text that says it. An outcome of a tree names its rows (``obligation = ["31B"]``); the reader
takes the obligations to pass, the cited provision and the lead penalty from them, so that each is
written once, where the text says it (a test quotes every row's sentence).

>>> row("1991", "31A2a").partner, row("1999", "31A2a").partner
('next_turn', 'next_turn')
>>> row("1991", "25B2b2").partner, row("1999", "25B2b2").partner
('throughout', 'no')
>>> lead_penalty("1991", suit_related=True, named_later=True, defends=True, suits="♠").laws
('26A1',)
"""
from __future__ import annotations

from dataclasses import dataclass

from rules_ext.core.rulings.model import LeadPenalty, RulingError


@dataclass(frozen=True, slots=True)
class Obligation:
    """One provision's penalty in the auction: ``offender`` and ``partner`` must pass (``no``,
    ``next_turn``, ``throughout``), ``lead``: the Law 26 penalty it applies (``26``: 26A or 26B as
    the cancelled call relates to a suit; ``26B``; ``26?``: only if the call conveyed information
    about a suit, the director's judgement; ''), where ``lead_from`` says it (another provision of
    the same law, e.g. 32's opening); ``phrase``: the words of the text that say so."""

    label: str
    phrase: str
    offender: str = "no"
    partner: str = "no"
    lead: str = ""
    lead_from: str = ""
    lead_phrase: str = ""
    #: the provision that rules where the pass the row forces damages the non-offenders: every
    #: forced pass of the offender's partner (1991 23A "当某条规则对于违例的处罚系强制违规者的同伴不叫一轮",
    #: 1999 23 "…强制违规者的同伴不叫时"), 1991 23B for a pass out of rotation at partner's turn; the
    #: director lets the play go on and may adjust the score
    damage: str = ""


def _rows(*rows: Obligation) -> dict[str, Obligation]:
    return {r.label: r for r in rows}


#: the tables, from each edition's text
TABLES: dict[str, dict[str, Obligation]] = {
    "1991": _rows(
        Obligation("24B", "违规者的同伴在轮到叫牌时，必须不叫一轮", partner="next_turn", damage="23A"),
        Obligation("24C", "违规者的同伴在轮到叫牌时，必须不叫一轮", partner="next_turn", damage="23A"),
        Obligation("25B2a", "对第二个叫品，施以引牌判罚", lead="26", lead_phrase="按26条规定"),
        Obligation("25B2b1", "其同伴在轮到叫牌时必须不叫一轮", partner="next_turn", lead="26", lead_from="25B2c",
                   lead_phrase="其同伴应受到引牌判罚", damage="23A"),
        Obligation("25B2b2", "其同伴在轮到叫牌时，必须永远不叫", partner="throughout", lead="26", lead_from="25B2c",
                   lead_phrase="其同伴应受到引牌判罚", damage="23A"),
        Obligation("27B2", "违规方的同伴此后必须永远不叫", partner="throughout", lead="26",
                   lead_phrase="26条规定的引牌判罚", damage="23A"),
        Obligation("27B3", "其同伴此后必须永远不叫", partner="throughout", lead="26", lead_phrase="可运用规则26条引牌判罚", damage="23A"),
        Obligation("30A", "违规者在该轮轮到叫牌时，必须不叫一轮", offender="next_turn"),
        Obligation("30B1", "违规者轮到叫牌时，必须不叫一轮", offender="next_turn", lead="26?",
                   lead_phrase="可应用26条引牌判罚"),
        Obligation("30B2a", "违规者此后须永远不叫", offender="throughout", damage="23B"),
        Obligation("31A2a", "违规者的同伴，在轮到叫牌时，必须不叫一轮", partner="next_turn", damage="23A"),
        Obligation("31A2b", "判罚其同伴必须永远不叫", partner="throughout", lead="26", lead_phrase="可应用26条引牌判罚", damage="23A"),
        Obligation("31B", "违规者同伴，必须永远不叫", partner="throughout", lead="26", lead_phrase="并可应用26条引牌判罚", damage="23A"),
        Obligation("32A", "违规者同伴此后须永远不叫", partner="throughout", lead="26B", lead_from="32intro",
                   lead_phrase="并应用26条B款引牌判罚", damage="23A"),
        Obligation("32B2", "违规者同伴必须永远不叫", partner="throughout", lead="26B", lead_from="32intro",
                   lead_phrase="并应用26条B款引牌判罚", damage="23A"),
        Obligation("36", "违规者的同伴此后必须永远不叫", partner="throughout", lead="26", lead_phrase="并可应用26条规定引牌判罚", damage="23A"),
        Obligation("37", "违规方的每一赛员，此后必须永远不叫", offender="throughout", partner="throughout", lead="26",
                   lead_phrase="并可应用26条规定引牌判罚", damage="23A"),
        Obligation("38", "违规方的每一赛员，此后均须永远不叫", offender="throughout", partner="throughout", lead="26",
                   lead_phrase="并可应用26条引牌判罚", damage="23A"),
        Obligation("39B", "得受26条引牌判罚", lead="26", lead_phrase="得受26条引牌判罚"),
    ),
    "1999": _rows(
        Obligation("24B", "违规者的同伴在轮到他叫牌时，必须不叫", partner="next_turn", damage="23"),
        Obligation("24C", "违规者的同伴在轮到叫牌时，必须不叫", partner="next_turn", damage="23"),
        Obligation("25B2a", "对第二个叫牌施以引牌判罚", lead="26", lead_phrase="并应用第26条"),
        Obligation("25B2b1", "违规者的同伴在该轮轮到他叫牌时必须不叫", partner="next_turn", lead="26", lead_from="25B2c",
                   lead_phrase="违规者的同伴应受到引牌判罚", damage="23"),
        Obligation("25B2b2", "竞叫正常进行下去", lead="26", lead_from="25B2c", lead_phrase="违规者的同伴应受到引牌判罚"),
        Obligation("27B2", "违规者的同伴此后在轮到他叫牌时，必须永远不叫", partner="throughout", lead="26",
                   lead_phrase="并可应用第26条引牌判罚", damage="23"),
        Obligation("27B3", "违规者的同伴此后在轮到他叫牌时，必须永远不叫", partner="throughout", lead="26",
                   lead_phrase="并可应用第26条引牌判罚", damage="23"),
        Obligation("30A", "违规者该轮轮到他叫牌时必须不叫", offender="next_turn"),
        Obligation("30B1", "违规者该轮轮到他叫牌时必须不叫一轮", offender="next_turn", lead="26?",
                   lead_phrase="可应用第26条引牌判罚"),
        Obligation("30B2a", "违规者此后轮到他叫牌时必须永远不叫", offender="throughout"),
        Obligation("31A2a", "违规者的同伴在该轮轮到他叫牌时，必须不叫", partner="next_turn", damage="23"),
        Obligation("31A2b", "违规者的同伴在轮到他叫牌时，必须永远不叫", partner="throughout", lead="26",
                   lead_phrase="并可应用第26条引牌判罚", damage="23"),
        Obligation("31B", "违规者的同伴在此后轮到他叫牌时，必须永远不叫", partner="throughout", lead="26",
                   lead_phrase="并可应用第26条的引牌判罚", damage="23"),
        Obligation("32A", "违规者的同伴在轮到他叫牌时，必须永远不叫", partner="throughout", lead="26B", lead_from="32intro",
                   lead_phrase="可能应用第26条B款的引牌判罚", damage="23"),
        Obligation("32B2", "违规者同伴必须永远不叫", partner="throughout", lead="26B", lead_from="32intro",
                   lead_phrase="可能应用第26条B款的引牌判罚"),
        Obligation("36", "违规者的同伴在轮到他叫牌时，必须永远不叫", partner="throughout", lead="26",
                   lead_phrase="并可应用第26条的引牌判罚", damage="23"),
        Obligation("37", "违规方的每一赛员在轮到他叫牌时，必须永远不叫", offender="throughout", partner="throughout",
                   lead="26", lead_phrase="并可能应用第26条的引牌判罚", damage="23"),
        Obligation("38", "违规方的每一赛员在轮到他叫牌时，必须永远不叫", offender="throughout", partner="throughout",
                   lead="26", lead_phrase="并可能应用第26条的引牌判罚", damage="23"),
        Obligation("39B", "则可应用第26条的引牌判罚", lead="26", lead_phrase="则可应用第26条的引牌判罚"),
    ),
}

#: Law 26 in each edition: the provision and the phrase of each lead penalty
LEAD_26: dict[str, dict[str, str]] = {
    "1991": {"26intro": "之后当其成为防家时", "26A1": "则不受引牌判罚", "26A2": "这一禁止在其继续保持引牌权时一直有效",
             "26B": "禁止引出任一指定的花色"},
    "1999": {"26intro": "之后当其成为防家时", "26A1": "则不受引牌判罚", "26A2": "这一禁止在其保持引牌权时一直有效",
             "26B": "庄家可禁止其引出任一指定花色"},
}
#: the phrase of each damage provision (1991 23A, 23B; 1999 23)
DAMAGE: dict[str, dict[str, str]] = {"1991": {"23A": "则判给调整分", "23B": "确因该越序不叫而受到了损害"},
                                     "1999": {"23": "并可判给调整分"}}
DURATION_ORDER = ("no", "next_turn", "throughout")
#: the provisions that say only that Law 26 applies (cited with the lead penalty, not when the facts
#: exclude it: the offenders declare, or the offender named the suit)
LEAD_ONLY = frozenset({"25B2c"})


def damage(edition: str, r: Obligation) -> str:
    """The provision that rules on damage from the pass ``r`` forces: its own (1991 23B), else, for
    a forced pass of the offender's partner, the general one (1991 23A, 1999 23); '' for none."""
    if r.damage:
        return r.damage
    return ("23A" if edition == "1991" else "23") if r.partner != "no" else ""


def row(edition: str, label: str) -> Obligation:
    try:
        return TABLES[edition][label]
    except KeyError:
        raise RulingError(f"{label} is not in the {edition} table of obligations to pass: expected one of "
                          f"{', '.join(TABLES.get(edition, {}))}") from None


def longest(values: list[str]) -> str:
    """The longest of several obligations to pass (an outcome under two rows)."""
    return max(values, key=DURATION_ORDER.index, default="no")


def lead_penalty(edition: str, *, suit_related: bool, named_later: bool | None, defends: bool | None,
                 suits: str = "", only: str = "") -> LeadPenalty:
    """Which part of Law 26 applies: none when the offender's side declares (26: "之后当其成为防家时");
    26A1 (none) when the offender later named the related suit; 26A2 when the auction ended without
    it; 26B for a cancelled call that relates to no suit (or where the provision applies 26B only:
    ``only="26B"``, Law 32). ``named_later`` None: the auction is not over yet; ``defends`` None:
    not yet known who defends."""
    first = "首次引牌时（包括首引）" if edition == "1991" else "首次获得引牌权时（包括首引）"
    if defends is False:
        return LeadPenalty("违规方是庄家一方，不是防家：第26条的引牌判罚不适用。", ("26intro",), none=True)
    if only == "26B" or not suit_related:
        why = "" if only == "26B" else "被取消的叫牌与花色无关："
        return LeadPenalty(f"{why}违规者的同伴{first}，庄家可禁止其引出任一指定花色，禁止在其保持引牌权时一直有效。", ("26B",))
    if named_later:
        return LeadPenalty(f"违规者此后叫出了有关联的花色{suits}：不受引牌判罚。", ("26A1",), none=True)
    if named_later is False and defends is True:
        return LeadPenalty(f"违规者此后未叫出有关联的花色{suits}：违规者的同伴{first}，庄家可要求或禁止其引出{suits}，"
                           f"禁止在其保持引牌权时一直有效。", ("26A2",))
    return LeadPenalty(f"违规者至今未叫出有关联的花色{suits}（竞叫尚未结束）：竞叫结束前叫出，则不受引牌判罚；否则违规方成为防家时，"
                       f"庄家可在违规者的同伴{first}要求或禁止其引出{suits}，禁止在其保持引牌权时一直有效。", ("26A1", "26A2"))
