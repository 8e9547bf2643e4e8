"""Five-player Hungarian in Chromium (hungarian.md §2): a guest opens a table of five from the
lobby form (the robots choice and the match length follow the five-player choice) on a phone;
a friend takes the free seat on a laptop; three robots fill the rest. They play until one of the
two deals a hand, and sit it out: the status, its seat and the hand panel say so, it has nothing
to press, the others see it sitting out, the pages pass axe, and the scoreboard shows its 0.
(Two people, so that the dealer's hand waits for the other one instead of running to its end.)
Screenshots go to test-artifacts/screenshots/five/ (git-ignored)."""

from __future__ import annotations

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import ROOT, unfold_opening_form
from tests.helpers.browser_checks import violations
from tests.helpers.browser_play import VIEWPORTS, decide

SHOTS = ROOT / "test-artifacts" / "screenshots" / "five"
SITTING_OUT = "() => !!document.querySelector('#status [data-sitting-out]')"
DECISION = (
    "() => !!document.querySelector('#hand [data-action], #controls [data-action], [data-discard-choice]')"
)
HANDS = 8  # each person deals one hand in five scored ones (after a throw-in the same again)


def shoot(page, name: str) -> None:
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def settled(pages) -> None:
    """Every page shows the same move: the last one's push has reached them all (a push that
    arrives while a person picks discards would take the form away under the click)."""
    for _ in range(300):
        if len({page.locator("#status").get_attribute("data-seq") for page in pages}) == 1:
            return
        pages[0].wait_for_timeout(50)
    raise AssertionError("the pages do not show the same move")


def play_out(pages) -> None:
    """The persons decide in turn when they may, until the hand is over. Discards are chosen
    card by card while the others (robots too) discard at the same time: a push may take the
    chosen cards away, or move the button, under the click; then the person looks again."""
    lost = 0
    for _ in range(400):
        if pages[0].locator("#result h2").count():
            return
        settled(pages)
        page = next((page for page in pages if page.evaluate(DECISION)), None)
        if page is None:
            pages[0].wait_for_timeout(100)
            continue
        try:
            decide(page)
        except PlaywrightTimeout:  # the form went or moved under the click: look again
            lost += 1
            assert lost <= 5, "decisions keep being lost"
    raise AssertionError("the hand did not end")


def hand_no(page) -> str:
    return page.locator("#status").get_attribute("data-hand-no")


def test_the_dealer_at_a_table_of_five_sits_the_hand_out(site, browser):
    SHOTS.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    host = browser.new_context(viewport=VIEWPORTS["phone"]).new_page()
    friend = browser.new_context(viewport=VIEWPORTS["desktop"]).new_page()
    for page in (host, friend):
        page.set_default_timeout(10_000)  # a click on a form a push took away fails soon (play_out)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(site.url + "/")
        page.get_by_role("button", name="Play as guest").first.click()
    unfold_opening_form(host)
    host.locator('.new-room select[name="variant"]').select_option("hungarian")
    host.locator('[data-options-for="hungarian"] summary').click()
    assert host.locator("#robots option").first.inner_text() == "3 robots (play now)"
    host.locator('[data-options-for="hungarian"] select[name="five_player"]').select_option("true")
    # Five seats: up to four robots; a match of 20 hands unless the player types another length.
    assert host.locator("#robots option").first.inner_text() == "4 robots (play now)"
    match_hands = host.locator('[data-options-for="hungarian"] input[name="match_hands"]')
    assert match_hands.input_value() == "" and match_hands.get_attribute("placeholder") == "20"
    shoot(host, "lobby-phone")
    host.locator("#robot-level").select_option("random")
    host.locator("#robots").select_option("3")
    host.locator("#new-room").click()
    host.wait_for_url("**/r/*/")
    friend.goto(host.url)
    friend.locator("[data-sit]").first.click()
    for page in (host, friend):
        page.wait_for_selector("#connection.ok")
        page.wait_for_function("() => document.querySelector('#status').dataset.handNo === '1'")
        assert page.locator("#seats [data-seat]").count() == 5

    for _ in range(HANDS):
        sitters = [page for page in (host, friend) if page.evaluate(SITTING_OUT)]
        if sitters:
            break
        number = hand_no(host)
        play_out([host, friend])
        host.locator("#next-hand").click()
        for page in (host, friend):
            page.wait_for_function(f"() => document.querySelector('#status').dataset.handNo != '{number}'")
    else:
        raise AssertionError(f"neither person dealt one of {HANDS} hands")

    # The dealer's hand waits for the other person; the dealer watches as the audience does.
    (sitter,) = sitters
    player = friend if sitter is host else host
    status = sitter.locator("#status").inner_text()
    assert "You dealt: you sit out this hand" in status, status
    assert sitter.locator("#seats .seat.me [data-sitting-out]").count() == 1
    assert sitter.locator("#hand .sitting-out").is_visible()
    assert sitter.locator("#hand [data-card], #controls [data-action]").count() == 0
    seat = sitter.locator("#seats .seat.me").get_attribute("data-seat")
    assert player.locator(f'#seats [data-seat="{seat}"] [data-sitting-out]').count() == 1
    found: list[str] = []
    for viewport in ("phone", "desktop"):
        sitter.set_viewport_size(VIEWPORTS[viewport])
        shoot(sitter, f"sitting-out-{viewport}")
        found += violations(sitter, f"hungarian at five, sitting out, on a {viewport}")
    player.set_viewport_size(VIEWPORTS["phone"])
    shoot(player, "another-sits-out-phone")
    assert found == []
    # The other person plays the hand to its end; the scoreboard shows the dealer's 0, sat out.
    play_out([player])
    sitter.wait_for_selector("#result h2")
    sitter.locator(".room-panels summary", has_text="Score").click()
    assert sitter.locator(f'#scoreboard [data-sat-out="{seat}"]').count() == 1
    shoot(sitter, "scoreboard")
    assert errors == []
