"""Errors of the PBN layer: every problem names the file and the line."""
from __future__ import annotations

from rules_ext.errors import RulesError


class PBNError(RulesError):
    """One problem in a PBN file: ``str(error)`` is ``file:line: problem``.

    ``source`` is the file name (or ``<text>``), ``line`` the 1-based line number (0 when the
    problem concerns the whole file) and ``problem`` the message, which quotes the bad input and
    shows an accepted form.
    """

    def __init__(self, problem: str, *, source: str = "<text>", line: int = 0) -> None:
        self.problem = problem
        self.source = source
        self.line = line
        super().__init__(f"{source}:{line}: {problem}")

    def __reduce__(self):  # keep pickling (e.g. by pytest-xdist or multiprocessing) working
        return (_rebuild, (self.problem, self.source, self.line))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PBNError):
            return NotImplemented
        return (self.problem, self.source, self.line) == (other.problem, other.source, other.line)

    def __hash__(self) -> int:
        return hash((self.problem, self.source, self.line))


def _rebuild(problem: str, source: str, line: int) -> PBNError:
    return PBNError(problem, source=source, line=line)


class PBNErrors(PBNError):
    """Several problems found in one file (raised by ``read_pbn(..., strict=True)``).

    ``problems`` holds each :class:`PBNError`; ``str()`` is one ``file:line: problem`` line each.
    """

    def __init__(self, problems: tuple[PBNError, ...]) -> None:
        if not problems:
            raise ValueError("PBNErrors needs at least one problem")
        first = problems[0]
        super().__init__(first.problem, source=first.source, line=first.line)
        self.problems = tuple(problems)
        self.args = ("\n".join(str(p) for p in self.problems),)

    def __str__(self) -> str:
        return self.args[0]

    def __reduce__(self):
        return (PBNErrors, (self.problems,))
