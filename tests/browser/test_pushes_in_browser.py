"""The parts of partials a push sends alone, applied by htmx in Chromium: the board's centre (the
trick) and its last trick's panel (which stays open if the player opened it), a seat, the log's
new lines at the top of its list and its lines that changed (a tarot log names the cards of the
last trick only). A guest plays a Czech hand against robots on a phone; whenever it is the
guest's turn, the page kept up to date by its
pushes shows what the same seat's page loaded afresh shows: the log line by line, the seats, the
board and the status, as text. tests/web/test_pushes.py checks the same of the fragments
themselves, after every move of every game, for every viewer; this checks that the browser
applies them as that test's page model does. A screenshot goes to
test-artifacts/screenshots/pushes/."""

from __future__ import annotations

from tests.browser.conftest import ROOT, open_table_as_guest
from tests.helpers.browser_play import WAIT_FOR_DECISION, decide

SHOTS = ROOT / "test-artifacts" / "screenshots" / "pushes"
PHONE = {"width": 390, "height": 844}

# What the page shows of the live partials, as text (classes aside: the page's scripts add some).
SHOWN = """() => {
  const text = (el) => el ? el.textContent.replace(/\\s+/g, ' ').trim() : null;
  return {
    log: [...document.querySelectorAll('#log-lines > li')].map(text),
    seats: [...document.querySelectorAll('#seats > li')].map(
      (li) => [li.id, li.classList.contains('to-act'), text(li)]),
    board: text(document.getElementById('board')),
    centre: text(document.getElementById('centre')),
    status: text(document.getElementById('status')),
    version: document.getElementById('status').dataset.version,
  };
}"""

LAST_TRICK = "() => document.getElementById('trick-last').textContent"
CARD = "#hand [data-action]"
OPEN = "document.getElementById('trick-last').open = true;"

# Pushes of parts alone that the page received: a frame's top-level elements, as the page got them.
PARTS = """(frame) => {
  const template = document.createElement('template');
  template.innerHTML = frame;
  return [...template.content.children].map((e) => e.id || e.getAttribute('hx-swap-oob') || e.tagName);
}"""


def test_a_page_kept_by_its_pushes_shows_what_a_page_loaded_afresh_shows(site, browser):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    frames: list[str] = []
    errors: list[str] = []
    page.on(
        "websocket",
        lambda ws: ws.on("framereceived", lambda f: frames.append(f) if isinstance(f, str) else None),
    )
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_table_as_guest(page, site, variant="czech")
    compared = 0
    kept_open = False  # a push replaced the last trick's panel while it was open, and it stayed so
    for _ in range(120):
        page.wait_for_function(WAIT_FOR_DECISION, timeout=20_000)
        if page.locator("#result h2").count():
            break
        if not kept_open and page.locator("#trick-last").count() and page.locator(CARD).count():
            # The player opens the last trick's panel as their card goes (a tap outside a panel
            # closes it): the push that completes the trick replaces the panel alone.
            before = page.evaluate(LAST_TRICK)
            page.evaluate(f"() => {{ document.querySelector('{CARD}').click(); {OPEN} }}")
            page.wait_for_function(f"(before) => ({LAST_TRICK})() !== before", arg=before, timeout=20_000)
            assert page.evaluate("() => document.getElementById('trick-last').open")
            page.evaluate("() => { document.getElementById('trick-last').open = false; }")
            kept_open = True
            continue
        fresh = context.new_page()
        fresh.goto(page.url)
        fresh.wait_for_selector("#connection.ok")
        fresh.wait_for_function(WAIT_FOR_DECISION, timeout=20_000)
        for _ in range(100):  # the same table on both (a robot deciding beside the guest moves it)
            shown, again = page.evaluate(SHOWN), fresh.evaluate(SHOWN)
            if shown["version"] == again["version"]:
                break
            page.wait_for_timeout(100)
        assert again == shown, f"after {compared} comparisons"
        fresh.close()
        compared += 1
        if decide(page) is None:
            break
    assert compared >= 8 and kept_open
    kinds = [kind for frame in frames for kind in page.evaluate(PARTS, frame)]
    # Every kind of part sent alone reached the page: the trick, a seat, the last trick's panel,
    # a line of the log that changed and the new lines.
    assert "centre" in kinds and any(k.startswith("seat-") for k in kinds), kinds
    assert "trick-last" in kinds and any(k.startswith("log-") and k != "log-lines" for k in kinds), kinds
    assert "afterbegin:#log-lines" in kinds, kinds
    assert errors == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "czech-phone.png"))
    context.close()
