"""The card faces: one generated sprite with a symbol for every card of the three packs and a
back; every card element draws its face from it through one helper and keeps ``data-card`` and
a name; the suit colours stay apart for colour-blind players; no page shows an emoji."""

from __future__ import annotations

import hashlib
import itertools
import math
import re
import xml.etree.ElementTree as ET

import pytest
from django.templatetags.static import static

from games.cardfaces import SPRITE, build_sprite, card_ids
from games.cardfaces.shapes import SUIT_COLOURS
from games.page.cards import card_back_html, card_html, icon, roman, sprite_url
from games.rules.bridge.pack import PACK_36
from games.rules.cards import pack_42, pack_54
from tests.factories import StaffFactory, UserFactory
from tests.web.helpers import client_for, data_cards, open_table

SVG = "{http://www.w3.org/2000/svg}"
# Pictographs, the media-control arrows and the emoji variation selector: what shows as an empty
# box without an emoji font. The suit signs ♠♣♥♦ and ● stay: every text font has them.
EMOJI = re.compile("[\U0001f000-\U0001faff\u2300-\u23ff\u25b6\u25c0\u2b00-\u2bff\ufe0f]")


def symbols() -> dict[str, ET.Element]:
    root = ET.fromstring(SPRITE.read_text(encoding="utf-8"))
    return {s.get("id"): s for s in root.iter(f"{SVG}symbol")}


def test_the_sprite_file_is_what_the_generator_writes():
    # manage.py cardsprite writes it; an edit by hand or a change to games/cardfaces without
    # running it fails here.
    assert SPRITE.read_text(encoding="utf-8") == build_sprite()


def test_every_card_of_every_pack_has_a_face_and_there_is_a_back():
    found = symbols()
    for pack in (pack_42(), pack_54(), PACK_36):
        assert set(pack) <= set(found)
    faces = {ident for ident in found if not ident.startswith(("pip-", "suit-", "icon-"))}
    assert faces == set(pack_54()) | set(pack_42()) | set(PACK_36) | {"back"}
    assert len(card_ids()) == 22 + 32 + 12 + 4  # the Bridge 6-10 and A of red suits, 6 and A of black
    for ident in faces:
        assert found[ident].get("viewBox") == "0 0 100 160"


def test_a_suit_card_has_its_index_twice_and_a_trump_its_roman_numeral_twice():
    found = symbols()
    for card in ("HK", "D1", "S10", "CR", "H6", "SA"):
        texts = [t.text for t in found[card].iter(f"{SVG}text")]
        assert texts == [card[1:], card[1:]], card  # top left and, turned, bottom right
        pips = [u.get("href") for u in found[card].iter(f"{SVG}use")]
        assert pips.count(f"#pip-{card[0]}") >= 3, card  # two in the corners, the rest on the face
    for n in (1, 9, 19, 21, 22):
        texts = [t.text for t in found[f"T{n}"].iter(f"{SVG}text")]
        assert texts == [roman(n), roman(n)]
    assert not list(found["back"].iter(f"{SVG}text"))


def test_the_ten_of_spades_has_ten_pips_and_the_ace_one():
    found = symbols()

    def face_pips(card: str) -> int:
        return [u.get("href") for u in found[card].iter(f"{SVG}use")].count(f"#pip-{card[0]}") - 2

    assert [face_pips(c) for c in ("S10", "S9", "S7", "H6", "H4", "H2", "SA", "H1")] == [
        10,
        9,
        7,
        6,
        4,
        2,
        1,
        1,
    ]


def test_a_card_keeps_its_data_card_and_a_name_and_draws_its_face_from_the_sprite():
    html = card_html("T22", "slovenian3")
    assert data_cards(html) == {"T22"}
    assert 'class="card trump"' in html and 'title="Tarok XXII (Škis)"' in html
    assert f'<use href="{sprite_url()}#T22"/>' in html
    assert 'aria-hidden="true"' in html  # the picture is hidden from screen readers ...
    assert '<span class="card-name">Tarok XXII (Škis)</span>' in html  # ... the name is not
    assert "King of hearts</span>" in card_html("HK") and 'class="card red"' in card_html("HK")


