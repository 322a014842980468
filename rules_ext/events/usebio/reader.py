"""USEBIO results XML (the EBU's exchange format, 1.0 to 1.2) read into the event model a PBN file
gives, so that ``compute_results`` scores it and compares the file's own figures (the XML itself:
:mod:`~rules_ext.events.usebio.elements`; writing 1.2: :mod:`~rules_ext.events.usebio.writer`).

The method comes from ``EVENT_TYPE``, ``BOARD_SCORING_METHOD`` / ``SCORING_METHOD`` and the figures
the lines carry (a Butler file's ``BOARD_AVERAGE`` is kept as the board's datum). Teams (``MATCH``
elements) read into the PBN teams model: a team known by its TEAM_NAME, ``home``/``visit`` the MATCH's
TEAM and OPPOSING_TEAM, the room Open where the home team sits North-South; a line's room is its
DIRECTION, else its pair numbers when they are one team's only, else the other room's, else the
order; ``MATCH_SCORING_METHOD`` ``VPS``, or ``PAB``/``BAM`` (point-a-board: board points), else refused.
Sections (``SESSION/SECTION``) tag their results and pairs (``A1NS``) for the scoring to compare. The
quirks of real exports — Compscore3's ``A6040`` scores and ``1NS`` pair numbers, salliere's floats,
missing contracts and ``SCORE 0.0`` artificial results — are read where they occur; each is said
in the 使用说明's 成绩的计算 (source/manual/scoring.rst).
"""
from __future__ import annotations

import functools
import os
import re
from collections import defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path

from rules_ext.core import Contract, ContractError, Deal, DealError, Hand, Seat, board_conditions, ns_score
from rules_ext.events.errors import PBNError
from rules_ext.events.model import Artificial, Board, Event, EventKind, Participant, TableResult, id_key
from rules_ext.events.pbn.tables import Column, Table
from rules_ext.events.usebio.elements import Node, is_xml, parse_xml

__all__ = ["MAX_BYTES", "is_xml", "read_usebio", "split_pair", "usebio_pair_key"]

#: EVENT_TYPE / scoring words -> the Scoring text compute_results reads (PBN vocabulary)
_MATCHPOINTS, _CROSS_IMPS, _BUTLER = "MP1", "IMP;Cross;Average", "IMP;Butler"
_METHOD_WORDS = {
    "MP_PAIRS": _MATCHPOINTS, "MATCH_POINTS": _MATCHPOINTS, "MATCHPOINTS": _MATCHPOINTS,
    "CROSS_IMP": _CROSS_IMPS, "CROSS_IMPS": _CROSS_IMPS, "CROSS_IMP_PAIRS": _CROSS_IMPS,
    "BUTLER_PAIRS": _BUTLER, "BUTLER": _BUTLER, "BUTLER_IMPS": _BUTLER,
}
#: MATCH_SCORING_METHOD of point-a-board (board-a-match) teams, as written with _ and - dropped
_POINT_A_BOARD = frozenset({"PAB", "BAM", "POINTABOARD", "BOARDAMATCH"})
_TEAMS = frozenset({"TEAMS", "TEAMS_OF_FOUR", "SWISS_TEAMS", "KO", "TEAMS_IMP", "PIVOT_TEAMS", "HEAD_TO_HEAD",
                    "MULTI_TEAMS"})
#: the file's per-line figures, by method: (NS element, EW element) -> the model's column pair
_LINE_FIGURES = {
    _MATCHPOINTS: (("NS_MATCH_POINTS", "MP_NS"), ("EW_MATCH_POINTS", "MP_EW")),
    _CROSS_IMPS: (("NS_CROSS_IMP_POINTS", "IMP_NS"), ("EW_CROSS_IMP_POINTS", "IMP_EW"),
                  ("NS_MATCH_POINTS", "IMP_NS"), ("EW_MATCH_POINTS", "IMP_EW")),
    _BUTLER: (("NS_BUTLER_POINTS", "IMP_NS"), ("EW_BUTLER_POINTS", "IMP_EW"),
              ("NS_MATCH_POINTS", "IMP_NS"), ("EW_MATCH_POINTS", "IMP_EW")),
}
_PAIR_NUMBER = re.compile(r"^\s*([0-9A-Za-z]*?[0-9]+)\s*(NS|EW|N-S|E-W|N|E)?\s*$", re.IGNORECASE)
_DIRECTIONS = {"NS": "NS", "N-S": "NS", "N": "NS", "EW": "EW", "E-W": "EW", "E": "EW"}
_ARTIFICIAL = re.compile(r"^A(\d{2,3})(\d{2})$", re.IGNORECASE)  # Compscore: A6040 = NS 60 %, EW 40 %
_DATE = re.compile(r"^\s*(\d{1,2})[/.](\d{1,2})[/.](\d{4})\s*$")    # Compscore DD/MM/YYYY
_ISO_DATE = re.compile(r"^\s*(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\s*$")
_SEAT_NAMES = {"North": Seat.N, "East": Seat.E, "South": Seat.S, "West": Seat.W}
SUIT_ELEMENTS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")
_SALLIERE_PERCENTAGES = (40.0, 50.0, 60.0)


