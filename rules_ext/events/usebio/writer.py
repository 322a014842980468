"""An event and our figures written as USEBIO 1.2 (UTF-8): a pairs event or a teams event (TEAM_IDs
numbered in name order; a match not played is left out); read back (:mod:`rules_ext.events.usebio.reader`)
and checked before it is returned: a file that would not read back to the same figures is an error.

``write_usebio(event, results, figures="file") -> bytes``
    ``results`` from ``compute_results``. The places, totals and percentages written are the
    file's own (its TotalScoreTable, or the USEBIO file's PLACE, TOTAL_SCORE, PERCENTAGE: the
    official record) as the file writes them, ours where the file gives none; ``figures="ours"``
    writes ours instead (:func:`figures_written` says which were written). The organising club
    (a USEBIO file's CLUB, a PBN file's META ``Arranger``) is kept. Artificial scores are written as Compscore does
    (``A6040``), Law 12C markers (``A+``, ``A=``, ``A-``, ``A+-``) as they stand; the lead rank
    first (``2H``) as USEBIO spells it.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import defaultdict

from rules_ext.core import Seat
from rules_ext.errors import RulesError
from rules_ext.events.model import Artificial, Event, EventKind, TableResult
from rules_ext.events.scoring.file_figures import result_label
from rules_ext.events.scoring.results_model import EventResults, ScoredResult
from rules_ext.events.scoring.teams import match_of
from rules_ext.events.usebio.reader import SUIT_ELEMENTS, read_usebio, split_pair, usebio_pair_key

__all__ = ["FIGURES", "figures_written", "write_usebio"]

#: whose places and totals the USEBIO file carries: the file's own (the official record) or ours
FIGURES = ("file", "ours")
#: a TotalScoreTable's total columns, the first found is written as TOTAL_SCORE (teams: VPs first)
_TOTAL_COLUMNS = ("TotalScoreMP", "TotalMP", "TotalScoreIMP", "TotalIMP", "TotalScoreVP", "TotalVP")
_TEAM_TOTAL_COLUMNS = ("TotalScoreVP", "TotalVP")

_EVENT_TYPES = {"matchpoints": ("MP_PAIRS", "MATCH_POINTS"), "cross-imps-average": ("CROSS_IMP", "CROSS_IMPS"),
                "butler": ("BUTLER_PAIRS", "BUTLER_IMPS")}
_LINE_ELEMENTS = {"matchpoints": ("NS_MATCH_POINTS", "EW_MATCH_POINTS"),
                  "cross-imps-average": ("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"),
                  "butler": ("NS_BUTLER_POINTS", "EW_BUTLER_POINTS")}


def _add(parent: ET.Element, tag: str, text: object = None) -> ET.Element:
    element = ET.SubElement(parent, tag)
    if text is not None:
        element.text = str(text)
    return element


def _figure(value: float | None) -> str | None:
    return None if value is None else f"{value:.2f}"


def figures_written(event: Event, figures: str = "file") -> str:
    """One line saying whose places and totals :func:`write_usebio` writes, and how to ask for the other."""
    if figures == "ours":
        return "wrote our places and totals (--figures ours); without it the file's own are written"
    if _official(event):
        return "wrote the file's own places and totals (the official record); --figures ours writes ours"
    return "the file gives no places or totals of its own: wrote ours"


def _official(event: Event) -> dict[str, tuple[str, str, str]]:
    """The file's own (total, percentage, place) of each participant, as the file writes them ('' when
    it gives none), from its TotalScoreTable; a team under its TeamId and its TeamName."""
    table = event.totals
    if table is None:
        return {}
    teams = event.kind is EventKind.TEAMS
    out: dict[str, tuple[str, str, str]] = {}
    for row in table.records():
        columns = _TEAM_TOTAL_COLUMNS if teams else _TOTAL_COLUMNS
        total = next((_given(row.get(c)) for c in columns if _given(row.get(c))), "")
        figures = (total, "" if teams else _given(row.get("TotalPercentage")), _given(row.get("Rank")))
        if not any(figures):
            continue
        for ident in (row.get("PairId"), row.get("PlayerId"), row.get("TeamId"), row.get("TeamName")):
            if ident and ident.strip() not in ("", "-", "?"):
                out.setdefault(ident.strip(), figures)
    return out


def _given(text: str | None) -> str:
    value = (text or "").strip()
    return "" if value in ("-", "?") else value


def write_usebio(event: Event, results: EventResults, figures: str = "file") -> bytes:
    """The event and its places and totals (the file's own unless ``figures="ours"``; see the module
    doc) as USEBIO 1.2; checked by reading it back."""
    if figures not in FIGURES:
        raise RulesError(f"unknown figures {figures!r}: expected one of {', '.join(FIGURES)}")
    official = _official(event) if figures == "file" else {}
    root = ET.Element("USEBIO", Version="1.2")
    _club_element(root, event)
    if event.kind is EventKind.TEAMS:
        _write_teams(root, event, results, official)
    elif event.kind is EventKind.PAIRS:
        _write_pairs(root, event, results, official)
    else:
        raise RulesError(f"USEBIO export of a {event.kind.value} event is not supported: expected a pairs or "
                         f"a teams event")
    deals = [b for b in event.boards if b.deal is not None and b.deal.is_complete]
    if deals:
        handset = ET.SubElement(root, "HANDSET")
        for b in deals:
            board = _add(handset, "BOARD")
            _add(board, "BOARD_NUMBER", b.number)
            for seat, name in zip(Seat, ("North", "East", "South", "West")):
                hand = _add(board, "HAND")
                _add(hand, "DIRECTION", name)
                for suit_element, holding in zip(SUIT_ELEMENTS, b.deal.hand(seat).to_pbn().split(".")):  # type: ignore[union-attr]
                    _add(hand, suit_element, holding)
    ET.indent(root)
    data = (b'<?xml version="1.0" encoding="UTF-8"?>\n'
            b'<!DOCTYPE USEBIO SYSTEM "http://www.usebio.org/files/usebio_v1_2.dtd">\n'
            + ET.tostring(root, encoding="utf-8", xml_declaration=False) + b"\n")
    # the file's own totals, written as they were, may differ from ours (or be rounding that the
    # figures written no longer show): no other difference is allowed
    allowed = {(ident, text) for ident, given in official.items() for text in given if text}
    _check_round_trip(results, data, allowed)
    return data


def _club_element(root: ET.Element, event: Event) -> None:
    """The organising club: a USEBIO file's CLUB as read, or a PBN file's META Arranger."""
    meta = {name.lower(): content.strip() for name, content in event.meta if content.strip()}
    name = meta.get("clubname") or meta.get("arranger")
    if name:
        club = _add(root, "CLUB")
        _add(club, "CLUB_NAME", name)
        if "clubidnumber" in meta:
            _add(club, "CLUB_ID_NUMBER", meta["clubidnumber"])


def _event_element(root: ET.Element, event: Event, event_type: str, *methods: tuple[str, str]) -> ET.Element:
    """The EVENT element with its type, scoring methods, title, date, venue and program."""
    element = ET.SubElement(root, "EVENT", EVENT_TYPE=event_type)
    for tag, method in methods:
        _add(element, tag, method)
    if event.name:
        _add(element, "TITLE", event.name)
    if event.date:
        _add(element, "DATE", _usebio_date(event.date))
    if event.site:
        _add(element, "VENUE", event.site)
    _add(element, "PROGRAM_NAME", "rules_ext")
    return element


def _write_pairs(root: ET.Element, event: Event, results: EventResults,
                 official: dict[str, tuple[str, str, str]]) -> None:
    if results.method not in _EVENT_TYPES:
        raise RulesError(f"summed cross-IMPs have no USEBIO form (USEBIO programs average them): expected "
                         f"matchpoints, averaged cross-IMPs or Butler, got {results.method}")
    event_type, method = _EVENT_TYPES[results.method]
    element = _event_element(root, event, event_type, ("BOARD_SCORING_METHOD", method))
    _add(element, "WINNER_TYPE", 2 if len(results.rankings) == 2 else 1)
    entries = {e.id: (ranking, e) for ranking in results.rankings for e in ranking.entries}
    participants = ET.SubElement(element, "PARTICIPANTS", EVENT_TYPE=event_type)
    known = {p.id: p for p in event.participants}
    for ident in sorted(set(known) | set(entries), key=usebio_pair_key):
        pair = _add(participants, "PAIR")
        direction = split_pair(ident)[1]
        _add(pair, "PAIR_NUMBER", ident)
        _add(pair, "DIRECTION", direction or (known[ident].direction if ident in known else ""))
        if official:  # the file's own, as it writes them
            total, pct, place = official.get(ident, ("", "", ""))
            for tag, text in (("TOTAL_SCORE", total), ("PERCENTAGE", pct), ("PLACE", place)):
                if text:
                    _add(pair, tag, text)
        elif ident in entries:
            ranking, entry = entries[ident]
            _add(pair, "TOTAL_SCORE", _figure(entry.imps if ranking.unit == "IMP" else entry.total))
            if entry.pct is not None:
                _add(pair, "PERCENTAGE", _figure(entry.pct))
            _add(pair, "PLACE", entry.rank)
        for name in (known[ident].names.split(" - ") if ident in known and known[ident].names else ()):
            _add(_add(pair, "PLAYER"), "PLAYER_NAME", name)
    ns_element, ew_element = _LINE_ELEMENTS[results.method]
    for scored in results.boards:
        board = _add(element, "BOARD")
        _add(board, "BOARD_NUMBER", scored.board.number)
        if scored.datum is not None:
            _add(board, "BOARD_AVERAGE", scored.datum)
        for line in scored.lines:
            r = line.result
            if r.not_played:
                continue
            traveller = _add(board, "TRAVELLER_LINE")
            _add(traveller, "NS_PAIR_NUMBER", r.ns)
            _add(traveller, "EW_PAIR_NUMBER", r.ew)
            _write_play(traveller, r)
            ns, ew = (line.mp_ns, line.mp_ew) if results.method == "matchpoints" else (line.imp_ns, line.imp_ew)
            if ns is not None and ew is not None:
                _add(traveller, ns_element, _figure(ns))
                _add(traveller, ew_element, _figure(ew))


def _write_play(traveller: ET.Element, r: TableResult) -> None:
    """A TRAVELLER_LINE's contract, declarer, lead, tricks and score (or artificial score)."""
    if r.artificial is not None:
        _add(traveller, "SCORE", _artificial_score(r.artificial))
        return
    if r.contract is not None:
        _add(traveller, "CONTRACT", "PASS" if r.contract.is_passed_out else str(r.contract))
        if r.declarer is not None and not r.contract.is_passed_out:
            _add(traveller, "PLAYED_BY", r.declarer.name)
        if r.lead:
            _add(traveller, "LEAD", _usebio_lead(r.lead))
        _add(traveller, "TRICKS", 0 if r.contract.is_passed_out else r.tricks)
    if r.score_ns is not None:
        _add(traveller, "SCORE", r.score_ns)


