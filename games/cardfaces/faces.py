"""One face per card id, as the inside of a ``<symbol viewBox="0 0 100 160">`` (5:8).

Suit cards have their rank and pip in the top-left corner and again, turned, in the bottom
right: the index is what a player reads in a hand at phone size (about 44 px wide), so it is
large and bold. Pip cards show their pips in the usual pattern; courts a framed emblem drawn
twice, head to foot (crown, coronet, horse, feathered cap); aces and the tarot red 1 one large
pip. Trumps have a paper and a design of their own: the Roman numeral large and white on a
band at the top and, turned, at the bottom, and a medallion in the middle (a sun; the pagat's
juggling balls, the mond's orb, the škis's fool's cap), the three honours with golden-brown
bands.
"""

from __future__ import annotations

from games.cardfaces.shapes import (
    BACK,
    BACK_LINE,
    EDGE,
    EMBLEMS,
    FACE,
    GOLD,
    HONOUR_INK,
    SANS,
    SERIF,
    SUIT_COLOURS,
    SUN,
    TRUMP_INK,
    TRUMP_PAPER,
)

W, H = 100, 160
TURN = f"rotate(180 {W / 2:g} {H / 2:g})"  # the other end of the card


def roman(n: int) -> str:
    out = ""
    for value, letters in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out += letters
            n -= value
    return out


def frame(paper: str) -> str:
    return (
        f'<rect x=".75" y=".75" width="98.5" height="158.5" rx="8" fill="{paper}"'
        f' stroke="{EDGE}" stroke-width="1.5"/>'
    )


def pip(suit: str, cx: float, cy: float, size: float, turned: bool = False) -> str:
    turn = f' transform="rotate(180 {cx:g} {cy:g})"' if turned else ""
    half = size / 2
    return (
        f'<use href="#pip-{suit}" x="{cx - half:g}" y="{cy - half:g}"'
        f' width="{size:g}" height="{size:g}"{turn}/>'
    )


# --- suit cards ---------------------------------------------------------------------------

COLUMNS = {"L": 36, "C": 50, "R": 64}
TOP, BOTTOM, MIDDLE = 30, 130, 80


def _rows(n: int) -> list[float]:
    return [TOP + i * (BOTTOM - TOP) / (n - 1) for i in range(n)]


def pip_spots(n: int) -> list[tuple[float, float]]:
    """The centres of the pips of a pip card of rank ``n`` (2 to 10)."""
    L, C, R = COLUMNS["L"], COLUMNS["C"], COLUMNS["R"]
    sides: dict[int, list[float]] = {2: [], 3: [], 4: _rows(2), 5: _rows(2)}
    sides |= {6: _rows(3), 7: _rows(3), 8: _rows(3), 9: _rows(4), 10: _rows(4)}
    centre: dict[int, list[float]] = {
        2: [TOP, BOTTOM],
        3: [TOP, MIDDLE, BOTTOM],
        4: [],
        5: [MIDDLE],
        6: [],
        7: [(TOP + MIDDLE) / 2],
        8: [(TOP + MIDDLE) / 2, (MIDDLE + BOTTOM) / 2],
        9: [MIDDLE],
        10: [(TOP + _rows(4)[1]) / 2, (_rows(4)[2] + BOTTOM) / 2],
    }
    spots: list[tuple[float, float]] = [(x, y) for y in sides[n] for x in (L, R)]
    return spots + [(C, y) for y in centre[n]]


def corner(suit: str, rank: str) -> str:
    """The index: the rank over the suit's pip, in the suit's colour."""
    fit = ' textLength="27" lengthAdjust="spacingAndGlyphs"' if len(rank) > 1 else ""
    return (
        f'<text x="15" y="34" font-size="33" font-weight="700" text-anchor="middle"{fit}>{rank}</text>'
        + pip(suit, 15, 48.5, 19)
    )


def court(suit: str, rank: str) -> str:
    colour = SUIT_COLOURS[suit]
    shape, details = EMBLEMS[rank]
    emblem = f'<path d="{shape}"/><g fill="{GOLD}">{details}</g>'
    return (
        f'<rect x="30" y="12" width="40" height="136" rx="4" fill="{colour}" fill-opacity=".08"'
        f' stroke="{colour}" stroke-width="1.3"/>'
        f'<g transform="translate(50 45) scale(.85)">{emblem}</g>'
        f'<g transform="{TURN} translate(50 45) scale(.85)">{emblem}</g>' + pip(suit, 50, 80, 18)
    )


def suit_face(card: str) -> str:
    suit, rank = card[0], card[1:]
    colour = SUIT_COLOURS[suit]
    index = corner(suit, rank)
    parts = [frame(FACE), f'<g fill="{colour}" font-family="{SANS}">', index]
    parts.append(f'<g transform="{TURN}">{index}</g>')
    if rank in EMBLEMS:
        parts.append(court(suit, rank))
    elif rank in ("A", "1"):
        parts.append(pip(suit, 50, 80, 48))
    else:
        parts += [pip(suit, x, y, 18, turned=y > MIDDLE) for x, y in pip_spots(int(rank))]
    parts.append("</g>")
    return "".join(parts)


# --- trumps -------------------------------------------------------------------------------

HONOURS = {1, 21, 22}
# Approximate advance widths (em) of the bold serif capitals, to fit the longest numeral.
NUMERAL_EM = {"I": 0.47, "V": 0.8, "X": 0.8}


