"""End to end in Chromium, the guided hands (issue 21, item 2): a visitor opens each game's
guided hand from the lobby's link, becomes a guest with one click, and follows the advice the
guide panel shows by clicking the table's own controls until the receipt is explained, with
the hand and the choices in the first screen at every decision on a laptop and on a phone; another
visitor makes a wrong choice and reads the script's explanation, and the panel passes axe.
Screenshots (desktop and phone) go to test-artifacts/screenshots/tutorial/ (git-ignored)."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from games.rules import get_variant
from games.tutorial import SCRIPTS
from tests.browser.conftest import ROOT

SHOTS = ROOT / "test-artifacts" / "screenshots" / "tutorial"
DESKTOP = {"width": 1366, "height": 800}
PHONE = {"width": 390, "height": 844}
AXE = Axe()

NEXT = (
    "() => document.querySelector('#guide .guide-receipt') || "
    "(document.querySelector('#guide [data-decision]') && "
    "document.querySelector('#guide [data-decision]').dataset.decision != '{number}')"
)


# The hand's cards and the choices (buttons of #controls) seen in the first screen: each inside
# the viewport with the page scrolled to its top, and not covered (the point at its centre is
# the element itself). Returns what is not, and how many were looked at.
IN_VIEW = """() => {
  scrollTo(0, 0);
  const els = [...document.querySelectorAll('#hand .hand > .card, #controls button')]
    .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden');
  const out = [];
  for (const e of els) {
    const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const inside = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    if (!inside || !hit || !e.contains(hit)) {
      out.push((e.dataset.card || e.dataset.action || e.textContent.trim().slice(0, 20))
        + ' at ' + Math.round(r.top) + '..' + Math.round(r.bottom) + ' of ' + innerHeight);
    }
  }
  return [out, els.length];
}"""


def assert_hand_and_choices_in_view(page, where: str, shot: bool = False) -> None:
    """At a decision, on the laptop and on the phone: the hand and the choices in the first
    screen (with ``shot``, that screen saved for people to look at)."""
    name = where.replace(" ", "-")
    for size, viewport in (("laptop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        out, seen = page.evaluate(IN_VIEW)
        if out or not seen or shot:
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"{'' if seen and not out else 'FAILED-'}{name}-{size}.png"))
        assert seen and out == [], f"{where} on the {size}: off the first screen: {out}"
    page.set_viewport_size(DESKTOP)


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(SHOTS / f"{name}-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)


def start_from_the_lobby(browser, site, key: str):
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(site.url + "/")
    page.get_by_role("link", name=f"Guided hand: {get_variant(key).name}").click()
    page.get_by_role("button", name="Start the guided hand as a guest").click()
    page.wait_for_url("**/r/*/")
    page.wait_for_selector("#connection.ok")
    return page


def follow(page, advised: str) -> None:
    """Make the advised move with the table's own controls."""
    kind, _, cards = advised.partition(":")
    if kind == "discard":
        for card in cards.split(","):
            page.locator(f'[data-discard-choice="{card}"]').click()
        page.locator(".discard-submit").click()
    else:
        page.locator(f'#controls [data-action="{advised}"], #hand [data-action="{advised}"]').first.click()


@pytest.mark.parametrize("key", sorted(SCRIPTS))
def test_a_visitor_completes_the_guided_hand_by_following_its_advice(site, browser, key):
    page = start_from_the_lobby(browser, site, key)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    number = "0"
    shot = False
    for _ in range(len(SCRIPTS[key].moves)):
        page.wait_for_function(NEXT.format(number=number), timeout=20_000)
        if page.locator("#guide .guide-receipt").count():
            break
        decision = page.locator("#guide [data-decision]")
        number = decision.get_attribute("data-decision")
        advised = decision.get_attribute("data-advised")
        assert_hand_and_choices_in_view(page, f"{key} decision {number}", shot=number in ("1", "3", "5"))
        if not shot and page.locator("#guide .guide-advice summary").count():
            page.locator("#guide .guide-advice summary").click()  # the advice, opened
            shoot(page, f"{key}-decision")
            shot = True
        follow(page, advised)
        assert page.locator("#flash").is_hidden() or not page.locator("#flash").inner_text().strip()
    receipt = page.locator("#guide .guide-receipt")
    receipt.wait_for()
    assert "The result, line by line" in receipt.inner_text()
    assert page.locator("#result h2").count() == 1
    shoot(page, f"{key}-receipt")
    assert not errors


def test_a_wrong_choice_shows_the_explanation_and_the_panel_passes_axe(site, browser):
    page = start_from_the_lobby(browser, site, "hungarian")
    page.wait_for_selector('#guide [data-advised="bid:three"]')
    page.locator('#controls [data-action="pass"]').click()
    flash = page.locator("#flash")
    flash.wait_for(state="visible")
    assert flash.inner_text() == (
        "Bid three here: your six tarokks and the XXI are enough for it, not for more."
    )
    assert page.locator("#status").get_attribute("data-seq") == "0"  # nothing changed
    page.locator("#guide .guide-advice summary").click()
    assert "Six tarokks with the XXI" in page.locator("#guide .guide-advice").inner_text()
    shoot(page, "wrong-choice")
    found = [
        f"{v['id']} ({v['impact']}): {' '.join(v['nodes'][0]['target'])}"
        for v in AXE.run(page).response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert found == []
    # The keyboard reaches the advice and the restart, which deals again on the same table.
    table = page.url
    page.locator("#guide-restart").focus()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.url == table
    page.wait_for_selector('#guide [data-advised="bid:three"]')
    assert page.locator("#status").get_attribute("data-hand-no") == "2"  # the hand dealt again
    # On a phone the guide folds to its head, and stays folded through the pushes of the next moves.
    page.set_viewport_size(PHONE)
    fold = page.locator("#guide-fold")
    fold.click()
    assert page.locator("#guide-body").is_hidden() and fold.get_attribute("aria-expanded") == "false"
    follow(page, "bid:three")
    page.wait_for_selector('#guide [data-decision="2"]', state="attached")
    assert page.locator("#guide-body").is_hidden() and fold.inner_text() == "Show the guide"
    assert page.locator(".guide-now").inner_text() == "Your decision 2"  # the folded head says so
    page.screenshot(path=str(SHOTS / "folded-phone.png"))
    fold.click()
    assert page.locator("#guide-body").is_visible() and fold.get_attribute("aria-expanded") == "true"
