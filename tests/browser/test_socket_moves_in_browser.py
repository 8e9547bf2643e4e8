"""Moves over the page's websocket in Chromium (htmx's ws-send, games.live): pressing a
control sends one message, its action and move number, and posts nothing; a second press
before the answer is dropped, not sent as a stale move; a refused move shows the server's words
in the flash box, which the next move clears. A phone's page in play goes to
test-artifacts/screenshots/socket-moves/ (git-ignored) for people to look at."""

from __future__ import annotations

import json

from tests.browser.conftest import ROOT, open_table_as_guest
from tests.helpers.browser_play import MY_TURN, take_one_action

SHOTS = ROOT / "test-artifacts" / "screenshots" / "socket-moves"
CONTROL = MY_TURN + " && document.querySelector('#controls [data-action]') !== null"
SEQ = "() => document.querySelector('#status').dataset.seq"


def watched(browser, site, **context):
    """A guest at a new Hungarian table of three robots, once a control of theirs is offered;
    with the moves its socket sends, the moves it posts and its script errors."""
    page = browser.new_context(**context).new_page()
    sent: list[dict] = []
    posted: list[str] = []
    errors: list[str] = []

    def note(frame: str | bytes) -> None:
        if isinstance(frame, str) and frame.startswith("{"):
            sent.append(json.loads(frame))

    page.on("websocket", lambda ws: ws.on("framesent", note))
    page.on("request", lambda r: posted.append(r.url) if r.method == "POST" and "/act" in r.url else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_table_as_guest(page, site)
    page.wait_for_function(CONTROL, timeout=20_000)
    return page, sent, posted, errors


def control(page) -> dict:
    """The first move control offered: its action and move number (its hx-vals)."""
    first = "document.querySelector('#controls [data-action]')"
    return page.evaluate(f"() => JSON.parse({first}.getAttribute('hx-vals'))")


def test_a_press_sends_its_move_over_the_socket_once_and_posts_nothing(site, browser):
    page, sent, posted, errors = watched(browser, site)
    offered = control(page)
    seq = page.evaluate(SEQ)
    # Two presses in one go: the second comes before any answer could, and is dropped.
    page.evaluate(
        "() => { const b = document.querySelector('#controls [data-action]'); b.click(); b.click(); }"
    )
    page.wait_for_function(f"() => document.querySelector('#status').dataset.seq != '{seq}'", timeout=15_000)
    page.wait_for_timeout(300)
    assert [(m["action"], m["seq"]) for m in sent] == [(offered["action"], offered["seq"])]
    assert sent[0]["HEADERS"]["HX-Request"] == "true"
    assert posted == [] and errors == []
    assert page.locator("#flash").is_hidden()


def test_a_refused_move_is_said_in_the_flash_and_the_next_move_clears_it(site, browser):
    page, sent, posted, errors = watched(browser, site)
    # A move number from the future: the server refuses it as stale and sends a fresh snapshot.
    page.evaluate(
        """() => { const b = document.querySelector('#controls [data-action]');
                   const vals = JSON.parse(b.getAttribute('hx-vals'));
                   b.setAttribute('hx-vals', JSON.stringify({action: vals.action, seq: vals.seq + 5}));
                   b.dataset.tampered = '1';
                   b.click(); }"""
    )
    page.wait_for_function("() => !document.getElementById('flash').hidden", timeout=10_000)
    assert page.locator("#flash").inner_text() == (
        "The table has moved on since you looked; your view has been refreshed"
    )
    # The snapshot: the controls are the server's again (not the tampered button, which a click
    # before the snapshot lands would send stale once more).
    page.wait_for_function(
        CONTROL + " && !document.querySelector('[data-tampered]')",
        timeout=10_000,
    )
    assert take_one_action(page) not in (None, "wait")  # the flash is gone once a move is sent
    assert page.locator("#flash").is_hidden()
    assert len(sent) == 2 and posted == [] and errors == []


def test_a_phone_plays_over_the_socket(site, browser):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page, sent, posted, errors = watched(
        browser, site, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    moves = 0
    while moves < 12 and take_one_action(page) is not None:
        moves += 1
    page.screenshot(path=str(SHOTS / "hand-in-play-phone.png"))
    assert len(sent) >= 1 and posted == [] and errors == []
