"""Issue 15 end to end in Chromium: friends meet at a locked table through the host's link.

The host (a guest, on a laptop) opens a Hungarian table with two robots, locks it and copies
the invitation with the share control; a stranger with the plain link (no invitation) is
refused a seat with the clear message; the friend (a guest, on a phone) opens the invitation
and is seated, which deals the first hand. A signed-in watcher (a guest, on a laptop) follows
it. The players chat in their channel and the watcher reads them live; the watcher's messages
reach no player while the hand is played and reach both once it is over. The two players play
the hand out with the two robots. Screenshots of the four browsers go to
test-artifacts/screenshots/meet/ (git-ignored)."""

from __future__ import annotations

from games.services.access import LOCKED
from tests.browser.conftest import ROOT, Site, unfold_opening_form
from tests.helpers.browser_play import decide

SHOTS = ROOT / "test-artifacts" / "screenshots" / "meet"
LAPTOP = {"width": 1366, "height": 800}
PHONE = {"width": 390, "height": 844}
MAX_ROUNDS = 400  # both players' decisions in a hand are far fewer: a runaway loop fails instead
HAND_OVER = "#result h2"


def as_guest(page, site: Site) -> None:
    page.goto(site.url + "/")
    page.get_by_role("button", name="Play as guest").first.click()
    page.wait_for_selector(".topbar .who")


def chat(page) -> list[str]:
    """The messages on the page, the drawer open or not."""
    return page.locator("#chat-log .chat-text").all_text_contents()


def wait_for_message(page, text: str) -> None:
    page.wait_for_function(
        "text => [...document.querySelectorAll('#chat-log .chat-text')].some(e => e.textContent === text)",
        arg=text,
        timeout=10_000,
    )


def say(page, text: str) -> None:
    """Open the chat drawer, send ``text`` by keyboard, see it arrive, close the drawer (on a
    phone it covers the cards)."""
    page.locator("#drawer-chat summary").click()
    page.locator("#chat-text").fill(text)
    page.locator("#chat-text").press("Enter")
    wait_for_message(page, text)
    page.locator("#chat-text").press("Escape")
    page.wait_for_function("() => !document.getElementById('drawer-chat').open")


def play_out(players: list) -> None:
    """Each player makes any legal decision whenever they have one, until the hand is over on
    every player's page (the robots answer by themselves)."""
    for _ in range(MAX_ROUNDS):
        if all(p.locator(HAND_OVER).count() for p in players):
            return
        moved = [decide(p) for p in players if not p.locator(HAND_OVER).count()]
        if all(m in (None, "wait") for m in moved):
            players[0].wait_for_timeout(50)  # the robots are thinking
    raise AssertionError(f"the hand did not end in {MAX_ROUNDS} rounds")


def test_friends_meet_at_a_locked_table_chat_and_play_while_a_watcher_follows(browser, site: Site):
    SHOTS.mkdir(parents=True, exist_ok=True)
    contexts = {
        "host": browser.new_context(viewport=LAPTOP),
        "stranger": browser.new_context(viewport=PHONE),
        "friend": browser.new_context(viewport=PHONE),
        "watcher": browser.new_context(viewport=LAPTOP),
    }
    contexts["host"].grant_permissions(["clipboard-read", "clipboard-write"], origin=site.url)
    pages = {name: context.new_page() for name, context in contexts.items()}
    host, stranger, friend, watcher = (pages[n] for n in ("host", "stranger", "friend", "watcher"))
    errors: list[str] = []
    for name, page in pages.items():
        page.on("pageerror", lambda e, name=name: errors.append(f"{name}: {e}"))
    try:
        # The host opens a locked Hungarian table with two robots and copies the invitation.
        as_guest(host, site)
        unfold_opening_form(host)
        host.locator('.new-room select[name="variant"]').select_option("hungarian")
        host.locator("#robots").select_option("2")
        host.locator('.new-room input[name="locked"]').check()
        host.locator("#new-room").click()
        host.wait_for_url("**/r/*/")
        host.wait_for_selector("#connection.ok")
        code = host.url.rstrip("/").split("/")[-1]
        host.locator("#status [data-copy-link]").click()
        host.wait_for_selector('#status [data-copy-link][data-copied="true"]')
        invitation = host.evaluate("navigator.clipboard.readText()")
        assert invitation.startswith(f"{site.url}/join/{code}/?invite=")

        # A stranger with the plain link is refused the free seat, with the reason.
        as_guest(stranger, site)
        refused = stranger.goto(f"{site.url}/join/{code}/")
        assert refused.status == 403
        assert stranger.locator("[data-join-message]").inner_text() == LOCKED

        # The watcher opens the table's page: the audience is open.
        as_guest(watcher, site)
        watcher.goto(f"{site.url}/r/{code}/")
        watcher.wait_for_selector("#connection.ok")
        assert watcher.locator("#seats .seat.me").count() == 0

        # The friend opens the invitation on a phone, plays as a guest and is seated.
        friend.goto(invitation)
        friend.locator("[data-join-as-guest]").click()
        friend.wait_for_url(f"**/r/{code}/")
        friend.wait_for_selector("#connection.ok")
        friend.wait_for_selector('#seats .seat.me[data-seat="1"]')
        for page in (host, friend, watcher):
            page.wait_for_selector("#status[data-hand-no='1']")

        # The players talk; the watcher reads them live.
        say(friend, "Thanks for the invitation!")
        wait_for_message(host, "Thanks for the invitation!")
        wait_for_message(watcher, "Thanks for the invitation!")
        # The watcher's tip stays among the watchers while the hand is played: the host's
        # answer, sent after it, reaches the friend, and the tip does not.
        say(watcher, "Bid three, host!")
        say(host, "Good luck to us both")
        wait_for_message(friend, "Good luck to us both")
        wait_for_message(watcher, "Good luck to us both")
        for page in (host, friend):
            assert chat(page) == ["Thanks for the invitation!", "Good luck to us both"]

        play_out([host, friend])
        watcher.wait_for_selector(HAND_OVER)

        # The hand is over: the players read the watcher's tip too, in the order it was said.
        for page in (host, friend):
            wait_for_message(page, "Bid three, host!")
            assert chat(page) == ["Thanks for the invitation!", "Bid three, host!", "Good luck to us both"]
        assert chat(watcher) == ["Thanks for the invitation!", "Bid three, host!", "Good luck to us both"]
        for name, page in pages.items():
            if name != "stranger":  # the refusal page has no chat
                page.locator("#drawer-chat summary").click()
                page.wait_for_selector("#drawer-chat[open] #chat-log")
            page.screenshot(path=str(SHOTS / f"{name}.png"))
        assert errors == []
    finally:
        for context in contexts.values():
            context.close()
