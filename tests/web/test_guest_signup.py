"""A guest who signs up (issue 15, item 5): the guest's own row becomes the member, so the seat,
the hands and the results stay theirs under the new name; every refusal leaves the guest as it
was; a member is never offered it."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from accounts.models import User
from games import services
from games.models import HandAction, Room, Seat
from tests.factories import UserFactory
from tests.web.helpers import client_for, open_table

pytestmark = pytest.mark.django_db

PASSWORD = "pagat ultimo 21"


@pytest.fixture(autouse=True)
def _quick_passwords(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def guest_client() -> tuple[Client, User]:
    client = Client()
    client.post("/accounts/guest/")
    return client, User.objects.get(pk=client.session["_auth_user_id"])


def signup(client: Client, next_page: str = "", **fields: str) -> Any:
    form = {"username": "anna", "email": "", "password1": PASSWORD, "password2": PASSWORD, **fields}
    if next_page:
        form["next"] = next_page
    return client.post("/accounts/signup/", form)


def play(client: Client, room: Room, until: Any) -> None:
    """Make the seat's moves (the first legal one each time; robots answer at once; a hand
    thrown in is followed by the next) until ``until(view)`` holds for the seat's view."""
    for _ in range(200):
        view = client.get(f"/r/{room.code}/view.json").json()
        if until(view):
            return
        if view["result"] is not None:
            client.post(f"/r/{room.code}/next", {"hand_no": view["hand_no"]})
            continue
        assert view["legal"], view
        client.post(f"/r/{room.code}/act", {"action": view["legal"][0], "seq": view["seq"]})
    raise AssertionError("the seat never got there")


def cards_played_by(user: User) -> int:
    return HandAction.objects.filter(actor=user, action__startswith="play:").count()


@pytest.mark.django_db(transaction=True)  # robots move after commit (inline runner)
def test_it_turns_a_guest_who_signs_up_mid_match_into_the_member_who_owns_the_seat():
    client, guest = guest_client()
    room = open_table(guest, robots=3)
    play(client, room, lambda view: cards_played_by(guest) >= 1)
    guest_name, played = guest.username, cards_played_by(guest)

    response = signup(client, next_page=f"/r/{room.code}/", email="anna@example.org")

    assert response.status_code == 302 and response["Location"] == f"/r/{room.code}/"
    member = User.objects.get(pk=guest.pk)
    assert (member.username, member.email, member.is_guest) == ("anna", "anna@example.org", False)
    assert member.check_password(PASSWORD)
    assert not User.objects.filter(username=guest_name).exists()
    assert User.objects.count() == 1
    assert member.emailaddress_set.get().email == "anna@example.org"
    assert int(client.session["_auth_user_id"]) == member.pk  # still signed in, as the member
    seat = Seat.objects.get(room=room, index=0)
    assert seat.user_id == member.pk and not seat.robot
    assert cards_played_by(member) == played

    # The seat plays on, the hand ends, and its result names the new account.
    page = client.get(f"/r/{room.code}/").content.decode()
    assert 'data-user="anna"' in page and "guest-" not in page
    play(client, room, lambda view: view["result"] is not None)
    hand = room.current_hand()
    assert hand.actions.filter(actor=member, action__startswith="play:").count() > 0
    assert list(hand.players.values_list("username", flat=True)) == ["anna"]
    assert cards_played_by(member) > played
    watcher = client_for(UserFactory(username="watcher")).get(f"/r/{room.code}/").content.decode()
    assert "<th>anna</th>" in watcher and guest_name not in watcher


