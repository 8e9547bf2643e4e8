"""End to end in Chromium: a guest opens a table with three robots and plays by clicking
until a hand has been played out; an audience page in a second browser context follows
live and never shows a card of any hand; staff step through that hand in the inspector."""

from __future__ import annotations

import sqlite3

from tests.browser.conftest import open_table_as_guest
from tests.helpers.browser_play import SNAPSHOT, hands_at, status, take_one_action


def test_a_guest_plays_a_hand_while_the_audience_watches_and_staff_inspect(site, browser):
    player_ctx = browser.new_context()
    audience_ctx = browser.new_context()
    player = player_ctx.new_page()
    errors: list[str] = []
    player.on("pageerror", lambda e: errors.append(str(e)))

    code = open_table_as_guest(player, site)

    audience = audience_ctx.new_page()
    audience.goto(f"{site.url}/r/{code}/")
    audience.wait_for_selector("#connection.ok")
    assert audience.locator("#hand [data-card]").count() == 0

    seen: list[tuple[int, int, list[str]]] = []
    audience_seqs: set[int] = set()
    played_hand = None
    for _ in range(8):  # hands: until one is played out trick by trick
        while True:
            action = take_one_action(player)
            if action is None:
                break
            hand_no, seq, cards = audience.evaluate(SNAPSHOT)  # one read: a consistent page
            audience_seqs.add(int(seq))
            seen.append((int(hand_no), int(seq), cards))
        hand_no, seq, phase = status(player)
        assert phase == "over"
        assert player.locator("#result [data-payment-seat]").count() == 4
        audience.wait_for_function(f"() => document.querySelector('#status').dataset.seq == '{seq}'")
        assert audience.locator("#result h2").count() == 1  # the audience saw the end live
        if player.locator("#result .receipt").count():
            played_hand = hand_no
            break
        player.locator("#next-hand").click()
        player.wait_for_function(f"() => document.querySelector('#status').dataset.handNo == '{hand_no + 1}'")

    assert played_hand is not None, "eight hands in a row were thrown in"
    # The audience page was updated live, without a reload, many times.
    assert len(audience_seqs) > 5
    # ... and never showed a card that was in somebody's hand at that moment.
    for hand_no, seq, cards in seen:
        in_hands = {c for hand in hands_at(site.db_path, code, hand_no, seq) for c in hand}
        assert not set(cards) & in_hands, f"audience saw {set(cards) & in_hands} at hand {hand_no} seq {seq}"

    # The next hand starts from the result panel.
    player.locator("#next-hand").click()
    player.wait_for_function(f"() => document.querySelector('#status').dataset.handNo == '{played_hand + 1}'")
    assert not errors, errors

    # Staff open the played hand in the inspector and step through it with the keyboard.
    site.make_staff()  # boss / staff pass 123
    with sqlite3.connect(site.db_path) as db:
        hand_id, last_seq = db.execute(
            "select h.id, h.seq from games_hand h join games_room r on r.id = h.room_id "
            "where r.code = ? and h.number = ?",
            (code, played_hand),
        ).fetchone()
    staff = browser.new_context().new_page()
    staff.goto(f"{site.url}/accounts/login/")
    staff.fill("input[name=login]", "boss")
    staff.fill("input[name=password]", "staff pass 123")
    staff.locator("form button[type=submit]").last.click()
    staff.wait_for_url(site.url + "/")
    staff.goto(f"{site.url}/admin/games/hand/{hand_id}/change/")
    staff.get_by_role("link", name="step through").first.click()
    staff.wait_for_selector(".inspector")
    staff.goto(f"{site.url}/staff/hands/{hand_id}/?step=0")
    assert staff.locator("[data-inspect-seat] [data-card]").count() == 36  # every hand at the deal
    assert staff.locator(".panel:has(h2:text('Talon')) [data-card]").count() == 6
    staff.keyboard.press("ArrowRight")
    staff.wait_for_url(f"**/staff/hands/{hand_id}/?step=1")
    staff.keyboard.press("End")
    staff.wait_for_url(f"**/staff/hands/{hand_id}/?step={last_seq}")
    assert staff.locator(".result .receipt").count() == 1
    assert staff.locator(".result [data-payment-seat]").count() == 4  # the live result: each payment
