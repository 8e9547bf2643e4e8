"""Bridge through the web (bridge.md, the issue's web part): opening a table of 2, 3 or 4 with
its options, whole rounds by HTTP with every page and view.json of every seat and of the
audience free of cards they may not see (§13), the markup contract at every decision, the
choices (wish, 8s, Bridge, J points) worded for the player who makes them, the drawn card
shown to its drawer only, a reshuffle and its multiplier, a whole game to 125 with the reset at
exactly 125, and the staff inspector."""

from __future__ import annotations

import random
import re

import pytest
from channels.db import database_sync_to_async

from games import services
from games.autoplay import clocks
from games.bots import LEVELS
from games.live import push_diff
from games.models import HandAction, Room, TurnClock
from games.rules.bridge import BRIDGE
from games.services import replay
from games.tables import seating
from tests.factories import StaffFactory, UserFactory
from tests.web.bridge_helpers import (
    assert_clean,
    bridge_hidden_from,
    checked,
    clients,
    deal_round,
    full_view,
    people,
)
from tests.web.helpers import client_for, data_cards
from tests.web.sockets import connect, drain

# A game played through its pages: embedded phase only (see pyproject.toml's game_pages marker).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.game_pages]

ACTION_ATTR = re.compile(r'<button[^>]*data-action="([^"]+)"[^>]*>')


def offered(html: str) -> set[str]:
    """Every enabled control's action."""
    return {m.group(1) for m in ACTION_ATTR.finditer(html) if " disabled" not in m.group(0)}


def button(html: str, action: str) -> str:
    """The text of the button for ``action``."""
    match = re.search(rf'<button[^>]*data-action="{re.escape(action)}"[^>]*>([^<]*)</button>', html)
    assert match, action
    return match.group(1)


def page_of(client, room: Room) -> str:
    return client.get(f"/r/{room.code}/").content.decode()


def act(client, room: Room, action: str) -> dict:
    seq = client.get(f"/r/{room.code}/view.json").json()["seq"]
    response = client.post(f"/r/{room.code}/act", {"action": action, "seq": seq})
    assert response.status_code == 200, response.content
    return client.get(f"/r/{room.code}/view.json").json()


# --- opening a table ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_bridge_table_opens_with_the_chosen_seats_and_options(players):
    users = [UserFactory() for _ in range(players)]
    host = client_for(users[0])
    response = host.post(
        "/rooms/new",
        {
            "variant": "bridge",
            "robots": 0,
            "players": players,
            "eights_rule": "always_spread",
            "end_threshold": "200",
            "reset_at_exact_125": "false",
        },
    )
    assert response.status_code == 302, response.content
    room = Room.objects.get(code=response["Location"].strip("/").split("/")[-1])
    assert room.variant == "bridge" and room.seats.count() == players
    assert room.options["players"] == players and room.options["eights_rule"] == "always_spread"
    assert room.options["end_threshold"] == 200 and room.options["reset_at_exact_125"] is False
    page = page_of(host, room)
    assert "Bridge" in page and page_of(client_for(users[1]), room).count('data-sit="') == players - 1
    assert "Two or more 8s" in page and "always spread" in page  # the table's rules, readable
    for seat, user in enumerate(users[1:], start=1):
        assert client_for(user).post(f"/r/{room.code}/sit", {"seat": seat}).status_code == 302
    data = host.get(f"/r/{room.code}/view.json").json()
    assert data["variant"] == "bridge" and data["phase"] == "play" and len(data["seats_info"]) == players
    view = data["view"]
    assert view["seats"] == players and view["hand_counts"] == [5] * players
    assert view["blind_count"] == 36 - 5 * players and len(data["cards"]) == 5
    assert data["match"]["end_above"] == 200 and data["match"]["reset_at"] is None
    page = page_of(host, room)
    assert f'data-blind-count="{36 - 5 * players}"' in page and "Round 1" in page
    assert page.count('data-card-count="5"') == players


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"players": "5"}, "Option players must be one of 2, 3, 4"),
        ({"players": "1"}, "Option players must be one of 2, 3, 4"),
        ({"players": "2", "robots": "2"}, "Robots must be between 0 and 1"),
        ({"robots": "3"}, "Robots must be between 0 and 2"),
        ({"eights_rule": "sometimes"}, "Option eights_rule must be one of"),
        ({"j_points_rule": "never"}, "Option j_points_rule must be one of"),
        ({"end_threshold": "0"}, "Option end_threshold must be at least 1"),
        ({"end_threshold": "lots"}, "Option end_threshold must be a whole number"),
        ({"opening_card": "first"}, "Option opening_card must be one of"),
        ({"must_play_drawn_card": "maybe"}, "Option must_play_drawn_card must be one of"),
    ],
)
def test_wrong_bridge_options_are_refused_and_nothing_is_created(fields, message):
    client = client_for(UserFactory())
    rooms = Room.objects.count()
    response = client.post("/rooms/new", {"variant": "bridge", "robots": 0, **fields})
    assert response.status_code == 400
    assert message in response.json()["error"]
    assert Room.objects.count() == rooms


