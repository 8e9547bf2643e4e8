"""Whole hands through the HTTP interface, with robots moving inline, and the lobby flow."""

from __future__ import annotations

import pytest

from accounts.models import User
from games.models import Hand, HandAction, Room
from games.rules import HandResult, get_variant
from games.services import replay
from tarokk_site.languages import said
from tests.factories import UserFactory
from tests.web.helpers import client_for, open_table, play_until_over

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_guest_is_created_and_logged_in_with_one_click():
    client = client_for(None)
    response = client.post("/accounts/guest/")
    assert response.status_code == 302
    guest = User.objects.get()
    assert guest.is_guest and not guest.has_usable_password()
    assert client.get("/").content.decode().count(guest.username) >= 1


def test_guest_creation_needs_post():
    assert client_for(None).get("/accounts/guest/").status_code == 405
    assert not User.objects.exists()


def test_creating_a_room_seats_the_creator_and_deals_with_three_robots():
    user = UserFactory()
    response = client_for(user).post("/rooms/new", {"variant": "hungarian", "robots": 3})
    assert response.status_code == 302
    room = Room.objects.get()
    assert response["Location"] == f"/r/{room.code}/"
    seats = list(room.seats.order_by("index"))
    assert seats[0].user == user and [s.robot for s in seats[1:]] == ["basic"] * 3
    hand = room.current_hand()
    assert hand is not None and hand.number == 1
    # Robots have already made their moves up to the human's turn (or the end).
    assert hand.is_over or 0 in hand.to_act


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"variant": "bridge-ish", "robots": 3}, "Unknown variant 'bridge-ish'"),
        ({"variant": "hungarian", "robots": 4}, "Robots must be between 0 and 3"),
        ({"variant": "hungarian", "robots": "lots"}, "robots must be a whole number, not 'lots'"),
        ({"variant": "hungarian"}, "robots is required"),
        (
            {"variant": "hungarian", "robots": 3, "trial_bid_penalty": 0},
            "Option trial_bid_penalty must be at least 1",
        ),
    ],
)
def test_creating_a_room_refuses_bad_input_and_creates_nothing(data, message):
    response = client_for(UserFactory()).post("/rooms/new", data)
    assert response.status_code == 400
    assert response.json()["error"] == message
    assert not Room.objects.exists()


def test_creating_a_room_needs_a_login():
    response = client_for(None).post("/rooms/new", {"variant": "hungarian", "robots": 3})
    assert response.status_code == 403
    assert not Room.objects.exists()


def test_a_friend_joins_a_free_seat_and_the_hand_starts_when_full():
    owner, friend = UserFactory(), UserFactory()
    room = open_table(owner, robots=2)
    assert room.current_hand() is None
    assert client_for(friend).post(f"/r/{room.code}/sit", {"seat": 1}).status_code == 302
    assert room.seats.get(index=1).user == friend
    assert room.current_hand() is not None


def test_sitting_on_a_taken_seat_is_refused():
    owner, friend = UserFactory(), UserFactory()
    room = open_table(owner, robots=2)
    response = client_for(friend).post(f"/r/{room.code}/sit", {"seat": 0})
    assert response.status_code == 409
    assert response.json()["error"] == "Seat 1 is taken"
    response = client_for(friend).post(f"/r/{room.code}/sit", {"seat": 9})
    assert response.status_code == 400
    assert room.seats.filter(user=friend).count() == 0


def test_leaving_before_the_first_hand_frees_the_seat_and_during_play_hands_it_to_a_robot():
    owner, friend = UserFactory(), UserFactory()
    room = open_table(owner, robots=1)
    client_for(friend).post(f"/r/{room.code}/sit", {"seat": 1})
    assert client_for(friend).post(f"/r/{room.code}/leave").status_code == 302
    assert room.seats.get(index=1).is_free
    third = UserFactory()
    client_for(third).post(f"/r/{room.code}/sit", {"seat": 1})
    client_for(friend).post(f"/r/{room.code}/sit", {"seat": 2})
    assert room.current_hand() is not None
    client_for(third).post(f"/r/{room.code}/leave")
    assert room.seats.get(index=1).robot == "basic"