def _write_teams(root: ET.Element, event: Event, results: EventResults,
                 official: dict[str, tuple[str, str, str]]) -> None:
    """Teams: each team (TEAM_ID by name order, TEAM_NAME, VP total, place, players) and each match
    (its VPs; per board the net IMPs to the home team and a TRAVELLER_LINE per room, DIRECTION
    being the home team's)."""
    entries = {e.id: e for ranking in results.rankings for e in ranking.entries}
    rooms: dict[tuple[str, str, str], list[tuple[int, list[tuple[bool, ScoredResult]]]]] = defaultdict(list)
    for scored in results.boards:
        by_match: dict[tuple[str, str, str], list[tuple[bool, ScoredResult]]] = defaultdict(list)
        for line in scored.lines:
            found = match_of(line.result)
            if found is not None and not line.result.not_played:
                by_match[found[0]].append((found[1], line))
        for key, lines in by_match.items():
            rooms[key].append((scored.board.number, lines))
    matches = [m for m in results.matches if (m.round, m.home, m.visit) in rooms]
    teams = sorted({t for m in results.matches for t in (m.home, m.visit)} | set(entries), key=usebio_pair_key)
    number = {team: str(index) for index, team in enumerate(teams, start=1)}
    met = [t for m in matches for t in (m.home, m.visit)]
    event_type = "SWISS_TEAMS" if any(met.count(t) > 1 for t in teams) else "TEAMS_OF_FOUR"
    bam = results.method == "board-a-match"  # point-a-board: board points, no IMPs
    element = _event_element(root, event, event_type, ("BOARD_SCORING_METHOD", "BAM" if bam else "IMPS"),
                             ("MATCH_SCORING_METHOD", "PAB" if bam else "VPS"))
    _add(element, "WINNER_TYPE", 1)
    participants = ET.SubElement(element, "PARTICIPANTS", EVENT_TYPE=event_type)
    for team in teams:
        node = ET.SubElement(participants, "TEAM", TEAM_ID=number[team], TEAM_NAME=team)
        entry = entries.get(team)
        if official:  # the file's own, as it writes them
            total, _, place = official.get(team, ("", "", ""))
            for tag, text in (("TOTAL_SCORE", total), ("PLACE", place)):
                if text:
                    _add(node, tag, text)
        elif entry is not None:
            _add(node, "TOTAL_SCORE", _figure(entry.total))
            _add(node, "PLACE", entry.rank)
        if entry is not None:
            for name in entry.names.split(", ") if entry.names != team else ():
                _add(_add(node, "PLAYER"), "PLAYER_NAME", name)
    for m in matches:
        match = _add(element, "MATCH")
        if m.round:
            _add(match, "ROUND_NUMBER", m.round)
        _add(match, "TEAM", number[m.home])
        _add(match, "OPPOSING_TEAM", number[m.visit])
        if m.boards:
            _add(match, "TEAM_SCORE", _figure(m.vp_home))
            _add(match, "OPPOSING_TEAM_SCORE", _figure(m.vp_visit))
        for board_number, lines in rooms[(m.round, m.home, m.visit)]:
            board = ET.SubElement(match, "BOARD", EVENT_TYPE=event_type)
            _add(board, "BOARD_NUMBER", board_number)
            net = [ln.imp_ns if home_ns else ln.imp_ew for home_ns, ln in lines]
            if not bam and (gain := next((n for n in net if n is not None), None)) is not None:
                _add(board, "IMPS", f"{gain:g}")
            for home_ns, line in lines:
                traveller = _add(board, "TRAVELLER_LINE")
                _add(traveller, "DIRECTION", "NS" if home_ns else "EW")
                _write_play(traveller, line.result)


