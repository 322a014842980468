"""Outputs never destroy anything: ``-o`` names a regular file or a new name in
an existing folder; a device, a pipe, a socket, a symbolic link (to anything), a folder or a folder
that does not exist is refused before any work, in one line naming the path, with nothing changed;
``-`` is standard output where the command allows it; an OSError is one line in plain words, never
``[Errno N]`` nor the temporary ``.part`` name."""
from __future__ import annotations

import errno
import os
import socket
from pathlib import Path

import pytest

from rules_ext import fileio
from rules_ext.cli import main
from rules_ext.fileio import (
    FileAccessError,
    OutputFileError,
    atomic_output,
    check_output,
    check_output_folder,
    plain_os_error,
    read_input,
    write_text_atomic,
)

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
GOOD = (f'[Event "Club"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'
        '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]\n'
        "1 2 3NT N 9 400 -\n3 4 4S N 10 420 -\n")

#: every command that writes, as (arguments before -o, the option that names the output)
COMMANDS = {
    "results text": (["results", "{event}"], "-o"),
    "results json": (["results", "{event}", "--format", "json"], "-o"),
    "results pdf": (["results", "{event}", "--format", "pdf"], "-o"),
    "pbn --export": (["pbn", "{event}", "--export"], "-o"),
    "pbn --usebio": (["pbn", "{event}", "--usebio"], "-o"),
    "handrecord": (["handrecord", "{event}", "--no-dd"], "-o"),
    "travellers": (["travellers", "{event}"], "-o"),
    "ruling --blank": (["ruling", "--blank"], "-o"),
    "pickup": (["pickup", "{event}"], "-o"),
    "edition-pdf": (["edition-pdf", "--edition", "1991"], "-o"),
    "rule --record": (["rule", "{case}"], "--record"),
    "verify --json": (["verify"], "--json"),
}

CASE = 'edition = "2008"\nkind = "lead-out-of-turn"\n'


def _snapshot(path: Path) -> tuple | None:
    try:
        info = os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    return (info.st_mode, info.st_ino, info.st_size, info.st_mtime_ns, info.st_rdev)


def _tree(folder: Path) -> list[tuple[str, tuple | None]]:
    return sorted((str(p.relative_to(folder)), _snapshot(p)) for p in folder.rglob("*"))


def _make(kind: str, tmp_path: Path) -> tuple[Path, str]:
    """An output path of ``kind`` and the start of the one line that refuses it."""
    if kind == "device /dev/null":
        return Path("/dev/null"), "/dev/null: a device, not a regular file"
    if kind == "device /dev/full":
        return Path("/dev/full"), "/dev/full: a device, not a regular file"
    path = tmp_path / "out"
    if kind == "fifo":
        os.mkfifo(path)
        return path, f"{path}: a pipe, not a regular file"
    if kind == "socket":
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(path))
        server.close()  # the socket file stays
        return path, f"{path}: a socket, not a regular file"
    if kind == "symlink to a file":
        (tmp_path / "target.txt").write_text("keep")
        path.symlink_to(tmp_path / "target.txt")
        return path, f"{path}: a symbolic link to {tmp_path / 'target.txt'}, not a regular file"
    if kind == "symlink to nothing":
        path.symlink_to(tmp_path / "missing.txt")
        return path, f"{path}: a symbolic link to {tmp_path / 'missing.txt'}, not a regular file"
    if kind == "directory":
        path.mkdir()
        (path / "inside.txt").write_text("keep")
        return path, f"{path}: a directory, not a regular file"
    if kind == "missing folder":
        path = tmp_path / "no" / "such" / "out.txt"
        return path, f"{path}: the folder {tmp_path / 'no' / 'such'} does not exist"
    if kind == "inside a file":
        (tmp_path / "file.txt").write_text("keep")
        path = tmp_path / "file.txt" / "out.txt"
        return path, f"cannot write {path}: a part of the path is a file, not a folder"
    raise AssertionError(kind)


KINDS = ("device /dev/null", "device /dev/full", "fifo", "socket", "symlink to a file", "symlink to nothing",
         "directory", "missing folder", "inside a file")


