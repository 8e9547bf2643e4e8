"""Player names that cannot pass for another: confusables, invisible letters, reserved words,
the guest pattern.

A name's *skeleton* is what it looks like. Unicode's UTS #39 skeleton: NFD, every character
replaced by its prototype in Unicode's confusables list (``accounts/unicode/confusables.txt``,
version 13.0.0, shipped as Unicode publishes it, under its terms of use), multi-letter ones
included (``m`` -> ``rn``), NFD again; then case folded, the two-letter look-alikes the list does
not hold made one letter (``vv`` -> ``w``, ``cl`` -> ``d``), and every character replaced by one
representative of the characters the list pairs with it (``confusable_homoglyphs``' pairs joined
into classes, so ``0``/``O``/``o`` and ``1``/``l``/``I``/``i``/``|`` are one, an ASCII letter's two
cases too); again until nothing changes. Two names with one skeleton look alike on a page:
``ɡuest-57bf7a`` (a Latin small script g) and ``guest-57bf7a``, ``Yоu`` (a Cyrillic о) and
``You``, ``rnary`` and ``mary``. ``User.name_key`` keeps each player's skeleton, so checking a
new name is one indexed query.
"""

from __future__ import annotations

import hashlib
import string
import unicodedata
from functools import cache
from pathlib import Path

from confusable_homoglyphs import confusables
from confusable_homoglyphs.confusables import confusables_data
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tarokk_site import invisible

# Unicode's confusables.txt (UTS #39 data, version 13.0.0): ``source ; prototype ; type # ...``.
CONFUSABLES = Path(__file__).resolve().parent / "unicode" / "confusables.txt"
# Look-alikes of one letter made of two, which confusables.txt maps only one way (``m`` -> ``rn``)
# or not at all; applied to the case-folded UTS #39 skeleton.
TWO_LETTERS = (("vv", "w"), ("cl", "d"))
# ``User.name_key`` holds at most this many characters: a longer skeleton is kept as its digest.
KEY_LENGTH = 300

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


@cache
def _prototypes() -> dict[str, str]:
    """confusables.txt's mapping: each listed character to its prototype (one or more characters)."""
    table: dict[str, str] = {}
    for line in CONFUSABLES.read_text(encoding="utf-8-sig").splitlines():
        data = line.split("#", 1)[0].strip()
        if data:
            source, prototype = (field.strip() for field in data.split(";")[:2])
            table[chr(int(source, 16))] = "".join(chr(int(code, 16)) for code in prototype.split())
    return table


def uts39_skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text``: NFD, each character mapped to its prototype, NFD."""
    prototypes = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(prototypes.get(c, c) for c in decomposed))


def skeleton(name: str) -> str:
    reps = _representatives()
    text = unicodedata.normalize("NFKC", name)
    for _round in range(8):  # a prototype's other case may have a prototype of its own (M, m, rn)
        before = text
        text = uts39_skeleton(text).casefold()
        for pair, letter in TWO_LETTERS:
            text = text.replace(pair, letter)
        text = "".join(reps.get(c, c) for c in text).casefold()
        if text == before:
            break
    return text


def name_key(name: str) -> str:
    """What ``User.name_key`` keeps of ``name``: its skeleton, or the skeleton's digest when it is
    longer than the column (equal skeletons, equal keys)."""
    key = skeleton(name)
    if len(key) <= KEY_LENGTH:
        return key
    return "sha256:" + hashlib.sha256(key.encode()).hexdigest()


def check_new_name(name: str) -> str:
    """Refuse (``ValidationError``, in words) a name that passes for a word the site uses or a
    guest's, mixes look-alike alphabets, or holds characters that show as nothing or turn text
    round; return its key, which the caller compares with the players' (``User.name_key``)."""
    if any(invisible.is_unseen(c) or c in invisible.BIDI_CONTROLS for c in name):
        raise ValidationError(
            _("“%(name)s” holds characters that show as nothing or turn text round: choose another name.")
            % {"name": name}
        )
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
    return name_key(name)