@dataclass(slots=True)
class _Reader:
    source: str
    problems: list[PBNError] = field(default_factory=list)
    warnings: list[PBNError] = field(default_factory=list)  # damaged cells kept with the file's score

    def problem(self, line: int, message: str) -> None:
        self.problems.append(PBNError(message, source=self.source, line=line))

    def fail(self, line: int, message: str) -> PBNError:
        return PBNError(message, source=self.source, line=line)

    # ...................................................................... the event
    def event(self, root: Node) -> Event:
        if root.tag != "USEBIO":
            raise self.fail(root.line, f"not a USEBIO file: the root element is <{root.tag}>, expected "
                                       f"<USEBIO Version=\"1.2\">")
        version = root.attrs.get("Version", "").strip()
        event = root.child("EVENT")
        if event is None:
            raise self.fail(root.line, "USEBIO file without <EVENT>: expected <EVENT EVENT_TYPE=\"MP_PAIRS\"> "
                                       "with PARTICIPANTS and BOARD elements")
        kind = (event.attrs.get("EVENT_TYPE", "") or event.value("EVENT_TYPE")).upper()
        if kind in _TEAMS or event.descendants("MATCH", frozenset({"PARTICIPANTS", "BOARD"})):
            return self.teams_event(root, event, kind, version)
        scoring = self.method(event)
        parts = _sections(event)
        if not any(boards for _, _, boards in parts):
            self.problem(event.line, "<EVENT> without <BOARD>: expected a BOARD with BOARD_NUMBER and "
                                     "TRAVELLER_LINE elements")
        prefixed = _numbers_shared(parts)  # pairs numbered from 1 in each section: the section names them
        hands = {n: h for node in root.all("HANDSET") for n, h in self.handset(node).items()}
        by_number: dict[int, Board] = {}
        section_ids = []
        for section, pairs, boards in parts:
            ids = _Ids.read(pairs, section if prefixed else "")
            section_ids.append((section, pairs, ids))
            for node in boards:
                board = self.board(node, scoring, ids, hands, section)
                if board is None:
                    continue
                known = by_number.get(board.number)  # the same board played in another section
                by_number[board.number] = board if known is None else replace(
                    known, results=known.results + board.results, theirs=known.theirs or board.theirs)
        read_boards = sorted(by_number.values(), key=lambda b: b.number)
        participants, totals = self.pairs(section_ids, scoring, read_boards)
        club = root.child("CLUB")
        return Event(
            games=(), name=event.value("TITLE") or event.value("EVENT_DESCRIPTION"),
            site=event.value("VENUE") or (club.value("CLUB_NAME") if club is not None else ""),
            date=_date(event.value("DATE")), scoring=scoring, kind=EventKind.PAIRS, boards=tuple(read_boards),
            participants=participants, totals=totals,
            meta=(("EventType", event.attrs.get("EVENT_TYPE", "") or event.value("EVENT_TYPE")), *_club(club),
                  *_declared(event)),
            source=self.source, version=f"USEBIO {version}".strip(),
            problems=tuple(sorted(self.problems, key=lambda p: p.line)),
            warnings=tuple(sorted(self.warnings, key=lambda p: p.line)))

    def method(self, event: Node) -> str:
        """The Scoring text of the event, from its type and scoring method elements."""
        kind = (event.attrs.get("EVENT_TYPE", "") or event.value("EVENT_TYPE")).upper()
        said = [event.value(tag).upper() for tag in ("BOARD_SCORING_METHOD", "PAIRWISE_SCORING_METHOD")]
        for word in [*said, kind]:
            if word in _METHOD_WORDS:
                return _METHOD_WORDS[word]
        if event.descendants("NS_BUTLER_POINTS") or event.descendants("BOARD_AVERAGE"):
            return _BUTLER
        if event.descendants("NS_CROSS_IMP_POINTS"):
            return _CROSS_IMPS
        if kind in ("PAIRS", "") and event.value("SCORING_METHOD").upper() not in ("IMPS", "IMP"):
            return _MATCHPOINTS
        raise self.fail(event.line, f"unknown USEBIO scoring: EVENT_TYPE {kind!r}, SCORING_METHOD "
                                    f"{event.value('SCORING_METHOD')!r}: expected MP_PAIRS, CROSS_IMP or BUTLER_PAIRS")

    # ...................................................................... teams
    def teams_event(self, root: Node, event: Node, kind: str, version: str) -> Event:
        """A teams event: the TEAMs of PARTICIPANTS, and each MATCH's boards with a TRAVELLER_LINE
        per room (see the module doc)."""
        match_scoring = event.value("MATCH_SCORING_METHOD").upper()
        point_a_board = match_scoring.replace("_", "").replace("-", "") in _POINT_A_BOARD
        if match_scoring not in ("", "VPS", "VP", "VICTORY_POINTS") and not point_a_board:
            raise self.fail(event.line, f"USEBIO teams scored by MATCH_SCORING_METHOD {match_scoring!r} are not "
                                        f"read: expected VPS (each match converted to victory points) or PAB "
                                        f"(point-a-board)")
        matches = event.descendants("MATCH", frozenset({"PARTICIPANTS", "BOARD"}))
        if not matches:
            raise self.fail(event.line, f"USEBIO teams event (EVENT_TYPE {kind!r}) without <MATCH>: expected "
                                        f"<MATCH> elements with TEAM, OPPOSING_TEAM and BOARD")
        teams = _Teams.read(self, event.descendants("TEAM", frozenset({"MATCH", "BOARD"})))
        hands = {n: h for node in root.all("HANDSET") for n, h in self.handset(node).items()}
        results: dict[int, list[TableResult]] = defaultdict(list)
        first: dict[int, Node] = {}
        rows: list[tuple[str, ...]] = []
        lines: list[int] = []
        for match in matches:
            row = self.match(match, teams, first, results)
            if row is not None:
                rows.append(row)
                lines.append(match.line)
        boards = []
        for number in sorted(first):
            dealer, vulnerability = board_conditions(number)
            deal = hands.get(number) or self.deal(first[number], number)
            boards.append(Board(number, dealer, vulnerability, deal, tuple(results[number]), line=first[number].line))
        club = root.child("CLUB")
        match_totals = Table("MatchTable", tuple(Column(c) for c in ("Round", "Home", "Visit", "VP_Home", "VP_Visit")),
                             tuple(rows), tuple(lines)) if rows else None
        return Event(
            games=(), name=event.value("TITLE") or event.value("EVENT_DESCRIPTION"),
            site=event.value("VENUE") or (club.value("CLUB_NAME") if club is not None else ""),
            date=_date(event.value("DATE")),
            scoring="PAB" if point_a_board else event.value("BOARD_SCORING_METHOD") or "IMPS",
            kind=EventKind.TEAMS, boards=tuple(boards), participants=teams.participants(), totals=teams.totals(),
            meta=(("EventType", kind), *_club(club)), match_totals=match_totals, source=self.source,
            version=f"USEBIO {version}".strip(), problems=tuple(sorted(self.problems, key=lambda p: p.line)),
            warnings=tuple(sorted(self.warnings, key=lambda p: p.line)))

    def match(self, node: Node, teams: _Teams, first: dict[int, Node], results: dict[int, list[TableResult]]
              ) -> tuple[str, ...] | None:
        """Read one MATCH into ``results`` (by board); its row of the file's match figures."""
        home_ref, visit_ref = node.value("TEAM"), node.value("OPPOSING_TEAM")
        if not home_ref or not visit_ref:
            missing = "TEAM" if not home_ref else "OPPOSING_TEAM"
            self.problem(node.line, f"<MATCH> without <{missing}>: expected the TEAM_ID of both teams, e.g. "
                                    f"<TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>")
            return None
        home, visit = teams.name(home_ref), teams.name(visit_ref)
        round_ = node.value("ROUND_NUMBER")
        for board in node.all("BOARD"):
            text = board.value("BOARD_NUMBER")
            number = _whole(text)
            if number is None or number < 1:
                self.problem(board.line, f"<MATCH> {home} v {visit}: <BOARD> with BOARD_NUMBER {text!r}: expected "
                                         f"<BOARD_NUMBER>1</BOARD_NUMBER>")
                continue
            first.setdefault(number, board)
            results[number].extend(self.rooms(board, number, home, visit, round_, teams))
        return round_ or "-", home, visit, node.value("TEAM_SCORE") or "-", node.value("OPPOSING_TEAM_SCORE") or "-"

    def rooms(self, node: Node, number: int, home: str, visit: str, round_: str, teams: _Teams) -> list[TableResult]:
        """The results of both rooms of a match's board. The room where the home team (the MATCH's
        TEAM) sits North-South is told by DIRECTION (the TEAM's direction), else by the pair numbers
        when they belong to one team only, else by the other room, else by order (the first line)."""
        lines = node.all("TRAVELLER_LINE")
        if len(lines) > 2:
            self.problem(lines[2].line, f"board {number}: {len(lines)} TRAVELLER_LINEs in the match {home} v "
                                        f"{visit}: expected one per room, two")
            lines = lines[:2]
        sides = [teams.home_sits(line, home, visit) for line in lines]
        if len(sides) == 2 and (sides[0] is None) != (sides[1] is None):
            known = sides[0] if sides[0] is not None else sides[1]
            sides = [not known if side is None else side for side in sides]
        home_ns = [index == 0 if side is None else side for index, side in enumerate(sides)]
        if len(home_ns) == 2 and home_ns[0] == home_ns[1]:
            self.problem(lines[1].line, f"board {number}: {home} sits {'NS' if home_ns[0] else 'EW'} in both rooms "
                                        f"of the match with {visit}: expected DIRECTION NS in one room, EW in the other")
            return []
        imps = node.value("IMPS")
        skeleton = Board(number, *board_conditions(number))
        out = []
        for line, at_ns in zip(lines, home_ns):
            ns, ew = (home, visit) if at_ns else (visit, home)
            theirs = (("IMP_NS" if at_ns else "IMP_EW", imps),) if imps and (at_ns or True not in home_ns) else ()
            make = functools.partial(
                TableResult, number, ns, ew, round=round_, room="Open" if at_ns else "Closed", home=home,
                visit=visit, names_ns=teams.pair_names(ns, line.value("NS_PAIR_NUMBER")),
                names_ew=teams.pair_names(ew, line.value("EW_PAIR_NUMBER")), lead=_lead(line.value("LEAD")),
                theirs=theirs, line=line.line)
            if (r := self.played(line, skeleton, make)) is not None:
                out.append(r)
        return out

    # ...................................................................... boards
    def handset(self, node: Node) -> dict[int, Deal]:
        deals = {}
        for board in node.all("BOARD"):
            number = _whole(board.value("BOARD_NUMBER"))
            deal = self.deal(board, number)
            if number is not None and deal is not None:
                deals[number] = deal
        return deals

    def deal(self, board: Node, number: int | None) -> Deal | None:
        hands = board.all("HAND")
        if not hands:
            return None
        by_seat: dict[Seat, Hand] = {}
        for hand in hands:
            direction = hand.value("DIRECTION")
            seat = _SEAT_NAMES.get(direction.capitalize()) if direction else None
            try:
                seat = seat or Seat.parse(direction)
                by_seat[seat] = Hand.parse(".".join(hand.value(suit).replace("10", "T").replace("-", "")
                                                    for suit in SUIT_ELEMENTS))
            except DealError as exc:
                self.problem(hand.line, f"board {number}: cannot read <HAND>: {exc}")
                return None
        missing = [s.name for s in Seat if s not in by_seat]
        if missing:
            self.problem(board.line, f"board {number}: <HAND> missing for {', '.join(missing)}: expected four "
                                     f"HAND elements with DIRECTION North, East, South, West")
            return None
        try:
            return Deal.from_hands(by_seat)
        except DealError as exc:
            self.problem(board.line, f"board {number}: {exc}")
            return None

    def board(self, node: Node, scoring: str, ids: _Ids, hands: dict[int, Deal], section: str = "") -> Board | None:
        text = node.value("BOARD_NUMBER")
        number = _whole(text)
        if number is None or number < 1:
            self.problem(node.line, f"<BOARD> with BOARD_NUMBER {text!r}: expected "
                                    f"<BOARD_NUMBER>1</BOARD_NUMBER>" if text else
                                    "<BOARD> without <BOARD_NUMBER>: expected <BOARD_NUMBER>1</BOARD_NUMBER>")
            return None
        dealer, vulnerability = board_conditions(number)
        deal = hands.get(number) or self.deal(node, number)
        skeleton = Board(number, dealer, vulnerability, deal, line=node.line)
        results = [r for line in node.all("TRAVELLER_LINE")
                   if (r := self.result(line, skeleton, scoring, ids, section)) is not None]
        if scoring == _MATCHPOINTS:
            results = _salliere_artificial(results)
        average = node.value("BOARD_AVERAGE")
        return Board(number, dealer, vulnerability, deal, tuple(results), line=node.line,
                     theirs=(("Datum", average),) if average else ())

    def result(self, node: Node, board: Board, scoring: str, ids: _Ids, section: str = "") -> TableResult | None:
        number = board.number
        ns_text, ew_text = node.value("NS_PAIR_NUMBER"), node.value("EW_PAIR_NUMBER")
        if not ns_text or not ew_text:
            missing = "NS_PAIR_NUMBER" if not ns_text else "EW_PAIR_NUMBER"
            self.problem(node.line, f"board {number}: <TRAVELLER_LINE> without <{missing}>: expected the pair "
                                    f"numbers, e.g. <NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>")
            return None
        theirs: list[tuple[str, str]] = []
        for element, column in _LINE_FIGURES[scoring]:
            value = node.value(element)
            if value and column not in (c for c, _ in theirs):
                theirs.append((column, value))
        make = functools.partial(TableResult, number, ids.id(ns_text, "NS"), ids.id(ew_text, "EW"),
                                 lead=_lead(node.value("LEAD")), theirs=tuple(theirs), line=node.line,
                                 section=section)
        return self.played(node, board, make)

    def played(self, node: Node, board: Board, make: functools.partial[TableResult]) -> TableResult | None:
        """The result of a TRAVELLER_LINE (score, contract, declarer, tricks; artificial scores),
        ``make`` giving the rest of the TableResult; None (and a problem) when it cannot be read."""
        number = board.number
        score_text = node.value("SCORE")
        if Artificial.looks_like(score_text):
            match = _ARTIFICIAL.match(score_text)
            try:
                artificial = (Artificial(score_text, float(match[1]), float(match[2])) if match
                              else Artificial.parse(score_text))
            except ValueError as exc:
                self.problem(node.line, f"board {number}: {exc}")
                return None
            return make(artificial=artificial)
        score: int | None = None
        if score_text:
            try:
                score = round(float(score_text))
            except ValueError:
                self.problem(node.line, f"board {number}: cannot read SCORE {score_text!r}: expected a score "
                                        f"such as 420 or -150.0, or an artificial score such as A6040")
                return None
        contract_text = node.value("CONTRACT")
        if not contract_text:
            return make(score_ns=score, not_played=score is None)
        try:
            contract = Contract.parse(contract_text)
        except ContractError as exc:
            if score is None:
                self.problem(node.line, f"board {number}: {exc}")
                return None
            # a damaged CONTRACT with the program's own SCORE: kept with its score and figures, said once
            self.warnings.append(PBNError(f"board {number}: {exc}, the file's score kept", source=self.source,
                                          line=node.line))
            given = dict(make.keywords.get("theirs", ()))
            pairs = [(given.get(f"{u}_NS"), given.get(f"{u}_EW")) for u in ("MP", "IMP")]
            found = next(((float(a), float(b)) for a, b in pairs if a and b and _number(a) and _number(b)), None)
            return make(score_ns=score, damaged=contract_text, assigned=found)
        if contract.is_passed_out:
            return make(contract=contract, score_ns=0 if score is None else score,
                        score_computed=score is None)
        declarer_text, tricks_text = node.value("PLAYED_BY"), node.value("TRICKS")
        try:
            declarer = Seat.parse(declarer_text) if declarer_text else None
        except DealError as exc:
            self.problem(node.line, f"board {number}: {exc}")
            return None
        tricks = _whole(tricks_text)
        if tricks_text and (tricks is None or not 0 <= tricks <= 13):
            self.problem(node.line, f"board {number}: cannot read TRICKS {tricks_text!r}: expected the tricks "
                                    f"taken by declarer, 0..13")
            return None
        computed = False
        if score is None and declarer is not None and tricks is not None and board.vulnerability is not None:
            score, computed = ns_score(contract, declarer, tricks, board.vulnerability), True
        return make(contract=contract, declarer=declarer, tricks=tricks, score_ns=score,
                    score_computed=computed)

    # ...................................................................... pairs
    def pairs(self, sections: list[tuple[str, list[Node], _Ids]], scoring: str, boards: list[Board]
              ) -> tuple[tuple[Participant, ...], Table | None]:
        """The pairs of every section (``(section, its PAIR elements, how its numbers become ids)``)
        and the file's totals of them (a TotalScoreTable: a Section column when there are sections,
        the masterpoints when the file awards any)."""
        seated: dict[str, set[str]] = {}
        for board in boards:
            for r in board.results:
                seated.setdefault(r.ns, set()).add("NS")
                seated.setdefault(r.ew, set()).add("EW")
        participants = []
        rows = []
        lines = []
        given: dict[str, tuple[int, str]] = {}  # id -> the line and names of the PAIR that has it
        total_column = "TotalScoreMP" if scoring == _MATCHPOINTS else "TotalScoreIMP"
        named = len(sections) > 1
        awarded = any(_masterpoints(node)[0] for _, nodes, _ in sections for node in nodes)
        for section, node, ids in ((section, node, ids) for section, nodes, ids in sections for node in nodes):
            text = node.value("PAIR_NUMBER")
            if not text:
                self.problem(node.line, "<PAIR> without <PAIR_NUMBER>: expected e.g. <PAIR_NUMBER>1</PAIR_NUMBER>")
                continue
            ident = ids.id(text, _direction(node.value("DIRECTION")))
            names = " - ".join(n for p in node.all("PLAYER") if (n := p.value("PLAYER_NAME")))
            if ident in given:  # one number for two pairs: whose results are whose cannot be told
                line, first = given[ident]
                self.problem(node.line, f'pair {ident} is given to two pairs: "{first}" at line {line} and "{names}" '
                                        f"here: expected one PAIR_NUMBER for each pair" if names != first else
                                        f"pair {ident} is listed twice in PARTICIPANTS (also at line {line}): "
                                        f"expected each pair once")
                continue
            given[ident] = (node.line, names)
            sides = seated.get(ident, set())
            direction = next(iter(sides)) if len(sides) == 1 else ""
            participants.append(Participant(ident, names, direction))
            total, percentage = node.value("TOTAL_SCORE"), node.value("PERCENTAGE")
            if scoring != _MATCHPOINTS and not total:  # salliere: the IMP total stands in PERCENTAGE
                total, percentage = percentage, ""
            rows.append((ident, direction or "-", names or "-", total or "-", percentage or "-",
                         node.value("PLACE") or "-") + ((section or "-",) if named else ())
                        + (tuple(value or "-" for value in _masterpoints(node)) if awarded else ()))
            lines.append(node.line)
        participants.sort(key=lambda p: usebio_pair_key(p.id))
        if not rows:
            return tuple(participants), None
        columns = tuple(Column(name) for name in ("PairId", "Direction", "Names", total_column, "TotalPercentage",
                                                  "Rank", *(("Section",) if named else ()),
                                                  *(_MASTERPOINT_COLUMNS if awarded else ())))
        return tuple(participants), Table("TotalScoreTable", columns, tuple(rows), tuple(lines))


