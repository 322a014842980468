"""The command reference of the 使用说明 (``.. rules-commands::``): each command's usage, arguments
and help as argparse holds them, on an invented parser (roots/test-commands/tally_cli.py) and on
the project's own (every option ``--help`` lists is on the page)."""
from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest
from visible_words import english_words

from rules_ext.cli import build_parser

#: one build for every test here (sphinx.testing's shared result: the later tests build nothing new)
pytestmark = [pytest.mark.sphinx("html", testroot="commands"), pytest.mark.test_params(shared_result="commands")]


def section(page: str, ident: str) -> str:
    """The HTML of the section ``ident``, up to the next section at any level."""
    start = page.index(f'<section id="{ident}">')
    end = page.find("<section", start + 1)
    return page[start:end if end > 0 else len(page)]


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'")


def test_each_command_is_a_section_with_its_usage_and_arguments(app):
    app.build()
    page = (app.outdir / "index.html").read_text(encoding="utf-8")
    count = text(section(page, "command-count"))
    assert "Count the boards of FILE, by board or by pair." in count  # the description, not the help
    assert "tally count [-h] [--by {board,pair}] [-o OUT] [--paper {a4,letter}] [--verbose] FILE" in count
    assert "参数 FILE the session file" in count
    assert "--by {board,pair} what to count by (default board)" in count  # %(default)s expanded
    assert "-o OUT, --output OUT write to OUT" in count
    assert "PDF output (-o FILE.pdf) --paper {a4,letter} paper size" in count
    assert "又作 c" in count and 'id="command-c"' not in page  # an alias is not a command of its own
    assert "--secret" not in page  # help=SUPPRESS
    # a command's sub-commands are sections inside it; a command without description shows its help
    club = section(page, "command-club")
    assert "the club's lists, e.g. tally club members" in text(club)  # `...` set as code
    assert '<code class="docutils literal notranslate"><span class="pre">tally</span> <span class="pre">club</span>' in club
    assert "tally club members [-h] [--active] [--verbose]" in text(section(page, "command-club-members"))
    assert page.index('id="command-club"') < page.index('id="command-club-members"')


def test_global_options_once_and_links_to_commands(app):
    app.build()
    page = (app.outdir / "index.html").read_text(encoding="utf-8")
    body = page[page.index("<h1"):page.rindex("</section>")]
    # --verbose is accepted after each command too, and listed once, under 全局选项
    assert len(re.findall(r'<dt><code[^>]*><span class="pre">--verbose</span></code></dt>', body)) == 1
    head = text(body[:body.index("<section")])
    assert "全局选项 -h, --help show this help message and exit --verbose say what is being done" in head
    # :rules-command: links the command's section, its name as code; :ref: with words of one's own
    assert ('<a class="reference internal" href="#command-count"><code class="docutils literal notranslate">'
            '<span class="pre">count</span></code></a>') in page
    assert 'href="#command-club-members"><code' in page
    assert '<a class="reference internal" href="#command-count"><span class="std std-ref">用法</span></a>' in page
    # Chinese headings; the program's English help marked lang="en" (a screen reader reads it so)
    assert not english_words(body), english_words(body)
    assert '<p class="rubric">选项</p>' in body
    assert '<p class="rubric"><span lang="en">PDF output (-o FILE.pdf)</span></p>' in body


def test_a_target_that_makes_no_parser_or_an_unknown_command_is_an_error_with_its_line(app):
    app.build()
    warnings = app.warning.getvalue()
    assert re.search(r"bad\.rst:6: ERROR: rules-commands tally_cli:not_a_parser: returned str, "
                     r"not an argparse\.ArgumentParser", warnings), warnings
    assert re.search(r"bad\.rst:8: ERROR: rules-commands tally_cli:no_such_function: cannot make the "
                     r"parser \(.*no_such_function.*\); expected 'module:function'", warnings), warnings
    assert re.search(r"bad\.rst:10: WARNING: 'command' reference target not found: command-nonesuch", warnings), warnings
    assert len(warnings.strip().splitlines()) == 3, warnings  # nothing else


def command_help(*argv: str) -> str:
    """What ``python -m rules_ext ARGV --help`` prints (argparse's own formatter)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        build_parser().parse_args([*argv, "--help"])
    return out.getvalue()


def test_every_option_of_every_command_of_the_project_is_on_the_page(app):
    """What ``--help`` lists is on the page: it cannot drift from the parser."""
    app.build()
    page = (app.outdir / "real.html").read_text(encoding="utf-8")
    listing = command_help().split("positional arguments:")[1].split("options:")[0]
    commands = re.findall(r"^    (\S+)", listing, re.M)
    assert len(commands) >= 15 and {"results", "handrecord", "publish", "rule", "verify"} <= set(commands)
    for command in commands:
        shown = text(section(page, f"command-{command}"))
        options = set(re.findall(r"(?<![\w-])(--?[A-Za-z][\w-]*)", command_help(command).split("options:")[1]))
        options -= {"-h", "--help", "--debug"}  # shown once, for every command
        missing = {o for o in options if o not in shown}
        assert not missing, (command, missing)
    head = text(page[page.index("<h1"):page.index("<section", page.index("<h1"))])
    assert "--debug" in head and "-h, --help" in head


def test_the_manual_names_every_command_in_chinese():
    """The 使用说明's table of commands (source/manual/index.rst, a line of Chinese for each) has a
    row for every command ``--help`` lists, and names no command that is not there (a link to one
    would not resolve)."""
    listing = command_help().split("positional arguments:")[1].split("options:")[0]
    commands = set(re.findall(r"^    (\S+)", listing, re.M))
    manual = (Path(__file__).parents[2] / "source" / "manual" / "index.rst").read_text(encoding="utf-8")
    table = manual[manual.index(".. list-table::"):]
    assert set(re.findall(r":rules-command:`([^`]+)`", table)) == commands
