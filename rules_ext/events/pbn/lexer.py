"""PBN import format -> games of raw tags (PBN 2.1 sections 2 and 3).

The lexer knows the syntax only: escape lines (``%`` in column 1), comments (``;`` to the end of
the line, ``{ ... }`` over several lines), tag pairs (several on a line, ``\\"`` and ``\\\\``
escapes), the section lines that follow a tag (Auction, Play, tables, commentary) and the empty line
that ends a game. Meaning (deals, contracts, inheritance) is the reader's job.
"""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from itertools import starmap
from sys import intern
from typing import NamedTuple

from rules_ext.errors import RulesError
from rules_ext.events.errors import PBNError
from rules_ext.events.fastbuild import builder

_TAG_START = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"')
#: fast paths: a line that is one tag pair and nothing else (no tab, no white space around the name)
#: and a line with nothing to scan (none of ``_PLAIN``'s characters: a table row, a trick)
_TAG_NAME = r"[A-Za-z0-9_]+"
#: any character but a quote, backslash, tab or newline, or a backslash and the character after it
#: (written so that the engine never backtracks: ``(?:[^"\\\t\n]|\\.)*`` reads the same, slowly)
_TAG_VALUE = r'[^"\\\t\n]*+(?:\\.[^"\\\t\n]*+)*+'
_ONE_TAG = rf'\[{_TAG_NAME} "{_TAG_VALUE}"\]'
_TAG_LINE = re.compile(_ONE_TAG)  # fullmatch a line
#: the characters that make a line more than a section line: a tag, a comment, a string
_SCANNED = '[]{};"'
_PLAIN = re.compile(f"[{re.escape(_SCANNED)}]")


def _all_but(excluded: str) -> str:
    """A regular-expression class of every character but those of ``excluded``, as ranges: the
    engine makes three tests of each character that a negated class ``[^...]`` accepts, one for a
    class of ranges (the bench file's table rows are matched in 2.9 ms instead of 4.0 ms)."""
    ranges, start = [], 0
    for point in sorted(map(ord, excluded)):
        if point > start:
            ranges.append(f"\\U{start:08x}-\\U{point - 1:08x}")
        start = point + 1
    return "[" + "".join(ranges) + f"\\U{start:08x}-\\U{sys.maxunicode:08x}]"


_SECTION_CHAR = _all_but(_SCANNED + "\n")
#: What :func:`scan` takes at once from the start of a line (of newline-normalised text that ends
#: in a newline): a run of ``tags`` lines (each one ``_TAG_LINE`` matches), a run of ``plain``
#: lines (not blank, no ``%`` in column 1, none of ``_PLAIN``'s characters) or a run of ``blank``
#: lines (white space only, as ``str.strip`` sees it: ``\s`` is the same set of characters).
_RUN = re.compile(rf'(?P<tags>(?:{_ONE_TAG}\n)++)'
                  rf'|(?P<plain>(?:(?!%)[^\S\n]*+[^\s{re.escape(_SCANNED)}]{_SECTION_CHAR}*+\n)++)'
                  r"|(?P<blank>(?:[^\S\n]*+\n)++)")
_TAG_END = re.compile(r"\s*\]")
#: tag values up to this length are kept once however often the file repeats them
_SHARED_LENGTH = 32
#: how many tag lines :func:`scan` remembers the reading of (files repeat most of theirs, e.g.
#: ``[Event "Club"]`` on every game; the bound keeps a large file's unique lines from filling memory)
_SEEN_LINES = 4096
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
            raise RulesError(f"tag name {self.name!r} is not a PBN tag name: expected e.g. Event, Board")
        if "\n" in self.value or "\r" in self.value:
            raise RulesError(f"tag value {self.value!r} spans lines: a PBN tag value is one line")
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
    #: [name, value, section, line, section line numbers]; section and its numbers are () until the
    #: first section line (most tags have none), then lists
    tags: list[list] = field(default_factory=list)
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
        self.tags.append([name, value, (), lineno, ()])
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
        self.add_lines([text], lineno)

    def add_lines(self, texts: list[str], lineno: int) -> None:
        """Lines from line ``lineno`` on: section lines of the last tag, or preamble lines before
        the first tag."""
        if not self.tags:
            self.preamble.extend(texts)
            return
        last = self.tags[-1]
        if not last[2]:
            last[2], last[4] = [], []
        last[2].extend(texts)
        last[4].extend(range(lineno, lineno + len(texts)))

    def build(self) -> Game:
        """The game read (this builder is then spent: its section lists became tuples)."""
        for tag in self.tags:
            if tag[2]:
                tag[2], tag[4] = tuple(tag[2]), tuple(tag[4])
        return _new_game(tuple(starmap(_new_tag, self.tags)), tuple(self.preamble), self.line)