#: the masterpoints of a pair or team as the TotalScoreTable carries them
_MASTERPOINT_COLUMNS = ("MasterPoints", "MasterPointType")


def _masterpoints(node: Node) -> tuple[str, str]:
    """The masterpoints the file awards a PAIR or TEAM (``MASTER_POINTS/MASTER_POINTS_AWARDED`` and
    ``MASTER_POINT_TYPE``, or the awarded figure directly under it; else its players', joined), as
    written: the unit is the national body's (whole points, hundredths, ...), never converted."""
    block = node.child("MASTER_POINTS")
    points = block.value("MASTER_POINTS_AWARDED") if block is not None else node.value("MASTER_POINTS_AWARDED")
    kind = block.value("MASTER_POINT_TYPE") if block is not None else node.value("MASTER_POINT_TYPE")
    if not points:
        given = [(b.value("MASTER_POINTS_AWARDED"), b.value("MASTER_POINT_TYPE"))
                 for p in node.all("PLAYER") if (b := p.child("MASTER_POINTS")) is not None]
        points = " / ".join(a for a, _ in given if a)
        kind = kind or next((t for a, t in given if t), "")
    return points, kind


def _sections(event: Node) -> list[tuple[str, list[Node], list[Node]]]:
    """The sections of a pairs event, each ``(SECTION_ID, its PAIR elements, its BOARD elements)``
    (``SESSION/SECTION``, as Compscore and the EBU's scorers nest them; a section without PAIRs
    shares the event's); one ``("", pairs, boards)`` when the file has one section or none."""
    found = event.descendants("SECTION", frozenset({"BOARD", "PARTICIPANTS", "MATCH"}))
    every_pair = event.descendants("PAIR", frozenset({"BOARD"}))
    named = [(node.attrs.get("SECTION_ID", "").strip() or node.value("SECTION_ID"), node) for node in found]
    if len({name for name, _ in named}) < 2:
        return [("", every_pair, event.descendants("BOARD", frozenset({"PARTICIPANTS"})))]
    inside = {id(p) for _, node in named for p in node.descendants("PAIR", frozenset({"BOARD"}))}
    shared = [p for p in every_pair if id(p) not in inside]
    return [(name or str(index + 1), node.descendants("PAIR", frozenset({"BOARD"})) or shared,
             node.descendants("BOARD", frozenset({"PARTICIPANTS"}))) for index, (name, node) in enumerate(named)]


