"""The host's two chat settings as a form posts them: ``chat`` (on or off) and ``audience``
(the watchers' channel open or closed). The table-opening form and the chat drawer's buttons
post the same names and words; ``games.chat.writes`` changes them on an open table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

WORDS = {"yes": True, "on": True, "open": True, "no": False, "off": False, "closed": False}


def switch(data: Mapping[str, str], name: str) -> bool | None:
    """The yes/no field ``name`` (``on``/``off``, ``open``/``closed``); None when not posted;
    any other word is refused by name (ValueError)."""
    raw = data.get(name)
    if raw is None:
        return None
    value = WORDS.get(str(raw).strip().lower())
    if value is None:
        raise ValueError(
            _("%(field)s must be one of %(words)s, not %(value)r")
            % {"field": name, "words": ", ".join(WORDS), "value": raw}
        )
    return value


@dataclass(frozen=True)
class ChatSettings:
    on: bool = True
    audience_open: bool = True

    @classmethod
    def from_form(cls, data: Mapping[str, str]) -> ChatSettings:
        """The settings the opening form posted; a field left out keeps its default (the chat
        on, the watchers' channel open), as a table opened by a script gets."""
        on, audience_open = switch(data, "chat"), switch(data, "audience")
        return cls(on=on is not False, audience_open=audience_open is not False)
