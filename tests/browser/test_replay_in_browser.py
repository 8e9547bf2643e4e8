"""The replay is the table (issue 38): a finished hand of each game replays on the live table's
felt from the deal, steps by keys without a page load (a marker set on ``window`` survives), the
felt shows the card of the step in the trick (Bridge: on the stack), the URL follows, and a
``?step=`` link opens that position. Twelve quick presses of → reach step 12. Screenshots on a
phone and a laptop go to test-artifacts/screenshots/replay/ (git-ignored)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.helpers.browser_checks import violations
from tests.helpers.finished_hands import finished_hand

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "screenshots" / "replay"
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


def shot(page, name: str, full_page: bool = True) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


def step_of(page) -> int:
    return int(page.locator("[data-replay]").get_attribute("data-step"))


def slot(page, variant: str, card: str):
    """Where the card of the step lies on the felt: the trick (Bridge: the top of the stack)."""
    if variant == "bridge":
        return page.locator(f'#replay-table #board .top-card[data-top="{card}"]')
    return page.locator(f'#replay-table #board .trick-cards [data-card="{card}"]').first


@pytest.mark.parametrize("variant", ["hungarian", "czech", "slovenian3", "bridge"])
def test_a_finished_hand_replays_on_the_felt_by_keys_without_a_page_load(site, browser, variant):
    hand = finished_hand(site, variant)
    seq, action = hand["plays"][0]  # the first card played: the step puts it in the trick
    card = action.split(":", 1)[1]
    page = browser.new_context(viewport=LAPTOP).new_page()
    page.goto(f"{site.url}/hands/{hand['hand']}/")
    assert step_of(page) == 0  # it opens at the deal
    assert page.locator("#replay-table .felt #seats [data-seat]").count() >= 3
    page.evaluate("window.__noReload = 'still here'")

    for _ in range(seq):
        page.keyboard.press("ArrowRight")
    page.wait_for_selector(f'[data-replay][data-step="{seq}"]')
    slot(page, variant, card).wait_for()
    assert f"step={seq}" in page.url
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f'[data-replay][data-step="{seq - 1}"]')
    assert slot(page, variant, card).count() == 0  # not yet played
    page.keyboard.press("End")
    page.wait_for_selector(f'[data-replay][data-step="{hand["last"]}"]')
    assert page.locator("#replay-table #result:not([hidden]) h2").count() == 1  # the live table's result
    shot(page, f"{variant}-laptop-end")
    page.keyboard.press("Home")
    page.wait_for_selector('[data-replay][data-step="0"]')
    page.locator(f'#move-list a[data-step="{seq}"]').click()
    page.wait_for_selector(f'[data-replay][data-step="{seq}"]')
    assert page.locator("#move-list li.current").get_attribute("data-seq") == str(seq)
    assert page.evaluate("window.__noReload") == "still here"  # no navigation happened

    # The link of the position opens it.
    page.goto(f"{site.url}/hands/{hand['hand']}/?step={seq}&seat=all")
    assert step_of(page) == seq
    slot(page, variant, card).wait_for()
    assert violations(page, f"replay of {variant}, a laptop") == []
    shot(page, f"{variant}-laptop")
    page.context.close()


def test_twelve_quick_presses_reach_step_twelve_and_the_phone_has_the_moves_as_a_sheet(site, browser):
    hand = finished_hand(site, "hungarian", seed=2)
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{site.url}/hands/{hand['hand']}/")
    page.evaluate("window.__noReload = 1")
    started = time.monotonic()
    for _ in range(12):
        page.keyboard.press("ArrowRight")
    page.wait_for_selector('[data-replay][data-step="12"]')
    twelve = time.monotonic() - started
    page.wait_for_timeout(300)  # nothing late moves it on
    assert step_of(page) == 12 and "step=12" in page.url
    assert page.evaluate("window.__noReload") == 1

    # One step to a position not fetched ahead, from the click to its felt; and one fetch alone.
    middle = hand["last"] // 2
    one = page.evaluate(
        """(step) => new Promise((done) => {
          const root = document.querySelector('[data-replay]');
          const start = performance.now();
          new MutationObserver(() => done(performance.now() - start)).observe(root, {attributes: true});
          document.querySelector(`#move-list a[data-step="${step}"]`).click();
        })""",
        middle,
    )
    fetched = page.evaluate(
        """async (step) => {
          const start = performance.now();
          await (await fetch(`?step=${step}&seat=all&part=table`)).text();
          return performance.now() - start;
        }""",
        middle + 7,
    )
    print(
        f"\nreplay: twelve quick presses of → reached step 12 in {twelve * 1000:.0f} ms (the driver's"
        f" presses included); a step not fetched ahead {one:.0f} ms from click to felt;"
        f" one step's fetch {fetched:.0f} ms"
    )
    page.keyboard.press("Home")
    page.wait_for_selector('[data-replay][data-step="0"]')

    sheet = page.locator("#replay-moves")
    assert sheet.get_attribute("open") is None  # folded on a phone
    shot(page, "hungarian-phone-deal")
    shot(page, "hungarian-phone-deal-screen", full_page=False)
    sheet.locator("summary").click()
    page.locator('#move-list a[data-step="5"]').click()
    page.wait_for_selector('[data-replay][data-step="5"]')
    assert violations(page, "replay on a phone") == []
    shot(page, "hungarian-phone-step-5-sheet-open", full_page=False)
    sheet.locator("summary").click()  # folded again: the felt of step 5
    page.locator("#replay-table").scroll_into_view_if_needed()
    shot(page, "hungarian-phone-step-5", full_page=False)
    page.context.close()


def test_the_staff_inspector_steps_on_the_same_felt_and_keeps_its_facts(site, browser):
    hand = finished_hand(site, "slovenian3", seed=3)
    staff = site.staff_page(browser, LAPTOP)
    staff.goto(f"{site.url}/staff/hands/{hand['hand']}/?step=3")
    staff.evaluate("window.__noReload = 1")
    staff.keyboard.press("ArrowRight")
    staff.wait_for_selector('[data-replay][data-step="4"]')
    assert "step=4" in staff.url and staff.evaluate("window.__noReload") == 1
    assert staff.locator("#replay-table .felt #board").count() == 1
    assert staff.locator("[data-dealt-seat]").count() == 3  # every hand as dealt
    assert staff.locator(".raw-log li").count() == hand["last"]  # the log as stored
    assert staff.locator(".raw-log li.current").get_attribute("data-seq") == "4"
    assert violations(staff, "the inspector, a laptop") == []
    shot(staff, "inspector-laptop")
    staff.context.close()
