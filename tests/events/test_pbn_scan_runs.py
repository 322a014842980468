"""scan() reads runs of tag lines, table rows and empty lines at once: it must read every file as
the plain line-by-line reading does. The oracle is that reading as it was before the runs (kept
here, self-contained but for the unchanged helpers that read one tag or string), compared on
random mixes of every kind of line."""
from __future__ import annotations

import re
import sys
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_ext.events.errors import PBNError
from rules_ext.events.pbn import lexer
from rules_ext.events.pbn.lexer import _ESCAPE, _PLAIN, _SHARED_LENGTH, _clean, _read_tag, read_string, scan

_REFERENCE_TAG_LINE = re.compile(r'\[([A-Za-z0-9_]+) "((?:[^"\\\t]|\\.)*)"\]$')


class _ReferenceGame:
    """The game builder as it was: every tag has its section lists."""

    def __init__(self, line: int, preamble: list[str]) -> None:
        self.line, self.preamble = line, preamble
        self.tags: list[list] = []
        self.names: set[str] = set()
        self.repeat_from = -1

    def add_tag(self, name: str, value: str, lineno: int) -> int:
        if name not in self.names:
            self.names.add(name)
        elif name != "Note":
            if self.repeat_from < 0:
                self.repeat_from = len(self.tags)
            if name == "Board":
                return self.repeat_from
        self.tags.append([name, value, [], lineno, []])
        return -1

    def split(self, index: int, name: str, value: str, lineno: int) -> _ReferenceGame:
        following = _ReferenceGame(self.tags[index][3] if index < len(self.tags) else lineno, [])
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

    def build(self) -> tuple:
        return (self.line, tuple(self.preamble),
                tuple((n, v, tuple(s), line, tuple(nums)) for n, v, s, line, nums in self.tags))


def reference_scan(text: str, source: str = "<text>") -> tuple:
    """scan() as it read before runs, line by line: (header, games, problems, trailer, header lines),
    a game as (line, preamble, tags), a tag as (name, value, section, line, section lines)."""
    header: list[str] = []
    header_lines: list[int] = []
    games: list[tuple] = []
    problems: list[PBNError] = []
    current: _ReferenceGame | None = None
    pending: list[str] = []
    in_brace = 0
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()

    def finish() -> None:
        nonlocal current
        if current is not None and current.tags:
            games.append(current.build())
            current = None

    def add_tag(game: _ReferenceGame, name: str, value: str, lineno: int) -> _ReferenceGame:
        at = game.add_tag(name, value, lineno)
        if at < 0:
            return game
        following = game.split(at, name, value, lineno)
        problems.append(PBNError(f"[Board \"{value}\"] starts a new game with no empty line after the game "
                                 f"of [Board \"{game.board()}\"] at line {game.line}: expected an empty line "
                                 f"between games", source=source, line=following.line))
        games.append(game.build())
        return following

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
            current = _ReferenceGame(lineno, pending)
            pending = []
        if not in_brace:
            if raw[:1] == "[":
                simple = _REFERENCE_TAG_LINE.match(raw)
                if simple:
                    name, value = simple.group(1, 2)
                    if "\\" in value:
                        value = _ESCAPE.sub(r"\1", value)
                    current = add_tag(current, name, value, lineno)
                    continue
            elif not _PLAIN.search(raw) and current.tags:
                current.add_text(_clean(raw), lineno)
                continue
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
                current = add_tag(current, name, value.replace("\t", " "), lineno)
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
    if current is not None and not current.tags:
        trailer = current.preamble
    finish()
    return header, games, problems, trailer, header_lines


def plain(text: str) -> tuple:
    """scan(text) in reference_scan's form, with every line number."""
    header, games, problems, trailer, header_lines = scan(text, "f.pbn")
    return (header,
            [(g.line, g.preamble, tuple((t.name, t.value, t.section, t.line, t.section_lines) for t in g.tags))
             for g in games],
            problems, trailer, header_lines)


