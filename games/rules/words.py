"""The words the rules say to a player, in any language, and counts in words.

The rules core is pure (no Django), yet what it says (a refused move, an option's label, a log
line, a receipt's row) is shown in the viewer's language. So the core never builds English
text: it returns a ``Msg``, a message id (English, with ``{name}`` placeholders) and its
parameters, written with the functions below, which ``makemessages`` finds by their names:

    _("You must follow {suit}", suit=SUIT_NAMES[led])
    ngettext("{count} card", "{count} cards", n, count=n)
    pgettext("contract", "Solo")

``str(msg)`` is the message in the active language: the web layer installs Django's
translation functions with ``install_translator`` (games.apps); until then, and in the pure
core's own tests, it is the English text. A parameter that is itself a ``Msg`` is translated
too, so "{side} may say {word}" can take "the other side" as a message of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape
from typing import Any, NoReturn


class Params(dict[str, Any]):
    """A message's parameters: a dict that refuses to change once made (a message is a value:
    it is hashed by them, and the pages keep each log line's HTML by that hash). Still a dict,
    so ``json.dumps`` and whoever reads ``msg.params`` as a mapping take it as one."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("A message's parameters cannot change")  # untranslated: programmer error

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[Any, ...]:  # pickled as the dict it was made from
        return (Params, (dict(self),))


class Msg:
    """A message for a player: its id (and plural id, count and context) and its parameters.

    Frozen: no attribute can be set after construction, and ``params`` is a ``Params``."""

    __slots__ = ("text", "plural", "count", "context", "params", "_cached_key")

    text: str
    plural: str | None
    count: int | None
    context: str | None
    params: Params
    _cached_key: tuple[Any, ...]

    def __init__(
        self,
        text: str,
        params: Mapping[str, Any] | None = None,
        *,
        plural: str | None = None,
        count: int | None = None,
        context: str | None = None,
    ) -> None:
        # Through the slots' own setters (``__setattr__`` refuses): the cheapest way in.
        _set_text(self, text)
        _set_plural(self, plural)
        _set_count(self, count)
        _set_context(self, context)
        _set_params(self, Params(params) if params else NO_PARAMS)

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        raise AttributeError(f"A message cannot change: {name}")  # untranslated: programmer error

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"A message cannot change: {name}")  # untranslated: programmer error

    def __str__(self) -> str:
        return _translator(self)

    def __html__(self) -> str:  # Jinja2's and Django's escaping call str() through this
        return escape(str(self))

    def english(self) -> str:
        """The message in English, whatever language is active (logs, exports, tests)."""
        return _english(self)

    def __repr__(self) -> str:
        return f"Msg({self.english()!r})"

    def _key(self) -> tuple[Any, ...]:
        # Worked out once: a message is never changed once made, and the log's lines are
        # looked up by it with every push of a hand (the pages keep each line's HTML by it).
        try:
            return self._cached_key
        except AttributeError:
            key = (self.text, self.plural, self.count, self.context, tuple(sorted(self.params.items())))
            _set_cached_key(self, key)
            return key

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Msg):
            return self._key() == other._key()
        return NotImplemented

    def __hash__(self) -> int:
        # The parameters count: "plays {card}" for every card must not share one bucket (a set
        # of the log's lines compared each line with every other).
        try:
            return hash(self._key())
        except TypeError:  # an unhashable parameter (a list): equal messages still hash alike
            return hash((self.text, self.plural, self.count, self.context))

    def __getstate__(self) -> dict[str, Any]:
        state = {name: getattr(self, name) for name in _MESSAGE_FIELDS}
        state["params"] = dict(self.params)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, Params(value) if name == "params" else value)


# What a message is (what it is pickled as): all its slots but the cached key.
_MESSAGE_FIELDS = ("text", "plural", "count", "context", "params")

NO_PARAMS = Params()
_set_text, _set_plural, _set_count, _set_context, _set_params, _set_cached_key = (
    getattr(Msg, name).__set__ for name in Msg.__slots__
)


def _(text: str, /, **params: Any) -> Msg:
    """A message; ``{name}`` placeholders take ``params`` (the name ``_`` is what extraction finds)."""
    return Msg(text, params)


def gettext(text: str, /, **params: Any) -> Msg:
    return Msg(text, params)


def pgettext(context: str, text: str, /, **params: Any) -> Msg:
    """A message whose English text means different things: ``context`` tells them apart."""
    return Msg(text, params, context=context)


def ngettext(singular: str, plural: str, count: int, /, **params: Any) -> Msg:
    """A message about ``count`` things, in the plural form the language needs for it."""
    return Msg(singular, params, plural=plural, count=count)


def npgettext(context: str, singular: str, plural: str, count: int, /, **params: Any) -> Msg:
    return Msg(singular, params, plural=plural, count=count, context=context)


def _english(msg: Msg) -> str:
    text = msg.text if msg.count is None or msg.count in (1, -1) else (msg.plural or msg.text)
    return _fill(text, msg.params, _english_value)


def _english_value(value: Any) -> str:
    return value.english() if isinstance(value, Msg) else str(value)


def _fill(text: str, params: Mapping[str, Any], value: Callable[[Any], str]) -> str:
    if not params:
        return text
    return text.format(**{name: _joined(v, value) for name, v in params.items()})


def _joined(param: Any, value: Callable[[Any], str]) -> str:
    """A parameter as text: a tuple or list (``cards``) as its items, comma-separated."""
    if isinstance(param, tuple | list):
        return ", ".join(value(item) for item in param)
    return value(param)


def fill(text: str, params: Mapping[str, Any]) -> str:
    """``text`` (already translated) with its parameters, each message among them translated."""
    return _fill(text, params, str)


_translator: Callable[[Msg], str] = _english


def install_translator(translator: Callable[[Msg], str]) -> None:
    """Make ``str(msg)`` speak through ``translator`` (the web layer's gettext)."""
    global _translator
    _translator = translator


def to_json(value: Any) -> Any:
    """``value`` for JSON (a stored hand result): each message in it as a dict with its id,
    so it is said in the reader's language when read back (``from_json``)."""
    if isinstance(value, Msg):
        data: dict[str, Any] = {"msg": value.text, "params": {k: to_json(v) for k, v in value.params.items()}}
        for name in ("plural", "count", "context"):
            if getattr(value, name) is not None:
                data[name] = getattr(value, name)
        return data
    if isinstance(value, list | tuple):
        return [to_json(item) for item in value]
    return value


def from_json(value: Any) -> Any:
    """The inverse of ``to_json`` for one value: a stored message is a ``Msg`` again; text
    stored before messages were (plain English) stays as it is."""
    if isinstance(value, dict) and "msg" in value:
        params = {k: from_json(v) for k, v in (value.get("params") or {}).items()}
        return Msg(
            value["msg"],
            params,
            plural=value.get("plural"),
            count=value.get("count"),
            context=value.get("context"),
        )
    if isinstance(value, list):
        return tuple(from_json(item) for item in value)
    return value


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` and ``noun`` in agreement: "1 card", "0 cards", "2 tricks", "3 radelci"."""
    if count in (1, -1):
        return f"{count} {noun}"
    return f"{count} {many or IRREGULAR_PLURALS.get(noun, noun + 's')}"


# Nouns whose plural is not the noun and an -s.
IRREGULAR_PLURALS = {"radelc": "radelci", "match": "matches", "penalty": "penalties"}
