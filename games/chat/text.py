"""What a chat message may hold: one line of at most ``ChatMessage.LONGEST`` characters, with
no control characters, never blank. The quick phrases a phone sends with one tap."""

from __future__ import annotations

import re
import unicodedata

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.models import ChatMessage
from tarokk_site import invisible

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


class BadText(ValueError):
    """A message that cannot be posted; the message says why, for the writer to read."""


def clean(raw: str) -> str:
    """The message as it is kept and shown: whitespace runs made one space, control characters
    and the characters that turn text around (Unicode's Bidi_Control: they would turn a name or a
    neighbour's message round) taken out, ends trimmed. Raises ``BadText`` when nothing is left,
    when what is left shows nothing (zero-width spaces, word joiners, fillers...) or it is longer
    than ``ChatMessage.LONGEST``."""
    spaced = (" " if c.isspace() else c for c in raw)
    kept = invisible.without_bidi_controls("".join(c for c in spaced if unicodedata.category(c) != "Cc"))
    text = _SPACES.sub(" ", kept).strip()
    if not text:
        raise BadText(_("Write a message first"))
    if invisible.shows_nothing(text):
        raise BadText(_("This message shows nothing: it holds only invisible characters"))
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
