"""Work done by a second process while the build goes on: the machine's other core.

:class:`Background` runs a function in a fork of the build's process (it shares what the build has
made so far: the corpus, the prepared events; nothing is copied or read again) and hands its result
back when asked. The build's own process goes on meanwhile: the page generator renders the law pages
while the assistant's pages and the downloads are made beside it (:func:`rules_ext.site.generate`);
Sphinx reads and writes the rulebook while the events' pages and PDFs are made
(:mod:`rules_ext.cli.site_events`).

What the function raises is raised by :meth:`Background.result` (the same exception, so an error of
the bad-input family stays one line); what cannot cross back (an exception that does not pickle, a
process that died) is an error naming the work. Where the system cannot fork, the function runs at
once, in the build's process. The function must return what pickles, and must not rely on changing
the build's process: the fork's changes stay in the fork.
"""
from __future__ import annotations

import gc
import multiprocessing
import pickle
import traceback
from collections.abc import Callable
from typing import Any, Final, Generic, TypeVar, cast

T = TypeVar("T")

#: the start method: a fork shares the build's memory (copy on write)
START: Final = "fork"


class Background(Generic[T]):
    """``function()`` computed by a fork of this process; :meth:`result` waits for it."""

    def __init__(self, function: Callable[[], T], name: str) -> None:
        self.name = name
        self._outcome: tuple[str, Any] | None = None
        self._process: Any = None
        if START not in multiprocessing.get_all_start_methods():
            self._outcome = _outcome(function)
            return
        context = multiprocessing.get_context(START)
        self._receiving, sending = context.Pipe(duplex=False)
        # (multiprocessing flushes this process's buffered output before it forks: never written twice)
        self._process = context.Process(target=_child, args=(function, sending), name=name)
        self._process.start()
        sending.close()

    def result(self) -> T:
        """The function's value, or what it raised raised here; the second call gives the same."""
        if self._outcome is None:
            try:
                self._outcome = self._receiving.recv()
            except EOFError:
                self._process.join()
                self._outcome = ("crash", f"the process ended without a result (exit status {self._process.exitcode})")
            finally:
                self._receiving.close()
            self._process.join()
        kind, value = self._outcome
        if kind == "value":
            return cast(T, value)
        if kind == "error":
            raise cast(Exception, value)
        raise RuntimeError(f"{self.name} failed in a background process:\n{value}")


def _outcome(function: Callable[[], Any]) -> tuple[str, Any]:
    try:
        return "value", function()
    except Exception as exc:  # handed over to result(), as if raised there
        return "error", exc


def _child(function: Callable[[], Any], sending: Any) -> None:
    """The fork: the function's outcome sent back. What the build's process made is never scanned
    by this one's garbage collector (nor copied by it, page by page)."""
    gc.freeze()
    try:
        outcome = _outcome(function)
        try:
            sending.send(outcome)
        except (pickle.PicklingError, TypeError, AttributeError):
            if outcome[0] != "error":
                raise
            exc = outcome[1]
            sending.send(("crash", "".join(traceback.format_exception(exc))))
    except BaseException:
        sending.send(("crash", traceback.format_exc()))
        raise
    finally:
        sending.close()
