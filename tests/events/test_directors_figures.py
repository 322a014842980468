"""The director's hand-entered figures in a USEBIO file are kept as the director's, never replaced by ours
silently; a correction keeps the USEBIO export; ``publish --figures file|ours`` as the sheets. The
fixture (fixtures/session-2.xml, made by make_session_fixtures.py) is edited here as a director would:
on board 2 the 620 of pairs 1 and 4 (3.0 / 1.0, as the other 620) typed 4.0 / 0.0."""
from __future__ import annotations

import re
from pathlib import Path

from rules_ext.cli import main
from rules_ext.events.corrections.apply import corrected
from rules_ext.events.scoring.results import compute_results
from rules_ext.events.usebio.reader import read_usebio
from rules_ext.events.usebio.writer import write_usebio

FIXTURES = Path(__file__).parent / "fixtures"
LINE = "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>\n<EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>\n"


def _hand_entered() -> str:
    xml = (FIXTURES / "session-2.xml").read_text()
    at = xml.index(LINE)
    end = xml.index("</TRAVELLER_LINE>", at)
    line = xml[at:end].replace("<NS_MATCH_POINTS>3.0<", "<NS_MATCH_POINTS>4.0<").replace(
        "<EW_MATCH_POINTS>1.0<", "<EW_MATCH_POINTS>0.0<")
    return xml[:at] + line + xml[end:]


def test_a_figure_no_rule_gives_is_kept_as_the_directors():
    """Two results of 620 on one board are matchpointed alike (3.0 each, beating the -100 and tying):
    the one printed 4.0 / 0.0 was typed by hand. Kept: pair 1's session total is 5 + 1 = 6, pair 4's
    5 - 1 = 4; said in the conventions (before: replaced by ours, 3.0, and listed as a difference)."""
    results = compute_results(read_usebio(_hand_entered().encode()))
    line = next(ln for ln in results.boards[1].lines if (ln.result.ns, ln.result.ew) == ("1", "4"))
    assert (line.mp_ns, line.mp_ew, line.result.assigned) == (4.0, 0.0, (4.0, 0.0))
    conventions = {name: (value, why) for name, value, why in results.conventions}
    assert conventions["directors-figures"] == ("kept", "figures no rule gives, the director's: board 2, 1-4: 4/0")
    assert [d.item for d in results.differences if d.board is not None] == []
    totals = {e.id: e.total for e in results.rankings[0].entries}
    assert (totals["1"], totals["4"]) == (6, 4)


def test_an_artificial_score_given_other_figures_is_the_directors():
    """A5050 on a top of 4 is 2.0 / 2.0: one printed 3.0 / 1.0 is the director's."""
    xml = _hand_entered().replace("<SCORE>-100</SCORE>\n<NS_MATCH_POINTS>0.0</NS_MATCH_POINTS>\n"
                                  "<EW_MATCH_POINTS>4.0</EW_MATCH_POINTS>",
                                  "<SCORE>A5050</SCORE>\n<NS_MATCH_POINTS>3.0</NS_MATCH_POINTS>\n"
                                  "<EW_MATCH_POINTS>1.0</EW_MATCH_POINTS>", 1)
    results = compute_results(read_usebio(xml.encode()))
    art = next(ln for b in results.boards for ln in b.lines if ln.result.artificial is not None)
    assert (art.mp_ns, art.mp_ew) == (3.0, 1.0)
    why = {n: w for n, _, w in results.conventions}["directors-figures"]
    assert re.search(r"board \d, \d-\d: 3/1", why)


def test_a_plain_file_has_no_directors_figures():
    results = compute_results(read_usebio((FIXTURES / "session-2.xml").read_bytes()))
    assert "directors-figures" not in {n for n, _, _ in results.conventions}
    assert results.differences == ()


def test_a_correction_keeps_the_usebio_export(tmp_path):
    """A director's mp_ns / mp_ew in a corrections file on a result whose score is unique: the USEBIO
    written with our figures reads back to the director's figures (before: refused, the export dropped)."""
    fix = tmp_path / "fix.toml"
    fix.write_text('[[correction]]\nboard = 3\nns_pair = "4"\new_pair = "2"\nmp_ns = 3\nmp_ew = 1\n'
                   'reason = "the director\'s figure"\n')
    event, applied, _ = corrected(read_usebio((FIXTURES / "session-2.xml").read_bytes(), source="s2.xml"), fix)
    assert applied
    results = compute_results(event)
    xml = write_usebio(event, results, figures="ours").decode()
    line = re.search(r"<NS_PAIR_NUMBER>4</NS_PAIR_NUMBER>\s*<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>.*?</TRAVELLER_LINE>", xml,
                     re.S)
    assert line and re.search(r"<NS_MATCH_POINTS>3(\.0+)?</NS_MATCH_POINTS>", line[0]), line


def test_publish_takes_figures_file_or_ours(tmp_path, capsys):
    """The hand-entered file's totals (pair 1: 5.00 in the file, 6 ours) on the published ranking: ours
    by default, the file's with ``--figures file``, each marked † where they differ."""
    source = tmp_path / "hand.xml"
    source.write_text(_hand_entered())
    for figures, shown in (("ours", "6.00"), ("file", "5.00")):
        out = tmp_path / f"site-{figures}"
        assert main(["publish", str(source), "-o", str(out), "--no-pdf", "--figures", figures]) == 0
        index = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", (out / "index.html").read_text()))
        assert re.search(rf"Ada Quill - Bruno Rowan {re.escape(shown)}\s*†", index), figures
    capsys.readouterr()
