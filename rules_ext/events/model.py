"""The event model read from a PBN file: games as tags (lossless) and what they mean.

An :class:`Event` keeps every game exactly as tags and section lines (so it can be written back
without loss) and, read from them, the :class:`Board` list with each board's deal, dealer,
vulnerability and :class:`TableResult` list, the :class:`Participant` list, and the file's own
totals table. Equality covers what the file says, not where it said it (line numbers, the file
name and the encoding it came in are left out of ``==``).
"""
from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import attrgetter

from rules_ext.core import Contract, Deal, Seat, Strain, Vulnerability
from rules_ext.core.adjusted import WeightedScore
from rules_ext.errors import RulesError
from rules_ext.events.errors import PBNError
from rules_ext.events.fastbuild import compact
from rules_ext.events.pbn.lexer import Game, Tag
from rules_ext.events.pbn.tables import Table

__all__ = ["Artificial", "Board", "Event", "EventKind", "Game", "Participant", "TableResult", "Tag", "id_key",
           "side_score", "split_member_id"]


class EventKind(enum.Enum):
    """How the results of an event are compared."""

    PAIRS = "pairs"            # ScoreTable rows per board, or one game per table with pair ids
    TEAMS = "teams"            # one game per table, Room Open/Closed, HomeTeam/VisitTeam
    INDIVIDUAL = "individual"  # ScoreTable with PlayerId_North/East/South/West


_SIDE_SCORE = re.compile(r"^\s*(?:(NS|EW)\s+([+-]?\d+)|(-?\d+))\s*$", re.IGNORECASE)


def side_score(text: str, tag: str = "Score") -> int:
    """North-South's score from a PBN score value with an optional side: ``NS 420``, ``EW 50``
    (that is, NS -50), ``NS +90`` (RealBridge's OptimumScore; a sign only after a side) or ``420``
    ([Score], [OptimumScore], a ScoreTable score cell).

    >>> side_score("EW 50"), side_score("NS 420"), side_score("-100"), side_score("NS +90")
    (-50, 420, -100, 90)
    """
    match = _SIDE_SCORE.match(text)
    if not match:
        raise RulesError(f'cannot read [{tag} "{text}"]: expected e.g. "NS 420", "EW 50" or "420"')
    return int(match[2] or match[3]) * (-1 if (match[1] or "NS").upper() == "EW" else 1)


_MEMBER_ID = re.compile(r"^(.*?)\s*#\s*(\w+)\s*$")


def split_member_id(text: str) -> tuple[str, str]:
    """A player's name and member id from a name tag that carries both, as RealBridge writes them
    (``Markus Knob#39415``); the id is '' when the tag has none.

    >>> split_member_id("Markus Knob#39415"), split_member_id("Li Si")
    (('Markus Knob', '39415'), ('Li Si', ''))
    """
    match = _MEMBER_ID.match(text)
    return (match[1], match[2]) if match and match[1] else (text, "")


