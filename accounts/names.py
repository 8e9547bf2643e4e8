"""Player names that cannot pass for another: confusables, reserved words, the guest pattern.

A name's *skeleton* is what it looks like: Unicode NFKC, then every character replaced by one
representative of the characters that look like it (Unicode's confusables list, TR39, as the
``confusable_homoglyphs`` package ships it; its pairs are joined into classes, so ``0``/``O``/``o``
and ``1``/``l``/``I``/``i``/``|`` are one, an ASCII letter's two cases too), case folded. Two
names with one skeleton look alike on a page:
``ɡuest-57bf7a`` (a Latin small script g) and ``guest-57bf7a``, ``Yоu`` (a Cyrillic о) and ``You``.
``User.name_key`` keeps each player's skeleton, so checking a new name is one indexed query.
"""

from __future__ import annotations

import string
import unicodedata
from functools import cache

from confusable_homoglyphs import confusables
from confusable_homoglyphs.confusables import confusables_data
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

# Words the pages use for someone who is not a player by that name: "You" marks your own seat
# ("You cut"), "free" an empty seat, the others the watchers and the site.
RESERVED = ("you", "free", "audience", "everyone", "staff", "admin", "robot", "clock", "away", "nobody")
# Guests are named guest-<6 hex> (accounts.guests); nobody else may look like one.
GUEST_LIKE = tuple(f"guest{sep}" for sep in "-_.")


@cache
def _representatives() -> dict[str, str]:
    """Each confusable character's class representative (the smallest code point in its class,
    an ASCII character where the class has one)."""
    parent: dict[str, str] = {}

    def find(c: str) -> str:
        while parent.get(c, c) != c:
            parent[c] = parent.get(parent[c], parent[c])
            c = parent[c]
        return c

    def union(a: str, b: str) -> None:
        a, b = find(a), find(b)
        if a != b:
            parent[max(a, b)] = min(a, b)

    for char, glyphs in confusables_data.items():
        for glyph in glyphs:
            other = glyph["c"].replace("\u200e", "")  # the data wraps right-to-left letters in LRMs
            if len(char) == 1 and len(other) == 1:
                union(char, other)
    # An ASCII letter and its other case are one too (names are compared folded): so "O" and "0"
    # bring "o" along, and "I", "l" and "1" bring "i" and "L". Only ASCII: joining the cases of
    # every confusable letter chains classes together until unlike names match.
    for char in string.ascii_letters:
        union(char, char.lower())
    return {c: find(c) for c in parent}


def skeleton(name: str) -> str:
    reps = _representatives()
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return "".join(reps.get(c, c) for c in folded)


def check_new_name(name: str) -> str:
    """Refuse (``ValidationError``, in words) a name that passes for a word the site uses or a
    guest's, or mixes look-alike alphabets; return its skeleton, which the caller compares with
    the players' (``User.name_key``)."""
    key = skeleton(name)
    if key in {skeleton(word) for word in RESERVED}:
        raise ValidationError(
            _("“%(name)s” is a word the site uses for something else: choose another name.") % {"name": name}
        )
    if key.startswith(tuple(skeleton(prefix) for prefix in GUEST_LIKE)):
        raise ValidationError(_("Names beginning with “guest-” are kept for guests: choose another name."))
    if confusables.is_dangerous(name):
        raise ValidationError(
            _("“%(name)s” mixes letters of different alphabets that look alike: choose another.")
            % {"name": name}
        )
    return key
