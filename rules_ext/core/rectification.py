"""Rectification of irregularities: a first slice of a rulings assistant.

Given the facts of an irregularity, each function returns a Ruling: the options open to the players
(who chooses, what follows) and the penalties, each with the label of the provision it comes from
(``64A1``, ``27B2``, ``31A2b``, ...). The Chinese texts are the specification; where the 1991 and the
1999 texts differ the ``edition`` parameter chooses the wording:

- Law 27B1: in 1999 the correction must also be unquestionably not conventional, a possibly
  conventional lowest sufficient bid leads to 27B2, and the adjusted score of 27B1b "shall"
  (应) be given where 1991 says "may" (可以).
- Law 29C (1999 only): penalties for a conventional call out of rotation apply to the strain(s) it
  showed, not the one it named.
- Law 32B2: the 1991 text bars the offender's partner for the rest of the auction; the delivered
  1999 text stops after "违规者可接续作出任何合法叫牌，。". The reviewed erratum 1999-penalty-32B2
  (rules_ext/corpus/texts/errata.toml) restores the lost clause in the 1991 wording, and the ruling follows
  the corrected text, saying so in its notes.
- The delivered 1999 text ends at Law 40: revokes (63-64) and leads out of turn (53-56) follow
  the 1991 wording for both editions, and the ruling says so.

>>> r = insufficient_bid("1H", after="1S", conventional=False)
>>> [o.laws for o in r.options]
[('27A',), ('27B1a', '27B1b'), ('27B2', '23A', '26'), ('27B3', '23A', '26')]
>>> revoke(RevokeFacts(revoke_trick=5, won_by="offender", offending_side_tricks_after=2)).tricks_transferred
2
"""
from __future__ import annotations

from dataclasses import dataclass

from rules_ext.core.auction import Auction, Call, CallKind, lowest_sufficient_bid
from rules_ext.core.cards import Seat

EDITIONS = ("1991", "1999")


class RectificationError(ValueError):
    """Facts that do not describe a possible irregularity, or an unknown edition."""


@dataclass(frozen=True, slots=True)
class Consequence:
    """One penalty or effect, with the provision it comes from."""

    law: str
    text: str
    tricks: int = 0

    def __post_init__(self) -> None:
        if not self.law or not isinstance(self.law, str):
            raise RectificationError(f"a consequence needs a law label such as '64A1', got {self.law!r}")


@dataclass(frozen=True, slots=True)
class Option:
    """A choice open to a player (``chooser``, in Chinese) and what follows from it."""

    chooser: str
    choice: str
    consequences: tuple[Consequence, ...] = ()

    @property
    def laws(self) -> tuple[str, ...]:
        return tuple(c.law for c in self.consequences)


@dataclass(frozen=True, slots=True)
class Ruling:
    """The rectification of one irregularity under one edition of the rules."""

    edition: str
    irregularity: str
    options: tuple[Option, ...]
    notes: tuple[str, ...] = ()
    tricks_transferred: int = 0

    def __post_init__(self) -> None:
        _edition(self.edition)

    @property
    def laws(self) -> tuple[str, ...]:
        """Every label cited, in order, without repeats."""
        seen: dict[str, None] = {}
        for option in self.options:
            for law in option.laws:
                seen.setdefault(law, None)
        return tuple(seen)

    def describe(self) -> str:
        """A plain-text summary in Chinese, one option per line, as a ruling form would print it."""
        lines = [f"{self.irregularity}（{self.edition}年版规则）"]
        for number, option in enumerate(self.options, 1):
            lines.append(f"{number}. {option.chooser}：{option.choice}")
            lines.extend(f"   - {c.text}（第{c.law}）" for c in option.consequences)
        lines.extend(f"注：{note}" for note in self.notes)
        return "\n".join(lines)


def _edition(edition: str) -> str:
    if edition not in EDITIONS:
        raise RectificationError(f"unknown edition {edition!r}: expected one of {', '.join(EDITIONS)}")
    return edition


_NO_1999_TEXT = "1999年版规则文本止于第40条，本裁定按1991年版第{laws}条的文字处理。"
_72B1_NOT_DELIVERED = ("1999年版所引第72条B款1的条文未收录（1999年版文本止于第40条），"
                       "其内容与1991年版第72条B款1不同，不可互相替代。")

