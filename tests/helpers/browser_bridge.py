"""A Bridge table in Chromium: the written-out deal the guest opens with (two 8s, then a jack)
and one legal control clicked. Used by tests/browser/test_bridge_in_browser.py and the
accessibility, guest signup, history and pace tests."""

from __future__ import annotations

import subprocess
import sys

from games.rules.bridge.pack import PACK_36
from tests.browser.conftest import ROOT
from tests.helpers.browser_play import wait_past_click

# The guest (seat 0) starts: two 8s to open (next or spread?), then the jack (a wish).
GUEST = "H8 S8 CJ D9 C10"
ROBOTS = ["HA SK D7 C6 HQ", "DA S10 H9 CQ D6"]
# What the guest clicks when it may, before playing a card, drawing or stopping.
PREFERRED = ("eights:spread", "wish:D", "bridge", "jpoints:minus")


def write_out_the_deal(site, code: str) -> None:
    """Seat the two robots (the host's own choice on the room page, here through the same
    service) and give the round that this deals the written-out hands, before any action."""
    hands = [GUEST.split(), *(h.split() for h in ROBOTS)]
    used = {c for h in hands for c in h}
    script = f"""
from django.db import transaction
from games import services
from games.models import Room
room = Room.objects.get(code={code!r})
with transaction.atomic():
    services.set_robot(room, room.created_by, 1, "basic")
    services.set_robot(room, room.created_by, 2, "basic")
    hand = room.current_hand()
    assert hand.seq == 0
    hand.deal = {{"hands": {hands!r}, "talon": {[c for c in PACK_36 if c not in used]!r}}}
    hand.context = {{**hand.context, "dealer": 0}}
    hand.to_act = [0]
    hand.save()
"""
    # No robot may move in this process: the site's own process moves them once the page asks.
    env = {**site.env, "TAROKK_ROBOT_RUNNER": "off"}
    command = [sys.executable, "manage.py", "shell", "-c", script]
    subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True)


def click_bridge_control(page) -> str | None:
    """Click one legal control (a choice first, then the first playable card, then draw or end
    the move); None once the round is over."""
    page.wait_for_function(
        "() => document.querySelector('#result h2') || "
        "document.querySelector('#hand [data-action], #controls [data-action]')",
        timeout=30_000,
    )
    if page.locator("#result h2").count():
        return None
    actions = page.evaluate(
        "() => [...document.querySelectorAll('#controls [data-action], #hand [data-action]')]"
        ".map(e => e.dataset.action)"
    )
    if not actions:
        return "wait"
    choice = next((a for a in PREFERRED if a in actions), None)
    if choice is None:
        plays = [a for a in actions if a.startswith("play:")]
        choice = plays[0] if plays else actions[0]
    page.evaluate("() => { window.__clickedAt = document.querySelector('#status').dataset.seq }")
    page.locator(f'[data-action="{choice}"]').first.click()
    wait_past_click(page)
    return choice
