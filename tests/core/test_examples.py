"""The worked examples in source/examples run as doctests (sphinx.ext.doctest), fast: no conf.py."""
import re
from pathlib import Path

from sphinx.cmd.build import build_main

EXAMPLES = Path(__file__).resolve().parents[2] / "source" / "examples"
LAWS = (2, 12, 18, 19, 22, 27, 44, 64, 77, 78, 86, 88)


def test_one_page_per_computational_law_with_metadata_first():
    for law in LAWS:
        page = EXAMPLES / f"law-{law:02d}.rst"
        text = page.read_text(encoding="utf-8")
        assert text.startswith(f":illustrates: {law}\n"), page
        assert ".. doctest::" in text, page
    index = (EXAMPLES / "index.rst").read_text(encoding="utf-8")
    assert all(f"law-{law:02d}" in index for law in LAWS)


def test_examples_run_as_doctests(tmp_path):
    status = build_main(["-b", "doctest", "-C", "-D", "extensions=sphinx.ext.doctest", "-q",
                         str(EXAMPLES), str(tmp_path)])
    report = (tmp_path / "output.txt").read_text(encoding="utf-8")
    assert status == 0, report
    totals = report.split("Doctest summary")[-1]
    tests = int(re.search(r"(\d+) tests", totals).group(1))
    failures = int(re.search(r"(\d+) failures in tests", totals).group(1))
    assert failures == 0, report
    assert tests >= 90, f"only {tests} doctest examples ran:\n{report}"