def _numbers_shared(parts: list[tuple[str, list[Node], list[Node]]]) -> bool:
    """Whether two sections give the same pair number (each numbers its pairs from 1)."""
    seen: dict[tuple[str, str], str] = {}
    for section, pairs, _ in parts:
        for pair in pairs:
            number, direction = split_pair(pair.value("PAIR_NUMBER"))
            key = (number, direction or _direction(pair.value("DIRECTION")))
            if seen.setdefault(key, section) != section:
                return True
    return False


def _declared(event: Node) -> tuple[tuple[str, str], ...]:
    """What the file declares of its winners and sections (``WINNER_TYPE``: 1 one winner, 2 two,
    North-South and East-West; ``SECTION_COUNT``), as ``event.meta`` entries."""
    return tuple((name, value) for name, element in (("WinnerType", "WINNER_TYPE"), ("SectionCount", "SECTION_COUNT"))
                 if (value := event.value(element)))


def _club(club: Node | None) -> tuple[tuple[str, str], ...]:
    """The organising club (``CLUB/CLUB_NAME``, ``CLUB_ID_NUMBER``) as ``event.meta`` entries
    (``ClubName``, ``ClubIdNumber``), so that writing the event again keeps it."""
    if club is None:
        return ()
    return tuple((name, value) for name, element in (("ClubName", "CLUB_NAME"), ("ClubIdNumber", "CLUB_ID_NUMBER"))
                 if (value := club.value(element)))