def test_the_sprite_url_changes_with_the_faces():
    # The name collectstatic gave the file (tarokk_site/static_files.py), with its content's hash.
    digest = re.fullmatch(r"/static/cards/sprite\.([0-9a-f]{12})\.svg", sprite_url())
    assert digest and sprite_url() == static("cards/sprite.svg")
    assert hashlib.md5(SPRITE.read_bytes()).hexdigest().startswith(digest.group(1))


def test_a_back_and_an_icon_name_no_card():
    back = card_back_html()
    assert not data_cards(back) and "#back" in back and 'aria-hidden="true"' in back
    assert not re.search(r"#(T\d|[HDSC][0-9AKQRJ])", back)
    assert '#icon-robot"' in icon("robot", "robot") and '<span class="vh">robot</span>' in icon(
        "robot", "robot"
    )


# Machado, Oliveira and Fernandes (2009), severity 1: linear RGB to linear RGB.
DEFICIENCIES = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.01182, 0.04294, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.3039),
    ),
}


def _linear(colour: str) -> list[float]:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    return [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]


def _lab(rgb: list[float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


@pytest.mark.parametrize("deficiency", sorted(DEFICIENCIES))
def test_the_four_suit_colours_stay_apart_for_colour_blind_players(deficiency):
    matrix = DEFICIENCIES[deficiency]
    seen = {}
    for suit, colour in SUIT_COLOURS.items():
        rgb = _linear(colour)
        seen[suit] = _lab(
            [min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in matrix]
        )
    for a, b in itertools.combinations(seen, 2):
        assert math.dist(seen[a], seen[b]) >= 30, (deficiency, a, b)


def test_every_suit_colour_reads_on_the_white_card():
    for colour in SUIT_COLOURS.values():
        luminance = sum(w * c for w, c in zip((0.2126, 0.7152, 0.0722), _linear(colour), strict=True))
        assert 1.05 / (luminance + 0.05) >= 3.0, colour


@pytest.mark.django_db(transaction=True)
def test_hand_buttons_draw_their_face_with_the_one_helper_and_no_page_shows_an_emoji():
    user = UserFactory()
    room = open_table(user, robots=3)
    client = client_for(user)
    if not room.current_hand().actions.exclude(robot="").exists():  # the person bids first: pass
        view = client.get(f"/r/{room.code}/view.json").json()
        assert client.post(f"/r/{room.code}/act", {"action": "pass", "seq": view["seq"]}).status_code == 200
    assert room.current_hand().actions.exclude(robot="").exists()  # the inspector's log shows a robot's move
    page = client.get(f"/r/{room.code}/").content.decode()
    hand = re.search(r'<section id="hand".*?</section>', page, re.S).group(0)
    buttons = re.findall(r'<button[^>]*data-card="(\w+)"[^>]*>(.*?)</button>', hand, re.S)
    assert len(buttons) >= 9  # Hungarian: nine cards each, more once the talon is shared out
    for card, inside in buttons:
        assert f'#{card}"/></svg><span class="card-name">' in inside, card
        assert "♥" not in inside and "♣" not in inside  # the face is drawn, not written
    lobby = client_for(user).get("/").content.decode()
    assert '#icon-robot"' in lobby and '<span class="vh">robot</span>' in lobby
    hand_row = room.current_hand()
    inspector = (
        client_for(StaffFactory()).get(f"/staff/hands/{hand_row.pk}/?step={hand_row.seq}").content.decode()
    )
    assert '#icon-first"' in inspector and '#icon-robot"' in inspector
    cards = client_for(None).get("/cards/").content.decode()
    assert data_cards(cards) == set(card_ids())
    for name, html in (("room", page), ("lobby", lobby), ("inspector", inspector), ("cards", cards)):
        assert not EMOJI.search(html), (name, EMOJI.findall(html))
