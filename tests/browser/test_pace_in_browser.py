"""Trick pacing (issue 35): a completed trick stays on the felt, its winner marked, for the
player's trick pause, while the robots play at the table's default pace (brisk).

For each tarot game a guest plays a whole hand against robots; the page records (by a
MutationObserver, with the page's own clock) when each completed trick shows whole on the felt
with its winner marked and when it goes: every trick of the hand must show for at least the
chosen pause. "Until I tap" holds the trick until a tap, and on a phone the last trick is one tap
away in a place that does not scroll. Screenshots go to test-artifacts/screenshots/pace/.
(Bridge has no tricks.)"""

from __future__ import annotations

import pytest

from tests.browser.conftest import ROOT, running_site, unfold_opening_form
from tests.browser.test_table_layout import WAIT_FOR_DECISION, decide

SHOTS = ROOT / "test-artifacts" / "screenshots" / "pace"
VIEWPORTS = {"desktop": {"width": 1366, "height": 800}, "phone": {"width": 390, "height": 844}}
PAUSE_MS = {"quick": 600, "normal": 1200, "long": 2500}
SEATS = {"hungarian": 4, "czech": 4, "slovenian3": 3}
MAX_DECISIONS = 200

# Records, by the page's clock, every completed trick shown whole on the felt with its winner
# marked: {name: {from, to, cards, winnerMarked}} (``to`` null while it shows).
RECORDER = """(() => {
  window.__held = {};
  const look = () => {
    const t = performance.now();
    const done = document.getElementById('trick-done');
    const shown = !!done && done.getClientRects().length > 0;
    const name = shown ? done.dataset.trickDone : null;
    for (const [k, v] of Object.entries(window.__held)) if (v.to === null && k !== name) v.to = t;
    if (!shown || window.__held[name]) return;
    const winner = done.querySelector('li.winner');
    const wonBy = done.dataset.wonBy;
    window.__held[name] = {
      from: t, to: null, cards: done.querySelectorAll('li [data-card]').length,
      winnerMarked: !!winner && winner.dataset.playedBy === wonBy
        && done.querySelector('.won-by').getClientRects().length > 0,
    };
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true, attributes: true,
    attributeFilter: ['data-pausing', 'class', 'hidden']});
})()"""

NOT_PAUSING = "() => !document.querySelector('#room[data-pausing]')"


@pytest.fixture(scope="module")
def paced_site(tmp_path_factory):
    """A site whose robots keep each table's pace and whose pages each viewer's trick pause
    (no TAROKK_ROBOT_DELAY or TAROKK_TRICK_PAUSE override)."""
    with running_site(tmp_path_factory, TAROKK_ROBOT_DELAY=None, TAROKK_TRICK_PAUSE=None) as site:
        yield site


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def new_page(browser, viewport: str):
    page = browser.new_context(viewport=VIEWPORTS[viewport]).new_page()
    page.add_init_script(RECORDER)
    return page


def choose_pause(page, pause: str) -> None:
    """The trick pause chosen in the table's tools (Rules panel): posted, no reload."""
    page.locator("#drawer-rules > summary").click()
    with page.expect_response("**/accounts/trick-pause") as answer:
        page.locator("#trick-pause").select_option(pause)
    assert answer.value.status == 204
    page.locator("#drawer-rules [data-drawer-close]").click()


def open_paced_table(page, site, variant: str) -> None:
    """A guest opens a table of ``variant`` with random robots in every other seat, at the
    robots' pace the opening form offers first (brisk)."""
    page.goto(site.url + "/")
    page.get_by_role("button", name="Play as guest").first.click()
    unfold_opening_form(page)
    page.locator('.new-room select[name="variant"]').select_option(variant)
    assert page.locator("#robot-pace").input_value() == "brisk"
    page.locator("#robot-level").select_option("random")
    page.locator("#robots").select_option(index=0)  # the most robots: every other seat
    page.locator("#new-room").click()
    page.wait_for_url("**/r/*/")
    page.wait_for_selector("#connection.ok")


def next_hand(page) -> None:
    old = page.locator("#status").get_attribute("data-hand-no")
    page.locator("#next-hand").click()
    page.wait_for_function(f"() => document.querySelector('#status').dataset.handNo !== '{old}'")