def test_a_person_plays_a_whole_hand_against_three_robots_then_deals_the_next():
    user = UserFactory()
    room = open_table(user, robots=3)
    client = client_for(user)
    view = play_until_over(room, user, client)
    result = view["result"]
    assert result is not None and sum(result["payments"]) == 0
    if result["reason"] == "played out":  # not thrown in, nor a failed trial bid
        assert sum(result["card_points"]) == 94
    hand = room.current_hand()
    # The log is the truth: replaying it from the deal gives the state the players saw.
    replay.forget_all()
    variant = get_variant("hungarian")
    rebuilt = replay.fold(
        hand.variant,
        hand.deal_value(),
        hand.context_value(),
        HandAction.objects.filter(hand=hand).order_by("seq").values_list("seat", "action"),
    )
    assert variant.result(rebuilt).to_json() == hand.result
    # view.json says the stored result's messages in the caller's language (English here).
    assert said(HandResult.from_json(hand.result).view()) == result
    assert [a.seq for a in hand.actions.order_by("seq")] == list(range(1, hand.seq + 1))

    response = client.post(f"/r/{room.code}/next", {"hand_no": 1})
    assert response.status_code == 200 and response.json()["hand_no"] == 2
    second = room.current_hand()
    expected_dealer = hand.context["dealer"] if result["thrown_in"] else (hand.context["dealer"] + 1) % 4
    assert second.context["dealer"] == expected_dealer
    assert client.post(f"/r/{room.code}/next", {"hand_no": 1}).status_code == 409
    assert Hand.objects.filter(room=room).count() == 2


def test_the_next_hand_waits_for_the_end_of_this_one():
    user = UserFactory()
    room = open_table(user, robots=3)
    hand = room.current_hand()
    assert not hand.is_over  # nobody can end the auction before the person's first call
    response = client_for(user).post(f"/r/{room.code}/next", {"hand_no": 1})
    assert response.status_code == 400
    assert response.json()["error"] == "The current hand is not over yet"
    assert client_for(UserFactory()).post(f"/r/{room.code}/next", {"hand_no": 1}).status_code == 403


def test_many_robot_tables_replay_to_the_stored_summary():
    """Twenty all-robot hands (the person passes every time they can): every stored hand
    replays to its stored result, card points total 94, payments sum to zero."""
    user = UserFactory()
    for _ in range(20):
        room = open_table(user, robots=3)
        play_until_over(
            room, user, client_for(user), pick=lambda legal: "pass" if "pass" in legal else legal[-1]
        )
    variant = get_variant("hungarian")
    for hand in Hand.objects.all():
        replay.forget_all()
        state = replay.current(hand)
        assert variant.is_over(state)
        result = variant.result(state)
        assert result.to_json() == hand.result
        assert sum(result.payments) == 0
        if result.reason == "played out":  # not thrown in, nor a failed trial bid
            assert sum(result.card_points) == 94


def test_a_room_keeps_the_options_it_was_opened_with_and_every_hand_records_them():
    user = UserFactory()
    client = client_for(user)
    response = client.post(
        "/rooms/new",
        {
            "variant": "hungarian",
            "robots": 3,
            "max_kontra_level": "5",
            "allow_discard_xx": "false",
            "tarokk_count_payers": "opposing_team",
        },
    )
    assert response.status_code == 302
    room = Room.objects.get()
    assert room.options["max_kontra_level"] == 5
    assert room.options["allow_discard_xx"] is False
    assert room.options["tarokk_count_payers"] == "opposing_team"
    assert room.options["trial_bid_penalty"] == 3  # the default fills what was not sent
    assert room.current_hand().context["options"] == room.options
    page = client.get(f"/r/{room.code}/").content.decode()
    assert "Highest kontra level: <strong>5</strong>" in page


def test_the_lobby_offers_every_rule_option():
    html = client_for(UserFactory()).get("/").content.decode()
    for name in (
        "max_kontra_level",
        "allow_discard_xx",
        "tarokk_count_payers",
        "trial_bid_penalty",
        "pass_out_doubling",
        "annulment",
        "invitations",
        "trial_bid",
        "match_hands",
        "trick_review",
    ):
        assert f'name="{name}"' in html


def test_the_lobby_tells_each_game_its_seats_and_offers_robots_for_every_other_seat():
    from games.rules import VARIANTS
    from games.rules.base import resolve_options
    from games.views import robot_choices

    html = client_for(UserFactory()).get("/").content.decode()
    for variant in VARIANTS.values():
        seats = variant.seat_count(resolve_options(variant.options, {}))
        assert f'<option value="{variant.key}" data-seats="{seats}">{variant.name}</option>' in html
    assert robot_choices(3) == [
        (2, "2 robots (play now)"),
        (1, "1 robot, 1 friend"),
        (0, "no robots, 2 friends"),
    ]
    assert robot_choices(2) == [(1, "1 robot (play now)"), (0, "no robots, 1 friend")]
    assert '<option value="3" selected>3 robots (play now)</option>' in html  # the first game has 4 seats
