""" "What would the robot play?" in Chromium (games.page.hint): at a table of robots, once the
cards are played, the guest taps the button on a phone (or presses its key, "!", on a laptop)
and the robot's choice appears next to the controls in words, naming a card the guest may play
now, which the hand marks; a busy mark shows while it thinks. Screenshots go to
test-artifacts/screenshots/hint/ (git-ignored) for people to look at."""

from __future__ import annotations

import re

from tests.browser.conftest import ROOT, unfold_opening_form
from tests.helpers.browser_checks import violations
from tests.helpers.browser_play import MY_TURN, to_the_play, wait_past_click

SHOTS = ROOT / "test-artifacts" / "screenshots" / "hint"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 800}
ANSWER = "#hint-answer .hint-text"
# The cards the guest may play now, by action, and their names as the hand says them.
PLAYABLE = """() => Object.fromEntries([...document.querySelectorAll('#hand button[data-action^="play:"]')]
  .filter(b => !b.disabled && b.getAttribute('aria-disabled') !== 'true')
  .map(b => [b.dataset.action, b.getAttribute('title') || b.textContent.trim()]))"""


def at_the_play(site, browser, **context):
    """A guest at a new unrated Hungarian table of three robots, at a card to play with a choice
    of two or more (a single card to follow suit with is played: the button is not offered
    then)."""
    page = browser.new_context(**context).new_page()
    page.goto(site.url + "/")
    page.get_by_role("button", name="Play as guest").first.click()
    unfold_opening_form(page)
    page.locator("#rated").uncheck()  # the form opens rated tables by default: no hint there
    page.locator("#robots").select_option("3")
    page.locator("#new-room").click()
    page.wait_for_url("**/r/*/")
    page.wait_for_selector("#connection.ok")
    for _ in range(12):
        to_the_play(page)
        page.wait_for_function(MY_TURN)
        playable = page.evaluate(PLAYABLE)
        if len(playable) > 1:
            page.wait_for_selector("#hint-ask", state="visible", timeout=5_000)
            return page
        assert page.locator("#hint-ask").count() == 0
        page.evaluate("() => { window.__clickedAt = document.querySelector('#status').dataset.seq }")
        page.locator(f'#hand button[data-action="{next(iter(playable))}"]').click()
        wait_past_click(page)
    raise AssertionError("no choice of cards in twelve tricks")


def assert_a_worded_legal_card(page) -> str:
    page.wait_for_selector(ANSWER, timeout=30_000)
    answer = page.locator(ANSWER)
    action = answer.get_attribute("data-hint-action")
    playable = page.evaluate(PLAYABLE)
    assert action in playable, (action, playable)
    text = answer.inner_text()
    assert re.match(r"^The robot would play the .+\. Over the \d+ deals it tried it expects ", text), text
    card = page.locator(f'#hand button[data-action="{action}"] .card-name').first.text_content()
    assert f"The robot would play the {card}." in text, (card, text)
    # That card, and only that one, is marked in the hand (static/js/hint.js).
    page.wait_for_function("() => document.querySelectorAll('#room .hinted').length === 1")
    assert page.locator(f'#hand button.hinted[data-action="{action}"]').count() == 1
    assert page.locator("#flash").is_hidden()
    return text


def test_the_robots_hint_on_a_phone_and_by_its_key(site, browser):
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone = at_the_play(site, browser, viewport=PHONE, has_touch=True, is_mobile=True)
    button = phone.locator("#hint-ask")
    assert button.get_attribute("data-key") == "!" and button.get_attribute("aria-keyshortcuts") == "!"
    # The busy mark shows while a request is out (htmx marks #hint), and only then.
    assert phone.locator(".hint-busy").is_hidden()
    phone.evaluate("() => document.getElementById('hint').classList.add('htmx-request')")
    assert phone.locator(".hint-busy").is_visible()
    phone.evaluate("() => document.getElementById('hint').classList.remove('htmx-request')")
    box = button.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] and box["height"] >= 40
    button.tap()
    text = assert_a_worded_legal_card(phone)
    answer = phone.locator(ANSWER).bounding_box()
    assert answer["x"] >= 0 and answer["x"] + answer["width"] <= PHONE["width"], answer
    phone.locator(ANSWER).scroll_into_view_if_needed()
    phone.screenshot(path=str(SHOTS / "hint-phone.png"))
    assert violations(phone, "the robot's hint, on a phone") == []
    # Playing the card the robot named moves the table on: the answer goes with the old controls.
    action = phone.locator(ANSWER).get_attribute("data-hint-action")
    phone.locator(f'#hand button[data-action="{action}"]').first.tap()
    phone.wait_for_function("() => !document.querySelector('#hint-answer .hint-text')", timeout=15_000)
    assert text

    laptop = at_the_play(site, browser, viewport=DESKTOP)
    laptop.locator("body").click(position={"x": 5, "y": 5})  # no control focused
    laptop.keyboard.press("!")
    assert_a_worded_legal_card(laptop)
    # The focus stays on the button (a second press while it thinks is dropped, not disabled).
    assert laptop.evaluate("() => document.activeElement.id") == "hint-ask"
    laptop.screenshot(path=str(SHOTS / "hint-desktop.png"))
