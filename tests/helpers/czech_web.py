"""A Czech table driven through the web and the services: opened by a form post
(``open_czech``), a player who takes part in everything (``first_choice``), four people played
on to a phase (``drive_to_phase``). Used by tests/web/test_czech_web.py,
test_abandoned_seats.py and test_bench_player.py."""

from __future__ import annotations

from games import services
from games.models import Hand, Room
from games.rules import get_variant
from games.services import replay


def open_czech(client, robots: int = 3, level: str = "random", **options) -> Room:
    data = {"variant": "czech", "robots": robots, "robot_level": level, **options}
    response = client.post("/rooms/new", data)
    assert response.status_code == 302, response.content
    return Room.objects.get(code=response["Location"].strip("/").split("/")[-1])


def first_choice(phase: str, legal: list[str]) -> str:
    """A player who takes part in everything: knocks, says prever now and then, offers,
    declares, calls contra; otherwise the first legal action."""
    for wanted in ("knock:345", "offer", "declare", "contra", "rhea-contra", "supra-contra", "iote"):
        if wanted in legal:
            return wanted
    return legal[0]


def drive_to_phase(room: Room, until: str, choose=None) -> Hand:
    """Play a four-person table through the services until the phase ``until`` (or the end)."""
    variant = get_variant("czech")
    for _ in range(300):
        hand = room.current_hand()
        state = replay.current(hand)
        view = variant.observe(state, "everyone")
        if view["phase"] in (until, "over"):
            return hand
        (seat, *_) = sorted(variant.to_act(state))
        legal = variant.legal_actions(state, seat)
        action = (choose or (lambda phase, legal: "pass" if "pass" in legal else legal[0]))(
            view["phase"], legal
        )
        services.submit_action(hand.pk, seat, action, hand.seq)
    raise AssertionError("the phase never came")
