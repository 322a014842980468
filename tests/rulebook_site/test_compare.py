"""Comparison pages: closing paragraphs are compared where they were printed."""
from __future__ import annotations

import pytest

from rules_ext.corpus.model import Law, Provision
from rules_ext.rulebook_site import compare


def _p(label, text, children=(), closing=""):
    return Provision(label=label, kind="section" if len(label) == 2 else "item", text=text,
                     original_text=text, children=list(children), closing=closing)


def _law(*provisions):
    return Law(5, "座位", False, "第二章", (), (1, 1), provisions=list(provisions))


def test_closing_paragraph_has_its_own_row_after_its_children():
    old = _law(_p("5A", "座位由抽签决定。", [_p("5A1", "东西方先入座。"), _p("5A2", "南北方后入座。")],
                  closing="以上两项由裁判长监督执行。"),
               _p("5B", "比赛中不得更换座位。"))
    new = _law(_p("5A", "座位由抽签决定。", [_p("5A1", "东西方先入座。"), _p("5A2", "南北方后入座。")],
                  closing="以上两项均由裁判长监督执行。"),
               _p("5B", "比赛中不得更换座位。"))
    parts = compare.parts(old)
    assert [p.name for p in parts] == ["5A", "5A1", "5A2", "5A末段", "5B"]
    assert parts[3].text == "以上两项由裁判长监督执行。"
    rows = compare.align(parts, compare.parts(new))
    assert [(r.old.name, r.new.name, r.relation) for r in rows] == [  # type: ignore[union-attr]
        ("5A", "5A", "same"), ("5A1", "5A1", "same"), ("5A2", "5A2", "same"),
        ("5A末段", "5A末段", "same"), ("5B", "5B", "same")]
    assert 0.9 < rows[3].ratio < 1
    # the wording comparison of the law counts the closing paragraph: it differs by one character
    assert 0.97 < compare.aligned_similarity(rows) < 1


def test_closing_paragraph_in_one_edition_only_stays_in_place():
    old = _law(_p("5A", "座位由抽签决定。", [_p("5A1", "东西方先入座。")], closing="以上由裁判长监督执行。"),
               _p("5B", "比赛中不得更换座位。"))
    new = _law(_p("5A", "座位由抽签决定。", [_p("5A1", "东西方先入座。")]), _p("5B", "比赛中不得更换座位。"))
    rows = compare.align(compare.parts(old), compare.parts(new))
    names = [(r.old.name if r.old else None, r.new.name if r.new else None, r.relation) for r in rows]
    assert names == [("5A", "5A", "same"), ("5A1", "5A1", "same"), ("5A末段", None, "old-only"),
                     ("5B", "5B", "same")]
    assert compare.aligned_similarity(rows) < 1
    # the row links to its provision and names the closing paragraph; the text is diffed as deleted
    from rules_ext.corpus.model import Edition

    data = compare.row_data(rows[2], Edition("1991", "a", "a.txt"), Edition("1999", "b", "b.txt"))
    assert data["label"] == ":law:ref:`5A <1991:5A>`\\ 末段"
    assert "以上由裁判长监督执行" in data["left"] and "diff-del" in data["left"]
    assert data["right"] == "—"


@pytest.mark.slow
def test_real_comparison_shows_closing_paragraphs_in_place(real_site):
    import re

    page = (real_site.outdir / "compare/law-25.html").read_text(encoding="utf-8")
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", page, re.S)
    names = [re.sub(r"<[^>]+>|\s", "", re.findall(r"<td>(.*?)</td>", r, re.S)[0]) for r in rows[1:]]
    # 1991 25B2b's closing line (governing (1) and (2)) after its two items, before 25B2c
    closing = names.index("25B2b末段")
    assert names.index("25B2b2") < closing < names.index("25B2c"), names
    assert "参阅23条A款" in re.sub(r"<[^>]+>", "", rows[1 + closing])
    assert 'href="../1991/law-25.html#25B2b"' in rows[1 + closing]