def test_the_lobby_offers_bridge_with_its_seat_count_and_every_option():
    page = client_for(UserFactory()).get("/").content.decode()
    assert '<option value="bridge" data-seats="3">Bridge</option>' in page
    box = page[page.index('data-options-for="bridge"') :]
    box = box[: box.index("</details>")]
    players = box[box.index('<select name="players">') :]
    assert re.findall(r'<option value="(\d)"', players[: players.index("</select>")]) == ["2", "3", "4"]
    for name in (
        "eights_rule",
        "j_points_rule",
        "reshuffle_multiplier",
        "reset_at_exact_125",
        "end_threshold",
        "must_play_drawn_card",
        "opening_card",
        "finish_effects_before_count",
    ):
        assert f'name="{name}"' in box, name
    assert "Two or more 8s" in box and "player choice" in box


# --- whole rounds by HTTP, every page checked ----------------------------------------------


def choose(legal: list[str], rng: random.Random) -> str:
    """A player who plays when they can (rounds stay short) and takes every kind of choice."""
    plays = [a for a in legal if a.startswith("play:")]
    if plays and (rng.random() < 0.85 or "stop" not in legal):
        return rng.choice(plays)
    return rng.choice(legal)


@pytest.mark.parametrize(("players", "seed", "rounds"), [(2, 1, 2), (3, 2, 2), (4, 3, 1)])
def test_people_play_whole_rounds_by_http_and_no_page_shows_a_card_it_may_not(players, seed, rounds):
    room, users = people(players)
    seats, audience = clients(users), client_for(None)
    rng = random.Random(seed)
    phases: set[str] = set()
    for round_no in range(1, rounds + 1):
        for _ in range(400):
            checks = [checked(client, room, seat) for seat, client in enumerate(seats)]
            views = [data for data, _page in checks]
            assert_clean(audience, room, None)
            phase = views[0]["phase"]
            phases.add(phase)
            # The markup contract: the seat to act is offered exactly its legal actions, as
            # enabled controls; every other page offers none.
            for seat, (data, page) in enumerate(checks):
                assert offered(page) == set(data["legal"]), (seat, phase)
            if phase == "over":
                break
            (mover,) = views[0]["to_act"]
            act(seats[mover], room, choose(views[mover]["legal"], rng))
        else:
            raise AssertionError("the round did not end")
        data = views[0]
        result = data["result"]
        assert result["declarer"] == data["view"]["winner"]
        assert data["match"]["rows"][-1]["payments"] == result["payments"]
        page = page_of(seats[0], room)
        # All hands after the round, with their points.
        for seat in range(players):
            assert f'data-payment-seat="{seat}"' in page
            assert set(data["view"]["hands"][seat]) <= data_cards(page)
        # A round can end the game (a total past 125): then the button starts a new one.
        assert ("Start a new game" if data["match"]["over"] else "Deal the next round") in page
        if round_no == 1 and not data["match"]["over"]:
            totals = data["match"]["totals"]
            highest = max(totals)
            starter = next(s for s in range(players) if totals[s] == highest)  # ties: from seat 0
            assert seats[0].post(f"/r/{room.code}/next", {"hand_no": data["hand_no"]}).status_code == 200
            context = room.current_hand().context_value()
            if totals.count(highest) == 1:
                assert context.dealer == starter  # §2: the highest total starts
    assert {"play", "over"} <= phases


