"""The tests' own lookup of the programs they need (tests/required_tools.py): PATH or a variable, and
a missing one a failure that says how to install it."""
from __future__ import annotations

import pytest
from required_tools import TOOLS, find, require


def test_every_tool_has_its_variable_and_package():
    assert TOOLS["chromium"].variable == "CHROMIUM" and TOOLS["chromedriver"].variable == "CHROMEDRIVER"
    assert {TOOLS[name].package for name in ("pdftoppm", "pdftotext", "pdffonts")} == {"poppler-utils"}
    assert "apt-get install chromium-driver" in TOOLS["chromedriver"].install


def test_a_variable_names_the_program(tmp_path):
    program = tmp_path / "my-chromium"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    assert find("chromium", {"CHROMIUM": str(program), "PATH": ""}) == str(program)
    program.chmod(0o644)  # not executable: missing, never passed over for PATH
    assert find("chromium", {"CHROMIUM": str(program), "PATH": str(tmp_path)}) is None


def test_on_path_under_any_of_its_names(tmp_path):
    program = tmp_path / "chromium-browser"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    assert find("chromium", {"PATH": str(tmp_path)}) == str(program)
    assert find("chromedriver", {"PATH": str(tmp_path)}) is None


def test_a_missing_program_fails_the_test_with_how_to_install_it(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("CHROMEDRIVER", raising=False)
    with pytest.raises(pytest.fail.Exception, match=r"chromedriver is missing \(chromedriver is not on PATH\): "
                                                   r"install it with `sudo apt-get install chromium-driver`"):
        require("chromedriver")
    monkeypatch.setenv("PDFTOPPM", str(tmp_path / "nothing"))
    with pytest.raises(pytest.fail.Exception, match=r"PDFTOPPM=.* is not an executable file\): .*poppler-utils"):
        require("pdftoppm")
