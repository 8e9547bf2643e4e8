"""The analysis in the browser: on a finished hand's replay a guest asks for the analysis, the
panel shows its progress (htmx polls it) and, once the site's analysis thread is done, the page
shows the players' summary and the marked move list; a click on a marked move steps to it (no
page load) and its appraisal follows the felt. Screenshots on a phone and a laptop go to
test-artifacts/screenshots/analysis/ (git-ignored)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.browser_checks import violations
from tests.helpers.finished_hands import finished_hand

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "screenshots" / "analysis"
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_a_guest_asks_for_the_analysis_and_steps_to_a_marked_move(site, browser):
    hand = finished_hand(site, "czech", seed=7)
    page = browser.new_context(viewport=LAPTOP).new_page()
    page.goto(site.url + "/")
    page.get_by_role("button", name="Play as guest").first.click()
    page.wait_for_load_state()
    page.goto(f"{site.url}/hands/{hand['hand']}/")
    page.locator("#analyse").click()
    # The panel says it is queued or running, then the page comes back with the results.
    page.wait_for_selector("#analysis [data-analysis-seat]", timeout=120_000)
    assert page.locator("#analysis [data-analysis-seat]").count() == 1  # one person played
    judged = page.locator("#move-list li.move[data-mark]")  # the person's appraised moves
    assert judged.count() > 0
    marked = page.locator("#move-list li.move:has([data-move-mark])")  # those marked ?!, ? or ??
    assert marked.count() == page.locator('#move-list li.move[data-mark]:not([data-mark="good"])').count()
    chosen = marked.first if marked.count() else judged.first
    seq = chosen.get_attribute("data-seq")
    page.evaluate("window.__noReload = 'still here'")
    chosen.locator("a").click()
    page.wait_for_selector(f'[data-replay][data-step="{seq}"]')
    step = page.locator(f'#replay-table [data-analysis-step="{seq}"]')
    step.wait_for()
    assert step.locator("[data-made]").count() == 1 and step.locator("[data-best]").count() == 1
    assert page.evaluate("window.__noReload") == "still here"
    assert violations(page, "the analysis of a replay, a laptop") == []
    shot(page, "czech-laptop")

    phone = browser.new_context(viewport=PHONE, storage_state=page.context.storage_state()).new_page()
    phone.goto(f"{site.url}/hands/{hand['hand']}/?step={seq}")
    phone.locator(f'[data-analysis-step="{seq}"]').wait_for()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide on a phone"
    assert violations(phone, "the analysis of a replay, a phone") == []
    # The step's felt comes first, most of it in the first screen; the move's analysis under it.
    felt = phone.locator("#replay-table .replay-felt").bounding_box()
    judged = phone.locator(f'#replay-table [data-analysis-step="{seq}"]').bounding_box()
    assert felt is not None and judged is not None
    assert felt["y"] + felt["height"] / 2 < PHONE["height"], felt
    assert judged["y"] >= felt["y"] + felt["height"], (felt, judged)
    shot(phone, "czech-phone")
    phone.screenshot(path=str(SHOTS / "czech-phone-screen.png"))  # the first screen alone
    phone.context.close()
    page.context.close()