def band(numeral: str, ink: str) -> str:
    width = min(84.0, sum(NUMERAL_EM[c] for c in numeral) * 30)
    return (
        f'<rect x="4" y="4" width="92" height="36" rx="5" fill="{ink}"/>'
        f'<text x="9" y="33" font-family="{SERIF}" font-size="30" font-weight="700" fill="#fff"'
        f' textLength="{width:.1f}" lengthAdjust="spacingAndGlyphs">{numeral}</text>'
    )


def ornament(y: float) -> str:
    return (
        f'<path d="M14 {y:g}H42M58 {y:g}H86" stroke="{GOLD}" stroke-width="1.6"/>'
        f'<path d="M50 {y - 4:g}L54 {y:g}L50 {y + 4:g}L46 {y:g}Z" fill="{GOLD}"/>'
    )


def medallion(n: int, ink: str) -> str:
    ring = (
        f'<circle cx="50" cy="80" r="28" fill="#fffdf5" stroke="{ink}" stroke-width="2"/>'
        f'<circle cx="50" cy="80" r="24.5" fill="none" stroke="{GOLD}" stroke-width="1"/>'
    )
    if n == 22:  # the škis / skíz: the fool's cap with its bells
        inside = (
            f'<path d="M34 92C33 82 27 70 20 66C30 64 38 70 42 78C42 68 45 58 50 52C55 58 58 68 58 78'
            f'C62 70 70 64 80 66C73 70 67 82 66 92Z" fill="{SUIT_COLOURS["H"]}"'
            f' stroke="{ink}" stroke-width="1.2"/>'
            f'<path d="M50 52C55 58 58 68 58 78L66 92H50Z" fill="{SUIT_COLOURS["D"]}"/>'
            f'<rect x="32" y="91" width="36" height="7" rx="2" fill="{GOLD}"'
            f' stroke="{ink}" stroke-width="1"/>'
            f'<g fill="{GOLD}" stroke="{ink}" stroke-width="1"><circle cx="20" cy="66" r="3.5"/>'
            f'<circle cx="50" cy="52" r="3.5"/><circle cx="80" cy="66" r="3.5"/></g>'
        )
    elif n == 21:  # the mond: the world, an orb with its cross
        inside = (
            f'<g fill="none" stroke="{ink}" stroke-width="1.5">'
            f'<circle cx="50" cy="84" r="16" fill="#cfe2f3"/>'
            f'<ellipse cx="50" cy="84" rx="7" ry="16"/><path d="M34 84H66M36.5 76H63.5M36.5 92H63.5"/></g>'
            f'<path d="M50 68V56M45 61H55" stroke="{GOLD}" stroke-width="3" stroke-linecap="round"/>'
        )
    elif n == 1:  # the pagat: the juggler's balls in the air
        inside = (
            f'<path d="M33 92Q50 48 67 92" fill="none" stroke="{ink}" stroke-width="1.2"'
            f' stroke-dasharray="3 3"/>'
            f'<circle cx="36" cy="80" r="6" fill="{SUIT_COLOURS["H"]}"/>'
            f'<circle cx="50" cy="66" r="6" fill="{GOLD}"/>'
            f'<circle cx="64" cy="80" r="6" fill="{SUIT_COLOURS["C"]}"/>'
            f'<path d="M40 98H60" stroke="{ink}" stroke-width="3" stroke-linecap="round"/>'
        )
    else:
        inside = (
            f'<path d="{SUN}" transform="translate(50 80) scale(21)" fill="{ink}"/>'
            f'<circle cx="50" cy="80" r="5.5" fill="{GOLD}"/>'
        )
    return ring + inside


def trump_face(card: str) -> str:
    n = int(card[1:])
    ink = HONOUR_INK if n in HONOURS else TRUMP_INK
    top = band(roman(n), ink)
    return "".join(
        (
            frame(TRUMP_PAPER),
            top,
            f'<g transform="{TURN}">{top}</g>',
            ornament(47),
            ornament(113),
            medallion(n, ink),
        )
    )


# --- the back -----------------------------------------------------------------------------


def _lattice(x0: float, y0: float, x1: float, y1: float, step: float) -> str:
    """Diagonal lines both ways across the rectangle, ending on its edges."""
    segments = []
    for sign in (1, -1):
        # Lines y = sign * x + c through the rectangle.
        lows = (y0 - sign * x0, y0 - sign * x1, y1 - sign * x0, y1 - sign * x1)
        c = min(lows)
        while c <= max(lows):
            points = []
            for x in (x0, x1):
                y = sign * x + c
                if y0 <= y <= y1:
                    points.append((x, y))
            for y in (y0, y1):
                x = (y - c) / sign
                if x0 <= x <= x1:
                    points.append((x, y))
            points = sorted(set(points))
            if len(points) >= 2 and points[0] != points[-1]:
                (ax, ay), (bx, by) = points[0], points[-1]
                segments.append(f"M{ax:.1f} {ay:.1f}L{bx:.1f} {by:.1f}")
            c += step
    return "".join(segments)


def back() -> str:
    return (
        frame("#fff")
        + f'<rect x="6" y="6" width="88" height="148" rx="5" fill="{BACK}"/>'
        + f'<path d="{_lattice(6, 6, 94, 154, 12)}" stroke="{BACK_LINE}" stroke-width="1.6" fill="none"/>'
        + f'<rect x="6" y="6" width="88" height="148" rx="5" fill="none" stroke="{GOLD}" stroke-width="1.5"/>'
        + f'<path d="M50 52L74 80L50 108L26 80Z" fill="{BACK}" stroke="{GOLD}" stroke-width="2"/>'
        + f'<path d="{SUN}" transform="translate(50 80) scale(15)" fill="{GOLD}"/>'
    )
