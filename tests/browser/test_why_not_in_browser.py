"""Why not in Chromium (games.page.why_not, static/js/why.js): a card you cannot press now is reached
by the keyboard and says why, in the line above the hand and through aria-describedby, and
pressing it sends nothing; on a phone a long press on the card shows the same words. Screenshots
go to test-artifacts/screenshots/why-not/ (git-ignored) for people to look at."""

from __future__ import annotations

from tests.browser.conftest import ROOT, open_table_as_guest
from tests.helpers.browser_checks import violations
from tests.helpers.browser_play import MY_TURN

SHOTS = ROOT / "test-artifacts" / "screenshots" / "why-not"
LINE = "#hand [data-why-line]"
BIDDING = MY_TURN + " && document.querySelector('#controls [data-action]') !== null"


def seated_at_the_bidding(site, browser, **context):
    """A guest at a new Hungarian table of three robots, once it is the guest's turn to bid
    (the table then waits for them); returns the page and the list of moves it sends (over the
    room's socket, or posted)."""
    page = browser.new_context(**context).new_page()
    moves: list[str] = []
    page.on("request", lambda r: moves.append(r.url) if r.method == "POST" and "/act" in r.url else None)
    page.on("websocket", lambda ws: ws.on("framesent", lambda sent: _note_move(moves, sent)))
    open_table_as_guest(page, site)
    page.wait_for_function(BIDDING, timeout=20_000)
    return page, moves


def _note_move(moves: list[str], sent: str | bytes) -> None:
    if isinstance(sent, str) and '"action"' in sent:
        moves.append(sent)


def test_a_refused_card_says_why_to_the_keyboard_and_to_a_long_press(site, browser):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page, posts = seated_at_the_bidding(site, browser, viewport={"width": 1280, "height": 800})
    for _ in range(60):  # Tab through the page to the first card of the hand
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('#hand [data-why]')"):
            break
    focused = page.evaluate(
        """() => { const card = document.activeElement;
                   const described = document.getElementById(card.getAttribute('aria-describedby'));
                   return [card.dataset.card, card.dataset.why, described.textContent]; }"""
    )
    assert focused[1:] == ["You cannot play a card now", "You cannot play a card now"]
    assert (
        page.locator(LINE).is_visible() and page.locator(LINE).text_content() == "You cannot play a card now"
    )
    page.screenshot(path=str(SHOTS / "focus-desktop.png"))
    for key in ("Enter", " ", "1"):  # pressing it, or its number key, sends nothing
        page.keyboard.press(key)
    page.wait_for_timeout(300)
    assert posts == [] and page.evaluate(BIDDING)
    assert page.evaluate("() => document.activeElement.dataset.card") == focused[0]
    page.keyboard.press("Shift+Tab")  # back off the hand's first card: the line goes
    assert not page.evaluate("() => document.getElementById('hand').contains(document.activeElement)")
    assert page.locator(LINE).is_hidden()

    phone, phone_posts = seated_at_the_bidding(
        site, browser, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    card = phone.locator("#hand [data-why]").last
    box = card.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    touch = phone.context.new_cdp_session(phone)
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    assert phone.locator(LINE).is_hidden()  # a finger down is not yet a long press
    phone.wait_for_function(f"() => !document.querySelector('{LINE}').hidden", timeout=3_000)
    assert (
        phone.locator(LINE).text_content() == card.get_attribute("data-why") == "You cannot play a card now"
    )
    phone.screenshot(path=str(SHOTS / "long-press-phone.png"))
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    phone.wait_for_timeout(300)
    assert phone_posts == [] and phone.locator(LINE).is_visible()
    assert violations(phone, "why not, on a phone") == []
