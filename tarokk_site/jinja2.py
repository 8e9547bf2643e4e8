"""The Jinja2 environment of the live partials (templates/jinja2/live/).

The partials that a push renders for every page of a table after every move (status, seats,
board, hand, controls, result, scoreboard, log) are Jinja2 templates: they render about three
times faster than the same markup in Django's template language, and they were the largest
part of a move's CPU (docs/benchmarks.md). Everything else stays in Django templates; the
room page and the inspector take the live partials as rendered HTML.

The environment reads a template as Django's language would: the same filters
(``games.templatetags.tarokk`` and Django's ``title``, ``capfirst``, ``pluralize``), a missing
value is ``None`` to a filter and to the ``none`` test, and a lookup on a missing value is
missing too (``view.contra.level`` on a view without ``contra``).

The filters that name cards and calls (``VARIANT_FILTERS``) read the game's words
(``games.vocabulary``) for the ``variant_key`` of the template's context, so a partial writes
``c|card_html`` and a Slovenian page shows the mond where a Hungarian one shows the XXI.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, MutableMapping
from typing import Any

from django.template import defaultfilters
from django.utils import formats, translation
from jinja2 import ChainableUndefined, Environment, Undefined, pass_context
from jinja2.runtime import Context


def _missing_is_none(func: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(func)
    def wrapper(value: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(value, Undefined):
            value = None
        if args and any(isinstance(a, Undefined) for a in args):
            args = tuple(None if isinstance(a, Undefined) else a for a in args)
        return func(value, *args, **kwargs)

    return wrapper


# The filters that take the variant key as ``variant`` (games.templatetags.tarokk).
VARIANT_FILTERS = (
    "card_label",
    "contract_label",
    "card_face",
    "card_html",
    "card_title",
    "action_label",
    "item_label",
    "kontra_word",
    "log_items",
    "log_text",
)


# Of those, the ones that also take the page's language as ``language`` from the context's
# ``language`` (games.pages.room_context sets it): read once for a render, not from Django's
# active translation for every card named.
LANGUAGE_FILTERS = ("card_html",)


def _with_variant(func: Callable[..., Any], language: bool = False) -> Callable[..., Any]:
    """``func`` given the ``variant_key`` of the template's context as ``variant`` (and, with
    ``language``, the context's ``language``, if it has one)."""

    @pass_context
    def wrapper(context: Context, value: Any, *args: Any) -> Any:
        variant = context.get("variant_key")
        variant = None if isinstance(variant, Undefined) else variant
        if language:
            said = context.get("language")
            return func(value, *args, variant=variant, language=None if isinstance(said, Undefined) else said)
        return func(value, *args, variant=variant)

    return wrapper


class LiveEnvironment(Environment):
    """Jinja2's environment, reading ``view.phase`` on a dict as its key first, with each
    template's globals in one dict.

    The views the partials read are dicts: Jinja2 tries an attribute first, and the
    ``AttributeError`` of each miss was the dearest part of a lookup (a push makes thousands).
    A dict's own methods are still found when it has no such key; a partial reads none.
    """

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        """A template's globals as one dict (the environment's, overlaid by its own), not
        Jinja2's ``ChainMap`` of the two: every render copies them into its context, and
        copying a ``ChainMap`` runs in Python (a tenth of a push's CPU, a copy for every
        partial, seat and fact rendered). The environment's globals are all set before a
        template is loaded (``environment`` below), as Jinja2 asks."""
        return {**self.globals, **(d or {})}

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


def environment(**options: Any) -> Environment:
    from games.templatetags.tarokk import card_back_html, icon, register

    options["undefined"] = ChainableUndefined
    options.setdefault("extensions", []).append("jinja2.ext.i18n")
    env = LiveEnvironment(**options)
    # Text is written ``{{ _("Your turn") }}`` (with ``|format(name=...)`` for placeholders):
    # Django's makemessages finds that form in these templates as in its own (issue 17).
    env.install_gettext_callables(translation.gettext, translation.ngettext, newstyle=False)
    env.globals.update(pgettext=translation.pgettext, npgettext=translation.npgettext)
    filters = dict(register.filters)
    filters.update(
        title=defaultfilters.title,
        capfirst=defaultfilters.capfirst,
        pluralize=defaultfilters.pluralize,
        # Numbers, dates and times in the viewer's locale, as Django's templates show them.
        number=formats.localize,
        date=defaultfilters.date,
        time=defaultfilters.time,
    )
    env.filters.update({name: _missing_is_none(func) for name, func in filters.items()})
    env.filters.update(
        {name: _with_variant(env.filters[name], name in LANGUAGE_FILTERS) for name in VARIANT_FILTERS}
    )
    env.globals.update(card_back_html=card_back_html, icon=icon)  # the card back, the sprite's icons
    env.tests["none"] = lambda value: value is None or isinstance(value, Undefined)
    return env
