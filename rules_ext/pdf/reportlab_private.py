"""reportlab's private line-breaking helpers, in one place: the CJK line breaker of
:class:`~rules_ext.pdf.figures.KinsokuParagraph` (no line starts with ，。 or ends with （) calls
them, because reportlab's public Paragraph breaks CJK text anywhere. They are not public API:
:data:`CHECKED` is the signature each has in the reportlab versions this was checked on (4.1 to
5.1, pyproject's range), and tests/pdf/test_reportlab_private.py fails, naming the call, on a
version that changed one."""
from __future__ import annotations

from reportlab.platypus.paragraph import ParaLines, _handleBulletWidth, cjkU, makeCJKParaLine

__all__ = ["CHECKED", "ParaLines", "cjk_glyphs", "handle_bullet_width", "make_cjk_line"]

#: name in reportlab.platypus.paragraph -> its signature as checked
CHECKED = {
    "_handleBulletWidth": "(bulletText, style, maxWidths)",
    "cjkU": "(value, frag, encoding)",
    "makeCJKParaLine": "(U, maxWidth, widthUsed, extraSpace, lineBreak, calcBounds)",
    "ParaLines": "(**attr)",
}

handle_bullet_width = _handleBulletWidth
cjk_glyphs = cjkU
make_cjk_line = makeCJKParaLine
