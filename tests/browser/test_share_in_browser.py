"""A table waiting for friends shows its whole address with a button that copies it
(static/js/share.js: no inline script)."""

from __future__ import annotations

from tests.browser.conftest import Site


def test_the_waiting_tables_link_is_copied_by_its_button(browser, site: Site):
    context = browser.new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.url)
    page = context.new_page()
    try:
        page.goto(site.url + "/")
        page.get_by_role("button", name="Play as guest").first.click()
        page.locator('.new-room select[name="variant"]').select_option("hungarian")
        page.locator("#robots").select_option("0")
        page.locator("#new-room").click()
        page.wait_for_url("**/r/*/")
        page.wait_for_selector("#connection.ok")
        address = page.url
        link = page.locator("#status [data-share-link]")
        assert link.input_value() == address  # the whole address, not the path the server wrote
        page.locator("#status [data-copy-link]").click()
        page.wait_for_selector('#status [data-copy-link][data-copied="true"]')
        assert page.locator("#status [data-copy-link]").inner_text() == "Copied"
        assert page.evaluate("navigator.clipboard.readText()") == address
    finally:
        context.close()
