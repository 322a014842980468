"""Pages for reading: the worked examples with their results shown and their computation folded, and
each edition whole on one page (``<edition>/all``, for reading straight through and printing).

A worked example's doctest block is what ``make doctest`` runs; the reader sees its result above
the folded code (:func:`fold_worked_code`), taken from the checked output, so a wrong result fails
the build. ``.. worked-result::`` says a result in a sentence (its placeholders: the 使用说明's
建站与引用, source/manual/sphinx.rst). ``.. rules-whole-edition::`` puts the law pages' doctrees in
its place before references are resolved (:class:`WholeEditionPages`), so the page is resolved
once; :func:`inline_whole_edition` then leaves out each law's navigation, turns its links to the
other laws into links within the page and sets its headings' levels below the law's.
"""
from __future__ import annotations

import ast
import doctest
import re
import string
from typing import TYPE_CHECKING, Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from rules_ext.core.auction import Call
from rules_ext.core.rulings import ADJUSTED_WORDS
from rules_ext.corpus.labels import citation
from rules_ext.rulebook_site.directives import collapsible, provision_heading

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.util.typing import ExtensionMetadata

logger = logging.getLogger(__name__)

#: the summary line of a folded worked-example computation
CODE_SUMMARY = "计算过程（程序代码，可展开）"
#: the class of the box holding a worked example's result
RESULT = "worked-result"
_CJK = re.compile(r"[\u4e00-\u9fff]")
#: page furniture of a law page left out of the whole edition
NAVIGATION = ("law-nav", "law-switch")
_AUTO_ID = re.compile(r"id\d+")


class whole_edition(nodes.General, nodes.Element):
    """Replaced at doctree-resolved by the law pages listed in ``docs``."""


class WholeEditionDirective(SphinxDirective):
    has_content = True

    def run(self) -> list[nodes.Node]:
        docs = [line.strip().lstrip("/") for line in self.content if line.strip()]
        for doc in docs:
            # the page is read again when a law page's source changes
            self.env.note_dependency(str(self.env.doc2path(doc)))
        node = whole_edition(docs=docs, classes=["law-whole-edition"])
        return [node]


class WholeEditionPages(SphinxPostTransform):
    """Each listed law page's sections, as read, in place of the placeholder, before the page's
    references are resolved (Sphinx's resolver runs at priority 10): the references, suits and
    examples of the laws are then resolved with the page, once. (Resolving each law page on its
    own would run every doctree-resolved handler once more for every law.)"""

    default_priority = 5

    def run(self, **kwargs: Any) -> None:
        for node in list(self.document.findall(whole_edition)):
            box = nodes.container(classes=["law-whole-edition"], rules_pages=node["docs"])
            for doc in node["docs"]:
                for section in self.env.get_doctree(doc).children:  # a new copy of the pickle
                    if isinstance(section, nodes.section):
                        section["rules_page"] = doc
                        box += section
            node.replace_self(box)


