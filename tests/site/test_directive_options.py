"""The law directives' options read without docutils' option parser when every value is plain words
(rules_ext.site.directives.PlainOptions): the same arguments and options as docutils gives, and, for
any other block (markup, an unknown or repeated option, a bad value), docutils' own reading and errors."""
from __future__ import annotations

import pytest
from docutils import nodes
from docutils.core import publish_doctree
from docutils.parsers.rst import Directive, directives

from rules_ext.site.directives import PlainOptions, ProvisionDirective

SEEN: list[tuple[list[str], dict]] = []


class Probe(PlainOptions):
    """Options read by PlainOptions, as ProvisionDirective reads them."""

    required_arguments = 1
    has_content = True
    options_taken = ProvisionDirective.options_taken

    def run(self):
        self.read_options()
        SEEN.append((list(self.arguments), dict(self.options)))
        return []


class Reference(Directive):
    """The same options read by docutils."""

    required_arguments = 1
    has_content = True
    option_spec = ProvisionDirective.options_taken

    def run(self):
        SEEN.append((list(self.arguments), dict(self.options)))
        return []


directives.register_directive("probe", Probe)
directives.register_directive("reference", Reference)


def read(name: str, block: str) -> tuple[list, list[str]]:
    """What the directive saw, and the errors docutils reported (their first line)."""
    SEEN.clear()
    doctree = publish_doctree(f".. {name}:: 45C4b\n{block}\n   第四十五条的正文。\n",
                              settings_overrides={"report_level": 5, "halt_level": 5})
    errors = [m.astext().splitlines()[0] for m in doctree.findall(nodes.system_message)]
    return list(SEEN), errors


@pytest.mark.parametrize("block", [
    "   :kind: section\n   :marker: （A）\n   :heading: 打牌的时限\n",  # plain words: read directly
    "   :kind: item\n   :marker: 1.\n   :recovered:\n   :penalty:\n",
    "   :kind: subitem\n   :marker: (a)\n   :changes: 原文“符合”改为“复核”\n",
    "   :kind: note\n",
    "",  # no option
    "   :kind: section\n   :heading: 见 *第16条*\n",  # markup: docutils reads it (and refuses it)
    "   :kind: section\n   :heading: 参阅\\ 第16条\n",  # an escape: docutils reads it
    "   :kind: section\n   :colour: red\n",  # unknown option
    "   :kind: section\n   :kind: item\n",  # repeated option
    "   :kind: chapter\n",  # a value the converter refuses
    "   :recovered: yes\n",  # a flag given a value
])
def test_options_are_read_as_docutils_reads_them(block: str):
    probe, reference = read("probe", block), read("reference", block)
    assert probe[0] == reference[0]
    assert [e.replace('"probe"', '"reference"') for e in probe[1]] == reference[1]


def test_a_plain_block_never_reaches_docutils_option_parser(monkeypatch: pytest.MonkeyPatch):
    from docutils.parsers.rst import states

    def fails(*args, **kwargs):
        raise AssertionError("docutils' option parser was used")

    monkeypatch.setattr(states.Body, "parse_extension_options", fails)
    seen, errors = read("probe", "   :kind: item\n   :marker: 1.\n   :heading: 打牌的时限\n   :recovered:\n")
    assert errors == []
    assert seen == [(["45C4b"], {"kind": "item", "marker": "1.", "heading": "打牌的时限", "recovered": None})]
