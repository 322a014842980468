"""Penalty cards: the core's model of what the text makes of a card exposed, played, named or withdrawn.

Which card becomes a penalty card, major or minor, whose, created by which act, what it obliges
its holder to do, what it lets declarer choose and when it ends, read from the text (1991 Laws 24,
48-52, 56, 57, 58, 60, 62, 67, 68; the 1999 text has Law 24 only: its penalty cards are ranked by
the 1991 Law 50 for reference). The trees name the act (``penalty_card = { act = … }``); a case's
cards and facts give the rest (:func:`penalty_cards`).

>>> [(p.card, p.kind) for p in penalty_cards(role="defender", act="exposed", cards=("H4",), deliberate=False)]
[('♥4', 'minor')]
>>> [(p.card, p.kind) for p in penalty_cards(role="defender", act="exposed", cards=("H4", "ST"), deliberate=False)]
[('♥4', 'major'), ('♠10', 'major')]
>>> penalty_cards(role="declarer", act="exposed", cards=("H4",), deliberate=False)
()
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules_ext.core.cards import Card

#: the acts that create a penalty card, each with the provision that creates it (1991 labels; the
#: act ``auction`` is Law 24 in either edition) and whether the card was played or exposed by a
#: considered play (50C: "经过思考后打牌时暴露的任何牌张（例如越序引牌，或改正之后的藏牌牌张等）均成为重罚张")
ACTS: dict[str, tuple[str, bool | None]] = {
    "exposed": ("49", None),            # face up on the table, held so partner could see it
    "named": ("49", None),              # "说出还在他手中的某张牌"
    "lead_withdrawn": ("56", True),     # a lead out of turn withdrawn at declarer's demand (54D, 56)
    "revoke_withdrawn": ("62B1", True),  # the revoke card withdrawn from a defender's hand
    "follow_withdrawn": ("62C2", True),  # the offenders' card withdrawn after the non-offenders withdrew theirs
    "premature": ("57A", True),          # a premature lead or play
    "simultaneous": ("58B2", None),      # the cards seen beside the one played (58B2)
    "fifth_card": ("45E1", None),        # a card added to a trick
    "wrong_hand_follow": ("60B", True),  # played after declarer's lead from the wrong hand was withdrawn
    "extra_withdrawn": ("67note", None),  # a defender's extra card of a defective trick, seen when withdrawn
    "illegal_while_held": ("52B2", True),  # a card illegally played while a penalty card is held
    "auction": ("24intro", None),        # a card exposed or led during the auction (Law 24)
}
PENALTY_KINDS = ("major", "minor")


@dataclass(frozen=True, slots=True)
class DeclarerOption:
    """A choice the text gives declarer over a penalty card: what he chooses, what follows, the provisions."""

    key: str
    choice: str
    laws: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PenaltyCard:
    """One penalty card. ``card``: as the case names it (``♠K``), '' when the case does not say;
    ``laws``: the provisions that create it and set its kind; ``duty``: what its holder must do,
    with ``duty_laws``; ``options``: declarer's choices once the holder's partner is to lead;
    ``ends``: when it ceases to be one."""

    card: str
    kind: str
    act: str
    laws: tuple[str, ...]
    duty: str
    duty_laws: tuple[str, ...]
    options: tuple[DeclarerOption, ...]
    ends: str
    ends_laws: tuple[str, ...]

    def to_dict(self) -> dict[str, object]:
        return {"card": self.card or None, "kind": self.kind, "act": self.act, "laws": list(self.laws),
                "duty": self.duty, "duty_laws": list(self.duty_laws),
                "options": [{"key": o.key, "choice": o.choice, "laws": list(o.laws)} for o in self.options],
                "ends": self.ends, "ends_laws": list(self.ends_laws)}


def rank_of(card: str | Card) -> int:
    return (card if isinstance(card, Card) else Card.parse(card)).rank


def kind_of(rank: int | None, deliberate: bool, total: int) -> str:
    """50C: two or more penalty cards of one defender are all major; a card exposed through a
    considered play is major; a card of 10 or higher is major; a card of 9 or lower exposed
    inadvertently is minor. '' when the rank is not known and nothing else decides it."""
    if total >= 2 or deliberate:
        return "major"
    if rank is None:
        return ""
    return "major" if rank >= 10 else "minor"


MINOR_DUTY = ("打出该轻罚张之前，不得打出同花色中10以下的牌张（可先打出9以上的牌张）；违规者的同伴不受引牌限制，"
              "但从罚张得到的信息是非法信息。")
MAJOR_DUTY = ("必须于第一次合法机会打出（引牌、跟牌、垫牌或将吃均可）；跟同花色的义务和引牌、出牌判罚优先，"
              "罚张仍暴露在桌上，于下一次合法机会打出。")
ENDS = "暴露在桌上，直到被打出，或庄家对其同伴的引牌作出要求或禁止后收回。"
ENDS_MINOR = "暴露在桌上，直到被打出。"


def declarer_options(kinds: Sequence[str], suits: int) -> tuple[DeclarerOption, ...]:
    """What declarer may choose when the holder's partner is to lead (50E2, 51): with one major
    penalty card, require or forbid its suit (the card is then picked up) or neither (it stays);
    with several, 51B's choices; none for minor penalty cards only (50D)."""
    if "major" not in kinds:
        return ()
    if len(kinds) == 1:
        return (DeclarerOption("require", "要求违规者的同伴引出罚张花色，罚张即可收回", ("50E2a",)),
                DeclarerOption("forbid", "禁止违规者的同伴引出罚张花色（在其保持引牌权时一直有效），罚张即可收回", ("50E2a",)),
                DeclarerOption("none", "不作要求或禁止：可引出任何牌张，罚张仍保持为罚张", ("50E2b",)))
    if suits == 1:
        return (DeclarerOption("require", "要求引出该罚张花色：该防家可收回全部罚张", ("51B1a",)),
                DeclarerOption("forbid", "禁止引出该花色：该防家可收回全部罚张", ("51B1b",)),
                DeclarerOption("none", "不作要求或禁止：可引出任何牌张，罚张仍保持为罚张", ("50E2b",)))
    return (DeclarerOption("require", "要求引出任一指定的有罚张的花色：该花色的罚张可收回", ("51B2a",)),
            DeclarerOption("forbid", "禁止引出每一种有罚张的花色：所禁引花色的罚张可收回", ("51B2b",)),
            DeclarerOption("none", "不作要求或禁止：可引出任何牌张，罚张仍保持为罚张", ("50E2b",)))


