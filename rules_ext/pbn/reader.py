"""read_pbn: PBN bytes or text -> :class:`Event` (the import format in full).

Three steps: decode and lex (``encoding``, ``lexer``); normalise the games so that what the writer
writes reads back equal (missing mandatory tags, ``##`` values carried to later games, export
spellings: ``3N`` -> ``3NT``, ``x`` -> ``X``, ``Both`` -> ``All``, the Deal from the dealer); then
read the meaning (boards, results, participants), resolving ``#`` / ``##`` inheritance. Every
problem becomes a ``PBNError`` with the file and line; the boards that are fine are still read.
"""
from __future__ import annotations

import contextlib
import dataclasses
import gc
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from rules_ext.core import (
    Contract,
    ContractError,
    Deal,
    DealError,
    Seat,
    Strain,
    Vulnerability,
    board_conditions,
    ns_score,
)
from rules_ext.pbn.encoding import decode
from rules_ext.pbn.errors import PBNError, PBNErrors
from rules_ext.pbn.lexer import CONTENT_TYPE_RE, EXPORT_RE, VERSION_RE, Game, Tag, scan
from rules_ext.pbn.model import Artificial, Board, Event, EventKind, Participant, TableResult, side_score
from rules_ext.pbn.sections import contract_mismatch, read_auction, read_notes, read_play
from rules_ext.pbn.tables import Table, TableError, parse_columns, parse_table, replace_cell, row_values

#: the mandatory tag set, in export order (PBN 2.1 section 3.1)
MANDATORY_TAGS = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
                  "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result")
#: tags whose value may not be inherited with '#' or '##'
NOT_INHERITABLE = frozenset({"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play"})
#: tags followed by section lines that are not tables
SECTION_TAGS = frozenset({"Auction", "Play"})
#: the figures a ScoreTable row may carry that we compute too
THEIR_COLUMNS = ("Score_NS", "Score_EW", "MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW",
                 "IMP_NS", "IMP_EW")
T = TypeVar("T")

_UNKNOWN = ("", "?")
_BYE = frozenset({"Bye", "BYE", "bye"})
_ARTIFICIAL_COLUMNS = ("Contract", "Score_NS", "Score_EW", "Score", "Result", "Percentage_NS")
_META_RE = re.compile(r"<META\s+name\s*=\s*\"?([^\s\">]+)\"?\s+content\s*=\s*\"([^\"]*)\"", re.IGNORECASE)
_RELATIVE_RESULT = re.compile(r"^(=|[+-]\d{1,2})$")
_DATE_RE = re.compile(r"^([0-9?]{4})[-/]([0-9?]{2})[-/]([0-9?]{2})$")  # 2025-12-20 -> 2025.12.20
_DD_STRAINS = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)
_DD_SEATS = (Seat.N, Seat.S, Seat.E, Seat.W)


_ORDER = {name: i for i, name in enumerate(MANDATORY_TAGS)}


def export_order(tags: tuple[Tag, ...] | list[Tag]) -> tuple[Tag, ...]:
    """Tags in export order: the mandatory ones in the standard's order, then the others by name,
    each Note kept right after the Auction or Play before it (a stable, idempotent order)."""
    groups: list[list[Tag]] = []
    owner: list[Tag] | None = None
    for tag in tags:
        if tag.name == "Note" and owner is not None:
            owner.append(tag)
            continue
        group = [tag]
        groups.append(group)
        owner = group if tag.name in ("Auction", "Play") else None
    groups.sort(key=lambda g: (0, _ORDER[g[0].name], "") if g[0].name in _ORDER else (1, 0, g[0].name))
    return tuple(tag for group in groups for tag in group)


def is_table_tag(name: str) -> bool:
    return name.endswith("Table")


# --------------------------------------------------------------------------------------- input

