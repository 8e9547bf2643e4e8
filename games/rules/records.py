"""The frozen hand records: ``evolve``, a ``dataclasses.replace`` for the hot path, and ``memo``,
what one record works out once for every viewer.

Every variant's state is a frozen dataclass, and every action returns a new one; replay folds
each hand's whole log through here, so the copy skips ``replace``'s per-field ``__init__``
walk (and its ``__post_init__``) while still refusing a field the record does not have.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import fields
from typing import Any, TypeVar
from weakref import ref

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


_MEMO = "_memo"  # the key in a record's ``__dict__`` (not a field: no equality, repr or evolve sees it)
Value = TypeVar("Value")  # untranslated: a type variable


_NOTHING: dict[Hashable, Any] = {}  # the ``earlier`` values of a record copied from none (never written)


class _Memo:
    """A record's memo: its owner (weakly), the values worked out for it (``carried`` builders'
    also in ``carried``), and the values of the record it was copied from that a builder may
    build on (``earlier``: that record's ``carried``, shared, not copied)."""

    __slots__ = ("owner", "values", "carried", "previous")

    def __init__(self, owner: Any, previous: dict[Hashable, Any]) -> None:
        self.owner = ref(owner)
        self.values: dict[Hashable, Any] = {}
        self.carried: dict[Hashable, Any] = {}
        self.previous = previous

    def __reduce__(self) -> tuple[Any, ...]:  # a copy made by pickling keeps nothing
        return (_emptied, ())


def _nobody() -> None:
    """The owner of a memo a copy by pickling emptied: no record."""
    return None


def _emptied() -> _Memo:
    """A memo as a copy by pickling (or ``copy.deepcopy``) leaves it: owned by no record, so the
    copy's first ``memo`` makes its own."""
    emptied = _Memo.__new__(_Memo)
    emptied.owner = _nobody  # type: ignore[assignment]
    emptied.values, emptied.carried, emptied.previous = {}, {}, _NOTHING
    return emptied


_MISSING: Any = object()  # ``memo``'s mark of a value not worked out yet (None is a value)

# The builders whose values a copy's memo keeps as ``earlier`` values (``carried``).
_CARRIED: set[Callable[..., Any]] = set()


def carried(build: Callable[..., Value]) -> Callable[..., Value]:
    """Mark ``build`` as one whose value for a record is offered to the builder of the record's
    copies (``earlier``): the next state's log builds on this state's lines."""
    _CARRIED.add(build)
    return build


def _memo_of(record: Any) -> _Memo:
    found: _Memo | None = record.__dict__.get(_MEMO)
    if found is not None and found.owner() is record:
        return found
    memo = record.__dict__[_MEMO] = _Memo(record, _NOTHING if found is None else found.carried)
    return memo


def memo(record: Any, build: Callable[..., Value], *args: Hashable) -> Value:
    """``build(record, *args)``, worked out once per record object: what every viewer of one
    state shares (``observe`` asks for it once per seat and the audience). ``build`` must be a
    function of the record and ``args`` alone, and what it returns is handed out again: nobody
    may change it (views are read-only).

    The memo lives in the record's ``__dict__`` with a weak reference to its owner, so a copy of
    the ``__dict__`` (``evolve``, a robot's ``fill``) finds a memo that is not its own and works
    its values out afresh: a memo is never read by any record but the one it was made for (but
    as ``earlier``, by a builder that checks what it builds on)."""
    found: _Memo | None = record.__dict__.get(_MEMO)
    if found is None or found.owner() is not record:  # ``_memo_of``, its common case written out
        found = _memo_of(record)
    key = (build, *args)
    # ``get`` rather than catching KeyError: every state misses once per builder, and raising
    # costs more than the lookup.
    value: Value = found.values.get(key, _MISSING)
    if value is _MISSING:
        value = found.values[key] = build(record, *args)
        if build in _CARRIED:
            found.carried[key] = value
    return value


def earlier(record: Any, build: Callable[..., Value], *args: Hashable) -> Value | None:
    """What ``build(*args)`` gave the record this one was copied from (``evolve`` copies the
    memo along with the fields), when that record was asked for it and ``build`` is
    ``carried``; else None. It belongs to another record: the builder must check that what it
    builds on holds for this one too."""
    found: Value | None = _memo_of(record).previous.get((build, *args))
    return found
