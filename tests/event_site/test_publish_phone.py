"""A published event's tables on a phone (375 px) in a real headless browser (chromium through
selenium: tests/rulebook_site/browser_tools.py): a column heading wraps between its words only (南北 / 得分,
东西 / 比赛分), never inside one (南 / 北, 东西得 / 分), on the traveller of a pairs board, on a
teams match and on the teams' ranking (名次, 国际分). The pages are published by the command
(``publish --no-pdf``) into a temporary folder and opened from ``file://``, as a director opens them.
"""
from __future__ import annotations

import re

import pytest
from browser_tools import chromium
from cli_runner import run_cli

from rules_ext.fileio import package_path
from rules_ext.pdf.layout import LABELS

pytestmark = pytest.mark.slow

PAIRS = package_path("rules_ext.events", "samples", "sample-pairs.pbn")
TEAMS = package_path("rules_ext.events", "samples", "sample-teams.pbn")

#: each visible heading of the page's tables: its text, and the lines the browser laid it out in
#: (its drawn characters grouped by the top of their line)
HEADING_LINES = r"""
const out = [];
for (const th of document.querySelectorAll("thead th")) {
  if (!th.offsetParent) continue;
  const lines = new Map();
  const walk = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    if (!node.parentElement.offsetParent) continue;
    for (let i = 0; i < node.data.length; i++) {
      const range = document.createRange();
      range.setStart(node, i); range.setEnd(node, i + 1);
      const rect = range.getBoundingClientRect();
      if (!rect.width) continue;
      const top = Math.round(rect.top);
      lines.set(top, (lines.get(top) || "") + node.data[i]);
    }
  }
  out.push([th.innerText.replace(/\s+/g, " ").trim(),
            [...lines.entries()].sort((a, b) => a[0] - b[0]).map(e => e[1].trim())]);
}
return out;
"""
#: the Chinese labels of the sheets, as a heading may be laid out: whole, or its side (南北, 东西) then the rest
LAID_OUT = {zh: [[zh]] + ([[zh[:2], zh[2:]]] if zh[:2] in ("南北", "东西") and len(zh) > 2 else [])
            for zh, _ in LABELS.values()}


def broken_words(driver) -> list[list[str]]:
    """The headings with a word broken across lines (as their lines): a label laid out otherwise
    than whole or after its side (牌 / 号, 南 / 北, 东西得 / 分), a Latin word (a team's name:
    Tige / rs) split."""
    broken = []
    for text, lines in driver.execute_script(HEADING_LINES):
        if (text in LAID_OUT and lines not in LAID_OUT[text]) or any(not any(word in line for line in lines) for word in re.findall(r"[A-Za-z0-9]+", text)):
            broken.append(lines)
    return broken


@pytest.mark.parametrize("sample, page, heading", [
    (PAIRS, "boards/1.html", "南北得分"),
    (TEAMS, "matches/1.html", "南北得分"),
    (TEAMS, "index.html", "国际分"),
])
def test_a_heading_wraps_between_words_only_on_a_phone(tmp_path, sample, page, heading):
    out = tmp_path / "event"
    done = run_cli("publish", sample, "-o", out, "--no-pdf", "--rulebook", "https://rules.example.org/", text=True)
    assert done.returncode == 0, done.stderr
    with chromium(375, 900) as driver:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 375, "height": 900, "deviceScaleFactor": 1, "mobile": True})
        driver.get((out / page).as_uri())
        headings = [text for text, _ in driver.execute_script(HEADING_LINES)]
        assert heading in headings, headings
        assert broken_words(driver) == []
        assert driver.execute_script("return document.documentElement.scrollWidth") <= 375