@dataclass(slots=True)
class _Teams:
    """The teams of a USEBIO teams event. A team is known by its TEAM_NAME (by TEAM_ID when it has
    none; a name two teams share gets the id added), as a PBN file's HomeTeam/VisitTeam name them;
    MATCH elements refer to it by TEAM_ID."""

    ids: dict[str, str] = field(default_factory=dict)        # TEAM_ID or name -> the team
    players: dict[str, list[str]] = field(default_factory=dict)
    pairs: dict[tuple[str, str], str] = field(default_factory=dict)  # (team, PAIR_NUMBER) -> names
    rows: list[tuple[str, ...]] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)

    @classmethod
    def read(cls, reader: _Reader, nodes: list[Node]) -> _Teams:
        teams = cls()
        found = []
        for node in nodes:
            ref = node.value("TEAM_ID") or node.value("TEAM_NUMBER")
            name = node.value("TEAM_NAME") or ref
            if not name:
                reader.problem(node.line, '<TEAM> without TEAM_ID or TEAM_NAME: expected e.g. <TEAM TEAM_ID="1" '
                                          'TEAM_NAME="Lions">')
                continue
            found.append((node, ref, name))
        shared = {name for _, _, name in found if sum(1 for _, _, other in found if other == name) > 1}
        for node, ref, name in found:
            team = f"{name} ({ref})" if name in shared else name
            teams.ids[ref or name] = team
            players = [n for p in node.all("PLAYER") if (n := p.value("PLAYER_NAME"))]
            for pair in node.all("PAIR"):
                names = [n for p in pair.all("PLAYER") if (n := p.value("PLAYER_NAME"))]
                teams.pairs[(team, pair.value("PAIR_NUMBER"))] = " - ".join(names)
                players.extend(n for n in names if n not in players)
            teams.players[team] = players
            teams.rows.append((ref or "-", team, ", ".join(players) or "-", node.value("TOTAL_SCORE") or "-",
                               node.value("PLACE") or "-", *(value or "-" for value in _masterpoints(node))))
            teams.lines.append(node.line)
        for _, ref, name in found:  # a MATCH may name a team by its name too
            teams.ids.setdefault(name, teams.ids[ref or name])
        return teams

    def name(self, ref: str) -> str:
        return self.ids.get(ref, ref)

    def pair_names(self, team: str, number: str) -> str:
        return self.pairs.get((team, number), "") if number else ""

    def home_sits(self, line: Node, home: str, visit: str) -> bool | None:
        """Whether the home team sits NS on a TRAVELLER_LINE: its DIRECTION, else its pair numbers
        when they are one team's only; None when the line does not say."""
        direction = _direction(line.value("DIRECTION"))
        if direction:
            return direction == "NS"
        for element, at_ns in (("NS_PAIR_NUMBER", True), ("EW_PAIR_NUMBER", False)):
            number = line.value(element)
            mine, theirs = (home, number) in self.pairs, (visit, number) in self.pairs
            if number and mine != theirs:
                return at_ns if mine else not at_ns
        return None

    def participants(self) -> tuple[Participant, ...]:
        return tuple(Participant(team, ", ".join(players)) for team, players in self.players.items())

    def totals(self) -> Table | None:
        if not self.rows:
            return None
        columns = tuple(Column(c) for c in ("TeamId", "TeamName", "Names", "TotalScoreVP", "Rank",
                                            *_MASTERPOINT_COLUMNS))
        rows = self.rows
        if all(row[-2] == "-" for row in rows):  # no masterpoints awarded: the columns left out
            columns, rows = columns[:-2], [row[:-2] for row in rows]
        return Table("TotalScoreTable", columns, tuple(rows), tuple(self.lines))


