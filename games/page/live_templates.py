"""A live partial of the room page (``templates/jinja2/live/``) rendered from a context, in the
active language: the one door to the Jinja2 templates of the table page."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.template import engines
from django.utils.safestring import mark_safe

from tarokk_site.jinja2 import in_active_language


def render_live_template(name: str, context: Mapping[str, Any]) -> str:
    """``templates/jinja2/live/<name>`` rendered from ``context``, as safe HTML."""
    # In the active language: its texts translated once (render() copies the context anyway).
    env, said = in_active_language(engines["jinja2"].env)  # type: ignore[attr-defined]
    return mark_safe(env.get_template(f"live/{name}").render(context, **said))  # autoescaped
