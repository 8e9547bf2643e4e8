"""The drawing pieces of the card faces: the suit colours, the four pip shapes, the court
emblems, the trump medallions and the page icons, as SVG path data.

Every shape is drawn in a box centred on 0,0 and placed by the faces with a ``transform``; the
pips are ``<symbol>``s of the sprite without a fill of their own, so one path serves a corner
index, a pip and a page's suit icon in any colour.
"""

from __future__ import annotations

# A four-colour pack whose colours stay apart for colour-blind players: the hearts vermilion,
# the diamonds purple, the clubs green, the spades black (chosen by simulating protanopia,
# deuteranopia and tritanopia; tests/web/test_card_faces.py keeps them at least 30 apart in
# CIELAB under each). The pips differ by shape as well, so colour is never the only clue.
SUIT_COLOURS = {"H": "#cf3a10", "D": "#8e44ad", "C": "#008a64", "S": "#1a1a1a"}
SUIT_NAMES = {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"}

FACE = "#fffef8"  # the paper of a suit card
EDGE = "#7d7668"  # the printed edge of every card
GOLD = "#c8961e"
TRUMP_PAPER = "#f7efd8"
TRUMP_INK = "#1f2a5c"  # bands and numerals of the trumps
HONOUR_INK = "#7a4a00"  # the trula's bands (T1, T21, T22): the honours stand out in a hand
BACK = "#7a1f2b"
BACK_LINE = "#a3404d"

SANS = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif"
SERIF = "'DejaVu Serif', 'Liberation Serif', Georgia, 'Times New Roman', serif"


def _circle(cx: float, cy: float, r: float) -> str:
    """A circle as a sub-path (two arcs), so a club is one path."""
    return f"M{cx - r:g} {cy:g}a{r:g} {r:g} 0 1 0 {2 * r:g} 0a{r:g} {r:g} 0 1 0 {-2 * r:g} 0Z"


# The pips, in a 100 × 100 box centred on 0,0 (point up).
PIPS = {
    "H": (
        "M0 46C-16 30-48 12-48-14C-48-34-32-46-16-45C-7-44-2-38 0-31"
        "C2-38 7-44 16-45C32-46 48-34 48-14C48 12 16 30 0 46Z"
    ),
    "D": "M0-50Q16-22 38 0Q16 22 0 50Q-16 22-38 0Q-16-22 0-50Z",
    "S": (
        "M0-48C-14-30-46-14-46 10C-46 28-31 37-17 35C-9 34-4 29-2 25"
        "C-3 35-8 43-18 48L18 48C8 43 3 35 2 25C4 29 9 34 17 35C31 37 46 28 46 10"
        "C46-14 14-30 0-48Z"
    ),
    "C": (
        _circle(0, -23, 21)
        + _circle(-23, 9, 21)
        + _circle(23, 9, 21)
        + "M-4 4C-4 28-9 40-18 48L18 48C9 40 4 28 4 4Z"
    ),
}

# Court emblems, in a 40 × 40 box centred on 0,0: (path in the suit colour, gold details).
CROWN = (  # king: a spiked crown
    "M-18 9L-18-7L-9 2L0-13L9 2L18-7L18 9Z",
    '<rect x="-18" y="9" width="36" height="7" rx="1.5"/>'
    '<circle cx="-18" cy="-8" r="3.2"/><circle cx="0" cy="-14" r="3.2"/><circle cx="18" cy="-8" r="3.2"/>',
)
CORONET = (  # queen: a rounded coronet with pearls
    "M-17 10L-17 1Q-13-7-8.5-1Q-5-13 0-13Q5-13 8.5-1Q13-7 17 1L17 10Z",
    '<rect x="-17" y="10" width="34" height="6" rx="3"/>'
    '<circle cx="-8.5" cy="-3" r="2.6"/><circle cx="0" cy="-15.5" r="3"/><circle cx="8.5" cy="-3" r="2.6"/>'
    '<circle cx="-17" cy="0" r="2.6"/><circle cx="17" cy="0" r="2.6"/>',
)
HORSE = (  # rider: a horse's head, facing left
    "M15 18L-9 18C-9 10-4 6-2 2C-6 4-10 6-13 3C-16 0-15-3-12-6L-4-13C-3-16-1-18 1-19"
    "L2-15C10-15 17-8 17 2C17 8 15 12 15 18Z",
    '<path d="M3-14C8-13 13-8 14-1L11 0C10-6 7-10 2-11Z"/><circle cx="-3" cy="-8" r="1.8"/>',
)
CAP = (  # jack: a feathered cap
    "M-18 6C-18-6-7-11 1-11C11-11 18-5 18 3C10 8-9 9-18 6Z",
    '<path d="M5-10C9-21 19-22 22-18C16-18 12-14 9-8Z"/><rect x="-15" y="6" width="30" height="5" rx="2"/>',
)
EMBLEMS = {"K": CROWN, "Q": CORONET, "R": HORSE, "J": CAP}

# A sun of eight rays for the plain trumps' medallion (r = 1: scaled by the face).
SUN = (
    "M0-1L.2-.35L.71-.71L.35-.2L1 0L.35 .2L.71 .71L.2 .35L0 1L-.2 .35L-.71 .71L-.35 .2"
    "L-1 0L-.35-.2L-.71-.71L-.2-.35Z"
)

# Icons for the pages (24 × 24, drawn in currentColor so they take the text's colour).
ICONS = {
    "robot": (
        '<rect x="4" y="7" width="16" height="13" rx="3"/><rect x="11" y="2" width="2" height="5"/>'
        '<circle cx="12" cy="2.5" r="2"/><rect x="1" y="11" width="2" height="5" rx="1"/>'
        '<rect x="21" y="11" width="2" height="5" rx="1"/>'
        '<circle cx="9" cy="12.5" r="2" fill="#fff"/><circle cx="15" cy="12.5" r="2" fill="#fff"/>'
        '<rect x="8.5" y="16" width="7" height="1.8" rx=".9" fill="#fff"/>'
    ),
    "first": '<rect x="4" y="5" width="3" height="14"/><path d="M20 5L8 12L20 19Z"/>',
    "prev": '<path d="M18 5L6 12L18 19Z"/>',
    "next": '<path d="M6 5L18 12L6 19Z"/>',
    "last": '<rect x="17" y="5" width="3" height="14"/><path d="M4 5L16 12L4 19Z"/>',
}
