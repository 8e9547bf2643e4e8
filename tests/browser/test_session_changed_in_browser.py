"""A stale CSRF token in Chromium, on a phone (tarokk_site/csrf.py, static/js/site.js).

A guest plays at a table in one tab and signs up in another: Django's login renews the CSRF
token, and the table's tab, loaded before, still plays. Moves go over the room's websocket,
which needs no token (its handshake's origin is checked); a POST does (site.js sends the
cookie's token). When the token is gone altogether, a move is still made, but a POST from the
page (a chat phrase) is refused with a short message in the flash box and a Reload button, not
Django's HTML page; the button reloads the page, which plays on. Screenshots go to
test-artifacts/screenshots/session/ (git-ignored)."""

from __future__ import annotations

from tarokk_site.csrf import SESSION_CHANGED
from tests.browser.conftest import ROOT, Site, open_table_as_guest
from tests.helpers.browser_checks import violations
from tests.helpers.browser_play import WAIT_FOR_DECISION, decide

SHOTS = ROOT / "test-artifacts" / "screenshots" / "session"
PASSWORD = "pagat ultimo 21"


def make_a_decision(page) -> str:
    """One of the guest's decisions (waiting for the robots first); what was decided. A hand
    that ended meanwhile (everyone passed, say) is followed by the next one, dealt from here."""
    for _ in range(20):
        page.wait_for_function(WAIT_FOR_DECISION, timeout=15_000)
        if page.locator("#result h2").count():
            page.locator("#next-hand").click()
            page.wait_for_function("() => !document.querySelector('#result h2')", timeout=15_000)
            continue
        decided = decide(page)
        if decided not in (None, "wait"):
            return decided
    raise AssertionError("the guest never had a decision to make")


def test_a_lost_token_offers_a_reload_and_a_tab_left_open_through_a_sign_up_plays_on(browser, site: Site):
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        table = context.new_page()
        open_table_as_guest(table, site)
        code = table.url.rstrip("/").split("/")[-1]

        # Without any token the guest still moves (over the socket), but a POST of the page is
        # refused in the flash box, with a way on.
        context.clear_cookies(name="csrftoken")
        make_a_decision(table)
        assert table.locator("#flash").is_hidden()
        table.locator("#drawer-chat summary").click()
        said = table.locator("#chat-log li").count()
        table.locator(".chat-phrase").first.click()
        table.wait_for_selector("#flash:not([hidden]) .flash-reload")
        assert table.locator("#flash").inner_text() == f"{SESSION_CHANGED} Reload the page"
        assert table.locator("#chat-log li").count() == said  # nothing was said
        table.locator("#drawer-chat [data-drawer-close]").click()
        table.screenshot(path=str(SHOTS / "reload-offered-phone.png"))
        assert violations(table, "the session-changed flash, phone") == []
        table.locator("#flash .flash-reload").focus()
        with table.expect_navigation():
            table.keyboard.press("Enter")
        table.wait_for_selector("#connection.ok")
        assert table.locator("#flash").is_hidden()

        # The guest signs up in another tab, which renews the token; the table's tab, loaded
        # before, plays on.
        other_tab = context.new_page()
        other_tab.goto(f"{site.url}/accounts/signup/?next=/r/{code}/")
        other_tab.locator("#id_username").fill("zsofi")
        other_tab.locator("#id_password1").fill(PASSWORD)
        other_tab.locator("#id_password2").fill(PASSWORD)
        other_tab.get_by_role("button", name="Sign up and keep my games").click()
        other_tab.wait_for_url(f"**/r/{code}/")
        other_tab.close()
        make_a_decision(table)
        assert table.locator("#flash").is_hidden()
        table.screenshot(path=str(SHOTS / "played-after-sign-up-phone.png"))
    finally:
        context.close()
