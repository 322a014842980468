"""The one Chinese date of the project (``corpus.printed.chinese_date``): the build date on a law and
a download, an event's date on its pages and on the site's list of events."""
import datetime
import doctest

from rules_ext.corpus import printed
from rules_ext.corpus.printed import build_date, chinese_date


def test_docstring_examples():
    result = doctest.testmod(printed)
    assert result.attempted >= 2 and result.failed == 0


def test_a_reproducible_build_prints_the_day_of_its_source_date():
    # 2026-12-01 00:00 UTC
    assert build_date({"SOURCE_DATE_EPOCH": "1796083200"}) == "2026年12月1日"


def test_dates_as_files_write_them_and_other_text():
    assert chinese_date(datetime.date(2026, 1, 6)) == "2026年1月6日"
    assert chinese_date(" 2026.11.26 ") == "2026年11月26日"
    assert chinese_date("2026-11-26") == "2026年11月26日"
    assert chinese_date("26/11/2026") == "26/11/2026"  # not read: as given
    assert chinese_date("") == ""
