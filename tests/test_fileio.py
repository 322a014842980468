import os
import stat
import sys
import zipfile

import pytest

from rules_ext.fileio import atomic_output, package_path, write_text_atomic


def test_atomic_write_has_ordinary_mode(tmp_path):
    target = tmp_path / "a.txt"
    write_text_atomic(target, "牌 ♠♥♦♣")
    assert target.read_text(encoding="utf-8") == "牌 ♠♥♦♣"
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~mask


def test_failure_leaves_no_file_and_keeps_the_old_one(tmp_path):
    target = tmp_path / "a.txt"
    target.write_text("old")
    with pytest.raises(RuntimeError), atomic_output(target) as tmp:
        tmp.write_text("half")
        raise RuntimeError("boom")
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]


def test_package_path_finds_the_shipped_data():
    texts = package_path("rules_ext.corpus", "texts")
    assert texts.is_dir() and len(list(texts.glob("*.txt"))) == 3
    assert package_path("rules_ext.rulebook_site", "templates", "site", "law.rst.jinja").is_file()


def test_package_path_refuses_a_zipped_package(tmp_path, monkeypatch):
    archive = tmp_path / "zipped.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("zipped_rules/__init__.py", "")
        z.writestr("zipped_rules/texts/a.txt", "第1条")
    monkeypatch.syspath_prepend(str(archive))
    monkeypatch.delitem(sys.modules, "zipped_rules", raising=False)
    with pytest.raises(RuntimeError, match=r"zipped_rules is not installed as a folder.*texts"):
        package_path("zipped_rules", "texts")
