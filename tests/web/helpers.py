"""Shared helpers for the web tests: tables, card sets, leak checks."""

from __future__ import annotations

import json
import re
from typing import Any

from django.test import Client

from games import services
from games.models import Hand, Room

CARD_ATTR = re.compile(r'data-card="([^"]+)"')


def open_table(user: Any, robots: int = 3, variant: str = "hungarian", **options: Any) -> Room:
    return services.create_room(user, variant, robots, options or None)


def client_for(user: Any | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _message_json(value: Any) -> Any:
    from games.rules.words import Msg

    if isinstance(value, Msg):
        return [value.english(), *(str(v) for v in value.params.values())]
    raise TypeError(f"{type(value).__name__} is not JSON")


def json_strings(data: Any) -> set[str]:
    """Every string inside a JSON value (card ids show up as whole strings)."""
    found: set[str] = set()
    # A rules-core message (games.rules.words.Msg) is its words and its parameters.
    for match in re.findall(r'"((?:[^"\\]|\\.)*)"', json.dumps(data, default=_message_json)):
        found.add(match)
        found.update(match.split(":", 1)[-1].split(","))
    return found


def data_cards(html: str) -> set[str]:
    return set(CARD_ATTR.findall(html))


def hidden_from(hand: Hand, seat: int | None) -> set[str]:
    """Cards that ``seat`` (None: the audience) may not know right now: every card still in
    another seat's hand, plus the talon cards and discards that are not its own; nothing once
    the hand is over (every game shows all hands and the talon then).

    Face-up cards are public whoever holds them now: cards played to tricks; the discarded
    tarokks and taroks shown face up (Hungarian §5.2, Czech, Slovenian §5.1); the talon sets a
    Czech prever rejected; the Slovenian talon turned face up in three, two and one, the klop
    talon cards once taken and the open beggar's exposed hand (slovenian3.md §13).
    """
    from games.rules import EVERYONE, get_variant
    from games.services import replay

    if hand.variant == "bridge":  # no talon or tricks: its own door (bridge.md §13)
        from tests.web.bridge_helpers import bridge_hidden_from

        return bridge_hidden_from(hand, seat)
    return hidden_in(get_variant(hand.variant).observe(replay.current(hand), EVERYONE), seat)


def hidden_in(full: dict[str, Any], seat: int | None) -> set[str]:
    """``hidden_from`` for the view with everything (``observe(state, EVERYONE)``) of a state."""
    if full["phase"] == "over":
        return set()
    hidden: set[str] = set()
    for index, cards in enumerate(full["hands"]):
        if index != seat:
            hidden.update(cards or [])
    received = full.get("talon_received") or [None] * len(full["hands"])
    talon_seen = set(received[seat] or []) if seat is not None else set()
    prever_talon = full.get("prever_talon")
    if prever_talon and seat is not None and seat == full["declarer"]:
        talon_seen.update(prever_talon["seeing"] or [])  # the Czech prever's private look
    hidden.update(set(full["talon"] or []) - talon_seen)
    for index, discard in enumerate(full["discards"] or []):
        if index != seat and discard:
            hidden.update(discard)
    # Cards played to tricks are public whoever held them, and so are the tarokks the declarer
    # discarded (§5.2), even when they came from the talon.
    public = {c["card"] for t in full["tricks"] or [] for c in t["cards"]}
    if full["trick"]:
        public.update(c["card"] for c in full["trick"]["cards"])
    public.update(full.get("declarer_discarded_tarokks") or [])
    # Czech: every discarded tarokk, and every talon set the prever rejected, is face up.
    public.update(d["card"] for d in full.get("discarded_trumps") or [])
    for rejected in (full.get("prever_talon") or {}).get("rejected") or []:
        public.update(rejected)
    # Slovenian: the talon face up in groups, the discarded taroks, the klop gifts taken, the
    # open beggar's hand while it lies face up.
    if full.get("talon_groups"):
        public.update(full["talon"] or [])
    public.update(full.get("discarded_taroks") or [])
    public.update(g["card"] for g in full.get("klop_gifts") or [])
    public.update(full.get("exposed") or [])
    return hidden - public


def play_until_over(room: Room, user: Any, client: Client, pick=lambda legal: legal[0]) -> dict[str, Any]:
    """Play the user's seat through the HTTP interface until the hand is over."""
    for _ in range(200):
        view = client.get(f"/r/{room.code}/view.json").json()
        if view["phase"] == "over":
            return view
        if view["legal"]:
            response = client.post(f"/r/{room.code}/act", {"action": pick(view["legal"]), "seq": view["seq"]})
            assert response.status_code == 200, response.content
        else:
            raise AssertionError(f"nobody can act: {view['to_act']} in {view['phase']}")
    raise AssertionError("the hand did not end")


def run_in_a_site_process(code: str, directory: Any) -> str:
    """What ``code`` prints, run by Python in a process of its own that may load the site (its
    ASGI application, as Daphne does) on a database in ``directory``; the robots stay off."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tarokk_site.settings",
        "TAROKK_ROBOT_RUNNER": "off",
        "DATABASE_URL": f"sqlite:///{Path(directory) / 'db.sqlite3'}",
    }
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def play_out(room: Room, *users: Any, pick=lambda legal: legal[0]) -> Hand:
    """Each user's seat plays ``pick`` of its legal actions until the hand is over."""
    clients = [client_for(u) for u in users]
    for _ in range(400):
        hand = room.current_hand()
        if hand.is_over:
            return hand
        for client in clients:
            view = client.get(f"/r/{room.code}/view.json").json()
            if view["legal"]:
                response = client.post(
                    f"/r/{room.code}/act", {"action": pick(view["legal"]), "seq": view["seq"]}
                )
                assert response.status_code == 200, response.content
    raise AssertionError("the hand did not end")
