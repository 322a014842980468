"""What the tests of the rulings kinds share: the sample case files, a case ruled by the command
(JSON), and the checks every kind's sample cases get (each file is checked; each gives the fields
its test expects, in its edition, with the rulebook's sentences quoted)."""
from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from rules_ext.cli import main

CASES = Path(__file__).resolve().parents[2] / "rules_ext" / "core" / "rulings" / "cases"


def rule(capsys, path, *args) -> dict[str, Any]:
    """``rule PATH --format json`` in process: its output read, exit status 0."""
    status = main(["rule", str(path), "--format", "json", *args])
    out, err = capsys.readouterr()
    assert status == 0, err
    return json.loads(out)


def check_every_case_is_expected(kinds: Iterable[str], expected: Mapping[str, Any], per_edition: int = 0) -> None:
    """Every sample case of ``kinds`` has its expectation (and, given ``per_edition``, each kind
    that many cases in each edition)."""
    kinds = tuple(kinds)
    files = {p.stem for p in CASES.glob("*.toml") if p.stem.split("-")[0] in kinds}
    assert files == set(expected)
    for kind in kinds if per_edition else ():
        for edition in ("1991", "1999"):
            assert len([f for f in files if f.startswith(f"{kind}-{edition}-")]) == per_edition, (kind, edition)


def check_case(capsys, name: str, expected: Mapping[str, Any]) -> dict[str, Any]:
    """The case file ``name`` gives the ``expected`` fields, in its edition, with quotes."""
    data = rule(capsys, CASES / f"{name}.toml")
    for key, value in expected.items():
        assert data[key] == value, (key, data[key])
    assert data["edition"] == name.split("-")[1]
    assert data["quote"] and all(q["text"] for q in data["quote"])
    return data


def run(tmp_path, capsys, text: str, *args) -> tuple[int, str, str]:
    """``rule`` on a case file holding ``text``: exit status, output, error output."""
    path = tmp_path / "case.toml"
    path.write_text(text, encoding="utf-8")
    status = main(["rule", str(path), *args])
    out, err = capsys.readouterr()
    return status, out, err.strip()


def check_refused(tmp_path, capsys, name: str, change: tuple[str, str], message: str) -> None:
    """The case file ``name`` with ``change`` made (old text, new text) is refused in one line
    matching ``message``, nothing on standard output."""
    text = (CASES / f"{name}.toml").read_text(encoding="utf-8")
    assert change[0] in text
    status, out, err = run(tmp_path, capsys, text.replace(change[0], change[1], 1))
    assert status == 1 and not out
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert re.search(message, err), err
