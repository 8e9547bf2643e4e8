"""End to end in Chromium, the card faces: the cards page (/cards/) draws every face of the
three packs and the back from the one sprite file, at phone and desktop width. Screenshots go to
test-artifacts/screenshots/cards/ (git-ignored) for people to look at; the test reads the
pixels of a few cards to prove the faces are drawn (an external ``<use>`` that fails to load
draws nothing, silently)."""

from __future__ import annotations

import struct
import zlib

import pytest
from django.templatetags.static import static

from games.cardfaces.shapes import BACK, SUIT_COLOURS, TRUMP_INK
from tests.browser.conftest import ROOT

pytestmark = pytest.mark.browser

SHOTS = ROOT / "test-artifacts" / "screenshots" / "cards"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 800}


def pixels(png: bytes) -> list[tuple[int, int, int]]:
    """The RGB pixels of an 8-bit, non-interlaced PNG (what Chromium's screenshots are)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, data, width, height, channels = 8, b"", 0, 0, 0
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos : pos + 8])
        chunk = png[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, *_ = struct.unpack(">IIBBBBB", chunk)
            assert depth == 8 and colour in (2, 6)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            data += chunk
        pos += 12 + length
    raw, stride, rows, previous = zlib.decompress(data), width * channels, [], bytearray(width * channels)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(line)
        previous = line
    return [tuple(row[x * channels : x * channels + 3]) for row in rows for x in range(width)]


def share_near(png: bytes, colour: str, within: int = 40) -> float:
    """The share of the image's pixels within ``within`` (each channel) of ``colour``."""
    target = tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
    found = pixels(png)
    return sum(all(abs(a - b) <= within for a, b in zip(p, target, strict=True)) for p in found) / len(found)


def test_the_cards_page_draws_every_face_from_the_sprite_at_phone_and_desktop_size(site, browser):
    page = browser.new_page(viewport=PHONE)
    sprite = []
    # By the name with its content's hash (collectstatic), kept by the browser for ever.
    url = site.url + static("cards/sprite.svg")

    def seen(response) -> None:
        if response.url.split("#")[0] == url:
            sprite.append((response.status, response.headers.get("cache-control")))

    page.on("response", seen)
    page.goto(site.url + "/cards/")
    page.wait_for_load_state("networkidle")
    assert sprite == [(200, "max-age=315360000, public, immutable")]  # one file for every face on the page
    packs = page.locator("[data-pack]").evaluate_all("els => els.map(e => e.dataset.pack)")
    assert packs == ["42", "54", "36"]
    assert page.locator(".card[data-card]").count() == 42 + 54 + 36
    # A card is named for screen readers by its title; the picture itself is hidden from them.
    assert page.get_by_role("img").count() == 0
    assert page.locator('[data-card="T22"]').first.inner_text() == "Tarokk XXII (Skíz)"

    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "cards-phone.png"), full_page=True)
    # At phone size a card is 44 px wide and 8:5 tall; its face is drawn in its colours.
    box = page.locator('[data-card="HK"]').first.bounding_box()
    assert box and round(box["width"]) == 44 and round(box["height"]) == round(44 * 1.6)
    for card, colour in (("HK", SUIT_COLOURS["H"]), ("D1", SUIT_COLOURS["D"]), ("CR", SUIT_COLOURS["C"])):
        assert share_near(page.locator(f'[data-card="{card}"]').first.screenshot(), colour) > 0.04, card
    assert share_near(page.locator('[data-card="T13"]').first.screenshot(), TRUMP_INK) > 0.2
    assert share_near(page.locator(".card.back").screenshot(), BACK, within=50) > 0.3

    page.set_viewport_size(DESKTOP)
    page.screenshot(path=str(SHOTS / "cards-desktop.png"), full_page=True)
    page.close()