# --- the choices, worded for the player who makes them ------------------------------------


def test_two_eights_offer_next_or_spread_to_their_player_only():
    room, users = people(3)
    deal_round(room, ["H8 S8 CK DQ C10", "HA D9 S9 SJ C6", "DA H9 SQ SK S10"], starter=0)
    alice, bob, carol = clients(users)
    act(alice, room, "play:H8")
    page = page_of(alice, room)
    assert "Add another 8, or end your move." in page
    assert offered(page) == {"play:S8", "stop"} and button(page, "stop") == "End my move"
    data = act(alice, room, "play:S8")
    assert data["phase"] == "eights" and data["legal"] == ["eights:next", "eights:spread"]
    page = page_of(alice, room)
    bob_name, carol_name = users[1].username, users[2].username
    assert button(page, "eights:next") == f"Next player ({bob_name}) draws 4, misses a turn"
    assert (
        button(page, "eights:spread")
        == f"Spread: {bob_name} draws 2, {carol_name} draws 2; each misses a turn"
    )
    watching = page_of(bob, room)
    assert offered(watching) == set() and "chooses who draws for the 8s" in watching
    # The effect to come, in Bob's own words.
    assert "You draw 4 and miss a turn, or they are spread (You draw 2, " in watching
    data = act(alice, room, "eights:spread")
    # Each drew 2 and lost a turn, so Alice moves again (§8.5, example 3 with three players).
    assert data["view"]["hand_counts"] == [3, 7, 7] and data["to_act"] == [0]
    bob_page = page_of(bob, room)
    assert 'data-drew="2"' in bob_page and "spreads the 8s" in bob_page
    assert offered(page_of(carol, room)) == set()


def test_a_move_ending_on_a_jack_asks_its_player_for_a_wish_that_everyone_sees():
    room, users = people(3)
    deal_round(room, ["HJ SJ C9", "HA D9 S9 C6 DK", "DA H9 SQ SK S10"], starter=0)
    alice, bob, _carol = clients(users)
    act(alice, room, "play:HJ")
    assert offered(page_of(alice, room)) == {"play:SJ", "stop"}
    data = act(alice, room, "play:SJ")
    assert data["phase"] == "wish"
    page = page_of(alice, room)
    assert offered(page) == {"wish:H", "wish:S", "wish:D", "wish:C"}
    assert [button(page, f"wish:{s}") for s in "HSDC"] == ["♥ Hearts", "♠ Spades", "♦ Diamonds", "♣ Clubs"]
    assert "wish the suit the next player must play" in page
    act(alice, room, "wish:C")
    for client in (bob, client_for(None)):
        page = page_of(client, room)
        assert 'data-wish="C"' in page and "Wished suit" in page and "wishes clubs" in page
    page = page_of(bob, room)
    assert "Play a ♣ club (the wished suit) or a jack." in page
    assert offered(page) == {"play:C6"}
    assert '<span class="who">You</span> wish clubs' in page_of(alice, room)  # in the viewer's words


