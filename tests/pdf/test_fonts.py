"""Where the embedded font is found (rules_ext.pdf.fonts): the environment first, Debian's paths by
default, and an error that names the variable and the package to install."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rules_ext.pdf import fonts
from rules_ext.pdf.fonts import FONT_DIR_VARIABLE, FONT_FILE, FONT_VARIABLE, FontError, font_path

INSTALL = "apt-get install fonts-wqy-microhei"


def test_the_font_variable_names_the_file(tmp_path):
    path = tmp_path / "my-font.ttc"
    path.write_bytes(b"")
    assert font_path({FONT_VARIABLE: str(path), FONT_DIR_VARIABLE: "/nowhere"}) == path  # the file wins


def test_the_folder_variable_names_a_folder_holding_the_font(tmp_path):
    (tmp_path / FONT_FILE).write_bytes(b"")
    assert font_path({FONT_DIR_VARIABLE: str(tmp_path)}) == tmp_path / FONT_FILE


@pytest.mark.parametrize("variable", [FONT_VARIABLE, FONT_DIR_VARIABLE])
def test_a_variable_naming_nothing_is_an_error_not_passed_over(tmp_path, variable):
    with pytest.raises(FontError) as error:
        font_path({variable: str(tmp_path / "missing")})
    assert f"{variable}=" in str(error.value) and INSTALL in str(error.value)


def test_without_variables_debians_paths_and_how_to_install(monkeypatch, tmp_path):
    assert any(str(p).startswith("/usr/share/fonts/truetype/wqy/") for p in fonts.FONT_PATHS)
    monkeypatch.setattr(fonts, "FONT_PATHS", (tmp_path / FONT_FILE,))
    with pytest.raises(FontError) as error:
        font_path({})
    message = str(error.value)
    assert str(tmp_path / FONT_FILE) in message and INSTALL in message
    assert FONT_VARIABLE in message and FONT_DIR_VARIABLE in message


def test_this_machine_has_the_font():
    """Every PDF test needs it: found here, or this test says how to install it."""
    try:
        path = font_path()
    except FontError as exc:
        pytest.fail(str(exc))
    assert path.is_file()


def run_python(code: str, **env: str) -> subprocess.CompletedProcess:
    """``code`` in a fresh interpreter (the font is registered once per process) with ``env`` added."""
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False,
                          env={**os.environ, **env}, cwd=Path(__file__).resolve().parents[2])


def test_a_copy_named_by_the_variable_is_embedded(tmp_path):
    try:
        original = font_path({})
    except FontError as exc:
        pytest.fail(str(exc))
    copy = tmp_path / "elsewhere" / FONT_FILE
    copy.parent.mkdir()
    shutil.copyfile(original, copy)
    done = run_python("from rules_ext.pdf.fonts import register_fonts, font_path\n"
                      "print(register_fonts(), font_path())", **{FONT_DIR_VARIABLE: str(copy.parent)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [fonts.FONT_NAME, str(copy)]


def test_a_file_that_is_no_truetype_font_is_refused_with_how_to_install(tmp_path):
    bogus = tmp_path / "not-a-font.ttc"
    bogus.write_bytes(b"not a font at all" * 10)
    done = run_python("from rules_ext.pdf.fonts import register_fonts\nregister_fonts()",
                      **{FONT_VARIABLE: str(bogus)})
    assert done.returncode != 0
    assert "FontError: cannot load font" in done.stderr and INSTALL in done.stderr