@dataclass(frozen=True, slots=True)
class _Ids:
    """How the file's pair numbers become ids: the number alone, or with its direction (``1NS``,
    ``1EW``) when a Mitchell numbers both directions from 1."""

    with_direction: bool
    prefix: str = ""  # the section, when every section numbers its pairs from 1 (``A1NS``)

    @classmethod
    def read(cls, pairs: list[Node], prefix: str = "") -> _Ids:
        listed: dict[str, set[str]] = {}
        for pair in pairs:
            number, direction = split_pair(pair.value("PAIR_NUMBER"))
            direction = direction or _direction(pair.value("DIRECTION"))
            if direction:
                listed.setdefault(number, set()).add(direction)
        return cls(any(len(d) > 1 for d in listed.values()), prefix)

    def id(self, text: str, side: str) -> str:
        number, direction = split_pair(text)
        number = f"{self.prefix}{number}" if self.prefix and not number.startswith(self.prefix) else number
        return f"{number}{direction or side}" if self.with_direction and (direction or side) else number


def split_pair(text: str) -> tuple[str, str]:
    """A pair number and the direction it carries (Compscore's Mitchell ``15EW``): ``("15", "EW")``;
    ``("3", "")`` for a plain ``3``."""
    match = _PAIR_NUMBER.match(text)
    if not match:
        return text.strip(), ""
    return match[1], _DIRECTIONS.get((match[2] or "").upper(), "")


