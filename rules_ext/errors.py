"""The project's one error family: everything ``rules_ext`` raises because its input is wrong.

Every error about bad input (a file that does not read, a value out of range, an option that does
not fit) is a :class:`RulesError`; each part subclasses it for its own errors (``PBNError``,
``CaseError``, ``ContractError`` ...). The command line prints such an error as one line with exit
status 1; anything else that escapes a command is a bug in the package and is reported as one
(``rules_ext.cli``). The class is a ``ValueError`` as well, so that code written against the
standard ``except ValueError`` keeps working.

This module imports nothing, so that every part (the core included) may use it.
"""
from __future__ import annotations


class RulesError(ValueError):
    """Bad input: ``str(error)`` says what is wrong and, where it can, what was expected."""


class NotFoundError(RulesError, LookupError):
    """An edition, law or provision asked for that the rulebook does not have: ``str(error)`` names
    what it has (``no edition '2001': expected one of 1991, 1999, 2008, 1999-trad``)."""
