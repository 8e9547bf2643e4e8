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
(``games.page.vocabulary``) for the ``variant_key`` of the template's context, so a partial writes
``c|card_html`` and a Slovenian page shows the mond where a Hungarian one shows the XXI.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, MutableMapping
from typing import Any, cast

from django.conf import settings
from django.template import defaultfilters
from django.utils import formats, translation
from django.utils.safestring import SafeData, mark_safe
from django.utils.translation import trans_real
from jinja2 import ChainableUndefined, Environment, Undefined, nodes, pass_context
from jinja2.runtime import Context
from jinja2.visitor import NodeTransformer

from games.page.cards import card_back_html, icon
from games.rules import Termination
from games.templatetags.tarokk import register


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
    "log_text",
    "receipt_sentences",
)


# Of those, the ones that also take the page's language as ``language`` from the context's
# ``language`` (games.page.context.room_context sets it): read once for a render, not from Django's
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
    template's globals in one dict; and, in a language (``said``: in_active_language), the
    texts its templates write translated when they are compiled.

    The views the partials read are dicts: Jinja2 tries an attribute first, and the
    ``AttributeError`` of each miss was the dearest part of a lookup (a push makes thousands).
    A dict's own methods are still found when it has no such key; a partial reads none.
    """

    # The translation functions of the language whose texts are translated when a template is
    # compiled; None (the environment Django's backend makes): translated at every render.
    said: dict[str, Callable[..., str]] | None = None

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        # Environment.compile parses here (Jinja2 3.1 has no public hook for the tree).
        template = super()._parse(source, name, filename)
        if self.said is None:
            return template
        return _SaidWhenCompiled(self.said).visit(template)

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


# By the id of a catalog (a language's translation, or none): the catalog itself (an id may be
# reused by a new one), its translation functions (_bind), and the environments in it.
_bound: dict[int, tuple[Any, dict[str, Callable[..., str]], dict[int, tuple[Environment, Environment]]]] = {}


def in_active_language(env: Environment) -> tuple[Environment, dict[str, Callable[..., str]]]:
    """The environment ``env`` in the language active now, and the template's ``_``,
    ``gettext``, ``ngettext``, ``pgettext`` and ``npgettext`` bound to it, to pass to a render
    (games.page.live_templates.render_live_template): both say what Django's translation functions say.

    Django's look up the active translation at every call, and the asgiref ``Local`` behind it
    costs more than the lookup itself: a seat alone asks for a dozen texts. These read it once a
    render, and each text once in the process. In a language's environment the texts written
    in a template (``_("Your turn")``, ``{% trans %}`` without a count) are translated when the
    template is compiled, so a render asks for none of them (LiveEnvironment.said)."""
    if not settings.USE_I18N:
        return env, {}
    catalog = trans_real.catalog()
    known = _bound.get(id(catalog))
    if known is None or known[0] is not catalog:
        if len(_bound) > 64:  # deactivate_all makes a new catalog each time
            _bound.clear()
        known = _bound[id(catalog)] = (catalog, _bind(catalog), {})
    _catalog, bound, environments = known
    if not isinstance(env, LiveEnvironment) or not isinstance(catalog, trans_real.DjangoTranslation):
        return env, bound  # no language (deactivate_all): the texts are asked for as they come
    overlay = environments.get(id(env))
    if overlay is None or overlay[0] is not env:
        said = env.overlay(cache_size=400)  # its own templates: none compiled in another language
        said.said = bound
        overlay = environments[id(env)] = (env, said)
    return overlay[1], bound


def _bind(catalog: Any) -> dict[str, Callable[..., str]]:
    """gettext, pgettext, ngettext and npgettext as trans_real's, from ``catalog`` (named
    otherwise here, so that makemessages does not take their arguments for texts)."""
    known: dict[str, str] = {}
    separator = trans_real.CONTEXT_SEPARATOR

    def text(message: str) -> str:
        if type(message) is str:
            result = known.get(message)
            if result is None:
                result = known[message] = looked_up(message)
            return result
        return looked_up(message)

    def looked_up(message: str) -> str:
        eol_message = message.replace("\r\n", "\n").replace("\r", "\n")
        result = catalog.gettext(eol_message) if eol_message else type(message)("")
        return mark_safe(result) if isinstance(message, SafeData) else result

    def text_in(context: str, message: str) -> str:
        result = text(context + separator + message)
        if separator in result:
            return message
        return mark_safe(result) if isinstance(message, SafeData) else result

    def counted(singular: str, plural: str, number: int) -> str:
        return catalog.ngettext(singular, plural, number)

    def counted_in(context: str, singular: str, plural: str, number: int) -> str:
        result = counted(context + separator + singular, context + separator + plural, number)
        return counted(singular, plural, number) if separator in result else result

    return {"_": text, "gettext": text, "ngettext": counted, "pgettext": text_in, "npgettext": counted_in}


class _SaidWhenCompiled(NodeTransformer):
    """A template's calls of ``_``, ``gettext`` and ``pgettext`` on written texts (the i18n
    extension makes them of ``{% trans %}`` blocks without a count too), replaced by their
    translation: Jinja2 then escapes it, or marks it safe, when it compiles the template, as it
    would have at every render."""

    ARITY = {"_": 1, "gettext": 1, "pgettext": 2}

    def __init__(self, said: dict[str, Callable[..., str]]) -> None:
        self.said = said

    def visit_Call(self, node: nodes.Call) -> nodes.Node:
        node = cast(nodes.Call, self.generic_visit(node))  # the same node, its children visited
        callee, args = node.node, node.args
        if (
            isinstance(callee, nodes.Name)
            and len(args) == self.ARITY.get(callee.name, -1)
            and not node.kwargs
            and node.dyn_args is None
            and node.dyn_kwargs is None
            and all(isinstance(a, nodes.Const) and type(a.value) is str for a in args)
        ):
            text = self.said[callee.name](*(cast(nodes.Const, a).value for a in args))
            return nodes.Const(text, lineno=node.lineno, environment=node.environment)
        return node


def environment(**options: Any) -> Environment:
    options["undefined"] = ChainableUndefined
    options.setdefault("extensions", []).append("jinja2.ext.i18n")
    env = LiveEnvironment(**options)
    # Text is written ``{{ _("Your turn") }}`` (with ``|format(name=...)`` for placeholders):
    # Django's makemessages finds that form in these templates as in its own (issue 17).
    env.install_gettext_callables(  # type: ignore[attr-defined]  # jinja2.ext.i18n adds it
        translation.gettext, translation.ngettext, newstyle=False
    )
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
    env.globals.update(Termination=Termination)  # how a hand ended: the keys the pages compare
    env.tests["none"] = lambda value: value is None or isinstance(value, Undefined)
    return env
