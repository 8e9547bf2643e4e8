"""Czech Taroky through the web (czech.md §13 and the issue's web part): opening a table with
its options, the host dealing first, a whole hand by HTTP with every page and response free of
hidden cards, private decisions that name nobody, the markup contract, the match in chips
that the host ends, and the staff inspector."""

from __future__ import annotations

import re

import pytest

from games import services
from games.models import Room
from tests.factories import UserFactory
from tests.helpers.czech_web import drive_to_phase, first_choice, open_czech
from tests.web.helpers import client_for, data_cards, hidden_from, json_strings

# A game played through its pages: embedded phase only (see pyproject.toml's game_pages marker).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.game_pages]

ACTION_ATTR = re.compile(r'<button[^>]*data-action="([^"]+)"[^>]*>')
OPTION_ATTR = re.compile(r'<option value="(cut:\d+)"')


def offered(html: str) -> set[str]:
    """Every enabled control's action: buttons, and the cut positions of the cut form."""
    buttons = {m.group(1) for m in ACTION_ATTR.finditer(html) if " disabled" not in m.group(0)}
    return buttons | set(OPTION_ATTR.findall(html))


def assert_clean(client, room: Room, seat: int | None) -> None:
    """The seat's (None: the audience's) page and view.json show no card it may not know."""
    hand = room.current_hand()
    hidden = hidden_from(hand, seat)
    page = client.get(f"/r/{room.code}/").content.decode()
    assert not data_cards(page) & hidden, (hand.phase, data_cards(page) & hidden)
    data = client.get(f"/r/{room.code}/view.json").json()
    # The called card is named in public (czech.md §13); where it lies is what stays hidden.
    shown = {key: value for key, value in data["view"].items() if key != "called_card"}
    assert not json_strings(shown) & hidden, (hand.phase, json_strings(shown) & hidden)


def test_a_czech_table_opens_with_its_options_and_the_host_deals_the_first_hand():
    user = UserFactory()
    client = client_for(user)
    room = open_czech(client, red_pip_order="ace_high", starting_chips="50", iote_with_valat="true")
    assert room.variant == "czech"
    assert room.options["red_pip_order"] == "ace_high"
    assert room.options["starting_chips"] == 50 and room.options["iote_with_valat"] is True
    hand = room.current_hand()
    context = hand.context_value()
    assert context.dealer == 0 and context.opening  # the host sits on seat 0 and deals (§2)
    page = client.get(f"/r/{room.code}/").content.decode()
    assert "Czech Taroky" in page
    assert 'data-phase="shuffle"' in page
    assert 'data-action="shuffle"' in page and 'data-action="pass"' in page  # the dealer's choice
    assert "Done: hand the deck to be cut" in page


def test_wrong_czech_options_are_refused_and_nothing_is_created():
    client = client_for(UserFactory())
    before = Room.objects.count()
    response = client.post("/rooms/new", {"variant": "czech", "robots": 3, "red_pip_order": "upside_down"})
    assert response.status_code == 400
    assert "red_pip_order" in response.json()["error"]
    assert Room.objects.count() == before


