"""The table's chat in Chromium: a player on a phone and a watcher on a laptop chat both ways
while the table waits for its last player (no hand is being played, so the players read the
watchers' channel), by keyboard and with a quick phrase; the closed drawer counts what came;
the open drawer passes axe at phone size. Screenshots go to test-artifacts/screenshots/chat/."""

from __future__ import annotations

from tests.browser.conftest import ROOT, Site, unfold_opening_form
from tests.helpers.browser_checks import violations

SHOTS = ROOT / "test-artifacts" / "screenshots" / "chat"


def messages(page) -> list[str]:
    return page.locator("#chat-log .chat-text").all_inner_texts()


def test_a_player_and_a_watcher_chat_both_ways_before_the_deal(browser, site: Site):
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone = browser.new_context(viewport={"width": 390, "height": 844})
    laptop = browser.new_context()
    try:
        player = phone.new_page()
        player.goto(site.url + "/")
        player.get_by_role("button", name="Play as guest").first.click()
        unfold_opening_form(player)
        player.locator("#robots").select_option("2")  # a free seat: the table waits, no hand yet
        player.locator("#new-room").click()
        player.wait_for_url("**/r/*/")
        player.wait_for_selector("#connection.ok")
        room_url = player.url

        watcher = laptop.new_page()
        watcher.goto(site.url + "/")
        watcher.get_by_role("button", name="Play as guest").first.click()
        watcher.goto(room_url)
        watcher.wait_for_selector("#connection.ok")

        # The player opens the chat and writes to the players' channel.
        player.locator("#drawer-chat summary").click()
        assert player.locator("#chat-controls label").inner_text() == "To the players"
        player.locator("#chat-text").press("Enter")  # nothing written: refused, in the drawer
        player.wait_for_selector("#chat-controls .chat-error:not([hidden])")
        assert player.locator("#chat-controls .chat-error").inner_text() == "Write a message first"
        player.locator("#chat-text").fill("Hello from seat one")
        player.locator("#chat-text").press("Enter")
        player.wait_for_function("() => document.querySelectorAll('#chat-log .chat-text').length === 1")
        assert player.locator("#chat-text").input_value() == ""  # emptied once sent
        assert player.locator("#chat-controls .chat-error").is_hidden()

        # The watcher's drawer is closed: its summary counts the message.
        watcher.wait_for_selector("#chat-unread:not([hidden])")
        assert watcher.locator("#chat-unread").inner_text() == "1"
        # By keyboard: open the drawer, write to the watchers' channel.
        watcher.locator("#drawer-chat summary").focus()
        watcher.keyboard.press("Enter")
        watcher.wait_for_selector("#chat-unread[hidden]", state="attached")
        assert messages(watcher) == ["Hello from seat one"]
        assert watcher.locator("#chat-controls label").inner_text() == "To the watchers"
        watcher.locator("#chat-text").focus()
        watcher.keyboard.type("Welcome <b>both</b>")
        watcher.keyboard.press("Enter")

        # Nobody is playing a hand yet: the player reads the watchers too, live.
        player.wait_for_function("() => document.querySelectorAll('#chat-log .chat-text').length === 2")
        assert messages(player) == ["Hello from seat one", "Welcome <b>both</b>"]
        assert player.locator("#chat-log li").last.locator(".chat-channel").inner_text() == "watcher"
        # A quick phrase, one tap on the phone.
        player.get_by_role("button", name="Thanks").click()
        watcher.wait_for_function("() => document.querySelectorAll('#chat-log .chat-text').length === 3")
        assert messages(watcher)[-1] == "Thanks"

        player.screenshot(path=str(SHOTS / "player-phone.png"))
        watcher.screenshot(path=str(SHOTS / "watcher-laptop.png"))
        assert violations(player, "chat drawer open, phone") == []
        # Escape closes the drawer and gives the focus back to its summary.
        player.locator("#chat-text").focus()
        player.keyboard.press("Escape")
        assert player.evaluate("document.getElementById('drawer-chat').open") is False
        assert player.evaluate("document.activeElement === document.querySelector('#drawer-chat summary')")
        # Closed again, the phone's head holds the four panels; the watcher's message counts.
        watcher.get_by_role("button", name="Well played").click()
        player.wait_for_selector("#chat-unread:not([hidden])")
        assert player.locator("#chat-unread").inner_text() == "1"
        assert player.locator("#drawer-chat summary").get_attribute("aria-label") == "Chat, 1 new"
        box = player.locator("#drawer-chat summary").bounding_box()
        assert box is not None and box["x"] + box["width"] <= 390
        player.screenshot(path=str(SHOTS / "player-phone-closed.png"))
    finally:
        phone.close()
        laptop.close()