# Law 29's two sections are lettered the other way round in the two texts.
_ACCEPTED = {"1991": "29B", "1999": "29A"}    # the right to rectification is lost (call accepted)
_CANCELLED = {"1991": "29A", "1999": "29B"}   # the call out of rotation is cancelled
# the damaging forced pass: 1991 Law 23A; the 1999 Law 23 has no sections
_FORCED_PASS = {"1991": "23A", "1999": "23"}


def _forced_pass_damage(edition: str) -> Consequence:
    return Consequence(_FORCED_PASS[edition], "强制性不叫损害非违规方时判给调整分")


def _pass_out_of_rotation_damage(edition: str) -> Consequence:
    """1991 30A/30B2 refer to 23B (a damaging pass out of rotation in partner's turn); 1999 to 72B1."""
    if edition == "1991":
        return Consequence("23B", "裁判长认为越序不叫可能损害非违规方时，先让叫牌和打牌继续进行，确受损害则判给调整分")
    return Consequence("72B1", "可应用第72条B款1（该条未收录，见注）")

# -- Laws 63-64: the established revoke ---------------------------------------------------------

REVOKE_TRICK_WINNERS = ("offender", "partner", "opponents")


@dataclass(frozen=True, slots=True)
class RevokeFacts:
    """What happened around a revoke.

    ``won_by``: who won the revoke trick — the revoking player ("offender"), his partner
    ("partner") or the non-offending side ("opponents"). ``offending_side_tricks_after``: tricks the
    offending side won after the revoke trick. ``won_later_with_revoke_card``: the offender later
    won a trick with the card he could legally have played to the revoke trick (1991 64A2).
    """

    revoke_trick: int
    won_by: str
    offending_side_tricks_after: int
    established: bool = True
    won_later_with_revoke_card: bool = False
    second_revoke_same_suit: bool = False
    failed_to_play_faced_card: bool = False
    noticed_after_next_board_call: bool = False
    noticed_after_round_ended: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.revoke_trick, bool) or not isinstance(self.revoke_trick, int) or not 1 <= self.revoke_trick <= 13:
            raise RectificationError(f"revoke trick {self.revoke_trick!r} is not a trick number: expected 1..13")
        if self.won_by not in REVOKE_TRICK_WINNERS:
            raise RectificationError(f"won_by {self.won_by!r}: expected one of {', '.join(REVOKE_TRICK_WINNERS)}")
        later = 13 - self.revoke_trick
        if not 0 <= self.offending_side_tricks_after <= later:
            raise RectificationError(f"the offending side cannot win {self.offending_side_tricks_after!r} tricks after "
                                     f"trick {self.revoke_trick}: expected 0..{later}")
        if self.won_later_with_revoke_card and self.offending_side_tricks_after == 0:
            raise RectificationError("won_later_with_revoke_card needs a later trick won by the offending side")


