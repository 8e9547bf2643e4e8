"""Bridge in the web tests: tables of people with written-out deals, and the leak checks of
bridge.md §13 (a seat sees its own hand and its own drawn cards, everyone sees the counts, the
stack and every decision; nobody but staff ever sees the blind; all hands after the round)."""

from __future__ import annotations

from typing import Any

from games import services
from games.models import Hand, Room
from games.rules import EVERYONE, get_variant
from games.rules.bridge.pack import PACK_36
from games.services import replay
from tests.factories import UserFactory
from tests.web.helpers import client_for, data_cards, json_strings


def people(players: int, **options: Any) -> tuple[Room, list[Any]]:
    """A Bridge table of ``players`` people (no robots): the first round is dealt."""
    users = [UserFactory() for _ in range(players)]
    room = services.create_room(users[0], "bridge", 0, {"players": players, **options})
    for seat, user in enumerate(users[1:], start=1):
        services.sit(room, user, seat)
    return room, users


def deal_round(room: Room, hands: list[str], starter: int, blind: str = "") -> Hand:
    """The current round, not yet begun, given these hands (display order does not matter)
    and ``starter``; the blind is ``blind`` (top first) or else the rest of the pack in pack
    order. Safe only before any action: the log is the deal plus the actions."""
    hand = room.current_hand()
    assert hand.seq == 0, "a deal can be written out only before the first action"
    dealt = [h.split() for h in hands]
    used = {c for h in dealt for c in h}
    talon = blind.split() if blind else [c for c in PACK_36 if c not in used]
    hand.deal = {"hands": dealt, "talon": talon}
    hand.context = {**hand.context, "dealer": starter}
    hand.to_act = [starter]
    hand.save()
    replay.forget_all()  # the state of the random deal may be cached
    return hand


def full_view(hand: Hand) -> dict[str, Any]:
    return get_variant("bridge").observe(replay.current(hand), EVERYONE)


def bridge_hidden_from(hand: Hand, seat: int | None) -> set[str]:
    """Cards ``seat`` (None: the audience) may not see now. While the round runs: every card
    of the blind and every card in another seat's hand (which includes the cards it drew).
    Once it is over every hand is shown, and with them the hands as dealt (§13), so the
    blind's cards could be worked out; its order never (``assert_bridge_view``), and a blind
    card that nobody was dealt or played is still never shown."""
    full = full_view(hand)
    hidden = set(full["blind"])
    if full["phase"] != "over":
        for index, cards in enumerate(full["hands"]):
            if index != seat:
                hidden.update(cards)
        return hidden
    seen = {card for cards in full["deal"]["hands"] for card in cards} | played_cards(full)
    return hidden - seen


def played_cards(view: dict[str, Any]) -> set[str]:
    """Every card the public log says was played this round (some may since have been
    shuffled back into the blind: they were seen face up, so naming them tells nothing)."""
    texts = [str(entry["text"]) for entry in view["log"]]  # a message in English, or its text
    return {text.split()[1] for text in texts if text.startswith("plays ")}


def assert_bridge_view(view: dict[str, Any], seat: int | None, hidden: set[str]) -> None:
    """A view.json ``view`` keeps §13 for ``seat``."""
    over = view["phase"] == "over"
    assert view["blind"] is None
    assert view["deal"] is None or view["deal"]["blind"] is None
    if seat is None:
        assert view["hand"] == [] and view["drawn"] == []
    if not over:
        assert view["deal"] is None
        for index in range(view["seats"]):
            if index != seat:
                assert view["hands"][index] is None and view["hand_points"][index] is None
    # The run and the move in progress name cards that were played, face up; after a
    # reshuffle some of them lie in the blind, which is why they are checked apart.
    history = set(view["run_cards"]) | set((view["move"] or {}).get("cards") or [])
    assert history <= played_cards(view), history - played_cards(view)
    rest = {key: value for key, value in view.items() if key not in ("run_cards", "move")}
    leaked = json_strings(rest) & hidden
    assert not leaked, (view["phase"], leaked)


def assert_clean(client: Any, room: Room, seat: int | None) -> dict[str, Any]:
    """The seat's (None: the audience's) page and view.json show nothing it may not see;
    returns the view.json."""
    return checked(client, room, seat)[0]


def checked(client: Any, room: Room, seat: int | None) -> tuple[dict[str, Any], str]:
    """``assert_clean``, returning the view.json and the page it checked."""
    hand = room.current_hand()
    hidden = bridge_hidden_from(hand, seat)
    page = client.get(f"/r/{room.code}/").content.decode()
    assert not data_cards(page) & hidden, (hand.phase, data_cards(page) & hidden)
    data = client.get(f"/r/{room.code}/view.json").json()
    assert data["seat"] == seat
    envelope = {key: value for key, value in data.items() if key != "view"}
    assert not json_strings(envelope) & hidden, (hand.phase, json_strings(envelope) & hidden)
    assert_bridge_view(data["view"], seat, hidden)
    return data, page


def clients(users: list[Any]) -> list[Any]:
    return [client_for(user) for user in users]
