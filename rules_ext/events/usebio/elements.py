"""The XML of a USEBIO file: a small element tree with the line each element starts on, parsed by
expat with entity declarations (an XML bomb) and deep nesting refused; a file that is not
well-formed is a :class:`~rules_ext.events.errors.PBNError` naming its line. Read by
:mod:`rules_ext.events.usebio.reader`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from xml.parsers import expat

from rules_ext.events.errors import PBNError

__all__ = ["Node", "is_xml", "parse_xml"]

#: deeper nesting than any USEBIO file has is refused (it would only serve to exhaust the reader)
_MAX_DEPTH = 32


@dataclass(slots=True)
class Node:
    """An element of the file: tag, attributes, text, children and the line it starts on."""

    tag: str
    attrs: dict[str, str]
    line: int
    text: str = ""
    children: list[Node] = field(default_factory=list)

    def child(self, tag: str) -> Node | None:
        return next((c for c in self.children if c.tag == tag), None)

    def all(self, tag: str) -> list[Node]:
        return [c for c in self.children if c.tag == tag]

    def value(self, tag: str) -> str:
        """The text of the first child ``tag`` (or of the attribute ``tag``), '' when absent."""
        node = self.child(tag)
        return node.text.strip() if node is not None else self.attrs.get(tag, "").strip()

    def descendants(self, tag: str, stop: frozenset[str] = frozenset()) -> list[Node]:
        """Every element ``tag`` below this one, not looking inside the elements named in ``stop``."""
        found = []
        for c in self.children:
            if c.tag == tag:
                found.append(c)
            elif c.tag not in stop:
                found.extend(c.descendants(tag, stop))
        return found


def is_xml(data: bytes) -> bool:
    """Whether the bytes look like an XML document (a declaration or a tag first)."""
    head = data[:512].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        head = head.decode("utf-16", "ignore").encode("ascii", "ignore").lstrip()
    return head.startswith((b"<?xml", b"<USEBIO", b"<!DOCTYPE", b"<!--")) or bool(re.match(rb"<[A-Za-z_]", head))


def parse_xml(data: bytes, source: str) -> Node:
    """The element tree of an XML document, with line numbers. Entity declarations (the means of
    an XML bomb) are refused; expat never fetches an external DTD or entity."""
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    stack: list[Node] = []
    roots: list[Node] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        if len(stack) >= _MAX_DEPTH:
            raise PBNError(f"elements nested more than {_MAX_DEPTH} deep: a USEBIO file nests a few levels "
                           f"(USEBIO, EVENT, BOARD, TRAVELLER_LINE, ...)", source=source, line=parser.CurrentLineNumber)
        node = Node(tag, attrs, parser.CurrentLineNumber)
        (stack[-1].children if stack else roots).append(node)
        stack.append(node)

    def end(tag: str) -> None:
        stack.pop()

    def text(chars: str) -> None:
        if stack:
            stack[-1].text += chars

    def entity(name: str, *args: object) -> None:
        raise PBNError(f"the file declares the entity {name!r}: a USEBIO file declares none (refused, as an "
                       f"entity can expand without bound)", source=source, line=parser.CurrentLineNumber)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    parser.EntityDeclHandler = entity
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        raise PBNError(f"not well-formed XML: {expat.ErrorString(exc.code)} at column {exc.offset + 1}: "
                       f"expected a USEBIO results file", source=source, line=exc.lineno) from exc
    return roots[0]


# --------------------------------------------------------------------------- reading
