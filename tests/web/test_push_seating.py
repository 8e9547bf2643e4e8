"""A move's push reads what its message does not say from what the process remembers of the
room (games.tables.seating): nothing from the database while the seating is unchanged, the
seating afresh once it changed, even when this process never heard of the change; and a
viewer's pages (watchers alike, a player's tabs) share one render."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from games import services
from games.live import consumers, push_diff
from games.page.context import room_context
from games.rules import get_variant
from games.services import broadcast, replay
from tests.factories import UserFactory
from tests.web.helpers import data_cards, hidden_from
from tests.web.page_model import apply

pytestmark = pytest.mark.django_db(transaction=True)


class Messages:
    """The room's ``room.changed`` messages, as the channel layer would hand them to this
    process's pages; ``lost`` while set, the messages never arrive here."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.sent: list[dict[str, Any]] = []
        self.lost = False
        monkeypatch.setattr(broadcast, "_send", self.send)

    def send(self, group: str, message: dict[str, Any]) -> None:
        if message["type"] == "room.changed" and not self.lost:
            self.sent.append(message)

    def take(self) -> list[dict[str, Any]]:
        taken, self.sent = self.sent, []
        return taken


class Page(consumers.RoomConsumer):
    """A room socket's consumer that also holds the page as its pushes leave it (``held``: its
    partials by name, tests.web.page_model)."""

    held: dict[str, str]

    def _render(self, change, full, chat=False):
        pushed = super()._render(change, full, chat)
        apply(self.held, pushed)
        return pushed


def page_of(room, user) -> Page:
    """A room socket's consumer, as connected (its snapshot rendered)."""
    page = Page()
    page.held = {}
    page.scope = {"user": user}
    page.room_id = room.pk
    page.shown = push_diff.Shown()
    page._render(None, True)
    return page


def move(room, seat: int, rng: random.Random, actor=None) -> None:
    hand = room.current_hand()
    variant = get_variant(hand.variant)
    legal = variant.legal_actions(replay.current(hand), seat)
    bids = [a for a in legal if a.startswith("bid:")]
    if bids and "hold" not in legal:
        action = bids[-1]  # somebody bids, so the hand is played rather than thrown in
    else:
        action = "pass" if "pass" in legal else rng.choice(legal)
    services.submit_action(hand.pk, seat, action, hand.seq, actor=actor)


def seats_after(page: Page, change, full: bool = False) -> str:
    """The seats ``page`` shows after its push of ``change``."""
    page._render(change, full)
    return page.held["seats"]


def four_people(variant: str = "hungarian") -> tuple[Any, list[Any]]:
    users = [UserFactory(username=f"sitter{i}") for i in range(4)]
    room = services.create_room(users[0], variant, robots=0)
    for seat, user in enumerate(users[1:], start=1):
        services.sit(room, user, seat)
    return room, users


def human_move(room, users, rng: random.Random) -> None:
    """The (first) person to act moves; robots at the table answer at once (inline)."""
    hand = room.current_hand()
    seat = hand.to_act[0]
    move(room, seat, rng, actor=users[seat])


def test_a_move_reads_nothing_while_the_seating_is_unchanged(monkeypatch):
    messages = Messages(monkeypatch)
    owner = UserFactory()
    room = services.create_room(owner, "czech", robots=3)
    viewers = [owner, owner, UserFactory(), AnonymousUser()]  # the player in two tabs, two watchers
    pages_ = [page_of(room, user) for user in viewers]
    messages.take()
    rng = random.Random(3)
    moves = 0
    while not room.current_hand().is_over:
        hand = room.current_hand()
        for seat in hand.to_act:
            move(room, seat, rng, actor=owner if seat == 0 else None)
        for message in messages.take():
            change = broadcast.Change.of(message)
            assert change.is_move and change.seating is not None
            with CaptureQueriesContext(connection) as queries:
                html = [page._render(change, False) for page in pages_]
            if not change.over:  # the last move reads the result, and the chat the hand's end opens
                assert queries.captured_queries == []
            assert html[0] == html[1]  # two tabs of one seat show the same
            assert not data_cards(html[2]) & hidden_from(room.current_hand(), None)
            moves += 1
    assert moves > 20


