"""The English words a reader sees on a built page, outside elements marked ``lang="en"``.

What is counted: the text of the page's body and its ``<title>``, and the ``aria-label``,
``placeholder`` and ``alt`` attributes (a screen reader speaks them; a phone shows them). What is
not: scripts, styles, code (``code``, ``pre``, ``kbd``, ``samp``: addresses, labels, commands
typed as they are), the search box's form, anything inside an element with ``lang="en"`` (marked,
so a screen reader reads it in English), and ``title`` hovers of a defined term (they quote the
rulebook's definition, which may print English words; an attribute cannot mark a part of itself).
A word is a run of two or more Latin letters.
"""
from __future__ import annotations

import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

#: words a Chinese reader writes in Latin letters, as the site shows them outside ``lang="en"``
ALLOWED = {
    "IMP": "国际比赛分 (IMP) is what Chinese players and the rulebook itself call it",
    "VP": "胜利分 (VP), as events publish it",
    "NT": "1NT–7NT: bridge's own notation of a no-trump contract, printed so in Chinese books",
    "PBN": "the file format's name (牌例文件), no Chinese name exists",
    "PDF": "打印本 (PDF): the file kind a reader downloads",
    "JSON": "the data download's format, no Chinese name exists",
    "TOML": "the assistant's case files' format, no Chinese name exists",
    "WBF": "世界桥联 (WBF): the federation's initials, as Chinese bridge writing uses them",
    "Neuberg": "纽伯格 (Neuberg): the formula's name beside its Chinese transcription",
    "Butler": "巴特勒 (Butler): the scoring's name beside its Chinese transcription",
    "MP": "比赛分 (MP): the rulebook's own abbreviation, in a heading",
    "TP": "总分 (TP): the rulebook's own abbreviation, in a heading",
    "JavaScript": "the browser setting the search page asks for is called so in Chinese browsers",
}
SKIP = frozenset({"script", "style", "code", "pre", "kbd", "samp", "head", "svg"})
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                  "source", "track", "wbr"})
WORD = re.compile(r"[A-Za-z]{2,}")


class _Visible(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.hidden: list[bool] = []
        self.in_title = False
        self.words: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        hides = (tag in SKIP or values.get("lang", "").startswith("en")
                 or (tag == "form" and "search" in values.get("class", "") + values.get("role", "")))
        self.in_title = tag == "title"
        if not any(self.hidden) and not hides:
            for key in ("aria-label", "placeholder", "alt"):
                self.add(values.get(key, ""))
        if tag not in VOID:
            self.hidden.append(hides)

    def handle_endtag(self, tag: str) -> None:
        self.in_title = False
        if tag not in VOID and self.hidden:
            self.hidden.pop()

    def handle_data(self, data: str) -> None:
        if self.in_title or not any(self.hidden):
            self.add(data)

    def add(self, text: str) -> None:
        self.words += [(w, text.strip()[:100]) for w in WORD.findall(text)]


def english_words(html: str) -> list[tuple[str, str]]:
    """(word, the text it is in) of every English word a reader sees on the page."""
    parser = _Visible()
    parser.feed(html)
    return parser.words


def count_site(root: Path, skip: tuple[str, ...] = ()) -> tuple[Counter, dict[str, str]]:
    """Words outside ``lang="en"`` (not allowed) on every page under ``root`` -> count, and one
    place each (``page: text``); folders in ``skip`` (``hant``) are left out."""
    counts: Counter = Counter()
    where: dict[str, str] = {}
    for path in sorted(root.rglob("*.html")):
        rel = path.relative_to(root)
        if rel.parts[0] in skip or rel.parts[0] in ("_static", "_sources", "_downloads"):
            continue
        for word, text in english_words(path.read_text(encoding="utf-8")):
            if word in ALLOWED:
                continue
            counts[word] += 1
            where.setdefault(word, f"{rel}: {text}")
    return counts, where
