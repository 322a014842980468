"""write_pbn: :class:`Event` -> the strict PBN 2.1 export format.

``% PBN 2.1`` and ``% EXPORT`` first (then a ``% Content-type`` line naming the character set when
the text is not plain ASCII or the file declared one), the file's other ``%`` header lines, an
empty line, then the games separated by one empty line. In each game: its comment lines, the 15
mandatory tags in the standard order, then the other tags in alphabetical order, a ``Note`` staying
right after the Auction or Play it annotates; one ``[Name "value"]`` per line, each followed by
its section lines (auction, play, table rows, commentary). Lines end with CRLF by default.
"""
from __future__ import annotations

import codecs

from rules_ext.errors import RulesError
from rules_ext.events.errors import PBNError
from rules_ext.events.model import Event
from rules_ext.events.pbn.lexer import Game, escape_string
from rules_ext.events.pbn.normalise import export_order

_CHARSET_NAMES = {"utf-8": "UTF-8", "utf-8-sig": "UTF-8", "ascii": "US-ASCII", "iso8859-1": "ISO-8859-1",
                  "latin-1": "ISO-8859-1", "iso-8859-1": "ISO-8859-1", "gb18030": "GB18030", "gbk": "GBK",
                  "cp1252": "windows-1252"}


def charset_name(encoding: str) -> str:
    try:
        codec = codecs.lookup(encoding).name
    except LookupError as exc:
        raise RulesError(f"unknown encoding {encoding!r}: expected e.g. utf-8, iso-8859-1, gb18030") from exc
    return _CHARSET_NAMES.get(codec, codec.upper())


def game_lines(game: Game) -> list[str]:
    lines = list(game.preamble)
    for tag in export_order(game.tags):
        lines.append(f"[{tag.name} {escape_string(tag.value)}]")
        lines.extend(tag.section)
    return lines


def write_pbn(event: Event, *, newline: str = "\r\n", encoding: str = "utf-8") -> str:
    """The export-format text of an event (see the module doc); ``encoding`` names the character
    set the text will be stored in, for the ``% Content-type`` line (encode with :func:`encode_pbn`)."""
    if newline not in ("\r\n", "\n"):
        raise RulesError(f"newline {newline!r} is not a PBN line end: expected '\\r\\n' or '\\n'")
    body: list[str] = []
    for i, game in enumerate(event.games):
        if i:
            body.append("")
        body.extend(game_lines(game))
    if event.trailer:
        body.extend(["", *event.trailer])
    head = ["% PBN 2.1", "% EXPORT"]
    if event.declared_charset or not all(line.isascii() for line in [*event.header, *body]):
        head.append(f"% Content-type: text/x-pbn; charset={charset_name(encoding)}")
    head.extend(event.header)
    if event.left_out:
        head.append(f"% {event.left_out_note}")
    lines = head + ([""] + body if body else [])
    return newline.join(line.replace("\t", " ").rstrip() for line in lines) + newline


def encode_pbn(text: str, encoding: str = "utf-8", *, source: str = "<output>") -> bytes:
    """Encode export text; a character the encoding cannot hold is a PBNError naming its line."""
    try:
        return text.encode(encoding)
    except UnicodeEncodeError as exc:
        line = text[:exc.start].count("\n") + 1
        raise PBNError(f"{text[exc.start:exc.end]!r} cannot be written in {encoding}: expected "
                       f"--encoding utf-8 (or gb18030 for Chinese names)", source=source, line=line) from exc
    except LookupError as exc:
        raise RulesError(f"unknown encoding {encoding!r}: expected e.g. utf-8, iso-8859-1, gb18030") from exc