def test_a_move_made_by_another_process_is_followed_from_its_message(monkeypatch):
    # The writer is another process: the state it computed stays there; this process holds
    # the state before the move, and the message says the move.
    messages = Messages(monkeypatch)
    owner = UserFactory()
    room = services.create_room(owner, "czech", robots=3)
    page = page_of(room, owner)
    messages.take()
    rng = random.Random(5)
    remember = replay.remember
    followed = 0
    while not room.current_hand().is_over and followed < 30:
        hand = room.current_hand()
        seat = hand.to_act[0]
        monkeypatch.setattr(replay, "remember", lambda *args: None)
        move(room, seat, rng, actor=owner if seat == 0 else None)
        monkeypatch.setattr(replay, "remember", remember)
        for message in messages.take():
            change = broadcast.Change.of(message)
            assert (change.seat, change.action) == tuple(
                room.current_hand().actions.filter(seq=change.seq).values_list("seat", "action").get()
            )
            with CaptureQueriesContext(connection) as queries:
                page._render(change, False)
            if not change.over:
                assert queries.captured_queries == []  # neither the hand nor its log read
                assert replay.held(change.hand)[0] == change.seq
                followed += 1
    assert followed >= 10


def test_a_player_in_two_tabs_is_rendered_once_per_change(monkeypatch):
    messages = Messages(monkeypatch)
    room, users = four_people()
    contexts = []

    class CountingLive(push_diff.Live):
        def __init__(self, context):
            super().__init__(context)
            contexts.append(context["me"])

    monkeypatch.setattr(push_diff, "Live", CountingLive)
    tabs = [page_of(room, users[1]), page_of(room, users[1]), page_of(room, users[2])]
    messages.take()
    contexts.clear()
    human_move(room, users, random.Random(1))
    (message,) = messages.take()
    pushed = [tab._render(broadcast.Change.of(message), False) for tab in tabs]
    assert contexts == [1, 2]  # seat 1 once for its two tabs, seat 2 its own
    assert pushed[0] == pushed[1] and pushed[0] != pushed[2]
    assert not data_cards(pushed[0]) & hidden_from(room.current_hand(), 1)


def test_a_robot_taking_a_seat_shows_on_the_next_push(monkeypatch):
    messages = Messages(monkeypatch)
    room, users = four_people()
    page = page_of(room, users[0])
    rng = random.Random(5)
    human_move(room, users, rng)
    for message in messages.take():
        page._render(broadcast.Change.of(message), False)
    assert "sitter2" in seats_after(page, None, True)

    services.leave(room, users[2])  # a robot keeps the seat: the change says "read it all"
    change, *_robots_moves = messages.take()  # the robot may be to act: it moves at once
    assert not broadcast.Change.of(change).is_move
    seats = seats_after(page, broadcast.Change.of(change))
    assert "sitter2" not in seats and "Robot 3" in seats


@pytest.mark.parametrize("what", ["a robot takes a seat", "a player is renamed"])
def test_a_seat_change_this_process_never_heard_of_shows_at_the_next_move(monkeypatch, what):
    """The message of the seat's change is lost to this process (or its pages opened after it
    and before the move): the move's message carries the room's seating version, newer than
    the one remembered, so the seating is read again."""
    messages = Messages(monkeypatch)
    room, users = four_people()
    page = page_of(room, users[0])
    rng = random.Random(8)
    human_move(room, users, rng)
    for message in messages.take():
        page._render(broadcast.Change.of(message), False)

    messages.lost = True
    if what == "a robot takes a seat":
        services.leave(room, users[2])
    else:
        with transaction.atomic():
            users[2].username = "renamed2"
            users[2].save(update_fields=["username"])
            services.player_renamed(None, user=users[2])  # as a guest signing up does
    messages.lost = False

    for _ in range(20):  # robots answer at once: until the next person's move
        if messages.sent or room.current_hand().is_over:
            break
        human_move(room, users, rng)
    (message, *_others) = messages.take()
    change = broadcast.Change.of(message)
    assert change.is_move
    seats = seats_after(page, change)
    assert "sitter2" not in seats
    assert ("Robot 3" if what == "a robot takes a seat" else "renamed2") in seats


def test_a_move_overtaken_by_a_newer_one_shows_the_newer(monkeypatch):
    """Messages from two processes may arrive out of order: the older one renders the newest
    state known, never takes the page back."""
    messages = Messages(monkeypatch)
    room, users = four_people()
    page = page_of(room, users[0])
    messages.take()
    rng = random.Random(2)
    human_move(room, users, rng)
    human_move(room, users, rng)
    first, second = messages.take()
    page._render(broadcast.Change.of(second), False)
    assert page._render(broadcast.Change.of(first), False) == ""
    assert page.shown.version == room_context(room, users[0])["version"]


def test_a_change_says_what_its_message_carries():
    bare = broadcast.Change.of({"type": "room.changed", "id": "c1"})
    assert bare == broadcast.Change(id="c1") and not bare.is_move
    message = {"type": "room.changed", "id": "c2", "hand": 7, "seq": 3, "to_act": [1, 2], "over": False}
    assert broadcast.Change.of(message) == broadcast.Change(id="c2", hand=7, seq=3, to_act=(1, 2))
    assert broadcast.Change.of("c3") == broadcast.Change(id="c3")