def test_going_out_on_jacks_lets_the_winner_choose_the_j_points():
    room, users = people(3)
    deal_round(room, ["HJ SJ", "HA D9 S9 C6 DK", "DA H9 SQ SK S10"], starter=0)
    alice, bob, _carol = clients(users)
    act(alice, room, "play:HJ")
    data = act(alice, room, "play:SJ")
    assert data["phase"] == "jpoints" and data["legal"] == ["jpoints:minus", "jpoints:plus"]
    page = page_of(alice, room)
    assert button(page, "jpoints:minus") == "Minus: −40 off my total"
    assert button(page, "jpoints:plus") == "Plus: +40 on each other player&#39;s total"
    assert "J points 20 × 2 × 1 = 40" in page
    assert offered(page_of(bob, room)) == set()
    data = act(alice, room, "jpoints:plus")
    assert data["phase"] == "over"
    # Each other player: +40 J points, then their cards: Bob HA 15 + DK 10, Carol DA 15 + SQ SK
    # S10 30 (the 6s to 9s count nothing).
    assert data["result"]["payments"] == [0, 40 + 25, 40 + 45]
    page = page_of(bob, room)
    assert "went out" in page and "J points <strong>plus</strong>" in page
    assert page.count('data-item="J points"') == 2 and page.count('data-item="hand points"') == 3


def test_the_fourth_card_of_a_rank_offers_bridge_and_declaring_it_ends_the_round():
    room, users = people(3)
    deal_round(room, ["H9 S9 D9 HK", "C9 DA C6 DK", "D8 H10 SQ SK S10"], starter=0)
    alice, bob, carol = clients(users)
    for card in ("H9", "S9", "D9"):
        act(alice, room, f"play:{card}")
    assert 'data-run="3"' in page_of(carol, room)
    data = act(bob, room, "play:C9")
    assert data["phase"] == "bridge" and data["legal"] == ["bridge", "no-bridge"]
    page = page_of(bob, room)
    assert button(page, "bridge") == "Declare Bridge: end the round now"
    assert button(page, "no-bridge") == "Play on (no Bridge)"
    assert "Four 9s in a row" in page
    assert "may declare Bridge" in page_of(carol, room) and offered(page_of(carol, room)) == set()
    data = act(bob, room, "bridge")
    assert data["phase"] == "over" and data["view"]["ended_by"] == "Bridge"
    page = page_of(alice, room)
    assert "declared <strong>Bridge</strong>" in page and "Bridge!" in page
    # All hands after the round (§13): Alice HK 10, Bob DA DK C6 25, Carol 40.
    assert data["result"]["payments"] == [10, 25, 40]
    assert {"HK", "DA", "DK", "C6", "D8", "H10", "SQ", "SK", "S10"} <= data_cards(page)


def test_a_six_is_covered_and_a_drawn_card_shows_to_its_drawer_alone():
    room, users = people(3)
    hand = deal_round(room, ["H6 HK D10", "C9 DA C8 SQ", "D8 H10 SJ SK S10"], starter=0)
    alice, bob, carol = clients(users)
    act(alice, room, "play:H6")
    page = page_of(alice, room)
    assert "Cover the 6: play a ♥ heart, another 6 or a jack." in page
    assert offered(page) == {"play:HK"}
    act(alice, room, "play:HK")
    page = page_of(bob, room)
    assert "You hold no card to play (a ♥ heart, a king or a jack): draw one." in page
    assert offered(page) == {"draw"} and button(page, "draw") == "Draw a card"
    drawn = full_view(hand)["blind"][0]
    data = act(bob, room, "draw")
    assert data["view"]["drawn"] == [drawn] and data["legal"] == [f"play:{drawn}"]
    page = page_of(bob, room)
    assert re.search(rf'class="card \w+ playable drawn" data-card="{drawn}"', page)
    assert f"You drew {drawn[1:]}" in page and "it fits, so play it" in page
    for client in (alice, carol, client_for(None)):
        page = page_of(client, room)
        assert drawn not in data_cards(page) and 'data-drew="1"' in page
        assert client.get(f"/r/{room.code}/view.json").json()["view"]["drawn"] == []
    # Bob plays the drawn ace and may add his other one; he stops: Carol is passed over and
    # Alice moves again.
    data = act(bob, room, f"play:{drawn}")
    assert data["legal"] == ["play:DA", "stop"] and "Add another ace, or end your move." in page_of(bob, room)
    data = act(bob, room, "stop")
    assert data["to_act"] == [0] and "passed over (ace)" in page_of(carol, room)


