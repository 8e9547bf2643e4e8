"""Characters a person cannot see: those that turn the text around them (Unicode's Bidi_Control
property) and those that show as nothing at all (format characters, spaces, fillers).

A chat message drops the first kind and is refused when it holds only the second
(games.chat.text); a player's name may hold neither (accounts.names).
"""

from __future__ import annotations

import unicodedata

# Unicode's Bidi_Control property (PropList.txt, unchanged since Unicode 6.3): the Arabic letter
# mark, the left-to-right and right-to-left marks, the embeddings and overrides, the isolates.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

# Letters and marks that draw nothing although their category says otherwise: the Hangul
# fillers, the braille blank, the combining grapheme joiner, the Khmer inherent vowels, the
# Mongolian and the other variation selectors (most of them Default_Ignorable_Code_Point).
FILLERS = frozenset(
    "\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5\u180b\u180c\u180d\u180f"
    + "".join(map(chr, range(0xFE00, 0xFE10)))
    + "".join(map(chr, range(0xE0100, 0xE01F0)))
)

# Format characters (zero-width spaces and joiners, word joiners, the BOM, tags...), the
# separators (spaces, line and paragraph separators) and control characters.
_UNSEEN_CATEGORIES = frozenset({"Cf", "Cc", "Zs", "Zl", "Zp"})


def without_bidi_controls(text: str) -> str:
    return "".join(c for c in text if c not in BIDI_CONTROLS)


def is_unseen(char: str) -> bool:
    """Whether ``char`` shows as nothing (a space counts: it shows nothing by itself)."""
    return char in FILLERS or char.isspace() or unicodedata.category(char) in _UNSEEN_CATEGORIES


def shows_nothing(text: str) -> bool:
    """Whether ``text`` would look blank on a page."""
    return all(is_unseen(c) for c in text)
