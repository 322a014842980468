"""Recognising what is not rule text: forum threads, forum chrome, ad/SEO spam, Baike page chrome,
reference footnotes, page titles and blank lines.

Each judgement comes from the wording of the line (and, for runs of lines, from the last marker
seen), never from its position in a particular file.
"""
from __future__ import annotations

import re

from .model import Junk
from .text import SourceLine

FORUM_THREAD = "forum thread (KDnet reply posts)"
FORUM_CHROME = "forum chrome (thread footer, navigation, quick reply, disclaimer)"
AD_SPAM = "ad/SEO spam (article teasers, spam news page)"
BAIKE_CHROME = "Baike page chrome (page title, history/close buttons, disclaimer)"
FOOTNOTE = "Baike reference footnote"
PAGE_TITLE = "page title of a serialised posting"
BLANK = "blank line"
DUPLICATE = "duplicated fragment (repeats the next heading)"

#: lines that are forum chrome wherever they occur
_FORUM_CHROME_RE = re.compile(r"次点击.*个回复|^跳转论坛至|^╋|^快速回复|^本站声明|^【管理员特别提醒】")
#: lines that are Baike chrome
_BAIKE_CHROME_RE = re.compile(r"_百度百科$|^清除历史记录关闭$|^声明：百科词条")
_FOOTNOTE_RE = re.compile(r"\[引用日期\]")


def is_baike_title(text: str) -> bool:
    """The Baike page title, possibly fused behind a spam title: '…中国桥牌竞赛规则_百度百科'."""
    return text.endswith("_百度百科")


def classify_prefix(lines: list[SourceLine]) -> list[Junk]:
    """Reasons for a run of junk lines that precedes an article (forum page, spam, Baike chrome).

    A state machine over the wording: reply posts until the forum footer; chrome until the first
    line that is neither chrome nor a forum marker (the ad pages that follow); Baike chrome from
    the page title on.
    """
    reasons: list[tuple[int, str]] = []
    state = FORUM_THREAD
    for line in lines:
        text = line.text
        if not text:
            reason = BLANK
        elif _BAIKE_CHROME_RE.search(text) or state == BAIKE_CHROME:
            state = reason = BAIKE_CHROME
        elif _FORUM_CHROME_RE.search(text):
            state = reason = FORUM_CHROME
        elif state == FORUM_CHROME:
            state = reason = AD_SPAM
        else:
            reason = state
        reasons.append((line.number, reason))
    return merge(reasons)


def classify_trailer(line: SourceLine) -> str | None:
    """Reason a line after the rule text is junk (footnote, Baike chrome, blank), else None."""
    if not line.text:
        return BLANK
    if _FOOTNOTE_RE.search(line.text):
        return FOOTNOTE
    if _BAIKE_CHROME_RE.search(line.text):
        return BAIKE_CHROME
    return None


def merge(reasons: list[tuple[int, str]]) -> list[Junk]:
    """Consecutive lines with the same reason -> one Junk range."""
    out: list[Junk] = []
    for number, reason in reasons:
        if out and out[-1].reason == reason and out[-1].lines[1] == number - 1:
            out[-1].lines = (out[-1].lines[0], number)
        else:
            out.append(Junk((number, number), reason))
    return out
