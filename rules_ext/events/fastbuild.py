"""Building the reader's objects fast: a file of 1,000 boards makes 20,000 results.

A frozen dataclass's ``__init__`` stores each field through ``object.__setattr__`` (its own
``__setattr__`` refuses): for :class:`~rules_ext.events.model.TableResult`'s thirty fields that is
ten times the cost of plain stores. :func:`builder` gives a constructor with the same parameters
that stores the fields plainly in a twin class (the same slots, not frozen) and then gives the
object the frozen class: what it returns is an ordinary, frozen instance of the class. It does not
run ``__post_init__``: the reader uses it for values it has already checked.
:func:`collector_paused` keeps the cyclic garbage collector out of the way meanwhile.

A 50 MB file makes a million results: :func:`compact` makes a frozen dataclass whose instances
keep the fields most of them use in slots of their own and the others (left at their defaults by
nearly every instance) in one object, shared by the instances that leave them all at their defaults.
"""
from __future__ import annotations

import contextlib
import dataclasses
import gc
import operator
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

T = TypeVar("T")


def builder(cls: type[T]) -> Callable[..., T]:
    """A constructor of the frozen, slotted dataclass ``cls`` taking its ``__init__`` parameters
    (same names, order and defaults; no ``__post_init__``). A :func:`compact` class has its own."""
    made = getattr(cls, "_compact_builder", None)
    if made is not None:
        return made
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


def compact(*kept: str) -> Callable[[type[T]], type[T]]:
    """A class decorator over ``@dataclass(frozen=True)`` (no slots): the class it gives is the same
    dataclass (same fields, ``__init__`` parameters, ``==``, hash, repr; ``dataclasses.replace``
    works) whose instances keep the fields named in ``kept`` in slots of their own and the other
    fields together in one slot, ``_rare``: an object holding them, shared by every instance that
    leaves them all at their defaults, read through properties. What an instance takes is then its
    ``kept`` fields' room, whatever the number of rarely used fields.

    ``builder(cls)`` gives the fast constructor of such a class, and ``cls._from_slots(*kept
    values, rare)`` makes an instance from its kept fields' values and an object holding the others:
    one read off another instance (``_rare``), made by ``cls._rare_of(*values)`` (to be shared by
    the instances that have them), or ``cls._plain_rare`` (all at their defaults).
    """
    def wrap(spec: type[T]) -> type[T]:
        fields = dataclasses.fields(spec)  # type: ignore[arg-type]
        names = [f.name for f in fields]
        if not set(kept) <= set(names) or any(f.default_factory is not dataclasses.MISSING for f in fields):
            raise TypeError(f"{spec.__name__}: compact needs dataclass fields with plain defaults, and {kept} "
                            f"among them")
        rare = [f for f in fields if f.name not in kept]
        rare_names = tuple(f.name for f in rare)
        store = type(f"_{spec.__name__}Slots", (), {"__slots__": (*kept, "_rare"), "__module__": spec.__module__})
        rare_class = type(f"_{spec.__name__}Rare", (), {"__slots__": rare_names, "__module__": spec.__module__})
        namespace = {key: value for key, value in spec.__dict__.items()
                     if key not in ("__dict__", "__weakref__") and key not in kept}
        namespace["__slots__"] = ()
        cls: Any = type(spec.__name__, (store,), namespace)
        for name in rare_names:
            setattr(cls, name, property(operator.attrgetter(f"_rare.{name}"), doc=f"the {name} field"))
        params = ", ".join(f.name if f.default is dataclasses.MISSING else f"{f.name}=_default_{f.name}"
                           for f in fields)
        defaults: dict[str, Any] = {f"_default_{f.name}": f.default for f in fields
                                    if f.default is not dataclasses.MISSING}
        rare_values = "".join(f"{name}, " for name in rare_names)
        rare_defaults = "".join(f"_default_{name}, " for name in rare_names)

        def source(setter: str, end: str) -> str:
            body = "".join(f"    {setter.format(name=name, value=name)}\n" for name in kept)
            return (f"def __init__(self, {params}):\n{body}"
                    f"    if ({rare_values}) == ({rare_defaults}):\n"
                    f"        {setter.format(name='_rare', value='_plain')}\n"
                    f"    else:\n"
                    f"        {setter.format(name='_rare', value=f'_rare_of({rare_values})')}\n"
                    f"    {end}\n")

        def rare_init(self: Any, *values: Any) -> None:
            for name, value in zip(rare_names, values):
                setattr(self, name, value)

        def new_rare(*values: Any) -> Any:
            made: Any = object.__new__(rare_class)
            rare_init(made, *values)
            return made

        plain = new_rare(*(f.default for f in rare))
        space: dict[str, Any] = {**defaults, "_plain": plain, "_rare_of": new_rare, "_final": cls,
                                 "_set": object.__setattr__}
        post_init = "self.__post_init__()" if hasattr(cls, "__post_init__") else "pass"
        exec(source("_set(self, '{name}', {value})", post_init), space)  # made from the field names only
        cls.__init__ = space["__init__"]
        exec(source("self.{name} = {value}", "self.__class__ = _final"), space)
        fast_init = space["__init__"]
        stored = (*kept, "_rare")
        exec("def __init__(self, " + ", ".join(stored) + "):\n"
             + "".join(f"    self.{name} = {name}\n" for name in stored) + "    self.__class__ = _final\n", space)
        raw = type(f"_{spec.__name__}FromSlots", (store,), {"__slots__": (), "__init__": space["__init__"],
                                                            "__module__": spec.__module__})
        twin = type(f"_{spec.__name__}Builder", (store,), {"__slots__": (), "__init__": fast_init,
                                                          "__module__": spec.__module__})

        def init_field(self: Any, name: str, value: Any) -> None:
            """Set a field while the instance is made (``__post_init__``), a kept or a rare one."""
            if name in kept:
                object.__setattr__(self, name, value)
            else:
                object.__setattr__(self, "_rare", new_rare(*(value if other == name else getattr(self, other)
                                                             for other in rare_names)))

        for attribute, value in (("_compact_builder", twin), ("_from_slots", raw), ("_rare_class", rare_class)):
            value.__qualname__ = f"{spec.__qualname__}.{attribute}"  # so that pickle finds them
            setattr(cls, attribute, value)
        cls._kept = tuple(kept)
        cls._rare_of = staticmethod(new_rare)
        cls._plain_rare = plain
        cls._init_field = init_field
        cls.__reduce__ = lambda self: (raw, tuple(getattr(self, name) for name in stored))
        return cls

    return wrap


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a file is read or scored, as pickle-style loaders do.

    Reading builds hundreds of thousands of small objects and no reference cycles; the collector's
    repeated passes over them cost a quarter of the time (and some 8 % of scoring's, which goes
    over the event's objects again). It is switched back on (if it was on) when the work ends, also on an exception,
    with what was made meanwhile (and every other object) in its oldest generation: switched on with
    them young, its next pass would go over all of them at once (5 % of reading and scoring a file).
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.freeze()  # freeze, then unfreeze: every object tracked is put in the oldest generation
            gc.unfreeze()
            gc.enable()