#: Tags the lexer makes, built fast: their names are read by _TAG_START or _TAG_LINE, their values
#: and section lines come from one line each (what Tag.__post_init__ checks holds)
_new_tag = builder(Tag)
_new_game = builder(Game)  # its tags and preamble are made tuples (all Game.__post_init__ does)


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

    Each line is read by ``scan_line``'s rules (calling it on every line alone reads any file the
    same way). An ordinary file is mostly runs of tag lines, of table rows and of empty lines: such
    a run (``_RUN``) is handed at once to the helper that the rules call for each of its lines,
    which is what makes reading fast.
    """
    header: list[str] = []
    header_lines: list[int] = []
    games: list[Game] = []
    problems: list[PBNError] = []
    current: _GameBuilder | None = None
    pending: list[str] = []  # comment or escape lines between games, for the next game's preamble
    in_brace = 0  # line where the open brace comment started, 0 when not in one
    shared: dict[str, str] = {}  # short tag values and section lines repeat across games: one string each
    seen: dict[str, tuple[str, str]] = {}  # a tag line -> its (name, value): files repeat most of them

    def finish() -> None:
        """An empty line: the game read so far (if it has tags) is complete."""
        nonlocal current
        if current is not None and current.tags:
            games.append(current.build())
            current = None

    def game_at(lineno: int) -> _GameBuilder:
        """The game that line ``lineno`` belongs to: a new one (with the lines kept for its
        preamble) when none is open."""
        nonlocal current, pending
        if current is None:
            current = _GameBuilder(lineno, preamble=pending)
            pending = []
        return current

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

    def tag_lines(block: str, lineno: int) -> int:
        """Lines from ``lineno`` on (``block``: joined by newlines) that are each one tag pair and
        nothing else (``_TAG_LINE``); the line after them."""
        nonlocal current
        game = game_at(lineno)
        names, tags = game.names, game.tags
        for line in block.split("\n"):
            known = seen.get(line)
            if known is not None:
                name, value = known
            else:
                # [Name "value"]: the name has no space, so the first ' "' ends it
                name, value = line[1:-2].split(' "', 1)
                name = intern(name)
                if "\\" in value:
                    value = _ESCAPE.sub(r"\1", value)
                elif len(value) <= _SHARED_LENGTH:
                    value = shared.setdefault(value, value)
                if len(seen) < _SEEN_LINES:
                    seen[line] = name, value
            if name in names:  # a repeated tag: perhaps the start of the next game
                game = current = add_tag(game, name, value, lineno)
                names, tags = game.names, game.tags
            else:  # game.add_tag(name, value, lineno), inline: nearly every tag of a file comes here
                names.add(name)
                tags.append([name, value, (), lineno, ()])
            lineno += 1
        return lineno

    def section_lines(block: str, lineno: int) -> int:
        """Lines from ``lineno`` on (``block``: joined by newlines) with nothing to scan, in a game
        that has a tag: section lines of its last tag (table rows, tricks); the line after them.
        Files repeat them: one string each."""
        cleaned = list(map(str.rstrip, block.replace("\t", " ").split("\n")))  # _clean of each line
        game_at(lineno).add_lines(list(map(shared.setdefault, cleaned, cleaned)), lineno)
        return lineno + len(cleaned)

    def scan_line(raw: str, lineno: int) -> None:
        """Read one line (without its line ending): the rules for every kind of line."""
        nonlocal current, pending, in_brace
        if not in_brace:
            if raw.startswith("%"):
                if not games and (current is None or not current.tags):
                    header.append(_clean(raw))
                    header_lines.append(lineno)
                elif current is not None and current.tags:
                    current.add_text(_clean(raw), lineno)
                else:
                    pending.append(_clean(raw))
                return
            if not raw.strip():
                finish()
                return
        game = game_at(lineno)
        if not in_brace:
            if raw[:1] == "[":
                if _TAG_LINE.fullmatch(raw):
                    tag_lines(raw, lineno)
                    return
            elif not _PLAIN.search(raw) and game.tags:
                section_lines(raw, lineno)
                return
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
                    game.add_text(_clean(fragment).strip() if had_tag else _clean(fragment), lineno)
                tag = _read_tag(raw, pos)
                if isinstance(tag, str):
                    problems.append(PBNError(tag, source=source, line=lineno))
                    start = pos = n
                    break
                name, value, after = tag
                game = current = add_tag(game, intern(name), value.replace("\t", " "), lineno)
                had_tag = True
                start = pos = after
            else:
                pos += 1
        fragment = raw[start:]
        if fragment.strip() or (in_brace and not had_tag and start == 0):
            game.add_text(_clean(fragment).strip() if had_tag else _clean(fragment), lineno)

    text = text.replace("\r\n", "\n").replace("\r", "\n")  # a line ends in \r\n, \r or \n
    if text and not text.endswith("\n"):
        text += "\n"  # the last line too
    pos = 0
    lineno = 1
    while pos < len(text):
        # Runs of lines that scan_line would each read by one helper go to that helper at once;
        # no run is taken inside a brace comment (scan_line's rules for those lines differ).
        run = None if in_brace else _RUN.match(text, pos)
        if run is None:
            end = text.index("\n", pos)
            scan_line(text[pos:end], lineno)
            pos = end + 1
            lineno += 1
            continue
        pos, start = run.end(), pos
        if run.lastgroup == "tags":  # scan_line: a line that _TAG_LINE matches goes to tag_lines
            lineno = tag_lines(text[start:pos - 1], lineno)
        elif run.lastgroup == "blank":  # scan_line: an empty line (out of a comment) finishes the game
            finish()
            lineno += text.count("\n", start, pos)
        elif current is not None and current.tags:  # scan_line: a plain line after a tag: section_lines
            lineno = section_lines(text[start:pos - 1], lineno)
        else:  # plain lines before a game's first tag: its preamble, one line at a time
            for raw in text[start:pos - 1].split("\n"):
                scan_line(raw, lineno)
                lineno += 1
    if in_brace:
        problems.append(PBNError("unclosed comment: a '{' is never closed by '}'", source=source, line=in_brace))
    trailer = pending
    if current is not None and not current.tags:  # comment lines after the last game
        trailer = current.preamble
    finish()
    return Scanned(header, games, problems, trailer, header_lines)