_ARTIFICIAL_WORDS = {"+": 60.0, "=": 50.0, "-": 40.0}
_ARTIFICIAL_PCT = re.compile(r"^A(\d{1,3}(?:\.\d+)?)%?(?:[-/](\d{1,3}(?:\.\d+)?)%?)?$", re.IGNORECASE)
#: ``A5050``, ``A6040`` (NS % then EW %, as Compscore writes them) and a bare split ``60/40``
#: a side's own percentage beside the other side's marker (Ruter: ``A=`` ``+0``)
_OWN_PCT = re.compile(r"^\+\d{1,3}$")
_ARTIFICIAL_PAIR = re.compile(r"^(?:A(\d{2})(\d{2})|(\d{1,3})/(\d{1,3}))$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Artificial:
    """An artificial adjusted score (Law 12C): the percentage of a top each side gets.

    ``marker`` is as written in the file. Accepted forms: ``A+`` (60 % to the side whose score
    column holds it, 40 % to the other), ``A=`` (50/50), ``A-`` (40/60), two signs ``A+-`` / ``A++``
    / ``A--`` / ``A=+`` (NS then EW), two markers ``A+/A+`` (NS then EW: what a ScoreTable row
    with a marker in each of Score_NS and Score_EW says, see :meth:`of_columns`), and percentages
    ``A60``, ``A60-40``, ``A60/50``. Both sides may be at fault or neither (Law 12C): ``A+/A+``
    gives each side 60 %, ``A-/A-`` each 40 %.

    >>> Artificial.parse("A+/A+")
    Artificial(marker='A+/A+', pct_ns=60.0, pct_ew=60.0)
    >>> Artificial.of_columns("A-", "A-")
    Artificial(marker='A-/A-', pct_ns=40.0, pct_ew=40.0)
    >>> Artificial.of_columns("-", "A+")
    Artificial(marker='A+', pct_ns=40.0, pct_ew=60.0)
    """

    marker: str
    pct_ns: float
    pct_ew: float

    def __post_init__(self) -> None:
        for pct in (self.pct_ns, self.pct_ew):
            if not 0 <= pct <= 100:
                raise RulesError(f"artificial score {self.marker!r} gives {pct}%: expected 0..100, e.g. A60-40")

    @classmethod
    def parse(cls, text: str, side: str = "NS") -> Artificial:
        """Read a marker; ``side`` says whose column it stood in ('NS' or 'EW') for one-sign forms."""
        raw = text.strip()
        up = raw.upper()
        if "/" in up and all(len(part) == 2 and part[0] == "A" and part[1] in _ARTIFICIAL_WORDS
                             for part in up.split("/")) and up.count("/") == 1:
            ns_part, ew_part = up.split("/")
            ns, ew = _ARTIFICIAL_WORDS[ns_part[1]], _ARTIFICIAL_WORDS[ew_part[1]]
            return cls(raw, ns, ew) if side == "NS" else cls(raw, ew, ns)
        if len(up) == 2 and up[0] == "A" and up[1] in _ARTIFICIAL_WORDS:
            mine = _ARTIFICIAL_WORDS[up[1]]
            other = 100.0 - mine
            return cls(raw, mine, other) if side == "NS" else cls(raw, other, mine)
        if len(up) == 3 and up[0] == "A" and up[1] in _ARTIFICIAL_WORDS and up[2] in _ARTIFICIAL_WORDS:
            ns, ew = _ARTIFICIAL_WORDS[up[1]], _ARTIFICIAL_WORDS[up[2]]
            return cls(raw, ns, ew) if side == "NS" else cls(raw, ew, ns)
        pair = _ARTIFICIAL_PAIR.match(up)
        if pair:
            ns, ew = (float(pair[1]), float(pair[2])) if pair[1] else (float(pair[3]), float(pair[4]))
            return cls(raw, ns, ew) if side == "NS" else cls(raw, ew, ns)
        match = _ARTIFICIAL_PCT.match(up)
        if match:
            mine = float(match[1])
            other = float(match[2]) if match[2] else 100.0 - mine
            return cls(raw, mine, other) if side == "NS" else cls(raw, other, mine)
        raise RulesError(f"cannot read artificial score {text!r}: expected A+, A=, A-, A+-, A+/A-, A60, A60-40, "
                         f"A6040 or 60/40")

    @classmethod
    def of_columns(cls, ns_cell: str, ew_cell: str) -> Artificial:
        """The artificial score of a row from its Score_NS and Score_EW cells: each side's figure is
        read from its own column when both hold a marker (``A+`` ``A+`` is 60 % to each side, not
        60/40) or when the other holds a signed percentage (Ruter's ``A=`` ``+0``: 50 % to NS, 0 %
        to EW, as the row's percentages print it); a marker in one column only speaks for both
        sides, as :meth:`parse` reads it.

        >>> Artificial.of_columns("A=", "+0")
        Artificial(marker='A=/+0', pct_ns=50.0, pct_ew=0.0)
        """
        ns_marked, ew_marked = cls.looks_like(ns_cell), cls.looks_like(ew_cell)
        if ns_marked and ew_marked:
            ns, ew = cls.parse(ns_cell, "NS"), cls.parse(ew_cell, "EW")
            if ns.pct_ew == ew.pct_ew:  # A+ and A-: the second marker only repeats the first
                return ns
            return cls(f"{ns_cell.strip()}/{ew_cell.strip()}", ns.pct_ns, ew.pct_ew)
        if ns_marked and _OWN_PCT.match(ew_cell.strip()):  # Ruter: "A=" "+0", NS 50 %, EW 0 %
            return cls(f"{ns_cell.strip()}/{ew_cell.strip()}", cls.parse(ns_cell, "NS").pct_ns, float(ew_cell))
        if ew_marked and _OWN_PCT.match(ns_cell.strip()):
            return cls(f"{ns_cell.strip()}/{ew_cell.strip()}", float(ns_cell), cls.parse(ew_cell, "EW").pct_ew)
        if ns_marked:
            return cls.parse(ns_cell, "NS")
        if ew_marked:
            return cls.parse(ew_cell, "EW")
        raise RulesError(f"no artificial score in {ns_cell!r} / {ew_cell!r}: expected e.g. A+ and A-")

    @staticmethod
    def looks_like(text: str) -> bool:
        up = text.strip().upper()
        return len(up) >= 2 and up[0] == "A" and (up[1] in "+=-" or up[1] in "0123456789")


@compact("board", "ns", "ew", "contract", "declarer", "tricks", "score_ns", "table", "round", "theirs", "line")
@dataclass(frozen=True)
class TableResult:
    """One result of a board: a ScoreTable row, or one game (one table, one room).

    - ``ns``, ``ew``: who sat there, as the file names them: pair ids (pairs), team names (teams:
      the team sitting NS in that room), or player ids joined with ``-`` (individual: N-S, E-W).
    - ``contract`` (``Contract``, passed out = level 0) and ``declarer`` (``Seat``); ``tricks``
      taken by declarer; all None when the board was not played or the result is artificial.
    - ``score_ns``: the NS score, from the file or, when the file lacks it, computed by the core
      from contract, declarer, tricks and vulnerability (``score_computed`` is then True).
    - ``artificial``: an :class:`Artificial` score instead of a played result; ``not_played`` for a
      bye / sit-out / ``-`` row that takes no part in the scoring.
    - ``table``, ``round``, ``room`` (``Open``/``Closed``), ``section``, ``lead``, ``names_ns``,
      ``names_ew``: as in the file ('' when absent; ``section`` from a ScoreTable's Section column or
      a game's Section tag: tables of the same number in different sections are different tables);
      ``players``: ids or names of N, E, S, W when known (names without the member ids some files
      append, ``Markus Knob#39415``: those are ``member_ids``, N, E, S, W, '' where the file gives
      none).
    - teams: ``home`` and ``visit``, the match's HomeTeam and VisitTeam ('' when not given).
    - ``theirs``: the figures the file itself gives for this result, as ``(column, text)`` pairs
      (``MP_NS``, ``Percentage_EW``, ``IMP_NS``, ``Score_NS`` ...), for comparison.
    - one game per table only: ``auction`` (calls in export spelling, ``Pass``, ``X``, ``1S``,
      ``3NT``) from ``auction_first``; ``auction_notes`` ((call index, note number) pairs);
      ``notes`` ((number, text) of the ``[Note]`` tags); ``play`` (one tuple of cards per trick, in
      the order of the players from ``play_first``, the opening leader; '-' for a card not known).
    - ``penalty``: a director's penalty row (Ruter's ``"Pen"``): no result (``not_played``), its own
      figures (``theirs``: ``MP_NS``, ``IMP_EW``, ...) are points given to or taken from a side's total.
    - ``assigned``: the NS and EW figures a director gave this result itself (matchpoints or IMPs, in
      the ranking's unit), its score still compared with the others' (a corrections file's ``mp_ns``).
    - ``damaged``: a cell of the row that cannot be read, as written (a contract typed ``42``): the
      result keeps the file's own score and its own figures (``assigned``), a warning names the cell
      (``event.warnings``) and every sheet marks it; '' for a row read whole.
    - ``line``: where the result is in the file (not part of ``==``).

    A result keeps its board, pairs, contract, declarer, tricks, score, table, round, own figures
    and line in slots of its own, the other fields in one object that all the results leaving them at
    their defaults share (:func:`~rules_ext.events.fastbuild.compact`): a 50 MB file has a million results.
    """

    board: int
    ns: str
    ew: str
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    score_ns: int | None = None
    score_computed: bool = False
    artificial: Artificial | None = None
    weighted: WeightedScore | None = None
    not_played: bool = False
    table: str = ""
    round: str = ""
    room: str = ""
    section: str = ""
    lead: str = ""
    names_ns: str = ""
    names_ew: str = ""
    players: tuple[str, ...] = ()
    member_ids: tuple[str, ...] = ()
    home: str = ""
    visit: str = ""
    theirs: tuple[tuple[str, str], ...] = ()
    auction: tuple[str, ...] = ()
    auction_first: Seat | None = None
    auction_notes: tuple[tuple[int, int], ...] = ()
    notes: tuple[tuple[int, str], ...] = ()
    play: tuple[tuple[str, ...], ...] = ()
    play_first: Seat | None = None
    penalty: bool = False
    assigned: tuple[float, float] | None = None
    damaged: str = ""
    line: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        if self.tricks is not None and not 0 <= self.tricks <= 13:
            raise RulesError(f"a result of {self.tricks} tricks is impossible: expected 0..13")
        if self.contract is not None and not isinstance(self.contract, Contract):
            raise ValueError(f"contract {self.contract!r} is not a Contract: expected Contract.parse('4S')")
        if self.weighted is not None and (self.artificial is not None or self.score_ns is not None):
            raise RulesError("a weighted score replaces the table's result: expected no score_ns and no artificial "
                             "score beside it")
        for name in ("players", "member_ids", "theirs"):  # the reader gives tuples: nothing to copy
            if type(getattr(self, name)) is not tuple:
                self._init_field(name, tuple(getattr(self, name)))  # type: ignore[attr-defined]

    @property
    def in_match(self) -> bool:
        """A row of a teams match: it names its room, or its home and visiting teams."""
        return bool(self.room or self.home or self.visit)

    @property
    def scored(self) -> bool:
        """A real result with a score, compared with the others on the board."""
        return self.score_ns is not None and self.artificial is None and not self.not_played

    @property
    def compared(self) -> bool:
        """A result compared with the others: a played score or a weighted one (not artificial)."""
        return self.scored or (self.weighted is not None and not self.not_played)

    def their(self, column: str) -> str | None:
        for name, value in self.theirs:
            if name == column:
                return value
        return None


#: the object of the rarely used fields that every result leaving them all at their defaults shares
_PLAIN_RARE = TableResult._plain_rare  # type: ignore[attr-defined]
_RARE = attrgetter("_rare")


def id_key(ident: str) -> tuple[int, int | str]:
    """The order of pair, team, player, table or round ids: numbers by value, then the rest by name.

    >>> sorted(["10", "2", "B", "1", "A"], key=id_key)
    ['1', '2', '10', 'A', 'B']
    """
    return (0, int(ident)) if ident.isascii() and ident.isdigit() else (1, ident)


def plain_results(results: Sequence[TableResult]) -> bool:
    """Whether every result is a plain ScoreTable row: no room, teams, players, names, lead,
    artificial or weighted score, auction, play or notes, played, its score the file's -- every field
    but those a result keeps in its own slots at its default. One look at the object such results
    share (:func:`~rules_ext.events.fastbuild.compact`) tells, where asking each field would take ten."""
    return list(map(_RARE, results)).count(_PLAIN_RARE) == len(results)  # count: by identity first


@dataclass(frozen=True, slots=True)
class Board:
    """A board of the event and all its results.

    ``dealer`` and ``vulnerability`` are as the file says (checked against the board number; a
    mismatch is reported as a problem); ``deal`` is a core ``Deal`` or None when the file has none
    (results-only files); ``optimum_score`` and ``par_contract`` are as in the file ('' if absent);
    ``double_dummy`` maps (declarer, strain) to tricks, from DoubleDummyTricks or an
    OptimumResultTable. ``results`` in file order. ``theirs``: figures the file gives for the
    board as a whole, ``(name, text)`` pairs, for comparison (``Datum``: USEBIO's ``BOARD_AVERAGE``,
    the Butler datum).
    """

    number: int
    dealer: Seat | None
    vulnerability: Vulnerability | None
    deal: Deal | None = None
    results: tuple[TableResult, ...] = ()
    optimum_score: str = ""
    par_contract: str = ""
    double_dummy: tuple[tuple[Seat, Strain, int], ...] = ()
    line: int = field(default=0, compare=False)
    theirs: tuple[tuple[str, str], ...] = ()  # after ``line``: readers pass ``line`` by position

    def __post_init__(self) -> None:
        if isinstance(self.number, bool) or not isinstance(self.number, int) or self.number < 1:
            raise RulesError(f"board number {self.number!r} is not a positive whole number: expected e.g. 1")
        object.__setattr__(self, "results", tuple(self.results))
        object.__setattr__(self, "double_dummy", tuple(self.double_dummy))
        object.__setattr__(self, "theirs", tuple(self.theirs))

    def their(self, name: str) -> str | None:
        return next((value for key, value in self.theirs if key == name), None)

    def dd_tricks(self, declarer: Seat, strain: Strain) -> int | None:
        for seat, st, tricks in self.double_dummy:
            if seat is declarer and st is strain:
                return tricks
        return None


@dataclass(frozen=True, slots=True)
class Participant:
    """A pair, team or player: ``id`` as the file writes it, ``names`` (may be ''), and
    ``direction`` 'NS' or 'EW' when it sat the same way on every board it played, else ''."""

    id: str
    names: str = ""
    direction: str = ""


@dataclass(frozen=True, slots=True)
class Event:
    """A PBN file read: the games (lossless) and the event they describe.

    - ``games``: every game as tags and section lines, values as written except that the reader
      puts known values in export spelling (``3N`` -> ``3NT``, ``x`` -> ``X``, ``Both`` -> ``All``,
      the Deal starting with the dealer); ``header``: the file's ``%`` lines other than the version,
      ``EXPORT`` and ``Content-type`` lines, which the writer regenerates; ``trailer``: comment and
      ``%`` lines after the last game.
    - ``name``, ``site``, ``date``, ``scoring`` (the Scoring tag, or the META ScoringType),
      ``kind`` (:class:`EventKind`), ``boards`` (:class:`Board`, by number), ``participants``
      (:class:`Participant`), ``totals`` (the file's TotalScoreTable, a ``Table``, or None),
      ``meta``: ``(name, content)`` of each ``% <META ...>`` line; ``match_totals``: the file's own
      figures per teams match (USEBIO's MATCH: a Table with ``Round``, ``Home``, ``Visit``,
      ``VP_Home``, ``VP_Visit``), or None.
    - Not part of ``==``: ``source`` (file name), ``encoding`` (detected or given: utf-8,
      utf-8-sig, ascii, iso-8859-1, gb18030), ``newline`` ('\\r\\n' or '\\n'), ``version`` (of the
      ``% PBN`` line, '' if none), ``declared_charset`` and ``problems`` (each a ``PBNError``: file,
      line, problem); ``meta_lines``: the line of each ``meta`` entry (0 when not known);
      ``left_out``: the numbers of the boards left out because of their problems
      (see :func:`rules_ext.events.pbn.reader.leave_out_bad_boards`), named by every output.
    """

    games: tuple[Game, ...]
    header: tuple[str, ...] = ()
    trailer: tuple[str, ...] = ()
    name: str = ""
    site: str = ""
    date: str = ""
    scoring: str = ""
    kind: EventKind = EventKind.PAIRS
    boards: tuple[Board, ...] = ()
    participants: tuple[Participant, ...] = ()
    totals: Table | None = None
    meta: tuple[tuple[str, str], ...] = ()
    match_totals: Table | None = None
    source: str = field(default="<text>", compare=False)
    encoding: str = field(default="utf-8", compare=False)
    newline: str = field(default="\r\n", compare=False)
    version: str = field(default="", compare=False)
    declared_charset: str = field(default="", compare=False)
    problems: tuple[PBNError, ...] = field(default=(), compare=False)
    meta_lines: tuple[int, ...] = field(default=(), compare=False)
    left_out: tuple[int, ...] = field(default=(), compare=False)
    #: what was read otherwise than written and kept (a damaged cell: the file's score kept), one line each
    warnings: tuple[PBNError, ...] = field(default=(), compare=False)
    #: the problem that says a second event (or segment) begins in the file, also in ``problems``;
    #: ``segments``: the games, boards and results of each segment (each keyed by its own board
    #: numbers); ``later_problems``/``later_warnings``: those of the segments after the first
    second_event: PBNError | None = field(default=None, compare=False)
    segments: tuple[tuple[int, int, int], ...] = field(default=(), compare=False)
    later_problems: tuple[PBNError, ...] = field(default=(), compare=False)
    later_warnings: tuple[PBNError, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        for name in ("games", "header", "trailer", "boards", "participants", "meta", "problems", "meta_lines",
                     "left_out", "warnings", "segments", "later_problems", "later_warnings"):
            object.__setattr__(self, name, tuple(getattr(self, name)))

    @property
    def left_out_note(self) -> str:
        """The line every output prints when boards were left out because of problems ('' if none)."""
        if not self.left_out:
            return ""
        return f"Boards left out (problems in the file): {', '.join(map(str, self.left_out))}"

    def board(self, number: int) -> Board | None:
        for board in self.boards:
            if board.number == number:
                return board
        return None

    def participant(self, ident: str) -> Participant | None:
        for p in self.participants:
            if p.id == ident:
                return p
        return None

    def names_of(self, ident: str) -> str:
        p = self.participant(ident)
        return p.names if p else ""
