"""A stand-in for the ``law`` domain with no behaviour, for the overhead benchmark only.

``benchmarks/bench_site.py`` builds the generated reST twice: with the real extension, and with
plain Sphinx plus this module, which only lets the same markup parse (every ``law:`` directive is a
container of its content, every ``law:`` role shows its text). The difference is what the extension
costs: loading the corpus, rendering the templates, OpenCC, objects, references, terms, examples.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.domains import Domain
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import split_explicit_title

from rules_ext import __version__
from rules_ext.rulebook_site.navigation import ReadingOrderDirective

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.util.typing import ExtensionMetadata


class _AnyOption(dict):
    """Any option, its value as written: the option block of a directive is parsed as docutils
    parses any directive's (an empty ``option_spec`` would be falsy, and docutils would then take
    the option lines for the argument without parsing them, less than any real directive does)."""

    def __missing__(self, key):
        return directives.unchanged

    def __bool__(self) -> bool:
        return True


class PlainDirective(SphinxDirective):
    optional_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec = _AnyOption()

    def run(self) -> list[nodes.Node]:
        node = nodes.container()
        self.state.nested_parse(self.content, self.content_offset, node)
        return [node]


class PlainData(SphinxDirective):
    """A block of data for the page's script (``.. law-assistant::``'s JSON) as a plain project
    would embed it: ``.. raw:: html`` holding a ``<script type="application/json">``."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        text = "\n".join(self.content)
        return [nodes.raw(text, f'<script type="application/json">{text}</script>', format="html")]


class PlainWholeEdition(SphinxDirective):
    """``.. rules-whole-edition::`` as a plain project would write it: each listed page included
    (``.. include::``), so that the baseline reads and writes the same text as the real one."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        lines = []
        for line in self.content:
            if line.strip():
                lines += [f".. include:: /{self.env.doc2path(line.strip().lstrip('/'), False)}", ""]
        self.state_machine.insert_input(lines, self.get_source_info()[0] or "")
        return []


def plain_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    _, shown, _ = split_explicit_title(nodes.unescape(text))
    return [nodes.inline(shown, shown)], []


class PlainLawDomain(Domain):
    name = "law"
    label = "Bridge law (plain stand-in)"
    directives = dict.fromkeys(("edition", "law", "provision", "term", "examples", "evidence"), PlainDirective)
    roles = dict.fromkeys(("ref", "law", "term", "unresolved"), plain_role)


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_domain(PlainLawDomain)
    app.add_role("law", plain_role)
    for name in ("diff-del", "diff-ins", "en", "law-del", "law-ins", "rules-command"):  # the extension's inline roles
        app.add_role(name, plain_role)
    app.add_directive("rules-whole-edition", PlainWholeEdition)
    # the extension's other directives: containers of their content (a quotation, a worked result,
    # the lists of downloads and events, the command reference read from argparse: left empty, so the
    # baseline does less than the real build), the assistant's data embedded as a page's script data
    for name in ("law-quote", "worked-result", "rules-corpus-downloads", "rules-events", "rules-commands"):
        app.add_directive(name, PlainDirective)
    app.add_directive("law-assistant", PlainData)
    # the navigation is the same in both builds: index pages in the toctree, the pages they lead to
    # in a reading order (a plain project would have them in a hidden toctree, and pay for it)
    app.add_directive("rules-reading-order", ReadingOrderDirective)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