LINES = [
    '[Event "Bench"]', '[Board "1"]', '[Board "2"]', '[Note "1:x"]', '[Note "2:y"]', '[Dealer "N"]',
    '[Deal "N:J843.A85.AQJ84.2 KQ9.T963.97.T965 752.KJ72.K5.AQJ4 AT6.Q4.T632.K873"]',
    '[ScoreTable "Table\\2R;PairId_NS\\2R;Score_NS\\5R"]', '[X "say \\"hi\\""]', '[X "a \\\\ b"]',
    '[X "ends \\"]', '[X "tab\there"]', '[ Board "3" ]', '[Board  "4"]', '[Board "5"][Dealer "E"]',
    '[Site "open', '[Site "x"', '[bad', '[Event "e"] ; note', '[Event "e"] {', '[Event "e"]  ',
    '[Value "' + "v" * (_SHARED_LENGTH + 3) + '"]', '[Z "é中"]',
    ' 1  1 21 4H    E 10     -   420', '20 20 40 4S    W 11     -   450', '1S Pass =1= 2S\tPass',
    'Pass Pass  ', '\tS2 H3', 'Zoé 3', ' x\u3000', ' %x', 'a\x1cb', '\x85row',
    '', ' ', '\t', '\u3000', '\x0b', '\x1c', '  \t ',
    '% PBN 2.1', '%', '% EXPORT', '%\tx ',
    '; a comment', '{ a comment', 'more }', '{ one }', '} x', '{', '}', 'a { b', 'c } [Board "9"]',
    '"quoted" x', '"unclosed', ' 1 "Li Wei - Wang Fang" 420', '1 "Zo\\"e" 2',
]
SPECIAL = '"[]{};%\\\t x1é\u3000'
ENDINGS = ["\n", "\n", "\n", "\r\n", "\r"]


@settings(max_examples=400)
@given(st.lists(st.tuples(st.one_of(st.sampled_from(LINES), st.text(alphabet=SPECIAL, max_size=10)),
                          st.sampled_from(ENDINGS)), max_size=40),
       st.booleans())
def test_scan_reads_as_line_by_line(lines, final_newline):
    text = "".join(line + ending for line, ending in lines)
    if not final_newline:
        text = text.rstrip("\r\n")
    expected = reference_scan(text, "f.pbn")
    assert plain(text) == expected
    with mock.patch.object(lexer, "_RUN", re.compile("(?!)")):  # no runs: every line by scan_line's rules
        assert plain(text) == expected


def test_bench_shaped_file_reads_as_line_by_line():
    game = ['[Event "Bench"]', '[Board "{n}"]', '[West ""]', '[Scoring "MP;MP1"]',
            '[ScoreTable "Table\\2R;Score_NS\\5R"]', ' 1  420', ' 2    -', ""]
    text = "\r\n".join(["% PBN 2.1", ""] + [line.format(n=n) for n in range(1, 30) for line in game])
    assert plain(text) == reference_scan(text, "f.pbn")
    assert len(scan(text).games) == 29


def test_repeated_rows_and_short_values_are_one_string():
    text = '[Event "Same"]\n[ScoreTable "A;B"]\n 1 2\n\n[Event "Same"]\n[ScoreTable "A;B"]\n 1 2\n'
    first, second = scan(text).games
    assert first.tags[0].value is second.tags[0].value
    assert first.tags[1].section[0] is second.tags[1].section[0]


def test_bench_shaped_file_reads_the_same_when_few_lines_are_remembered(monkeypatch):
    """scan remembers what at most _SEEN_LINES tag lines read to; beyond that it reads them anew."""
    monkeypatch.setattr(lexer, "_SEEN_LINES", 3)
    test_bench_shaped_file_reads_as_line_by_line()


def test_the_character_classes_of_runs_are_those_of_the_line_rules():
    """_RUN's classes: what str.strip strips is \\s; a section line's character is none of _PLAIN's."""
    space, section = re.compile(r"\s"), re.compile(lexer._SECTION_CHAR)
    for point in range(sys.maxunicode + 1):
        char = chr(point)
        assert bool(space.match(char)) == (not char.strip())
        assert bool(section.match(char)) == (char != "\n" and not _PLAIN.match(char))