def revoke(facts: RevokeFacts, edition: str = "1991") -> Ruling:
    """Laws 62-64: correct an unestablished revoke; transfer tricks for an established one."""
    _edition(edition)
    notes = (_NO_1999_TEXT.format(laws="62–64"),) if edition == "1999" else ()
    equity = Consequence("64C", "如判罚仍不足以补偿非违规方所受损害，裁判长判给调整分")
    if not facts.established:
        options = (
            Option("违规者", "必须立即改正藏牌，收回错跟的牌张，跟出合法牌张",
                   (Consequence("62A", "藏牌尚未成立，必须改正"),
                    Consequence("62B1", "防家收回的错跟牌张成为罚张"),
                    Consequence("62B2", "庄家或明手的错跟牌张可更换，不予判罚"))),
            Option("非违规方", "可收回藏牌后接续跟出的牌张，不予判罚", (Consequence("62C1", "非违规方收回接续跟出的牌张"),)),
        )
        return Ruling(edition, "藏牌（尚未成立）", options, notes)
    if facts.revoke_trick == 12:
        return Ruling(edition, "第十二墩上的藏牌", (
            Option("违规者", "在四家把牌装回牌套前发现，必须改正", (Consequence("62D1", "第十二墩藏牌即使已成立，仍须改正"),)),
            Option("庄家", "防家藏牌而其同伴尚未出牌且持有两门花色时，指定其同伴打出哪一张合法牌",
                   (Consequence("62D2", "庄家可指定违规者同伴出牌"),)),
            Option("裁判长", "藏牌不予罚墩", (Consequence("64B6", "第十二墩上的藏牌不予判罚"), equity)),
        ), notes)
    exceptions = [
        (facts.won_by == "opponents" and facts.offending_side_tricks_after == 0, "64B1",
         "违规方既未赢得藏牌墩，也未赢得其后的牌墩"),
        (facts.second_revoke_same_suit, "64B2", "同一赛员在同一花色中的第二次藏牌"),
        (facts.failed_to_play_faced_card, "64B3", "未打出暴露在桌面上的牌张（包括明手的牌张）所造成的藏牌"),
        (facts.noticed_after_next_board_call, "64B4", "非违规方已在下一副牌中叫牌后才发现"),
        (facts.noticed_after_round_ended, "64B5", "一轮比赛结束后才发现"),
    ]
    applying = [Consequence(law, f"不予判罚：{why}") for applies, law, why in exceptions if applies]
    if applying:
        return Ruling(edition, "藏牌成立（不予罚墩）", (Option("裁判长", "藏牌成立但不罚墩", (*applying, equity)),), notes)
    if facts.won_by == "offender":
        tricks = 1 + (1 if facts.offending_side_tricks_after > 0 else 0)
        penalty = Consequence("64A1", f"违规者赢得藏牌墩：该墩及违规方其后赢得的一墩，共{tricks}墩，归还非违规方", tricks)
    else:
        tricks = 1 if (facts.won_by == "partner" or facts.offending_side_tricks_after > 0) else 0
        text = f"违规者未赢得藏牌墩：违规方归还非违规方{tricks}墩"
        if facts.won_later_with_revoke_card:
            tricks += 1
            text += f"；违规者以藏牌时本可合法打出的牌张于其后赢墩，该墩亦归还（共{tricks}墩）"
        penalty = Consequence("64A2", text, tricks)
    option = Option("裁判长", "牌打完后移墩", (Consequence("63A", "藏牌成立"), Consequence("63B", "藏牌一经成立，即不得再予改正"),
                                             penalty, equity))
    return Ruling(edition, "藏牌成立", (option,), notes, tricks_transferred=tricks)


# -- Law 27: the insufficient bid -----------------------------------------------------------------

def insufficient_bid(bid: Call | str, after: Call | str, conventional: bool = False,
                     lowest_sufficient_conventional: bool = False, out_of_rotation: bool = False,
                     edition: str = "1991") -> Ruling:
    """Law 27: the options after ``bid`` was made over the higher bid ``after``.

    ``conventional``: the insufficient bid is (or may be) conventional. ``lowest_sufficient_conventional``:
    the lowest sufficient bid in the same strain would be conventional (matters in 1999 only).
    """
    _edition(edition)
    made, previous = Call.parse(bid), Call.parse(after)
    if not made.is_bid or not previous.is_bid or made.rank() > previous.rank():
        raise RectificationError(f"{made} after {previous} is not an insufficient bid: expected e.g. 1H after 1S")
    if out_of_rotation:
        return Ruling(edition, f"越序的不足叫牌（{previous} 后叫 {made}）",
                      (Option("裁判长", "按越序叫牌处理", (Consequence("27C", "越序的不足叫牌按第31条处理"),)),))
    assert made.strain is not None
    lowest = lowest_sufficient_bid(previous, made.strain)
    lowest_text = str(lowest) if lowest.level is not None and lowest.level <= 7 else "（同一名目无足够叫牌）"
    b1_applies = not conventional and lowest.level is not None and lowest.level <= 7
    if edition == "1999" and lowest_sufficient_conventional:
        b1_applies = False
    b1b = ("应判给调整分" if edition == "1999" else "可以判给调整分")
    pass_throughout = "违规者的同伴此后轮到叫牌时必须永远不叫"
    options = [Option("违规者的下家（左手敌家）", f"接受不足叫牌 {made}，接续叫牌",
                      (Consequence("27A", "不足叫牌视同合法叫牌，不予判罚"),))]
    if b1_applies:
        condition = "（该不足叫牌及替代叫牌均无可置疑地不是约定叫）" if edition == "1999" else "（该不足叫牌无可置疑地不是约定叫）"
        options.append(Option("违规者（不足叫牌未被接受时）", f"改为同一名目的最低足够叫牌 {lowest_text}{condition}",
                              (Consequence("27B1a", "视同未曾发生违例，不予判罚" +
                                           ("（第16条C款2此时不适用）" if edition == "1999" else "")),
                               Consequence("27B1b", f"如不足叫牌传递的信息损害非违规方，裁判长{b1b}"))))
        other = "改为其他足够的叫牌或不叫"
    else:
        other = f"改为任何足够的叫牌（包括 {lowest_text}）或不叫"
    options.append(Option("违规者（不足叫牌未被接受时）", other,
                          (Consequence("27B2", pass_throughout), _forced_pass_damage(edition),
                           Consequence("26", "违规方成为防家时可受引牌判罚"))))
    options.append(Option("违规者（不足叫牌未被接受时）", "试图改为加倍或再加倍",
                          (Consequence("27B3", f"加倍或再加倍予以取消，{pass_throughout}"),
                           _forced_pass_damage(edition),
                           Consequence("26", "违规方成为防家时可受引牌判罚"))))
    notes = []
    if edition == "1991":
        notes.append("违规者在判罚条款说明后，有权选择该轮最后的叫品，此前打算替代的叫品均予取消，"
                     "但应受第26条的引牌判罚（27B）")
    if edition == "1999" and lowest_sufficient_conventional:
        notes.append(f"同一名目的最低足够叫牌 {lowest_text} 可能为约定叫，故适用27B2（1999年版）")
    return Ruling(edition, f"不足叫牌（{previous} 后叫 {made}）", tuple(options), tuple(notes))