def test_a_reshuffle_raises_the_multiplier_for_everyone_to_see():
    # Bob holds no heart, 9, king or jack; the blind is one card.
    bob_hand = "SA SQ S10 S8 S7 DA DQ D10 D8 D7 D6 CA CQ C10 C8 C7 C6"
    alice_hand = "HA HK HQ HJ H10 H9 H8 H7 H6 S9 SK SJ D9 DK DJ C9 CK CJ"
    room, users = people(2)
    deal_round(room, [alice_hand, bob_hand], starter=0, blind="S6")
    alice, bob = clients(users)
    act(alice, room, "play:H9")
    act(alice, room, "stop")
    data = act(bob, room, "draw")  # S6 does not fit: the move ends
    assert data["view"]["blind_count"] == 0 and data["to_act"] == [0]
    assert "it does not fit" not in page_of(bob, room)  # not Bob's turn any more
    act(alice, room, "play:HK")
    act(alice, room, "stop")
    data = act(bob, room, "draw")  # the stack but its top card becomes the blind: H9 again
    assert data["view"]["reshuffles"] == 1 and data["view"]["multiplier"] == 2
    assert data["view"]["drawn"] == ["H9"] and data["legal"] == ["play:H9"]
    for client in (alice, bob, client_for(None)):
        page = page_of(client, room)
        assert 'data-multiplier="2"' in page and "points count <strong" in page and "×2" in page
        assert "the stack into a new blind (reshuffle 1, points count ×2)" in page
    assert_clean(alice, room, 0)
    assert_clean(bob, room, 1)


def test_the_table_rules_change_what_the_player_is_asked():
    # The starter must open with the last card dealt to them; a drawn card may be kept.
    room, users = people(2, opening_card="last_dealt", must_play_drawn_card=False)
    deal_round(room, ["HK SQ D7 D8 H9", "CA CK CQ C10 C8"], starter=0)
    alice, bob = clients(users)
    page = page_of(alice, room)
    assert offered(page) == {"play:H9"} and "Open the round with 9♥, the last card dealt to you." in page
    act(alice, room, "play:H9")
    data = act(bob, room, "draw")  # the blind's top card, A♥, fits: Bob may play it or keep it
    assert data["legal"] == ["play:HA", "stop"]
    page = page_of(bob, room)
    assert "You drew A♥: play it, or keep it and end your move." in page
    assert button(page, "stop") == "Keep it and end my move"
    data = act(bob, room, "stop")
    assert data["to_act"] == [0] and data["view"]["hand_counts"] == [4, 6]


def test_refused_moves_say_why_and_change_nothing():
    room, users = people(3)
    deal_round(room, ["H6 HK D10", "C9 DA C8 SQ", "D8 H10 SJ SK S10"], starter=0)
    alice, bob, _carol = clients(users)
    act(alice, room, "play:H6")
    seq = alice.get(f"/r/{room.code}/view.json").json()["seq"]
    for client, action, status, message in (
        (alice, "stop", 422, "You must cover the 6"),
        (alice, "draw", 422, "You hold a card that covers the 6: you may not draw"),
        (alice, "play:D10", 422, "You must cover the 6: play a heart, another 6 or a jack"),
        (alice, "play:SA", 422, "You do not hold SA"),
        (alice, "wish:H", 422, ""),
        (bob, "draw", 403, "It is not your turn"),
    ):
        response = client.post(f"/r/{room.code}/act", {"action": action, "seq": seq})
        assert response.status_code == status, (action, response.content)
        assert message in response.json()["error"]
        htmx = client.post(f"/r/{room.code}/act", {"action": action, "seq": seq}, HTTP_HX_REQUEST="true")
        assert htmx.status_code == status and htmx["Content-Type"].startswith("text/plain")
    assert room.current_hand().seq == seq


