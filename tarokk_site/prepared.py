"""Statements compiled by the ORM once per database and run again with new values.

A robot move reads its seats, locks and reads the hand with its room, appends the action and
updates the hand. Through the ORM each of those statements is built and compiled afresh every
time: in ``bench/load.py``'s profile the compiling was five sixths of their cost and a quarter
of the embedded web process's CPU. Here each statement is the ORM's own SQL for its database
(a ``QuerySet`` compiled once, with stand-ins for the values that change; the columns of
``INSERT`` and ``UPDATE`` written from the models' fields), run through the connection's cursor
with the values of the move, and its rows converted by the ORM's converters. The statements and
their rows are the ORM's; only the building is saved.

The mechanism only, on Django alone: the reads themselves live beside their users (a move's in
``games.services.prepared``, the login session's in ``tarokk_site.sessions``, the user's in
``accounts.models``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any, cast

from django.db import connections, models
from django.db.models.query import get_related_populators  # type: ignore[attr-defined]  # internal

# Stand-ins for the values a read takes, found again in the compiled statement's parameters:
# ids (no table has rows this far out) and texts (no key holds a NUL).
_STAND_INS = tuple(-9_000_000_000_000_001 - k for k in range(4))
_TEXT_STAND_INS = tuple(f"\x00stand-in {k}" for k in range(4))


class Read:
    """A read whose query the ORM compiles once per database: ``build(*values)`` gives the
    ``QuerySet`` (the values are ids, or the first ``texts`` of them texts); ``rows(*values)``
    runs it with those values and gives its rows (of a ``values_list``), ``objects(*values)`` its
    model instances (with those ``select_related`` loads along, as the ``QuerySet`` would give
    them)."""

    def __init__(self, build: Callable[..., models.QuerySet[Any]], arity: int = 1, texts: int = 0) -> None:
        self.build = build
        self.arity = arity
        # The first ``texts`` values are texts, the others integers.
        self.stand_ins = tuple(_TEXT_STAND_INS[k] if k < texts else _STAND_INS[k] for k in range(arity))
        self._compiled: dict[tuple[str, str], tuple[str, list[Any], list[int | None], Any, Any]] = {}
        self._lock = threading.Lock()

    def _compile(self, alias: str) -> tuple[str, list[Any], list[int | None], Any, Any]:
        connection = connections[alias]
        key = (alias, connection.vendor)
        compiled = self._compiled.get(key)
        if compiled is None:
            queryset = self.build(*self.stand_ins)
            compiler = queryset.query.get_compiler(using=alias)
            sql, params = compiler.as_sql()
            places = [self.stand_ins.index(p) if p in self.stand_ins else None for p in params]
            if {k for k in places if k is not None} != set(range(self.arity)):
                wrong = "each value must appear in the statement"  # untranslated: a programming error
                raise ValueError(f"{wrong}: {sql}")
            columns = [selected[0] for selected in compiler.select[: compiler.col_count]]
            converters = compiler.get_converters(columns)
            compiled = (sql, list(params), places, compiler, converters)
            with self._lock:
                self._compiled[key] = compiled
        return compiled

    def rows(self, *values: Any, using: str = "default") -> list[tuple[Any, ...]]:
        sql, params, places, compiler, converters = self._compile(using)
        bound = [values[k] if k is not None else param for param, k in zip(params, places, strict=True)]
        with connections[using].cursor() as cursor:
            cursor.execute(sql, bound)
            rows = cursor.fetchall()
        if converters:
            rows = [tuple(row) for row in compiler.apply_converters(rows, converters)]
        return rows

    def objects(self, *values: Any, using: str = "default") -> list[Any]:
        compiler = self._compile(using)[3]
        klass_info, select = compiler.klass_info, compiler.select
        fields = klass_info["select_fields"]
        start, end = fields[0], fields[-1] + 1
        attnames = [column[0].target.attname for column in select[start:end]]
        populators = get_related_populators(klass_info, select, using)
        found = []
        for row in self.rows(*values, using=using):
            obj = klass_info["model"].from_db(using, attnames, row[start:end])
            for populator in populators:
                populator.populate(row, obj)
            found.append(obj)
        return found


def insert(model: type[models.Model], values: dict[str, Any], using: str = "default") -> None:
    """``INSERT`` one row of ``model`` with ``values`` by attribute name (the others take their
    defaults, an ``auto_now_add`` date the present), as ``Model.save`` would write it; the new
    row's id is not read back."""
    connection = connections[using]
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    row = []
    for field in fields:
        if field.attname in values:
            value = values[field.attname]
        elif getattr(field, "auto_now_add", False) or getattr(field, "auto_now", False):
            value = field.pre_save(_Blank(), add=True)  # type: ignore[arg-type]  # a stand-in row
        else:
            value = field.get_default()
        row.append(field.get_db_prep_save(value, connection))
    unknown = set(values) - {f.attname for f in fields}
    if unknown:
        wrong = "has no fields"  # untranslated: a programming error
        raise ValueError(f"{model.__name__} {wrong}: {sorted(unknown)}")
    qn = connection.ops.quote_name
    sql = "INSERT INTO {} ({}) VALUES ({})".format(
        qn(model._meta.db_table), ", ".join(qn(f.column) for f in fields), ", ".join(["%s"] * len(fields))
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, row)


def update(instance: models.Model, attnames: Sequence[str], using: str = "default") -> int:
    """``UPDATE`` the columns ``attnames`` of ``instance``'s row to its values, as
    ``save(update_fields=...)`` would write them; the number of rows changed."""
    connection = connections[using]
    meta = instance._meta
    fields = [cast("models.Field[Any, Any]", meta.get_field(name)) for name in attnames]  # concrete
    qn = connection.ops.quote_name
    sql = "UPDATE {} SET {} WHERE {} = %s".format(
        qn(meta.db_table), ", ".join(f"{qn(f.column)} = %s" for f in fields), qn(meta.pk.column)
    )
    params = [f.get_db_prep_save(getattr(instance, f.attname), connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, meta.pk.get_db_prep_value(instance.pk, connection)])
        return cursor.rowcount


class _Blank:
    """What an ``auto_now_add`` field's ``pre_save`` sets its date on (the row is not an
    instance here)."""
