"""Accessibility in Chromium with axe-core (axe-playwright-python): no serious or critical
violation on the lobby, on the table page in each phase (waiting, bidding, play, hand over) of
a tarot game (Hungarian) and of Bridge, with the keys help open, and in the staff inspector."""

from __future__ import annotations

import sqlite3

from tests.browser.conftest import ROOT, open_table_as_guest
from tests.helpers.browser_bridge import click_bridge_control, write_out_the_deal
from tests.helpers.browser_checks import violations
from tests.helpers.browser_play import MY_TURN, new_table, take_one_action, to_the_play


def test_the_lobby_the_tarot_table_in_every_phase_and_the_inspector_have_no_serious_violation(site, browser):
    page = browser.new_context().new_page()
    found: list[str] = []
    page.goto(site.url + "/")
    found += violations(page, "lobby, logged out")
    code = open_table_as_guest(page, site)  # three robots: the bidding starts at once
    page.wait_for_function(MY_TURN + " && document.querySelector('#controls [data-action]')", timeout=20_000)
    found += violations(page, "hungarian, bidding")
    page.keyboard.press("?")
    found += violations(page, "hungarian, keys help open")
    page.keyboard.press("Escape")
    page.goto(site.url + "/")
    found += violations(page, "lobby, a guest")
    new_table(page, site, "hungarian", "2")
    found += violations(page, "hungarian, waiting for a player")
    page.goto(f"{site.url}/r/{code}/")
    page.wait_for_selector("#connection.ok")
    to_the_play(page)
    found += violations(page, "hungarian, play")
    while take_one_action(page) is not None:
        pass
    found += violations(page, "hungarian, hand over")
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: the tables scroll sideways
    found += violations(page, "hungarian, hand over, on a phone")

    # Staff step through the hand in the inspector.
    site.make_staff()  # boss / staff pass 123
    hand_no = page.locator("#status").get_attribute("data-hand-no")
    with sqlite3.connect(site.db_path) as db:
        (hand_id,) = db.execute(
            "select h.id from games_hand h join games_room r on r.id = h.room_id "
            "where r.code = ? and h.number = ?",
            (code, int(hand_no)),
        ).fetchone()
    staff = browser.new_context().new_page()
    staff.goto(f"{site.url}/accounts/login/")
    found += violations(staff, "login page")
    staff.fill("input[name=login]", "boss")
    staff.fill("input[name=password]", "staff pass 123")
    staff.locator("form button[type=submit]").last.click()
    staff.wait_for_url(site.url + "/")
    staff.goto(f"{site.url}/staff/hands/{hand_id}/?step=0")
    found += violations(staff, "inspector, the deal")
    staff.locator("#step-last").click()
    staff.wait_for_selector(".inspector .result")
    found += violations(staff, "inspector, the end")
    assert not found, "\n".join(found)


def test_the_bridge_table_in_every_phase_has_no_serious_violation(site, browser):
    page = browser.new_context().new_page()
    found: list[str] = []
    page.goto(site.url + "/")
    page.get_by_role("button", name="Play as guest").first.click()
    new_table(page, site, "bridge", "0", players="2")
    found += violations(page, "bridge, waiting for a player")
    code = new_table(page, site, "bridge", "0", players="3")
    write_out_the_deal(site, code)  # two robots and a short written-out round
    page.reload()
    page.wait_for_selector("#connection.ok")
    found += violations(page, "bridge, play")
    wish_checked = False
    for _ in range(300):
        phase = page.locator("#status").get_attribute("data-phase")
        if phase == "wish" and not wish_checked and page.locator("#controls [data-action]").count():
            found += violations(page, "bridge, a choice (the wish)")
            wish_checked = True
        if click_bridge_control(page) is None:
            break
    found += violations(page, "bridge, round over")
    assert not found, "\n".join(found)


def test_a_rules_page_has_no_serious_violation_and_its_contents_work_by_keyboard(site, browser):
    page = browser.new_context().new_page()
    page.goto(site.url + "/learn/slovenian3/")
    found = violations(page, "rules page, laptop")
    page.locator(".learn-toc a").first.focus()
    page.keyboard.press("Tab")  # the second entry: the deal
    page.keyboard.press("Enter")
    page.wait_for_url("**/learn/slovenian3/#deal")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site.url + "/learn/slovenian3/#option-radelci")
    found += violations(page, "rules page, on a phone")
    assert page.locator("#option-radelci").is_visible()
    shots = ROOT / "test-artifacts" / "screenshots" / "learn"
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / "slovenian3-phone.png"), full_page=True)
    assert not found, "\n".join(found)
