"""The frozen hand records: ``evolve``, a ``dataclasses.replace`` for the hot path.

Every variant's state is a frozen dataclass, and every action returns a new one; replay folds
each hand's whole log through here, so the copy skips ``replace``'s per-field ``__init__``
walk (and its ``__post_init__``) while still refusing a field the record does not have.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

Record = TypeVar("Record")  # untranslated: a type variable


def evolver(cls: type[Record]) -> Callable[..., Record]:
    """``evolve(state, **changes)`` for the dataclass ``cls``: a copy of ``state`` with
    ``changes``; a name that is not a field of ``cls`` is a ``TypeError``."""
    names = frozenset(f.name for f in fields(cls))  # type: ignore[arg-type]

    def evolve(state: Record, **changes: Any) -> Record:
        unknown = changes.keys() - names
        if unknown:
            raise TypeError(
                f"{cls.__name__} has no field {sorted(unknown)[0]!r}"  # untranslated: programmer error
            )
        new = object.__new__(cls)
        new.__dict__.update(state.__dict__)
        new.__dict__.update(changes)
        return new

    return evolve
