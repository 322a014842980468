"""A damaged cell is kept, not fatal: a contract typed ``42`` keeps the program's own score and figures for
its line, is named in one warning (``file:line: board N: …, the file's score kept``) and is marked ‡ on
every sheet and page; a row with nothing of the file's to keep is still a problem (``--keep-going``
leaves its board out). The fixture is invented (fixtures/make_session_fixtures.py): board 1's third row
(line 16) is 420 with matchpoints 3.0 / 3.0, the others 420 (3.0), 450 (6.0) and -50 (0.0) on a top of 6."""
from __future__ import annotations

import json
import re
from pathlib import Path

from pypdf import PdfReader

from rules_ext.cli import main
from rules_ext.event_site.pages import Publication, event_pages
from rules_ext.events import compute_results, read_pbn
from rules_ext.events.usebio.reader import read_usebio

FIXTURES = Path(__file__).parent / "fixtures"
DAMAGED = FIXTURES / "damaged-contract.pbn"
WARNING = (f"{DAMAGED}:16: board 1: cannot read contract '42': expected e.g. 4H, 3NT, 3N, 4SX, 7NTXX or Pass, "
           f"the file's score kept")


def test_the_row_keeps_the_files_score_and_figures():
    event = read_pbn(DAMAGED)
    assert event.problems == ()
    assert [str(w) for w in event.warnings] == [WARNING.replace(str(DAMAGED), str(DAMAGED))]
    kept = event.boards[0].results[2]
    assert (kept.contract, kept.damaged, kept.score_ns, kept.tricks, kept.assigned) == (None, "42", 420, 10, (3.0, 3.0))
    results = compute_results(event)
    lines = results.boards[0].lines
    # the other rows are matchpointed against its 420 as the program did: 3.0, 6.0, 0.0
    assert [(ln.score_ns, ln.mp_ns, ln.mp_ew) for ln in lines] == [(420, 3, 3), (450, 6, 0), (420, 3, 3), (-50, 0, 6)]
    assert results.differences == ()
    # its own figures are the file's: not compared with themselves
    assert dict(results.not_compared) == {"kept from the file": 2}


def test_the_command_line_names_it_once_and_marks_it(tmp_path, capsys):
    assert main(["results", str(DAMAGED), "--lang", "en"]) == 0
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [f"warning: {WARNING}"]
    assert re.search(r"\n  3   7   42‡ +N +10 +420 ", captured.out)
    assert f"Kept from the file (1), marked ‡\n  {WARNING}" in captured.out
    assert main(["results", str(DAMAGED), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["warnings"] == [WARNING] and data["boards"][0]["results"][2]["damaged"] == "42"
    pdf = tmp_path / "r.pdf"
    assert main(["results", str(DAMAGED), "-o", str(pdf), "--lang", "en"]) == 0
    text = " ".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "marked ‡: the file's score kept" in text and "42‡" in text
    event = read_pbn(DAMAGED)
    pages = event_pages(Publication(event, compute_results(event)))
    assert "42‡" in pages["boards/1.html"] and "‡" in pages["index.html"]


def test_a_row_without_a_score_of_its_own_is_still_a_problem(capsys):
    text = DAMAGED.read_text().replace(' 3  7 42   N 10  "420"      - ', ' 3  7 42   N 10      -      - ')
    event = read_pbn(text)
    assert [p.problem for p in event.problems] == [
        "board 1: cannot read contract '42': expected e.g. 4H, 3NT, 3N, 4SX, 7NTXX or Pass"]
    assert event.warnings == ()


def test_a_damaged_usebio_contract_is_kept_too():
    xml = (FIXTURES / "session-2.xml").read_text().replace("<CONTRACT>2D</CONTRACT>", "<CONTRACT>2Q</CONTRACT>")
    event = read_usebio(xml.encode())
    assert event.problems == ()
    (warning,) = event.warnings
    assert warning.problem.startswith("board 1: cannot read contract '2Q'") and warning.problem.endswith(
        ", the file's score kept")
    results = compute_results(event)
    kept = next(ln for ln in results.boards[0].lines if ln.result.damaged)
    assert (kept.score_ns, kept.mp_ns, kept.mp_ew) == (-90, 0, 4)
    assert results.differences == ()
