"""Character sets of PBN files: what the standard says and what real files carry.

PBN 2.1 prescribes ISO 8859-1; real files come as UTF-8 (with or without a byte-order mark),
ISO 8859-1 (names and sites with é, Ö, å) or GBK/GB18030 (Chinese scoring programs), now and then
UTF-16 with a byte-order mark (a file saved as "Unicode" by a Windows editor). A file's
``% Content-type: ...; charset=...`` escape line, when present and consistent, decides; otherwise the
bytes do: valid UTF-8 is UTF-8; text that decodes as GB2312-range double bytes is GB18030 (a
superset of GBK), and so is text that decodes as GB18030 and either holds bytes that would be C1
control characters in ISO 8859-1 or mostly runs of several high bytes (Chinese characters come in
pairs; accented Latin letters mostly stand alone); anything else is ISO 8859-1, which decodes every
byte.
"""
from __future__ import annotations

import codecs
import re

_DECLARED = re.compile(rb"^%[ \t]*Content-type:[^\r\n]*charset[ \t]*=[ \t]*([A-Za-z0-9_.:-]+)",
                       re.IGNORECASE | re.MULTILINE)

#: names reported for each detected encoding (the Python codec names)
UTF8, UTF8_BOM, LATIN1, GB18030, ASCII = "utf-8", "utf-8-sig", "iso-8859-1", "gb18030", "ascii"
#: UTF-16 with a byte-order mark (what Windows editors call "Unicode"), either byte order
UTF16 = "utf-16"


_HIGH_RUNS = re.compile(rb"[\x80-\xff]+")
_CANONICAL = {"iso8859-1": LATIN1, "latin-1": LATIN1, "gbk": GB18030, "gb2312": GB18030}


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


def decode(data: bytes, encoding: str | None = None) -> tuple[str, str]:
    """Decode PBN bytes; return ``(text, encoding name)``. ``encoding`` forces a codec."""
    if encoding:
        codec = _codec(encoding)
        if codec is None:
            raise ValueError(f"unknown encoding {encoding!r}: expected e.g. utf-8, iso-8859-1, gb18030")
        return data.decode(codec, errors="strict"), codec
    if data.startswith(codecs.BOM_UTF8):
        return data[len(codecs.BOM_UTF8):].decode("utf-8", errors="replace"), UTF8_BOM
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode(UTF16, errors="replace"), UTF16  # the codec reads the mark and drops it
    declared = _DECLARED.search(data[:4096])
    if declared:
        codec = _codec(declared[1].decode("ascii"))
        if codec:
            try:
                return data.decode(codec), codec
            except UnicodeDecodeError:
                pass  # the declaration is wrong: fall back to looking at the bytes
    if data.isascii():
        return data.decode("ascii"), ASCII
    try:
        return data.decode("utf-8"), UTF8
    except UnicodeDecodeError:
        pass
    if _looks_chinese(data):
        return data.decode(GB18030), GB18030
    try:
        text = data.decode(GB18030)
    except UnicodeDecodeError:
        return data.decode("latin-1"), LATIN1
    # GBK beyond GB2312 or ISO 8859-1? C1 control characters mean it is not ISO 8859-1 text; and
    # Chinese comes in runs of several high bytes, where accented Latin letters mostly stand alone.
    latin = data.decode("latin-1")
    if any("\x80" <= ch <= "\x9f" for ch in latin):
        return text, GB18030
    runs = _HIGH_RUNS.findall(data)
    if sum(1 for run in runs if len(run) >= 2) * 2 > len(runs):
        return text, GB18030
    return latin, LATIN1