def _load(path_or_text: str | bytes | os.PathLike[str], source: str | None) -> tuple[bytes | str, str]:
    if isinstance(path_or_text, bytes):
        return path_or_text, source or "<bytes>"
    if isinstance(path_or_text, os.PathLike):
        path = Path(path_or_text)
        return path.read_bytes(), source or str(path)
    text = str(path_or_text)
    if "\n" not in text and "[" not in text and text.strip() and _is_file(text):
        return Path(text).read_bytes(), source or text
    return text, source or "<text>"


def _is_file(text: str) -> bool:
    try:
        return Path(text).is_file()
    except (OSError, ValueError):  # too long for a file name, or a NUL in it: it is PBN text
        return False


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a file is read, as pickle-style loaders do.

    Reading builds hundreds of thousands of small objects and no reference cycles; the collector's
    repeated passes over them cost a quarter of the time. It is switched back on (if it was on)
    when reading ends, also on an exception.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def read_pbn(path_or_text: str | bytes | os.PathLike[str], *, source: str | None = None,
             encoding: str | None = None, strict: bool = False) -> Event:
    """Read a PBN file or text; see :mod:`rules_ext.pbn` for what the Event holds.

    Problems are collected in ``event.problems``; with ``strict=True`` they are raised as
    :class:`PBNErrors` (one ``file:line: problem`` line each). A file that cannot be decoded with a
    forced ``encoding`` raises :class:`PBNError`. As the import format says, the first of a
    repeated tag counts; the repeats (other than Note) are not kept.
    """
    data, name = _load(path_or_text, source)
    if isinstance(data, bytes):
        try:
            text, used = decode(data, encoding)
        except UnicodeDecodeError as exc:
            raise PBNError(f"cannot decode the file as {encoding}: byte {data[exc.start:exc.start + 1]!r} "
                           f"at offset {exc.start}; expected e.g. --encoding gb18030 or iso-8859-1",
                           source=name, line=data[:exc.start].count(b"\n") + 1) from exc
    else:
        text, used = data.removeprefix("\ufeff"), "utf-8"
    with _collector_paused():
        event = _Reader(name).read(text, used)
    if strict and event.problems:
        raise PBNErrors(event.problems)
    return event


# --------------------------------------------------------------------------------- the reader

_SEAT_LETTERS = {seat.name: seat for seat in Seat}


def _seat(text: str) -> Seat:
    return _SEAT_LETTERS.get(text) or Seat.parse(text)


