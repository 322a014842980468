"""USEBIO results XML: read into the event model (figures compared with the file's own), written
as USEBIO 1.2 and read back, bad input refused with its line."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from rules_ext.cli import main
from rules_ext.events import PBNError, compute_results, read_pbn
from rules_ext.events.model import Event, EventKind
from rules_ext.events.scoring.results_model import EventResults
from rules_ext.events.usebio.elements import is_xml
from rules_ext.events.usebio.reader import read_usebio
from rules_ext.events.usebio.writer import write_usebio

FIXTURES = Path(__file__).parent / "fixtures"
SAMPLES = Path(__file__).parents[2] / "rules_ext" / "events" / "samples"
USEBIO_FIXTURES = ["compscore-mp-mitchell.xml", "compscore-ximp.xml", "compscore-butler.xml", "salliere-howell.xml",
                   "salliere-ximp.xml"]


def figures_compared(event: Event) -> dict[str, int]:
    """How many of the file's own figures compute_results compares: per line (both sides, artificial
    rows included), scores against their contracts, and per pair (total, percentage, place)."""
    lines = sum(len(r.theirs) for b in event.boards for r in b.results)
    artificial = sum(len(r.theirs) for b in event.boards for r in b.results if r.artificial is not None)
    scores = sum(1 for b in event.boards for r in b.results
                 if r.contract is not None and r.score_ns is not None and not r.score_computed)
    totals = 0 if event.totals is None else sum(
        1 for row in event.totals.records() for column in ("TotalScoreMP", "TotalScoreIMP", "TotalPercentage", "Rank")
        if row.get(column, "-") != "-")
    return {"lines": lines, "artificial": artificial, "scores": scores, "totals": totals}


def figures(results: EventResults) -> tuple[object, ...]:
    """Our figures of an event: every line's, every ranking's."""
    lines = tuple((b.board.number, ln.result.ns, ln.result.ew, ln.score_ns, ln.mp_ns, ln.mp_ew, ln.imp_ns, ln.imp_ew)
                  for b in results.boards for ln in b.lines if not ln.result.not_played)
    ranks = tuple((k.group, e.rank, e.id, e.names, e.total, e.pct) for k in results.rankings for e in k.entries)
    return results.method, lines, ranks


@pytest.mark.parametrize("name", USEBIO_FIXTURES)
def test_our_figures_agree_with_each_files_own(name: str) -> None:
    event = read_usebio(FIXTURES / name)
    results = compute_results(event)
    assert event.problems == ()
    assert results.differences == ()
    counted = figures_compared(event)
    assert counted["lines"] == 2 * sum(len(b.results) for b in event.boards)  # both sides, every row
    assert counted["totals"] >= 2 * len(event.participants)


@pytest.mark.parametrize(("name", "element", "item"), [
    ("compscore-mp-mitchell.xml", "EW_MATCH_POINTS", "MP_EW"),
    ("compscore-ximp.xml", "NS_CROSS_IMP_POINTS", "IMP_NS"),
    ("compscore-butler.xml", "EW_BUTLER_POINTS", "IMP_EW"),
    ("salliere-ximp.xml", "NS_MATCH_POINTS", "IMP_NS"),
    ("salliere-howell.xml", "PERCENTAGE", "TotalPercentage"),
    ("compscore-mp-mitchell.xml", "TOTAL_SCORE", "TotalScoreMP"),
    ("compscore-ximp.xml", "PLACE", "Rank"),
])
def test_a_changed_figure_is_a_difference(name: str, element: str, item: str) -> None:
    text = (FIXTURES / name).read_bytes().decode("iso-8859-1")
    changed = re.sub(rf"<{element}>(-?[0-9.]+)</{element}>",
                     lambda m: f"<{element}>{float(m[1]) + 7:g}</{element}>", text, count=1)
    results = compute_results(read_usebio(changed.encode("iso-8859-1")))
    assert [d.item for d in results.differences] == [item]


def test_compscore_mitchell() -> None:
    event = read_usebio(FIXTURES / "compscore-mp-mitchell.xml")
    results = compute_results(event)
    assert (event.name, event.date, event.site, event.version) == ("Spring Pairs", "2026.03.14", "Lantern Street",
                                                                   "USEBIO 1.2")
    assert (results.method, results.scale) == ("matchpoints", "2/1/0")
    assert [(p.id, p.direction) for p in event.participants][:5] == [
        ("1", "NS"), ("2", "NS"), ("3", "NS"), ("4", "NS"), ("15", "EW")]  # 1NS, 15EW: the numbers
    assert [k.group for k in results.rankings] == ["NS", "EW"]
    assert all(b.deal is not None and b.deal.is_complete for b in event.boards)  # from the HANDSET
    board2 = results.boards[1]
    a6040 = next(ln for ln in board2.lines if ln.result.artificial is not None)
    assert (a6040.result.artificial.marker, a6040.pct_ns, a6040.pct_ew) == ("A6040", 60.0, 40.0)  # type: ignore[union-attr]
    assert board2.neuberg and board2.top == 6
    passed = next(r for b in event.boards for r in b.results if r.contract is not None and r.contract.is_passed_out)
    assert (passed.score_ns, passed.tricks) == (0, None)
    assert all(re.fullmatch(r"[SHDC][2-9TJQKA]", r.lead) for b in event.boards for r in b.results if r.lead)


def test_compscore_butler_datum_is_the_board_average() -> None:
    results = compute_results(read_usebio(FIXTURES / "compscore-butler.xml"))
    tree = ET.parse(FIXTURES / "compscore-butler.xml")
    averages = {int(b.findtext("BOARD_NUMBER", "")): int(b.findtext("BOARD_AVERAGE", ""))
                for b in tree.getroot().iter("BOARD") if b.find("BOARD_AVERAGE") is not None}
    assert averages and {b.board.number: b.datum for b in results.boards} == averages


def test_salliere_howell() -> None:
    event = read_usebio(FIXTURES / "salliere-howell.xml")
    results = compute_results(event)
    assert event.date == "2026.04.05"  # DATE, not the TITLE (salliere swaps day and month in one of them)
    assert [k.group for k in results.rankings] == [""]  # every pair DIRECTION NS, yet a Howell
    artificial = [r for b in event.boards for r in b.results if r.artificial is not None]
    assert [(r.board, r.artificial.marker) for r in artificial] == [(3, "A6040")]  # type: ignore[union-attr]
    assert all(r.contract is None and r.score_ns is not None for b in event.boards for r in b.results
               if r.artificial is None)


def salliere_board(score: str, ns_mp: str, ew_mp: str) -> bytes:
    lines = [("1", "2", "100.0", "3.0", "3.0"), ("3", "4", "-50.0", "0.0", "6.0"), ("5", "6", "200.0", "6.0", "0.0"),
             ("7", "8", score, ns_mp, ew_mp)]
    return ("<?xml version='1.0'?><USEBIO Version='1.0'><EVENT EVENT_TYPE='MP_PAIRS'><BOARD>"
            "<BOARD_NUMBER>1</BOARD_NUMBER>" + "".join(
                f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{a}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{b}</EW_PAIR_NUMBER>"
                f"<SCORE>{s}</SCORE><NS_MATCH_POINTS>{n}</NS_MATCH_POINTS><EW_MATCH_POINTS>{e}</EW_MATCH_POINTS>"
                f"</TRAVELLER_LINE>" for a, b, s, n, e in lines) + "</BOARD></EVENT></USEBIO>").encode()


def test_salliere_score_zero_is_artificial_only_when_its_figures_say_so() -> None:
    # a real 0 between -50 and 100: beats one, 2 MPs of 6 ... here the file gives 60 % / 40 %: artificial
    artificial = read_usebio(salliere_board("0.0", "3.6", "2.4")).boards[0].results[3]
    assert artificial.artificial is not None and artificial.artificial.pct_ns == 60.0
    # the same line with what a pass-out earns (2 MPs, Neuberg-free): a pass-out
    passed = read_usebio(salliere_board("0.0", "2.0", "4.0")).boards[0].results[3]
    assert passed.artificial is None and passed.score_ns == 0


def test_mitchell_numbered_from_one_both_ways_keeps_the_direction_in_the_id() -> None:
    xml = ("<USEBIO Version='1.2'><EVENT EVENT_TYPE='MP_PAIRS'><PARTICIPANTS>"
           + "".join(f"<PAIR><PAIR_NUMBER>{n}{d}</PAIR_NUMBER><DIRECTION>{d}</DIRECTION></PAIR>"
                     for n in (1, 2) for d in ("NS", "EW"))
           + "</PARTICIPANTS><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>"
           + "".join(f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{n}NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{e}</EW_PAIR_NUMBER>"
                     f"<CONTRACT>3NT</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>{t}</TRICKS><SCORE>{s}</SCORE>"
                     f"</TRAVELLER_LINE>" for n, e, t, s in ((1, 2, 9, 400), (2, 1, 8, -50)))
           + "</BOARD></EVENT></USEBIO>")
    event = read_usebio(xml.encode())
    assert [(r.ns, r.ew) for r in event.boards[0].results] == [("1NS", "2EW"), ("2NS", "1EW")]
    assert [p.id for p in event.participants] == ["1EW", "1NS", "2EW", "2NS"]


@pytest.mark.parametrize("name", USEBIO_FIXTURES)
def test_round_trip_read_write_read_gives_the_same_figures(name: str) -> None:
    event = read_usebio(FIXTURES / name)
    results = compute_results(event)
    written = write_usebio(event, results)
    assert written.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE USEBIO')
    back = read_usebio(written)
    again = compute_results(back)
    assert figures(again) == figures(results)
    assert again.differences == () and back.problems == ()
    assert figures_compared(back)["lines"] == figures_compared(event)["lines"]
    assert [b.deal for b in back.boards] == [b.deal for b in event.boards]


@pytest.mark.parametrize("path", [SAMPLES / "sample-pairs.pbn", FIXTURES / "club-latin1-crlf.pbn"])
def test_a_pbn_pairs_event_written_as_usebio_reads_back_the_same(path: Path) -> None:
    event = read_pbn(path)
    results = compute_results(event)
    again = compute_results(read_usebio(write_usebio(event, results)))
    assert figures(again) == figures(results)


def test_individuals_and_summed_cross_imps_are_not_written() -> None:
    individual = read_pbn(FIXTURES / "swedish-individual.pbn")
    with pytest.raises(ValueError, match="individual event is not supported"):
        write_usebio(individual, compute_results(individual))
    event = read_usebio(FIXTURES / "compscore-ximp.xml")
    with pytest.raises(ValueError, match="summed cross-IMPs have no USEBIO form"):
        write_usebio(event, compute_results(event, method="cross-imps"))


@pytest.mark.parametrize(("data", "line", "message"), [
    (b"<html><body><p>results</body></html>", 1, "not well-formed XML: mismatched tag"),
    (b"<?xml version='1.0'?>\n<results/>", 2, "not a USEBIO file: the root element is <results>"),
    (b"<?xml version='1.0'?>\n<USEBIO Version='1.2'>\n<CLUB/>\n</USEBIO>", 2, "USEBIO file without <EVENT>"),
    (b"<?xml version='1.0'?>\n<!DOCTYPE USEBIO [\n<!ENTITY a 'aaaaaaaaaa'>\n<!ENTITY b '&a;&a;&a;&a;'>\n]>\n"
     b"<USEBIO Version='1.2'><EVENT>&b;</EVENT></USEBIO>", 3, "declares the entity 'a'"),
    (b"<USEBIO Version='1.2'>\n<EVENT EVENT_TYPE='SWISS_TEAMS'/></USEBIO>", 2,
     "teams event (EVENT_TYPE 'SWISS_TEAMS') without <MATCH>"),
    (b"<USEBIO Version='1.2'>\n<EVENT EVENT_TYPE='SWISS_TEAMS'><MATCH_SCORING_METHOD>IMPS</MATCH_SCORING_METHOD>"
     b"<MATCH/></EVENT></USEBIO>", 2, "MATCH_SCORING_METHOD 'IMPS' are not read: expected VPS"),
    (b"<USEBIO Version='1.2'>\n<EVENT EVENT_TYPE='BAM'><SCORING_METHOD>IMPS</SCORING_METHOD></EVENT></USEBIO>", 2,
     "unknown USEBIO scoring"),
])
def test_bad_input_is_one_error_with_its_line(data: bytes, line: int, message: str) -> None:
    with pytest.raises(PBNError) as caught:
        read_usebio(data, source="bad.xml")
    assert str(caught.value).startswith(f"bad.xml:{line}: ")
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_missing_elements_are_named_with_their_line() -> None:
    data = (b"<USEBIO Version='1.2'>\n<EVENT EVENT_TYPE='MP_PAIRS'>\n<PARTICIPANTS><PAIR/></PARTICIPANTS>\n"
            b"<BOARD><TRAVELLER_LINE/></BOARD>\n<BOARD><BOARD_NUMBER>2</BOARD_NUMBER>\n"
            b"<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER></TRAVELLER_LINE>\n"
            b"<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
            b"<CONTRACT>9Z</CONTRACT></TRAVELLER_LINE>\n</BOARD></EVENT></USEBIO>")
    problems = [str(p) for p in read_usebio(data, source="x.xml").problems]
    assert problems == [
        "x.xml:3: <PAIR> without <PAIR_NUMBER>: expected e.g. <PAIR_NUMBER>1</PAIR_NUMBER>",
        "x.xml:4: <BOARD> without <BOARD_NUMBER>: expected <BOARD_NUMBER>1</BOARD_NUMBER>",
        "x.xml:6: board 2: <TRAVELLER_LINE> without <EW_PAIR_NUMBER>: expected the pair numbers, e.g. "
        "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>",
        "x.xml:7: board 2: cannot read contract '9Z': expected e.g. 4H, 3NT, 3N, 4SX, 7NTXX or Pass",
    ]


def test_is_xml() -> None:
    assert is_xml(b"\xef\xbb\xbf<?xml version='1.0'?><USEBIO/>") and is_xml(b"\n  <USEBIO Version='1.2'>")
    assert not is_xml(b'% PBN 2.1\n[Event "x"]') and not is_xml(b"")


def test_cli_results_reads_usebio_by_name_or_content(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    disguised = tmp_path / "event.pbn"  # XML content under a PBN name: read as USEBIO
    disguised.write_bytes((FIXTURES / "salliere-ximp.xml").read_bytes())
    for path in (FIXTURES / "compscore-mp-mitchell.xml", disguised):
        assert main(["results", str(path), "--format", "json"]) == 0
        document = json.loads(capsys.readouterr().out)
        assert document["differences"] == [] and document["ranking"]


def test_cli_pbn_usebio_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.xml"
    assert main(["pbn", str(FIXTURES / "compscore-butler.xml"), "--usebio", "-o", str(out)]) == 0
    assert main(["results", str(out), "--format", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["method"] == "butler" and document["differences"] == []
    assert main(["pbn", str(FIXTURES / "compscore-butler.xml"), "--export"]) == 1
    assert "has no PBN games to export" in capsys.readouterr().err


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "big.xml"
    path.write_bytes((FIXTURES / "compscore-ximp.xml").read_bytes())
    with pytest.raises(PBNError, match=r"big.xml:0: the file is \d+ bytes, more than the 1000 bytes"):
        read_usebio(path, max_bytes=1000)
    assert read_usebio(path, max_bytes=None).boards


def test_nesting_deeper_than_usebio_is_refused() -> None:
    with pytest.raises(PBNError, match="<deep>:1: elements nested more than 32 deep"):
        read_usebio(b"<USEBIO>" + b"<a>" * 100_000 + b"</a>" * 100_000 + b"</USEBIO>", source="<deep>")


def test_cli_pbn_summary_of_a_usebio_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pbn", str(FIXTURES / "salliere-howell.xml")]) == 0
    assert capsys.readouterr().out.endswith(": USEBIO 1.0, 6 boards, 24 results, pairs; 0 problem(s)\n")


# ------------------------------------------------------------------------------------------ teams
TEAMS_FIXTURES = ["compscore-swiss-teams.xml", "usebio10-teams.xml"]


def team_figures(results: EventResults) -> tuple[object, ...]:
    """Our figures of a teams event: every played line's (rooms, score, IMPs), every match's, the ranking."""
    lines = tuple((b.board.number, ln.result.ns, ln.result.ew, ln.result.home, ln.score_ns, ln.imp_ns, ln.imp_ew)
                  for b in results.boards for ln in b.lines if not ln.result.not_played)
    matches = tuple(sorted((m.round, m.home, m.visit, m.imps_home, m.imps_visit, m.boards, m.vp_home, m.vp_visit)
                           for m in results.matches if m.boards))  # a match not played is not written
    ranks = tuple((e.rank, e.id, e.names, e.total, e.imps) for k in results.rankings for e in k.entries)
    return results.method, lines, matches, ranks


@pytest.mark.parametrize("name", TEAMS_FIXTURES)
def test_usebio_teams_agree_with_the_files_own_figures(name: str) -> None:
    event = read_usebio(FIXTURES / name)
    results = compute_results(event)
    assert event.kind is EventKind.TEAMS and event.problems == ()
    assert results.method == "imps" and results.differences == ()
    assert all(len(b.results) % 2 == 0 for b in event.boards)  # both rooms of every match
    # every figure the file prints took part: a score per line, the net IMPs per board and match, both
    # teams' VPs per match, VP total and place per team
    scores = sum(1 for b in event.boards for r in b.results if r.contract is not None)
    imps = sum(1 for b in event.boards for r in b.results if r.theirs)
    assert results.compared == scores + imps + 2 * len(results.matches) + 2 * len(event.participants)
    assert imps == sum(len(b.results) for b in event.boards) // 2


def test_compscore_swiss_teams() -> None:
    event = read_usebio(FIXTURES / "compscore-swiss-teams.xml")
    results = compute_results(event)
    assert (event.name, event.date, event.version) == ("Winter Swiss Teams", "2026.11.21", "USEBIO 1.2")
    assert [p.id for p in event.participants] == ["Otters", "Quince & Co", "Kestrels", "Lantern Knights"]
    assert len(results.matches) == 6 and {m.round for m in results.matches} == {"1", "2", "3"}
    assert all(m.boards == 4 and m.vp_home + m.vp_visit == pytest.approx(20) for m in results.matches)
    (ranking,) = results.rankings
    assert ranking.unit == "VP" and [e.rank for e in ranking.entries] == ["1", "2", "3", "4"]
    assert ranking.entries[0].names == "Elif Sable, Femi Vesper, Greta Thorne, Hugo Wren"  # the team's players
    # round 2, Lantern Knights (team 2: pairs 3 and 4) v Quince & Co: DIRECTION empty and the closed room
    # first, so the pair numbers tell the rooms: pair 3 sits NS in the room where its team is NS
    quirk = [r for b in event.boards for r in b.results if r.round == "2" and r.home == "Lantern Knights"]
    assert quirk and all((r.ns == "Lantern Knights") == (r.names_ns == "Ada Quill - Bruno Thorne") for r in quirk)
    assert {(r.room, r.ns) for r in quirk} == {("Open", "Lantern Knights"), ("Closed", "Quince & Co")}
    assert quirk[0].room == "Closed"  # listed first in the file
    passed = [r for b in event.boards for r in b.results if r.contract is not None and r.contract.is_passed_out]
    assert passed and all(r.score_ns == 0 and not r.not_played for r in passed)  # a pass-out, played
    assert all(b.deal is not None and b.deal.is_complete for b in event.boards)


def test_usebio10_teams_rooms_by_order_and_team_elements() -> None:
    event = read_usebio(FIXTURES / "usebio10-teams.xml")
    results = compute_results(event)
    assert (event.date, event.version) == ("2026.11.22", "USEBIO 1.0")
    (match,) = results.matches
    assert (match.home, match.visit, match.boards) == ("Lantern Knights", "Otters", 6)
    # every DIRECTION empty and no pair numbers: the first line of a board is the home team's NS room
    assert all([r.ns for r in b.results] == ["Lantern Knights", "Otters"] for b in event.boards)
    assert all(r.score_ns is not None and float(r.score_ns) == r.score_ns for b in event.boards for r in b.results)


@pytest.mark.parametrize(("name", "element", "item"), [
    ("compscore-swiss-teams.xml", "TEAM_SCORE", "VP_Home"),
    ("compscore-swiss-teams.xml", "OPPOSING_TEAM_SCORE", "VP_Visit"),
    ("compscore-swiss-teams.xml", "IMPS", "IMP_NS"),
    ("compscore-swiss-teams.xml", "SCORE", "Score_NS"),
    ("usebio10-teams.xml", "TOTAL_SCORE", "TotalScoreVP"),
    ("usebio10-teams.xml", "PLACE", "Rank"),
    ("compscore-butler.xml", "BOARD_AVERAGE", "Datum"),
])
def test_a_changed_teams_or_datum_figure_is_a_difference(name: str, element: str, item: str) -> None:
    test_a_changed_figure_is_a_difference(name, element, item)


def test_board_average_is_kept_and_compared() -> None:
    event = read_usebio(FIXTURES / "compscore-butler.xml")
    results = compute_results(event)
    assert all(b.their("Datum") == str(s.datum) for b, s in zip(event.boards, results.boards))
    assert results.compared - compute_results(replace_datums(event)).compared == len(event.boards)


def replace_datums(event: Event) -> Event:
    from dataclasses import replace
    return replace(event, boards=tuple(replace(b, theirs=()) for b in event.boards))


@pytest.mark.parametrize("source", [FIXTURES / "compscore-swiss-teams.xml", FIXTURES / "usebio10-teams.xml",
                                    SAMPLES / "sample-teams.pbn", FIXTURES / "realbridge-teams.pbn",
                                    FIXTURES / "room-teams.pbn"])
def test_usebio_teams_round_trip(source: Path) -> None:
    event = read_usebio(source) if source.suffix == ".xml" else read_pbn(source)
    results = compute_results(event)
    written = write_usebio(event, results)
    back = read_usebio(written)
    again = compute_results(back)
    assert back.problems == () and again.differences == ()
    assert team_figures(again) == team_figures(results)
    assert again.compared > 0 and [b.deal for b in back.boards] == [b.deal for b in event.boards]


def test_cli_results_of_a_usebio_teams_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["results", str(FIXTURES / "compscore-swiss-teams.xml"), "--format", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["kind"] == "teams" and document["differences"] == []
    assert {"home", "visit", "imps_home", "imps_visit", "vp_home", "vp_visit", "round"} <= set(document["matches"][0])
    first = document["boards"][0]["results"][0]
    assert (first["room"], first["round"]) == ("Open", "1") and first["names_ns"] and first["names_ew"]
    assert [r["id"] for r in document["ranking"]] == ["Otters", "Quince & Co", "Kestrels", "Lantern Knights"]
    out = tmp_path / "teams.xml"
    assert main(["pbn", str(SAMPLES / "sample-teams.pbn"), "--usebio", "-o", str(out)]) == 0
    assert main(["results", str(out), "--format", "text"]) == 0
    text = capsys.readouterr().out
    assert "Matches" in text and "differences: 0" in text


@pytest.mark.parametrize(("xml", "line", "message"), [
    ("<MATCH>\n<TEAM>1</TEAM>\n</MATCH>", 3, "<MATCH> without <OPPOSING_TEAM>"),
    ("<MATCH><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>\n<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n"
     "<TRAVELLER_LINE><DIRECTION>NS</DIRECTION><SCORE>100</SCORE></TRAVELLER_LINE>\n"
     "<TRAVELLER_LINE><DIRECTION>NS</DIRECTION><SCORE>90</SCORE></TRAVELLER_LINE></BOARD></MATCH>", 6,
     "board 1: 1 sits NS in both rooms of the match with 2"),
    ("<PARTICIPANTS>\n<TEAM/></PARTICIPANTS><MATCH><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM></MATCH>", 4,
     "<TEAM> without TEAM_ID or TEAM_NAME"),
])
def test_bad_teams_input_is_a_problem_with_its_line(xml: str, line: int, message: str) -> None:
    data = f"<USEBIO Version='1.2'>\n<EVENT EVENT_TYPE='SWISS_TEAMS'>\n{xml}</EVENT></USEBIO>".encode()
    problems = [str(p) for p in read_usebio(data, source="t.xml").problems]
    assert len(problems) == 1 and problems[0].startswith(f"t.xml:{line}: {message}"), problems


def test_an_english_cross_imp_file_shows_two_imps_for_an_artificial_score() -> None:
    lines = "".join(f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
                    f"<SCORE>{score}</SCORE>{figures}</TRAVELLER_LINE>"
                    for ns, ew, score, figures in (
                        ("1", "2", "420", ""), ("3", "4", "450", ""), ("5", "6", "-50", ""),
                        ("7", "8", "A6040", "<NS_CROSS_IMP_POINTS>2.00</NS_CROSS_IMP_POINTS>"
                                            "<EW_CROSS_IMP_POINTS>-2.00</EW_CROSS_IMP_POINTS>")))
    data = (f"<USEBIO Version='1.2'><EVENT EVENT_TYPE='CROSS_IMP'><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{lines}"
            f"</BOARD></EVENT></USEBIO>").encode()
    results = compute_results(read_usebio(data))
    assert (results.artificial, results.compared, results.differences) == ("ebu", 2, ())
    assert compute_results(read_usebio(data), artificial="ruter").differences != ()


def test_make_usebio_fixtures_reproduces_the_committed_files(tmp_path):
    """The USEBIO fixtures are what their generator writes, with its own arithmetic (scoring_by_hand.py)."""
    out = tmp_path / "tests" / "events" / "fixtures"
    out.mkdir(parents=True)
    subprocess.run([sys.executable, str(FIXTURES / "make_usebio_fixtures.py")], cwd=tmp_path, check=True)
    written = sorted(p.name for p in out.iterdir())
    assert len(written) == 7
    assert [name for name in written if (out / name).read_bytes() != (FIXTURES / name).read_bytes()] == []
