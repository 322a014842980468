"""The embedded font every PDF uses: WenQuanYi Micro Hei (Chinese, Latin with accents, ♠♥♦♣).

reportlab embeds TrueType-outline fonts only; Debian's ``fonts-wqy-microhei`` ships a TTC with
TrueType outlines, so it is loaded with ``subfontIndex=0`` and embedded (subset) in every document.
The built-in CID font ``STSong-Light`` needs no file but is not embedded, so it is not used.
"""
from __future__ import annotations

import functools
from pathlib import Path

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

#: the name the font is registered under in reportlab
FONT_NAME = "WQYMicroHei"

#: where Debian (fonts-wqy-microhei) installs it
FONT_PATHS = (
    Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"),
    Path("/usr/share/fonts/wqy-microhei/wqy-microhei.ttc"),
)


class FontError(OSError):
    """The embeddable font is missing or unreadable."""


@functools.cache
def register_fonts() -> str:
    """Register the font with reportlab (once per process) and return its name.

    The same face serves as regular and bold: the font has no bold cut, and headings are set larger
    rather than emboldened, so ``<b>`` in a paragraph never fails.
    """
    path = next((p for p in FONT_PATHS if p.is_file()), None)
    if path is None:
        raise FontError(
            f"font not found in {', '.join(str(p) for p in FONT_PATHS)}: "
            "install it with `apt-get install fonts-wqy-microhei`"
        )
    try:
        font = TTFont(FONT_NAME, str(path), subfontIndex=0)
    except TTFError as exc:
        raise FontError(f"cannot load font {str(path)!r}: {exc}") from exc
    pdfmetrics.registerFont(font)
    for bold in (0, 1):
        for italic in (0, 1):
            addMapping(FONT_NAME, bold, italic, FONT_NAME)
    return FONT_NAME
