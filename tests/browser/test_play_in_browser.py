"""End to end in Chromium: a guest opens a table with three robots and plays by clicking
until a hand has been played out; an audience page in a second browser context follows
live and never shows a card of any hand; staff step through that hand in the inspector."""

from __future__ import annotations

import sqlite3
from typing import Any

from games.rules import EVERYONE, Deal, HandContext, get_variant
from tests.browser.conftest import open_table_as_guest

SNAPSHOT = """() => {
  const status = document.querySelector('#status');
  return [status.dataset.handNo, status.dataset.seq,
          [...document.querySelectorAll('[data-card]')].map(e => e.dataset.card)];
}"""


def state_at(db_path, room_code: str, hand_no: int, seq: int, variant_key: str = "hungarian") -> Any:
    """The state of a hand at move number ``seq`` (as the pages number moves), rebuilt from
    the site's database."""
    with sqlite3.connect(db_path) as db:
        hand_id, deal, context = db.execute(
            "select h.id, h.deal, h.context from games_hand h join games_room r on r.id = h.room_id "
            "where r.code = ? and h.number = ?",
            (room_code, hand_no),
        ).fetchone()
        # ``seq`` is the move number a page shows: public moves only (Hand.public_seq). A private
        # move (a declined Czech offer) moves no card, so the state after the seq-th public move
        # holds the same cards as the page's.
        public = db.execute(
            "select seq from games_handaction where hand_id = ? and public order by seq limit 1 offset ?",
            (hand_id, seq - 1),
        ).fetchone()
        last = public[0] if seq > 0 and public else 0
        actions = db.execute(
            "select seat, action from games_handaction where hand_id = ? and seq <= ? order by seq",
            (hand_id, last),
        ).fetchall()
    import json

    variant = get_variant(variant_key)
    state = variant.new_hand(Deal.from_json(json.loads(deal)), HandContext.from_json(json.loads(context)))
    for seat, action in actions:
        state = variant.apply(state, seat, action)
    return state


def hands_at(
    db_path, room_code: str, hand_no: int, seq: int, variant_key: str = "hungarian"
) -> list[list[str]]:
    """Every seat's cards at move number ``seq`` (as the pages number moves)."""
    state = state_at(db_path, room_code, hand_no, seq, variant_key)
    return [list(h or []) for h in get_variant(variant_key).observe(state, EVERYONE)["hands"]]


def status(page) -> tuple[int, int, str]:
    el = page.locator("#status")
    return (
        int(el.get_attribute("data-hand-no") or 0),
        int(el.get_attribute("data-seq")),
        el.get_attribute("data-phase"),
    )


def take_one_action(page) -> str | None:
    """Click one legal control and wait until the page has moved past the click; None when
    the hand is over."""
    action = click_one_control(page)
    if action is not None and action.startswith("discard:"):
        # Other seats discard at the same time, so the seq moves anyway: wait for our own.
        page.wait_for_function(
            "() => !document.querySelector('.discard-form') || !document.getElementById('flash').hidden",
            timeout=15_000,
        )
        assert page.locator("#flash").is_hidden(), page.locator("#flash").inner_text()
    elif action not in (None, "wait"):
        seq = page.evaluate("() => window.__clickedAt")
        page.wait_for_function(
            f"() => document.querySelector('#status').dataset.seq != '{seq}' || "
            "!document.getElementById('flash').hidden",
            timeout=15_000,
        )
        assert page.locator("#flash").is_hidden(), page.locator("#flash").inner_text()
    return action


def click_one_control(page) -> str | None:
    page.wait_for_function(
        "() => document.querySelector('#result h2') || "
        "document.querySelector('#hand [data-action], #controls [data-action], [data-discard-choice]')",
        timeout=30_000,
    )
    if page.locator("#result h2").count():
        return None
    choices = page.locator("[data-discard-choice]")
    if choices.count():
        submit = page.locator(".discard-submit")
        i = 0
        while submit.is_disabled():
            choices.nth(i).click()
            i += 1
        action = submit.get_attribute("data-action")
        page.evaluate("() => { window.__clickedAt = document.querySelector('#status').dataset.seq }")
        submit.click()
        return action
    # Pushes re-render the controls at any time: read them in one go, click by action.
    actions = page.evaluate(
        "() => [...document.querySelectorAll('#controls [data-action], #hand [data-action]')]"
        ".map(e => e.dataset.action)"
    )
    if not actions:
        return "wait"
    # Bid when it can, so that hands are played out rather than thrown in.
    choice = next((a for a in ("bid:three", "hold", "keep") if a in actions), actions[0])
    page.evaluate("() => { window.__clickedAt = document.querySelector('#status').dataset.seq }")
    page.locator(f'[data-action="{choice}"]').first.click()
    return choice


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
    assert staff.locator(".result").inner_text().count("seat") >= 4
