"""Play in one tap (issue 35), on a laptop (1366x800) and a phone (390x844): a visitor's one tap
on "Play now" reaches a dealt table; the opening form, unfolded, has each checkbox beside its
words and the page never scrolls sideways; the header reaches Learn, the daily deal and the
ratings (through the menu on a phone); leaving a running hand needs its confirmation. The
pages go to test-artifacts/screenshots/lobby/ (git-ignored) for people to look at."""

from __future__ import annotations

import pytest

from tests.browser.conftest import ROOT, unfold_opening_form

SHOTS = ROOT / "test-artifacts" / "screenshots" / "lobby"
VIEWPORTS = {"desktop": {"width": 1366, "height": 800}, "phone": {"width": 390, "height": 844}}

# Each checkbox of the opening form against the words of its label: the box, the words' first
# line (a Range over the label's text), and the label.
CHECKBOXES = """() => [...document.querySelectorAll('.new-room input[type=checkbox]')].map(box => {
  const label = box.closest('label');
  const range = document.createRange();
  range.selectNodeContents(label);
  range.setStartAfter(box);
  const words = range.getClientRects()[0];
  const b = box.getBoundingClientRect();
  return {name: box.name, box: {left: b.left, right: b.right, top: b.top, bottom: b.bottom,
          width: b.width, height: b.height},
          words: {left: words.left, top: words.top, bottom: words.bottom}};
})"""
SIDEWAYS = "() => [document.documentElement.scrollWidth, innerWidth]"


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.browser
@pytest.mark.parametrize("size", sorted(VIEWPORTS))
def test_play_now_in_one_tap_the_form_the_header_and_a_deliberate_leave(site, browser, size):
    context = browser.new_context(viewport=VIEWPORTS[size])
    page = context.new_page()
    try:
        page.goto(site.url + "/")
        shoot(page, f"{size}-lobby-visitor")
        assert page.evaluate(SIDEWAYS)[0] <= VIEWPORTS[size]["width"]
        button = page.locator('[data-play-now="hungarian"]')
        box = button.bounding_box()
        assert box["y"] + box["height"] <= VIEWPORTS[size]["height"]  # in the first screen
        # One tap: a guest at a table with three robots, the first hand dealt.
        button.click()
        page.wait_for_url("**/r/*/")
        page.wait_for_selector("#connection.ok")
        page.wait_for_selector("#hand .card")
        assert page.locator("#seats .seat").count() == 4
        assert page.locator("#seats .badge.robot").count() == 3
        shoot(page, f"{size}-dealt")

        # Leaving the running hand: not on the seat, and two steps in the tools.
        assert page.locator("#leave").count() == 0
        page.locator("#drawer-rules > summary").click()
        assert page.locator("#leave-menu > summary").is_visible()
        assert not page.locator("#leave-confirm").is_visible()
        page.locator("#leave-menu > summary").click()
        page.locator("#leave-confirm").wait_for(state="visible")
        shoot(page, f"{size}-leave-confirm")
        # Closing the panel folds the confirmation away again: still two steps next time.
        page.locator("#drawer-rules [data-drawer-close]").click()
        page.locator("#drawer-rules > summary").click()
        assert not page.locator("#leave-confirm").is_visible()
        page.locator("#leave-menu > summary").click()
        page.locator("#leave-confirm").click()
        page.wait_for_selector("[data-sit].big")  # "Back to my seat": a robot keeps it
        assert not page.locator("#leave-menu").is_visible()  # no seat of ours: nothing to leave

        # The opening form, unfolded: each checkbox beside its words, at its own size.
        page.goto(site.url + "/")
        # The guest's head: their name, Sign up, Log out and the language switch on one line.
        who, switch = page.locator(".account .who").bounding_box(), page.locator("#languages").bounding_box()
        assert abs((who["y"] + who["height"] / 2) - (switch["y"] + switch["height"] / 2)) < 12, (who, switch)
        assert not page.locator("#new-room").is_visible()  # folded away
        unfold_opening_form(page)
        page.locator("#new-room").wait_for(state="visible")
        shoot(page, f"{size}-lobby-more-options")
        boxes = page.evaluate(CHECKBOXES)
        assert {b["name"] for b in boxes} == {"private", "locked", "closed_audience", "rated"}
        for b in boxes:
            assert b["box"]["width"] <= 24 and b["box"]["height"] <= 24, b  # a normal box
            assert b["words"]["left"] >= b["box"]["right"], b  # beside, not above
            assert b["words"]["top"] < b["box"]["bottom"] and b["box"]["top"] < b["words"]["bottom"], b
        width, inner = page.evaluate(SIDEWAYS)
        assert width <= inner, f"the lobby scrolls sideways: {width} > {inner}"
        primary = page.locator("#new-room")
        assert primary.evaluate("b => getComputedStyle(b).color") == "rgb(255, 255, 255)"  # primary

        # Under the robot level: what the chosen level does and how it measured in the chosen
        # game, one note at a time, following both choices; its link goes to that game's figures.
        def note() -> str:
            shown = page.locator("#robot-level-notes [data-level-note]:visible")
            assert shown.count() == 1
            return shown.get_attribute("data-level-note") + " | " + shown.inner_text()

        assert note().startswith("hungarian basic | Plays by sound rules of thumb")
        assert "Against random: +4.3 points a hand" in note()
        page.locator("#robot-level").select_option("strong")
        assert note().startswith("hungarian strong | Searches") and "Against basic: +0.7 points" in note()
        page.locator('.new-room select[name="variant"]').select_option("czech")
        assert note().startswith("czech strong") and "machtarok.com" in note()
        page.locator('.new-room select[name="variant"]').select_option("bridge")
        assert note().startswith("bridge strong") and "Against basic: −3.8 penalty points a hand" in note()
        shoot(page, f"{size}-lobby-robot-level")
        page.locator("#robot-levels-link").click()
        page.wait_for_url("**/learn/robots/#bridge")
        assert page.locator('[data-ladder="bridge"] [data-figure]').count() == 6
        assert page.evaluate(SIDEWAYS)[0] <= VIEWPORTS[size]["width"]
        shoot(page, f"{size}-robot-levels")

        # The header reaches Learn, Daily, Ratings and My games: through the menu on a phone
        # (My games in the account's links on a wide screen).
        places = {"learn": "/learn/", "daily": "/daily/", "ratings": "/leaderboard/", "my-games": "/history/"}
        for key, path in places.items():
            page.goto(site.url + "/")
            if size == "phone":
                assert not page.locator(".site-links.wide").is_visible()
                page.locator("#site-menu > summary").click()
                link = page.locator(f'#site-menu [data-site-link="{key}"]')
                assert link.is_visible()
                if key == "learn":
                    shoot(page, f"{size}-menu")
            else:
                assert not page.locator("#site-menu").is_visible()
                wide = f'.site-links.wide [data-site-link="{key}"]'
                link = page.locator("#my-games" if key == "my-games" else wide)
            link.click()
            page.wait_for_url(f"**{path}")
            assert page.evaluate(SIDEWAYS)[0] <= VIEWPORTS[size]["width"], path
    finally:
        context.close()
