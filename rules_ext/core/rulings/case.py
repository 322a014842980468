"""A case file: the facts at the table, read and checked, turned into the answers of a tree.

The format is ``trees/README.md``'s "A case file". What the calls and cards settle is derived
(:mod:`rules_ext.core.rulings.facts`), never asked: from the auction, whose turn it was, the kind of
call, whether a bid came before, whether a double was admissible or a bid insufficient, whether
the calls of a change of call were legal; from the calls over the irregular one, whether the
left-hand opponent called; from the auction after the rectification, whether the offender named
the cancelled call's suit (26A1) and whether his side defends; from the play, the trick, whether
it is the opening lead, who should have led, and the offender's role. A fact the file also answers
in ``[facts]`` must agree with them. Impossible facts (a call after the auction ended, a card the
player does not hold, trick 14, an edition without the law) raise :class:`CaseError` naming the
field and its line. Examples: :func:`parse_case`.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from rules_ext.core.auction import Auction, AuctionError, Call
from rules_ext.core.board import Vulnerability, board_conditions
from rules_ext.core.cards import Card, Deal, DealError, Seat, Strain
from rules_ext.core.contract import Contract
from rules_ext.core.play import PlayError, PlayRecord
from rules_ext.core.rulings import EDITIONS, NotInEdition, Ruling, RulingError, Tree, kinds, tree
from rules_ext.core.rulings.facts import (
    PLAY_FACTS,
    PlaySoFar,
    auction_facts,
    change_facts,
    correction,
    later_facts,
    over_facts,
    play_role,
    related_suits,
    revoke_problem,
    suit_list,
)
from rules_ext.core.rulings.loading import referrals, referred_trees
from rules_ext.core.rulings.model import LEAD_CLAUSE, Cite, LeadPenalty, on_outcomes, settle_ruling, settled_clause
from rules_ext.core.rulings.obligations import LEAD_26, LEAD_ONLY, lead_penalty
from rules_ext.core.rulings.penalty import penalty_cards
from rules_ext.errors import RulesError
from rules_ext.fileio import TomlText, parse_toml, read_toml

__all__ = ["CASE_MAX_SIZE", "IRREGULARITY_KEYS", "PLAY_FACTS", "TOP_KEYS", "Case", "CaseError",
           "auction_facts", "load_case", "parse_case", "play_role"]

#: what a field of a case file is read into (``_Reader.parsed``)
T = TypeVar("T")

TOP_KEYS = frozenset({"edition", "kind", "reference", "board", "dealer", "vulnerable", "auction", "deal",
                      "declarer", "called_by", "irregularity", "facts", "event", "table", "director", "note",
                      "contract", "tricks", "later_auction", "play"})
IRREGULARITY_KEYS = frozenset({"seat", "call", "first_call", "called_over", "related_suits", "barred_by",
                               "card", "cards", "trick", "description"})
#: a case file holds the facts of one irregularity: a few KB; anything larger is not a case file
CASE_MAX_SIZE = 64 * 1024


class CaseError(RulesError):
    """A case file that cannot be ruled on: ``file:line: field: problem``."""


@dataclass(frozen=True, slots=True)
class Case:
    """The facts of one case, checked; ``answers`` are the tree's answers (given and derived),
    ``facts`` every fact the calls and cards settle (asked by the tree or not), ``origins`` the
    field each derived fact comes from."""

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
    first_call: Call | None = None
    cards: tuple[Card, ...] = ()
    later_auction: tuple[str, ...] = ()
    play: tuple[str, ...] = ()
    facts: Mapping[str, object] = field(default_factory=dict)
    origins: Mapping[str, str] = field(default_factory=dict)
    toml: TomlText | None = field(default=None, compare=False, repr=False)

    def where(self, path: str) -> str:
        """``file:line`` of a field (the line it would be added at when it is missing)."""
        return _where(self.toml, path) if self.toml is not None else self.source

    def rule(self) -> Ruling:
        """Walk the tree with the case's answers, and on into the tree of a law it refers to; then
        settle what the case's facts settle: the lead penalty of Law 26 (its calls), the side that
        defends, the penalty cards its cards become (:mod:`rules_ext.core.rulings.penalty`)."""
        try:
            ruling = self.tree.walk(self.answers, referred=referrals(self.edition, self.tree.reference_edition))
        except RulingError as exc:
            fact, problem = str(exc).split(": ", 1)
            path = self.origins.get(fact, f"facts.{fact}") if fact in self.derived else f"facts.{fact}"
            raise CaseError(f"{self.where(path)}: {path}: {problem}") from None
        ruling = on_outcomes(ruling, self._settle_lead)
        ruling = settle_ruling(ruling, defends=self.defends, card=" ".join(c.symbol for c in self.cards))
        return on_outcomes(ruling, self._penalty_cards)

    def _settle_lead(self, ruling: Ruling) -> Ruling:
        """The lead restriction of Law 26 said as the case's calls settle it (:meth:`lead_penalty`):
        the restriction, its provisions and the summary's words on it become those of the part of
        Law 26 that applies (none at all for 26A1 or when the offenders declare)."""
        settled = self.lead_penalty(ruling)
        if settled is None:
            return ruling
        o = ruling.outcome
        phrases = LEAD_26[ruling.reference_edition or ruling.edition]
        cites = tuple(c for c in o.cites if not (c.law in ("26A2", "26B") and c.law not in settled.laws)
                      and not (settled.none and c.law in LEAD_ONLY))
        cites += tuple(Cite(law, phrases[law]) for law in settled.laws if all(c.law != law for c in cites))
        restriction = o.lead_restriction
        if restriction is not None:
            restriction = None if settled.none else replace(
                restriction, text=settled.text,
                laws=tuple(dict.fromkeys([*(x for x in restriction.laws if not x.startswith("26")), *settled.laws])))
        summary = LEAD_CLAUSE.sub(settled_clause(settled), o.summary)
        return replace(ruling, outcome=replace(o, lead_restriction=restriction, cites=cites, summary=summary),
                       lead_penalty=settled)

    def _penalty_cards(self, ruling: Ruling) -> Ruling:
        """The penalty cards the case's cards become, by the penalty-card model, where the outcome
        makes the irregular cards penalty cards (``card = true``, with the act that creates them)."""
        o = ruling.outcome
        pc = o.penalty_card
        if pc is None or not pc.of_card or not pc.act or not self.cards:
            return ruling
        if pc.act == "auction" and self.defends is False:   # 24: no penalty card for the declaring side
            dropped = set(pc.laws) - set(pc.laws[:1])
            return replace(ruling, outcome=replace(o, penalty_card=None,
                                                   cites=tuple(c for c in o.cites if c.law not in dropped)))
        if pc.act == "auction" and self.defends is None:   # not known yet who defends: the rule as written
            return ruling
        edition = ruling.reference_edition or ruling.edition
        role = str(self.facts.get("role", "defender"))
        inadvertent = self.answers.get("inadvertent")
        deliberate = (inadvertent == "no") if inadvertent in ("yes", "no") else self.answers.get("premature_lead") == "yes"
        cards = penalty_cards(role=role, act=pc.act, cards=self.cards, deliberate=deliberate,
                              held=1 if self.answers.get("other_penalty_card") == "yes" else 0,
                              offender_defends=self.defends, declarer_treats=self.answers.get("treat") != "no",
                              edition=edition)
        if pc.kind and any(c.kind != pc.kind for c in cards):
            raise RulingError(f"trees/{ruling.kind}.toml: outcome {ruling.outcome.id} says a {pc.kind} penalty card, "
                              f"the penalty-card model makes {', '.join(f'{c.card} {c.kind}' for c in cards)}")
        return replace(ruling, penalty_cards=cards)

    @property
    def defends(self) -> bool | None:
        """Whether the offender's side defends, where the facts tell it: the play (his role against
        declarer), a call after the final pass, the auction once ended (before the irregularity or
        after its rectification), or ``declarer``; None where nothing does."""
        if "role" in self.facts:
            return self.facts["role"] == "defender"
        for name in ("offender_defends", "defender"):
            if name in self.facts:
                return self.facts[name] == "yes"
        declarer = self.data.get("declarer")
        if self.offender is not None and isinstance(declarer, str):
            seat = Seat.parse(declarer)
            return self.offender not in (seat, seat.partner)
        return None

    def lead_penalty(self, ruling: Ruling) -> LeadPenalty | None:
        """Law 26 as the case's calls settle it, where the ruling's lead restriction rests on it
        (:func:`rules_ext.core.rulings.obligations.lead_penalty`): none when the offender's side
        declares; 26A1 when the offender later named the suit of the cancelled call; 26A2 when the
        auction ended without; 26B for a cancelled call that relates to no suit (and Law 32's);
        None where the case gives no call, or the restriction is not Law 26's."""
        if ruling.lead_penalty is not None:
            return ruling.lead_penalty
        while ruling.referral is not None and not ruling.outcome.refer_facts:   # the same offender's
            ruling = ruling.referral
        r = ruling.outcome.lead_restriction
        if r is None or not {"26A2", "26B"} & set(r.laws) or self.call is None:
            return None
        suits = related_suits(self.call, self._given_suits())
        named = self.facts.get("named_later")
        if named is None and "defender" in self.facts:   # a call after the final pass: nothing is named later
            named = "no"
        return lead_penalty(ruling.reference_edition or ruling.edition, suit_related=bool(suits),
                            named_later=None if named is None else named == "yes", defends=self.defends,
                            suits=suit_list(suits), only="26B" if "26A2" not in r.laws else "")

    def _given_suits(self) -> tuple[Strain, ...]:
        raw = self.data.get("irregularity", {}).get("related_suits", [])
        return tuple(Strain.parse(s) for s in raw)


def load_case(path: str | os.PathLike[str]) -> Case:
    """Read a case file: a regular file of at most :data:`CASE_MAX_SIZE` bytes (a case file is a
    few KB; a larger one is refused before it is read)."""
    size = _size(path)
    if size is not None and size > CASE_MAX_SIZE:
        raise CaseError(f"{os.fspath(path)}: {size:,} bytes: a case file holds the facts of one irregularity "
                        f"(a few KB, at most {CASE_MAX_SIZE // 1024} KB): expected a case file, see trees/README.md")
    return _Reader(read_toml(path, error=CaseError, max_size=CASE_MAX_SIZE)).case()


def _size(path: str | os.PathLike[str]) -> int | None:
    try:
        info = os.stat(path)
    except OSError:
        return None   # read_toml says what is wrong
    return info.st_size if os.path.isfile(path) else None


def parse_case(text: str, *, source: str = "<case>") -> Case:
    """Read a case file's text (``source`` names it in the errors).

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
    >>> parse_case('''edition = "1991"
    ... kind = "change_of_call"
    ... dealer = "N"
    ... auction = ["1D", "Pass", "1S"]
    ... [irregularity]
    ... seat = "W"
    ... call = "1H"
    ... [facts]
    ... inadvertent = "yes"
    ... substitute_legal = "yes"
    ... ''', source="c.toml")
    Traceback (most recent call last):
    ...
    rules_ext.core.rulings.case.CaseError: c.toml:10: facts.substitute_legal: 'yes' contradicts the auction and the call, which give 'no'
    """
    return _Reader(parse_toml(text, source=source, error=CaseError)).case()


def case_from_data(data: Mapping[str, Any], *, source: str) -> Case:
    """A case from its fields already read (a case kept inside another TOML file, e.g. a table of
    cases): checked as a case file is; a problem names ``source`` and the field."""
    return _Reader(TomlText(dict(data), (), source)).case()


def _where(toml: TomlText, path: str) -> str:
    """``file:line`` of ``path``; for a field that is missing, the line it would be added at: its
    table's header, the last line when the table is missing too, line 1 for a top-level field."""
    line = toml.line_of(path)
    if line is None:
        line = len(toml.lines) if "." in path else 1
    return f"{toml.source}:{max(line, 1)}"




class _Reader:
    def __init__(self, toml: TomlText) -> None:
        self.toml, self.data = toml, toml.data

    def fail(self, path: str, problem: str) -> CaseError:
        return CaseError(f"{_where(self.toml, path)}: {path}: {problem}")

    def text(self, table: Mapping[str, Any], key: str, path: str) -> str:
        value = table.get(key, "")
        if not isinstance(value, str):
            raise self.fail(path, f"{value!r} is not text: expected a quoted string")
        return value.strip()

    def required(self, key: str, expected: str) -> str:
        if key not in self.data:
            raise self.fail(key, f"missing: expected {expected}")
        return self.text(self.data, key, key)

    def parsed(self, table: Mapping[str, Any], key: str, path: str, parse: Callable[[str], T]) -> T | None:
        """``table[key]`` read by ``parse`` (None when it is not given); what ``parse`` refuses is
        the field's error, on its line."""
        if key not in table:
            return None
        try:
            return parse(self.text(table, key, path))
        except ValueError as exc:
            raise self.fail(path, str(exc)) from None

    def seat(self, table: Mapping[str, Any], key: str, path: str) -> Seat | None:
        return self.parsed(table, key, path, Seat.parse)

    def words(self, table: Mapping[str, Any], key: str, path: str, example: str) -> list[str]:
        value = table.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(path, f"expected a list of quoted words, e.g. {key} = {example}")
        return value

    def calls(self, table: Mapping[str, Any], key: str, path: str) -> list[Call]:
        out = []
        for i, word in enumerate(self.words(table, key, path, '["Pass", "2H"]'), 1):
            try:
                out.append(Call.parse(word))
            except AuctionError as exc:
                raise self.fail(f"{path}[{i}]", f"{word!r}: {exc}") from None
        return out

    def continued(self, auction: Auction, table: Mapping[str, Any], key: str, path: str) -> Auction:
        """``auction`` with the calls of ``key`` added, each checked by the core (Laws 17-22, 38)."""
        words = self.words(table, key, path, '["Pass", "2H"]')
        for i, call in enumerate(self.calls(table, key, path), 1):
            try:
                auction = auction.add(call)
            except AuctionError as exc:
                raise self.fail(f"{path}[{i}]", f"{words[i - 1]!r}: {exc}") from None
        return auction

    def result(self, d: Mapping[str, Any]) -> Contract | None:
        """The result at the table, where the case gives it (for the ruling record): ``contract``
        (without declarer: ``declarer`` is the seat) and ``tricks`` (taken by declarer, 0..13)."""
        contract = self.parsed(d, "contract", "contract", Contract.parse)
        if contract is not None and contract.declarer is not None:
            raise self.fail("contract", f"{contract} names its declarer: expected the contract alone "
                                        "(e.g. contract = \"3NT\") and declarer = \"S\"")
        tricks = d.get("tricks")
        if tricks is not None and (isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13):
            raise self.fail("tricks", f"{tricks!r} tricks is impossible: expected a whole number 0..13")
        if tricks is not None and "contract" not in d:
            raise self.fail("tricks", "tricks without a contract: expected e.g. contract = \"3NT\" as well")
        return contract

    def case(self) -> Case:
        d = self.data
        if not d:
            empty = not any(line.strip() for line in self.toml.lines)
            raise CaseError(f"{self.toml.source}:1: " + ("the file is empty" if empty else "the file holds only comments")
                            + ": expected a case file: edition = \"1991\", kind = \"…\", the facts (see trees/README.md)")
        unknown = sorted(set(d) - TOP_KEYS)
        if unknown:
            raise self.fail(unknown[0], f"unknown field: expected one of {', '.join(sorted(TOP_KEYS))}")
        edition = self.required("edition", f"the edition in force: edition = \"1991\" (one of {', '.join(EDITIONS)})")
        if edition not in EDITIONS:
            raise self.fail("edition", f"{edition!r}: expected one of {', '.join(EDITIONS)}")
        kind = self.required("kind", "the kind of irregularity, e.g. kind = \"insufficient_bid\" (rule --list lists them)")
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
        given = self.parsed(d, "vulnerable", "vulnerable", Vulnerability.parse)
        if given is not None:
            if vulnerable is not None and given is not vulnerable:
                raise self.fail("vulnerable", f"{given.value} is not the vulnerability of board {board}")
            vulnerable = given
        deal = None
        if "deal" in d:
            try:
                deal = Deal.from_pbn(self.text(d, "deal", "deal"))
            except (DealError, ValueError) as exc:
                raise self.fail("deal", str(exc)) from None
        contract = self.result(d)
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
        # the questions of the tree and of the laws its referrals lead to (asked on the same facts)
        questions = [q for t in referred_trees(the_tree, referrals(edition, the_tree.reference_edition))
                     for q in t.questions.values()]
        asked = {q.fact for q in questions}
        for name in given:
            if name not in asked:
                raise self.fail(f"facts.{name}", f"not a question of {kind} ({edition}): expected one of "
                                + ", ".join(sorted(asked)))
        derive = _Derivation(self, kind, irregularity, dealer, offender, deal, contract,
                             changes="first_legal" in asked)
        derived, origins = derive.facts, derive.origins
        own = {q.fact for q in the_tree.questions.values()}
        if "turn" in own and "in_turn" not in own and derived.get("in_turn") == "yes":
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
            for question in (q for q in questions if q.fact == name):
                try:
                    question.answer(value)
                except RulingError as exc:
                    raise self.fail(f"facts.{name}", str(exc)) from None
        for name in derived.keys() & asked - given.keys():   # trick 13 of a revoke: the field it comes from
            problems = []
            for question in (q for q in questions if q.fact == name):
                try:
                    question.answer(derived[name])
                except RulingError as exc:
                    problems.append(str(exc))
                else:
                    break
            else:
                raise self.fail(origins[name], problems[0])
        derive.check_answers(answers, given)
        return Case(self.toml.source, edition, kind, the_tree, answers, frozenset(n for n in derived if n in asked),
                    dealer, vulnerable, board, tuple(str(c) for c in d.get("auction", [])), offender, derive.call,
                    derive.cards[0] if len(derive.cards) == 1 else None, derive.trick, self.seat(d, "called_by", "called_by"),
                    deal, d, first_call=derive.first, cards=derive.cards,
                    later_auction=tuple(str(c) for c in derive.later_calls), play=tuple(str(c) for c in derive.played),
                    facts=derived, origins=origins, toml=self.toml)


class _Derivation:
    """The facts the calls and cards of a case settle (``facts``), each with the field it comes
    from (``origins``); every impossible combination is refused with that field's line."""

    def __init__(self, reader: _Reader, kind: str, irregularity: Mapping[str, Any], dealer: Seat | None,
                 offender: Seat | None, deal: Deal | None, contract: Contract | None, changes: bool = False) -> None:
        self.r, self.kind, self.irr, self.offender = reader, kind, irregularity, offender
        #: a tree on the way asks Law 25's facts (a call out of rotation that is a change of call)
        self.changes = changes
        self.facts: dict[str, object] = {}
        self.origins: dict[str, str] = {}
        self.call = self._call("call")
        self.first = self._call("first_call")
        self.cards = self._cards()
        self.trick: int | None = None
        self.later_calls: tuple[Call, ...] = ()
        self.played: tuple[Card, ...] = ()
        self.before: Auction | None = None
        self.final: Auction | None = None   # the auction once complete: before the irregularity or after it
        self.barred_by = reader.seat(irregularity, "barred_by", "irregularity.barred_by")
        self.auction(dealer)
        self.bar()
        declarer, contract = self.declarer(contract)
        self.play(deal, declarer, contract)

    def fail(self, path: str, problem: str) -> CaseError:
        return self.r.fail(path, problem)

    def put(self, facts: Mapping[str, object], origin: str) -> None:
        for name, value in facts.items():
            self.facts[name], self.origins[name] = value, origin

    def need_offender(self, what: str) -> Seat:
        if self.offender is None:
            raise self.fail("irregularity.seat", f"missing: expected the seat that {what}, e.g. seat = \"W\"")
        return self.offender

    # -- the calls ---------------------------------------------------------------------------

    def _call(self, key: str) -> Call | None:
        if key not in self.irr:
            return None
        try:
            return Call.parse(self.r.text(self.irr, key, f"irregularity.{key}"))
        except AuctionError as exc:
            raise self.fail(f"irregularity.{key}", str(exc)) from None

    def suits(self) -> tuple[Strain, ...]:
        out = []
        for i, word in enumerate(self.r.words(self.irr, "related_suits", "irregularity.related_suits", '["H", "S"]'), 1):
            try:
                suit = Strain.parse(word)
            except ValueError as exc:
                raise self.fail(f"irregularity.related_suits[{i}]", str(exc)) from None
            if not suit.is_suit:
                raise self.fail(f"irregularity.related_suits[{i}]", f"{word!r} is not a suit: expected C, D, H or S")
            out.append(suit)
        return tuple(out)

    def auction(self, dealer: Seat | None) -> None:
        d, irr, call = self.r.data, self.irr, self.call
        if self.first is not None:
            if self.kind != "change_of_call":
                raise self.fail("irregularity.first_call", "the call that was changed: only a change of call "
                                                           "(kind = \"change_of_call\") has a first call")
            if call is None:
                raise self.fail("irregularity.first_call", "a first call without the substituted call: expected "
                                                           "call = the call that replaced it as well")
            if call == self.first:
                raise self.fail("irregularity.call", f"{call} is the first call again: a change of call replaces "
                                                     f"the first call by another")
        if "called_over" in irr and call is None:
            raise self.fail("irregularity.called_over", "calls over what: expected call = the irregular call as well")
        if "later_auction" in d:
            if call is None:
                raise self.fail("later_auction", "the auction after which call: expected [irregularity] call = "
                                                 "the irregular (cancelled) call as well")
            if irr.get("called_over"):
                raise self.fail("later_auction", "the left-hand opponent called over the irregular call (called_over), "
                                                 "so it was not cancelled: there is no auction after its rectification")
        if "auction" not in d:
            if "later_auction" in d:
                raise self.fail("later_auction", "needs the auction before the irregularity: expected auction = […] too")
            return
        if dealer is None:
            raise self.fail("auction", "an auction needs its dealer: give dealer = \"N\" or the board number")
        before = self.r.continued(Auction(dealer), d, "auction", "auction")
        self.before = before
        if before.is_complete:
            self.final = before
        if call is not None:
            offender = self.need_offender("made the call")
            if before.is_complete and self.kind != "call_after_final_pass":
                raise self.fail("irregularity.call", f"{call} by {offender} comes after the auction ended "
                                                     f"({before}): that is Law 39, kind = \"call_after_final_pass\"")
            self.put(auction_facts(before, offender, call), "irregularity.call")
            change = change_facts(before, offender, self.first, call) if self.kind == "change_of_call" else {}
            if "substitute_legal" in change:
                self.put({"substitute_legal": change["substitute_legal"]}, "irregularity.call")
            if "first_legal" in change:
                self.put({"first_legal": change["first_legal"]}, "irregularity.first_call")
            elif self.changes and self.kind != "change_of_call" and before.calls and \
                    before.seat_of(len(before.calls) - 1) is offender:
                # a call out of rotation at the left-hand opponent's turn changes the offender's own
                # last call (30B3, 31B, Law 25): the first call is that one, where he made it
                first = before.calls[-1]
                prior = Auction(before.dealer)
                for c in before.calls[:-1]:
                    prior = prior.add(c)
                self.put(change_facts(prior, offender, first, call), "auction")
        if "called_over" in irr:
            self.put(over_facts(self.r.calls(irr, "called_over", "irregularity.called_over")), "irregularity.called_over")
        if "later_auction" in d:
            assert call is not None and self.offender is not None
            if before.is_complete:
                raise self.fail("later_auction", f"the auction had ended before the irregularity ({before}): "
                                                 f"no call follows the final pass")
            later = self.r.continued(before, d, "later_auction", "later_auction")
            self.later_calls = later.calls[len(before.calls):]
            self.put(later_facts(before, self.offender, call, later, self.suits()), "later_auction")
            given = d.get("facts", {})
            if self.kind == "insufficient_bid" and self.later_calls and "correction" not in given:
                self.put({"correction": correction(before, call, self.later_calls[0])}, "later_auction")
            if later.is_complete:
                self.final = later

    def bar(self) -> None:
        if self.barred_by is None:
            return
        offender = self.need_offender("made the call")
        if self.barred_by not in (offender, offender.partner):
            raise self.fail("irregularity.barred_by", f"{self.barred_by} is an opponent of {offender}: a bar to pass "
                                                      f"falls on the side that broke a law (the offender or his partner)")
        self.put({"barred": "yes"}, "irregularity.barred_by")

    def declarer(self, contract: Contract | None) -> tuple[Seat | None, Contract | None]:
        """Declarer and the contract: given, or those of the complete auction (which a given one
        must agree with)."""
        declarer = self.r.seat(self.r.data, "declarer", "declarer")
        if self.final is None:
            return declarer, contract
        where = "auction" if self.final is self.before else "later_auction"
        final = self.final.final_contract()
        if final.is_passed_out or final.declarer is None:
            for key in ("declarer", "contract", "play"):
                if key in self.r.data:
                    raise self.fail(key, f"the {where.replace('_', ' ')} ({self.final}) passes the board out: "
                                         f"there is no declarer, contract or play")
            return None, None
        bare = Contract(final.level, final.strain, final.doubling)
        if declarer is not None and declarer is not final.declarer:
            raise self.fail("declarer", f"{declarer} is not declarer: the {where.replace('_', ' ')} ({self.final}) "
                                        f"makes {final.declarer} declarer of {bare}")
        if contract is not None and contract != bare:
            raise self.fail("contract", f"{contract} is not the contract: the {where.replace('_', ' ')} ends in {bare}")
        return final.declarer, bare

    # -- the cards ---------------------------------------------------------------------------

    def _cards(self) -> tuple[Card, ...]:
        if "card" in self.irr and "cards" in self.irr:
            raise self.fail("irregularity.cards", "card and cards both given: expected card = \"SA\" for one card, "
                                                  "or cards = [\"SA\", \"HK\"] for several")
        words = ([self.r.text(self.irr, "card", "irregularity.card")] if "card" in self.irr
                 else self.r.words(self.irr, "cards", "irregularity.cards", '["SA", "HK"]'))
        path = "irregularity.card" if "card" in self.irr else "irregularity.cards"
        out: list[Card] = []
        for i, word in enumerate(words, 1):
            where = path if "card" in self.irr else f"{path}[{i}]"
            try:
                card = Card.parse(word)
            except (DealError, ValueError) as exc:
                raise self.fail(where, str(exc)) from None
            if card in out:
                raise self.fail(where, f"{card} is named twice")
            out.append(card)
        if "cards" in self.irr and not out:
            raise self.fail(path, "no card: expected the cards, e.g. cards = [\"SA\", \"HK\"]")
        return tuple(out)

    def play(self, deal: Deal | None, declarer: Seat | None, contract: Contract | None) -> None:
        irr, offender, cards = self.irr, self.offender, self.cards
        path = "irregularity.card" if "card" in irr else "irregularity.cards"
        if len(cards) == 1:
            self.put({"honour": "yes" if cards[0].rank >= 10 else "no"}, path)
        if cards:
            self.put({"several": "one" if len(cards) == 1 else "two"}, path)
        if cards and deal is not None:
            seat = self.need_offender("played or exposed the card")
            for card in cards:
                if card not in deal.hand(seat):
                    raise self.fail(path, f"{seat} does not hold {card} in the deal")
        if declarer is not None and offender is not None:
            self.put({"role": play_role(declarer, offender)}, "irregularity.seat" if "seat" in irr else "declarer")
        trick = irr.get("trick")
        if trick is not None and (isinstance(trick, bool) or not isinstance(trick, int) or not 1 <= trick <= 13):
            raise self.fail("irregularity.trick", f"{trick!r} is not a trick number: expected 1..13")
        origin = "irregularity.trick"
        so_far = None
        if "play" in self.r.data:
            so_far = self.play_so_far(deal, declarer, contract)
            if trick is not None and trick != so_far.trick:
                raise self.fail("irregularity.trick", f"{trick} contradicts the play given: its next card belongs to "
                                                      f"trick {so_far.trick}")
            trick, origin = so_far.trick, "play"
            for card in cards if offender is not None else ():
                assert offender is not None and so_far.record is not None
                if card in so_far.record.deal.hand(offender) and not so_far.holds(offender, card):
                    raise self.fail(path, f"{offender} played {card} before the irregularity (play)")
        elif trick == 1 and declarer is not None and self.kind == "lead_out_of_turn":
            so_far = PlaySoFar(1, declarer.lho, None)   # trick 1's lead is the opening lead: declarer's LHO's
        self.trick = trick
        if trick is not None:
            self.put({"trick": trick, "opening": "yes" if trick == 1 else "no"}, origin)
        if so_far is not None and offender is not None and declarer is not None:
            self.check_play(so_far, offender, declarer, origin)

    def play_so_far(self, deal: Deal | None, declarer: Seat | None, contract: Contract | None) -> PlaySoFar:
        if deal is None or not deal.is_complete:
            raise self.fail("play", "the play needs the whole deal: expected deal = \"N:… … … …\" (four hands)")
        if declarer is None or contract is None or contract.strain is None:
            raise self.fail("play", "the play needs the contract and its declarer: expected contract = \"4S\" and "
                                    "declarer = \"S\", or the whole auction")
        record = PlayRecord(deal, Contract(contract.level, contract.strain, contract.doubling, declarer))
        for i, word in enumerate(self.r.words(self.r.data, "play", "play", '["HA", "H2", "H5", "HK"]'), 1):
            try:
                record = record.add(Card.parse(word))
            except (DealError, PlayError, ValueError) as exc:
                raise self.fail(f"play[{i}]", f"{word!r}: {exc}") from None
        if record.is_complete:
            raise self.fail("play", "all 52 cards are played: the irregular card belongs to no trick")
        self.played = record.cards
        return PlaySoFar.of(record)

    def check_play(self, so_far: PlaySoFar, offender: Seat, declarer: Seat, origin: str) -> None:
        """What the point of the play settles for the kinds of the play: a lead out of turn is a
        lead, out of turn, never dummy's opening lead; a revoke is a card not following suit; a
        premature play is not the player's turn."""
        t, role = so_far.trick, play_role(declarer, offender)
        if self.kind == "lead_out_of_turn":
            if so_far.led is not None:
                raise self.fail("irregularity.card", f"trick {t} has been led ({so_far.led}): a card played to it "
                                                     f"is not a lead")
            if t == 1 and role == "dummy":
                raise self.fail("irregularity.seat", f"{offender} is dummy: dummy's hand is faced only after the "
                                                     f"opening lead (Law 41), so the opening lead cannot come from it")
            if so_far.next_seat is offender:
                whose = " (declarer's left-hand opponent, Law 41A)" if t == 1 else ""
                raise self.fail("irregularity.seat", f"the lead to trick {t} is {offender}'s{whose}: the lead is "
                                                     f"in turn, not out of turn")
            proper = so_far.proper_leader(offender, declarer)
            self.put({"defender_turn" if role == "defender" else "declarer_turn": proper}, origin)
        elif self.kind == "revoke" and len(self.cards) == 1:
            problem = revoke_problem(so_far, offender, self.cards[0])
            if problem:
                raise self.fail("irregularity.seat" if problem.startswith("it is") else "irregularity.card", problem)
        elif self.kind == "premature_lead_or_play" and so_far.record is not None and so_far.next_seat is offender:
            raise self.fail("irregularity.seat", f"it is {offender}'s turn to {'lead' if so_far.led is None else 'play'} "
                                                 f"to trick {t}: the card is played in turn, not prematurely")

    # -- answers the calls and cards contradict ------------------------------------------------

    def check_answers(self, answers: Mapping[str, object], given: Mapping[str, object]) -> None:
        offender, before = self.offender, self.before
        if answers.get("barred") == "yes" and before is not None and not before.calls:
            if self.barred_by is None:
                whose = offender.partner if offender is not None else "N"
                raise self.fail("facts.barred", "'yes' before any call: a player is barred only by an earlier "
                                                "irregularity of his side (e.g. his partner's call out of rotation); "
                                                f"name whose with barred_by = \"{whose}\" in [irregularity]")
            if self.barred_by is offender:
                raise self.fail("irregularity.barred_by", f"no one has called yet: {offender} cannot have been barred "
                                                          f"by an irregularity of his own")
        if given.get("offender_choice") == "first" and self.first is not None and before is not None and offender:
            own = [c for i, c in enumerate(self.later_calls) if before.seat_of(len(before.calls) + i) is offender]
            if own and own[0] != self.first:
                raise self.fail("facts.offender_choice", f"'first' contradicts the later auction: {offender}'s call "
                                                         f"there is {own[0]}, not the first call {self.first}")
