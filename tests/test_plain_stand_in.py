"""The site benchmark's stand-in (benchmarks/plain_sphinx.py) builds the site's own pages as a plain
project would: it must know every directive and role those pages use, or `make bench` stops with
"Unknown directive type". Read from the pages' sources, checked against what Sphinx, docutils and
the stand-in register."""
from __future__ import annotations

import re
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
DIRECTIVE = re.compile(r"^\s*\.\. ([a-z][\w-]*(?::[\w-]+)?)::", re.M)
ROLE = re.compile(r"(?<![\w`]):([a-z][\w-]*(?::[\w-]+)?):`")
DECLARED_ROLE = re.compile(r"^\s*\.\. role:: ([\w-]+)", re.M)


def used_names() -> tuple[set[str], set[str]]:
    """The directives and roles of the hand-written pages and of the generated pages' templates."""
    texts = [p.read_text(encoding="utf-8") for p in (PROJECT / "source").rglob("*.rst")]
    texts += [p.read_text(encoding="utf-8") for p in (PROJECT / "templates" / "site").glob("*.jinja")]
    directives = {m for text in texts for m in DIRECTIVE.findall(text)}
    roles = {m for text in texts for m in ROLE.findall(text)}
    declared = {m for text in texts for m in DECLARED_ROLE.findall(text)}  # a page's own ``.. role::``
    return directives, roles - declared


def test_the_pages_use_the_extensions_markup():
    directives, roles = used_names()
    # the scan finds the extension's own markup (so the next test checks something)
    assert {"rules-commands", "rules-whole-edition"} <= directives, sorted(directives)
    assert {"rules-command", "law"} <= roles, sorted(roles)


def test_the_stand_in_knows_every_directive_and_role_the_pages_use(tmp_path):
    from docutils.parsers.rst import directives as rst_directives
    from docutils.parsers.rst import roles as rst_roles
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace

    # the plain project's extensions, as benchmarks/bench_site.py writes its conf.py
    (tmp_path / "conf.py").write_text("extensions = ['sphinx.ext.doctest', 'plain_sphinx']\n", encoding="utf-8")
    (tmp_path / "index.rst").write_text("Index\n=====\n", encoding="utf-8")
    sys.path.insert(0, str(PROJECT / "benchmarks"))
    try:
        with docutils_namespace():
            app = Sphinx(str(tmp_path), str(tmp_path), str(tmp_path / "out"), str(tmp_path / "doctrees"),
                         "html", status=None, warning=None)
            known_directives = set(rst_directives._directives) | set(rst_directives._directive_registry)
            known_roles = set(rst_roles._roles) | set(rst_roles._role_registry)
            for domain in app.env.domains.values():
                prefix = f"{domain.name}:"
                known_directives |= {prefix + d for d in domain.directives}
                known_roles |= {prefix + r for r in domain.roles}
                if domain.name in ("std", "py"):  # the default domains answer unprefixed names too
                    known_directives |= set(domain.directives)
                    known_roles |= set(domain.roles)
    finally:
        sys.path.remove(str(PROJECT / "benchmarks"))
    directives, roles = used_names()
    assert sorted(directives - known_directives) == []
    assert sorted(roles - known_roles) == []
