"""End to end in Chromium, Czech Taroky: a guest opens a Czech table with three robots and
plays a whole hand by clicking (shuffling, cutting with the cut form, the talon decisions,
one-card discards, contra, the cards), while an audience page follows live and never shows a
card that is in somebody's hand; the result shows its receipt and the match counts chips."""

from __future__ import annotations

from tests.browser.conftest import open_table_as_guest
from tests.helpers.browser_play import SNAPSHOT, hands_at, status

# What the guest does when it may: take part in everything the hand offers.
PREFERRED = ("offer", "accept", "declare", "contra", "rhea-contra", "supra-contra", "iote", "call:T19")


def click_czech_control(page, done: dict[str, int]) -> str | None:
    """Click one legal control of the Czech table, by what it means; None when the hand is over."""
    page.wait_for_function(
        "() => document.querySelector('#result h2') || document.querySelector("
        "'#hand [data-action], #controls [data-action], [data-discard-choice], [data-cut-submit]')",
        timeout=30_000,
    )
    if page.locator("#result h2").count():
        return None
    page.evaluate("() => { window.__clickedAt = document.querySelector('#status').dataset.seq }")
    choices = page.locator("[data-discard-choice]")
    if choices.count():
        choices.first.click()
        submit = page.locator(".discard-submit")
        assert submit.is_enabled()
        action = submit.get_attribute("data-action")
        submit.click()
        return action
    if page.locator("[data-cut-submit]").count():
        page.locator('[data-cut] select[name="action"]').select_option("cut:20")
        page.locator("[data-cut-submit]").click()
        return "cut:20"
    actions = page.evaluate(
        "() => [...document.querySelectorAll('#controls [data-action], #hand [data-action]')]"
        ".map(e => e.dataset.action)"
    )
    if not actions:
        return "wait"
    if "shuffle" in actions and not done.get("shuffle"):
        choice = "shuffle"  # the dealer shuffles once more, then hands the deck on
    else:
        choice = next((a for a in PREFERRED if a in actions), None)
        if choice is None:
            choice = "pass" if "pass" in actions else actions[0]
    done[choice] = done.get(choice, 0) + 1
    page.locator(f'[data-action="{choice}"]').first.click()
    return choice


def test_a_guest_plays_a_czech_hand_by_clicking_while_the_audience_watches(site, browser):
    player_ctx, audience_ctx = browser.new_context(), browser.new_context()
    player = player_ctx.new_page()
    errors: list[str] = []
    player.on("pageerror", lambda e: errors.append(str(e)))
    code = open_table_as_guest(player, site, "czech")
    assert "Czech Taroky" in player.locator("h1").inner_text()

    audience = audience_ctx.new_page()
    audience.goto(f"{site.url}/r/{code}/")
    audience.wait_for_selector("#connection.ok")

    done: dict[str, int] = {}
    seen: list[tuple[int, int, list[str]]] = []
    clicked: list[str] = []
    for _ in range(400):
        action = click_czech_control(player, done)
        if action is None:
            break
        if action != "wait":
            clicked.append(action)
            seq = player.evaluate("() => window.__clickedAt")
            player.wait_for_function(
                f"() => document.querySelector('#status').dataset.seq != '{seq}' || "
                "!document.getElementById('flash').hidden",
                timeout=15_000,
            )
            assert player.locator("#flash").is_hidden(), player.locator("#flash").inner_text()
        hand_no, seq, cards = audience.evaluate(SNAPSHOT)
        seen.append((int(hand_no), int(seq), cards))
    hand_no, seq, phase = status(player)
    assert phase == "over"
    # The guest dealt (the host deals the first hand), shuffled, and played cards by clicking.
    assert clicked[0] == "shuffle" and "pass" in clicked
    assert sum(a.startswith("play:") for a in clicked) == 12
    assert player.locator("#result .receipt").count() == 1
    assert player.locator("#result [data-payment-seat]").count() == 4
    # The score is in its panel (closed: text_content reads it all the same).
    total = sum(int(player.locator(f'[data-total-seat="{s}"]').text_content()) for s in range(4))
    assert total == 400  # four players who started with 100 chips; the hand is zero-sum
    audience.wait_for_function(f"() => document.querySelector('#status').dataset.seq == '{seq}'")
    assert audience.locator("#result .receipt").count() == 1
    for h, s, cards in seen:
        in_hands = {c for hand in hands_at(site.db_path, code, h, s, "czech") for c in hand}
        assert not set(cards) & in_hands, f"audience saw {set(cards) & in_hands} at seq {s}"
    assert len({s for _, s, _ in seen}) > 10
    assert not errors, errors
