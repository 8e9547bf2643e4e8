""" "What would the robot play?" (issue 38, part 3): the button and its answer at an unrated
table and in a guided hand; absent and refused (nothing computed) at a rated table, at the daily
deal's table, for a watcher and for a seat not to act; a stale move number and a rate past the
asker's are refused with words; the answer names a legal action of the asker and no card the
asker cannot see.

Personas: ``owner`` (seated, to act), ``friend`` (seated, waiting), a watcher (signed in, no
seat), a visitor (a guest learning in a guided hand), a daily player."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from django.test import Client

from games import services
from games.bots.appraisal.redeal import CHANCE
from games.daily import deals
from games.models import Hand, Room
from games.page import hint as robot_hint
from games.page.cards import card_title
from games.rules import Deal, get_variant
from games.services import replay
from tests.factories import UserFactory
from tests.web.helpers import client_for, hidden_from, json_strings, open_table

# A game played through its pages (the stack under them is proven by the other tests): the
# embedded phase only.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.game_pages]

HTMX = {"HTTP_HX_REQUEST": "true"}
HINT_BUTTON = 'id="hint-ask"'
ANSWER_ACTION = re.compile(r'data-hint-action="([^"]*)"')
TAG = re.compile(r"<[^>]*>")


@pytest.fixture(autouse=True)
def _few_worlds(settings: Any) -> None:
    settings.HINT_WORLDS = 4  # the count of worlds is the budget: small in tests


@pytest.fixture
def computed(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """Every call of the engine the hint makes, recorded (the engine still answers)."""
    calls: list[tuple[Any, ...]] = []
    engine = robot_hint.appraise

    def recording(*args: Any, **kwargs: Any) -> Any:
        calls.append((args, kwargs))
        return engine(*args, **kwargs)

    monkeypatch.setattr(robot_hint, "appraise", recording)
    return calls


def ask(client: Client, room: Room, seq: int | str | None = None) -> Any:
    hand = room.current_hand()
    sent = hand.public_seq if seq is None and hand is not None else seq
    return client.post(f"/r/{room.code}/hint", {"seq": sent}, **HTMX)


def legal_of(room: Room, seat: int) -> list[str]:
    hand = room.current_hand()
    return get_variant(hand.variant).legal_actions(replay.current(hand), seat)


def table_with_a_choice(user: Any, **options: Any) -> Room:
    """A Hungarian table of ``user`` (seat 0) and three robots, at a decision of seat 0's with
    two choices or more (a seat without an honour may only pass: it moves on)."""
    client = client_for(user)
    for _ in range(10):
        room = open_table(user, robots=3, **options)
        while not room.current_hand().is_over:
            legal = legal_of(room, 0)
            if len(legal) > 1:
                return room
            client.post(f"/r/{room.code}/act", {"action": legal[0], "seq": room.current_hand().public_seq})
    raise AssertionError("no decision with a choice in ten hands")


def page_of(client: Client, room: Room) -> str:
    return client.get(f"/r/{room.code}/").content.decode()


def seat_of(room: Room, user: Any) -> int:
    return room.seats.get(user=user).index


def to_act(room: Room) -> list[int]:
    hand = room.current_hand()
    return sorted(get_variant(hand.variant).to_act(replay.current(hand)))


def named_cards(text: str, hand: Hand) -> set[str]:
    """The cards of ``hand``'s pack whose whole name (``card_title``, as the hint says them)
    is in ``text``."""
    deal = hand.deal_value()
    pack = {*deal.deck, *deal.talon, *(card for cards in deal.hands for card in cards)}
    return {
        card
        for card in pack
        if re.search(r"(?<![\w])" + re.escape(card_title(card, hand.variant)) + r"(?![\w])", text)
    }


def assert_hint_from_own_view(room: Room, user: Any, response: Any) -> str:
    """The answer's action is legal for ``user``'s seat, and every card it names is one the
    seat sees (its view) or names in a legal action; none is hidden from it."""
    assert response.status_code == 200, response.content
    html = response.content.decode()
    hand = room.current_hand()
    seat = seat_of(room, user)
    variant = get_variant(hand.variant)
    state = replay.current(hand)
    legal = variant.legal_actions(state, seat)
    (action,) = ANSWER_ACTION.findall(html)
    text = TAG.sub(" ", html)
    if action == "":  # the engine dealt no world that fits the seat's view (it says so)
        assert "The robot has no advice here." in text and "no deal of the unseen cards" in text
    else:
        assert action in legal
        assert "The robot would" in text and re.search(r"Over the \d+ deals? it tried", text)
    seen = json_strings(variant.observe(state, seat)) | {
        card for a in legal for card in a.partition(":")[2].split(",")
    }
    named = named_cards(text, hand)
    assert named <= seen, named - seen
    assert not named & hidden_from(hand, seat)
    return action


def test_it_offers_and_answers_the_hint_at_an_unrated_table(computed):
    owner = UserFactory(username="owner")
    room = table_with_a_choice(owner)
    assert not room.rated and to_act(room) == [0]
    client = client_for(owner)
    page = page_of(client, room)
    assert HINT_BUTTON in page and f'hx-post="/r/{room.code}/hint"' in page
    hand = room.current_hand()
    assert f"hx-vals='{{\"seq\": {hand.public_seq}}}'" in page
    response = ask(client, room)
    assert_hint_from_own_view(room, owner, response)
    # The engine was given the true deal, the whole log up to now and the asker's own seat.
    ((args, kwargs),) = computed
    assert args[0] == "hungarian" and args[1] == hand.deal_value() and args[4] == 0 and args[5] is None
    assert list(args[3]) == list(hand.actions.order_by("seq").values_list("seat", "action"))
    assert kwargs == {"seed": f"hint:{hand.pk}:{hand.public_seq}:0", "worlds": 4}
    # Asked again at the same move: the same answer (a fixed seed).
    assert ask(client, room).content == response.content


def test_it_answers_through_whole_hands_at_every_decision_of_the_seat():
    """Seat 0 follows the robot's hints hand after hand: at every decision with a choice the
    button is there and the answer is legal and from the seat's own view (bids, talon,
    announcements and cards are all asked about)."""
    owner = UserFactory(username="owner")
    client = client_for(owner)
    kinds: set[str] = set()
    for _ in range(4):
        room = open_table(owner, robots=3)
        for _ in range(60):
            hand = Hand.objects.get(pk=room.current_hand().pk)
            if hand.is_over:
                break
            assert to_act(room) == [0]
            legal = legal_of(room, 0)
            if len(legal) > 1:
                assert HINT_BUTTON in page_of(client, room)
                action = assert_hint_from_own_view(room, owner, ask(client, room)) or legal[0]
                kinds.add(action.partition(":")[0])
            else:
                assert HINT_BUTTON not in page_of(client, room)  # nothing to choose
                action = legal[0]
            moved = client.post(f"/r/{room.code}/act", {"action": action, "seq": hand.public_seq})
            assert moved.status_code == 200, moved.content
        assert Hand.objects.get(pk=hand.pk).is_over
        if "play" in kinds and len(kinds) > 2:
            return
    raise AssertionError(f"only {kinds} asked about in four hands")


@pytest.mark.parametrize("variant", ["czech", "slovenian3", "bridge"])
def test_every_game_answers_from_the_seats_own_view(variant):
    """Six hints in each other game, each legal (or, rarely, no world found: said so) and naming
    no card hidden from the seat; no button at a decision of chance (the Czech shuffle and cut)
    or of one choice."""
    owner = UserFactory(username="owner")
    client = client_for(owner)
    asked = answered = 0
    # Up to six hands: the deals are random, and a short Bridge round can hold few choices of the
    # seat's (three rounds once held only five: CI, 2026-11-29).
    for _ in range(6):
        room = open_table(owner, robots=get_variant(variant).seat_count({}) - 1, variant=variant)
        for _ in range(80):
            hand = Hand.objects.get(pk=room.current_hand().pk)
            if hand.is_over or asked == 6:
                break
            assert to_act(room) == [0]
            legal = legal_of(room, 0)
            phase = get_variant(variant).observe(replay.current(hand), 0)["phase"]
            if len(legal) > 1 and phase not in CHANCE:
                assert HINT_BUTTON in page_of(client, room)
                hinted = assert_hint_from_own_view(room, owner, ask(client, room))
                asked, answered = asked + 1, answered + bool(hinted)
                action = hinted or legal[0]
            else:
                assert HINT_BUTTON not in page_of(client, room)
                if len(legal) > 1:
                    refused(ask(client, room), 409, "Chance decides this")
                action = legal[0]
            moved = client.post(f"/r/{room.code}/act", {"action": action, "seq": hand.public_seq})
            assert moved.status_code == 200, moved.content
        if asked == 6:
            assert answered >= 3  # the others: no world found, said as such
            return
    raise AssertionError(f"only {asked} hints asked in six hands")


def exchanged(deal: Deal, rng: random.Random) -> Deal:
    """``deal`` with seat 0's cards kept and every other card (the other hands, the talon)
    shuffled among the other places, each keeping its count."""
    hidden = [card for cards in deal.hands[1:] for card in cards] + list(deal.talon)
    rng.shuffle(hidden)
    hands, at = [deal.hands[0]], 0
    for cards in deal.hands[1:]:
        hands.append(tuple(hidden[at : at + len(cards)]))
        at += len(cards)
    return Deal(hands=tuple(hands), talon=tuple(hidden[at:]))


@pytest.mark.parametrize("variant", ["hungarian", "slovenian3"])
def test_the_answer_is_the_same_whatever_the_cards_hidden_from_the_asker(variant, monkeypatch):
    """Two tables whose first hands give seat 0 the same cards, the others' and the talon's
    exchanged: seat 0's first decision gets the same answer at both (under one seed: the
    endpoint's seed names the hand), though the endpoint hands the engine the true deal."""
    engine = robot_hint.appraise
    monkeypatch.setattr(robot_hint, "appraise", lambda *a, **k: engine(*a, **{**k, "seed": "same"}))
    rules = get_variant(variant)
    seats = rules.seat_count({})
    for attempt in range(40):
        rng = random.Random(f"{variant}:{attempt}")
        dealer = attempt % seats
        deal = rules.deal(rng, seats, {}, dealer)
        other = exchanged(deal, rng)
        answers = []
        for n, dealt in enumerate((deal, other)):
            user = UserFactory(username=f"player{attempt}-{n}")
            room = services.create_room(user, variant, seats - 1, first_deal=(dealt, dealer))
            hand = room.current_hand()
            if hand.seq or to_act(room) != [0] or len(legal_of(room, 0)) < 2:
                break  # seat 0 does not open this hand with a choice: another deal
            answers.append(ask(client_for(user), room).content)
        if len(answers) == 2:
            assert answers[0] == answers[1] and b"The robot would" in answers[0]
            assert other.hands[0] == deal.hands[0] and other.hands[1:] != deal.hands[1:]
            return
    raise AssertionError("seat 0 opened no hand with a choice in forty deals")


