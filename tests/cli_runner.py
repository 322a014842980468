"""The command line run in process: ``run_cli(*argv)`` calls ``rules_ext.cli.main(argv)`` the way
``python -m rules_ext *argv`` would run it, and returns a ``subprocess.CompletedProcess`` with the
exit status and what the command wrote to standard output and standard error, so a test reads as if
it had started a process, without a Python start and the package's imports (most of a process's
cost). The one process per command that checks the real entry point is in ``tests/test_cli.py``.

Standard output is a text stream over a byte buffer (``sys.stdout.buffer`` is where the PBN export
and other bytes go) and text written to it reaches the same buffer in order, as on a real pipe.
argparse's ``SystemExit`` (exit status 2 on a bad option, 0 after ``--help``) becomes the return
code, as the shell would see it. ``cwd`` changes the working directory for the run only and ``input``
is standard input (bytes, or text written as UTF-8); everything is put back afterwards, also when
the command fails, so the runs do not depend on their order.
"""
from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

from rules_ext.cli import main

ENCODING = "utf-8"


def _stream(buffer: io.BytesIO, errors: str = "strict") -> io.TextIOWrapper:
    return io.TextIOWrapper(buffer, encoding=ENCODING, errors=errors, write_through=True)


def run_cli(*argv: str | Path, cwd: str | Path | None = None, input: bytes | str | None = None,
            text: bool = False, check: bool = False) -> subprocess.CompletedProcess:
    """``python -m rules_ext *argv`` in process; ``stdout``/``stderr`` are bytes, or ``str`` with
    ``text=True``; ``check=True`` raises ``CalledProcessError`` on a non-zero status."""
    args = [str(a) for a in argv]
    stdin = _stream(io.BytesIO(input.encode(ENCODING) if isinstance(input, str) else (input or b"")))
    out, err = io.BytesIO(), io.BytesIO()
    stdout, stderr = _stream(out), _stream(err, errors="backslashreplace")
    previous_cwd, previous_stdin = os.getcwd(), sys.stdin
    try:
        if cwd is not None:
            os.chdir(cwd)
        sys.stdin = stdin
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            try:
                returncode = main(args)
            except SystemExit as exc:  # argparse: a bad option, or --help
                code = exc.code
                if code is not None and not isinstance(code, int):
                    print(code, file=sys.stderr)
                returncode = 0 if code is None else code if isinstance(code, int) else 1
            stdout.flush()
            stderr.flush()
    finally:
        sys.stdin = previous_stdin
        os.chdir(previous_cwd)
    done = subprocess.CompletedProcess(["python", "-m", "rules_ext", *args], returncode,
                                       out.getvalue().decode(ENCODING) if text else out.getvalue(),
                                       err.getvalue().decode(ENCODING) if text else err.getvalue())
    if check:
        done.check_returncode()
    return done
