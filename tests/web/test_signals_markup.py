"""What the table's signals read from the markup (static/js/keys.js, turn.js, motion.js): your
turn is marked on your own page only, trick cards say who played them and who won the last
trick, the page links its icon, the keys help and the sound toggle; /favicon.ico answers."""

from __future__ import annotations

import re

import pytest
from django.templatetags.static import static

from tests.factories import UserFactory
from tests.web.helpers import client_for, open_table

pytestmark = pytest.mark.django_db(transaction=True)

YOUR_TURN = re.compile(r'<div id="status"[^>]*data-your-turn="true"')


def test_it_marks_your_turn_on_your_page_only(friends_table):
    room, owner, friend = friends_table
    to_act = set(client_for(owner).get(f"/r/{room.code}/view.json").json()["to_act"])
    assert to_act and to_act <= {0, 1}  # the robots wait for the people
    for seat, user in ((0, owner), (1, friend)):
        page = client_for(user).get(f"/r/{room.code}/").content.decode()
        assert bool(YOUR_TURN.search(page)) == (seat in to_act)
    for watcher in (UserFactory(username="watcher"), None):
        assert not YOUR_TURN.search(client_for(watcher).get(f"/r/{room.code}/").content.decode())


def test_trick_cards_say_who_played_them_and_who_won():
    owner = UserFactory(username="owner")
    room = open_table(owner, robots=3)
    client = client_for(owner)
    for _ in range(200):
        view = client.get(f"/r/{room.code}/view.json").json()
        if view["phase"] == "over":
            room = open_table(owner, robots=3)
            continue
        trick = view["view"].get("last_trick")
        if trick:
            break
        legal = view["legal"]
        pick = next((a for a in ("bid:three", "hold", "keep") if a in legal), legal[0] if legal else None)
        if pick:
            client.post(f"/r/{room.code}/act", {"action": pick, "seq": view["seq"]})
    else:
        raise AssertionError("no trick was won")
    page = client.get(f"/r/{room.code}/").content.decode()
    assert f'id="trick-last" data-won-by="{trick["winner"]}"' in page
    last = page.split('id="trick-last"', 1)[1].split("</div>", 1)[0]
    played = re.findall(
        r'<li data-played-by="(\d)"[^>]*><span class="who">[^<]*</span><span [^>]*data-card="(\w+)"', last
    )
    assert played == [(str(p["seat"]), p["card"]) for p in trick["cards"]]


def test_the_room_page_links_the_icon_the_keys_help_and_the_sound_toggle(friends_table):
    room, owner, friend = friends_table
    page = client_for(owner).get(f"/r/{room.code}/").content.decode()
    icon, turn_icon = static("img/favicon.svg"), static("img/favicon-turn.svg")
    sound = static("sounds/turn.wav")
    for url in (icon, turn_icon, sound):  # by the names with their content's hash (collectstatic)
        assert re.fullmatch(r"/static/(img|sounds)/[\w-]+\.[0-9a-f]{12}\.(svg|wav)", url), url
    assert (
        f'<link rel="icon" type="image/svg+xml" id="favicon" href="{icon}" data-turn-href="{turn_icon}">'
        in page
    )
    assert '<dialog class="keys-dialog" id="keys-dialog" role="dialog" aria-modal="true"' in page
    assert 'id="keys-open" aria-haspopup="dialog"' in page
    assert f'id="sound-toggle" aria-pressed="false" data-sound="{sound}"' in page
    # Every page has the icon, the lobby too.
    assert f'href="{icon}"' in client_for(None).get("/").content.decode()


def test_favicon_ico_redirects_to_the_svg_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    assert response["Location"] == static("img/favicon.svg") != "/static/img/favicon.svg"
