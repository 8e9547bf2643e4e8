"""End to end in Chromium: a guest opposing a robot declarer says kontra on the game and
announces a bonus by clicking the announcement panel; the audience sees the kontra level
live; the result receipt lists the kontra'd game and the announced bonus with their
arithmetic, and the payments add up to zero."""

from __future__ import annotations

import re

from tests.browser.conftest import open_table_as_guest

READ_CONTROLS = (
    "() => [...document.querySelectorAll('#controls [data-action], #hand [data-action]')]"
    ".map(e => e.dataset.action)"
)


def seq_of(page) -> str:
    return page.locator("#status").get_attribute("data-seq")


def click(page, action: str) -> None:
    before = seq_of(page)
    page.locator(f'[data-action="{action}"]').first.click()
    page.wait_for_function(
        f"() => document.querySelector('#status').dataset.seq != '{before}' || "
        "!document.getElementById('flash').hidden",
        timeout=15_000,
    )
    assert page.locator("#flash").is_hidden(), page.locator("#flash").inner_text()


def discard(page) -> None:
    choices = page.locator("[data-discard-choice]")
    submit = page.locator(".discard-submit")
    i = 0
    while submit.is_disabled():
        choices.nth(i).click()
        i += 1
    submit.click()
    page.wait_for_function(
        "() => !document.querySelector('.discard-form') || !document.getElementById('flash').hidden",
        timeout=15_000,
    )
    assert page.locator("#flash").is_hidden(), page.locator("#flash").inner_text()


def play_hand(page, said: set[str]) -> None:
    """Play one hand: pass in the auction, kontra the game and announce in the announcements
    whenever the panel offers it, then the first playable card each trick."""
    while True:
        page.wait_for_function(
            "() => document.querySelector('#result h2') || "
            "document.querySelector('#hand [data-action], #controls [data-action], [data-discard-choice]')",
            timeout=30_000,
        )
        if page.locator("#result h2").count():
            return
        if page.locator("[data-discard-choice]").count():
            discard(page)
            continue
        actions = page.evaluate(READ_CONTROLS)
        if not actions:
            continue
        phase = page.locator("#status").get_attribute("data-phase")
        choice = actions[0]
        if phase == "auction":
            choice = "pass" if "pass" in actions else actions[-1]
        elif phase == "announce":
            announce = [a for a in actions if a.startswith("announce:") and "tarokks" not in a]
            if "kontra:game" in actions and "kontra:game" not in said:
                choice = "kontra:game"
            elif announce and not any(s.startswith("announce:") for s in said):
                choice = announce[0]
            else:
                choice = "pass"
            said.add(choice)
        click(page, choice)


def test_a_guest_says_kontra_and_announces_by_clicking_and_checks_the_receipt(site, browser):
    player = browser.new_context().new_page()
    errors: list[str] = []
    player.on("pageerror", lambda e: errors.append(str(e)))
    code = open_table_as_guest(player, site)
    audience = browser.new_context().new_page()
    audience.goto(f"{site.url}/r/{code}/")
    audience.wait_for_selector("#connection.ok")

    for _ in range(20):  # hands, until the guest opposes a declarer and the hand is played out
        said: set[str] = set()
        play_hand(player, said)
        hand_no = int(player.locator("#status").get_attribute("data-hand-no"))
        receipt = player.locator("#result .receipt")
        if "kontra:game" in said and any(s.startswith("announce:") for s in said) and receipt.count():
            break
        player.locator("#next-hand").click()
        player.wait_for_function(f"() => document.querySelector('#status').dataset.handNo == '{hand_no + 1}'")
    else:
        raise AssertionError("in twenty hands the guest never got to kontra and announce")

    # The audience saw the kontra on the game live, in the announcements panel.
    seq = seq_of(player)
    audience.wait_for_function(f"() => document.querySelector('#status').dataset.seq == '{seq}'")
    game = audience.locator('#announcements [data-item="game"]')
    assert game.get_attribute("data-kontra-level") in {"1", "2", "3", "4"}
    assert "kontra" in game.text_content()  # in the folded Announcements fact, a tap away

    # The receipt: each line in words with its base × multiplier, the kontra'd game, the announced bonus, V.
    rows = player.locator("#result .receipt tbody tr")
    texts = [rows.nth(i).inner_text() for i in range(rows.count())]
    assert any("announced it" in t for t in texts), texts  # "Trull: your side announced it and made it"
    game_line = player.locator('#result .receipt tr[data-item="game"]')
    if game_line.count():
        assert "kontra level" in game_line.inner_text()
    for text in texts:
        base, multiplier, product = map(int, re.search(r"(\d+) × (\d+) = (\d+)", text).groups())
        assert base * multiplier == product
    payments = [
        int(player.locator(f'#result [data-payment-seat="{s}"] strong').inner_text()) for s in range(4)
    ]
    assert sum(payments) == 0
    assert not errors, errors
