"""``trick_review=last`` is honoured everywhere a player looks during play (issue 19 item 2):
no seat and no watcher reads the cards of a completed trick other than the last one, in the
page, ``view.json`` or any pushed fragment; the log says who played and who won each trick.

Every card was face up once; what the option withholds is reading old tricks back: which card
fell in which earlier trick. Once a card lies in a trick before the last, its id may appear
nowhere a viewer gets (no other place shows a played card during play, except the public call of
the partner's card), and the log's "plays <card>" line for it is gone from every response.
"""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any

import pytest
from channels.db import database_sync_to_async

from games import services
from games.bots import get_robot, seat_view
from games.live import push_diff
from games.page.cards import CARD_ID, card_label
from games.rules import EVERYONE, VARIANTS, get_variant
from games.rules.base import resolve_options
from games.rules.words import Msg
from games.services import replay
from games.tables import seating
from tests.factories import UserFactory
from tests.web.helpers import client_for, data_cards
from tests.web.sockets import connect, drain

# A game played through its pages: embedded phase only (see pyproject.toml's game_pages marker).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.game_pages]

# Every game that has the option (found from the data, not listed by name).
REVIEWING = sorted(key for key, v in VARIANTS.items() if any(o.name == "trick_review" for o in v.options))
VERSION = re.compile(r'data-version="(\d+)"')


@pytest.fixture(autouse=True)
def _fresh_shared_renders():
    seating.forget_all()
    push_diff._shared_renders.clear()


def earlier_tricks(full: dict[str, Any]) -> set[str]:
    """The cards of every completed trick but the last (``full``: the view with everything)."""
    return {c["card"] for t in full["tricks"][:-1] for c in t["cards"]}


def otherwise_known(view: dict[str, Any]) -> set[str]:
    """Cards the viewer of ``view`` knows for another reason than the trick they fell in: the
    partner card called or promised, its own talon cards, discards and talon shown face up, and
    every card a public log line other than a play names (a talon turned face up, a call)."""
    known = {view.get("called_card")}
    if view.get("promise"):
        known.add(view["promise"]["card"])
    seat = view["viewer"] if isinstance(view["viewer"], int) else None
    if seat is not None and view.get("talon_received"):
        known.update(view["talon_received"][seat] or [])
    for key in ("talon", "declarer_discarded_tarokks", "discarded_taroks", "exposed"):
        known.update(view.get(key) or [])
    for discard in view.get("discards") or []:
        known.update(discard or [])
    known.update(d["card"] for d in view.get("discarded_trumps") or [])
    known.update(g["card"] for g in view.get("klop_gifts") or [])
    for line in view["log"]:
        text = line["text"].english() if isinstance(line["text"], Msg) else line["text"]
        if not text.startswith("plays "):
            known.update(CARD_ID.findall(text))
    return {card for card in known if card}


def leaks(text: str, forbidden: set[str], variant: str) -> set[str]:
    """The forbidden cards ``text`` names: as a card id anywhere (markup, JSON, log data), or as
    the log's readable line "plays <card name>". The table rules' labels name cards of the
    rules, not of this hand ("Penalty for losing the mond (T21)"): they are left out."""
    for option in get_variant(variant).options:
        if option.label:
            text = text.replace(str(option.label), "")
    found = set(CARD_ID.findall(text)) & forbidden
    for card in forbidden:
        label = re.escape(card_label(card, variant))
        if re.search(rf"plays {label}(?![\w])", text):
            found.add(card)
    return found


def seats_with(variant: str, options: dict) -> int:
    rules = get_variant(variant)
    return rules.seat_count(resolve_options(rules.options, options))


@database_sync_to_async
def table(variant: str):
    users = [UserFactory() for _ in range(seats_with(variant, {"trick_review": "last"}))]
    room = services.create_room(users[0], variant, robots=0, options={"trick_review": "last"})
    for index, user in enumerate(users[1:], start=1):
        services.sit(room, user, index)
    return room, users


@database_sync_to_async
def move(room, users, rng) -> tuple[int, list[set[str]], bool]:
    """The seat to act moves as the basic robot would; the new public version, per viewer (the
    seats, then the audience) the earlier tricks' cards it knows no other way, and whether the
    hand is over."""
    hand = room.current_hand()
    variant = get_variant(hand.variant)
    state = replay.current(hand)
    seat = min(variant.to_act(state))
    legal = variant.legal_actions(state, seat)
    action = get_robot("basic").choose(seat_view(variant, state, seat), legal, rng)
    services.submit_action(hand.pk, seat, action, hand.seq, actor=users[seat])
    hand.refresh_from_db()
    state = replay.current(hand)
    if (
        variant.is_over(state) and len(variant.observe(state, EVERYONE)["tricks"]) < 3
    ):  # thrown in: deal again
        hand = services.next_hand(room, users[0], hand.number)
        state = replay.current(hand)
    earlier = earlier_tricks(variant.observe(state, EVERYONE))
    viewers = [*range(len(users)), "audience"]
    forbidden = [earlier - otherwise_known(variant.observe(state, viewer)) for viewer in viewers]
    return hand.number * 1_000_000 + hand.public_seq, forbidden, variant.is_over(state)