def penalty_cards(*, role: str, act: str, cards: Sequence[str | Card] = (), count: int = 0,
                  deliberate: bool | None = None, held: int = 0, knew_damage: bool = False,
                  claim_of_current_trick: bool = False, offender_defends: bool | None = True,
                  declarer_treats: bool | None = True, edition: str = "1991") -> tuple[PenaltyCard, ...]:
    """The penalty cards that ``act`` creates under ``edition``'s text, one per card.

    ``role``: the offender's (``declarer``, ``dummy``, ``defender``); ``cards`` the cards (or
    ``count`` of them when the case does not name them); ``deliberate``: exposed through a
    considered play (None: the act says, or the case does not); ``held``: the penalty cards the
    defender already has; ``knew_damage``: the director judged that the offender knew the exposure
    would likely damage the non-offenders (50A: an adjusted score instead); ``claim_of_current_trick``:
    a card shown in a claim that concerns only the trick in progress (68 note: no penalty card).
    During the auction (``act="auction"``) the cards are penalty cards only once the offender
    defends (24), and under the 1991 text only if declarer so treats them (可); the 1999 text
    makes them penalty cards (将…视为)."""
    if act not in ACTS:
        raise ValueError(f"unknown act {act!r}: expected one of {', '.join(ACTS)}")
    creates, considered = ACTS[act]
    if role != "defender" and act != "auction":
        return ()   # 48A: declarer's and dummy's cards never become penalty cards
    if act == "auction" and (offender_defends is False or (edition == "1991" and declarer_treats is False)):
        return ()   # 24: only if the offender becomes a defender; 1991: only if declarer treats them so
    if claim_of_current_trick or knew_damage:
        return ()   # 68 note; 50A (an adjusted score instead)
    named = [c if isinstance(c, Card) else Card.parse(c) for c in cards]
    n = len(named) or count
    if not n:
        return ()
    total = n + held
    is_deliberate = bool(considered if considered is not None else deliberate)
    ranks: list[int | None] = [c.rank for c in named] or [None] * n
    kinds = [kind_of(r, is_deliberate, total) for r in ranks]
    suits = len({c.suit for c in named}) or 1
    options = declarer_options(kinds, suits)
    out = []
    for i, kind in enumerate(kinds):
        laws: tuple[str, ...] = (creates, "50C") if edition == "1991" or act != "auction" else (creates,)
        duty_laws: tuple[str, ...]
        ends_laws: tuple[str, ...]
        if kind == "minor":
            duty, duty_laws, ends, ends_laws = MINOR_DUTY, ("50D", "16A"), ENDS_MINOR, ("50B",)
        else:
            duty, duty_laws, ends, ends_laws = MAJOR_DUTY, ("50E1", "44C"), ENDS, ("50B", "50E2a")
        if total >= 2 and kind == "major":
            duty_laws = (*duty_laws, "51A")
        own = options if kind == "major" else ()
        if edition != "1991":   # the 1999 text refers to a Law 50 it does not have: ranked for reference only
            duty, duty_laws, own, ends, ends_laws = f"（按1991年版第50条，仅供参考）{duty}", (), (), ends, ()
        out.append(PenaltyCard(named[i].symbol if named else "", kind, act, laws, duty, duty_laws, own, ends, ends_laws))
    return tuple(out)
