"""Building the reader's objects fast: a file of 1,000 boards makes 20,000 results.

A frozen dataclass's ``__init__`` stores each field through ``object.__setattr__`` (its own
``__setattr__`` refuses): for :class:`~rules_ext.pbn.model.TableResult`'s thirty fields that is
ten times the cost of plain stores. :func:`builder` gives a constructor with the same parameters
that stores the fields plainly in a twin class (the same slots, not frozen) and then gives the
object the frozen class: what it returns is an ordinary, frozen instance of the class. It does not
run ``__post_init__``: the reader uses it for values it has already checked.
:func:`collector_paused` keeps the cyclic garbage collector out of the way meanwhile.
"""
from __future__ import annotations

import contextlib
import dataclasses
import gc
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

T = TypeVar("T")


def builder(cls: type[T]) -> Callable[..., T]:
    """A constructor of the frozen, slotted dataclass ``cls`` taking its ``__init__`` parameters
    (same names, order and defaults; no ``__post_init__``)."""
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    slots = getattr(cls, "__slots__", None)
    if slots is None or tuple(slots) != tuple(f.name for f in fields) or not all(f.init for f in fields):
        raise TypeError(f"{cls.__name__} is not a slotted dataclass whose slots are its fields, each set by __init__")
    if any(f.default_factory is not dataclasses.MISSING for f in fields):
        raise TypeError(f"{cls.__name__} has a field with a default factory: expected plain defaults")
    params = ", ".join(f.name if f.default is dataclasses.MISSING else f"{f.name}=_default_{f.name}"
                       for f in fields)
    body = "".join(f"    self.{f.name} = {f.name}\n" for f in fields)
    source = f"def __init__(self, {params}):\n{body}    self.__class__ = _frozen\n"
    namespace: dict[str, Any] = {f"_default_{f.name}": f.default for f in fields
                                 if f.default is not dataclasses.MISSING}
    namespace["_frozen"] = cls
    exec(source, namespace)  # the source is made above from the field names only
    twin = type(f"_{cls.__name__}Builder", (), {"__slots__": tuple(slots), "__init__": namespace["__init__"],
                                                 "__module__": cls.__module__})
    return twin


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a file is read or scored, as pickle-style loaders do.

    Reading builds hundreds of thousands of small objects and no reference cycles; the collector's
    repeated passes over them cost a quarter of the time (and some 8 % of scoring's, which goes
    over the event's objects again). It is switched back on (if it was on) when the work ends, also on an exception.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
