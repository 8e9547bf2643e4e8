"""The markup contract, through whole hands: at every decision of the person's seat the page
offers exactly the legal actions as enabled ``data-action`` controls (the announcement panel,
kontras, bids, calls, cards), and the announcement items with their kontra levels are shown
to everyone at the table, the audience included."""

from __future__ import annotations

import re

import pytest

from games.models import Room
from tests.factories import UserFactory
from tests.web.helpers import client_for, data_cards, hidden_from

pytestmark = pytest.mark.django_db(transaction=True)

ACTION_ATTR = re.compile(r'<button[^>]*data-action="([^"]+)"[^>]*>')


def offered(html: str) -> set[str]:
    """Every enabled control's action (the discard button carries none until cards are chosen)."""
    return {m.group(1) for m in ACTION_ATTR.finditer(html) if " disabled" not in m.group(0)}


def prefer_announcements(legal: list[str]) -> str:
    """Announce and kontra whenever possible (but only once per turn), else the last choice."""
    calls = [a for a in legal if a.startswith(("announce:", "kontra:", "rekontra:"))]
    if calls:
        return calls[0]
    return "pass" if "pass" in legal and len(legal) > 1 and legal[0] == "pass" else legal[-1]


def test_every_decision_offers_exactly_the_legal_actions_and_items_are_public():
    user = UserFactory()
    client, audience = client_for(user), client_for(None)
    seen_items = seen_kontra = seen_announce_controls = False
    for _ in range(12):
        response = client.post("/rooms/new", {"variant": "hungarian", "robots": 3})
        room = Room.objects.get(code=response["Location"].strip("/").split("/")[-1])
        for _ in range(120):
            view = client.get(f"/r/{room.code}/view.json").json()
            if view["phase"] == "over":
                break
            page = client.get(f"/r/{room.code}/").content.decode()
            legal = set(view["legal"])
            expected = {a for a in legal if not a.startswith("discard:")}
            assert offered(page) == expected, view["phase"]
            seen_announce_controls |= any(a.startswith("announce:") for a in legal)
            if view["view"]["items"]:
                watcher = audience.get(f"/r/{room.code}/").content.decode()
                # Compare with the table as the watcher's page showed it (a page load may let
                # a due robot move first).
                hand = room.current_hand()
                assert f'data-seq="{hand.seq}"' in watcher
                assert 'id="announcements"' in watcher
                for item in view["view"]["items"]:
                    assert f'data-item="{item["item"]}" data-item-side="{item["side"]}"' in watcher
                    seen_items = True
                    seen_kontra |= item["level"] > 0
                assert not data_cards(watcher) & hidden_from(hand, None)
            action = prefer_announcements(view["legal"])
            answer = client.post(f"/r/{room.code}/act", {"action": action, "seq": view["seq"]})
            assert answer.status_code == 200, answer.content
        if seen_items and seen_kontra and seen_announce_controls:
            break
    assert seen_announce_controls and seen_items and seen_kontra
