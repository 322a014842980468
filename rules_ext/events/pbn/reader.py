"""read_pbn: PBN bytes or text -> :class:`Event` (the import format in full).

Four steps, each in its module: decode and lex into games of raw tags (:mod:`~rules_ext.events.pbn.encoding`,
:mod:`~rules_ext.events.pbn.lexer`); normalise the games so that what the writer writes reads back equal
(:mod:`~rules_ext.events.pbn.normalise`); interpret them (boards, results, participants), resolving ``#`` /
``##`` inheritance (:mod:`~rules_ext.events.pbn.interpret`); and gather the Event here, with the file's
header lines. Every problem becomes a ``PBNError`` with the file and line; the boards that are fine
are still read.
"""
from __future__ import annotations

import bisect
import dataclasses
import os
import re
from pathlib import Path

from rules_ext.events.errors import PBNError, PBNErrors
from rules_ext.events.fastbuild import collector_paused
from rules_ext.events.model import Board, Event
from rules_ext.events.pbn.checks import second_event
from rules_ext.events.pbn.context import UNKNOWN, ReadContext, known
from rules_ext.events.pbn.encoding import decode
from rules_ext.events.pbn.interpret import interpret, resolve_inheritance
from rules_ext.events.pbn.lexer import CONTENT_TYPE_RE, EXPORT_RE, VERSION_RE, Game, Scanned, scan
from rules_ext.events.pbn.normalise import normalise_games
from rules_ext.fileio import MAX_INPUT_SIZE, read_input

_META_RE = re.compile(r"<META\s+name\s*=\s*\"?([^\s\">]+)\"?\s+content\s*=\s*\"([^\"]*)\"", re.IGNORECASE)


def read_pbn(path_or_text: str | bytes | os.PathLike[str], *, source: str | None = None,
             encoding: str | None = None, strict: bool = False, max_size: int = MAX_INPUT_SIZE) -> Event:
    """Read a PBN file or text; see :mod:`rules_ext.events` for what the Event holds.

    Problems are collected in ``event.problems``; with ``strict=True`` they are raised as
    :class:`PBNErrors` (one ``file:line: problem`` line each). A file that cannot be decoded with a
    forced ``encoding`` raises :class:`PBNError`. As the import format says, the first of a
    repeated tag counts; the repeats (other than Note) are not kept. A file is read only if it is
    a regular file of at most ``max_size`` bytes (else :class:`~rules_ext.fileio.InputFileError`).
    """
    data, name = _load(path_or_text, source, max_size)
    ctx = ReadContext(name)
    if isinstance(data, bytes):
        try:
            text, used, mixed = decode(data, encoding)
        except UnicodeDecodeError as exc:
            raise PBNError(f"cannot decode the file as {encoding}: byte {data[exc.start:exc.start + 1]!r} "
                           f"at offset {exc.start}; expected e.g. --encoding gb18030 or iso-8859-1",
                           source=name, line=data[:exc.start].count(b"\n") + 1) from exc
        for line, message in mixed:
            ctx.problem(line, message)
    else:
        text, used = data.removeprefix("\ufeff"), "utf-8"
    del data  # a file's bytes, decoded: only the text is read from here on
    if (kind := not_pbn(text)) is not None:
        ctx.problem(1, f"{kind}, not a PBN file: {NOT_PBN_EXPECTED}")
        return Event(games=(), source=name, encoding=used, problems=tuple(ctx.problems))
    with collector_paused():
        newline = "\r\n" if "\r\n" in text else "\n"
        scanned = scan(text, ctx.source)
        del text  # the games hold what the model keeps: the text goes before they are read
        event = _read_event(scanned, newline, used, ctx)
    if strict and event.problems:
        raise PBNErrors(event.problems)
    return event


#: what a message about a file that is not PBN shows as accepted
NOT_PBN_EXPECTED = "expected a PBN file of games such as [Event \"...\"] [Board \"1\"] [Deal \"N:...\"]"
_XML_START = ("<?xml", "<usebio")
_HTML_START = ("<!doctype html", "<html", "<head", "<body")


def not_pbn(text: str) -> str | None:
    """What the text is when it is plainly not PBN: ``XML``, ``an HTML page`` or ``a binary file``."""
    start = text[:200].lstrip().lower()
    if start.startswith(_XML_START):
        return "XML"
    if start.startswith(_HTML_START):
        return "an HTML page"
    if "\x00" in text[:4096]:
        return "a binary file"
    return None


def _load(path_or_text: str | bytes | os.PathLike[str], source: str | None,
          max_size: int) -> tuple[bytes | str, str]:
    """The bytes of a file (a path, or a ``str`` naming an existing file) or the text itself, and
    the name problems will quote."""
    if isinstance(path_or_text, bytes):
        return path_or_text, source or "<bytes>"
    if isinstance(path_or_text, os.PathLike):
        return read_input(path_or_text, max_size), source or str(path_or_text)
    text = str(path_or_text)
    if "\n" not in text and "[" not in text and text.strip() and _exists(text):
        return read_input(text, max_size), source or text
    return text, source or "<text>"


def _exists(text: str) -> bool:
    try:
        return Path(text).exists()
    except (OSError, ValueError):  # too long for a file name, or a NUL in it: it is PBN text
        return False


