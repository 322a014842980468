"""`verify`: the tables of the delivered texts recomputed by the core."""
import copy

import pytest

from rules_ext.cli import main
from rules_ext.corpus import load_corpus
from rules_ext.verify import Finding, verify_corpus, verify_tables


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def test_known_1991_doubled_trick_score_finding(corpus):
    findings = verify_corpus(corpus)
    doubled = [f for f in findings if f.table == "law77A-trick-score" and f.row == "加倍时"]
    assert {(f.edition, f.label, f.column, f.printed, f.computed) for f in doubled} == {
        ("1991", "77A", "♥", "40", "60"), ("1991", "77A", "♠", "40", "60")}
    assert all(isinstance(f, Finding) for f in findings)


def test_every_table_of_1991_is_checked(corpus):
    reports = {r.table: r for r in verify_tables(corpus) if r.edition == "1991"}
    assert set(reports) >= {"law2-dealer", "law2-vulnerability", "law77A-trick-score", "law77B-premiums",
                            "law77C-undertricks", "law78B-imp"}
    assert all(r.checked > 0 for r in reports.values())
    assert reports["law78B-imp"].checked == 48          # 24 rows, both columns


@pytest.mark.parametrize("table_id, row, column, value", [
    ("law78B-imp", 0, 1, "2"),
    ("law77B-premiums", 0, 2, "550"),
    ("law77C-undertricks", 1, 2, "300"),
    ("law2-dealer", 0, 1, "1 5 9 12"),
    ("law2-vulnerability", 3, 1, "4 7 10 14"),
    ("law77A-trick-score", 0, 5, "30"),
])
def test_an_injected_misprint_is_found(corpus, table_id, row, column, value):
    changed = copy.deepcopy(corpus)
    edition = next(e for e in changed.editions if e.id == "1991")
    table = next(t for t in edition.tables if t.id == table_id)
    printed_before = table.rows[row][column]
    table.rows[row][column] = value
    before = {(f.table, f.row, f.column) for f in verify_corpus(corpus)}
    new = [f for f in verify_corpus(changed) if (f.table, f.row, f.column) not in before]
    assert new, f"changing {printed_before!r} to {value!r} went unnoticed"
    assert all(f.edition == "1991" and f.table == table_id for f in new)


def test_verify_command(capsys, tmp_path):
    out = tmp_path / "findings.json"
    assert main(["verify", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "1991:77A law77A-trick-score row '加倍时' column '♥': printed '40', computed '60'" in text
    assert '"computed": "60"' in out.read_text(encoding="utf-8")
    assert main(["verify", "--strict"]) == 2
