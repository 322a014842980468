"""The layers of ../shared/DESIGN.md, held: every import in the package, lazy ones inside functions
included, is read from the source and checked against the table below.

| part    | may import (of the project)     | never imports (third party)            |
|---------|---------------------------------|----------------------------------------|
| core    | —                               | everything but the standard library    |
| corpus  | —                               | Sphinx, docutils, reportlab, Jinja2    |
| pbn     | core                            | Sphinx, docutils, reportlab, Jinja2    |
| pdf     | core, pbn, corpus               | Sphinx, docutils, Jinja2               |
| verify  | corpus, core                    | Sphinx, docutils, reportlab, Jinja2    |
| site    | corpus, core, verify            | reportlab                              |
| cli     | everything                      | —                                      |

``rules_ext/fileio.py`` (atomic writes) and ``rules_ext/errors.py`` (the base of every bad-input
error) may be used by any part and import only the standard library; the package's ``__init__``
(which any import of a part runs) is Sphinx's entry point and imports the site only inside ``setup()``.
"""
from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "rules_ext"

#: part -> the other parts it may import (besides itself, fileio and errors)
MAY_IMPORT: dict[str, frozenset[str]] = {
    "core": frozenset(),
    "corpus": frozenset(),
    "pbn": frozenset({"core"}),
    "pdf": frozenset({"core", "pbn", "corpus"}),
    "verify": frozenset({"corpus", "core"}),
    "site": frozenset({"corpus", "core", "verify"}),
    "cli": frozenset({"core", "corpus", "pbn", "pdf", "site", "verify"}),
    "fileio": frozenset(),
    "errors": frozenset(),
    "package": frozenset({"site"}),
}
FRAMEWORKS = frozenset({"sphinx", "docutils", "reportlab", "jinja2"})
#: part -> third-party top-level modules it must never import
NEVER_IMPORTS: dict[str, frozenset[str]] = {
    "core": frozenset(),  # checked more strictly: the standard library only
    "fileio": frozenset(),  # likewise
    "errors": frozenset(),  # likewise
    "corpus": FRAMEWORKS,
    "pbn": FRAMEWORKS,
    "pdf": FRAMEWORKS - {"reportlab"},
    "verify": FRAMEWORKS,
    "site": frozenset({"reportlab"}),
    "cli": frozenset(),
    "package": frozenset(),
}
STDLIB_ONLY = frozenset({"core", "fileio", "errors"})


@dataclass(frozen=True, slots=True)
class Violation:
    path: str
    line: int
    part: str
    imported: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: the {self.part} layer imports {self.imported}"


def part_of(module: str) -> str | None:
    """``rules_ext.pbn.reader`` -> ``pbn``; ``rules_ext`` -> ``package``; None outside the project."""
    names = module.split(".")
    if names[0] != "rules_ext":
        return None
    if len(names) > 1 and names[1] == "__main__":
        return "cli"
    if len(names) == 1 or names[1].startswith("__"):  # the package itself: __init__, __version__
        return "package"
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


def violations_in(path: Path, root: Path = PACKAGE) -> list[Violation]:
    relative = path.relative_to(root.parent).with_suffix("")
    module = ".".join(relative.parts).removesuffix(".__init__")
    part = part_of(module)
    assert part is not None
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    problems = []
    for line, imported in imported_modules(tree, module, path.name == "__init__.py"):
        other = part_of(imported)
        top = imported.split(".")[0]
        if other is not None:
            if other not in (part, "fileio", "errors", "package") and other not in MAY_IMPORT[part]:
                problems.append(Violation(str(path.relative_to(root.parent)), line, part, imported))
        elif top in NEVER_IMPORTS[part] or (part in STDLIB_ONLY and top not in sys.stdlib_module_names
                                             and top != "__future__"):
            problems.append(Violation(str(path.relative_to(root.parent)), line, part, imported))
    return problems


def test_every_import_respects_the_layers():
    files = sorted(PACKAGE.rglob("*.py"))
    assert len(files) > 50  # the whole package was read, not an empty folder
    problems = [v for path in files for v in violations_in(path)]
    assert not problems, "\n".join(map(str, problems))


def test_every_file_belongs_to_a_part():
    parts = {part_of(".".join(p.relative_to(PACKAGE.parent).with_suffix("").parts)) for p in PACKAGE.rglob("*.py")}
    assert parts <= set(MAY_IMPORT), parts - set(MAY_IMPORT)


@pytest.mark.parametrize(("relative", "source", "expected"), [
    ("pbn/bad.py", "from rules_ext.pdf.layout import PrintOptions\n", "rules_ext.pdf.layout"),
    ("pbn/bad.py", "def f():\n    from ..pdf import results\n", "rules_ext.pdf"),  # lazy and relative
    ("pbn/bad.py", "from rules_ext import site\n", "rules_ext.site"),
    ("core/bad.py", "import reportlab.platypus\n", "reportlab.platypus"),
    ("core/bad.py", "from rules_ext.corpus import load_corpus\n", "rules_ext.corpus"),
    ("core/bad.py", "import jieba\n", "jieba"),  # the core takes nothing but the standard library
    ("corpus/bad.py", "from .. import core\n", "rules_ext.core"),
    ("corpus/bad.py", "from sphinx.util import logging\n", "sphinx.util"),
    ("pdf/bad.py", "import importlib\nimportlib.import_module('rules_ext.site.pages')\n", "rules_ext.site.pages"),
    ("verify.py", "from rules_ext.pbn import read_pbn\n", "rules_ext.pbn"),
    ("site/bad.py", "from rules_ext.pdf import layout\n", "rules_ext.pdf"),
])
def test_a_bad_import_is_found(tmp_path, relative, source, expected):
    path = tmp_path / "rules_ext" / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(source, encoding="utf-8")
    found = violations_in(path, tmp_path / "rules_ext")
    assert [v.imported for v in found] == [expected]
    assert str(found[0]).startswith(f"rules_ext/{relative}:")


@pytest.mark.parametrize(("relative", "source"), [
    ("pdf/good.py", "from rules_ext.pbn.model import Event\nfrom ..core import Seat\nimport reportlab\n"),
    ("site/good.py", "from rules_ext import verify\nfrom rules_ext.corpus.labels import law_number\n"),
    ("cli/good.py", "from rules_ext.pdf import layout\nfrom rules_ext.site import pages\n"),
    ("core/good.py", "from __future__ import annotations\nimport re\nfrom . import cards\n"),
])
def test_an_allowed_import_passes(tmp_path, relative, source):
    path = tmp_path / "rules_ext" / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(source, encoding="utf-8")
    assert violations_in(path, tmp_path / "rules_ext") == []