def _read_event(scanned: Scanned, newline: str, encoding: str, ctx: ReadContext) -> Event:
    """The Event of scanned PBN text: header lines, games (normalised) and what they mean."""
    header, raw_games, lex_problems, trailer, header_lines = scanned
    del scanned
    ctx.problems.extend(lex_problems)
    version, declared = "", ""
    kept: list[str] = []
    meta: list[tuple[str, str]] = []
    meta_lines: list[int] = []
    for line, lineno in zip(header, header_lines):
        if (m := VERSION_RE.match(line)) and not version:
            version = m[1]
        elif EXPORT_RE.match(line):
            pass
        elif (m := CONTENT_TYPE_RE.match(line)) and not declared:
            declared = m[1]
        else:
            kept.append(line)
            if (m := _META_RE.search(line)):
                meta.append((m[1], m[2]))
                meta_lines.append(lineno)
    if not raw_games:
        ctx.problem(1, f"no game in the file: {NOT_PBN_EXPECTED}")
    games = normalise_games(raw_games, ctx)
    del raw_games  # the games as written, now normalised
    resolved = resolve_inheritance(games, ctx)
    second: PBNError | None = None
    segments: list[tuple[int, int, int]] = []
    later: tuple[list[PBNError], list[PBNError]] = ([], [])
    if (found := second_event(games, resolved)) is not None:  # one line, not a problem for each board
        index, start, message = found
        later[0].extend(p for p in ctx.problems if p.line >= start)  # the later games' lexing and spelling
        ctx.problems[:] = [p for p in ctx.problems if p.line < start]
        later_games, later_values = games[index:], resolved[index:]
        del games[index:], resolved[index:]
        games[-1] = _cut(games[-1], start)
        content = interpret(games, resolved, ctx)
        segments.append(_counted(games, content.boards))
        ctx.problem(start, message)
        second = ctx.problems[-1]
        marks = len(ctx.problems), len(ctx.warnings)
        while later_games:  # every later segment read on its own: its boards keyed by its own numbers
            found = second_event(later_games, later_values)
            cut = found[0] if found is not None else len(later_games)
            part, part_values = later_games[:cut], later_values[:cut]
            if found is not None:
                part[-1] = _cut(part[-1], found[1])
            segments.append(_counted(part, interpret(part, part_values, ctx).boards))
            del later_games[:cut], later_values[:cut]
        later[0].extend(ctx.problems[marks[0]:])
        later[1].extend(ctx.warnings[marks[1]:])
        del ctx.problems[marks[0]:], ctx.warnings[marks[1]:]
    else:
        content = interpret(games, resolved, ctx)
    first = resolved[0] if resolved else {}
    scoring = first.get("Scoring", "")
    if scoring in UNKNOWN:
        scoring = next((c for n, c in meta if n.lower() == "scoringtype"), scoring)
    return Event(
        games=tuple(games), header=tuple(kept), trailer=tuple(trailer),
        name=known(first.get("Event", "")), site=known(first.get("Site", "")),
        date=known(first.get("Date", "")), scoring=known(scoring), kind=content.kind,
        boards=tuple(content.boards), participants=tuple(content.participants), totals=content.totals,
        meta=tuple(meta), meta_lines=tuple(meta_lines), source=ctx.source, encoding=encoding, newline=newline,
        version=version,
        declared_charset=declared, problems=tuple(sorted(ctx.problems, key=lambda p: p.line)),
        warnings=tuple(sorted(ctx.warnings, key=lambda p: p.line)), second_event=second, segments=tuple(segments),
        later_problems=tuple(sorted(later[0], key=lambda p: p.line)),
        later_warnings=tuple(sorted(later[1], key=lambda p: p.line)),
    )


def _counted(games: list[Game], boards: list[Board]) -> tuple[int, int, int]:
    """The games, boards and results of a segment of the file."""
    return len(games), len(boards), sum(len(board.results) for board in boards)


def boards_with_problems(event: Event) -> tuple[int, ...]:
    """The numbers of the boards that a problem of the event concerns: the board of the game
    whose lines hold the problem (a game runs from its first line to the next game's; the last one
    to its last line: what follows, a second event, is no board of this one)."""
    starts = [game.line for game in event.games]
    numbers = [_board_of(game) for game in event.games]
    end = _last_line(event.games[-1]) if event.games else 0
    bad: set[int] = set()
    for problem in event.problems:
        if problem.line > end:
            continue
        at = bisect.bisect_right(starts, problem.line) - 1
        number = numbers[at] if at >= 0 else None
        if number is not None:
            bad.add(number)
    return tuple(sorted(bad))


def leave_out_bad_boards(event: Event) -> Event:
    """The event without the boards (and their games) that have problems; ``left_out`` names them."""
    bad = set(boards_with_problems(event))
    if not bad:
        return event
    return dataclasses.replace(
        event, boards=tuple(b for b in event.boards if b.number not in bad),
        games=tuple(g for g in event.games if _board_of(g) not in bad), left_out=tuple(sorted(bad)))


def _cut(game: Game, start: int) -> Game:
    """The game without the section lines from line ``start`` on (a second event's header that
    follows the last table's rows)."""
    if _last_line(game) < start:
        return game
    tags = tuple(dataclasses.replace(tag, section=tag.section[:kept], section_lines=tag.section_lines[:kept])
                 if (kept := sum(1 for line in tag.section_lines if line < start)) < len(tag.section) else tag
                 for tag in game.tags)
    return dataclasses.replace(game, tags=tags)


def _last_line(game: Game) -> int:
    return max([game.line, *(max((tag.line, *tag.section_lines)) for tag in game.tags)])


def _board_of(game: Game) -> int | None:
    text = (game.get("Board") or "").strip()
    return int(text) if text.isascii() and text.isdigit() else None