def _artificial_score(a: Artificial) -> str:
    """Compscore's A6040 for whole percentages given as such; a Law 12C marker (A+, A=, A-, A+-)
    as it stands, so that reading it back applies the same rules (Law 88 for A+)."""
    if not any(ch.isdigit() for ch in a.marker):
        return a.marker
    if a.pct_ns != int(a.pct_ns) or a.pct_ew != int(a.pct_ew) or a.pct_ns >= 100 or a.pct_ew >= 100:
        raise RulesError(f"artificial score {a.marker!r} ({a.pct_ns:g} % / {a.pct_ew:g} %) cannot be written in "
                         f"USEBIO: expected whole percentages below 100, written as A6040")
    return f"A{int(a.pct_ns):02d}{int(a.pct_ew):02d}"


def _usebio_date(date: str) -> str:
    m = re.match(r"^(\d{4})\.(\d{2})\.(\d{2})$", date)
    return f"{m[3]}/{m[2]}/{m[1]}" if m else date


def _usebio_lead(lead: str) -> str:
    lead = lead.strip().upper()
    if len(lead) >= 2 and lead[0] in "SHDC":
        return f"{'10' if lead[1:] == 'T' else lead[1:]}{lead[0]}"
    return lead


def _played(results: EventResults) -> list[tuple[int, tuple[tuple[object, ...], ...]]]:
    """Each board's results as (ns, ew, score, artificial marker), the rows that played (in any order:
    a teams file read back has them match by match); last, the matches played (round, teams, IMPs, VPs)."""
    boards = [(b.board.number, tuple(sorted(((ln.result.ns, ln.result.ew, ln.score_ns,
                                              ln.result.artificial.marker if ln.result.artificial else "")
                                             for ln in b.lines if not ln.result.not_played), key=repr)))
              for b in results.boards]
    matches = sorted((m.round, m.home, m.visit, m.imps_home, m.imps_visit, m.vp_home, m.vp_visit)
                     for m in results.matches if m.boards)
    return [*boards, (0, tuple(matches))]