def inline_whole_edition(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """doctree-resolved: the laws of a whole-edition page made parts of one page (see the module)."""
    for box in list(doctree.findall(nodes.container)):
        if "rules_pages" not in box:
            continue
        pages = {f"{doc.rsplit('/', 1)[-1]}.html": doc for doc in box["rules_pages"]}
        for section in box.children:
            if isinstance(section, nodes.section) and "rules_page" in section:
                _inline_law(section, section["rules_page"].rsplit("/", 1)[-1], pages)
                _shift_heading_levels(section, _depth(section) - 1)


def _depth(section: nodes.Element) -> int:
    """The level of a section's heading on its page (the page's title: 1)."""
    depth, node = 0, section
    while node is not None:
        depth += isinstance(node, nodes.section)
        node = node.parent
    return depth


def _shift_heading_levels(section: nodes.section, shift: int) -> None:
    """The provisions' heading levels of a law set ``shift`` levels deeper (a law page's h1 is an
    h2 on the whole-edition page)."""
    for heading in section.findall(provision_heading):
        heading["level"] = str(int(heading["level"]) + shift)


def _inline_law(section: nodes.section, prefix: str, pages: dict[str, str]) -> nodes.section:
    # the law's own anchor (its number) is kept; a heading's automatic id would repeat
    section["ids"] = [i for i in section["ids"] if not _AUTO_ID.fullmatch(i)] or [prefix]
    for element in list(section.findall(nodes.Element)):
        if element is not section and set(element.get("classes", [])) & set(NAVIGATION):
            # the law's anchor may sit on its navigation (docutils moves a target's id to the
            # element after it): it stays, on an empty mark
            anchors: list[str] = element.get("ids", [])
            if anchors:
                element.replace_self(nodes.inline(ids=anchors))
            else:
                element.parent.remove(element)
            continue
        ids: list[str] = element.get("ids", [])
        element["ids"] = [f"{prefix}-{i}" if _AUTO_ID.fullmatch(i) else i for i in ids]
        refid = element.get("refid")
        if refid and _AUTO_ID.fullmatch(refid):
            element["refid"] = f"{prefix}-{refid}"
        refuri = element.get("refuri", "")
        page, _, fragment = refuri.partition("#")
        if page in pages and isinstance(element, nodes.reference):
            # a law of this page: a link within the page (to the law, or the provision)
            number = page.removeprefix("law-").removesuffix(".html")
            element["refuri"] = f"#{_target(fragment, prefix, number)}"
    return section


def _target(fragment: str, prefix: str, number: str) -> str:
    if not fragment:
        return number
    return f"{prefix}-{fragment}" if _AUTO_ID.fullmatch(fragment) else fragment


def doctest_outputs(block: nodes.Element) -> list[str]:
    """The expected outputs of a doctest block, one per example that prints something, in order
    (a traceback's message included as its last line)."""
    found = []
    for example in doctest.DocTestParser().get_examples(block.astext()):
        if example.exc_msg is not None:
            found.append(example.exc_msg.strip())
        elif example.want.strip():
            found.append(example.want.rstrip("\n"))
    return found


#: ``{1:叫品}``: the output in the reader's words (a call, provision labels, an adjusted score)
_WORDS: dict[str, Any] = {
    "叫品": lambda v: Call.parse(str(v)).chinese,
    "条文": lambda v: "、".join(citation(x) for x in ((v,) if isinstance(v, str) else v)),
    "调整分": lambda v: ADJUSTED_WORDS[v],
}


class _Outputs(string.Formatter):
    """``{1}``: the first output as printed; ``{1[0]}``, ``{1[♣]}``: an item of its Python value."""

    def get_field(self, field_name: str, args: Any, kwargs: Any) -> Any:
        first, rest = field_name.partition("[")[::2]
        outputs: list[str] = args[0]
        number = int(first)
        if not 1 <= number <= len(outputs):
            raise LookupError(f"{{{field_name}}}: the doctest above has {len(outputs)} outputs")
        value: Any = outputs[number - 1]
        if rest:
            value = ast.literal_eval(value)
            for key in re.findall(r"([^\[\]]+)\]", "[" + rest):
                value = value[int(key) if key.lstrip("-").isdigit() else key]
        return value, first

    def format_field(self, value: Any, format_spec: str) -> str:
        """``{1:合法/不合法}``: a yes-or-no output in words; ``{1:叫品}``: a call (``2H``) as 2♥."""
        if isinstance(value, str) and _is_literal(value):
            value = ast.literal_eval(value)
        if "/" in format_spec:
            yes, no = format_spec.split("/", 1)
            if not isinstance(value, bool):
                raise ValueError(f"{{…:{format_spec}}}: {value!r} is not True or False")
            return yes if value else no
        if format_spec in _WORDS:
            return _WORDS[format_spec](value)
        if isinstance(value, bool):
            raise ValueError(f"{value!r}: say it in words ({{…:是/否}})")
        return format(value, format_spec)


class WorkedResultDirective(SphinxDirective):
    """``.. worked-result::`` after a doctest block: its result as a reader reads it (see the module)."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        blocks = [n for n in self.state.parent.children
                  if isinstance(n, nodes.literal_block) and n.get("testnodetype") == "doctest"]
        if not blocks:
            raise self.error("worked-result: no doctest block before it")
        outputs = doctest_outputs(blocks[-1])
        try:
            lines = [_Outputs().vformat(line, (outputs,), {}) for line in self.content]
        except (LookupError, ValueError, SyntaxError, TypeError) as exc:
            raise self.error(f"worked-result: {exc}") from None
        box = nodes.container(classes=[RESULT])
        self.state.nested_parse(StringList(lines, items=list(self.content.items)), self.content_offset, box)
        return [box]


def _is_literal(output: str) -> bool:
    """Whether an output is a Python value as the interpreter shows it (``('南', '双方有局')``)."""
    try:
        ast.literal_eval(output)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False
    return True


def _raises(block: nodes.Element) -> bool:
    """Whether an example of the block expects an exception (its message is the program's)."""
    return any(e.exc_msg is not None for e in doctest.DocTestParser().get_examples(block.astext()))


def _text_result(output: str) -> nodes.container:
    """Chinese output (a ruling) as lines, indented lines nested under the line above. Not
    searched (``no-search``: neither in Sphinx's index nor in the snippet text): a ruling's
    lines are the tree's questions and the provisions it quotes, which the law pages hold (as the
    assistant's questionnaires, left out of the index for the same reason); the example's own
    prose around it is searched."""
    box = nodes.container(classes=[RESULT, "worked-result-text", "no-search"])
    block = nodes.line_block()
    box += block
    for line in output.split("\n"):
        text = line.strip()
        if not text:
            continue
        if line.startswith(" ") and block.children:
            last = block.children[-1]
            if not isinstance(last, nodes.line_block):
                last = nodes.line_block()
                block += last
            last += nodes.line(text, text)
        else:
            block += nodes.line(text, text)
    return box


def fold_worked_code(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """doctree-resolved (HTML): each doctest block of a page folded under a summary line, after
    its result (the ``worked-result`` box that follows it, or its Chinese output shown as text),
    so that a worked example reads as a worked case (the blocks are still run by ``make doctest``)."""
    if app.builder.format != "html":
        return
    for block in list(doctree.findall(nodes.literal_block)):
        if block.get("testnodetype") not in ("doctest", "testcode", "testoutput"):
            continue
        if isinstance(block.parent, collapsible):
            continue
        folded = collapsible(summary=CODE_SUMMARY, classes=["worked-code"])
        after = block.next_node(nodes.Element, siblings=True, descend=False)
        if block.get("testnodetype") == "doctest" and not (isinstance(after, nodes.container)
                                                            and RESULT in after["classes"]):
            outputs = doctest_outputs(block)
            shown = "\n".join(outputs)
            if _CJK.search(shown) and not any(_is_literal(x) for x in outputs) and not _raises(block):
                block.replace_self([_text_result(shown), folded])
                folded += block
                continue
            if outputs:   # a block that only sets the example up shows nothing
                logger.warning("worked example: a doctest without a result a reader sees "
                               "(add .. worked-result:: after it)", location=block, type="rules",
                               subtype="example")
        if isinstance(after, nodes.container) and RESULT in after["classes"]:
            block.parent.remove(block)
            after.parent.insert(after.parent.index(after) + 1, folded)
        else:
            block.replace_self(folded)
        folded += block


def setup(app: Sphinx) -> ExtensionMetadata:
    """The whole edition on one page and the worked examples' results (a doctest build of the
    examples alone names this module)."""
    app.add_directive("rules-whole-edition", WholeEditionDirective)
    app.add_directive(RESULT, WorkedResultDirective)
    app.add_post_transform(WholeEditionPages)
    app.connect("doctree-resolved", inline_whole_edition)
    app.connect("doctree-resolved", fold_worked_code)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
