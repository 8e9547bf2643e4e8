"""End to end in Chromium, Slovenian Tarok: a guest opens a Slovenian table with robots and plays
by clicking — a hand of three with the talon exchange (taking a group, discarding with the form,
a tarok face up, announcing trula) and a klop — while an audience page follows live and never
shows a card it may not see; staff step through the hand in the inspector. Screenshots of each
phase, at desktop and phone width, go to test-artifacts/screenshots/slovenian3/ (git-ignored).

The hands have written-out deals (tests/deals.py): the table is opened by clicking with one robot
and one free seat; the second robot is seated and the deal written in one transaction by
``manage.py shell`` with the robots off in that process (so no robot can move before), and the
pages are reloaded (the shell's broadcast does not reach the site's process)."""

from __future__ import annotations

from games.rules import get_variant
from tests.browser.conftest import ROOT, unfold_opening_form
from tests.helpers.browser_checks import assert_nothing_cut
from tests.helpers.browser_play import SNAPSHOT, state_at, status
from tests.web.helpers import hidden_in

SHOTS = ROOT / "test-artifacts" / "screenshots" / "slovenian3"
DESKTOP = {"width": 1366, "height": 800}
PHONE = {"width": 390, "height": 844}
SLOVENIAN = get_variant("slovenian3")

# Seat a basic robot on seat 1 (the lobby put one on seat 2) and give the hand the written-out
# deal of tests/deals.py; or deal the next hand with it. One transaction, robots off here.
SEAT_ROBOT = """
from django.db import transaction
from games import services
from games.models import Room
from tests.deals import SLOVENIAN_HANDS, SLOVENIAN_TALON, SLOVENIAN_DEALER, give_deal
room = Room.objects.get(code="{code}")
with transaction.atomic():
    services.set_robot(room, room.created_by, 1, "basic")
    give_deal(room.current_hand(), SLOVENIAN_HANDS, SLOVENIAN_TALON, SLOVENIAN_DEALER)
"""
NEXT_HAND = """
from django.db import transaction
from games import services
from games.models import Room
from tests.deals import SLOVENIAN_HANDS, SLOVENIAN_TALON, give_deal
room = Room.objects.get(code="{code}")
with transaction.atomic():
    hand = services.next_hand(room, room.created_by, {number})
    give_deal(hand, SLOVENIAN_HANDS, SLOVENIAN_TALON, hand.context_value().dealer)
"""