def test_it_offers_and_answers_the_hint_in_a_guided_hand():
    visitor = Client()
    response = visitor.post("/tutorial/hungarian/")
    room = Room.objects.get(code=response["Location"].split("/")[2])
    learner = room.seats.get(index=0).user
    assert room.tutorial and to_act(room) == [0]
    assert HINT_BUTTON in page_of(visitor, room)
    assert_hint_from_own_view(room, learner, ask(visitor, room))


LANGUAGES = {
    # language: (the button, the answer's opening and its reason's, a stale question's refusal)
    "hu": ("Mit játszana a robot?", "A robot ", "A kipróbált ", "Azóta lépés történt az asztalnál"),
    "cs": ("Co by zahrál robot?", "Robot by ", "vyzkoušen", "Od vaší otázky se hra posunula"),
    "sl": ("Kaj bi igral robot?", "Robot bi ", "preizkušen", "Igra se je od vašega vprašanja premaknila"),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_hint_is_said_in_the_askers_language(settings, language):
    button, opening, reason, moved_on = LANGUAGES[language]
    owner = UserFactory(username="owner")
    room = table_with_a_choice(owner)
    client = client_for(owner)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    assert button in page_of(client, room)
    text = TAG.sub(" ", ask(client, room).content.decode())
    assert text.strip().startswith(opening) and reason in text, text
    assert "The robot" not in text and "deals it tried" not in text
    refused(ask(client, room, room.current_hand().public_seq + 1), 409, moved_on)


def refused(response: Any, status: int, words: str) -> None:
    assert response.status_code == status, response.content
    assert words in response.content.decode()


def test_a_rated_table_has_no_hint(computed):
    owner = UserFactory(username="owner")
    client = client_for(owner)
    made = client.post("/rooms/new", {"variant": "hungarian", "robots": 3, "rated": "on"})
    room = Room.objects.get(code=made["Location"].strip("/").split("/")[-1])
    assert room.rated and to_act(room) == [0]
    assert HINT_BUTTON not in page_of(client, room)
    refused(ask(client, room), 403, "The robot's hints are for unrated tables")
    assert computed == []


def test_the_daily_deal_has_no_hint(computed, monkeypatch):
    player = UserFactory(username="daily")
    client = client_for(player)
    made = client.post("/daily/hungarian/play")
    assert made.status_code == 302, made.content
    room = Room.objects.get(code=made["Location"].strip("/").split("/")[-1])
    assert room.fixed_seed and seat_of(room, player) in to_act(room)
    assert HINT_BUTTON not in page_of(client, room)
    refused(ask(client, room), 403, "The robot gives no hints in the daily deal")
    assert computed == [] and deals  # the daily deal's own module, as the daily views use it


def test_a_watcher_has_no_hint(computed):
    owner = UserFactory(username="owner")
    room = open_table(owner, robots=3)
    watcher = client_for(UserFactory(username="watcher"))
    assert HINT_BUTTON not in page_of(watcher, room)
    refused(ask(watcher, room), 403, "The robot's hints are for the players at this table")
    refused(ask(Client(), room), 403, "The robot's hints are for the players at this table")
    assert computed == []


def test_a_seat_not_to_act_has_no_hint(computed, friends_table):
    room, owner, friend = friends_table
    waiting = friend if to_act(room) == [0] else owner
    client = client_for(waiting)
    assert seat_of(room, waiting) not in to_act(room)
    assert HINT_BUTTON not in page_of(client, room)
    refused(ask(client, room), 409, "It is not your turn")
    assert computed == []


def test_a_stale_move_number_and_bad_input_are_refused(computed):
    owner = UserFactory(username="owner")
    client = client_for(owner)
    for _ in range(10):  # the owner to act after a move or more (all passing ends the hand: again)
        room = open_table(owner, robots=3)
        if room.current_hand().public_seq == 0:  # the owner opens: a move, the robots answer
            client.post(f"/r/{room.code}/act", {"action": legal_of(room, 0)[-1], "seq": 0})
        hand = room.current_hand()
        if not hand.is_over and hand.public_seq > 0:
            break
    assert not hand.is_over and to_act(room) == [0]
    refused(ask(client, room, hand.public_seq - 1), 409, "The table has moved on since you asked")
    refused(ask(client, room, hand.public_seq + 1), 409, "The table has moved on since you asked")
    refused(ask(client, room, "soon"), 400, "seq")
    assert client.get(f"/r/{room.code}/hint").status_code == 405
    assert computed == []


def test_the_hint_has_a_rate_per_user(settings, computed):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "hint": {"user": "2/h"}}
    owner = UserFactory(username="owner")
    room = table_with_a_choice(owner)
    client = client_for(owner)
    assert [ask(client, room).status_code for _ in range(2)] == [200, 200]
    response = ask(client, room)
    refused(response, 429, "Too many questions to the robot: try again in")
    assert 0 < int(response["Retry-After"]) <= 3600
    assert len(computed) == 2  # the refused question computed nothing
    # Another player is let in.
    other = UserFactory(username="other")
    second = table_with_a_choice(other)
    assert ask(client_for(other), second).status_code == 200
