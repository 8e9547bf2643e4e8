"""The table's signals in Chromium: the keyboard focus survives the pushes (the same control,
or a sensible one, never the page's body), every button has a letter, the "?" help is a modal
dialog that gives the focus back, the title and the favicon say when it is your turn, the turn
sound is off until turned on and is remembered, cards move unless reduced motion is asked for
and any key finishes the motion, and every page has an icon (no 404)."""

from __future__ import annotations

import re

from tests.browser.conftest import open_table_as_guest
from tests.helpers.browser_play import MY_TURN, YOURS, take_one_action, to_the_play

# Before the page's scripts: count every sound played and every animation started, and after
# each push (listeners on window run after the page's own on document) note where the focus is.
WATCH = """
window.__plays = 0;
window.__animations = 0;
window.__focus = [];
const play = HTMLMediaElement.prototype.play;
HTMLMediaElement.prototype.play = function () { window.__plays += 1; return play.call(this); };
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.__animations += 1;
  return animate.apply(this, args);
};
window.addEventListener("htmx:wsAfterMessage", () => {
  const el = document.activeElement;
  const name = el && (el.id || el.dataset.action || el.dataset.card || el.tagName);
  window.__focus.push(!el || el === document.body ? "BODY" : name);
});
"""


def open_table(browser, site, **context):
    ctx = browser.new_context(**context)
    ctx.add_init_script(WATCH)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    code = open_table_as_guest(page, site)
    return page, code, errors


def resync(page) -> None:
    """Ask the server for a fresh snapshot: every live fragment is replaced, as after a move."""
    page.evaluate(
        """() => new Promise(resolve => {
          document.addEventListener("htmx:wsAfterMessage", () => setTimeout(resolve, 0), { once: true });
          document.getElementById("room")["htmx-internal-data"].webSocket.send("resync");
        })"""
    )


def test_the_focus_survives_pushes_and_the_title_says_your_turn(site, browser):
    page, code, errors = open_table(browser, site)
    page.wait_for_function(MY_TURN + " && document.querySelector('#controls [data-action]')", timeout=20_000)
    # Your turn, seen from another tab: the title and the icon.
    assert page.title() == f"● Your turn · Table {code} · Tarokk"
    assert re.search(r"/img/favicon-turn\.[0-9a-f]{12}\.svg$", page.locator("#favicon").get_attribute("href"))

    # A push replaces the focused button (the last choice, so not the first one by chance): its
    # new copy has the focus.
    buttons = page.locator("#controls [data-action]")
    second = buttons.nth(buttons.count() - 1)
    action = second.get_attribute("data-action")
    second.focus()
    page.evaluate("() => { window.__old = document.activeElement; }")
    resync(page)
    assert page.evaluate("() => !window.__old.isConnected")  # the button was replaced
    assert page.evaluate("() => document.activeElement.dataset.action") == action

    # Every choice has a letter, shown on its button; pressing it is a click.
    keys = page.evaluate(
        "() => [...document.querySelectorAll('#controls [data-action]')].map(b => b.dataset.key)"
    )
    assert all(keys) and len(set(keys)) == len(keys)
    seq = page.locator("#status").get_attribute("data-seq")
    page.evaluate("() => { window.__focus = []; }")
    page.keyboard.press(second.get_attribute("data-key"))
    page.wait_for_function(f"() => document.querySelector('#status').dataset.seq != '{seq}'")
    # Not your turn any more: the title and the icon are back. The title follows the status a
    # moment after a push: read the three together, once they agree.
    title, yours, icon = page.wait_for_function(
        f"() => {{ const yours = {YOURS}; const title = document.title;"
        " return title.startsWith('●') === yours"
        " && [title, yours, document.querySelector('#favicon').getAttribute('href')]; }"
    ).json_value()
    if not yours:
        assert title == f"Table {code} · Tarokk"
        assert re.search(r"/img/favicon\.[0-9a-f]{12}\.svg$", icon)

    # Robots move (pushes replace the fragments); the focus never falls to the page's body,
    # and when a choice is yours again, the focus is on one.
    page.wait_for_function(
        f"() => {YOURS} && document.querySelector('#hand [data-action], #controls [data-action], "
        "[data-discard-choice]')"
        " || document.querySelector('#next-hand')",
        timeout=20_000,
    )
    page.wait_for_timeout(150)
    focus_log = page.evaluate("() => window.__focus")
    assert focus_log and "BODY" not in focus_log, focus_log
    assert page.evaluate(
        "() => document.activeElement.matches('#hand [data-action], #controls [data-action], "
        "[data-discard-choice], #next-hand')"
    ), page.evaluate("() => document.activeElement.outerHTML.slice(0, 200)")
    assert not errors, errors


def test_the_keys_help_is_a_modal_dialog_that_gives_the_focus_back(site, browser):
    page, code, errors = open_table(browser, site)
    page.locator("#drawer-rules > summary").click()  # the tools lie in the Rules panel
    opener = page.locator("#keys-open")
    opener.focus()
    page.keyboard.press("?")
    dialog = page.get_by_role("dialog", name="Keys at the table")
    assert dialog.is_visible()
    assert dialog.get_attribute("aria-modal") == "true"
    assert "Escape" in dialog.inner_text() and "1" in dialog.inner_text()
    # The focus is in the dialog and Tab keeps it there.
    for _ in range(3):
        assert page.evaluate("() => document.getElementById('keys-dialog').contains(document.activeElement)")
        page.keyboard.press("Tab")
    page.keyboard.press("Escape")
    assert not dialog.is_visible()
    assert page.evaluate("() => document.activeElement.id") == "keys-open"
    # Escape closes an open panel too (the dialog's Escape left the panel open).
    assert page.locator(".table-rules").get_attribute("open") is not None
    page.keyboard.press("Escape")
    assert page.locator(".table-rules").get_attribute("open") is None
    # The button opens it too, and Close gives the focus back to it.
    page.locator("#drawer-rules > summary").click()
    opener.click()
    assert dialog.is_visible()
    page.locator("#keys-close").click()
    assert not dialog.is_visible()
    assert page.evaluate("() => document.activeElement.id") == "keys-open"
    assert not errors, errors