def _direction(text: str) -> str:
    return _DIRECTIONS.get(text.strip().upper(), "")


def _salliere_artificial(results: list[TableResult]) -> list[TableResult]:
    """salliere writes an artificial score as SCORE 0.0 without contract: such a line whose own
    matchpoints are 40/50/60 % of the top and not what a real 0 would earn is that artificial score."""
    lines = [r for r in results if not r.not_played]
    candidates = [r for r in lines if r.contract is None and r.score_ns == 0 and r.their("MP_NS") is not None]
    if not candidates or len(lines) < 2:
        return results
    top = 2.0 * (len(lines) - 1)
    real = [r.score_ns for r in lines if r.score_ns is not None and r not in candidates]
    replaced = {}
    for r in candidates:
        ns, ew = _float(r.their("MP_NS")), _float(r.their("MP_EW"))
        if ns is None or ew is None:
            continue
        pct_ns, pct_ew = 100 * ns / top, 100 * ew / top
        if not all(any(abs(p - q) < 0.01 for q in _SALLIERE_PERCENTAGES) for p in (pct_ns, pct_ew)):
            continue
        beaten = sum(1 for s in real if s < 0)
        tied = sum(1 for s in real if s == 0) + len(candidates) - 1
        if real and abs((2 * beaten + tied + 1) * len(lines) / (len(real) + 1) - 1 - ns) < 0.01:
            continue  # exactly what a pass-out earns: a pass-out
        marker = f"A{round(pct_ns)}{round(pct_ew)}"
        replaced[id(r)] = TableResult(r.board, r.ns, r.ew, artificial=Artificial(marker, float(round(pct_ns)), float(round(pct_ew))),
                                      lead=r.lead, theirs=r.theirs, line=r.line)
    return [replaced.get(id(r), r) for r in results]