# -- Laws 28-32: calls out of rotation ------------------------------------------------------------

def call_out_of_rotation(auction: Auction, offender: Seat | str, call: Call | str, conventional: bool = False,
                         rho_must_pass: bool = False, edition: str = "1991") -> Ruling:
    """Laws 28-32: ``offender`` made ``call`` when it was not his turn, after ``auction``."""
    _edition(edition)
    seat, made = Seat.parse(offender), Call.parse(call)
    turn = auction.next_seat
    if seat is turn:
        raise RectificationError(f"it is {seat}'s turn after {str(auction) or 'no calls'}: the call is in rotation")
    if auction.is_complete:
        raise RectificationError("the auction is over: a call after the final pass is Law 39, not a call out of rotation")
    relation = {seat.rho: "rho", seat.partner: "partner", seat.lho: "lho"}[turn]
    accept = Option("违规者的下家（左手敌家）", "接续叫牌，接受越序叫牌",
                    (Consequence(_ACCEPTED[edition], "违规者的下家接续叫牌，处罚权即行丧失，越序叫牌视同依序叫牌"),))
    irregular = f"{seat} 越序{_call_word(made)}（应由 {turn} 叫牌）"
    if relation == "rho" and rho_must_pass:
        return Ruling(edition, irregular, (Option("裁判长", "视同依序叫牌",
                      (Consequence("28A", "上家受罚不叫时，抢先叫牌视同依序叫牌"),)),))
    bid_made = auction.last_bid() is not None
    cancel = Consequence(_CANCELLED[edition], "越序叫牌应予取消，由原依序叫牌者叫牌")
    refuse = "违规者的下家（左手敌家）"
    notes: list[str] = []
    if conventional and edition == "1999":
        notes.append("越序叫牌为约定叫：判罚针对该叫牌关联的定约名目（29C，1999年版）")
    options: list[Option] = [accept]
    if made.kind is CallKind.PASS and not conventional:
        penalty: tuple[Consequence, ...]
        if not bid_made:
            penalty = (Consequence("30A", "违规者该轮轮到叫牌时必须不叫"),)
            if relation == "partner" or edition == "1999":
                penalty += (_pass_out_of_rotation_damage(edition),)
        elif relation == "rho":
            penalty = (Consequence("30B1", "违规者该轮轮到叫牌时必须不叫；不叫如为约定性并关联特定花色，可应用第26条"),)
        elif relation == "partner":
            penalty = (Consequence("30B2a", "违规者此后必须永远不叫"),
                       Consequence("30B2b", "违规者同伴可作任何足够的叫牌或不叫，但该轮不能加倍或再加倍"),
                       _pass_out_of_rotation_damage(edition))
        else:
            penalty = (Consequence("30B3", "视同更改叫牌，按第25条处理"),)
        options.append(Option(refuse, "不接受：越序不叫予以取消", (cancel, *penalty)))
    elif made.kind is CallKind.PASS and relation == "rho":
        # 31A (both texts): a conventional pass out of rotation at RHO's turn goes straight to 31A2b
        over = "对同伴的约定叫作出越序不叫" if edition == "1991" else "对同伴的叫牌越序的约定性不叫"
        options.append(Option(refuse, "不接受：越序约定性不叫予以取消", (
            cancel, Consequence("30C", "越序不叫为约定叫时，按第31条处理"),
            Consequence("31A", f"{over}，按本条A2（b）处理"),
            Consequence("31A2b", "违规者的同伴此后必须永远不叫"), _forced_pass_damage(edition),
            Consequence("26", "可应用引牌判罚"))))
    elif made.kind is CallKind.PASS or made.is_bid:
        if made.kind is CallKind.PASS:
            cancel_then: tuple[Consequence, ...] = (cancel, Consequence("30C", "越序不叫为约定叫时，按第31条处理"))
        else:
            cancel_then = (cancel,)
        if relation == "rho":
            options.append(Option(refuse, "不接受；其后违规者的上家不叫", (
                *cancel_then, Consequence("31A1", "违规者必须重复原越序叫牌，该叫牌如合法，不予判罚"))))
            options.append(Option(refuse, "不接受；其后违规者的上家有叫牌行动，违规者重复原定约名目", (
                *cancel_then, Consequence("31A2a", "违规者的同伴该轮轮到叫牌时必须不叫"),
                _forced_pass_damage(edition))))
            options.append(Option(refuse, "不接受；其后违规者的上家有叫牌行动，违规者未重复原定约名目", (
                *cancel_then, Consequence("31A2b", "违规者的同伴此后必须永远不叫"), _forced_pass_damage(edition),
                Consequence("26", "可应用引牌判罚"))))
        elif relation == "lho" and _has_called(auction, seat):
            options.append(Option(refuse, "不接受：视同更改叫牌", (
                *cancel_then, Consequence("31B", "违规者此前已叫过牌：轮到下家时越序叫牌视同更改叫牌，按第25条处理"),)))
        else:
            options.append(Option(refuse, "不接受", (
                *cancel_then, Consequence("31B", "违规者的同伴此后必须永远不叫"), _forced_pass_damage(edition),
                Consequence("26", "可应用引牌判罚"))))
    else:  # double or redouble (Law 32)
        admissible = _double_admissible(auction, seat, made)
        if not admissible:
            notes.append("不能成立的加倍或再加倍不得接受（第32条；参阅第36条、35A）")
            options = []
        lead = Consequence("26B", "可应用引牌判罚")
        if relation == "partner":
            options.append(Option(refuse, "不接受", (
                cancel, Consequence("32A", "违规者的同伴此后必须永远不叫"), _forced_pass_damage(edition), lead)))
        elif relation == "rho":
            if admissible:
                b1: tuple[Consequence, ...] = (Consequence("32B1", "违规者必须重叫越序的加倍或再加倍，不判罚"),)
            else:
                b1 = (Consequence("32B1", "不能成立的加倍或再加倍，按第36条处理"),
                      Consequence("36", "违规者必须改叫一合法叫牌，违规者的同伴此后必须永远不叫"),
                      _forced_pass_damage(edition))
            options.append(Option(refuse, "不接受；其后违规者的上家不叫", (cancel, *b1, lead)))
            b2 = [Consequence("32B2", "违规者可作任何合法叫牌，违规者的同伴此后必须永远不叫")]
            if edition == "1991":
                b2.append(_forced_pass_damage(edition))
            else:
                notes.append("1999年版32B2的原文在“违规者可接续作出任何合法叫牌，”后中断；对同伴的判罚"
                             "据勘误 1999-penalty-32B2 按1991年版同款补足（同伴此后必须永远不叫）")
            options.append(Option(refuse, "不接受；其后违规者的上家叫牌", (cancel, *b2, lead)))
        else:
            options.append(Option(refuse, "不接受", (
                cancel, Consequence("25", "轮到下家时的越序加倍或再加倍，视同更改叫牌"), lead)))
    if edition == "1999" and any(c.law == "72B1" for option in options for c in option.consequences):
        notes.append(_72B1_NOT_DELIVERED)
    return Ruling(edition, irregular, tuple(options), tuple(notes))


