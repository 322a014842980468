"""Chinese text wrapped in the source joined again in HTML: a line break between two Chinese
characters (or Chinese punctuation) of running text is removed.

The hand-written pages and the generated ones wrap long Chinese paragraphs across source lines;
HTML keeps each line break as a space, and browsers show it between two Chinese characters
(``写在页上， 计算过程``, ``取自 它核对``), where Chinese has no space. A post-transform, so it
applies to every page alike; a break next to a Latin letter or a digit stays a space (``第 27 条``
in English-style spacing is the author's), and code (literal blocks, doctests, inline literals)
and raw output are left alone.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform

from rules_ext.rulebook_site.suits import inside

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.util.typing import ExtensionMetadata

#: a character after which, or before which, Chinese needs no space: CJK ideographs and
#: punctuation, full-width forms, Chinese quotes, the dash and the ellipsis
CHINESE = "\u2014\u2018\u2019\u201c\u201d\u2026\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef"
_BREAK = re.compile(rf"(?<=[{CHINESE}])[ \t]*\n[ \t]*(?=[{CHINESE}])")
_FIRST = re.compile(rf"^[{CHINESE}]")
_LAST = re.compile(rf"[{CHINESE}]$")
_SKIP = (nodes.literal_block, nodes.literal, nodes.raw, nodes.doctest_block, nodes.comment)


def join_chinese_lines(text: str, before: str = "", after: str = "") -> str:
    """``text`` with its line breaks between Chinese characters removed; ``before`` and ``after``
    are the text of the nodes around it, so a break at its edge joins across an inline node.

    >>> join_chinese_lines("页上，\\n计算过程 and\\nmore")
    '页上，计算过程 and\\nmore'
    >>> join_chinese_lines("参阅\\n", after="第16条")
    '参阅'
    >>> join_chinese_lines("\\n计算", before="Law")
    '\\n计算'
    >>> join_chinese_lines("\\n", before="条文", after="参阅")
    ''
    """
    joined = _BREAK.sub("", text)
    if not joined.strip():  # only a break between two inline nodes
        return "" if "\n" in joined and _LAST.search(before) and _FIRST.match(after) else joined
    if _FIRST.match(after):
        joined = re.sub(rf"(?<=[{CHINESE}])\s*\n\s*$", "", joined)
    if _LAST.search(before):
        joined = re.sub(rf"^\s*\n\s*(?=[{CHINESE}])", "", joined)
    return joined


class JoinChineseLines(SphinxPostTransform):
    default_priority = 890
    formats = ("html",)

    def run(self, **kwargs) -> None:
        for text in list(self.document.findall(nodes.Text)):
            if "\n" not in text or inside(text, _SKIP):
                continue
            parent = text.parent
            index = parent.index(text)
            before = parent[index - 1].astext() if index > 0 else ""
            after = parent[index + 1].astext() if index + 1 < len(parent) else ""
            joined = join_chinese_lines(str(text), before, after)
            if joined != str(text):
                parent.replace(text, nodes.Text(joined))


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_post_transform(JoinChineseLines)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
