"""reportlab's private helpers that the PDF layer calls (rules_ext/pdf/reportlab_private.py) are
there with the signatures they were written against; and the line breaker built on them breaks a
run of Chinese characters (nothing for the kinsoku rule to move) where reportlab's own CJK breaker does.
"""
from __future__ import annotations

import inspect

import pytest
import reportlab
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.platypus import Paragraph
from reportlab.platypus import paragraph as rl_paragraph

from rules_ext.pdf import reportlab_private
from rules_ext.pdf.figures import KinsokuParagraph, cjk_style
from rules_ext.pdf.layout import Styles


@pytest.mark.parametrize("name", sorted(reportlab_private.CHECKED))
def test_each_private_call_has_the_signature_it_was_written_for(name):
    found = getattr(rl_paragraph, name, None)
    assert found is not None, f"reportlab {reportlab.Version} has no reportlab.platypus.paragraph.{name}"
    signature = str(inspect.signature(found))
    assert signature == reportlab_private.CHECKED[name], (
        f"reportlab {reportlab.Version} changed reportlab.platypus.paragraph.{name}: {signature}, "
        f"written for {reportlab_private.CHECKED[name]} (rules_ext/pdf/reportlab_private.py)")


def _lines(paragraph: Paragraph, width: float) -> list[str]:
    """The text of each line: reportlab gives a one-font paragraph (kind 0) as (space, words) pairs,
    ours every paragraph as lines of styled fragments (kind 1)."""
    paragraph.wrap(width, 1e6)
    broken = paragraph.blPara
    if broken.kind == 0:
        return ["".join(words) for _, words in broken.lines]
    return ["".join(getattr(f, "text", "") for f in line.words) for line in broken.lines]


@settings(max_examples=40)
@given(st.text(alphabet="裁判长到达明手庄家防守方出牌墩叫品", min_size=1, max_size=80), st.integers(40, 300))
def test_chinese_without_punctuation_breaks_as_reportlab_breaks_it(text, width):
    style = cjk_style(Styles(10).body)
    assert _lines(KinsokuParagraph(text, style), width) == _lines(Paragraph(text, style), width)