def _double_admissible(auction: Auction, seat: Seat, call: Call) -> bool:
    """Law 19 from the offender's seat: a double of the opponents' last bid, or a redouble of the
    opponents' double of his own side's bid, with only passes since."""
    last = auction.last_bid()
    if last is None:
        return False
    since = auction.calls[last[0] + 1:]
    bid_by_own_side = auction.seat_of(last[0]).is_ns == seat.is_ns
    if call.kind is CallKind.DOUBLE:
        return not bid_by_own_side and all(c.kind is CallKind.PASS for c in since)
    doubled = [c.kind for c in since if c.kind is not CallKind.PASS]
    return bid_by_own_side and doubled == [CallKind.DOUBLE]


def _call_word(call: Call) -> str:
    return {CallKind.PASS: "不叫", CallKind.DOUBLE: "加倍", CallKind.REDOUBLE: "再加倍"}.get(call.kind, f"叫 {call}")


def _has_called(auction: Auction, seat: Seat) -> bool:
    return any(auction.seat_of(i) is seat for i in range(len(auction.calls)))


# -- Laws 53-56: leads out of turn ----------------------------------------------------------------

LEADERS = ("defender", "declarer")


@dataclass(frozen=True, slots=True)
class LeadFacts:
    """A lead out of turn: by a defender or by declarer (from his hand or dummy's).

    ``opening``: it was the opening lead. ``declarer_saw_dummy``: declarer may have seen any of
    dummy's cards (54C). ``declarer_to_lead``: it was declarer's (or dummy's) turn to lead —
    declarer led from the wrong hand (55B2), or a defender led when declarer was to (the retracted
    card is then played by its holder at his first legal opportunity, 50E1); otherwise a defender
    was to lead (declarer: 55B1; a defender: his partner, so declarer chooses under 50E2).
    """

    leader: str
    opening: bool = False
    declarer_saw_dummy: bool = False
    declarer_to_lead: bool = False

    def __post_init__(self) -> None:
        if self.leader not in LEADERS:
            raise RectificationError(f"leader {self.leader!r}: expected one of {', '.join(LEADERS)}")
        if self.opening and self.leader == "declarer":
            raise RectificationError("declarer never makes the opening lead: expected leader='defender' with opening=True")
        if self.opening and self.declarer_to_lead:
            raise RectificationError("the opening lead is a defender's: declarer_to_lead cannot go with opening=True")


