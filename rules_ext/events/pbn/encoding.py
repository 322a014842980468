"""Character sets of PBN files: what the standard says and what real files carry.

PBN 2.1 prescribes ISO 8859-1; real files come as UTF-8 (with or without a byte-order mark),
ISO 8859-1 or Windows-1252 (names and sites with é, Ö, å; Windows punctuation ’ – “ €), or
GBK/GB18030 (Chinese scoring programs), now and then UTF-16 with a byte-order mark (a file saved as
"Unicode" by a Windows editor). A file's ``% Content-type: ...; charset=...`` escape line, when
present and consistent, decides (ISO 8859-1 with bytes 0x80-0x9F is read as Windows-1252, as web
browsers do: those bytes are C1 control characters in ISO 8859-1, never text); otherwise the bytes
do: valid UTF-8 is UTF-8; text that decodes as GB2312-range double bytes is GB18030 (a superset of
GBK); text whose high bytes mostly stand alone (accented Latin letters, Windows punctuation) is
Windows-1252 when it holds bytes 0x80-0x9F, else ISO 8859-1; text that mostly runs several high
bytes together (Chinese comes in pairs) and decodes as GB18030 is GB18030. A file whose lines are
partly UTF-8 and partly not mixes encodings: it is read in the encoding of most of its lines, and
each other line is a problem (never a silent re-reading of the whole file in another encoding).
"""
from __future__ import annotations

import codecs
import re
from typing import NamedTuple

from rules_ext.errors import RulesError

_DECLARED = re.compile(rb"^%[ \t]*Content-type:[^\r\n]*charset[ \t]*=[ \t]*([A-Za-z0-9_.:-]+)",
                       re.IGNORECASE | re.MULTILINE)

#: names reported for each detected encoding (the Python codec names)
UTF8, UTF8_BOM, LATIN1, GB18030, ASCII = "utf-8", "utf-8-sig", "iso-8859-1", "gb18030", "ascii"
#: Windows-1252: ISO 8859-1 with printable characters (’ – “ €) where ISO 8859-1 has C1 controls
WINDOWS_1252 = "cp1252"
#: UTF-16 with a byte-order mark (what Windows editors call "Unicode"), either byte order
UTF16 = "utf-16"


_HIGH_RUNS = re.compile(rb"[\x80-\xff]+")
_C1 = re.compile(rb"[\x80-\x9f]")
_CANONICAL = {"iso8859-1": LATIN1, "latin-1": LATIN1, "gbk": GB18030, "gb2312": GB18030}


class Decoded(NamedTuple):
    """Decoded PBN text, the encoding it was read in, and ``(line, problem)`` for each line in
    another encoding than the rest of the file."""

    text: str
    encoding: str
    mixed: tuple[tuple[int, str], ...] = ()


def _codec(name: str) -> str | None:
    """Python's codec for an encoding name, as reported (iso-8859-1 rather than iso8859-1)."""
    try:
        codec = codecs.lookup(name).name
    except LookupError:
        return None
    return _CANONICAL.get(codec, codec)


def _looks_chinese(data: bytes) -> bool:
    """Every non-ASCII byte pair lies in the GB2312 area (both bytes 0xA1-0xFE) and decodes."""
    try:
        text = data.decode("gb2312")
    except UnicodeDecodeError:
        return False
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def decode(data: bytes, encoding: str | None = None) -> Decoded:
    """Decode PBN bytes (see the module doc). ``encoding`` forces a codec (a byte it cannot
    decode raises UnicodeDecodeError)."""
    if encoding:
        codec = _codec(encoding)
        if codec is None:
            raise RulesError(f"unknown encoding {encoding!r}: expected e.g. utf-8, iso-8859-1, gb18030")
        return Decoded(data.decode(codec, errors="strict"), codec)
    if data.startswith(codecs.BOM_UTF8):
        return Decoded(data[len(codecs.BOM_UTF8):].decode("utf-8", errors="replace"), UTF8_BOM)
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return Decoded(data.decode(UTF16, errors="replace"), UTF16)  # the codec reads the mark and drops it
    declared = _DECLARED.search(data[:4096])
    if declared:
        codec = _codec(declared[1].decode("ascii"))
        if codec == LATIN1 and _C1.search(data):
            codec = WINDOWS_1252
        if codec:
            try:
                return Decoded(data.decode(codec), codec)
            except UnicodeDecodeError:
                pass  # the declaration is wrong: fall back to looking at the bytes
    if data.isascii():
        return Decoded(data.decode("ascii"), ASCII)
    try:
        return Decoded(data.decode("utf-8"), UTF8)
    except UnicodeDecodeError:
        pass
    return _mixed(data) or Decoded(*_legacy(data))


def _legacy(data: bytes) -> tuple[str, str]:
    """Text that is not UTF-8: GB18030, Windows-1252 or ISO 8859-1 (see the module doc)."""
    if _looks_chinese(data):
        return data.decode(GB18030), GB18030
    runs = _HIGH_RUNS.findall(data)
    latin_like = sum(1 for run in runs if len(run) >= 2) * 2 <= len(runs)
    single_byte = WINDOWS_1252 if _C1.search(data) else LATIN1
    for codec in ((single_byte, GB18030) if latin_like else (GB18030, single_byte)):
        try:
            return data.decode(codec), codec
        except UnicodeDecodeError:
            continue
    return data.decode(LATIN1), LATIN1  # Windows-1252 leaves five bytes undefined; ISO 8859-1 none


def _mixed(data: bytes) -> Decoded | None:
    """A file whose non-ASCII lines are partly UTF-8 and partly not: read in the encoding of most
    of them; each other line is a problem. None when no line is UTF-8 (the file is not mixed)."""
    lines = data.split(b"\n")
    utf8: list[int] = []
    other: list[int] = []
    for index, line in enumerate(lines):
        if line.isascii():
            continue
        try:
            line.decode("utf-8")
            utf8.append(index)
        except UnicodeDecodeError:
            other.append(index)
    if not utf8:
        return None
    if len(utf8) >= len(other):
        text, used, odd, their = data.decode("utf-8", errors="replace"), UTF8, other, "not UTF-8"
    else:
        used = _legacy(b"\n".join(lines[i] for i in other))[1]
        text, odd, their = data.decode(used, errors="replace"), utf8, "UTF-8"
    problems = tuple((i + 1, f"this line is {their}, the rest of the file {used}: expected one encoding for "
                             f"the whole file (save it again as UTF-8)") for i in odd)
    return Decoded(text, used, problems)
