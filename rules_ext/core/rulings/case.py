"""A case file: the facts at the table, read and checked, turned into the answers of a tree.

The format is documented in ``trees/README.md`` (section "Case files"). The facts the auction or
the deal settle are derived here, never asked: whose turn it was, what kind of call was made,
whether a bid came before, whether a double was admissible, whether a bid was insufficient and
whether the lowest sufficient bid in its strain exists; and from the play, the trick, whether it
is the opening lead, whether the card is a ten or higher, and whether the offender is declarer,
dummy or a defender. A fact the file also answers in ``[facts]``
must agree with them. Impossible facts (a call after the auction ended, a card the player does not
hold, trick 14, an edition without the law) raise :class:`CaseError` naming the field and its line.

>>> case = parse_case('''edition = "1991"
... kind = "call_out_of_rotation"
... dealer = "N"
... auction = ["1C"]
... [irregularity]
... seat = "W"
... call = "1H"
... ''')
>>> case.answers["turn"], case.answers["call_type"], case.answers["bid_before"]
('partner', 'bid', 'yes')
>>> parse_case('''edition = "1991"
... kind = "revoke"
... [irregularity]
... trick = 14
... ''', source="c.toml")
Traceback (most recent call last):
...
rules_ext.core.rulings.case.CaseError: c.toml:4: irregularity.trick: 14 is not a trick number: expected 1..13
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_ext.core.auction import Auction, AuctionError, Call, CallKind, lowest_sufficient_bid
from rules_ext.core.board import Vulnerability, board_conditions
from rules_ext.core.cards import Card, Deal, DealError, Seat
from rules_ext.core.contract import Contract
from rules_ext.core.rulings import EDITIONS, NotInEdition, Ruling, RulingError, Tree, kinds, tree
from rules_ext.errors import RulesError
from rules_ext.fileio import TomlText, parse_toml, read_toml

TOP_KEYS = frozenset({"edition", "kind", "reference", "board", "dealer", "vulnerable", "auction", "deal",
                      "declarer", "called_by", "irregularity", "facts", "event", "table", "director", "note",
                      "contract", "tricks"})
IRREGULARITY_KEYS = frozenset({"seat", "call", "card", "trick", "description"})
#: the facts derived from the play rather than the auction
PLAY_FACTS = frozenset({"trick", "opening", "honour", "role"})


class CaseError(RulesError):
    """A case file that cannot be ruled on: ``file:line: field: problem``."""


@dataclass(frozen=True, slots=True)
class Case:
    """The facts of one case, checked; ``answers`` are the tree's answers (given and derived)."""

    source: str
    edition: str
    kind: str
    tree: Tree
    answers: Mapping[str, object]
    derived: frozenset[str]
    dealer: Seat | None
    vulnerable: Vulnerability | None
    board: int | None
    auction: tuple[str, ...]
    offender: Seat | None
    call: Call | None
    card: Card | None
    trick: int | None
    called_by: Seat | None
    deal: Deal | None
    data: Mapping[str, Any]

    def rule(self) -> Ruling:
        """Walk the tree with the case's answers."""
        try:
            return self.tree.walk(self.answers)
        except RulingError as exc:
            fact = str(exc).split(":", 1)[0]
            raise CaseError(f"{self.source}: facts.{exc}" if fact not in self.derived
                            else f"{self.source}: {exc}") from None


def load_case(path: str | os.PathLike[str]) -> Case:
    return _Reader(read_toml(path, error=CaseError)).case()


def parse_case(text: str, *, source: str = "<case>") -> Case:
    return _Reader(parse_toml(text, source=source, error=CaseError)).case()


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


_CALL_TYPES = {CallKind.PASS: "pass", CallKind.BID: "bid", CallKind.DOUBLE: "double", CallKind.REDOUBLE: "redouble"}


def auction_facts(auction: Auction, offender: Seat, call: Call) -> dict[str, str]:
    """What the auction so far settles about ``offender``'s ``call`` (names as the trees use them)."""
    facts = {"call_type": _CALL_TYPES[call.kind], "bid_before": _yes(auction.last_bid() is not None),
             "offender_called_before": _yes(any(auction.seat_of(i) is offender for i in range(len(auction.calls)))),
             "partner_called_before": _yes(any(auction.seat_of(i) is offender.partner for i in range(len(auction.calls))))}
    turn = auction.next_seat
    facts["in_turn"] = _yes(turn is offender)
    if turn is not offender:
        facts["turn"] = {offender.rho: "rho", offender.partner: "partner", offender.lho: "lho"}[turn]
    last = auction.last_bid()
    if call.is_bid:
        facts["insufficient"] = _yes(last is not None and call.rank() <= last[1].rank())
        if last is not None and call.rank() <= last[1].rank():
            assert call.strain is not None
            lowest = lowest_sufficient_bid(last[1], call.strain)
            facts["lowest_same_strain"] = _yes(lowest.level is not None and lowest.level <= 7)
        facts["above_seven"] = _yes(call.level is not None and call.level > 7)
    if call.kind in (CallKind.DOUBLE, CallKind.REDOUBLE):
        facts["admissible"] = _yes(_double_admissible(auction, offender, call))
    if auction.is_complete:
        declarer = auction.final_contract().declarer
        if declarer is not None:
            facts["defender"] = _yes(offender not in (declarer, declarer.partner))
    return facts


