"""A tarot table's page driven in Chromium, as a guest clicks through it: the page's hand, move
and cards (``SNAPSHOT``, ``status``), the state the site's database holds at a move
(``state_at``, ``hands_at``), one legal control clicked (``take_one_action``, the layout tests'
``decide``), the way to the card play (``to_the_play``), a table opened from the lobby
(``new_table``). Shared by the tests of tests/browser/."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from games.rules import EVERYONE, Deal, HandContext, get_variant
from tests.browser.conftest import ROOT, unfold_opening_form

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
        wait_past_click(page)
    return action


def wait_past_click(page) -> None:
    """Wait until the table has moved on from the move number noted at the click
    (``window.__clickedAt``), or the flash shows a refusal, which fails the test."""
    seq = page.evaluate("() => window.__clickedAt")
    page.wait_for_function(
        f"() => document.querySelector('#status').dataset.seq != '{seq}' || "
        "!document.getElementById('flash').hidden",
        timeout=15_000,
    )
    assert page.locator("#flash").is_hidden(), page.locator("#flash").inner_text()


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


YOURS = "document.querySelector('#status[data-your-turn]') !== null"
MY_TURN = "() => " + YOURS


def discard_by_keys(page) -> None:
    """Choose the cards to discard with the card keys, the first ones that may go together,
    and confirm with Enter."""
    submit = page.locator(".discard-submit")
    for key in "1234567890-=":
        if not submit.is_disabled():
            break
        page.keyboard.press(key)
    assert page.evaluate("() => document.activeElement.matches('[data-discard-choice]')")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => !document.querySelector('.discard-form') || !document.getElementById('flash').hidden"
    )
    assert page.locator("#flash").is_hidden(), page.locator("#flash").inner_text()


def to_the_play(page) -> None:
    """Make moves (bidding when it can, discarding by keys) until the cards are played; deal
    again after a hand thrown in."""
    for _ in range(200):
        phase = page.locator("#status").get_attribute("data-phase")
        if phase == "play" and page.evaluate(MY_TURN):
            return
        if phase == "discard" and page.evaluate(MY_TURN) and page.locator("[data-discard-choice]").count():
            discard_by_keys(page)
            continue
        if take_one_action(page) is None:
            hand_no = page.locator("#status").get_attribute("data-hand-no")
            page.locator("#next-hand").click()
            page.wait_for_function(f"() => document.querySelector('#status').dataset.handNo != '{hand_no}'")
    raise AssertionError("no hand came to the play")


def new_table(page, site, variant: str, robots: str, players: str | None = None) -> str:
    page.goto(site.url + "/")
    unfold_opening_form(page)
    page.locator('.new-room select[name="variant"]').select_option(variant)
    if players:
        page.locator(f'[data-options-for="{variant}"] select[name="players"]').select_option(players)
    page.locator("#robots").select_option(robots)
    page.locator("#new-room").click()
    page.wait_for_url("**/r/*/")
    page.wait_for_selector("#connection.ok")
    return page.url.rstrip("/").split("/")[-1]


# Where the layout tests' screenshots go (and a stuck click's).
SHOTS = ROOT / "test-artifacts" / "screenshots" / "table"
VIEWPORTS = {"desktop": {"width": 1366, "height": 800}, "phone": {"width": 390, "height": 844}}
# What the guest does when it may, so that hands are bid and played out rather than thrown in.
PREFERRED = ("bid:three", "hold", "keep", "take:1", "eights:spread", "wish:D", "bridge", "jpoints:minus")

# The discard button once the cards chosen make a legal discard: [action, count], else null.
ARMED = """() => { const b = document.querySelector('.discard-submit');
  return b && !b.disabled ? [b.dataset.action, b.closest('.discard-form').dataset.discardCount] : null }"""

WAIT_FOR_DECISION = (
    "() => document.querySelector('#result h2') || document.querySelector("
    "'#hand [data-action], #controls [data-action], [data-discard-choice], [data-cut-submit]')"
)


def act(page, click, until: str | None = None) -> None:
    """``click()``, then wait until the page has moved past the move (``until``: a condition
    of its own, for a discard that other seats' discards race) or an error shows."""
    old = page.locator("#status").get_attribute("data-seq")
    page.evaluate("() => { window.__controls = document.querySelector('#controls') }")
    click()
    # A private move (a declined Czech contra offer) is not counted in the seq: the choices go.
    moved = until or (
        f"document.querySelector('#status').dataset.seq != '{old}' || "
        "document.querySelector('#controls') !== window.__controls"
    )
    try:
        page.wait_for_function(f"() => !document.getElementById('flash').hidden || ({moved})", timeout=15_000)
    except Exception:
        page.screenshot(path=str(SHOTS / "FAILED-stuck.png"), full_page=True)
        status = page.locator("#status").inner_text()
        raise AssertionError(f"stuck after a click at seq {old}: {status}") from None
    assert page.locator("#flash").is_hidden(), page.locator("#flash").inner_text()


def decide(page) -> str | None:
    """Make one decision of the guest's; None once the hand is over."""
    if page.locator("[data-cut-submit]").count():
        act(page, lambda: page.locator("[data-cut-submit]").click())  # the default cut
        return "cut"
    choices = page.locator("[data-discard-choice]")
    if choices.count():
        for i in range(choices.count()):
            ready = page.evaluate(ARMED)
            if ready or not page.locator(".discard-form").count():
                break
            choices.nth(i).click(timeout=5_000)
        ready = page.evaluate(ARMED)
        if not ready:
            return "wait"  # the form went (a push moved the table on): look again
        action, count = ready
        # Several cards at once: the other seats may discard at the same time, so the seq moves
        # anyway; wait for the form to go. One at a time (Czech): the seq moves with each.
        until = "!document.querySelector('.discard-form')" if int(count) > 1 else None
        try:
            act(page, lambda: page.locator(".discard-submit").click(timeout=5_000), until)
        except PlaywrightTimeoutError:
            if page.locator(".discard-submit:enabled").count():
                raise
            return "wait"  # a push re-rendered the form (another seat discarded): choose again
        return action
    # Pushes re-render the controls at any time: read them in one go, click by action.
    actions = page.evaluate(
        "() => [...document.querySelectorAll('#controls [data-action], #hand [data-action]')]"
        ".map(e => e.dataset.action)"
    )
    if not actions:
        return "wait"
    choice = next((a for a in PREFERRED if a in actions), None)
    choice = choice or next((a for a in actions if a.startswith("play:")), None)
    choice = choice or ("pass" if "pass" in actions else actions[0])
    act(page, lambda: page.locator(f'[data-action="{choice}"]').first.click())
    return choice
