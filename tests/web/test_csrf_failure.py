"""A request whose CSRF token went stale (tarokk_site/csrf.py): a guest signs up in one tab,
Django's login rotates the token, and a move from another tab, still carrying the old one, is
refused with a short message (plain text for htmx, a small page for a browser's form, JSON for
a script) instead of Django's debug page; nothing is played. The cookie's renewed token (what
static/js/site.js sends) passes.

Persona: ``guest``, at seat 0 of a Hungarian table with three robots, with the table's page open
in a tab from before the sign-up."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from games import services
from games.models import HandAction, Room
from tarokk_site.csrf import SESSION_CHANGED

pytestmark = pytest.mark.django_db

PASSWORD = "pagat ultimo 21"


@pytest.fixture(autouse=True)
def _quick_passwords(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def page_token(client: Client, path: str) -> str:
    """The token a page carries in its htmx headers (base.html)."""
    html = client.get(path).content.decode()
    return re.search(r'"X-CSRFToken": "([^"]+)"', html).group(1)


@pytest.fixture
def signed_up_elsewhere() -> tuple[Client, Room, str]:
    """``(client, room, old_token)``: the guest's browser once the guest signed up in another
    tab; ``old_token`` is the one the table's tab was loaded with."""
    client = Client(enforce_csrf_checks=True)
    client.post("/accounts/guest/", {"csrfmiddlewaretoken": page_token(client, "/")})
    guest = client.get("/").wsgi_request.user
    room = services.create_room(guest, "hungarian", 3)
    old_token = page_token(client, f"/r/{room.code}/")
    form = {
        "username": "anna",
        "password1": PASSWORD,
        "password2": PASSWORD,
        "csrfmiddlewaretoken": old_token,
    }
    assert client.post("/accounts/signup/", form).status_code == 302
    assert client.cookies["csrftoken"].value != old_token
    return client, room, old_token


def move(client: Client, room: Room, token: str, **headers: str) -> Any:
    """The seat's first legal move (a pass in the auction), posted with ``token``."""
    view = client.get(f"/r/{room.code}/view.json").json()
    form = {"action": view["legal"][0], "seq": view["seq"]}
    return client.post(f"/r/{room.code}/act", form, headers={"X-CSRFToken": token, **headers})


def moves_of_the_guest(room: Room) -> list[tuple[int, str]]:
    played = HandAction.objects.filter(hand__room=room, actor__username="anna")
    return list(played.values_list("seat", "action"))


def test_it_answers_htmx_with_the_message_as_plain_text_and_plays_nothing(signed_up_elsewhere):
    client, room, old_token = signed_up_elsewhere
    response = move(client, room, old_token, **{"HX-Request": "true"})
    assert (response.status_code, response.content.decode()) == (403, SESSION_CHANGED)
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response["X-Session-Changed"] == "true"
    assert moves_of_the_guest(room) == []


def test_it_answers_a_browsers_form_with_a_small_page_that_leads_back(signed_up_elsewhere):
    client, room, old_token = signed_up_elsewhere
    room_page = f"http://testserver/r/{room.code}/"
    response = move(client, room, old_token, Accept="text/html", Referer=room_page)
    html = response.content.decode()
    assert response.status_code == 403
    assert f"<p data-session-changed>{SESSION_CHANGED}</p>" in html
    assert f'<a href="{room_page}">Back to the page, reloaded</a>' in html
    assert "CSRF verification failed" not in html and "Content-Security-Policy" in response.headers
    assert moves_of_the_guest(room) == []


def test_it_never_links_back_to_another_site(signed_up_elsewhere):
    client, room, old_token = signed_up_elsewhere
    response = move(client, room, old_token, Accept="text/html", Referer="https://evil.example/r/x/")
    html = response.content.decode()
    assert response.status_code == 403 and "evil.example" not in html
    assert "Back to the page" not in html and '<a href="/">go to the lobby</a>' in html


def test_it_answers_a_script_with_json(signed_up_elsewhere):
    client, room, old_token = signed_up_elsewhere
    response = move(client, room, old_token)
    assert (response.status_code, response.json()) == (403, {"error": SESSION_CHANGED})


def test_the_cookies_renewed_token_passes(signed_up_elsewhere):
    client, room, _ = signed_up_elsewhere
    response = move(client, room, client.cookies["csrftoken"].value, **{"HX-Request": "true"})
    assert response.status_code == 204, response.content
    assert moves_of_the_guest(room) == [(0, "pass")]
