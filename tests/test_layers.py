"""The layers of ARCHITECTURE.md, held: every import in the package, lazy ones inside functions
included, is read from the source and checked against the layer table of ARCHITECTURE.md, which this
module parses (the table is written there only, so the document and the test cannot disagree).
"""
from __future__ import annotations

import ast
import functools
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "rules_ext"
ARCHITECTURE = ROOT / "ARCHITECTURE.md"

#: the heading above the table and its columns, exactly as ARCHITECTURE.md writes them
HEADING = "## Layers"
COLUMNS = ("part", "may import (of the project)", "never imports (third party)", "every part may import it")
NOTHING = "—"
EVERYTHING = "everything"
STDLIB = "everything but the standard library"
#: a part's name: a folder or module of the package (``events``), or a module inside one
#: (``event_site.sphinx_ext``), which is then a part of its own
PART = r"[a-z_]+(?:\.[a-z_]+)?"


class TableError(ValueError):
    """ARCHITECTURE.md's layer table cannot be read."""


@dataclass(frozen=True, slots=True)
class Layers:
    """The layer table: what each part may import of the project and never of third parties."""

    may_import: dict[str, frozenset[str]]  # part -> other parts it may import
    never_imports: dict[str, frozenset[str]]  # part -> third-party top-level modules it must not import
    stdlib_only: frozenset[str]  # parts that import nothing outside the standard library
    shared: frozenset[str]  # parts every part may import


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _words(cell: str) -> list[str]:
    """A cell's comma-separated words, remarks in brackets left out: ``corpus (law quotes)`` is ``corpus``."""
    kept, depth = [], 0
    for char in cell:  # brackets may nest: ``site (inside `setup()` only)``
        depth += (char == "(") - (char == ")")
        if depth == 0 and char != ")":
            kept.append(char)
    cell = "".join(kept).strip()
    return [] if cell == NOTHING else [word.strip() for word in cell.split(",")]


def parse_layers(text: str, source: str = "ARCHITECTURE.md") -> Layers:
    """The table under ``## Layers`` in ``text``; a heading, column or word it does not expect is a
    :class:`TableError` naming the line."""
    lines = text.splitlines()
    try:
        start = lines.index(HEADING)
    except ValueError:
        raise TableError(f"{source}: no {HEADING!r} heading") from None
    number = next((n for n in range(start + 1, len(lines)) if lines[n].startswith("|")), None)
    if number is None:
        raise TableError(f"{source}:{start + 1}: no table under {HEADING!r}")
    if tuple(_cells(lines[number])) != COLUMNS:
        raise TableError(f"{source}:{number + 1}: expected the columns {' | '.join(COLUMNS)}")
    rows: dict[str, tuple[int, list[str], list[str], bool]] = {}
    for n in range(number + 2, len(lines)):
        if not lines[n].startswith("|"):
            break
        cells = _cells(lines[n])
        if len(cells) != len(COLUMNS) or cells[3] not in ("yes", "no") or not re.fullmatch(PART, cells[0]):
            raise TableError(f"{source}:{n + 1}: expected `| part | parts | modules | yes or no |`, "
                             f"got {lines[n]!r}")
        if cells[0] in rows:
            raise TableError(f"{source}:{n + 1}: part {cells[0]!r} has two rows")
        rows[cells[0]] = (n + 1, _words(cells[1]), _words(cells[2]), cells[3] == "yes")
    if not rows:
        raise TableError(f"{source}:{number + 1}: the table has no rows")
    may_import, never_imports, stdlib_only = {}, {}, set()
    for part, (line, parts, modules, _) in rows.items():
        if parts == [EVERYTHING]:
            parts = [other for other in rows if other != part]
        unknown = [p for p in parts if p not in rows]
        if unknown:
            raise TableError(f"{source}:{line}: {part} may import {', '.join(unknown)}: not a part of the "
                             f"table (expected {', '.join(rows)}, {EVERYTHING!r} or {NOTHING!r})")
        may_import[part] = frozenset(parts)
        if modules == [STDLIB]:
            stdlib_only.add(part)
            modules = []
        bad = [m for m in modules if not re.fullmatch(r"[A-Za-z_]\w*", m)]
        if bad:
            raise TableError(f"{source}:{line}: {', '.join(map(repr, bad))}: expected module names, "
                             f"{STDLIB!r} or {NOTHING!r}")
        never_imports[part] = frozenset(m.lower() for m in modules)
    return Layers(may_import, never_imports, frozenset(stdlib_only),
                  frozenset(part for part, row in rows.items() if row[3]))


def read_layers(path: Path = ARCHITECTURE) -> Layers:
    return parse_layers(path.read_text(encoding="utf-8"), path.name)


@functools.cache
def layers() -> Layers:
    """The table of the repository's ARCHITECTURE.md (read once)."""
    return read_layers()


