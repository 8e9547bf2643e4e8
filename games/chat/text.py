"""What a chat message may hold: one line of at most ``ChatMessage.LONGEST`` characters, with
no control characters, never blank. The quick phrases a phone sends with one tap."""

from __future__ import annotations

import re
import unicodedata

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.models import ChatMessage

# One tap on a phone.
QUICK_PHRASES = (
    gettext_lazy("Good luck"),
    gettext_lazy("Good game"),
    gettext_lazy("Well played"),
    gettext_lazy("Thanks"),
    gettext_lazy("Sorry"),
    gettext_lazy("Oops"),
)

# Line breaks and tabs become spaces (a message is one line), and runs of spaces one.
_SPACES = re.compile(r" {2,}")
# Characters that change how the text around them is shown rather than being text: the
# directional overrides and isolates (they would turn a name or a neighbour's message round).
_FORMATTING = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")


class BadText(ValueError):
    """A message that cannot be posted; the message says why, for the writer to read."""


def clean(raw: str) -> str:
    """The message as it is kept and shown: whitespace runs made one space, control and
    direction-changing characters taken out, ends trimmed. Raises ``BadText`` when nothing is
    left or it is longer than ``ChatMessage.LONGEST``."""
    spaced = (" " if c.isspace() else c for c in raw)
    kept = "".join(c for c in spaced if unicodedata.category(c) != "Cc" and c not in _FORMATTING)
    text = _SPACES.sub(" ", kept).strip()
    if not text:
        raise BadText(_("Write a message first"))
    if len(text) > ChatMessage.LONGEST:
        raise BadText(
            ngettext(
                "A message may be at most %(most)s characters; this one has %(count)s",
                "A message may be at most %(most)s characters; this one has %(count)s",
                len(text),
            )
            % {"most": ChatMessage.LONGEST, "count": len(text)}
        )
    return text
