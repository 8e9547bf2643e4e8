"""End to end in Chromium, Bridge: a guest opens a table for three with two robots from the
lobby and plays a round by clicking, the choices included (a written-out deal makes the guest
open with two 8s and then a jack, so the 8s choice and the wish come up), while an audience
page follows live and never shows a card of a hand or of the blind; then staff step through
the round in the inspector. Screenshots of each phase, desktop and phone, go to
test-artifacts/screenshots/bridge/ (git-ignored) for people to look at."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

from games.rules import EVERYONE, Deal, HandContext, get_variant
from tests.browser.conftest import ROOT, unfold_opening_form
from tests.helpers.browser_bridge import click_bridge_control, write_out_the_deal
from tests.helpers.browser_play import SNAPSHOT, status

SHOTS = ROOT / "test-artifacts" / "screenshots" / "bridge"
DESKTOP = {"width": 1366, "height": 800}
PHONE = {"width": 390, "height": 844}


def shoot(page, name: str) -> None:
    """``name``-desktop.png and ``name``-phone.png of the whole page."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=str(SHOTS / f"{name}-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(SHOTS / f"{name}-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)


def hidden_at(db_path: Path, code: str, hand_no: int, seq: int) -> set[str]:
    """The cards in every hand and in the blind after move ``seq`` (none once the round is over
    but the blind), rebuilt from the site's database."""
    with sqlite3.connect(db_path) as db:
        hand_id, deal, context = db.execute(
            "select h.id, h.deal, h.context from games_hand h join games_room r on r.id = h.room_id "
            "where r.code = ? and h.number = ?",
            (code, hand_no),
        ).fetchone()
        actions = db.execute(
            "select seat, action from games_handaction where hand_id = ? and seq <= ? order by seq",
            (hand_id, seq),
        ).fetchall()
    variant = get_variant("bridge")
    state = variant.new_hand(Deal.from_json(json.loads(deal)), HandContext.from_json(json.loads(context)))
    for seat, action in actions:
        state = variant.apply(state, seat, action)
    view = variant.observe(state, EVERYONE)
    hidden = set(view["blind"])
    if view["phase"] != "over":
        hidden.update(c for hand in view["hands"] for c in hand)
    return hidden


def test_a_guest_plays_a_bridge_round_with_robots_while_the_audience_watches(site, browser):
    player_ctx, audience_ctx = browser.new_context(viewport=DESKTOP), browser.new_context(viewport=DESKTOP)
    player = player_ctx.new_page()
    errors: list[str] = []
    player.on("pageerror", lambda e: errors.append(str(e)))

    # The lobby: Bridge's seat count decides the robots choice; strong does not play it yet.
    player.goto(site.url + "/")
    player.get_by_role("button", name="Play as guest").first.click()
    unfold_opening_form(player)
    player.locator('.new-room select[name="variant"]').select_option("bridge")
    box = player.locator('[data-options-for="bridge"]')
    assert box.get_attribute("open") is not None  # the seat count is shown at once
    box.locator('select[name="players"]').select_option("2")
    assert player.locator("#robots option").all_inner_texts() == ["1 robot (play now)", "no robots, 1 friend"]
    box.locator('select[name="players"]').select_option("4")
    assert len(player.locator("#robots option").all_inner_texts()) == 4
    box.locator('select[name="players"]').select_option("3")
    assert player.locator("#robots option").all_inner_texts()[0] == "2 robots (play now)"
    strong = player.locator('#robot-level option[value="strong"]')
    assert strong.is_disabled() == ("bridge" not in (strong.get_attribute("data-variants") or "").split())
    shoot(player, "01-lobby")
    # Robots are seated once the deal is written out (below): a table of the guest alone first.
    player.locator("#robots").select_option("0")
    player.locator("#new-room").click()
    player.wait_for_url("**/r/*/")
    code = player.url.rstrip("/").split("/")[-1]
    write_out_the_deal(site, code)
    player.reload()
    player.wait_for_selector("#connection.ok")
    assert "Bridge" in player.locator("h1").inner_text()
    assert player.locator('#status[data-phase="play"]').count() == 1

    audience = audience_ctx.new_page()
    audience.goto(f"{site.url}/r/{code}/")
    audience.wait_for_selector("#connection.ok")
    assert audience.locator("#hand [data-card]").count() == 0
    shoot(player, "02-opening")

    seen: list[tuple[int, int, list[str]]] = []
    clicked: list[str] = []
    shot: set[str] = set()
    # The keyboard plays as well: "1" plays the first card that may be played, 8♥.
    player.keyboard.press("1")
    player.wait_for_function("() => document.querySelector('#status').dataset.seq == '1'")
    clicked.append("play:H8")
    for _ in range(300):
        phase = player.locator("#status").get_attribute("data-phase")
        if (
            phase in ("eights", "wish", "bridge", "jpoints")
            and phase not in shot
            and player.locator("#controls [data-action]").count()
        ):
            shoot(player, f"03-{phase}")
            shot.add(phase)
        if "drawn" not in shot and player.locator("#hand .card.drawn").count():
            shoot(player, "04-drawn")
            shot.add("drawn")
        action = click_bridge_control(player)
        if action is None:
            break
        if action != "wait":
            clicked.append(action)
        hand_no, seq, cards = audience.evaluate(SNAPSHOT)
        seen.append((int(hand_no), int(seq), cards))
        if len(clicked) == 4:
            shoot(audience, "05-audience")
    hand_no, seq, phase = status(player)
    assert phase == "over"
    assert clicked[:4] == ["play:H8", "play:S8", "eights:spread", "play:CJ"] and clicked[4] == "wish:D"
    assert player.locator("#result .bridge-receipt [data-payment-seat]").count() == 3
    shoot(player, "06-round-over")
    audience.wait_for_function(f"() => document.querySelector('#status').dataset.seq == '{seq}'")
    assert audience.locator("#result .bridge-receipt").count() == 1  # the end, live
    shoot(audience, "07-audience-round-over")
    for h, s, cards in seen:
        leaked = set(cards) & hidden_at(site.db_path, code, h, s)
        assert not leaked, f"the audience saw {leaked} at move {s}"
    assert len({s for _, s, _ in seen}) > 5
    # The next round: the highest total starts it.
    player.locator("#next-hand").click()
    player.wait_for_function("() => document.querySelector('#status').dataset.handNo == '2'")
    assert "Round 2" in player.locator("#status").inner_text()
    assert not errors, errors

    # Staff step through the round in the inspector, with the keyboard.
    hand_id, last_seq = site.first_hand(code)
    staff = site.staff_page(browser, DESKTOP)
    staff.goto(f"{site.url}/staff/hands/{hand_id}/?step=0")
    assert staff.locator("[data-inspect-seat] [data-card]").count() == 15  # every hand at the deal
    assert staff.locator("[data-blind-order] [data-card]").count() == 21  # the blind, top first
    staff.keyboard.press("ArrowRight")
    staff.wait_for_url(f"**/staff/hands/{hand_id}/?step=1")
    assert staff.locator('#stack [data-top="H8"]').count() == 1
    shoot(staff, "08-inspector-step-1")
    staff.keyboard.press("End")
    staff.wait_for_url(f"**/staff/hands/{hand_id}/?step={last_seq}")
    assert staff.locator(".result .bridge-receipt").count() == 1
    shoot(staff, "09-inspector-end")
    assert os.path.exists(SHOTS / "06-round-over-phone.png")
