"""End to end in Chromium, on a phone: a guest plays a card, signs up from the table's page
("Sign up to keep your games" in the header), comes back to the same seat and plays on; a
second tab of the table, left open through the sign-up, stays live. Screenshots go to
test-artifacts/screenshots/guest/ (git-ignored) for people to look at."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.browser_bridge import click_bridge_control
from tests.helpers.browser_checks import violations
from tests.helpers.browser_play import new_table

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "screenshots" / "guest"
PASSWORD = "pagat ultimo 21"


def play_a_card(page) -> None:
    """Bridge's moves until the seat has played a card (a round may begin with other choices;
    at two, the robot may go out before the seat plays: then the next round is dealt)."""
    for _ in range(40):
        action = click_bridge_control(page)
        if action is None:
            hand_no = page.locator("#status").get_attribute("data-hand-no")
            page.locator("#next-hand").click()
            page.wait_for_function(f"() => document.querySelector('#status').dataset.handNo != '{hand_no}'")
            continue
        if action.startswith("play:"):
            return
    raise AssertionError("the seat never played a card")


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_a_guest_plays_a_card_signs_up_from_the_table_and_plays_on(site, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(site.url + "/")
    page.get_by_role("button", name="Play as guest").first.click()
    code = new_table(page, site, "bridge", "1", players="2")  # Bridge: the cards are played at once
    guest_name = page.locator(".topbar .who").get_attribute("data-user")
    other_tab = context.new_page()
    other_tab.goto(f"{site.url}/r/{code}/")
    other_tab.wait_for_selector("#connection.ok")
    play_a_card(page)

    shot(page, "table-as-guest-phone")
    page.locator("#keep-games").click()
    page.wait_for_url(lambda url: url.startswith(f"{site.url}/accounts/signup/?next="))
    assert page.get_by_text(f"You are playing as {guest_name}.").is_visible()
    assert violations(page, "sign-up of a guest, on a phone") == []
    page.locator("#id_username").fill("anna")
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill("pagat ultimo 22")
    page.get_by_role("button", name="Sign up and keep my games").click()
    page.wait_for_selector("text=You must type the same password each time.")
    shot(page, "signup-refused-phone")
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    page.get_by_role("button", name="Sign up and keep my games").click()

    page.wait_for_url(f"**/r/{code}/")
    page.wait_for_selector("#connection.ok")
    assert page.locator(".topbar .who").get_attribute("data-user") == "anna"
    assert page.locator("#keep-games").count() == 0
    play_a_card(page)
    shot(page, "table-after-signup-phone")
    # The tab left open through the sign-up followed the renewed session: still live, and
    # showing the same move as the page that played it.
    seq = page.locator("#status").get_attribute("data-seq")
    other_tab.wait_for_function(
        f"() => Number(document.querySelector('#status').dataset.seq) >= {seq}", timeout=10_000
    )
    assert other_tab.locator("#connection.ok").count() == 1
    page.set_viewport_size({"width": 1280, "height": 800})
    shot(page, "table-after-signup-laptop")
    context.close()