@pytest.fixture
def inputs(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "event.pbn").write_text(GOOD, encoding="utf-8")
    (folder / "case.toml").write_text(CASE, encoding="utf-8")
    return folder


def _argv(command: str, inputs: Path, output: Path | str) -> list[str]:
    before, option = COMMANDS[command]
    args = [a.format(event=inputs / "event.pbn", case=inputs / "case.toml") for a in before]
    return [*args, option, str(output)]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("command", COMMANDS)
def test_an_output_that_would_destroy_something_is_refused_with_nothing_changed(
        tmp_path, inputs, capsys, monkeypatch, command, kind):
    out_folder = tmp_path / "out-folder"
    out_folder.mkdir()
    output, message = _make(kind, out_folder)
    before, device_before = _tree(tmp_path), _snapshot(output)
    # refused before any work: reading the event or the rulebook would fail the test
    monkeypatch.setattr("rules_ext.cli.verify.verify_tables", _no_work)
    monkeypatch.setattr("rules_ext.events.files.read_input", _no_work)
    monkeypatch.setattr("rules_ext.cli.printing.read_event", _no_work)
    assert main(_argv(command, inputs, output)) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"error: {message}") and captured.err.count("\n") == 1, captured.err
    assert "Errno" not in captured.err and ".part" not in captured.err
    assert _tree(tmp_path) == before and _snapshot(output) == device_before


def _no_work(*args, **kwargs):
    raise AssertionError("work was done before the output was checked")


@pytest.mark.parametrize("command", ["results text", "results json", "pbn --export", "pbn --usebio"])
def test_good_outputs_a_new_name_and_a_regular_file_replaced(tmp_path, inputs, capsys, command, monkeypatch):
    new = tmp_path / "new.out"
    assert main(_argv(command, inputs, new)) == 0
    assert new.stat().st_size > 0
    old = tmp_path / "old.out"
    old.write_text("old")
    assert main(_argv(command, inputs, old)) == 0
    assert old.read_text(encoding="utf-8") == new.read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # a bare name: a new file in the current folder
    assert main(_argv(command, inputs, "here.out")) == 0
    assert (tmp_path / "here.out").read_bytes() == new.read_bytes()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".part")]
    capsys.readouterr()


def test_a_pdf_to_a_regular_file_and_to_a_new_name(tmp_path, inputs, capsys):
    old = tmp_path / "old.pdf"
    old.write_text("old")
    assert main(_argv("travellers", inputs, old)) == 0
    assert old.read_bytes().startswith(b"%PDF")
    assert main(_argv("results pdf", inputs, tmp_path / "new.pdf")) == 0
    assert (tmp_path / "new.pdf").read_bytes().startswith(b"%PDF")


# -- "-": standard output where the output is text, or a PDF not sent to a terminal --------------

@pytest.mark.parametrize("command", ["results text", "results json", "pbn --export", "pbn --usebio"])
def test_dash_is_standard_output_for_text(tmp_path, inputs, capsysbinary, command):
    assert main(_argv(command, inputs, tmp_path / "file.out")) == 0
    capsysbinary.readouterr()
    assert main(_argv(command, inputs, "-")) == 0
    assert capsysbinary.readouterr().out == (tmp_path / "file.out").read_bytes()
    assert not (Path.cwd() / "-").exists()


def test_a_pdf_goes_to_standard_output_only_when_it_is_not_a_terminal(inputs, capsysbinary, monkeypatch):
    assert main(_argv("travellers", inputs, "-")) == 0
    assert capsysbinary.readouterr().out.startswith(b"%PDF")
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    monkeypatch.setattr("rules_ext.cli.printing.read_event", _no_work)
    assert main(_argv("travellers", inputs, "-")) == 1
    captured = capsysbinary.readouterr()
    assert captured.out == b""
    assert captured.err.decode() == ("error: -: a PDF is binary and standard output is a terminal: expected "
                                     "-o FILE.pdf, or standard output sent to a file or a program (-o - > FILE.pdf)\n")