# --- a whole game to 125 ----------------------------------------------------------------------


def test_a_game_runs_to_125_with_the_reset_at_exactly_125_and_the_lowest_total_wins():
    room, users = people(2)
    alice, bob = clients(users)
    rounds = [
        # (starter, the starter's single card, the other hand) — the starter goes out at once.
        (0, "H9", "SA DA CA SK DK"),  # Bob 15 × 3 + 20 = 65
        (1, "H9", "HA HJ SJ DJ CJ HK SK DK"),  # Alice 15 + 80 + 30 = 125: back to 0
        (1, "H9", "HA SA DA CA HJ SJ DJ HK"),  # Alice 60 + 60 + 10 = 130: over 125, the game ends
    ]
    expected = [[0, 65], [0, 65], [130, 65]]
    for number, (starter, single, other) in enumerate(rounds, start=1):
        hand = room.current_hand()
        if number > 1:
            assert hand.context_value().dealer == starter  # the highest total starts (§2)
        hands = [single, other] if starter == 0 else [other, single]
        deal_round(room, hands, starter=starter)
        mover = (alice, bob)[starter]
        data = act(mover, room, f"play:{single}")
        assert data["phase"] == "over" and data["match"]["totals"] == expected[number - 1]
        page = page_of(alice, room)
        assert f"Game 1 <small>{number} round{'s' if number > 1 else ''}" in page
        if number == 2:
            assert data["match"]["rows"][-1]["resets"] == [0]
            assert 'class="badge reset"' in page and "back to 0" in page
            assert "Next: " + users[1].username + " starts (the highest total)" in page
        if number < 3:
            assert "Deal the next round" in page and "until a total passes 125" in page
            assert alice.post(f"/r/{room.code}/next", {"hand_no": hand.number}).status_code == 200
    data = alice.get(f"/r/{room.code}/view.json").json()
    assert data["match"]["over"] and [s["seat"] for s in data["match"]["standings"]] == [1, 0]
    page = page_of(bob, room)
    assert 'data-match-over="true"' in page and "the lowest total wins" in page
    assert re.search(r'data-place-seat="1"><span class="place">1\.</span> You <strong>65', page)
    assert "Start a new game" in page and "Deal the next round" not in page
    assert bob.post(f"/r/{room.code}/next", {"hand_no": 3}).status_code == 200
    data = bob.get(f"/r/{room.code}/view.json").json()
    assert data["hand_no"] == 4 and data["phase"] == "play"
    assert data["match"]["match_no"] == 2 and data["match"]["totals"] == [0, 0] and not data["match"]["rows"]
    assert "Game 2" in page_of(alice, room)


# --- the staff inspector ----------------------------------------------------------------------


def test_staff_step_through_a_bridge_round_and_see_the_blind_in_order():
    room, users = people(3)
    hand = deal_round(room, ["H6 HK HQ", "C9 DA C8 SQ", "D8 H10 SJ SK S10"], starter=0)
    blind = full_view(hand)["blind"]
    alice, bob, carol = clients(users)
    for client, action in ((alice, "play:H6"), (alice, "play:HK"), (bob, "draw")):
        act(client, room, action)
    drawn = blind[0]
    act(bob, room, f"play:{drawn}")
    act(bob, room, "stop")  # the ace passes Carol over
    act(alice, room, "play:HQ")  # Alice goes out
    hand.refresh_from_db()
    assert hand.is_over
    staff = client_for(StaffFactory())
    steps = []
    for step in range(hand.seq + 1):
        page = staff.get(f"/staff/hands/{hand.pk}/?step={step}").content.decode()
        assert f"Step {step} / {hand.seq}" in page
        steps.append(page)
    order = re.search(r"<p data-blind-order>(.*?)</p>", steps[0], re.S).group(1)
    assert re.findall(r'data-card="(\w+)"', order) == blind  # staff see the blind, top first
    assert 'id="stack"' in steps[1] and 'data-top="H6"' in steps[1]
    assert "Tricks won" not in steps[0] and "Talon (dealt order)" not in steps[0]
    assert 'class="receipt bridge-receipt"' in steps[-1] and 'id="result"' in steps[-1]
    # Players never get the inspector, and their pages never the blind.
    assert carol.get(f"/staff/hands/{hand.pk}/").status_code == 302
    assert_clean(carol, room, 2)


