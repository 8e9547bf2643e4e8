"""Which keys of the view a live template reads, found in its source (and the templates it
includes or imports): a part kept by those keys alone is rendered again only when one of them
changes (games.page keeps the board's facts so).

A template reads a key as ``view.key``, ``view["key"]`` or ``"key" in view``. The view may also
stand alone as a condition (``{% if view %}``). Any other use of it (passed whole to a filter
or a macro, or given another name) could read any key: the template then reads the whole view
(``None``).

The keys are found once per process: a template edited while the server runs is read with
its old keys until the server restarts.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, cast

from django.template import engines
from jinja2 import meta, nodes

_CONDITIONS = (nodes.And, nodes.Or, nodes.Not)


def _reads(node: nodes.Node, parent: nodes.Node | None, found: set[str]) -> bool:
    """Add to ``found`` the keys ``node`` reads of ``view``; False if it uses the view whole."""
    if isinstance(node, nodes.Name) and node.name == "view" and node.ctx == "load":
        return _as_condition(node, parent)
    if isinstance(node, nodes.Getattr) and _is_view(node.node):
        found.add(node.attr)
        return True
    if isinstance(node, nodes.Getitem) and _is_view(node.node) and _constant_text(node.arg):
        found.add(node.arg.value)  # type: ignore[attr-defined]
        return True
    if isinstance(node, nodes.Compare) and len(node.ops) == 1 and _constant_text(node.expr):
        operand = node.ops[0]
        if operand.op in ("in", "notin") and _is_view(operand.expr):
            found.add(node.expr.value)  # type: ignore[attr-defined]
            return True
    return all(_reads(child, node, found) for child in node.iter_child_nodes())


def _is_view(node: nodes.Node) -> bool:
    return isinstance(node, nodes.Name) and node.name == "view" and node.ctx == "load"


def _constant_text(node: nodes.Node) -> bool:
    return isinstance(node, nodes.Const) and isinstance(node.value, str)


def _as_condition(node: nodes.Node, parent: nodes.Node | None) -> bool:
    """Whether the bare view ``node`` is only tested for being there."""
    if isinstance(parent, _CONDITIONS):
        return True
    if isinstance(parent, nodes.If | nodes.CondExpr):
        return parent.test is node
    return False


@functools.cache
def view_keys(name: str) -> tuple[str, ...] | None:
    """The keys of the view ``live/<name>`` and what it includes or imports read, in order;
    None if one of them uses the view whole."""
    env = engines["jinja2"].env  # type: ignore[attr-defined]
    found: set[str] = set()
    names, seen = [f"live/{name}"], set()
    while names:
        template = names.pop()
        if template in seen:
            continue
        seen.add(template)
        parsed: Any = env.parse(env.loader.get_source(env, template)[0])
        if not _reads(parsed, None, found):
            return None
        referenced = list(meta.find_referenced_templates(parsed))
        if None in referenced:  # a template named at render time: it could be anything
            return None
        names += cast("list[str]", referenced)  # no None: checked above
    return tuple(sorted(found))


def view_part(view: Mapping[str, Any], keys: tuple[str, ...] | None) -> Any:
    """What of ``view`` a template reading ``keys`` (None: all of it) shows: equal parts, equal
    HTML. A key the view lacks is told apart from one it holds as None."""
    if keys is None:
        return view
    return [(key, key in view, view.get(key)) for key in keys]
