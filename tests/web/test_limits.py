"""Limits on every door (issue's finding 7 and 8): guests, sign-ups, logins (the admin's too),
tables and open tables, moves, hand files read and deals played again. Each refusal is a 429
with a readable message and a ``Retry-After``, and changes nothing; another address (or user)
is still let in."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from accounts.models import User
from games.models import HandAction, Room
from tests.factories import StaffFactory, UserFactory
from tests.helpers.hand_files import random_hand
from tests.web.helpers import client_for, open_table

pytestmark = pytest.mark.django_db

HTML = {"HTTP_ACCEPT": "text/html,application/xhtml+xml"}
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def _quick_passwords(settings: Any) -> None:
    # Many logins here: the slow hasher of production would cost seconds for nothing.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def rates(settings: Any, **doors: dict[str, str]) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, **doors}


def assert_too_many(response: Any, words: str, most: int) -> None:
    assert response.status_code == 429, response.content
    assert 0 < int(response["Retry-After"]) <= most
    assert words in response.content.decode()


def new_guest(address: str = "127.0.0.1", **headers: str) -> Any:
    return Client(REMOTE_ADDR=address).post("/accounts/guest/", **headers)


# --- guests ---------------------------------------------------------------------------


def test_it_limits_guests_per_address_with_the_default_rate():
    made = [new_guest().status_code for _ in range(50)]
    assert made == [302] * 50
    before = User.objects.count()
    response = new_guest()
    assert_too_many(response, "Too many new guest players from your address: try again in", 3600)
    assert response.json()["error"].startswith("Too many new guest players")
    assert User.objects.count() == before
    assert new_guest("10.1.2.3").status_code == 302  # another address is let in


def test_a_refused_guest_reads_the_message_as_a_page_or_in_the_flash(settings):
    rates(settings, guest={"ip": "1/h"})
    assert new_guest().status_code == 302
    page = new_guest(**HTML)
    assert_too_many(page, "Too many new guest players", 3600)
    assert (
        page["Content-Type"].startswith("text/html") and "<h1>Too many requests</h1>" in page.content.decode()
    )
    flash = new_guest(**HTMX)
    assert_too_many(flash, "Too many new guest players", 3600)
    assert flash["Content-Type"].startswith("text/plain")


def test_ipv6_guests_are_counted_by_their_64_network(settings):
    rates(settings, guest={"ip": "1/h"})
    assert new_guest("2001:db8:1:2::1").status_code == 302
    assert new_guest("2001:db8:1:2::ffff").status_code == 429  # the same /64
    assert new_guest("2001:db8:1:3::1").status_code == 302


# --- sign-up and logins -----------------------------------------------------------------


def signup(name: str) -> Any:
    return Client().post(
        "/accounts/signup/",
        {"username": name, "password1": "pagat ultimo 21", "password2": "pagat ultimo 21"},
    )


def test_it_limits_signups_per_address(settings):
    rates(settings, signup={"ip": "2/h"})
    assert [signup("anna").status_code, signup("bela").status_code] == [302, 302]
    assert_too_many(signup("cili"), "Too many sign-ups from your address", 3600)
    assert not User.objects.filter(username="cili").exists()
    assert Client().get("/accounts/signup/").status_code == 200  # the form itself is not counted


def test_the_admin_login_locks_out_after_the_failure_limit_even_with_the_right_password(settings):
    settings.AXES_FAILURE_LIMIT = 3
    StaffFactory(username="boss")
    client = Client()
    form = {"username": "boss", "password": "guess", "next": "/admin/"}
    assert [client.post("/admin/login/", form).status_code for _ in range(2)] == [200, 200]
    assert_too_many(
        client.post("/admin/login/", form), "Too many failed logins: try again in 15 minutes", 900
    )
    right = client.post("/admin/login/", {**form, "password": "correct horse battery"})
    assert_too_many(right, "Too many failed logins", 900)
    assert "_auth_user_id" not in client.session
    # Another address may still log in to another account (this one is locked for everyone:
    # a guesser may come from many addresses).
    StaffFactory(username="deputy")
    other = Client(REMOTE_ADDR="10.9.9.9")
    deputy = {"username": "deputy", "password": "correct horse battery", "next": "/admin/"}
    assert other.post("/admin/login/", deputy).status_code == 302
    assert other.post("/admin/login/", {**form, "password": "correct horse battery"}).status_code == 429


def test_the_players_login_is_locked_out_the_same_way(settings):
    settings.AXES_FAILURE_LIMIT = 3
    UserFactory(username="bela")
    client = Client()
    for _ in range(2):
        assert client.post("/accounts/login/", {"login": "bela", "password": "wrong"}).status_code == 200
    locked = client.post("/accounts/login/", {"login": "bela", "password": "wrong"}, **HTMX)
    assert_too_many(locked, "Too many failed logins", 900)
    right = client.post("/accounts/login/", {"login": "bela", "password": "correct horse battery"})
    assert right.status_code == 429 and "_auth_user_id" not in client.session


def test_a_username_is_locked_out_whichever_address_guesses_it(settings):
    settings.AXES_FAILURE_LIMIT = 3
    UserFactory(username="bela")
    for n in range(3):
        Client(REMOTE_ADDR=f"10.0.0.{n}").post("/accounts/login/", {"login": "bela", "password": "wrong"})
    response = Client(REMOTE_ADDR="10.0.0.99").post("/accounts/login/", {"login": "bela", "password": "x"})
    assert response.status_code == 429


# --- tables -------------------------------------------------------------------------------


def new_table(client: Client, **headers: str) -> Any:
    return client.post("/rooms/new", {"variant": "hungarian", "robots": "0"}, **headers)


def test_it_limits_the_open_tables_of_one_user():
    user = UserFactory()
    client = client_for(user)
    assert [new_table(client).status_code for _ in range(10)] == [302] * 10
    refused = new_table(client)
    assert refused.status_code == 429
    assert refused.json()["error"] == "You are seated at 10 open tables: leave one before opening another."
    assert Room.objects.filter(created_by=user).count() == 10
    # Leaving one (before its first hand: the seat is given up) makes room for another.
    code = Room.objects.filter(created_by=user).first().code
    assert client.post(f"/r/{code}/leave").status_code == 302
    assert new_table(client).status_code == 302


def test_it_limits_how_fast_a_user_and_an_address_open_tables(settings):
    settings.OPEN_TABLES_PER_USER = 0
    rates(settings, room={"user": "3/h", "ip": "5/h"})
    anna, bela = client_for(UserFactory()), client_for(UserFactory())
    assert [new_table(anna).status_code for _ in range(3)] == [302] * 3
    assert_too_many(new_table(anna, **HTMX), "Too many new tables: try again in", 3600)
    # The address counted anna's four tries: bela has one more.
    assert new_table(bela).status_code == 302
    assert_too_many(new_table(bela), "Too many new tables", 3600)
    assert Room.objects.count() == 4


# --- moves --------------------------------------------------------------------------------


def test_it_limits_moves_per_user(settings, django_capture_on_commit_callbacks):
    rates(settings, act={"user": "3/h"})  # an hour: a minute's window could turn mid-test
    user = UserFactory()
    with django_capture_on_commit_callbacks(execute=True):  # the robots move up to the host's turn
        room = open_table(user, robots=3)
    client = client_for(user)
    for _ in range(3):  # refused moves count too: they cost the same
        client.post(f"/r/{room.code}/act", {"action": "bid:nonsense", "seq": "0"})
    before = HandAction.objects.count()
    view = client.get(f"/r/{room.code}/view.json").json()
    response = client.post(f"/r/{room.code}/act", {"action": view["legal"][0], "seq": view["seq"]}, **HTMX)
    assert_too_many(response, "Too many moves: try again in", 3600)
    assert HandAction.objects.count() == before


# --- hand files and deals played again ------------------------------------------------------


def player_at(address: str) -> Client:
    client = Client(REMOTE_ADDR=address)
    client.force_login(UserFactory())
    return client


def test_it_limits_the_hand_files_a_user_and_an_address_read(settings):
    rates(settings, **{"import": {"user": "2/h", "ip": "3/h"}})
    match = json.dumps({"format": "tarokk-match", "version": 1, "hands": [random_hand("hungarian", 7)[0]]})
    anna, bela = player_at("10.0.0.1"), player_at("10.0.0.1")
    assert [anna.post("/hands/import", {"text": match}).status_code for _ in range(2)] == [200, 200]
    refused = anna.post("/hands/import", {"text": match}, **HTML)
    assert_too_many(refused, "Too many hand files read: try again in", 3600)
    assert 'class="play-deal"' not in refused.content.decode()  # not read
    assert anna.get("/hands/import").status_code == 200  # the form itself is not counted
    # The address counted anna's three tries.
    assert_too_many(bela.post("/hands/import", {"text": match}, **HTMX), "Too many hand files read", 3600)
    assert player_at("10.0.0.2").post("/hands/import", {"text": match}).status_code == 200


def test_it_limits_the_deals_a_user_and_an_address_play_again(settings):
    settings.OPEN_TABLES_PER_USER = 0
    rates(settings, play={"user": "2/h", "ip": "3/h"})
    deal = {"document": json.dumps(random_hand("czech", 3)[0])}
    anna, bela = player_at("2001:db8:5::1"), player_at("2001:db8:5::2")  # one /64
    assert [anna.post("/hands/play", deal).status_code for _ in range(2)] == [302, 302]
    refused = anna.post("/hands/play", deal, **HTMX)
    assert_too_many(refused, "Too many deals played again: try again in", 3600)
    assert refused["Content-Type"].startswith("text/plain")
    assert_too_many(bela.post("/hands/play", deal), "Too many deals played again", 3600)
    assert Room.objects.count() == 2  # no table for a refusal
    assert player_at("2001:db8:6::1").post("/hands/play", deal).status_code == 302