def test_a_table_of_people_takes_seats_and_leaves_as_for_the_other_games():
    host = UserFactory()
    room = services.create_room(host, "bridge", 0, {"players": 2})
    assert room.current_hand() is None
    data = client_for(host).get(f"/r/{room.code}/view.json").json()
    assert data["phase"] == "waiting" and len(data["seats_info"]) == 2


# --- websocket pushes -------------------------------------------------------------------------


@pytest.fixture
def _fresh_shared_renders():
    # Primary keys are reused between tests: no render of another test's room may be found.
    seating.forget_all()
    push_diff._shared_renders.clear()


DRAWN_MARK = re.compile(r'class="card \w+(?: playable)? drawn" data-card="(\w+)"')


def _one_move(room: Room, users: list, rng: random.Random) -> tuple[int, str] | None:
    """The seat to act makes a move (through the only writer, as a page would); None once over."""
    hand = room.current_hand()
    if hand.is_over:
        return None
    state = replay.current(hand)
    (seat,) = BRIDGE.to_act(state)
    action = choose(BRIDGE.legal_actions(state, seat), rng)
    services.submit_action(hand.pk, seat, action, hand.seq, actor=users[seat])
    return seat, action


def _recent(room: Room, seat: int) -> list[str]:
    return BRIDGE.observe(replay.current(room.current_hand()), seat)["drawn"]


@pytest.mark.usefixtures("_fresh_shared_renders")
async def test_every_push_to_every_seat_and_the_audience_keeps_the_hidden_cards_hidden():
    @database_sync_to_async
    def table():
        room, users = people(3)
        deal_round(room, ["H6 HK D10", "C9 DA C8 SQ", "D8 H10 SJ SK S10"], starter=0)
        return room, users

    room, users = await table()
    viewers: list[int | None] = [0, 1, 2, None]
    sockets = [await connect(f"/ws/r/{room.code}/", user) for user in users]
    sockets.append(await connect(f"/ws/r/{room.code}/", None))
    hidden = database_sync_to_async(lambda viewer: bridge_hidden_from(room.current_hand(), viewer))
    for viewer, socket in zip(viewers, sockets, strict=True):
        (snapshot,) = await drain(socket)
        assert not data_cards(snapshot) & await hidden(viewer)
    rng = random.Random(11)
    marked: set[tuple[int, str]] = set()
    # Alice opens with the 6 and covers it; Bob draws (the card shows to him alone); then on.
    script = ["play:H6", "play:HK", "draw"]
    for step in range(300):
        if step < len(script):
            hand = await database_sync_to_async(room.current_hand)()
            (seat,) = hand.to_act
            await database_sync_to_async(services.submit_action)(hand.pk, seat, script[step], hand.seq)
        elif await database_sync_to_async(_one_move)(room, users, rng) is None:
            break
        for viewer, socket in zip(viewers, sockets, strict=True):
            push = await socket.receive_from(timeout=10)  # one change, one message
            assert not data_cards(push) & await hidden(viewer), (step, viewer)
            drawn = set(DRAWN_MARK.findall(push))
            if viewer is None:
                assert not drawn
            elif drawn:
                own = await database_sync_to_async(_recent)(room, viewer)
                assert drawn <= set(own), (viewer, drawn, own)
                marked.update((viewer, card) for card in drawn)
    else:
        raise AssertionError("the round did not end")
    assert (1, "HA") in marked  # Bob's draw, marked on his page alone
    for socket in sockets:
        assert await drain(socket, quiet=0.2) == []
        await socket.disconnect()