def test_the_turn_sound_is_off_until_turned_on_and_is_remembered(site, browser):
    page, code, errors = open_table(browser, site)
    page.locator("#drawer-rules > summary").click()  # the tools lie in the Rules panel
    toggle = page.locator("#sound-toggle")
    assert toggle.get_attribute("aria-pressed") == "false"
    sound = page.request.get(site.url + toggle.get_attribute("data-sound"))
    assert sound.status == 200 and sound.body()[:4] == b"RIFF" and len(sound.body()) > 4000
    page.wait_for_function(MY_TURN + " && document.querySelector('#controls [data-action]')", timeout=20_000)
    assert page.evaluate("() => window.__plays") == 0  # off: no sound when the turn started
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    assert page.evaluate("() => window.__plays") == 1  # turning it on plays it once
    page.reload()
    page.wait_for_selector("#connection.ok")
    # The panel is closed again after the reload: the toggle is still in the page.
    assert page.locator("#sound-toggle").get_attribute("aria-pressed") == "true"
    # On: the next time your turn starts, the chime plays.
    page.wait_for_function(MY_TURN + " && document.querySelector('#controls [data-action]')", timeout=20_000)
    # Your turn again, or the hand is over (a result, or a hand thrown in waiting for the next deal).
    # A move may leave the turn with you (an announcement before "end the turn"): no new turn
    # starts then, so no chime; move on until the turn has gone round and come back.
    over = "document.querySelector('#result h2') || document.querySelector('#next-hand')"
    for _ in range(12):
        take_one_action(page)
        page.wait_for_function(f"() => ({YOURS}) || {over}", timeout=20_000)
        page.wait_for_timeout(300)  # the chime follows the swap that starts the turn
        if page.evaluate(f"() => !!({over}) || window.__plays >= 1"):
            break
    if not page.evaluate(f"() => !!({over})"):
        assert page.evaluate("() => window.__plays") >= 1
    page.locator("#drawer-rules > summary").click()
    page.locator("#sound-toggle").click()
    assert page.evaluate("() => localStorage.getItem('tarokk.turnSound')") == "off"
    assert not errors, errors


def test_cards_move_unless_reduced_motion_is_asked_and_a_key_finishes_the_motion(site, browser):
    page, code, errors = open_table(browser, site)
    to_the_play(page)
    # Cards land on the board: they move, and a key finishes every motion at once.
    skipped = page.evaluate(
        """() => new Promise(resolve => {
          const moving = () => document.getAnimations().filter(a => a.playState === "running").length;
          const check = () => {
            const before = moving();
            const ghosts = document.querySelectorAll(".motion-ghost").length;
            if (!before) return;
            // A copy in flight lies over the page and never moves the layout under the pointer.
            const placed = [...document.querySelectorAll(".motion-ghost")]
              .map(g => getComputedStyle(g).position);
            document.removeEventListener("htmx:wsAfterMessage", check);
            document.dispatchEvent(new KeyboardEvent("keydown", { key: "Shift" }));
            resolve([before, ghosts, moving(), document.querySelectorAll(".motion-ghost").length, placed]);
          };
          document.addEventListener("htmx:wsAfterMessage", check);
          const card = document.querySelector("#hand [data-action]");
          if (card) card.click();
        })"""
    )
    assert skipped[0] > 0 and skipped[1] > 0 and skipped[2:4] == [0, 0], skipped
    assert set(skipped[4]) == {"fixed"}, skipped
    # Reduced motion: cards are played, nothing moves.
    page.emulate_media(reduced_motion="reduce")
    started = page.evaluate("() => window.__animations")
    played = 0
    for _ in range(20):  # four cards of ours; a hand that ends first is followed by the next one's play
        action = take_one_action(page)
        if action is None:
            hand_no = page.locator("#status").get_attribute("data-hand-no")
            page.locator("#next-hand").click()
            page.wait_for_function(f"() => document.querySelector('#status').dataset.handNo != '{hand_no}'")
            to_the_play(page)
        elif action.startswith("play:"):
            played += 1
            if played == 4:
                break
    assert played == 4
    assert page.evaluate("() => window.__animations") == started
    assert page.locator(".motion-ghost").count() == 0
    assert not errors, errors


def test_every_page_has_an_icon_and_no_404(site, browser):
    page = browser.new_context().new_page()
    failed: list[str] = []
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("console", lambda m: failed.append(m.text) if m.type == "error" else None)
    page.goto(site.url + "/")
    href = page.locator('link[rel="icon"]').get_attribute("href")
    icon = page.request.get(site.url + href)
    assert icon.status == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    assert b"<svg" in icon.body()
    turn = page.request.get(site.url + page.locator("#favicon").get_attribute("data-turn-href"))
    assert turn.status == 200 and b"<svg" in turn.body()
    # Pages that do not extend base.html (the admin) get it at the browser's default address.
    assert page.request.get(site.url + "/favicon.ico").status == 200
    open_table_as_guest(page, site)
    page.goto(site.url + "/accounts/login/")
    page.wait_for_timeout(200)
    assert not failed, failed