def _float(text: str | None) -> float | None:
    try:
        return None if text is None else float(text)
    except ValueError:
        return None


def _whole(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() else None


_SECTION_NUMBER = re.compile(r"^([A-Za-z]+)(\d+)$")


def usebio_pair_key(ident: str) -> tuple[int, int | str, str]:
    """The order of USEBIO pair numbers: by number, then direction (``1NS``, ``1EW``, ``2NS``);
    numbers a section names by number within it (``A2``, ``A10``, ``B1``)."""
    number, direction = split_pair(ident)
    key = id_key(number)
    if key[0] == 0:
        return (*key, direction)
    sectioned = _SECTION_NUMBER.match(number)
    if sectioned:
        return (1, f"{sectioned[1]}{int(sectioned[2]):06d}", direction)
    return (1, ident, "")


def _date(text: str) -> str:
    """A USEBIO date in PBN's YYYY.MM.DD: ``DD/MM/YYYY`` (Compscore) or ``YYYY-MM-DD`` (salliere)."""
    if (m := _DATE.match(text)):
        return f"{m[3]}.{int(m[2]):02d}.{int(m[1]):02d}"
    if (m := _ISO_DATE.match(text)):
        return f"{m[1]}.{int(m[2]):02d}.{int(m[3]):02d}"
    return text


def _lead(text: str) -> str:
    """A USEBIO lead (rank first: ``2H``, ``AC``, ``10S``) in PBN's spelling (suit first: ``H2``)."""
    text = text.strip().upper()
    if len(text) >= 2 and text[-1] in "SHDC":
        rank = "T" if text[:-1] == "10" else text[:-1]
        return f"{text[-1]}{rank}"
    return text


#: the largest file read unless the caller says otherwise (a USEBIO file of a big congress is a few MB)
MAX_BYTES = 64 * 2**20


def _check_size(size: int, max_bytes: int | None, source: str) -> None:
    if max_bytes is not None and size > max_bytes:
        raise PBNError(f"the file is {size} bytes, more than the {max_bytes} bytes a USEBIO file is read to: "
                       f"expected a results file of one event", source=source)


def read_usebio(path_or_bytes: str | bytes | os.PathLike[str], *, source: str | None = None,
                max_bytes: int | None = MAX_BYTES) -> Event:
    """Read a USEBIO results file (a path or its bytes) as the :class:`Event` a PBN file gives: boards
    (the deal from the ``HANDSET``, dealer and vulnerability from the number), a :class:`TableResult`
    per ``TRAVELLER_LINE`` (``ns``/``ew`` the pair numbers), the pairs with their names, the file's own
    figures in each line's ``theirs`` and in ``event.totals`` (``TOTAL_SCORE``, ``PERCENTAGE``,
    ``PLACE``), the club in ``event.meta`` (``ClubName``, ``ClubIdNumber``). A file that is not
    well-formed XML, not USEBIO, or declares entities raises :class:`PBNError` (``file:line: ...``);
    a board or line that cannot be read is a problem in ``event.problems``, the rest still read. A
    file larger than ``max_bytes`` (None: no limit) is refused before it is read."""
    if isinstance(path_or_bytes, bytes):
        data, name = path_or_bytes, source or "<bytes>"
        _check_size(len(data), max_bytes, name)
    else:
        path = Path(path_or_bytes)
        name = source or str(path)
        _check_size(path.stat().st_size, max_bytes, name)
        data = path.read_bytes()
    return _Reader(name).event(parse_xml(data, name))


def _number(text: str) -> bool:
    """Whether a figure reads as a number (``4.0``, ``-1.5``)."""
    try:
        float(text)
    except ValueError:
        return False
    return True
