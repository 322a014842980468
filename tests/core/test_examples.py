"""The worked examples in source/examples run as doctests (sphinx.ext.doctest), fast: no conf.py."""
import doctest
import re
import shutil
from pathlib import Path

from sphinx.cmd.build import build_main

EXAMPLES = Path(__file__).resolve().parents[2] / "source" / "examples"
LAWS = (2, 12, 18, 19, 22, 27, 29, 44, 64, 77, 78, 86, 88)


def test_one_page_per_computational_law_with_metadata_first():
    for law in LAWS:
        page = EXAMPLES / f"law-{law:02d}.rst"
        text = page.read_text(encoding="utf-8")
        assert text.startswith(f":illustrates: {law}\n"), page
        assert ".. doctest::" in text, page
    index = (EXAMPLES / "index.rst").read_text(encoding="utf-8")
    assert all(f"law-{law:02d}" in index for law in LAWS)


# as conf.py sets them: exception details are compared (Sphinx's default flags ignore them)
FLAGS = doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1


def run_doctests(source, out):
    """Build ``source`` with the doctest builder as the site does; return (status, report)."""
    status = build_main(["-b", "doctest", "-C", "-W", "-D", "extensions=sphinx.ext.doctest,rules_ext.rulebook_site.quote,rules_ext.rulebook_site.reading",
                         "-D", f"doctest_default_flags={FLAGS}", "-q", str(source), str(out)])
    return status, (out / "output.txt").read_text(encoding="utf-8") if (out / "output.txt").exists() else ""


def test_conf_compares_exception_details():
    conf = (EXAMPLES.parents[1] / "conf.py").read_text(encoding="utf-8")
    assert "doctest_default_flags = doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1" in conf


def test_an_example_raising_the_wrong_error_fails(tmp_path):
    # law-44's old example: it printed the 44C message while the core raised 44B
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "index.rst").write_text("""Wrong error
===========

.. doctest::

   >>> from rules_ext.core import Card, Contract, Deal, PlayRecord
   >>> deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
   >>> PlayRecord(deal, Contract.parse("4SN"), (Card.parse("CA"), Card.parse("D2")))
   Traceback (most recent call last):
   ...
   rules_ext.core.play.PlayError: Law 44C: trick 1: S played D2 but holds clubs and must follow suit (CA led)
""", encoding="utf-8")
    status, report = run_doctests(tmp_path / "src", tmp_path / "out")
    assert status != 0 and "1 failures" in report, report


def test_a_quote_whose_keyword_is_not_in_the_provision_fails(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "index.rst").write_text("Quote\n=====\n\n.. law-quote:: 29A\n   :edition: 1991\n"
                                   "   :keyword: 即行丧失\n", encoding="utf-8")
    status, _ = run_doctests(src, tmp_path / "out")
    assert status != 0   # 1991 29A is the cancellation; the loss of the right is 29B
    (src / "index.rst").write_text("Quote\n=====\n\n.. law-quote:: 29B\n   :edition: 1991\n"
                                   "   :keyword: 即行丧失\n", encoding="utf-8")
    shutil.rmtree(tmp_path / "out")
    status, _ = run_doctests(src, tmp_path / "out")
    assert status == 0


def test_examples_run_as_doctests(tmp_path):
    status, report = run_doctests(EXAMPLES, tmp_path)
    assert status == 0, report
    totals = report.split("Doctest summary")[-1]
    tests = int(re.search(r"(\d+) tests", totals).group(1))
    failures = int(re.search(r"(\d+) failures in tests", totals).group(1))
    assert failures == 0, report
    assert tests >= 90, f"only {tests} doctest examples ran:\n{report}"