@dataclass(slots=True)
class _Reader:
    source: str
    problems: list[PBNError] = field(default_factory=list)
    deals: dict[str, Deal] = field(default_factory=dict)  # parsed Deal values, by text
    contracts: dict[str, Contract] = field(default_factory=dict)
    rows: dict[str, list[str]] = field(default_factory=dict)  # table row cells, by line text

    def row(self, line: str) -> list[str]:
        cells = self.rows.get(line)
        if cells is None:
            cells = self.rows[line] = row_values(line)
        return cells

    def deal(self, text: str) -> Deal:
        deal = self.deals.get(text)
        if deal is None:
            deal = self.deals[text] = Deal.from_pbn(text)
        return deal

    def contract(self, text: str) -> Contract:
        contract = self.contracts.get(text)
        if contract is None:
            contract = self.contracts[text] = Contract.parse(text)
        return contract

    def problem(self, line: int, message: str) -> None:
        self.problems.append(PBNError(message, source=self.source, line=line))

    # --- file level
    def read(self, text: str, encoding: str) -> Event:
        newline = "\r\n" if "\r\n" in text else "\n"
        header, games, lex_problems, trailer = scan(text, self.source)
        self.problems.extend(lex_problems)
        version, declared, kept, meta = "", "", [], []
        for line in header:
            if (m := VERSION_RE.match(line)) and not version:
                version = m[1]
            elif EXPORT_RE.match(line):
                pass
            elif (m := CONTENT_TYPE_RE.match(line)) and not declared:
                declared = m[1]
            else:
                kept.append(line)
                if (m := _META_RE.search(line)):
                    meta.append((m[1], m[2]))
        games = self.normalise(games)
        resolved = self.resolve(games)
        boards, participants, kind, totals = self.interpret(games, resolved)
        first = resolved[0] if resolved else {}
        scoring = first.get("Scoring", "")
        if scoring in _UNKNOWN:
            scoring = next((c for n, c in meta if n.lower() == "scoringtype"), scoring)
        return Event(
            games=tuple(games), header=tuple(kept), trailer=tuple(trailer),
            name=_known(first.get("Event", "")), site=_known(first.get("Site", "")),
            date=_known(first.get("Date", "")), scoring=_known(scoring), kind=kind,
            boards=tuple(boards), participants=tuple(participants), totals=totals, meta=tuple(meta),
            source=self.source, encoding=encoding, newline=newline, version=version,
            declared_charset=declared, problems=tuple(sorted(self.problems, key=lambda p: p.line)),
        )

    # --- step 2: normalise the games
    def normalise(self, games: list[Game]) -> list[Game]:
        out: list[Game] = []
        sticky: dict[str, str] = {}
        for game in games:
            seen: set[str] = set()
            tags: list[Tag] = []
            for tag in game.tags:
                if tag.name in seen and tag.name != "Note":
                    continue  # import format: the first of a repeated tag wins
                seen.add(tag.name)
                if tag.value.startswith("##"):
                    sticky[tag.name] = tag.value
                tags.append(tag)
            for name, value in sticky.items():
                if name not in seen:
                    tags.append(Tag(name, value[2:], (), 0))
                    seen.add(name)
            for name in MANDATORY_TAGS:
                if name not in seen:
                    tags.append(Tag(name, "?", (), 0))
            dealer = next((t.value for t in tags if t.name == "Dealer"), "?")
            contract = next((t.value for t in tags if t.name == "Contract"), "?")
            out.append(Game(export_order([self.normalise_tag(t, dealer, contract) for t in tags]),
                            game.preamble, game.line))
        return out

    def normalise_tag(self, tag: Tag, dealer: str, contract_text: str) -> Tag:
        """The tag with its value in export spelling, where the value can be read (else as it was)."""
        value, section = tag.value, tag.section
        if value.startswith("#"):
            return tag
        try:
            if tag.name == "Date" and (date := _DATE_RE.match(value)):
                value = ".".join(date.groups())
            elif tag.name == "Result" and _RELATIVE_RESULT.match(value) and contract_text not in _UNKNOWN:
                contract = self.contract(contract_text)
                if not contract.is_passed_out:
                    value = str(contract.tricks_needed + (0 if value == "=" else int(value)))
            elif tag.name == "Vulnerable" and value not in _UNKNOWN:
                value = Vulnerability.parse(value).value
            elif tag.name == "Contract" and value not in _UNKNOWN and value != "-":
                contract = self.contract(value)
                if contract.declarer is None:
                    value = str(contract)
            elif tag.name == "Declarer" and value.upper() in ("N", "E", "S", "W"):
                value = value.upper()
            elif tag.name == "Deal" and value not in _UNKNOWN and dealer.strip().upper() in ("N", "E", "S", "W"):
                if not _export_deal(value, dealer.strip().upper()):
                    deal = self.deal(value)
                    value = deal.to_pbn(Seat.parse(dealer))
                    self.deals[value] = deal
        except (ContractError, DealError, ValueError):
            pass  # reported when the game is read
        if is_table_tag(tag.name) and section:
            section = self.normalise_rows(tag)
        if value == tag.value and section == tag.section:
            return tag
        return Tag(tag.name, value, section, tag.line, tag.section_lines)

    def normalise_rows(self, tag: Tag) -> tuple[str, ...]:
        """The table's rows with each Contract cell in export spelling (the rest of a row as it was)."""
        try:
            columns = [c.name for c in parse_columns(tag.value)]
        except TableError:
            return tag.section  # reported when the table is read
        if "Contract" not in columns:
            return tag.section
        index = columns.index("Contract")
        rows = []
        for line in tag.section:
            try:
                cells = self.row(line)
                if len(cells) == len(columns):
                    cell = cells[index]
                    if cell not in ("-", "?", "") and not Artificial.looks_like(cell) and cell.upper() != "BYE":
                        contract = self.contract(cell)
                        if contract.declarer is None and str(contract) != cell:
                            line = replace_cell(line, index, str(contract))
            except (TableError, ContractError, DealError, ValueError):
                pass  # reported when the table is read
            rows.append(line)
        return tuple(rows)

    # --- step 3a: inheritance
    def resolve(self, games: list[Game]) -> list[dict[str, str]]:
        """The value of each tag of each game with '#' and '##' resolved (first occurrence wins)."""
        resolved: list[dict[str, str]] = []
        previous: dict[str, str] = {}
        for game in games:
            values: dict[str, str] = {}
            for tag in game.tags:
                if tag.name in values:
                    continue
                value = tag.value
                if value.startswith("#"):
                    if tag.name in NOT_INHERITABLE:
                        self.problem(tag.line or game.line, f"[{tag.name} \"{value}\"]: {tag.name} may not be "
                                     f"inherited with '#' or '##': expected the value itself, e.g. "
                                     f"{_EXAMPLES.get(tag.name, '')}")
                    if value == "#":
                        if tag.name not in previous:
                            self.problem(tag.line or game.line, f"[{tag.name} \"#\"] copies the previous game's "
                                         f"{tag.name}, but there is none: expected a value")
                            value = "?"
                        else:
                            value = previous[tag.name]
                    elif value.startswith("##"):
                        value = value[2:]
                values[tag.name] = value
            resolved.append(values)
            previous = values
        return resolved

    # --- step 3b: meaning
    def interpret(self, games: list[Game], resolved: list[dict[str, str]]
                  ) -> tuple[list[Board], list[Participant], EventKind, Table | None]:
        boards: dict[int, Board] = {}
        order: list[int] = []
        names: dict[str, str] = {}
        sides: dict[str, set[str]] = {}
        totals: Table | None = None
        kind = EventKind.PAIRS
        for game, values in zip(games, resolved):
            if any(t.name in ("Room", "HomeTeam", "VisitTeam") for t in game.tags):
                kind = EventKind.TEAMS
            tables = self.tables(game)
            if "TotalScoreTable" in tables and totals is None:
                totals = tables["TotalScoreTable"]
            number = self.board_number(game, values)
            if number is None:
                continue
            board = self.board(game, values, number)
            results: list[TableResult] = []
            if "ScoreTable" in tables:
                table = tables["ScoreTable"]
                if table.has("PlayerId_North"):
                    kind = EventKind.INDIVIDUAL
                theirs = [c for c in THEIR_COLUMNS if table.has(c)]
                for row, line in zip(table.records(), table.lines):
                    result = self.row_result(row, line, board, theirs)
                    if result is not None:
                        results.append(result)
            else:
                result = self.game_result(game, values, board)
                if result is not None:
                    results.append(result)
            for r in results:
                if r.room:  # teams: the ids are the team names; the players change from room to room
                    for ident in (r.ns, r.ew):
                        sides.setdefault(ident, set()).update(("NS", "EW"))
                        names[ident] = ident
                    continue
                if kind is EventKind.INDIVIDUAL and len(r.players) == 4:  # the players are the field
                    for ident, side in zip(r.players, ("NS", "EW", "NS", "EW")):
                        if ident and ident not in ("-", "?"):
                            sides.setdefault(ident, set()).add(side)
                    continue
                for ident, side, who in ((r.ns, "NS", r.names_ns), (r.ew, "EW", r.names_ew)):
                    if ident and ident not in ("-", "?"):
                        sides.setdefault(ident, set()).add(side)
                        if who and not names.get(ident):
                            names[ident] = who
            if number in boards:
                old = boards[number]
                if board.deal is not None and old.deal is not None and board.deal != old.deal:
                    self.problem(_line(game, "Deal"), f"board {number}: Deal differs from the one given "
                                 f"for board {number} at line {old.line}: expected the same cards at every table")
                boards[number] = Board(number, old.dealer or board.dealer, old.vulnerability or board.vulnerability,
                                       old.deal or board.deal, old.results + tuple(results),
                                       old.optimum_score or board.optimum_score,
                                       old.par_contract or board.par_contract,
                                       old.double_dummy or board.double_dummy, old.line)
            else:
                boards[number] = Board(board.number, board.dealer, board.vulnerability, board.deal,
                                       tuple(results), board.optimum_score, board.par_contract,
                                       board.double_dummy, board.line)
                order.append(number)
        if totals is not None:
            for row in totals.records():
                ident = row.get("PairId") or row.get("TeamId") or row.get("PlayerId") or ""
                if ident and row.get("Names") and not names.get(ident):
                    names[ident] = row["Names"]
                if ident and row.get("Names", "") and ident not in sides:
                    sides[ident] = set()
        participants = [Participant(ident, names.get(ident, ""), next(iter(s)) if len(s) == 1 else "")
                        for ident, s in sides.items()]
        participants.sort(key=lambda p: _id_key(p.id))
        return [boards[n] for n in sorted(order)], participants, kind, totals

    def tables(self, game: Game) -> dict[str, Table]:
        found: dict[str, Table] = {}
        for tag in game.tags:
            if not is_table_tag(tag.name) or tag.name in found or tag.value.startswith("#"):
                continue
            try:
                table, problems = parse_table(tag.name, tag.value, tag.section, tag.section_lines, self.row)
            except TableError as exc:
                self.problem(tag.line or game.line, str(exc))
                continue
            for line, message in problems:
                self.problem(line or tag.line, message)
            found[tag.name] = table
        return found

    def board_number(self, game: Game, values: dict[str, str]) -> int | None:
        text = values.get("Board", "?").strip()
        if text in _UNKNOWN:
            if any(t.name in ("Deal", "ScoreTable", "Contract") and t.value not in _UNKNOWN for t in game.tags):
                self.problem(game.line, "a game without a board number: expected e.g. [Board \"1\"]")
            return None
        if not (text.isascii() and text.isdigit()) or int(text) < 1:
            self.problem(_line(game, "Board"), f"cannot read board number {text!r}: expected e.g. [Board \"1\"]")
            return None
        return int(text)

    def board(self, game: Game, values: dict[str, str], number: int) -> Board:
        expected_dealer, expected_vul = board_conditions(number)
        dealer: Seat | None = self.board_tag(game, values, "Dealer", number, Seat.parse)
        vul: Vulnerability | None = self.board_tag(game, values, "Vulnerable", number, Vulnerability.parse)
        if dealer is not None and dealer is not expected_dealer:
            self.problem(_line(game, "Dealer"), f"board {number}: [Dealer \"{dealer.name}\"] does not match the "
                         f"board number: Law 2 gives dealer {expected_dealer.name}")
        if vul is not None and vul is not expected_vul:
            self.problem(_line(game, "Vulnerable"), f"board {number}: [Vulnerable \"{vul.value}\"] does not match "
                         f"the board number: Law 2 gives {expected_vul.value}")
        deal: Deal | None = self.board_tag(game, values, "Deal", number, self.deal)
        return Board(number, dealer, vul, deal, (), _known(values.get("OptimumScore", "")),
                     _known(values.get("ParContract", "") or values.get("OptimumContract", "")),
                     self.double_dummy(game, values, number), game.line)

    def board_tag(self, game: Game, values: dict[str, str], name: str, number: int,
                  parse: Callable[[str], T]) -> T | None:
        """The value of tag ``name`` read by ``parse``; None when it is unknown or (a problem) unreadable."""
        text = values.get(name, "?")
        if text in _UNKNOWN:
            return None
        try:
            return parse(text)
        except DealError as exc:
            self.problem(_line(game, name), f"board {number}: {exc}")
            return None

    def double_dummy(self, game: Game, values: dict[str, str], number: int) -> tuple[tuple[Seat, Strain, int], ...]:
        text = values.get("DoubleDummyTricks", "").strip()
        if text and text not in _UNKNOWN:
            if len(text) != 20 or any(c not in "0123456789abcdefABCDEF" for c in text):
                self.problem(_line(game, "DoubleDummyTricks"), f"board {number}: cannot read DoubleDummyTricks "
                             f"{text!r}: expected 20 hex digits (N, S, E, W x NT, S, H, D, C), e.g. 98A8798A8735353535")
                return ()
            out = []
            for i, seat in enumerate(_DD_SEATS):
                for j, strain in enumerate(_DD_STRAINS):
                    tricks = int(text[i * 5 + j], 16)
                    if tricks > 13:
                        self.problem(_line(game, "DoubleDummyTricks"), f"board {number}: DoubleDummyTricks "
                                     f"{text!r} gives {tricks} tricks: expected 0..D (13)")
                        return ()
                    out.append((seat, strain, tricks))
            return tuple(out)
        table_tag = game.tag("OptimumResultTable")
        if table_tag is None:
            return ()
        try:
            table, _ = parse_table(table_tag.name, table_tag.value, table_tag.section, table_tag.section_lines)
        except TableError:
            return ()
        out = []
        for row in table.records():
            try:
                out.append((Seat.parse(row.get("Declarer", "")), Strain.parse(row.get("Denomination", "")),
                            int(row.get("Result", ""))))
            except (DealError, ValueError):
                continue
        return tuple(out)

    # --- results
    def row_result(self, row: dict[str, str], line: int, board: Board, their_columns: list[str]
                   ) -> TableResult | None:
        number = board.number
        if "PlayerId_North" in row:
            players = tuple(row.get(f"PlayerId_{s}", "") for s in ("North", "East", "South", "West"))
            ns, ew = f"{players[0]}-{players[2]}", f"{players[1]}-{players[3]}"
        else:
            players = ()
            ns, ew = row.get("PairId_NS", ""), row.get("PairId_EW", "")
        common = dict(board=number, ns=ns, ew=ew, table=_cell(row.get("Table")), round=_cell(row.get("Round")),
                      lead=_cell(row.get("Lead")), names_ns=_cell(row.get("Names_NS")),
                      names_ew=_cell(row.get("Names_EW")), players=players, line=line,
                      theirs=tuple((c, row[c]) for c in their_columns if row[c] not in ("-", "?", "")))
        contract_text = row.get("Contract", "?").strip()
        if not _BYE.isdisjoint(row.values()):
            return TableResult(not_played=True, **common)
        artificial = self.artificial(row, line, number)
        if artificial is not None:
            return TableResult(artificial=artificial, **common)
        if contract_text in ("-", ""):
            return TableResult(not_played=True, **common)
        return self.played(number, line, board, contract_text, row.get("Declarer", "?"), row.get("Result", "?"),
                           self.row_score(row, line, number), common)

    def artificial(self, row: dict[str, str], line: int, number: int) -> Artificial | None:
        for column in _ARTIFICIAL_COLUMNS:  # a quick look first: most rows are played results
            cell = row.get(column)
            if cell and cell[0] in "Aa^":
                break
        else:
            return None
        for column, side in (("Contract", "NS"), ("Score_NS", "NS"), ("Score_EW", "EW"), ("Score", "NS"),
                             ("Result", "NS")):
            cell = row.get(column, "")
            if Artificial.looks_like(cell):
                try:
                    return Artificial.parse(cell, side)
                except ValueError as exc:
                    self.problem(line, f"board {number}: {exc}")
                    return None
        pct = row.get("Percentage_NS", "")
        if pct.startswith("^"):
            try:
                ns = float(pct[1:].replace(",", "."))
                other = row.get("Percentage_EW", "").lstrip("^").replace(",", ".")
                ew = float(other) if other not in ("", "-", "?") else 100.0 - ns
                return Artificial(pct, ns, ew)
            except ValueError:
                self.problem(line, f"board {number}: cannot read artificial percentage {pct!r}: expected e.g. ^60")
        return None

    def row_score(self, row: dict[str, str], line: int, number: int) -> int | None:
        for column, sign in (("Score_NS", 1), ("Score_EW", -1), ("Score", 1)):
            cell = row.get(column, "-").strip()
            if cell in ("-", "?", ""):
                continue
            try:
                return side_score(cell, column) * sign
            except ValueError:
                self.problem(line, f"board {number}: cannot read {column} {cell!r}: expected a score, e.g. 420, -50")
                return None
        return None

    def played(self, number: int, line: int, board: Board, contract_text: str, declarer_text: str,
               result_text: str, score_ns: int | None, common: dict) -> TableResult | None:
        if contract_text in _UNKNOWN:
            return TableResult(score_ns=score_ns, **common)
        try:
            contract = self.contract(contract_text)
        except ContractError as exc:
            self.problem(line, f"board {number}: {exc}")
            return None
        declarer: Seat | None = contract.declarer
        declarer_text = declarer_text.strip()
        if declarer_text not in ("", "?", "-"):
            try:
                declarer = _seat(declarer_text)
            except DealError as exc:
                self.problem(line, f"board {number}: {exc}")
                return None
        contract = Contract(contract.level, contract.strain, contract.doubling)
        tricks: int | None = None
        result_text = result_text.strip()
        if contract.is_passed_out:
            tricks = None
        elif _RELATIVE_RESULT.match(result_text):
            tricks = contract.tricks_needed + (0 if result_text == "=" else int(result_text))
        elif result_text not in ("", "?", "-"):
            if not (result_text.isascii() and result_text.isdigit()):
                self.problem(line, f"board {number}: cannot read result {result_text!r}: expected the tricks "
                             f"taken by declarer, 0..13 (or =, +1, -2)")
                return None
            tricks = int(result_text)
        if tricks is not None and not 0 <= tricks <= 13:
            self.problem(line, f"board {number}: a result of {tricks} tricks is impossible: expected 0..13")
            return None
        computed = False
        if score_ns is None:
            if contract.is_passed_out:
                score_ns, computed = 0, True
            elif declarer is not None and tricks is not None and board.vulnerability is not None:
                score_ns, computed = ns_score(contract, declarer, tricks, board.vulnerability), True
        return TableResult(contract=contract, declarer=declarer, tricks=tricks, score_ns=score_ns,
                           score_computed=computed, **common)

    def game_result(self, game: Game, values: dict[str, str], board: Board) -> TableResult | None:
        result = self.game_score(game, values, board)
        if result is None:
            return None
        extra: dict = {}
        auction_tag = game.tag("Auction")
        if auction_tag is not None and auction_tag.value not in _UNKNOWN:
            auction, problems = read_auction(auction_tag.value, auction_tag.section)
            for offset, message in problems:
                self.problem(_section_line(auction_tag, offset), f"board {board.number}: {message}")
            if auction is not None:
                extra.update(auction=auction.calls, auction_first=auction.first, auction_notes=auction.notes)
                mismatch = contract_mismatch(auction, result.contract, result.declarer)
                if mismatch:
                    self.problem(auction_tag.line or game.line, f"board {board.number}: {mismatch}")
        play_tag = game.tag("Play")
        if play_tag is not None and play_tag.value not in _UNKNOWN:
            first, tricks, problems = read_play(play_tag.value, play_tag.section)
            for offset, message in problems:
                self.problem(_section_line(play_tag, offset), f"board {board.number}: {message}")
            extra.update(play=tricks, play_first=first)
        notes = [t.value for t in game.tags if t.name == "Note"]
        if notes:
            extra["notes"] = read_notes(notes)
        return dataclasses.replace(result, **extra) if extra else result

    def game_score(self, game: Game, values: dict[str, str], board: Board) -> TableResult | None:
        contract_text = values.get("Contract", "?").strip()
        room = _known(values.get("Room", ""))
        if contract_text in _UNKNOWN and not room:
            return None
        players = tuple(_known(values.get(s, "")) for s in ("North", "East", "South", "West"))
        home, visit = _known(values.get("HomeTeam", "")), _known(values.get("VisitTeam", ""))
        if room:
            closed = room.lower().startswith("c")
            ns, ew = (visit, home) if closed else (home, visit)
        else:
            ns = _known(values.get("PairNS", "")) or f"{players[0]} - {players[2]}"
            ew = _known(values.get("PairEW", "")) or f"{players[1]} - {players[3]}"
        line = _line(game, "Contract")
        score_ns: int | None = None
        score_text = values.get("Score", "").strip()
        if score_text not in _UNKNOWN:
            try:
                score_ns = side_score(score_text)
            except ValueError as exc:
                self.problem(_line(game, "Score"), f"board {board.number}: {exc}")
        theirs = [("Score_NS", str(score_ns))] if score_ns is not None else []
        for tag in ("ScoreIMP", "ScoreMP", "ScorePercentage"):
            if values.get(tag, "") not in _UNKNOWN:
                theirs.append((tag, values[tag]))
        common = dict(board=board.number, ns=ns, ew=ew, table=_known(values.get("Table", "")),
                      round=_known(values.get("Round", "")), room=room, players=players, line=line,
                      names_ns=f"{players[0]} - {players[2]}" if any(players) else "",
                      names_ew=f"{players[1]} - {players[3]}" if any(players) else "", theirs=tuple(theirs))
        if contract_text in ("-",) or (contract_text in _UNKNOWN and score_ns is None):
            return TableResult(not_played=True, **common)
        if Artificial.looks_like(contract_text):
            try:
                return TableResult(artificial=Artificial.parse(contract_text), **common)
            except ValueError as exc:
                self.problem(line, f"board {board.number}: {exc}")
                return None
        return self.played(board.number, line, board, contract_text, values.get("Declarer", "?"),
                           values.get("Result", "?"), score_ns, common)