# --- robots and turn clocks -------------------------------------------------------------------


@pytest.mark.parametrize(("players", "level"), [(2, "basic"), (4, "random")])
def test_a_person_plays_rounds_against_robots_and_sees_only_what_they_may(players, level):
    client, audience = client_for(UserFactory()), client_for(None)
    response = client.post(
        "/rooms/new", {"variant": "bridge", "players": players, "robots": players - 1, "robot_level": level}
    )
    assert response.status_code == 302, response.content
    room = Room.objects.get(code=response["Location"].strip("/").split("/")[-1])
    assert list(room.seats.values_list("robot", flat=True)) == [""] + [level] * (players - 1)
    rng = random.Random(players)
    rows, match_no, was_over = 0, None, True
    for _round in (1, 2):
        for _ in range(300):
            data, page = checked(client, room, 0)
            assert_clean(audience, room, None)
            assert offered(page) == set(data["legal"])
            if data["phase"] == "over":
                break
            assert data["to_act"] == [0], data["to_act"]  # robots move at once (inline in tests)
            act(client, room, choose(data["legal"], rng))
        else:
            raise AssertionError("the round did not end")
        # A round can end the game (a total past 125 after a few reshuffles): the next round
        # then opens a new match with rows of its own.
        new_match = data["match"]["match_no"] != match_no
        assert new_match == was_over, (match_no, data["match"]["match_no"], was_over)
        rows = 1 if new_match else rows + 1
        match_no, was_over = data["match"]["match_no"], data["match"]["over"]
        assert len(data["match"]["rows"]) == rows
        assert client.post(f"/r/{room.code}/next", {"hand_no": data["hand_no"]}).status_code == 200


def test_a_robot_level_that_does_not_play_bridge_is_neither_offered_nor_accepted():
    client = client_for(UserFactory())
    lobby = client.get("/").content.decode()
    for level in LEVELS:
        variants = re.search(rf'<option value="{level}" data-variants="([^"]*)"', lobby).group(1).split()
        assert ("bridge" in variants) == services.robot_plays(level, "bridge"), level
        if not services.robot_plays(level, "bridge"):
            rooms = Room.objects.count()
            response = client.post(
                "/rooms/new", {"variant": "bridge", "players": 2, "robots": 1, "robot_level": level}
            )
            assert response.status_code == 400
            assert f"The {level} robot does not play Bridge yet" in response.json()["error"]
            assert Room.objects.count() == rooms
    assert services.robot_plays("basic", "bridge") and services.robot_plays("random", "bridge")


def test_a_turn_clock_plays_for_people_whose_time_runs_out():
    users = [UserFactory() for _ in range(2)]
    room = services.create_room(users[0], "bridge", 0, {"players": 2}, turn_clock=60)
    services.sit(room, users[1], 1)
    hand = room.current_hand()
    (seat,) = hand.to_act
    page = page_of(client_for(users[seat]), room)
    assert page.count("data-deadline=") == 1 and "Your turn" in page
    deadline = TurnClock.objects.get(hand=hand, seat=seat).deadline
    assert clocks.fire_due(now=deadline) == 1
    first = HandAction.objects.get(hand=hand, seq=1)
    assert first.seat == seat and first.robot == "clock"
    # Nobody moves again: the clocks play the round out (three in a row make a seat away,
    # and then the basic robot plays it at once).
    for _ in range(300):
        hand.refresh_from_db()
        if hand.is_over:
            break
        due = TurnClock.objects.filter(hand=hand).order_by("deadline").first()
        assert due is not None, hand.to_act
        assert clocks.fire_due(now=due.deadline) == 1
    else:
        raise AssertionError("the round did not end")
    robots = set(hand.actions.values_list("robot", flat=True))
    assert robots <= {"clock", "away"} and "clock" in robots
    data = assert_clean(client_for(users[0]), room, 0)
    assert data["phase"] == "over" and any(s["away"] for s in data["seats_info"])