def test_it_sends_the_new_member_back_to_the_page_they_came_from_or_home():
    client, _guest = guest_client()
    assert signup(client)["Location"] == "/"


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"username": "bela"}, "username", "A user with that username already exists."),
        (
            {"username": "be1a"},
            "username",
            "“be1a” looks too much like the player “bela”: choose another name.",
        ),
        (
            {"username": "guest-abc123"},
            "username",
            "Names beginning with “guest-” are kept for guests: choose another name.",
        ),
        ({"email": "anna@"}, "email", "Enter a valid email address."),
        ({"email": "bela@example.org"}, "email", "A user is already registered with this email address."),
        ({"password1": "12345678", "password2": "12345678"}, "password1", "This password is too common."),
        ({"password2": "pagat ultimo 22"}, "password2", "You must type the same password each time."),
    ],
)
def test_it_refuses_a_bad_signup_and_leaves_the_guest_as_it_was(fields, field, message):
    member = UserFactory(username="bela", email="bela@example.org")
    member.emailaddress_set.create(email="bela@example.org", primary=True, verified=True)
    client, guest = guest_client()
    room = open_table(guest, robots=3)
    session = client.session.session_key

    response = signup(client, next_page=f"/r/{room.code}/", **fields)

    assert response.status_code == 200
    assert message in response.context["form"].errors[field]
    assert message in response.content.decode()
    after = User.objects.get(pk=guest.pk)
    assert (after.username, after.email, after.is_guest, after.has_usable_password()) == (
        guest.username,
        "",
        True,
        False,
    )
    assert User.objects.count() == 2 and not after.emailaddress_set.exists()
    assert client.session.session_key == session  # the same guest session, signed in
    assert Seat.objects.get(room=room, index=0).user_id == guest.pk


def test_it_offers_the_signup_to_a_guest_on_every_page_and_never_to_a_member():
    client, guest = guest_client()
    room = open_table(guest, robots=3)
    page = client.get(f"/r/{room.code}/").content.decode()
    link = page.split('<a id="keep-games" ', 1)[1].split("</a>", 1)[0]
    assert link == (
        f'href="/accounts/signup/?next=/r/{room.code}/" aria-label="Sign up to keep your games">'
        'Sign up<span class="keep-why"> to keep your games</span>'
    )
    assert 'id="keep-games"' in client.get("/").content.decode()  # every page: the lobby too
    form = client.get("/accounts/signup/").content.decode()
    assert f"You are playing as {guest.username}." in form and 'id="keep-games"' not in form

    member = client_for(UserFactory(username="bela"))
    assert 'id="keep-games"' not in member.get(f"/r/{room.code}/").content.decode()
    assert 'id="keep-games"' not in member.get("/").content.decode()
    assert member.get("/accounts/signup/").status_code == 302  # allauth sends a member away
    assert 'id="keep-games"' not in Client().get("/").content.decode()


def test_a_member_who_posts_the_signup_form_stays_who_they_are():
    member = UserFactory(username="bela")
    response = signup(client_for(member), username="cili")
    assert response.status_code == 302
    assert User.objects.count() == 1 and User.objects.get().username == "bela"


def test_it_counts_a_guests_signup_against_the_signup_limit(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "signup": {"ip": "1/h"}}
    client, guest = guest_client()
    assert signup(client, username="be", password2="other").status_code == 200  # refused: counted
    response = signup(client)
    assert response.status_code == 429
    assert "Too many sign-ups from your address" in response.content.decode()
    assert User.objects.get(pk=guest.pk).is_guest


def test_a_guest_who_logs_out_after_signing_up_keeps_the_seat():
    # Logging out frees a guest's seats (test_abandoned_seats); a member's stay theirs.
    client, guest = guest_client()
    room = open_table(guest, robots=3)
    signup(client)
    client.post("/accounts/logout/")
    assert Seat.objects.get(room=room, index=0).user_id == guest.pk
    again = Client()
    assert again.post("/accounts/login/", {"login": "anna", "password": PASSWORD}).status_code == 302
    assert again.get(f"/r/{room.code}/view.json").json()["seat"] == 0


def test_the_tables_of_a_guest_who_signs_up_are_told_the_new_name(
    monkeypatch, django_capture_on_commit_callbacks
):
    client, guest = guest_client()
    room = open_table(guest, robots=3)
    other = open_table(UserFactory(username="bela"), robots=2)
    services.sit(other, guest, 1)
    changed: list[int] = []
    monkeypatch.setattr("games.services.broadcast.room_changed", changed.append)
    with django_capture_on_commit_callbacks(execute=True):
        signup(client)
    assert sorted(changed) == sorted([room.pk, other.pk])
