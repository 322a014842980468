"""Work done by a second process while the build goes on: the machine's other core.

:class:`Background` runs a function in a fork of the build's process (it shares what the build has
made so far: the corpus, the prepared events; nothing is copied or read again) and hands its result
back when asked. The build's own process goes on meanwhile: the page generator renders the law pages
while the assistant's pages and the downloads are made beside it (:func:`rules_ext.rulebook_site.generate`);
Sphinx reads and writes the rulebook while the events' pages and PDFs are made
(:mod:`rules_ext.event_site.sphinx_ext`).

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
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Final, Generic, TypeVar, cast

T = TypeVar("T")

#: the start method: a fork shares the build's memory (copy on write)
START: Final = "fork"


class Background(Generic[T]):
    """``function()`` computed by a fork of this process; :meth:`result` waits for it.
    :meth:`parts` runs a generator function the same way, each part handed back as it is made."""

    def __init__(self, function: Callable[[], T], name: str) -> None:
        self._start(lambda: (function(),), name)
        self._first: tuple[str, Any] | None = None

    @classmethod
    def parts(cls, function: Callable[[], Iterable[Any]], name: str) -> Background[Any]:
        """``function()``'s parts made by a fork, one after the other (:meth:`next_part`): this
        process can use the first while the fork makes the next."""
        work: Background[Any] = cls.__new__(cls)
        work._start(function, name)
        work._first = None
        return work

    def _start(self, produce: Callable[[], Iterable[Any]], name: str) -> None:
        self.name = name
        self._process: Any = None
        self._done: list[tuple[str, Any]] = []  # what the fork sent (or, without one, what was made here)
        self._ended = False
        if START not in multiprocessing.get_all_start_methods():
            self._done = list(_outcomes(produce))
            self._ended = True
            return
        context = multiprocessing.get_context(START)
        self._receiving, sending = context.Pipe(duplex=False)
        # (multiprocessing flushes this process's buffered output before it forks: never written twice)
        self._process = context.Process(target=_child, args=(produce, sending), name=name)
        self._process.start()
        sending.close()

    def next_part(self) -> Any:
        """The next part, or what the function raised making it raised here."""
        if not self._done and not self._ended:
            self._receive()
        if not self._done:
            raise RuntimeError(f"{self.name}: no part left")
        kind, value = self._done.pop(0)
        if kind == "value":
            return value
        self._done.insert(0, (kind, value))  # the failure stays: asked again, raised again
        if kind == "error":
            raise cast(Exception, value)
        raise RuntimeError(f"{self.name} failed in a background process:\n{value}")

    def result(self) -> T:
        """The function's value, or what it raised raised here; the second call gives the same."""
        if self._first is None:
            try:
                self._first = ("value", self.next_part())
            except Exception as exc:
                self._first = ("error", exc)
            self.join()
        if self._first[0] == "error":
            raise self._first[1]
        return cast(T, self._first[1])

    def _receive(self) -> None:
        try:
            outcome = self._receiving.recv()
        except EOFError:
            self.join()
            outcome = ("crash", f"the process ended without a result (exit status {self._process.exitcode})")
        if outcome[0] != "value":
            self.join()
        self._done.append(outcome)

    def join(self) -> None:
        """The fork waited for (after its last part; :meth:`result` does it)."""
        if self._process is not None and not self._ended:
            self._ended = True
            self._receiving.close()
            self._process.join()


def _outcomes(produce: Callable[[], Iterable[Any]]) -> Iterator[tuple[str, Any]]:
    """``("value", part)`` for each part made, then ``("error", exception)`` if making one failed."""
    try:
        for part in produce():
            yield "value", part
    except Exception as exc:  # handed over to next_part(), as if raised there
        yield "error", exc


def _child(produce: Callable[[], Iterable[Any]], sending: Any) -> None:
    """The fork: each outcome sent back as it is made. What the build's process made is never
    scanned by this one's garbage collector (nor copied by it, page by page)."""
    gc.freeze()
    try:
        for outcome in _outcomes(produce):
            if outcome[0] == "error":
                try:  # an exception that would not come back whole is sent as its traceback
                    pickle.loads(pickle.dumps(outcome[1]))
                except Exception:
                    outcome = ("crash", "".join(traceback.format_exception(outcome[1])))
            sending.send(outcome)
    except BaseException:
        sending.send(("crash", traceback.format_exc()))
        raise
    finally:
        sending.close()