@pytest.mark.parametrize("seed_options", [{}, {"red_pip_order": "traditional", "trick_review": "all"}])
def test_a_person_plays_whole_czech_hands_by_http_and_no_page_shows_a_hidden_card(seed_options):
    user = UserFactory()
    client, audience = client_for(user), client_for(None)
    room = open_czech(client, **seed_options)
    phases: set[str] = set()
    for _hand in range(3):
        for _ in range(300):
            data = client.get(f"/r/{room.code}/view.json").json()
            phases.add(data["phase"])
            assert_clean(client, room, 0)
            assert_clean(audience, room, None)
            if data["phase"] == "over":
                break
            assert data["legal"], (data["phase"], data["to_act"])
            action = first_choice(data["phase"], data["legal"])
            response = client.post(
                f"/r/{room.code}/act", {"action": action, "seq": data["seq"]}, HTTP_HX_REQUEST="true"
            )
            # The page's own fragments come by its websocket, as everyone's (204, no body).
            assert response.status_code == 204 and not response.content, response.content
        result = data["view"]["result"]
        assert result is not None and sum(result["payments"]) == 0
        assert sum(result["card_points"]) == 106
        assert data["match"]["start_total"] == 100
        assert [100 + p for p in result["payments"]] == data["match"]["rows"][-1]["totals"] or _hand > 0
        assert client.post(f"/r/{room.code}/next", {"hand_no": data["hand_no"]}).status_code == 200
    assert {"shuffle", "prever", "play", "over"} <= phases
    # Later hands: the previous povinnost deals (§2).
    hands = list(room.hands.order_by("number"))
    for before, after in zip(hands, hands[1:], strict=False):
        if before.result is not None:
            assert after.context_value().dealer == before.result["next_dealer"]
            assert not after.context_value().opening


def _four_players():
    users = [UserFactory() for _ in range(4)]
    room = services.create_room(users[0], "czech", 0, None, turn_clock=60)
    for index, user in enumerate(users[1:], start=1):
        services.sit(room, user, index)
    return room, users


def test_a_private_decision_names_nobody_and_shows_its_clock_only_to_the_decider():
    room, users = _four_players()
    hand = drive_to_phase(
        room,
        "contra",
        lambda phase, legal: "cut:32" if phase == "cut" else "pass" if "pass" in legal else legal[0],
    )
    assert hand.phase == "contra"
    (decider,) = hand.to_act
    for index, user in enumerate(users):
        client = client_for(user)
        data = client.get(f"/r/{room.code}/view.json").json()
        page = client.get(f"/r/{room.code}/").content.decode()
        deadlines = [s["index"] for s in data["seats_info"] if s["deadline"]]
        if index == decider:
            assert data["to_act"] == [decider] and data["legal"]
            assert deadlines == [decider] and "data-deadline" in page
            assert "Your turn" in page and 'data-action="contra"' in page
        else:
            assert data["to_act"] == [] and data["legal"] == []
            assert data["view"]["waiting"]
            assert deadlines == [] and "data-deadline" not in page
            assert 'class="seat to-act' not in page and "decide in private" in page
    audience = client_for(None)
    data = audience.get(f"/r/{room.code}/view.json").json()
    assert data["to_act"] == [] and data["view"]["waiting"]
    # A decline is private: nothing about it reaches the public log, and the move number the
    # pages show does not count it (counting declines would tell how many were asked, and so
    # whether povinnost is alone). The decider posts the number its page shows, as pages do.
    seen = data["seq"]
    hand.refresh_from_db()
    private_before = hand.seq - hand.public_seq
    decider_client = client_for(users[decider])
    own = decider_client.get(f"/r/{room.code}/view.json").json()
    assert own["seq"] == seen
    response = decider_client.post(f"/r/{room.code}/act", {"action": "pass", "seq": seen})
    assert response.status_code == 200 and response.json()["seq"] == seen
    after = audience.get(f"/r/{room.code}/view.json").json()
    hand.refresh_from_db()
    assert hand.seq - hand.public_seq == private_before + 1
    if after["phase"] == "contra":
        assert after["seq"] == seen and after["view"]["log"] == data["view"]["log"]
        assert f'data-seq="{seen}"' in audience.get(f"/r/{room.code}/").content.decode()
    # Every private decline of the hand is left out of the number, and the hand goes on.
    finished = drive_to_phase(room, "over")
    private = finished.actions.filter(public=False)
    assert private.exists() and all(a.action == "pass" for a in private)
    assert finished.public_seq == finished.seq - private.count()


