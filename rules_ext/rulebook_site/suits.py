"""Red hearts and diamonds in HTML: every ♥ and ♦ of running text is wrapped in
``<span class="suit suit-red">`` (rules.css colours it), as bridge books print them.

A post-transform, so it applies to every page (generated law pages, glossaries, worked examples,
hand-written pages) without touching the text: the characters stay as they are for search and copy.
Code (literal blocks, doctests, inline literals) and raw output are left alone.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.util.typing import ExtensionMetadata

RED_SUITS = re.compile("([♥♦])")
_SKIP = (nodes.literal_block, nodes.literal, nodes.raw, nodes.doctest_block, nodes.comment)


class RedSuits(SphinxPostTransform):
    default_priority = 900
    formats = ("html",)

    def run(self, **kwargs) -> None:
        for text in list(self.document.findall(nodes.Text)):
            if not RED_SUITS.search(text) or inside(text, _SKIP):
                continue
            pieces: list[nodes.Node] = []
            for piece in RED_SUITS.split(str(text)):
                if not piece:
                    continue
                if RED_SUITS.fullmatch(piece):
                    pieces.append(nodes.inline(piece, piece, classes=["suit", "suit-red"]))
                else:
                    pieces.append(nodes.Text(piece))
            text.parent.replace(text, pieces)


def inside(node: nodes.Node, kinds: tuple[type, ...]) -> bool:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, kinds):
            return True
        parent = parent.parent
    return False


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_post_transform(RedSuits)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
