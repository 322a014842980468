"""``.. rules-commands:: rules_ext.cli:build_parser``: the command reference, read from argparse.

The 使用说明 lists every command with its usage, arguments and help as the parser itself holds
them, so the page cannot drift from ``--help``. The argument names a function returning an
``argparse.ArgumentParser`` (as autodoc names a module); it is imported when the page is read,
so the site's own code imports nothing of the command line. Each sub-command is a section of the
page, linked by ``:rules-command:`NAME``` (or ``:ref:`用法 <command-NAME>```); options the main
parser has too (``--debug``) are shown once, under 全局选项. The help is the program's English,
marked ``lang="en"``.
"""
from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, cast

from docutils import nodes
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective, SphinxRole
from sphinx.util.nodes import make_refnode

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment
    from sphinx.util.typing import ExtensionMetadata

#: the width the usage lines are wrapped to (argparse otherwise takes the terminal's)
WIDTH = 88
#: argparse's own group titles, in the page's words (other groups keep their title)
GROUP_TITLES = {"positional arguments": "参数", "options": "选项", "optional arguments": "选项"}


class CommandsDirective(SphinxDirective):
    """The sections of a parser's sub-commands (and, first, its usage and global options)."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        parser = self._parser(self.arguments[0])
        shown = {option for action in _actions(parser) for option in action.option_strings}
        out: list[nodes.Node] = []
        if parser.description:
            out.append(_english_paragraph(parser.description))
        out += [_usage(parser), *self._arguments(parser, set(), global_title="全局选项")]
        for names, sub, summary in _commands(parser):
            out.append(self._section(names, sub, summary, shown))
        return out

    def _parser(self, target: str) -> argparse.ArgumentParser:
        module_name, _, function = target.partition(":")
        try:
            module = importlib.import_module(module_name)
            parser = getattr(module, function)()
        except (ImportError, AttributeError, TypeError, ValueError) as exc:
            raise self.error(f"rules-commands {target}: cannot make the parser ({exc}); expected "
                             "'module:function', e.g. rules_ext.cli:build_parser") from None
        if not isinstance(parser, argparse.ArgumentParser):
            raise self.error(f"rules-commands {target}: returned {type(parser).__name__}, "
                             "not an argparse.ArgumentParser")
        for path in _package_files(module_name):  # the page is read again when a command changes
            self.env.note_dependency(str(path))
        return parser

    def _section(self, names: list[str], parser: argparse.ArgumentParser, summary: str | None,
                 shown: set[str]) -> nodes.section:
        name = names[0]
        section = nodes.section("", nodes.title("", "", nodes.literal(name, name)), names=[_label(name)])
        self.state.document.note_explicit_target(section, section)
        text = parser.description or summary
        if text:
            section += _english_paragraph(text)
        if len(names) > 1:
            aliases = nodes.paragraph("", "又作 ")
            for n, alias in enumerate(names[1:]):
                aliases += [nodes.Text("、")] if n else []
                aliases += nodes.literal(alias, alias)
            section += aliases
        section += _usage(parser)
        section.extend(self._arguments(parser, shown))
        for sub_names, sub, sub_summary in _commands(parser):  # a command's own sub-commands
            section += self._section([f"{name} {n}" for n in sub_names], sub, sub_summary, shown)
        if parser.epilog:
            section += _english_paragraph(parser.epilog)
        return section

    def _arguments(self, parser: argparse.ArgumentParser, shown: set[str],
                   global_title: str | None = None) -> Iterator[nodes.Node]:
        """Per argument group, a rubric and the arguments as a definition list; the options in
        ``shown`` (the main parser's) and the hidden ones left out."""
        formatter = _formatter(parser)
        for title, actions in _groups(parser):
            items = [a for a in actions if a.help != argparse.SUPPRESS
                     and not isinstance(a, argparse._SubParsersAction)
                     and not (a.option_strings and set(a.option_strings) <= shown)]
            if not items:
                continue
            if title in GROUP_TITLES:
                yield nodes.rubric("", global_title or GROUP_TITLES[title])
            else:
                yield nodes.rubric("", "", nodes.inline(title, title, classes=["language-en"]))
            listing = nodes.definition_list(classes=["rules-command-arguments"])
            for action in items:
                invocation = _invocation(formatter, action)
                term = nodes.term("", "", nodes.literal(invocation, invocation))
                body = nodes.definition()
                if action.help:
                    body += _english_paragraph(_help(formatter, action))
                listing += nodes.definition_list_item("", term, body)
            yield listing


# argparse keeps what a parser holds in private attributes, and its formatter's helpers are
# private too (``_actions``, ``_action_groups``, ``_group_actions``, ``_choices_actions``,
# ``_mutually_exclusive_groups``, ``_format_action_invocation``, ``_expand_help``): read here only.

def _actions(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return list(parser._actions)


def _groups(parser: argparse.ArgumentParser) -> Iterator[tuple[str, list[argparse.Action]]]:
    for group in parser._action_groups:
        yield group.title or "", list(group._group_actions)


def _commands(parser: argparse.ArgumentParser) -> Iterator[tuple[list[str], argparse.ArgumentParser, str | None]]:
    """(names, parser, the one-line help of ``add_parser(help=...)``) of each sub-command, in the
    order of ``--help``: its name first, then its aliases."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            summaries = {a.dest: a.help for a in action._choices_actions}
            names: dict[int, list[str]] = {}
            parsers = {}
            for name, sub in action.choices.items():
                names.setdefault(id(sub), []).append(name)
                parsers[id(sub)] = sub
            for key, found in names.items():
                yield found, parsers[key], summaries.get(found[0])


def _formatter(parser: argparse.ArgumentParser) -> argparse.HelpFormatter:
    formatter_class = cast("type[argparse.HelpFormatter]", parser.formatter_class)  # every one takes width
    return formatter_class(prog=parser.prog, width=WIDTH)


def _usage(parser: argparse.ArgumentParser) -> nodes.literal_block:
    formatter = _formatter(parser)
    formatter.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups, prefix="")
    text = formatter.format_help().strip()
    return nodes.literal_block(text, text, language="text", classes=["rules-command-usage"])


def _invocation(formatter: argparse.HelpFormatter, action: argparse.Action) -> str:
    return formatter._format_action_invocation(action)


def _help(formatter: argparse.HelpFormatter, action: argparse.Action) -> str:
    return formatter._expand_help(action)


def _english_paragraph(text: str) -> nodes.paragraph:
    """Help text as the program prints it, one paragraph, marked English (``lang="en"``); what it
    quotes in backquotes (```score 4SX 10```) set as code."""
    text = " ".join(text.split())
    inline = nodes.inline(text, "", classes=["language-en"])
    for n, piece in enumerate(text.split("`") if text.count("`") % 2 == 0 else [text]):
        if piece:
            inline += nodes.literal(piece, piece) if n % 2 else nodes.Text(piece)
    return nodes.paragraph("", "", inline)


def _label(command: str) -> str:
    """The section label of a command: ``command-results``, ``command-club-members``."""
    return "command-" + "-".join(command.split())


def _package_files(module_name: str) -> list[Path]:
    """The source files of the module's package (``rules_ext/cli/*.py``), or the module alone."""
    module = sys.modules[module_name]
    path = Path(module.__file__ or "")
    return sorted(path.parent.glob("*.py")) if path.name == "__init__.py" else [path]


class CommandRole(SphinxRole):
    """``:rules-command:`results```: a link to the command's section, its name set as code (a
    ``:ref:`` would set it as text); a command no page describes is a warning."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        name = " ".join(self.text.split())
        node = addnodes.pending_xref(self.rawtext, nodes.literal(self.rawtext, name), refdomain="",
                                     reftype="command", reftarget=_label(name), refdoc=self.env.docname,
                                     refexplicit=False, refwarn=True)
        self.set_source_info(node)
        return [node], []


def resolve_command(app: Sphinx, env: BuildEnvironment, node: addnodes.pending_xref,
                    contnode: nodes.Element) -> nodes.reference | None:
    """missing-reference: a ``:rules-command:`` to the section of that command."""
    if node.get("reftype") != "command" or node["reftarget"] not in env.domains.standard_domain.labels:
        return None
    docname, labelid, _ = env.domains.standard_domain.labels[node["reftarget"]]
    return make_refnode(app.builder, node["refdoc"], docname, labelid, contnode)


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_directive("rules-commands", CommandsDirective)
    app.add_role("rules-command", CommandRole())
    app.connect("missing-reference", resolve_command)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
