"""Arbitrary text never crashes the parser: it reports problems with line numbers instead."""
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_ext.corpus import DEFAULT_TEXTS, parse

PIECES = ["第5条：排定座位", "第1条：牌", "（A）洗牌", "A．初始位置", "(B)换位", "1.由赛员发牌",
          "（a）召请的时间", "（1）让第一个叫牌成立", "（注）虽系重复", "第三章 比赛的准备与进行",
          "第一部分 正确的程序", "第二节 竞叫结束", "中国桥牌竞赛规则", "中国桥牌竞赛规则前言",
          "中国桥牌竞赛规则定义", "中国桥牌竞赛规则规则1999版", "…中国桥牌竞赛规则_百度百科",
          "清除历史记录关闭", "参阅50条", "黑桃&、红心&、方块¨、梅花§", "1991", "", "　　",
          "***B***", "比赛开始前，每副牌都要均匀地洗好。", "Adjusted Score 调整分", "9:52:53 &&",
          "关于中国桥牌比赛的规则4", "第二章 基本要求", "第十一章 申述"]

line = st.one_of(st.sampled_from(PIECES), st.text(max_size=30))
files = st.lists(st.lists(line, max_size=40), min_size=1, max_size=3)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(files)
def test_arbitrary_text_never_crashes(tmp_path_factory, contents):
    d = tmp_path_factory.mktemp("texts")
    for i, lines in enumerate(contents):
        (d / f"{i:03d}_x.txt").write_text("\n".join(lines), encoding="utf-8")
    result = parse(d)  # must not raise
    for p in result.problems:
        assert isinstance(p, str) and p
    total = sum(len("\n".join(lines).splitlines()) for lines in contents)
    accounted = sum(len(v) for v in result.corpus.places.values())
    unaccounted = [p for p in result.problems if "line not accounted for" in p]
    # every line is either accounted for or reported with its file and line number
    assert accounted + len(unaccounted) >= total
    for p in unaccounted:
        name, number = p.split(":")[0], p.split(":")[1]
        assert name.endswith(".txt") and number.isdigit()


def test_not_utf8_is_reported(tmp_path: Path):
    (tmp_path / "000_bad.txt").write_bytes(b"\xff\xfe\x00bad")
    result = parse(tmp_path)
    assert any("UTF-8" in p for p in result.problems)
    assert result.corpus.editions == []


def test_empty_directory(tmp_path: Path):
    result = parse(tmp_path)
    assert result.corpus.editions == [] and result.problems == []


REAL = sorted(DEFAULT_TEXTS.glob("*.txt"))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, len(REAL) - 1), st.lists(st.integers(0, 1400), max_size=60), st.randoms())
def test_damaged_real_texts_never_crash(tmp_path_factory, which, drop, rnd):
    """The real files with lines deleted and a few swapped: the parser still reports, not raises."""
    lines = REAL[which].read_text(encoding="utf-8").splitlines()
    lines = [ln for i, ln in enumerate(lines) if i not in set(drop)]
    for _ in range(5):
        i, j = rnd.randrange(len(lines)), rnd.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    d = tmp_path_factory.mktemp("damaged")
    (d / REAL[which].name).write_text("\n".join(lines), encoding="utf-8")
    result = parse(d)
    assert all(isinstance(p, str) for p in result.problems)


def test_a_file_that_is_not_a_rule_text_is_reported(tmp_path: Path):
    (tmp_path / "003_x.txt").write_text("…中国桥牌竞赛规则_百度百科\n清除历史记录关闭\n", encoding="utf-8")
    result = parse(tmp_path)
    assert any("cannot parse" in p and "no article title" in p for p in result.problems)


def test_a_bug_is_raised_not_reported_as_bad_text(tmp_path: Path, monkeypatch):
    """Only bad input becomes a problem: an IndexError inside the parser is a bug and surfaces."""
    from rules_ext.corpus import parser

    def broken(*args):
        raise IndexError("list index out of range")

    monkeypatch.setattr(parser, "_parse_file", broken)
    (tmp_path / "000_x.txt").write_text("中国桥牌竞赛规则\n", encoding="utf-8")
    with pytest.raises(IndexError):
        parse(tmp_path)