@dataclass(frozen=True, slots=True)
class Violation:
    path: str
    line: int
    part: str
    imported: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: the {self.part} layer imports {self.imported}"


def part_of(module: str, parts: frozenset[str] | set[str] | None = None) -> str | None:
    """``rules_ext.events.pbn.reader`` -> ``events``; ``rules_ext`` -> ``package``; None outside the
    project. A module that ``parts`` names as a part of its own (``event_site.sphinx_ext``) is that part."""
    names = module.split(".")
    if names[0] != "rules_ext":
        return None
    if len(names) > 1 and names[1] == "__main__":
        return "cli"
    if len(names) == 1 or names[1].startswith("__"):  # the package itself: __init__, __version__
        return "package"
    if parts and len(names) > 2 and f"{names[1]}.{names[2]}" in parts:
        return f"{names[1]}.{names[2]}"
    return names[1].removesuffix(".py")


def imported_modules(tree: ast.AST, module: str, is_package: bool) -> list[tuple[int, str]]:
    """Every module named by an import statement anywhere in ``tree`` (functions included), with
    relative imports resolved, ``from rules_ext import x`` read as ``rules_ext.x``, and string
    literals passed to ``importlib.import_module`` / ``__import__``."""
    found: list[tuple[int, str]] = []
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            found.append((node.lineno, base))
            found.extend((node.lineno, f"{base}.{alias.name}") for alias in node.names
                         if base in ("rules_ext", package) and alias.name != "*")
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ("import_module", "__import__") and isinstance(node.args[0].value, str):
                found.append((node.lineno, node.args[0].value))
    return found


def violations_in(path: Path, root: Path = PACKAGE, table: Layers | None = None) -> list[Violation]:
    table = table or layers()
    relative = path.relative_to(root.parent).with_suffix("")
    module = ".".join(relative.parts).removesuffix(".__init__")
    part = part_of(module, set(table.may_import))
    assert part is not None
    assert part in table.may_import, f"{path}: the part {part!r} has no row in ARCHITECTURE.md's layer table"
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    problems = []
    for line, imported in imported_modules(tree, module, path.name == "__init__.py"):
        other = part_of(imported, set(table.may_import))
        top = imported.split(".")[0]
        if other is not None:
            if other != part and other not in table.shared and other not in table.may_import[part]:
                problems.append(Violation(str(path.relative_to(root.parent)), line, part, imported))
        elif top in table.never_imports[part] or (part in table.stdlib_only and top not in sys.stdlib_module_names
                                                   and top != "__future__"):
            problems.append(Violation(str(path.relative_to(root.parent)), line, part, imported))
    return problems


def test_every_import_respects_the_layers():
    files = sorted(PACKAGE.rglob("*.py"))
    assert len(files) > 50  # the whole package was read, not an empty folder
    problems = [v for path in files for v in violations_in(path)]
    assert not problems, "\n".join(map(str, problems))


def test_every_file_belongs_to_a_part():
    rows = set(layers().may_import)
    parts = {part_of(".".join(p.relative_to(PACKAGE.parent).with_suffix("").parts), rows) for p in PACKAGE.rglob("*.py")}
    assert parts <= set(layers().may_import), f"parts without a row in ARCHITECTURE.md: {parts - set(layers().may_import)}"


@pytest.mark.parametrize(("relative", "source", "expected"), [
    ("events/bad.py", "from rules_ext.pdf.layout import PrintOptions\n", "rules_ext.pdf.layout"),
    ("events/scoring/bad.py", "def f():\n    from ...pdf import results\n", "rules_ext.pdf"),  # lazy, relative, in a sub-folder
    ("events/bad.py", "def f():\n    from ..pdf import results\n", "rules_ext.pdf"),  # lazy and relative
    ("events/bad.py", "from rules_ext import rulebook_site\n", "rules_ext.rulebook_site"),
    ("event_site/bad.py", "from rules_ext.event_site.sphinx_ext import setup\n", "rules_ext.event_site.sphinx_ext"),
    ("event_site/bad.py", "import sphinx.application\n", "sphinx.application"),
    ("event_site/sphinx_ext.py", "from rules_ext.pdf import layout\n", "rules_ext.pdf"),
    ("event_site/sphinx_ext.py", "import reportlab\n", "reportlab"),
    ("core/bad.py", "import reportlab.platypus\n", "reportlab.platypus"),
    ("core/bad.py", "from rules_ext.corpus import load_corpus\n", "rules_ext.corpus"),
    ("core/bad.py", "import jieba\n", "jieba"),  # the core takes nothing but the standard library
    ("corpus/bad.py", "from .. import core\n", "rules_ext.core"),
    ("corpus/bad.py", "from sphinx.util import logging\n", "sphinx.util"),
    ("pdf/bad.py", "import importlib\nimportlib.import_module('rules_ext.rulebook_site.pages')\n", "rules_ext.rulebook_site.pages"),
    ("verify.py", "from rules_ext.events import read_pbn\n", "rules_ext.events"),
    ("rulebook_site/bad.py", "from rules_ext.pdf import layout\n", "rules_ext.pdf"),
])
def test_a_bad_import_is_found(tmp_path, relative, source, expected):
    path = tmp_path / "rules_ext" / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(source, encoding="utf-8")
    found = violations_in(path, tmp_path / "rules_ext")
    assert [v.imported for v in found] == [expected]
    assert str(found[0]).startswith(f"rules_ext/{relative}:")


