"""A table waiting for friends shows its whole join link with a button that copies it
(static/js/share.js: no inline script); the host of a locked table copies the invitation, and a
friend in another browser who opens it signs in as a guest and is seated at once."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe

from tests.browser.conftest import Site, unfold_opening_form

SERIOUS = ("serious", "critical")


def test_the_invitation_is_copied_and_a_second_browser_joins_through_it(browser, site: Site):
    host_context = browser.new_context(viewport={"width": 390, "height": 844})
    host_context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.url)
    friend_context = browser.new_context()
    page = host_context.new_page()
    try:
        page.goto(site.url + "/")
        page.get_by_role("button", name="Play as guest").first.click()
        unfold_opening_form(page)
        page.locator('.new-room select[name="variant"]').select_option("hungarian")
        page.locator("#robots").select_option("2")
        page.locator('.new-room input[name="locked"]').check()
        page.locator("#new-room").click()
        page.wait_for_url("**/r/*/")
        page.wait_for_selector("#connection.ok")
        code = page.url.rstrip("/").split("/")[-1]
        link = page.locator("#status [data-share-link]")
        address = link.input_value()
        assert address.startswith(f"{site.url}/join/{code}/?invite=")  # the whole address, with the token
        page.locator("#status [data-copy-link]").click()
        page.wait_for_selector('#status [data-copy-link][data-copied="true"]')
        assert page.locator("#status [data-copy-link]").inner_text() == "Copied"
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied == address
        found = [v["id"] for v in Axe().run(page).response["violations"] if v["impact"] in SERIOUS]
        assert found == []
        page.screenshot(path="test-artifacts/share-locked-table-phone.png")

        friend = friend_context.new_page()
        friend.goto(copied)
        friend.locator("[data-join-as-guest]").click()
        friend.wait_for_url(f"**/r/{code}/")
        friend.wait_for_selector("#connection.ok")
        # Seated at seat 2, the last free one: the table is full and the first hand is dealt.
        friend.wait_for_selector('#seats .seat.me[data-seat="1"]')
        page.wait_for_selector("#status[data-hand-no='1']")
        friend.screenshot(path="test-artifacts/share-friend-joined.png")
    finally:
        host_context.close()
        friend_context.close()
