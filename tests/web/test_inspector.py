"""The staff inspector and the admin: every hand at every step, for staff only."""

from __future__ import annotations

import re

import pytest

from tests.factories import StaffFactory, UserFactory
from tests.web.helpers import client_for, data_cards, open_table, play_until_over

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def finished_hand():
    user = UserFactory()
    room = open_table(user, robots=3)
    play_until_over(room, user, client_for(user))
    return room.current_hand()


def test_it_shows_staff_every_card_of_the_deal_at_step_zero(finished_hand):
    html = client_for(StaffFactory()).get(f"/staff/hands/{finished_hand.pk}/?step=0").content.decode()
    dealt = {c for cards in finished_hand.deal["hands"] for c in cards} | set(finished_hand.deal["talon"])
    assert len(dealt) == 42
    assert dealt <= data_cards(html)
    assert "Step 0 / " in html


def test_it_steps_to_the_end_and_shows_the_result(finished_hand):
    client = client_for(StaffFactory())
    html = client.get(f"/staff/hands/{finished_hand.pk}/").content.decode()
    assert f"Step {finished_hand.seq} / {finished_hand.seq}" in html
    assert 'id="result"' in html and 'class="payments"' in html
    middle = finished_hand.seq // 2
    html = client.get(f"/staff/hands/{finished_hand.pk}/?step={middle}").content.decode()
    action = finished_hand.actions.get(seq=middle).action
    assert f'data-step-action="{action}"' in html


def test_it_clamps_steps_and_rejects_nonsense(finished_hand):
    client = client_for(StaffFactory())
    assert (
        f"Step {finished_hand.seq} / "
        in client.get(f"/staff/hands/{finished_hand.pk}/?step=999").content.decode()
    )
    assert client.get(f"/staff/hands/{finished_hand.pk}/?step=x").status_code == 404
    assert client.get("/staff/hands/999999/").status_code == 404


@pytest.mark.parametrize("persona", ["player", "stranger"])
def test_it_is_for_staff_only(finished_hand, persona):
    user = UserFactory() if persona == "player" else None
    response = client_for(user).get(f"/staff/hands/{finished_hand.pk}/")
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]


def test_the_admin_lists_and_filters_hands(finished_hand):
    client = client_for(StaffFactory())
    response = client.get("/admin/games/hand/?variant=hungarian")
    assert response.status_code == 200
    assert f"/staff/hands/{finished_hand.pk}/" in response.content.decode()
    player = finished_hand.players.first()
    assert client.get(f"/admin/games/hand/?players__id__exact={player.pk}").status_code == 200
    assert client.get(f"/admin/games/hand/{finished_hand.pk}/change/").status_code == 200
    assert client.get("/admin/games/room/").status_code == 200
    assert client.get("/admin/games/handaction/").status_code == 200


def test_a_hand_is_replayed_under_the_options_it_was_played_with():
    """Non-default options are stored with the hand; the inspector rebuilds the hand from its
    own context even after the room's options change, and shows the same result."""
    user = UserFactory()
    client = client_for(user)
    options = {"allow_discard_xx": "false", "max_kontra_level": 5, "tarokk_count_payers": "opposing_team"}
    response = client.post("/rooms/new", {"variant": "hungarian", "robots": 3, **options})
    assert response.status_code == 302
    from games.models import Room

    room = Room.objects.get()
    play_until_over(room, user, client, pick=lambda legal: legal[-1])
    hand = room.current_hand()
    assert hand.context["options"]["allow_discard_xx"] is False
    room.options = {}
    room.save(update_fields=["options"])
    from games.services import replay

    replay.forget_all()
    html = client_for(StaffFactory()).get(f"/staff/hands/{hand.pk}/").content.decode()
    assert '<strong data-rule="The XX may be discarded">no</strong>' in html
    assert '<strong data-rule="Highest kontra level">5</strong>' in html
    assert '<strong data-rule="Who pays for 8 or 9 tarokks">opposing team</strong>' in html
    result = hand.result
    for seat, amount in enumerate(result["payments"]):  # the live table's result (live/result.html)
        shown = f"+{amount}" if amount > 0 else str(amount)
        assert re.search(rf'data-payment-seat="{seat}">[^<]*<strong>{re.escape(shown)}</strong>', html), seat
    if not result["thrown_in"]:
        assert f'data-value="{result["value"]}"' in html