def test_every_czech_decision_offers_exactly_the_legal_actions():
    user = UserFactory()
    client = client_for(user)
    seen: set[str] = set()
    room = open_czech(client)
    for number in range(1, 13):
        for _ in range(300):
            data = client.get(f"/r/{room.code}/view.json").json()
            if data["phase"] == "over":
                break
            page = client.get(f"/r/{room.code}/").content.decode()
            expected = {a for a in data["legal"] if not a.startswith("discard:")}
            assert offered(page) == expected, data["phase"]
            discards = [a for a in data["legal"] if a.startswith("discard:")]
            if discards:
                assert "discard-form" in page
                for action in discards:
                    assert f'data-discard-choice="{action.split(":", 1)[1]}"' in page
            seen.update(a.partition(":")[0] for a in data["legal"])
            # Every other hand the person plays prever when asked (and so discards).
            legal = data["legal"]
            action = "prever" if number % 2 and "prever" in legal else first_choice(data["phase"], legal)
            assert (
                client.post(f"/r/{room.code}/act", {"action": action, "seq": data["seq"]}).status_code == 200
            )
        if {"shuffle", "cut", "knock", "prever", "discard", "play"} <= seen:
            break
        assert client.post(f"/r/{room.code}/next", {"hand_no": data["hand_no"]}).status_code == 200
    assert {"shuffle", "pass", "cut", "knock", "prever", "discard", "play"} <= seen


def test_the_host_ends_a_match_between_hands_and_the_next_hand_starts_a_new_one():
    host, friend = UserFactory(), UserFactory()
    room = services.create_room(host, "czech", 2, {"starting_chips": 40}, robot_level="random")
    services.sit(room, friend, 1)
    host_client, friend_client = client_for(host), client_for(friend)
    hand = room.current_hand()
    refused = host_client.post(f"/r/{room.code}/end-match", {"hand_no": hand.number})
    assert refused.status_code == 400 and "Finish the hand" in refused.json()["error"]
    drive_to_phase(room, "over")
    hand = room.current_hand()
    assert hand.is_over
    page = host_client.get(f"/r/{room.code}/").content.decode()
    assert 'id="end-match"' in page and "until the host ends it" in page
    assert 'id="end-match"' not in friend_client.get(f"/r/{room.code}/").content.decode()
    assert friend_client.post(f"/r/{room.code}/end-match", {"hand_no": hand.number}).status_code == 403
    assert host_client.post(f"/r/{room.code}/end-match", {"hand_no": hand.number}).status_code == 200
    data = host_client.get(f"/r/{room.code}/view.json").json()
    assert data["match"]["over"] and data["match"]["closed"]
    assert [40 + p for p in hand.result["payments"]] == data["match"]["totals"]
    page = host_client.get(f"/r/{room.code}/").content.decode()
    assert 'data-match-over="true"' in page and "Start a new match" in page
    again = host_client.post(f"/r/{room.code}/end-match", {"hand_no": hand.number})
    assert again.status_code == 400
    assert host_client.post(f"/r/{room.code}/next", {"hand_no": hand.number}).status_code == 200
    new = room.current_hand()
    assert new.match_no == hand.match_no + 1
    assert new.context_value().opening and new.context_value().dealer == 0


def test_staff_step_through_a_czech_hand():
    from django.contrib.auth import get_user_model

    staff = get_user_model().objects.create_user("staff", password="x", is_staff=True)
    room, _users = _four_players()
    drive_to_phase(
        room,
        "over",
        lambda phase, legal: "prever" if "prever" in legal else "reject" if "reject" in legal else legal[0],
    )
    hand = room.current_hand()
    client = client_for(staff)
    for step in range(0, hand.seq + 1):
        page = client.get(f"/staff/hands/{hand.pk}/?step={step}").content.decode()
        assert f"Step {step} / {hand.seq}" in page
    page = client.get(f"/staff/hands/{hand.pk}/").content.decode()
    assert 'id="talon-facts"' in page and "Rejected, face up" in page
    assert 'class="receipt"' in page