def shoot(page, name: str) -> None:
    """The page at desktop and at phone width."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(SHOTS / f"{name}-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)


def my_actions(page) -> list[str] | None:
    """The actions the page offers now, once it offers any; None once the hand is over."""
    page.wait_for_function(
        "() => document.querySelector('#result h2') || "
        "document.querySelector('#hand [data-action], #controls [data-action], [data-discard-choice]')",
        timeout=30_000,
    )
    if page.locator("#result h2").count():
        return None
    # Pushes re-render the controls at any time: read them in one go.
    return page.evaluate(
        "() => [...document.querySelectorAll('#controls [data-action], #hand [data-action]')]"
        ".map(e => e.dataset.action)"
    )


def click(page, selector: str, key: str | None = None) -> None:
    """Click (or press ``key``), then wait until the table has moved past this page's move (or
    an error shows)."""
    seq = page.locator("#status").get_attribute("data-seq")
    if key is None:
        page.locator(selector).first.click()
    else:
        page.keyboard.press(key)
    page.wait_for_function(
        f"() => document.querySelector('#status').dataset.seq != '{seq}' || "
        "!document.getElementById('flash').hidden",
        timeout=15_000,
    )
    assert page.locator("#flash").is_hidden(), page.locator("#flash").inner_text()


def test_a_guest_plays_slovenian_hands_by_clicking_while_the_audience_watches(site, browser):
    player_ctx = browser.new_context(viewport=DESKTOP)
    player = player_ctx.new_page()
    errors: list[str] = []
    player.on("pageerror", lambda e: errors.append(str(e)))

    # The lobby: Slovenian Tarok, its table rules, and a robots choice for three seats.
    player.goto(site.url + "/")
    player.get_by_role("button", name="Play as guest").first.click()
    unfold_opening_form(player)
    player.locator('.new-room select[name="variant"]').select_option("slovenian3")
    assert player.locator("#robots option").all_inner_texts() == [
        "2 robots (play now)",
        "1 robot, 1 friend",
        "no robots, 2 friends",
    ]
    player.locator('[data-options-for="slovenian3"] summary').click()
    assert player.locator('[data-options-for="slovenian3"] select[name="mond_penalty"]').is_visible()
    player.locator('[data-options-for="slovenian3"] select[name="radelci"]').select_option("true")
    shoot(player, "1-lobby")
    player.locator("#robots").select_option("1")
    player.locator("#new-room").click()
    player.wait_for_url("**/r/*/")
    code = player.url.rstrip("/").split("/")[-1]
    assert "Waiting for players" in player.locator("#status").inner_text()

    site.manage("shell", "-c", SEAT_ROBOT.format(code=code), TAROKK_ROBOT_RUNNER="off")
    player.reload()
    player.wait_for_selector("#connection.ok")
    audience = browser.new_context(viewport=DESKTOP).new_page()
    audience.goto(f"{site.url}/r/{code}/")
    audience.wait_for_selector("#connection.ok")

    seen: list[tuple[int, int, list[str]]] = []  # what the audience showed after each click

    def watch() -> None:
        hand_no, seq, cards = audience.evaluate(SNAPSHOT)
        seen.append((int(hand_no), int(seq), cards))

    # Hand 1: both robots pass; the guest (forehand) names three in the special turn.
    assert my_actions(player)[:2] == ["bid:klop", "bid:three"]
    assert player.locator('[data-action="bid:solo-without"]').inner_text() == "Solo without"
    shoot(player, "2-auction")
    click(player, '[data-action="bid:three"]')
    watch()
    # The talon lies face up for everyone; the guest takes group 1 (T2 H3 H4) by its button.
    audience.wait_for_selector('#talon-groups [data-talon-group="2"]')
    assert player.locator('[data-action="take:1"] [data-card]').count() == 3
    shoot(player, "3-talon")
    # On both sizes the talon's two groups and the words round them lie whole above your seat.
    assert_nothing_cut(player, "the talon on a laptop")
    player.set_viewport_size(PHONE)
    assert_nothing_cut(player, "the talon on a phone")
    player.set_viewport_size(DESKTOP)
    click(player, '[data-action="take:1"]')
    watch()
    # Only H3 and H4 may go besides a tarok: the form counts down and arms the button.
    form = player.locator(".discard-form")
    assert form.get_attribute("data-discard-count") == "3"
    for card in ("H3", "H4", "T10"):
        assert player.locator(".discard-submit").is_disabled()
        player.locator(f'[data-discard-choice="{card}"]').click()
    assert player.locator("[data-discard-left]").inner_text() == "Ready: press Discard."
    assert player.locator(".discard-submit").get_attribute("data-action") == "discard:T10,H3,H4"
    shoot(player, "4-discard")
    click(player, ".discard-submit")
    watch()
    audience.wait_for_selector('[data-discarded-taroks="1"] [data-card="T10"]')
    # Announcements: trula, then the turn ends.
    assert player.locator('[data-action="announce:trula"]').inner_text() == "Announce trula"
    click(player, '[data-action="announce:trula"]')
    watch()
    assert player.locator('[data-action="pass"]').inner_text() == "End my turn"
    shoot(player, "5-announce")
    # On both sizes the talon, now with each group's fate and the discards, still lies whole.
    assert_nothing_cut(player, "the talon at the announcements on a laptop")
    player.set_viewport_size(PHONE)
    assert_nothing_cut(player, "the talon at the announcements on a phone")
    player.set_viewport_size(DESKTOP)
    click(player, '[data-action="pass"]')
    watch()
    play_out(player, audience, watch, shoot_at=5, name="6-play")
    assert status(player)[2] == "over"
    # The announced trula is on the receipt, unless the guest took every trick (a valat replaces it).
    assert player.locator('#result .receipt :is([data-item="trula"], [data-item="valat"])').count() == 1
    assert "only the declarer scores" in player.locator("#result .settlement").inner_text()
    shoot(player, "7-result")
    audience.wait_for_function(
        f"() => document.querySelector('#status').dataset.seq == '{status(player)[1]}'"
    )
    shoot(audience, "8-audience-result")

    # Hand 2, the guest deals: both robots pass up to forehand, who names klop.
    site.manage("shell", "-c", NEXT_HAND.format(code=code, number=1), TAROKK_ROBOT_RUNNER="off")
    player.reload()
    audience.reload()
    for page in (player, audience):
        page.wait_for_selector("#connection.ok")
    actions = my_actions(player)
    assert actions == ["pass", "bid:two", "bid:one", "bid:beggar", "bid:solo-without"] + [
        "bid:open-beggar",
        "bid:colour-valat",
        "bid:valat",
    ]
    click(player, '[data-action="pass"]')
    watch()
    audience.wait_for_selector("#klop-gifts")
    play_out(player, audience, watch, shoot_at=2, name="9-klop")
    assert status(player)[2] == "over"
    assert player.locator("#klop-gifts [data-gift-trick]").count() == 6
    assert player.locator("#result [data-item-seat]").count() == 3
    shoot(player, "10-klop-result")

    # The audience page followed without a reload and never showed a card it may not see:
    # another seat's card, a talon card face down, the declarer's discard but its taroks.
    assert len({(h, s) for h, s, _ in seen}) > 20
    for hand_no, seq, cards in seen:
        state = state_at(site.db_path, code, hand_no, seq, "slovenian3")
        secret = hidden_in(SLOVENIAN.observe(state, "everyone"), None)
        assert not set(cards) & secret, f"the audience saw {set(cards) & secret} in hand {hand_no} at {seq}"
    assert not errors, errors

    inspect_first_hand(site, browser, code)


def play_out(player, audience, watch, shoot_at: int, name: str) -> None:
    """The guest plays the first playable card whenever asked, until the hand is over;
    screenshots once ``shoot_at`` tricks are done (the audience's too)."""
    shot = False
    for _ in range(60):
        actions = my_actions(player)
        if actions is None:
            return
        if not shot and player.locator("#trick-last").count() and trick_no(player) > shoot_at:
            shoot(player, name)
            shoot(audience, f"{name}-audience")
            shot = True
        assert actions and all(a.startswith("play:") for a in actions), actions
        # The first card by the keyboard (key 1: the first card that can be played), then clicks.
        key = "1" if trick_no(player) == 1 else None
        click(player, f'#hand [data-action="{actions[0]}"]', key=key)
        watch()
    raise AssertionError("the hand did not end")


def trick_no(page) -> int:
    heading = page.locator("#trick-now h2")
    return int(heading.inner_text().split()[1]) if heading.count() else 0


def inspect_first_hand(site, browser, code: str) -> None:
    """Staff open the first hand in the inspector and step through it with the keyboard."""
    hand_id, last = site.first_hand(code)
    staff = site.staff_page(browser, DESKTOP)
    staff.goto(f"{site.url}/staff/hands/{hand_id}/?step=3")  # the contract is fixed: the talon face up
    assert staff.locator("#talon-groups [data-talon-group]").count() == 2
    staff.keyboard.press("ArrowRight")
    staff.wait_for_url(f"**/staff/hands/{hand_id}/?step=4")
    assert staff.locator('#talon-groups [data-taken="true"]').get_attribute("data-talon-group") == "1"
    shoot(staff, "11-inspector-take")
    staff.keyboard.press("End")
    staff.wait_for_url(f"**/staff/hands/{hand_id}/?step={last}")
    assert staff.locator(".result .receipt").count() == 1
    shoot(staff, "12-inspector-end")