def play_role(declarer: Seat, seat: Seat) -> str:
    """Whose hand ``seat`` is in the play: ``declarer``, ``dummy`` or ``defender``."""
    return "declarer" if seat is declarer else "dummy" if seat is declarer.partner else "defender"


def _double_admissible(auction: Auction, seat: Seat, call: Call) -> bool:
    """Law 19 from ``seat``: a double of the opponents' last bid with only passes since, or a
    redouble of the opponents' double of his own side's bid, with only passes since."""
    last = auction.last_bid()
    if last is None:
        return False
    since = auction.calls[last[0] + 1:]
    own_side = auction.seat_of(last[0]).is_ns == seat.is_ns
    if call.kind is CallKind.DOUBLE:
        return not own_side and all(c.kind is CallKind.PASS for c in since)
    doubled = [c.kind for c in since if c.kind is not CallKind.PASS]
    return own_side and doubled == [CallKind.DOUBLE]


class _Reader:
    def __init__(self, toml: TomlText) -> None:
        self.toml, self.data = toml, toml.data

    def fail(self, path: str, problem: str) -> CaseError:
        return CaseError(f"{self.toml.where(path)}: {path}: {problem}")

    def text(self, table: Mapping[str, Any], key: str, path: str) -> str:
        value = table.get(key, "")
        if not isinstance(value, str):
            raise self.fail(path, f"{value!r} is not text: expected a quoted string")
        return value.strip()

    def seat(self, table: Mapping[str, Any], key: str, path: str) -> Seat | None:
        if key not in table:
            return None
        try:
            return Seat.parse(self.text(table, key, path))
        except ValueError as exc:
            raise self.fail(path, str(exc)) from None

    def result(self, d: Mapping[str, Any]) -> None:
        """The result at the table, where the case gives it (for the ruling record): ``contract``
        (without declarer: ``declarer`` is the seat) and ``tricks`` (taken by declarer, 0..13)."""
        if "contract" in d:
            try:
                contract = Contract.parse(self.text(d, "contract", "contract"))
            except ValueError as exc:
                raise self.fail("contract", str(exc)) from None
            if contract.declarer is not None:
                raise self.fail("contract", f"{contract} names its declarer: expected the contract alone "
                                            "(e.g. contract = \"3NT\") and declarer = \"S\"")
        tricks = d.get("tricks")
        if tricks is not None and (isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13):
            raise self.fail("tricks", f"{tricks!r} tricks is impossible: expected a whole number 0..13")
        if tricks is not None and "contract" not in d:
            raise self.fail("tricks", "tricks without a contract: expected e.g. contract = \"3NT\" as well")

    def case(self) -> Case:
        d = self.data
        unknown = sorted(set(d) - TOP_KEYS)
        if unknown:
            raise self.fail(unknown[0], f"unknown field: expected one of {', '.join(sorted(TOP_KEYS))}")
        edition = self.text(d, "edition", "edition")
        if edition not in EDITIONS:
            raise self.fail("edition", f"{edition!r}: expected one of {', '.join(EDITIONS)}")
        kind = self.text(d, "kind", "kind")
        if kind not in kinds():
            raise self.fail("kind", f"{kind!r} is not a kind of irregularity: expected one of {', '.join(kinds())}")
        reference = self.text(d, "reference", "reference")
        if reference and reference not in EDITIONS:
            raise self.fail("reference", f"{reference!r}: expected one of {', '.join(EDITIONS)}")
        try:
            the_tree = tree(kind, edition, reference=reference)
        except NotInEdition as exc:
            raise self.fail("edition", str(exc)) from None
        board = d.get("board")
        if board is not None and (isinstance(board, bool) or not isinstance(board, int) or board < 1):
            raise self.fail("board", f"{board!r} is not a board number: expected a whole number from 1")
        dealer = self.seat(d, "dealer", "dealer")
        vulnerable = None
        if board is not None:
            board_dealer, vulnerable = board_conditions(board)
            if dealer is not None and dealer is not board_dealer:
                raise self.fail("dealer", f"{dealer} is not the dealer of board {board} ({board_dealer} is)")
            dealer = board_dealer
        if "vulnerable" in d:
            try:
                given = Vulnerability.parse(self.text(d, "vulnerable", "vulnerable"))
            except ValueError as exc:
                raise self.fail("vulnerable", str(exc)) from None
            if vulnerable is not None and given is not vulnerable:
                raise self.fail("vulnerable", f"{given.value} is not the vulnerability of board {board}")
            vulnerable = given
        deal = None
        if "deal" in d:
            try:
                deal = Deal.from_pbn(self.text(d, "deal", "deal"))
            except (DealError, ValueError) as exc:
                raise self.fail("deal", str(exc)) from None
        self.result(d)
        irregularity = d.get("irregularity", {})
        if not isinstance(irregularity, dict):
            raise self.fail("irregularity", "expected a table [irregularity] with seat, call or card, trick")
        unknown = sorted(set(irregularity) - IRREGULARITY_KEYS)
        if unknown:
            raise self.fail(f"irregularity.{unknown[0]}",
                            f"unknown field: expected one of {', '.join(sorted(IRREGULARITY_KEYS))}")
        offender = self.seat(irregularity, "seat", "irregularity.seat")
        given = d.get("facts", {})
        if not isinstance(given, dict):
            raise self.fail("facts", "expected a table [facts] of answers, e.g. accepted = \"no\"")
        asked = {q.fact for q in the_tree.questions.values()}
        for name in given:
            if name not in asked:
                raise self.fail(f"facts.{name}", f"not a question of {kind} ({edition}): expected one of "
                                + ", ".join(sorted(asked)))
        derived = self.derive(d, irregularity, dealer, offender, deal)
        if "turn" in asked and "in_turn" not in asked and derived.get("in_turn") == "yes":
            raise self.fail("irregularity.seat", f"it is {offender}'s turn after the auction given: "
                                                 f"the call is in rotation, not out of rotation")
        answers: dict[str, object] = dict(given)
        for name, value in derived.items():
            if name not in asked:
                continue
            if name in given and given[name] != value:
                source = "the play (trick, card, declarer)" if name in PLAY_FACTS else "the auction and the call"
                raise self.fail(f"facts.{name}", f"{given[name]!r} contradicts {source}, which give {value!r}")
            answers[name] = value
        for name, value in given.items():   # a number out of range, an unknown answer: the field's line
            for question in (q for q in the_tree.questions.values() if q.fact == name):
                try:
                    question.answer(value)
                except RulingError as exc:
                    raise self.fail(f"facts.{name}", str(exc)) from None
        call = self._call(irregularity)
        card = self._card(irregularity)
        trick = irregularity.get("trick")
        return Case(self.toml.source, edition, kind, the_tree, answers, frozenset(n for n in derived if n in asked),
                    dealer, vulnerable, board, tuple(str(c) for c in d.get("auction", [])), offender, call, card,
                    trick, self.seat(d, "called_by", "called_by"), deal, d)

    def _call(self, irregularity: Mapping[str, Any]) -> Call | None:
        if "call" not in irregularity:
            return None
        try:
            return Call.parse(self.text(irregularity, "call", "irregularity.call"))
        except AuctionError as exc:
            raise self.fail("irregularity.call", str(exc)) from None

    def _card(self, irregularity: Mapping[str, Any]) -> Card | None:
        if "card" not in irregularity:
            return None
        try:
            return Card.parse(self.text(irregularity, "card", "irregularity.card"))
        except (DealError, ValueError) as exc:
            raise self.fail("irregularity.card", str(exc)) from None

    def derive(self, d: Mapping[str, Any], irregularity: Mapping[str, Any], dealer: Seat | None,
               offender: Seat | None, deal: Deal | None) -> dict[str, object]:
        out: dict[str, object] = {}
        calls = d.get("auction")
        if calls is not None:
            if not isinstance(calls, list) or not all(isinstance(c, str) for c in calls):
                raise self.fail("auction", "expected a list of calls from the dealer, e.g. auction = [\"1C\", \"Pass\"]")
            if dealer is None:
                raise self.fail("auction", "an auction needs its dealer: give dealer = \"N\" or the board number")
            auction = Auction(dealer)
            for i, word in enumerate(calls, 1):
                try:
                    auction = auction.add(Call.parse(word))
                except AuctionError as exc:
                    raise self.fail(f"auction[{i}]", f"{word!r}: {exc}") from None
            call = self._call(irregularity)
            if call is not None:
                if offender is None:
                    raise self.fail("irregularity.seat", "missing: expected the seat that made the call, e.g. seat = \"W\"")
                if auction.is_complete and d.get("kind") != "call_after_final_pass":
                    raise self.fail("irregularity.call", f"{call} by {offender} comes after the auction ended "
                                                         f"({' '.join(calls)}): that is Law 39, kind = \"call_after_final_pass\"")
                out.update(auction_facts(auction, offender, call))
        trick = irregularity.get("trick")
        if trick is not None:
            if isinstance(trick, bool) or not isinstance(trick, int) or not 1 <= trick <= 13:
                raise self.fail("irregularity.trick", f"{trick!r} is not a trick number: expected 1..13")
            out["trick"] = trick
            out["opening"] = _yes(trick == 1)
        card = self._card(irregularity)
        if card is not None:
            out["honour"] = _yes(card.rank >= 10)
            if deal is not None:
                if offender is None:
                    raise self.fail("irregularity.seat", "missing: expected the seat that played the card")
                if card not in deal.hand(offender):
                    raise self.fail("irregularity.card", f"{offender} does not hold {card} in the deal")
        declarer = self.seat(d, "declarer", "declarer")
        if declarer is not None and offender is not None:
            out["role"] = play_role(declarer, offender)
        return out
