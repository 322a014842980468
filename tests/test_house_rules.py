"""The house rules of the code's own words: a module docstring says why in a few lines (at most
15, its quote lines included), the rules a reader needs living in the 使用说明 pages or in the
docstring of what they describe; and no file points to a tracker's issue number or to notes kept
outside the repository. Read from the source (``ast``), nothing imported.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
#: the Python files the rules cover: the package, the tests, the benchmarks and the site's conf.py
FILES = sorted([p for folder in ("rules_ext", "tests", "benchmarks") for p in (PROJECT / folder).rglob("*.py")]
               + [PROJECT / "conf.py"])
MOST_LINES = 15
#: a tracker's issue number (the word, then a number, "#" between them or not) or the name of the notes
#: kept outside the repository
FORBIDDEN = re.compile(r"\bissues?\s*#?\d+|\bDESIGN\.md\b", re.IGNORECASE)


def docstring_lines(source: str) -> int:
    """The lines of the module docstring, from its first quote line to its last (0: none)."""
    body = ast.parse(source).body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        assert body[0].end_lineno is not None
        return body[0].end_lineno - body[0].lineno + 1
    return 0


def forbidden_mentions(path: Path, source: str) -> list[str]:
    """``file:line: text`` for each line naming an issue number or the outside notes."""
    rel = path.relative_to(PROJECT)
    return [f"{rel}:{number}: {line.strip()[:100]}" for number, line in enumerate(source.splitlines(), start=1)
            if FORBIDDEN.search(line)]


def test_the_rules_cover_the_files():
    names = {p.relative_to(PROJECT).as_posix() for p in FILES}
    assert {"conf.py", "rules_ext/__init__.py", "rules_ext/core/dealing.py", "tests/test_house_rules.py",
            "benchmarks/bench_movements.py"} <= names
    assert len(FILES) > 300


def test_docstring_lines_counts_the_quote_lines():
    assert docstring_lines('"""One line."""\nx = 1\n') == 1
    assert docstring_lines('"""Why.\n\nMore.\n"""\n') == 4
    assert docstring_lines('# a comment\n"""Still the module docstring."""\n') == 1
    assert docstring_lines("import os\n") == 0
    assert docstring_lines('x = 1\n"""Not a docstring."""\n') == 0


def test_module_docstrings_are_short():
    long = [f"{p.relative_to(PROJECT)}: {n} lines" for p in FILES
            if (n := docstring_lines(p.read_text(encoding="utf-8"))) > MOST_LINES]
    assert not long, f"module docstrings over {MOST_LINES} lines (move the rules to source/manual/ or to the " \
                     "docstring of what they describe):\n" + "\n".join(long)


def test_forbidden_mentions_are_found():
    # the examples are put together when the test runs, so that this file keeps the rule it checks
    word, notes = "issue", "DESIGN" + ".md"
    lines = ["x = 1", f"# fixed, see {word.title()} #12", f"# as the {notes} says", f"# no {word}, {notes[:6]}",
             f"# {word}s 5 and 6"]
    found = forbidden_mentions(Path(__file__), "\n".join(lines) + "\n")
    assert found == [f"tests/test_house_rules.py:{n}: {lines[n - 1]}" for n in (2, 3, 5)]


def test_no_issue_numbers_and_no_outside_notes():
    found = [line for p in FILES for line in forbidden_mentions(p, p.read_text(encoding="utf-8"))]
    assert not found, "say what the code relies on in the repository itself:\n" + "\n".join(found)
