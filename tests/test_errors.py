"""One error family: everything the package raises on bad input is a RulesError, and the command
line tells bad input (one line, exit status 1) from a bug (an internal-error line, exit status 70,
the traceback under --debug)."""
from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import rules_ext
from rules_ext import cli
from rules_ext.cli import EXIT_BAD_INPUT, EXIT_INTERNAL_ERROR, main
from rules_ext.errors import RulesError

#: errors of the machine rather than of the input: an OSError (the CLI prints it as one line too)
NOT_BAD_INPUT = {"rules_ext.pdf.fonts.FontError"}


def package_modules() -> list[str]:
    names = [info.name for info in pkgutil.walk_packages(rules_ext.__path__, "rules_ext.")]
    return [name for name in names if not name.endswith("__main__")]


def test_every_error_class_of_the_package_is_in_the_family():
    classes = {}
    for name in package_modules():
        module = importlib.import_module(name)
        for _, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, BaseException) and value.__module__.startswith("rules_ext"):
                classes[f"{value.__module__}.{value.__qualname__}"] = value
    assert len(classes) >= 20  # the walk found the package's errors, not nothing
    outside = sorted(name for name, cls in classes.items()
                     if not issubclass(cls, RulesError) and name not in NOT_BAD_INPUT)
    assert not outside, outside
    for name in NOT_BAD_INPUT:
        assert issubclass(classes[name], OSError)
    assert issubclass(RulesError, ValueError)  # ``except ValueError`` callers keep working


def test_error_class_names_are_unique():
    names = {}
    for name in package_modules():
        for _, value in inspect.getmembers(importlib.import_module(name), inspect.isclass):
            if issubclass(value, BaseException) and value.__module__.startswith("rules_ext"):
                names.setdefault(value.__name__, set()).add(value.__module__)
    assert {n: m for n, m in names.items() if len(m) > 1} == {}


def _raises_key_error(args):
    raise KeyError("x")


def test_a_bug_inside_a_command_is_an_internal_error(monkeypatch, capsys):
    monkeypatch.setattr(cli.core, "_imps", _raises_key_error)
    assert main(["imps", "430"]) == EXIT_INTERNAL_ERROR == 70
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err == ("internal error: KeyError: 'x' — this is a bug in rules_ext, please report it "
                       "(run with --debug for the traceback)\n")


@pytest.mark.parametrize("argv", [["--debug", "imps", "430"], ["imps", "430", "--debug"]])
def test_debug_prints_the_traceback_of_an_internal_error(monkeypatch, capsys, argv):
    monkeypatch.setattr(cli.core, "_imps", _raises_key_error)
    assert main(argv) == EXIT_INTERNAL_ERROR
    err = capsys.readouterr().err
    first, rest = err.split("\n", 1)
    assert first.startswith("internal error: KeyError: 'x' — this is a bug in rules_ext")
    assert rest.startswith("Traceback (most recent call last):")
    assert "_raises_key_error" in rest and rest.endswith("KeyError: 'x'\n")


def test_a_plain_value_error_inside_a_command_is_a_bug_too(monkeypatch, capsys):
    def broken(args):
        return int("not a number")
    monkeypatch.setattr(cli.core, "_imps", broken)
    assert main(["imps", "430"]) == EXIT_INTERNAL_ERROR
    assert capsys.readouterr().err.startswith("internal error: ValueError: invalid literal for int()")


def test_bad_input_is_still_its_one_line(capsys):
    assert main(["score", "8S", "10"]) == EXIT_BAD_INPUT == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1
    assert "internal error" not in err and "Traceback" not in err


def test_bad_input_shows_no_traceback_even_under_debug(capsys, tmp_path):
    missing = tmp_path / "missing.pbn"
    assert main(["--debug", "results", str(missing)]) == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert err == f"error: cannot read {missing}: no such file\n"


def test_the_problems_of_an_input_file_are_one_line_each(capsys, tmp_path):
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Event "x"]\n[Board "1"]\n[Contract "9S"]\n', encoding="utf-8")
    assert main(["results", str(bad)]) == EXIT_BAD_INPUT
    lines = capsys.readouterr().err.splitlines()
    assert lines and all(line.startswith(f"{bad}:") for line in lines)
