"""The result, the score drawer and the ratings page fit a phone (issue 35: "on the phone the
result's Amount column and the score drawer are cut off").

A guest plays one Hungarian hand, and one Bridge round, against robots (its moves posted
straight to the table, bidding when it may, so the hand is played rather than thrown in); then
at 390x844 and at 1366x800 the result panel with its receipt in words, the open score drawer,
and the ratings pages (the explanation, a leaderboard and a profile with a rating) neither
scroll sideways nor cut any of their elements. Screenshots go to
test-artifacts/screenshots/result/ for people to look at."""

from __future__ import annotations

import pytest

from tests.browser.conftest import ROOT, open_table_as_guest, unfold_opening_form

SHOTS = ROOT / "test-artifacts" / "screenshots" / "result"
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 800}}

# The guest's moves, posted as the page's buttons post them, until a hand is scored. Bids first,
# so that somebody plays; but a guest without an honour may not bid, and a hand all pass is
# thrown in: then the guest deals the next one, as its "Deal the next hand" button does (without
# it the loop waited for a deal nobody made: CI, 2026-11-28). Bounded by time (three minutes),
# not by a count of polls, which a loaded machine's slower robots could outlast.
PLAY_OUT = """async (code) => {
  const csrf = JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRFToken'];
  const pick = legal => legal.find(a => a.startsWith('bid:')) || legal.find(a => a !== 'pass') || legal[0];
  const end = Date.now() + 180000;
  let view = null, posted = null;
  while (Date.now() < end) {
    view = await (await fetch(`/r/${code}/view.json`)).json();
    if (view.phase === 'over' && view.result && !view.result.thrown_in) return 'scored';
    if (view.phase === 'over' && view.result && view.result.thrown_in) {
      const body = new URLSearchParams({hand_no: view.hand_no});
      const answer = await fetch(`/r/${code}/next`, {method: 'POST', body, headers: {'X-CSRFToken': csrf}});
      posted = `next ${body} -> ${answer.status}`;
      continue;
    }
    if (view.legal && view.legal.length) {
      const body = new URLSearchParams({action: pick(view.legal), seq: view.seq});
      const answer = await fetch(`/r/${code}/act`, {method: 'POST', body, headers: {'X-CSRFToken': csrf}});
      posted = `${body} -> ${answer.status} ${(await answer.text()).slice(0, 300)}`;
    } else {
      await new Promise(done => setTimeout(done, 50));
    }
  }
  // Not scored in time: what the table was doing, for the failure's message.
  return JSON.stringify({phase: view && view.phase, seq: view && view.seq, to_act: view && view.to_act,
                         legal: view && view.legal, result: view && view.result, posted});
}"""

# What does not fit: the page's sideways scroll, and each element of ``selector`` that reaches
# past an edge of the screen or whose content is wider than its box (scrolled, clipped or spilling).
CUT = """(selector) => {
  const cut = [];
  for (const root of document.querySelectorAll(selector)) {
    for (const el of [root, ...root.querySelectorAll('*')]) {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
      const name = `${el.tagName}.${el.className}`;
      if (r.right > innerWidth + 0.5 || r.left < -0.5) cut.push(`${name} ${r.left}..${r.right}`);
      // Content wider than its box: scrolled or clipped away, or (a long word) spilling out.
      if (el.clientWidth && el.scrollWidth > el.clientWidth + 1) cut.push(`${name} spills ${el.scrollWidth}`);
    }
  }
  const wide = [...document.querySelectorAll('body *')]
    .filter(el => el.getBoundingClientRect().right > innerWidth + 0.5)
    .slice(0, 8).map(el => `${el.tagName}.${el.className}`);
  return {scrollWidth: document.documentElement.scrollWidth, width: innerWidth, cut, wide};
}"""


def assert_fits(page, selector: str, where: str) -> None:
    found = page.evaluate(CUT, selector)
    assert found["scrollWidth"] <= found["width"], f"{where}: the page scrolls sideways: {found}"
    assert found["cut"] == [], f"{where}: cut: {found['cut']}"


SETTLED = "() => document.getAnimations().every(a => a.playState !== 'running')"


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_function(SETTLED)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def result_and_drawer_fit(page, site, code: str, where: str) -> None:
    """The table's result (its receipt, in words) and its open score drawer fit the screen."""
    page.goto(site.url + f"/r/{code}/")
    page.wait_for_selector("#connection.ok")  # the socket's first push may swap the result in again
    page.wait_for_selector("#result .receipt .said")
    page.evaluate("() => document.querySelector('#result').scrollIntoView()")
    assert_fits(page, "#result", f"{where} result")
    shoot(page, f"result-{where}")
    page.locator("#drawer-score > summary").click()
    page.wait_for_selector("#drawer-score .drawer-body .scoreboard table")
    page.wait_for_function(SETTLED)  # the drawer slides in
    assert_fits(page, "#drawer-score .drawer-body", f"{where} score drawer")
    page.screenshot(path=str(SHOTS / f"score-drawer-{where}.png"))


@pytest.mark.browser
def test_a_bridge_round_count_and_its_score_fit_a_phone(site, browser):
    """Bridge's round count says per seat what it keeps, in words, on a phone too."""
    context = browser.new_context(viewport=VIEWPORTS["phone"])
    page = context.new_page()
    try:
        page.goto(site.url + "/")
        page.get_by_role("button", name="Play as guest").first.click()
        unfold_opening_form(page)
        page.locator('.new-room select[name="variant"]').select_option("bridge")
        page.locator("#robots").select_option(index=0)  # robots in every other seat
        page.locator("#new-room").click()
        page.wait_for_url("**/r/*/")
        code = page.url.rstrip("/").split("/")[-1]
        assert page.evaluate(PLAY_OUT, code) == "scored", "no round was scored"
        for size, viewport in VIEWPORTS.items():
            page.set_viewport_size(viewport)
            result_and_drawer_fit(page, site, code, f"bridge-{size}")
    finally:
        context.close()


@pytest.mark.browser
def test_the_result_the_score_drawer_and_the_ratings_fit_a_phone(site, browser):
    context = browser.new_context(viewport=VIEWPORTS["phone"])
    page = context.new_page()
    try:
        code = open_table_as_guest(page, site)
        assert page.evaluate(PLAY_OUT, code) == "scored", "no hand was scored"
        # A player with a long name and a rating: the leaderboard's and the profile's tables at
        # their widest.
        name = "Bartholomew_Vanderbilt-Szentgyörgyi"
        site.manage(
            "shell",
            "-c",
            "from django.contrib.auth import get_user_model; from django.utils import timezone;"
            "from games.standings.models import Rating;"
            f"user = get_user_model().objects.create(username={name!r});"
            "Rating.objects.create(user=user, variant='hungarian', mu=31.25, sigma=4.5, ordinal=17.75,"
            " matches=12, updated=timezone.now())",
        )
        profile = f"/profile/{name}/"
        for size, viewport in VIEWPORTS.items():
            page.set_viewport_size(viewport)
            result_and_drawer_fit(page, site, code, f"hungarian-{size}")
            for name, path in (
                ("ratings", "/leaderboard/"),
                ("leaderboard", "/leaderboard/hungarian/"),
                ("profile", profile),
            ):
                page.goto(site.url + path)
                assert_fits(page, "main", f"{size} {name}")
                shoot(page, f"{name}-{size}")
        assert "cautious estimate" in page.content() and "μ" not in page.content()
    finally:
        context.close()