@pytest.mark.parametrize(("relative", "source"), [
    ("pdf/good.py", "from rules_ext.events.model import Event\nfrom ..core import Seat\nimport reportlab\n"),
    ("event_site/sphinx_ext.py", "from sphinx.application import Sphinx\nfrom rules_ext.event_site import publish\n"),
    ("rulebook_site/good.py", "from rules_ext import verify\nfrom rules_ext.corpus.labels import law_number\n"),
    ("cli/good.py", "from rules_ext.pdf import layout\nfrom rules_ext.rulebook_site import pages\n"),
    ("core/good.py", "from __future__ import annotations\nimport re\nfrom . import cards\n"),
])
def test_an_allowed_import_passes(tmp_path, relative, source):
    path = tmp_path / "rules_ext" / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(source, encoding="utf-8")
    assert violations_in(path, tmp_path / "rules_ext") == []


def test_the_table_is_read_from_architecture_md():
    table = layers()
    assert table.may_import["events"] == {"core"}
    assert table.may_import["pdf"] == {"core", "events", "corpus"}  # the remark in brackets left out
    assert table.may_import["cli"] >= {"core", "corpus", "events", "pdf", "rulebook_site", "event_site", "verify"}  # everything
    assert table.stdlib_only >= {"core", "fileio", "errors"}
    assert table.shared == {"fileio", "errors", "package"}
    assert table.never_imports["rulebook_site"] == {"reportlab"}
    assert table.never_imports["event_site"] == {"sphinx", "docutils"}
    assert table.never_imports["event_site.sphinx_ext"] == {"reportlab"}
    assert table.never_imports["pdf"] == {"sphinx", "docutils", "jinja2"}


def with_row(text: str, part: str, row: str) -> str:
    """``text`` with the layer table's row of ``part`` replaced by ``row``."""
    lines = text.splitlines()
    number = next(n for n, line in enumerate(lines) if line.startswith(f"| {part} |"))
    lines[number] = row
    return "\n".join(lines) + "\n"


def test_a_disagreement_between_the_document_and_an_import_is_found(tmp_path):
    """ARCHITECTURE.md saying that the events layer may import nothing makes every events -> core import
    of the package a violation: the checker reads the document, not a copy of it."""
    changed = tmp_path / "ARCHITECTURE.md"
    changed.write_text(with_row(ARCHITECTURE.read_text(encoding="utf-8"), "events",
                                "| events | — | Sphinx, docutils, reportlab, Jinja2 | no |"), encoding="utf-8")
    table = read_layers(changed)
    found = [v for path in sorted(PACKAGE.rglob("*.py")) for v in violations_in(path, table=table)]
    assert found, "the events layer imports the core, so a table forbidding it must fail"
    assert {(v.part, v.imported.split(".")[1]) for v in found} == {("events", "core")}
    assert any(str(v).startswith("rules_ext/events/dd/__init__.py:") for v in found)
    assert [v for path in sorted(PACKAGE.rglob("*.py")) for v in violations_in(path)] == []  # the real one holds


def test_a_row_for_a_part_without_files_is_read():
    """A part the table names before its module exists (errors.py, when it is new) is no error."""
    text = with_row(ARCHITECTURE.read_text(encoding="utf-8"), "errors",
                    "| errors | — | everything but the standard library | yes |\n"
                    "| later | core | Sphinx | no |")
    table = parse_layers(text)
    assert table.may_import["later"] == {"core"} and table.never_imports["later"] == {"sphinx"}


@pytest.mark.parametrize(("change", "message"), [
    (lambda text: text.replace("## Layers", "## Layer"), "no '## Layers' heading"),
    (lambda text: text.replace("| every part may import it |", "| shared |"), "expected the columns"),
    (lambda text: with_row(text, "events", "| events | core, pbn | Sphinx | no |"), "events may import pbn: not a part"),
    (lambda text: with_row(text, "events", "| events | core | Sphinx | maybe |"), "expected `| part |"),
    (lambda text: with_row(text, "events", "| core | core | Sphinx | no |"), "part 'core' has two rows"),
    (lambda text: with_row(text, "events", "| events | core | anything from PyPI | no |"), "expected module names"),
])
def test_a_table_that_cannot_be_read_is_refused(change, message):
    with pytest.raises(TableError, match=re.escape(message)):
        parse_layers(change(ARCHITECTURE.read_text(encoding="utf-8")))