def lead_out_of_turn(facts: LeadFacts, edition: str = "1991") -> Ruling:
    """Laws 53-56 (with 50E for the card a defender must retract)."""
    _edition(edition)
    notes = (_NO_1999_TEXT.format(laws="53–56"),) if edition == "1999" else ()
    accept = Consequence("53A", "越序引牌成为正常引牌")
    penalty_card: tuple[Consequence, ...] = (Consequence("56", "收回的越序引牌成为重罚张，按第50条E款处理"),)
    if facts.declarer_to_lead:   # the offender plays next, not his partner
        penalty_card += (Consequence("50E1", "违规者出牌时，重罚张必须于第一次合法机会打出"),)
    else:
        penalty_card += (Consequence("50E2a", "违规者同伴引牌时，庄家可要求或禁止引出罚张花色，罚张随即收回"),
                         Consequence("50E2b", "庄家不作限制时，防家可引出任何牌张，罚张仍然保持为罚张"))
    options: tuple[Option, ...]
    if facts.leader == "defender" and facts.opening:
        if facts.declarer_saw_dummy:
            options = (Option("庄家", "必须接受越序首引", (Consequence("54C", "庄家可能已看到明手的牌张，必须接受"), accept,
                                                        Consequence("54B1", "该墩第二张牌由庄家手中打出"))),)
        else:
            options = (
                Option("庄家", "摊下自己的牌，成为明手", (Consequence("54A", "庄家摊牌后成为明手，明手成为庄家"),)),
                Option("庄家", "接受越序首引，明手摊牌", (accept, Consequence("54B1", "该墩第二张牌由庄家手中打出"))),
                Option("庄家", "拒绝越序首引，要求防家收回", (Consequence("54D", "按第56条处理"), *penalty_card)),
            )
        return Ruling(edition, "防家越序首引", options, notes)
    if facts.leader == "defender":
        options = (
            Option("庄家", "接受越序引牌", (accept,)),
            Option("庄家", "要求违规防家收回", (Consequence("53A", "由正确方位引牌"), *penalty_card)),
        )
        return Ruling(edition, "防家越序引牌", options, notes)
    retract = (Consequence("55B2", "庄家收回误引牌张，从正确方位引牌") if facts.declarer_to_lead
               else Consequence("55B1", "庄家将错误引出的牌张放回原处，不予判罚"))
    options = (
        Option("任一防家", "接受庄家的越序引牌", (Consequence("55A", "可按第53条接受"), accept)),
        Option("任一防家", "要求庄家收回", (retract, Consequence("55C", "庄家如利用违规所得信息，裁判长可判给调整分"))),
    )
    return Ruling(edition, "庄家越序引牌（自手中或明手）", options, notes)