_EXAMPLES = {"Dealer": "[Dealer \"N\"]", "Vulnerable": "[Vulnerable \"NS\"]", "Deal": "[Deal \"N:...\"]",
             "Declarer": "[Declarer \"S\"]", "Contract": "[Contract \"4S\"]", "Auction": "[Auction \"N\"]",
             "Play": "[Play \"W\"]"}


_RANK_ORDER = {ch: i for i, ch in enumerate("AKQJT98765432")}


def _export_deal(value: str, dealer: str) -> bool:
    """Whether a Deal value is already in export form: from the dealer, each suit's ranks descending."""
    if not value.startswith(f"{dealer}:"):
        return False
    for hand in value[2:].split(" "):
        if hand == "-":
            continue
        suits = hand.split(".")
        if len(suits) != 4:
            return False
        for suit in suits:
            order = [_RANK_ORDER.get(ch, -1) for ch in suit]
            if -1 in order or order != sorted(order) or len(set(order)) != len(order):
                return False
    return True


def _section_line(tag: Tag, offset: int) -> int:
    if 0 <= offset < len(tag.section_lines):
        return tag.section_lines[offset]
    return tag.line


def _known(value: str) -> str:
    return "" if value in _UNKNOWN else value


def _cell(value: str | None) -> str:
    return "" if value in (None, "-", "?") else value


def _line(game: Game, name: str) -> int:
    tag = game.tag(name)
    return (tag.line if tag is not None and tag.line else 0) or game.line


def _id_key(ident: str) -> tuple[int, int | str]:
    return (0, int(ident)) if ident.isascii() and ident.isdigit() else (1, ident)