@pytest.mark.parametrize("command", ["rule --record", "verify --json"])
def test_dash_is_refused_where_the_command_prints_its_report(inputs, capsys, monkeypatch, command):
    monkeypatch.setattr("rules_ext.cli.verify.verify_tables", _no_work)
    assert main(_argv(command, inputs, "-")) == 1
    assert capsys.readouterr().err == "error: -: this output cannot go to standard output: expected a file name\n"


# -- the folder of the samples ---------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["fifo", "symlink to a file", "missing folder", "inside a file", "device /dev/null"])
def test_the_samples_folder_is_checked_before_any_work(tmp_path, capsys, monkeypatch, kind):
    output, message = _make(kind, tmp_path)
    if kind == "symlink to a file":
        output.unlink()
        output.symlink_to(tmp_path)  # a link to a folder is refused too
        message = f"{output}: a symbolic link to {tmp_path}, not a folder"
    elif kind in ("fifo", "device /dev/null"):
        message = message.replace("not a regular file", "not a folder")
    before = _tree(tmp_path)
    monkeypatch.setattr("rules_ext.cli.samples._render", _no_work)
    assert main(["samples", "-o", str(output)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: {message}") and err.count("\n") == 1, err
    assert _tree(tmp_path) == before


def test_a_sample_name_in_the_folder_that_is_not_a_regular_file_is_refused(tmp_path, capsys, monkeypatch):
    os.mkfifo(tmp_path / "results.pdf")
    before = _tree(tmp_path)
    monkeypatch.setattr("rules_ext.cli.samples._render", _no_work)
    assert main(["samples", "-o", str(tmp_path)]) == 1
    assert capsys.readouterr().err.startswith(f"error: {tmp_path / 'results.pdf'}: a pipe, not a regular file")
    assert _tree(tmp_path) == before
    assert main(["samples", "-o", "-"]) == 1
    assert capsys.readouterr().err == "error: -: this command writes a folder of files: expected a folder name\n"


# -- the rename looks again: what appeared meanwhile is never replaced ----------------------------

@pytest.mark.parametrize("existing", [False, True])
@pytest.mark.parametrize("meanwhile", ["fifo", "symlink", "directory"])
def test_what_appeared_while_the_output_was_made_is_not_replaced(tmp_path, existing, meanwhile):
    target = tmp_path / "out.txt"
    if existing:
        target.write_text("old")
    with pytest.raises(OutputFileError) as raised, atomic_output(target) as tmp:
        tmp.write_text("new")
        if existing:
            target.unlink()
        if meanwhile == "fifo":
            os.mkfifo(target)
        elif meanwhile == "symlink":
            (tmp_path / "victim.txt").write_text("keep")
            target.symlink_to(tmp_path / "victim.txt")
        else:
            target.mkdir()
    kind = {"fifo": "a pipe", "symlink": "a symbolic link", "directory": "a directory"}[meanwhile]
    assert str(raised.value).startswith(f"{target}: became {kind} while the output was made: not replaced")
    still = {"fifo": target.is_fifo, "symlink": target.is_symlink, "directory": target.is_dir}[meanwhile]
    assert still()  # left as it was, and no temporary file left beside it
    names = ["out.txt", "victim.txt"] if meanwhile == "symlink" else ["out.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == names
    if meanwhile == "symlink":
        assert (tmp_path / "victim.txt").read_text() == "keep"


def test_a_new_name_is_linked_not_renamed_over(tmp_path):
    write_text_atomic(tmp_path / "a.txt", "text")
    assert (tmp_path / "a.txt").read_text() == "text"
    assert (tmp_path / "a.txt").stat().st_nlink == 1 and sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]


def test_a_file_system_without_hard_links_still_gets_its_file(tmp_path, monkeypatch):
    def no_links(*args):
        raise OSError(errno.EPERM, "Operation not permitted")
    monkeypatch.setattr(os, "link", no_links)
    write_text_atomic(tmp_path / "a.txt", "text")
    assert (tmp_path / "a.txt").read_text() == "text"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]


# -- OS errors in plain words, naming the user's file -----------------------------------------------

def test_a_full_disk_names_the_output_not_the_temporary_file(tmp_path, inputs, capsys, monkeypatch):
    def full(self, data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(Path, "write_bytes", full)
    output = tmp_path / "r.txt"
    assert main(_argv("results text", inputs, output)) == 1
    assert capsys.readouterr().err == f"error: cannot write {output}: no space left on device\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in"]


def test_an_error_of_the_temporary_file_names_the_output(tmp_path):
    target = tmp_path / "out.pdf"
    with pytest.raises(FileAccessError) as raised, atomic_output(target) as tmp:
        raise PermissionError(errno.EACCES, "Permission denied", str(tmp))
    assert str(raised.value) == f"cannot write {target}: permission denied"
    assert list(tmp_path.iterdir()) == []


def test_an_unwritable_folder_is_refused_before_any_work(tmp_path, inputs, capsys, monkeypatch):
    monkeypatch.setattr(fileio.os, "access", lambda path, mode: False)  # root may write anywhere
    monkeypatch.setattr("rules_ext.events.files.read_input", _no_work)
    output = tmp_path / "r.txt"
    assert main(_argv("results text", inputs, output)) == 1
    assert capsys.readouterr().err == f"error: cannot write {output}: permission denied (in the folder {tmp_path})\n"


def test_an_unreadable_input_is_one_plain_line(tmp_path, inputs, capsys, monkeypatch):
    real_open = open

    def denied(path, *args, **kwargs):
        if str(path).endswith("event.pbn"):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real_open(path, *args, **kwargs)
    monkeypatch.setattr("builtins.open", denied)
    assert main(["results", str(inputs / "event.pbn")]) == 1
    assert capsys.readouterr().err == f"error: cannot read {inputs / 'event.pbn'}: permission denied\n"


@pytest.mark.parametrize("name, reason", [
    ("missing.pbn", "no such file"),
    ("loop", "a loop of symbolic links"),
    ("dangling", "a symbolic link to a missing file (nowhere.pbn)"),
    ("file.txt/event.pbn", "a part of the path is a file, not a folder"),
])
def test_inputs_that_cannot_be_read_are_one_plain_line(tmp_path, capsys, name, reason):
    (tmp_path / "loop").symlink_to("loop")
    (tmp_path / "dangling").symlink_to("nowhere.pbn")
    (tmp_path / "file.txt").write_text("x")
    assert main(["results", str(tmp_path / name)]) == 1
    assert capsys.readouterr().err == f"error: cannot read {tmp_path / name}: {reason}\n"


def test_read_input_and_check_output_raise_the_error_family(tmp_path):
    with pytest.raises(FileAccessError, match="no such file"):
        read_input(tmp_path / "missing")
    with pytest.raises(OutputFileError):
        check_output(tmp_path)
    with pytest.raises(OutputFileError):
        check_output_folder(Path("/dev/null"), ())
    check_output(tmp_path / "new.txt")  # a new name in an existing folder
    check_output_folder(tmp_path / "new-folder", ("a.pdf",))


@pytest.mark.parametrize("exc, line", [
    (PermissionError(errno.EACCES, "Permission denied", "x.pbn"), "cannot open x.pbn: permission denied"),
    (OSError(errno.ENOSPC, "No space left on device"), "no space left on device"),
    (OSError(errno.EXDEV, "Invalid cross-device link", "a", None, "b"), "cannot open a or b: invalid cross-device link"),
    (FileNotFoundError("no texts directory 'x'"), "no texts directory 'x'"),
])
def test_any_stray_os_error_is_plain_words(exc, line):
    assert plain_os_error(exc) == line and "Errno" not in line


def test_the_command_line_prints_a_stray_os_error_in_plain_words(monkeypatch, capsys):
    def fails(args):
        raise PermissionError(errno.EACCES, "Permission denied", "/etc/font.ttf")
    monkeypatch.setattr("rules_ext.cli.core._imps", fails)
    assert main(["imps", "430"]) == 1
    assert capsys.readouterr().err == "error: cannot open /etc/font.ttf: permission denied\n"
