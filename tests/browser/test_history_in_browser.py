"""End to end in Chromium: a guest plays a Bridge round against a robot, opens it from "My
games", steps through it with the keys and the slider to the end, and exports it; staff
import the file and open a new table on its deal. Axe on My games and the replay, on a phone.
Screenshots go to test-artifacts/screenshots/history/ (git-ignored)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from tests.helpers.browser_bridge import click_bridge_control
from tests.helpers.browser_checks import violations
from tests.helpers.browser_play import new_table

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "screenshots" / "history"
PHONE = {"width": 390, "height": 844}


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_a_guest_replays_and_exports_a_hand_and_staff_play_its_deal_again(site, browser, tmp_path):
    context = browser.new_context(viewport=PHONE, accept_downloads=True)
    page = context.new_page()
    page.goto(site.url + "/")
    page.get_by_role("button", name="Play as guest").first.click()
    code = new_table(page, site, "bridge", "1", players="2")
    for _ in range(200):
        if click_bridge_control(page) is None:
            break
    hand_id, last = site.first_hand(code)

    # On a phone My games is in the header's menu (the bar keeps to one line).
    assert not page.locator("#my-games").is_visible()
    page.locator("#site-menu > summary").click()
    page.locator('#site-menu [data-site-link="my-games"]').click()
    page.wait_for_url(f"{site.url}/history/")
    assert violations(page, "my games, a guest on a phone") == []
    shot(page, "my-games-phone")
    page.locator(f'tr[data-hand="{hand_id}"] a').click()
    page.wait_for_url(f"{site.url}/hands/{hand_id}/")
    page.keyboard.press("Home")
    page.wait_for_selector('.replay[data-step="0"]')
    page.keyboard.press("ArrowRight")
    page.wait_for_selector('.replay[data-step="1"]')
    page.locator("#step-slider").fill(str(last - 1))  # the slider goes on its change
    page.wait_for_selector(f'.replay[data-step="{last - 1}"]')
    page.keyboard.press("End")
    page.wait_for_selector(f'.replay[data-step="{last}"]')
    assert page.get_by_text(f"Step {last} / {last}").is_visible()
    assert violations(page, "replay, a guest on a phone") == []
    shot(page, "replay-end-phone")

    with page.expect_download() as download:
        page.locator("#hand-file").click()
    saved = tmp_path / "hand.json"
    download.value.save_as(saved)
    document = json.loads(saved.read_text())
    assert (document["format"], document["game"], len(document["actions"])) == ("tarokk-hand", "bridge", last)
    context.close()

    staff = site.staff_page(browser, PHONE)
    staff.goto(f"{site.url}/hands/import")
    staff.locator("#import-file").set_input_files(str(saved))
    staff.locator("#import-submit").click()
    staff.wait_for_selector(".play-deal")
    assert violations(staff, "import, staff on a phone") == []
    staff.locator(".play-deal").click()
    staff.wait_for_url("**/r/*/")
    staff.wait_for_selector("#connection.ok")
    new_code = staff.url.rstrip("/").split("/")[-1]
    assert new_code != code
    with sqlite3.connect(site.db_path) as db:
        dealt = db.execute(
            "select h.deal from games_hand h join games_room r on r.id = h.room_id where r.code = ?",
            (new_code,),
        ).fetchone()[0]
    assert json.loads(dealt) == document["deal"]
    shot(staff, "deal-played-again-phone")
    staff.context.close()
