"""Two viewers with different languages at one table each get their own language in every push
(issue 17): a Hungarian player, a Czech player and a Slovenian watcher at one Hungarian table,
through the auction and into the play, and a Czech table's receipt."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from games import services
from tests.factories import UserFactory
from tests.i18n.catalogues import english_on_page, readable_text
from tests.web.helpers import open_table
from tests.web.sockets import app, drain

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def make_table(variant: str):
    hungarian = UserFactory(username="hanna", language="hu")
    czech = UserFactory(username="jiri", language="cs")
    room = open_table(hungarian, robots=2, variant=variant)
    services.sit(room, czech, 1)
    names = {s.user.username for s in room.seats.select_related("user") if s.user}
    return room, hungarian, czech, names


async def connect(code: str, user, accept_language: str = "en") -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(
        app, f"/ws/r/{code}/", headers=[(b"accept-language", accept_language.encode())]
    )
    communicator.scope["user"] = user
    connected, _ = await communicator.connect()
    assert connected
    return communicator


@database_sync_to_async
def move_someone(room, users) -> bool:
    """One move of a person to act (the first legal one), False once the hand is over."""
    hand = room.current_hand()
    if hand.is_over:
        return False
    from games.rules import get_variant
    from games.services import replay

    variant = get_variant(hand.variant)
    state = replay.current(hand)
    for seat in hand.to_act:
        if seat in users:
            legal = variant.legal_actions(state, seat)
            services.submit_action(hand.pk, seat, legal[0], hand.seq, actor=users[seat])
            return True
    return True  # robots are to act: their moves come by themselves


def assert_in_language(pushed: list[str], code: str, names: set[str], who: str) -> str:
    text = "\n".join(readable_text(html) for html in pushed)
    found = english_on_page(text, code, names)
    lines = [line.strip() for line in text.splitlines() if any(w in line.lower() for w in found)]
    assert not found, f"{who} ({code}) was pushed English: {sorted(found)} in {lines[:5]}"
    return text


@pytest.mark.parametrize("variant", ["hungarian", "czech"])
async def test_each_viewer_gets_every_push_in_their_own_language(variant):
    room, hungarian, czech, names = await make_table(variant)
    viewers = {
        "hanna": (await connect(room.code, hungarian, "en"), "hu"),  # her account's choice wins
        "jiri": (await connect(room.code, czech, "hu"), "cs"),
        "watcher": (await connect(room.code, AnonymousUser(), "sl-SI,sl;q=0.9"), "sl"),
    }
    texts: dict[str, list[str]] = {name: [] for name in viewers}
    for name, (socket, code) in viewers.items():
        texts[name].append(assert_in_language(await drain(socket), code, names, name))
    for _ in range(12):
        if not await move_someone(room, {0: hungarian, 1: czech}):
            break
        for name, (socket, code) in viewers.items():
            pushed = await drain(socket)
            texts[name].append(assert_in_language(pushed, code, names, name))
    # Three languages, three different pages: no viewer got another's render.
    firsts = {name: parts[0] for name, parts in texts.items()}
    assert len(set(firsts.values())) == 3
    for socket, _code in viewers.values():
        await socket.disconnect()
