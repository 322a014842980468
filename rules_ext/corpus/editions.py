"""Splitting the delivered files into editions and each edition into its parts.

A file is read as a sequence of *heads* recognised by their wording: the article title
(中国桥牌竞赛规则), Baike section names fused to it (…前言, …定义, …规则1999版, …规则要领,
…准备事项), chapter headings (第一章 定 义), and law headings (第5条：…).  Everything before the
article (forum, spam, Baike chrome) and after the last law (footnote, chrome) is junk with a
reason; a file that is a serialised posting (004) has a page title and blank lines.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from . import definitions
from .junk import BLANK, DUPLICATE
from .model import Edition, FrontMatter, Heading, Junk
from .text import CHAPTER_RE, GROUP_RE, LAW_RE, PART_RE, SourceLine, delivered

ARTICLE_TITLE = "中国桥牌竞赛规则"
_EDITION_HEAD_RE = re.compile(r"^(?:规则)+(\d{4})版$")
_YEAR_RE = re.compile(r"^(\d{4})$")
_PUNCT_RE = re.compile(r"[。；，：,;:]")


@dataclass(slots=True)
class FileResult:
    """What one file contributed: its editions, the place of every line, problems found."""

    name: str
    editions: list[Edition] = field(default_factory=list)
    places: dict[int, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    total: int = 0
    #: edition id -> the lines of its definition list, parsed once every file is read
    definition_blocks: dict[str, list[SourceLine]] = field(default_factory=dict)


def head_name(text: str) -> str | None:
    """The Baike section name of a line like '中国桥牌竞赛规则前言' (None if not such a head)."""
    if text.startswith(ARTICLE_TITLE) and len(text) > len(ARTICLE_TITLE):
        rest = text[len(ARTICLE_TITLE):]
        if len(rest) <= 10 and not _PUNCT_RE.search(rest):
            return rest
    return None


def compact(text: str) -> str:
    return re.sub(r"\s+", "", text)


def is_structural(text: str) -> bool:
    return bool(CHAPTER_RE.match(text) or PART_RE.match(text) or GROUP_RE.match(text))


def heading_kind(text: str) -> str:
    if CHAPTER_RE.match(text):
        return "chapter"
    if PART_RE.match(text):
        return "part"
    return "group"


def add_junk(edition_or_list: list[Junk], places: dict[int, str], junk: list[Junk]) -> None:
    for j in junk:
        edition_or_list.append(j)
        for n in range(j.lines[0], j.lines[1] + 1):
            places[n] = f"junk: {j.reason}"


def parse_definition_blocks(files: list[FileResult], editions: dict[str, Edition]) -> list[str]:
    """Parse the definition lists of every edition together, account their lines, return problems.

    They are parsed together because each is the evidence for the others' lost headings (the 1999
    list recovers ALERT and REDEAL from the 1991 one, the 2008 excerpt eight terms from 1999):
    :func:`rules_ext.corpus.definitions.parse_definition_lists`.
    """
    owner = {ed: fr for fr in files for ed in fr.definition_blocks if ed in editions}
    blocks = {ed: [(ln.number, ln.text) for ln in fr.definition_blocks[ed]] for ed, fr in owner.items()}
    try:
        parsed = definitions.parse_definition_lists(blocks)
    except ValueError as exc:
        for ed, fr in owner.items():
            for n, _ in blocks[ed]:
                fr.places[n] = f"definitions block {ed} (unparsed: {exc})"
        return [f"{ed}: definitions not parsed: {exc}" for ed in owner]
    for ed, (defs, junk) in parsed.items():
        places = owner[ed].places
        editions[ed].definitions.extend(defs)
        for d in defs:
            for n in range(d.lines[0], d.lines[1] + 1):
                places[n] = f"definition {ed}:{d.term}"
        add_junk(editions[ed].junk, places, junk)
    return []


def split_front(edition: Edition, lines: list[SourceLine], places: dict[int, str],
                definition_blocks: dict[str, list[SourceLine]]) -> list[SourceLine]:
    """Consume title, abstract, preface, preamble and definitions; return the laws region.

    The laws region starts at the first chapter heading that is not the definitions chapter, or at
    a Baike head naming the first chapter (…准备事项). The definition list's lines are stored in
    ``definition_blocks`` under the edition id, for :func:`parse_definition_blocks`.
    """
    i = 0
    current: tuple[str, str, list[SourceLine]] | None = None  # (kind, title, lines)

    def close() -> None:
        nonlocal current
        if current is None:
            return
        kind, title, block = current
        if kind == "definitions":
            if block:
                definition_blocks.setdefault(edition.id, []).extend(block)
        elif block:
            edition.front.append(FrontMatter(kind, title, [b.text for b in block],
                                             (block[0].number, block[-1].number),
                                             [delivered(b.original) for b in block]))
            for b in block:
                places[b.number] = f"front {edition.id}:{kind}"
        current = None

    while i < len(lines):
        ln = lines[i]
        text = ln.text
        name = head_name(text)
        chapter = CHAPTER_RE.match(text)
        if text == ARTICLE_TITLE or (i == 0 and not name and not chapter):
            close()
            edition.headings.append(Heading("title", text, (ln.number, ln.number)))
            places[ln.number] = f"heading {edition.id}:title"
            current = ("abstract", "摘要", [])
        elif current is not None and current[0] == "abstract" and not current[2] \
                and (_YEAR_RE.match(text) or (len(text) <= 12 and not _PUNCT_RE.search(text)
                                              and not name and not chapter
                                              and not text.endswith(("要领", "前言", "定义")))):
            # the title block: '1991', '中国桥牌协会 审定'
            edition.headings.append(Heading("title", text, (ln.number, ln.number)))
            places[ln.number] = f"heading {edition.id}:title"
        elif name is not None and _EDITION_HEAD_RE.match(name):
            close()
            edition.headings.append(Heading("title", name, (ln.number, ln.number)))
            places[ln.number] = f"heading {edition.id}:title"
        elif (name or text).endswith("要领"):
            close()
            current = ("preamble", name or text, [])
            places[ln.number] = f"heading {edition.id}:preamble"
            edition.headings.append(Heading("front", name or text, (ln.number, ln.number)))
        elif (name or "").endswith("前言"):
            close()
            current = ("preface", "前言", [])
            places[ln.number] = f"heading {edition.id}:preface"
            edition.headings.append(Heading("front", "前言", (ln.number, ln.number)))
        elif (name or "").endswith("定义") or (chapter and "定义" in compact(chapter[2])):
            close()
            kind = "chapter" if chapter else "front"
            edition.headings.append(Heading(kind, text if chapter else name or text, (ln.number, ln.number)))
            places[ln.number] = f"heading {edition.id}:definitions"
            current = ("definitions", "定义", [])
            if i + 1 < len(lines) and lines[i + 1].text.endswith("定义") \
                    and len(lines[i + 1].text) <= 10:
                i += 1  # '桥牌术语定义': the definition list's own title
                edition.headings.append(Heading("group", lines[i].text, (lines[i].number,) * 2))
                places[lines[i].number] = f"heading {edition.id}:definitions"
        elif chapter or (name is not None and not _PUNCT_RE.search(name)):
            close()
            return lines[i:]
        else:
            if current is None:
                current = ("abstract", "摘要", [])
            current[2].append(ln)
        i += 1
    close()
    return []


@dataclass(slots=True)
class Token:
    """One line of a laws region: a structural heading, a law heading, or a body line."""

    kind: str  # 'chapter', 'part', 'group', 'law', 'line', 'junk'
    line: SourceLine
    number: int = 0  # law number (kind 'law')
    title: str = ""  # heading text / law title
    reason: str = ""  # junk reason


def tokenize_region(lines: list[SourceLine]) -> list[Token]:
    """Classify the lines of a laws region by their wording."""
    tokens: list[Token] = []
    texts = [ln.text for ln in lines]
    for i, ln in enumerate(lines):
        text = ln.text
        if not text:
            tokens.append(Token("junk", ln, reason=BLANK))
            continue
        m = LAW_RE.match(text)
        if m and (not m["before"] or is_structural(m["before"].strip())):
            if m["before"]:
                # '第三章 比赛的准备与进行第6条：洗牌与发牌': chapter heading fused with a law heading
                before = m["before"].strip()
                tokens.append(Token(heading_kind(before), ln, title=before))
            tokens.append(Token("law", ln, number=int(m["number"]), title=m["title"].strip()))
            continue
        if is_structural(text):
            tokens.append(Token(heading_kind(text), ln, title=text))
            continue
        name = head_name(text)
        if name is not None and not tokens:
            tokens.append(Token("chapter", ln, title=name))  # '…准备事项' stands for chapter 2
            continue
        # a line repeating the title of the heading that follows it ('比赛的准备与进行' then
        # '第三章 比赛的准备与进行') is a duplicated fragment
        nxt = next((t for t in texts[i + 1:] if t), "")
        if (m := CHAPTER_RE.match(nxt)) and compact(m[2]) == compact(text):
            tokens.append(Token("junk", ln, reason=DUPLICATE))
            continue
        tokens.append(Token("line", ln))
    return tokens