def play_hand(page, variant: str, viewport: str, shots: int = 2) -> None:
    """Decide until the hand is over, never while a trick is held (a move of yours sweeps it)."""
    shot = 0
    for _ in range(MAX_DECISIONS):
        page.wait_for_function(WAIT_FOR_DECISION, timeout=60_000)
        if shot < shots and page.evaluate("() => !!document.querySelector('#room[data-pausing]')"):
            shot += 1
            shoot(page, f"{variant}-{viewport}-held-{shot}")
        page.wait_for_function(NOT_PAUSING, timeout=30_000)
        if page.locator("#result h2").count():
            if page.locator("#review .review-tricks > li").count():
                return
            next_hand(page)  # thrown in before any trick (everybody passed)
            continue
        decide(page)
    pytest.fail(f"{variant} {viewport}: the hand did not end in {MAX_DECISIONS} decisions")


@pytest.mark.parametrize(
    ("variant", "viewport", "pause"),
    [
        ("hungarian", "desktop", "normal"),
        ("czech", "phone", "quick"),
        ("slovenian3", "desktop", "quick"),
    ],
)
def test_every_completed_trick_stays_on_the_felt_for_the_chosen_pause(
    paced_site, browser, variant, viewport, pause
):
    page = new_page(browser, viewport)
    open_paced_table(page, paced_site, variant)
    choose_pause(page, pause)
    play_hand(page, variant, viewport)
    page.wait_for_function(NOT_PAUSING, timeout=30_000)
    shoot(page, f"{variant}-{viewport}-over")
    hand_no = page.locator("#status").get_attribute("data-hand-no")
    tricks = page.locator("#review .review-tricks > li").count()
    assert tricks > 0
    held = page.evaluate("() => window.__held")
    # The tricks completed before the pause was chosen (none: the auction comes first) aside,
    # every trick of the hand was held whole with its winner marked, for the pause at least.
    expected = {f"{hand_no}:{n}" for n in range(1, tricks + 1)}
    assert set(held) == expected, (sorted(held), tricks)
    for name, shown in held.items():
        assert shown["cards"] == SEATS[variant], (name, shown)
        assert shown["winnerMarked"], (name, shown)
        assert shown["to"] is not None and shown["to"] - shown["from"] >= PAUSE_MS[pause] - 5, (name, shown)
    page.context.close()


def test_until_i_tap_holds_the_trick_and_the_last_trick_is_one_tap_away_on_a_phone(paced_site, browser):
    page = new_page(browser, "phone")
    open_paced_table(page, paced_site, "hungarian")
    choose_pause(page, "tap")
    # Play to the first completed trick.
    for _ in range(MAX_DECISIONS):
        page.wait_for_function(
            f"() => !!document.querySelector('#room[data-pausing]') || ({WAIT_FOR_DECISION[6:]})",
            timeout=60_000,
        )
        if page.evaluate("() => !!document.querySelector('#room[data-pausing]')"):
            break
        if page.locator("#result h2").count():
            next_hand(page)  # thrown in before any trick
            continue
        decide(page)
    else:
        pytest.fail("no trick was completed")
    assert page.locator("#room").get_attribute("data-pausing") == "tap"
    # Held well past the longest timed pause, the robots' next moves waiting behind it.
    page.wait_for_timeout(3_000)
    assert page.locator("#room").get_attribute("data-pausing") == "tap"
    name = page.locator("#trick-done").get_attribute("data-trick-done")
    held = page.evaluate("() => window.__held")
    assert held[name]["to"] is None and held[name]["winnerMarked"]
    assert page.locator("#trick-done .tap-on").is_visible()
    shoot(page, "hungarian-phone-tap-held")
    page.locator("#trick-done").click()
    page.wait_for_function(NOT_PAUSING, timeout=5_000)
    assert page.evaluate("() => window.tarokkPace.held()") == 0
    # The last trick: in the felt's top right corner, whatever the facts strip's scroll.
    page.wait_for_selector("#trick-last > summary")
    summary = page.locator("#trick-last > summary")
    before = summary.bounding_box()
    page.evaluate("() => { const f = document.querySelector('.facts'); f.scrollLeft = f.scrollWidth; }")
    after = summary.bounding_box()
    assert before == after, (before, after)
    assert 0 <= before["x"] and before["x"] + before["width"] <= 390 and 0 <= before["y"] <= 844
    summary.click()
    assert page.locator("#trick-last .fact-body [data-card]").first.is_visible()
    assert page.locator("#trick-last .fact-body li.winner").count() == 1
    shoot(page, "hungarian-phone-last-trick-open")
    page.context.close()
