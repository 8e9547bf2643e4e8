"""The log is read-only in the admin (issue 19 item 3): staff look at hands, actions and results,
filter and export them, and the change and delete views refuse; nothing is written."""

from __future__ import annotations

import json

import pytest

from games import services
from games.models import Hand, HandAction, Room
from tests.factories import UserFactory
from tests.web.helpers import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff():
    return client_for(UserFactory(is_staff=True, is_superuser=True))


@pytest.fixture
def hand():
    user = UserFactory()
    room = services.create_room(user, "hungarian", robots=0)
    for index in range(1, 4):
        services.sit(room, UserFactory(), index)
    hand = room.current_hand()
    services.submit_action(hand.pk, hand.to_act[0], _first(hand), hand.seq)
    hand.refresh_from_db()
    return hand


def _first(hand: Hand) -> str:
    from games.rules import get_variant
    from games.services import replay

    return get_variant(hand.variant).legal_actions(replay.current(hand), hand.to_act[0])[0]


def test_it_shows_hands_and_actions_but_refuses_to_change_them(staff, hand):
    action = hand.actions.get()
    original = action.action
    assert staff.get("/admin/games/hand/?variant=hungarian").status_code == 200
    assert staff.get("/admin/games/handaction/?hand__variant=hungarian").status_code == 200
    page = staff.get(f"/admin/games/hand/{hand.pk}/change/")
    assert page.status_code == 200 and 'name="_save"' not in page.content.decode()
    seq, number, match_no = hand.seq, hand.number, hand.match_no
    posted = staff.post(f"/admin/games/hand/{hand.pk}/change/", {"seq": 99, "number": 7, "match_no": 5})
    assert posted.status_code == 403
    hand.refresh_from_db()
    assert (hand.seq, hand.number, hand.match_no) == (seq, number, match_no)
    assert staff.post(f"/admin/games/handaction/{action.pk}/change/", {"action": "pass"}).status_code == 403
    action.refresh_from_db()
    assert action.action == original


def test_it_refuses_to_delete_hands_actions_or_a_room_with_hands(staff, hand):
    action = hand.actions.get()
    assert staff.post(f"/admin/games/hand/{hand.pk}/delete/", {"post": "yes"}).status_code == 403
    assert staff.post(f"/admin/games/handaction/{action.pk}/delete/", {"post": "yes"}).status_code == 403
    assert staff.post(f"/admin/games/room/{hand.room.pk}/delete/", {"post": "yes"}).status_code == 403
    for model in ("hand", "handaction", "room"):
        bulk = staff.post(
            f"/admin/games/{model}/",
            {"action": "delete_selected", "_selected_action": [hand.pk], "post": "yes"},
        )
        assert bulk.status_code in (200, 302)
    assert Hand.objects.filter(pk=hand.pk).exists() and HandAction.objects.filter(pk=action.pk).exists()
    assert Room.objects.filter(pk=hand.room.pk).exists()


def test_it_exports_the_selected_hands_as_json_lines(staff, hand):
    response = staff.post(
        "/admin/games/hand/", {"action": "export_json_lines", "_selected_action": [hand.pk]}
    )
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="hands.jsonl"'
    (line,) = response.content.decode().splitlines()
    data = json.loads(line)
    assert data["hand"] == hand.pk and data["deal"] == hand.deal and data["variant"] == "hungarian"
    assert data["actions"] == [
        {"seq": a.seq, "seat": a.seat, "action": a.action, "robot": a.robot}
        for a in hand.actions.order_by("seq")
    ]
    # From the action list: the hands the selected actions belong to.
    action = hand.actions.get()
    again = staff.post(
        "/admin/games/handaction/", {"action": "export_json_lines", "_selected_action": [action.pk]}
    )
    assert json.loads(again.content.decode().splitlines()[0])["hand"] == hand.pk
