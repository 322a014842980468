"""An event's date as a Chinese reader writes it: the pages' (:mod:`rules_ext.web.pages`) and the
site's list of published events (:mod:`rules_ext.cli.site_events`), which needs nothing else of the
pages (nor of the sheets they share their words with)."""
from __future__ import annotations

import re


def chinese_date(text: str) -> str:
    """A PBN or USEBIO date (``2026.11.26``, ``2026-11-26``) as a Chinese reader writes it
    (``2026年11月26日``); another as given.

    >>> chinese_date("2026.11.06"), chinese_date("2026-1-6"), chinese_date("Thursday")
    ('2026年11月6日', '2026年1月6日', 'Thursday')
    """
    m = re.fullmatch(r"(\d{4})[.-](\d{1,2})[.-](\d{1,2})", text.strip())
    return f"{m[1]}年{int(m[2])}月{int(m[3])}日" if m else text