def _check_round_trip(results: EventResults, data: bytes, allowed: set[tuple[str, str]]) -> None:
    """Read the written file back: the same results and our figures, or a ValueError; ``allowed``:
    the totals (participant, text) written as the file gave them, which may differ from ours."""
    from rules_ext.events.scoring.results import compute_results  # results imports this layer's model only

    back = read_usebio(data, source="<written USEBIO>")
    if back.problems:
        raise RulesError(f"the USEBIO written does not read back: {back.problems[0]}")
    again = compute_results(back)
    # a result whose figures a director gave (a correction's mp_ns) reads back as its score only: its own
    # figures, and the totals of its pairs, are the director's, written as given
    given = [(b.board.number, ln.result) for b in results.boards for ln in b.lines if ln.result.assigned is not None]
    directors = {(n, result_label(r)) for n, r in given}
    their_pairs = {who for _, r in given for who in (r.ns, r.ew)}
    unexpected = [d for d in again.differences
                  if (d.board, d.participant) not in directors and not (d.board is None and d.participant in their_pairs)
                  and (d.board is not None or (d.participant, d.theirs) not in allowed)]
    if _played(again) != _played(results) or unexpected:
        first = unexpected[0] if unexpected else "the results differ"
        raise RulesError(f"the USEBIO written does not read back to the same figures ({first}): not written")
