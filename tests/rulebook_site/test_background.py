"""Work done by a fork of the build's process (rules_ext.rulebook_site.background): its value handed back,
what it raises raised by ``result()`` (a bad-input error stays the same one-line error), a process
that dies or an exception that cannot cross back an error naming the work, and the build's buffered
output never written twice."""
from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from rules_ext.errors import RulesError
from rules_ext.rulebook_site.background import Background

PROJECT = Path(__file__).resolve().parents[2]


class TreeError(RulesError):
    """A bad-input error of the kind the page generator raises."""


def test_the_value_is_computed_by_another_process_from_this_ones_memory():
    shared = {"laws": list(range(1, 94))}  # made here, read there without being passed
    work = Background(lambda: (os.getpid(), sum(shared["laws"])), "sum")
    pid, total = work.result()
    assert pid != os.getpid()
    assert total == sum(range(1, 94))
    assert work.result() == (pid, total)  # asked again: the same value


def test_the_forks_changes_stay_in_the_fork():
    seen: list[str] = []
    Background(lambda: seen.append("fork"), "append").result()
    assert seen == []


def test_a_bad_input_error_is_raised_here_as_it_was_raised_there():
    def fails() -> None:
        raise TreeError("trees/claim.toml:12: outcome: no such question 'q9'")

    work = Background(fails, "trees")
    with pytest.raises(TreeError, match=r"^trees/claim\.toml:12: outcome: no such question 'q9'$"):
        work.result()


def test_an_error_that_cannot_cross_back_names_the_work_and_keeps_its_traceback():
    class Unpicklable(RulesError):
        def __reduce__(self):
            raise TypeError("cannot pickle a lock")

    lock = threading.Lock()

    def fails() -> None:
        raise Unpicklable(f"holding {lock}")

    with pytest.raises(RuntimeError, match=r"(?s)^the pages failed in a background process:\n"
                                           r"Traceback.*Unpicklable: holding"):
        Background(fails, "the pages").result()


def test_a_process_that_dies_is_an_error_naming_the_work():
    with pytest.raises(RuntimeError, match=r"the downloads failed in a background process:\n"
                                           r"the process ended without a result \(exit status 3\)"):
        Background(lambda: os._exit(3), "the downloads").result()


def test_output_buffered_before_the_fork_is_written_once():
    script = ("from rules_ext.rulebook_site.background import Background\n"
              "print('rules: generated pages', end='')\n"  # buffered: stdout is a pipe
              "print(Background(lambda: 7, 'seven').result())\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=PROJECT,
                          env={**os.environ, "PYTHONPATH": str(PROJECT)}, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "rules: generated pages7\n"


def test_parts_are_handed_over_as_they_are_made_and_a_failure_where_it_happened():
    def made():
        yield os.getpid()
        yield "第二部分"
        raise TreeError("trees/claim.toml:3: kind: expected claim")

    work = Background.parts(made, "parts")
    assert work.next_part() != os.getpid()
    assert work.next_part() == "第二部分"
    for _ in range(2):  # asked again, the same failure
        with pytest.raises(TreeError, match=r"^trees/claim\.toml:3: kind: expected claim$"):
            work.next_part()
    work.join()
