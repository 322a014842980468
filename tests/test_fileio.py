import os
import stat

import pytest

from rules_ext.fileio import atomic_output, write_text_atomic


def test_atomic_write_has_ordinary_mode(tmp_path):
    target = tmp_path / "out" / "a.txt"
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
