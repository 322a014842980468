"""The embedded font every PDF uses: WenQuanYi Micro Hei (Chinese, Latin with accents, ♠♥♦♣).

reportlab embeds TrueType-outline fonts only; Debian's ``fonts-wqy-microhei`` ships a TTC with
TrueType outlines, so it is loaded with ``subfontIndex=0`` and embedded (subset) in every document.
The built-in CID font ``STSong-Light`` needs no file but is not embedded, so it is not used.

Where the font is found, first that applies (read once per process, at the first document):

- ``RULES_EXT_FONT``: the font file itself (a TTF, or a TTC whose first face is used), for a machine
  that keeps it elsewhere or another face with TrueType outlines;
- ``RULES_EXT_FONT_DIR``: a folder holding ``wqy-microhei.ttc``;
- the paths where Debian's ``fonts-wqy-microhei`` (and some other distributions) install it.

A variable that names no file is an error, never passed over for the defaults.
"""
from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from pathlib import Path

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

#: the name the font is registered under in reportlab
FONT_NAME = "WQYMicroHei"

#: the font file's name in its package
FONT_FILE = "wqy-microhei.ttc"

#: the environment variable naming the font file, and the one naming a folder holding FONT_FILE
FONT_VARIABLE = "RULES_EXT_FONT"
FONT_DIR_VARIABLE = "RULES_EXT_FONT_DIR"

#: where Debian (fonts-wqy-microhei) installs it, and where some other distributions do
FONT_PATHS = (
    Path("/usr/share/fonts/truetype/wqy") / FONT_FILE,
    Path("/usr/share/fonts/wqy-microhei") / FONT_FILE,
)

#: how to get the font, said by every error about it
INSTALL = (f"install it with `apt-get install fonts-wqy-microhei`, or name the file in {FONT_VARIABLE} "
           f"(or its folder in {FONT_DIR_VARIABLE})")


class FontError(OSError):
    """The embeddable font is missing or unreadable."""


def font_path(environ: Mapping[str, str] | None = None) -> Path:
    """The font file: ``RULES_EXT_FONT``, else ``RULES_EXT_FONT_DIR``/wqy-microhei.ttc, else the first of
    :data:`FONT_PATHS` that exists. A :class:`FontError` says where it looked and how to install it."""
    environ = os.environ if environ is None else environ
    if environ.get(FONT_VARIABLE):
        path = Path(environ[FONT_VARIABLE]).expanduser()
        if not path.is_file():
            raise FontError(f"{FONT_VARIABLE}={environ[FONT_VARIABLE]!r}: no such font file; {INSTALL}")
        return path
    if environ.get(FONT_DIR_VARIABLE):
        path = Path(environ[FONT_DIR_VARIABLE]).expanduser() / FONT_FILE
        if not path.is_file():
            raise FontError(f"{FONT_DIR_VARIABLE}={environ[FONT_DIR_VARIABLE]!r}: no {FONT_FILE} in it; {INSTALL}")
        return path
    found = next((p for p in FONT_PATHS if p.is_file()), None)
    if found is None:
        raise FontError(f"font not found in {', '.join(str(p) for p in FONT_PATHS)}: {INSTALL}")
    return found


@functools.cache
def register_fonts() -> str:
    """Register the font with reportlab (once per process) and return its name.

    The same face serves as regular and bold: the font has no bold cut, and headings are set larger
    rather than emboldened, so ``<b>`` in a paragraph never fails.
    """
    path = font_path()
    try:
        font = TTFont(FONT_NAME, str(path), subfontIndex=0)
    except TTFError as exc:
        raise FontError(f"cannot load font {str(path)!r}: {exc} (reportlab embeds TrueType outlines only; "
                        f"{INSTALL})") from exc
    pdfmetrics.registerFont(font)
    for bold in (0, 1):
        for italic in (0, 1):
            addMapping(FONT_NAME, bold, italic, FONT_NAME)
    return FONT_NAME
