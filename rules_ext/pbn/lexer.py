"""PBN import format -> games of raw tags (PBN 2.1 sections 2 and 3).

The lexer knows the syntax only: escape lines (``%`` in column 1), comments (``;`` to the end of
the line, ``{ ... }`` over several lines), tag pairs (several on a line, ``\\"`` and ``\\\\``
escapes), the section lines that follow a tag (Auction, Play, tables, commentary) and the empty line
that ends a game. Meaning (deals, contracts, inheritance) is the reader's job.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from sys import intern
from typing import NamedTuple

from rules_ext.pbn.errors import PBNError
from rules_ext.pbn.fastbuild import builder

_TAG_START = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"')
#: fast paths: a line that is one tag pair and nothing else; a line with nothing to scan
_TAG_LINE = re.compile(r'\[([A-Za-z0-9_]+) "((?:[^"\\\t]|\\.)*)"\]$')
_PLAIN = re.compile(r'[\[\]{};"]')
_TAG_END = re.compile(r"\s*\]")
#: tag values up to this length are kept once however often the file repeats them
_SHARED_LENGTH = 32
#: an escaped quote or backslash in a string (any other backslash stands for itself)
_ESCAPE = re.compile(r'\\(["\\])')

#: the escape lines that the writer regenerates: version, export marker, character set
VERSION_RE = re.compile(r"^%\s*PBN\s+(\d+(?:\.\d+)*)\s*$", re.IGNORECASE)
EXPORT_RE = re.compile(r"^%\s*EXPORT\s*$", re.IGNORECASE)
CONTENT_TYPE_RE = re.compile(r"^%\s*Content-type:.*charset\s*=\s*([A-Za-z0-9_.:-]+)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Tag:
    """A tag pair ``[Name "value"]`` and the section lines that follow it.

    ``value`` is unescaped (``\\"`` became ``"``; a tab became a space) and kept as written, including the inheritance
    forms ``#`` and ``##value``. ``section`` holds the lines after the tag up to the next tag:
    auction calls, played cards, table rows, or commentary, tabs turned into spaces and trailing
    blanks removed. ``line`` (where the tag starts) and ``section_lines`` (the line of each section
    line) are not part of equality.
    """

    name: str
    value: str
    section: tuple[str, ...] = ()
    line: int = field(default=0, compare=False)
    section_lines: tuple[int, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        if not re.fullmatch(r"[A-Za-z0-9_]+", self.name or ""):
            raise ValueError(f"tag name {self.name!r} is not a PBN tag name: expected e.g. Event, Board")
        if "\n" in self.value or "\r" in self.value:
            raise ValueError(f"tag value {self.value!r} spans lines: a PBN tag value is one line")
        object.__setattr__(self, "section", tuple(self.section))


@dataclass(frozen=True, slots=True)
class Game:
    """One game (one board played at one table, or one board with its ScoreTable) as tags.

    ``tags`` are in the order read; ``preamble`` holds comment lines before the first tag.
    """

    tags: tuple[Tag, ...]
    preamble: tuple[str, ...] = ()
    line: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "tags", tuple(self.tags))
        object.__setattr__(self, "preamble", tuple(self.preamble))

    def tag(self, name: str) -> Tag | None:
        """The first tag of that name (the import format says the first of a repeated tag wins)."""
        for tag in self.tags:
            if tag.name == name:
                return tag
        return None

    def get(self, name: str, default: str | None = None) -> str | None:
        tag = self.tag(name)
        return default if tag is None else tag.value


@dataclass(slots=True)
class _GameBuilder:
    line: int
    preamble: list[str] = field(default_factory=list)
    tags: list[list] = field(default_factory=list)  # [name, value, section, line, section line numbers]
    names: set[str] = field(default_factory=set)
    repeat_from: int = -1  # index of the first repeated tag (not Note): where a next game may start

    def add_tag(self, name: str, value: str, lineno: int) -> int:
        """Add a tag; return the index where a new game starts (a second Board after a run of
        repeated tags: the empty line between two games is missing), else -1."""
        if name not in self.names:
            self.names.add(name)
        elif name != "Note":
            if self.repeat_from < 0:
                self.repeat_from = len(self.tags)
            if name == "Board":
                return self.repeat_from
        self.tags.append([name, value, [], lineno, []])
        return -1

    def split(self, index: int, name: str, value: str, lineno: int) -> _GameBuilder:
        """The next game, from tag ``index`` on (its tags leave this one), then ``[name "value"]``."""
        following = _GameBuilder(self.tags[index][3] if index < len(self.tags) else lineno)
        for moved in self.tags[index:]:
            following.add_tag(moved[0], moved[1], moved[3])
            following.tags[-1][2:] = moved[2], moved[3], moved[4]
        del self.tags[index:]
        following.add_tag(name, value, lineno)
        return following

    def board(self) -> str:
        return next((value for name, value, *_ in self.tags if name == "Board"), "?")

    def add_text(self, text: str, lineno: int) -> None:
        if self.tags:
            self.tags[-1][2].append(text)
            self.tags[-1][4].append(lineno)
        else:
            self.preamble.append(text)

    def build(self) -> Game:
        return Game(tuple(_new_tag(n, v, tuple(s), line, tuple(nums)) for n, v, s, line, nums in self.tags),
                    tuple(self.preamble), self.line)


#: Tags the lexer makes, built fast: their names are read by _TAG_START or _TAG_LINE, their values
#: and section lines come from one line each (what Tag.__post_init__ checks holds)
_new_tag = builder(Tag)


def _clean(text: str) -> str:
    return text.replace("\t", " ").rstrip()


def _read_tag(line: str, pos: int) -> tuple[str, str, int] | str:
    """The tag that starts at ``line[pos]`` ('['): ``(name, value, end)``, or the problem as text."""
    match = _TAG_START.match(line, pos)
    if not match:
        return f"cannot read tag {line[pos:].strip()!r}: expected [Name \"value\"], e.g. [Board \"1\"]"
    found = read_string(line, match.end() - 1)
    if found is None:
        return f"unclosed quote in tag {line[pos:].strip()!r}: expected [{match[1]} \"value\"]"
    value, after = found
    end = _TAG_END.match(line, after)
    if not end:
        return f"unclosed bracket in tag {line[pos:].strip()!r}: expected [{match[1]} \"value\"]"
    return match[1], value, end.end()


def read_string(line: str, pos: int) -> tuple[str, int] | None:
    """Read a quoted string whose opening quote is at ``pos``; return (value, index after it)."""
    out = []
    i = pos + 1
    n = len(line)
    while i < n:
        c = line[i]
        if c == "\\" and i + 1 < n and line[i + 1] in '"\\':
            out.append(line[i + 1])
            i += 2
            continue
        if c == '"':
            return "".join(out), i + 1
        out.append(c)
        i += 1
    return None


def escape_string(value: str) -> str:
    """Quote a value for a tag pair: ``"`` becomes ``\\"``; a backslash is doubled only where it
    would otherwise be read as an escape (before ``"`` or ``\\``, or at the end), so column widths
    such as ``Score_NS\\6R`` and suit codes such as ``\\S`` stay as real files write them."""
    out = []
    for i, ch in enumerate(value):
        if ch == '"':
            out.append('\\"')
        elif ch == "\\" and (i + 1 == len(value) or value[i + 1] in '"\\'):
            out.append("\\\\")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def split_lines(text: str) -> list[str]:
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


class Scanned(NamedTuple):
    """What :func:`scan` finds: ``header`` (the ``%`` lines before the first tag), ``games``,
    ``problems``, ``trailer`` (comment and ``%`` lines after the last game), and ``header_lines``
    (the file line of each header line, for problems about them)."""

    header: list[str]
    games: list[Game]
    problems: list[PBNError]
    trailer: list[str]
    header_lines: list[int]


def scan(text: str, source: str = "<text>") -> Scanned:
    """Split decoded PBN text into header escape lines, games, problems and trailing lines.

    The header is every ``%`` line before the first tag of the file. Problems (an unclosed quote,
    bracket or comment) are collected; the rest of a bad line is skipped and reading goes on.
    """
    header: list[str] = []
    header_lines: list[int] = []
    games: list[Game] = []
    problems: list[PBNError] = []
    current: _GameBuilder | None = None
    pending: list[str] = []  # comment or escape lines between games, for the next game's preamble
    in_brace = 0  # line where the open brace comment started, 0 when not in one
    lines = split_lines(text)
    if lines and lines[-1] == "":
        lines.pop()

    def finish() -> None:
        nonlocal current
        if current is not None and current.tags:
            games.append(current.build())
            current = None

    def add_tag(game: _GameBuilder, name: str, value: str, lineno: int) -> _GameBuilder:
        """Add a tag to ``game``; the game the next lines belong to (a new one when the empty line
        before it is missing: both games are read, and the missing line is a problem)."""
        at = game.add_tag(name, value, lineno)
        if at < 0:
            return game
        following = game.split(at, name, value, lineno)
        problems.append(PBNError(f"[Board \"{value}\"] starts a new game with no empty line after the game "
                                 f"of [Board \"{game.board()}\"] at line {game.line}: expected an empty line "
                                 f"between games", source=source, line=following.line))
        games.append(game.build())
        return following

    shared: dict[str, str] = {}  # short tag values repeat on every game (names, event, date): one string each
    for lineno, raw in enumerate(lines, start=1):
        if not in_brace:
            if raw.startswith("%"):
                if not games and (current is None or not current.tags):
                    header.append(_clean(raw))
                    header_lines.append(lineno)
                elif current is not None and current.tags:
                    current.add_text(_clean(raw), lineno)
                else:
                    pending.append(_clean(raw))
                continue
            if not raw.strip():
                finish()
                continue
        if current is None:
            current = _GameBuilder(lineno, preamble=pending)
            pending = []
        if not in_brace:
            if raw[:1] == "[":
                simple = _TAG_LINE.match(raw)
                if simple:
                    name, value = simple.group(1, 2)
                    if "\\" in value:
                        value = _ESCAPE.sub(r"\1", value)
                    elif len(value) <= _SHARED_LENGTH:
                        value = shared.setdefault(value, value)
                    name = intern(name)
                    if name in current.names:  # a repeated tag: perhaps the start of the next game
                        current = add_tag(current, name, value, lineno)
                    else:  # current.add_tag(name, value, lineno), inline: every tag of the file comes here
                        current.names.add(name)
                        current.tags.append([name, value, [], lineno, []])
                    continue
            elif not _PLAIN.search(raw) and current.tags:
                # a section line (a table row, a trick): files repeat them, one string each
                cleaned = raw.rstrip() if "\t" not in raw else _clean(raw)
                last = current.tags[-1]  # current.add_text(...), inline
                last[2].append(shared.setdefault(cleaned, cleaned))
                last[4].append(lineno)
                continue
        # scan the characters of the line
        pos = 0
        start = 0
        n = len(raw)
        had_tag = False
        while pos < n:
            if in_brace:
                end = raw.find("}", pos)
                if end < 0:
                    pos = n
                    break
                in_brace = 0
                pos = end + 1
                continue
            c = raw[pos]
            if c == "{":
                in_brace = lineno
                pos += 1
            elif c == ";":
                pos = n
            elif c == '"':
                found = read_string(raw, pos)
                if found is None:
                    problems.append(PBNError(f"unclosed quote in {raw.strip()!r}: expected a closing \" "
                                             f"on the same line, e.g. \"Li Wei - Wang Fang\"",
                                             source=source, line=lineno))
                    pos = n
                else:
                    pos = found[1]
            elif c == "[":
                fragment = raw[start:pos]
                if fragment.strip():
                    current.add_text(_clean(fragment).strip() if had_tag else _clean(fragment), lineno)
                tag = _read_tag(raw, pos)
                if isinstance(tag, str):
                    problems.append(PBNError(tag, source=source, line=lineno))
                    start = pos = n
                    break
                name, value, after = tag
                current = add_tag(current, intern(name), value.replace("\t", " "), lineno)
                had_tag = True
                start = pos = after
            else:
                pos += 1
        fragment = raw[start:]
        if fragment.strip() or (in_brace and not had_tag and start == 0):
            current.add_text(_clean(fragment).strip() if had_tag else _clean(fragment), lineno)
    if in_brace:
        problems.append(PBNError("unclosed comment: a '{' is never closed by '}'", source=source, line=in_brace))
    trailer = pending
    if current is not None and not current.tags:  # comment lines after the last game
        trailer = current.preamble
    finish()
    return Scanned(header, games, problems, trailer, header_lines)