@database_sync_to_async
def responses(room, users) -> list[tuple[int, str]]:
    """Each viewer's page and view.json, as (viewer index, text); the audience is last."""
    out = []
    for who, user in enumerate([*users, None]):
        client = client_for(user)
        out.append((who, client.get(f"/r/{room.code}/").content.decode()))
        out.append((who, client.get(f"/r/{room.code}/view.json").content.decode()))
    return out


@pytest.mark.parametrize("variant", REVIEWING)
async def test_with_trick_review_last_nobody_reads_an_earlier_trick(variant):
    assert REVIEWING == ["czech", "hungarian", "slovenian3"]
    room, users = await table(variant)
    sockets = [await connect(f"/ws/r/{room.code}/", user) for user in [*users, None]]
    for socket in sockets:
        await drain(socket, quiet=0.05)
    rng = random.Random(19)
    forbidden_at: dict[int, list[set[str]]] = {}
    checked = 0
    for _ in range(400):
        version, forbidden, over = await move(room, users, rng)
        if over:
            break
        forbidden_at[version] = forbidden
        if not any(forbidden):
            continue  # nothing withheld yet: the pushes wait, each judged later by its version
        pushes = await asyncio.gather(*(drain(socket, quiet=0.05) for socket in sockets))
        for who, arrived in enumerate(pushes):
            for push in arrived:
                for shown in {int(v) for v in VERSION.findall(push)}:  # judged by the table it shows
                    judged = forbidden_at.get(shown)
                    if judged is None and shown // 1_000_000 != version // 1_000_000:
                        # A hand thrown in before its tricks (move() deals again): it shows its
                        # own cards, which may be this hand's earlier tricks' by chance.
                        judged = [set() for _ in sockets]
                    assert not leaks(push, (judged or forbidden)[who], variant), (who, push)
        if min(len(f) for f in forbidden) >= 2 * len(users):  # two earlier tricks withheld: look everywhere
            for who, text in await responses(room, users):
                assert not leaks(text, forbidden[who], variant), (who, leaks(text, forbidden[who], variant))
            checked += 1
            if checked == 2:
                break
    for socket in sockets:
        await socket.disconnect()
    assert checked == 2, "the hand never reached its fourth completed trick"


@pytest.mark.parametrize("variant", REVIEWING)
def test_with_trick_review_all_the_log_and_the_panel_name_every_earlier_trick(variant):
    """The control of the check above: with ``all`` it finds every earlier trick's cards, in the
    log of view.json and in the page's review panel."""
    review = "all"
    users = [UserFactory() for _ in range(seats_with(variant, {"trick_review": review}))]
    room = services.create_room(users[0], variant, robots=0, options={"trick_review": review})
    for index, user in enumerate(users[1:], start=1):
        services.sit(room, user, index)
    rules, rng = get_variant(variant), random.Random(5)
    while True:
        hand = room.current_hand()
        state = replay.current(hand)
        full = rules.observe(state, EVERYONE)
        if len(full["tricks"]) >= 3:
            break
        seat = min(rules.to_act(state))
        action = get_robot("basic").choose(
            seat_view(rules, state, seat), rules.legal_actions(state, seat), rng
        )
        services.submit_action(hand.pk, seat, action, hand.seq)
        hand.refresh_from_db()
        if hand.is_over and len(rules.observe(replay.current(hand), EVERYONE)["tricks"]) < 3:
            services.next_hand(room, users[0], hand.number)  # thrown in, or over early: deal again
    assert len(full["tricks"]) >= 3
    forbidden = (
        earlier_tricks(full)
        - otherwise_known(rules.observe(state, 1))
        - otherwise_known(rules.observe(state, "audience"))
    )
    data = client_for(users[1]).get(f"/r/{room.code}/view.json").json()
    named = leaks(str(data["view"]["log"]), forbidden, variant)
    page = client_for(None).get(f"/r/{room.code}/").content.decode()
    assert forbidden and named == forbidden
    assert data_cards(page) & forbidden == forbidden
    assert "plays a card" not in page
