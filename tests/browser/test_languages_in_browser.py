"""Issue 17 in Chromium: a hand played in each of the players' languages shows no English.

A guest whose browser asks for Hungarian, Czech or Slovenian (Accept-Language, as a phone set
to that language sends it) or who picks the language in the header's switch, opens a table with
robots and plays a whole hand by clicking. At every decision, at the result and in the review,
every text on the page (what is shown, and the titles, labels and placeholders a screen reader
reads) is checked for words of the English messages that the language's catalogue never uses:
only names (the players', the robots') may remain. Each game is played at least once in a
language other than English; screenshots go to test-artifacts/screenshots/languages/."""

from __future__ import annotations

import pytest

from tests.browser.conftest import ROOT, unfold_opening_form
from tests.helpers.browser_play import WAIT_FOR_DECISION, decide
from tests.i18n.catalogues import english_on_page

SHOTS = ROOT / "test-artifacts" / "screenshots" / "languages"
MAX_DECISIONS = 200

# Everything a player reads or hears: the visible text, the tooltips, the labels for screen
# readers, the placeholders, and the page's title.
READABLE = """() => {
  const parts = [document.title, document.body.innerText];
  for (const el of document.querySelectorAll('[title], [aria-label], [placeholder], [alt]')) {
    if (el.closest('[hidden]') || !el.getClientRects().length) continue;
    for (const name of ['title', 'aria-label', 'placeholder', 'alt']) {
      if (el.hasAttribute(name)) parts.push(el.getAttribute(name));
    }
  }
  return parts.join('\\n');
}"""
NAMES = """() => [...document.querySelectorAll('[data-user], #seats [data-seat] .name, .seat-name')]
  .map(e => e.dataset.user || e.textContent)"""


def english_left(page, code: str, where: str) -> None:
    names = set(page.evaluate(NAMES))
    text = page.evaluate(READABLE)
    found = english_on_page(text, code, names)
    lines = [line.strip() for line in text.splitlines() if any(w in line.lower() for w in found)]
    if found:
        page.screenshot(path=str(SHOTS / f"FAILED-{code}-{where}.png"), full_page=True)
    assert not found, f"{code}, {where}: English on the page: {sorted(found)} in {lines[:6]}"


def open_table(page, site, variant: str) -> None:
    """A guest opens a table of ``variant`` with robots in every other seat, by ids (the
    buttons' words are the language's)."""
    page.goto(site.url + "/")
    page.locator("#play-as-guest").first.click()
    unfold_opening_form(page)
    page.locator('.new-room select[name="variant"]').select_option(variant)
    page.locator("#robots").select_option(index=0)
    page.locator("#new-room").click()
    page.wait_for_url("**/r/*/")
    page.wait_for_selector("#connection.ok")


@pytest.mark.parametrize(
    ("code", "variant", "switch"),
    [
        pytest.param("hu", "hungarian", False, id="hu-hungarian"),
        pytest.param("cs", "czech", True, id="cs-czech"),  # chosen in the header's switch
        pytest.param("sl", "slovenian3", False, id="sl-slovenian3"),
        pytest.param("cs", "bridge", False, id="cs-bridge"),
    ],
)
def test_a_hand_in_the_players_language_shows_no_english(site, browser, code, variant, switch):
    SHOTS.mkdir(parents=True, exist_ok=True)
    locale = "en-GB" if switch else {"hu": "hu-HU", "cs": "cs-CZ", "sl": "sl-SI"}[code]
    context = browser.new_context(locale=locale, viewport={"width": 390, "height": 844})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site.url + "/")
    if switch:
        assert page.locator("html").get_attribute("lang") == "en"
        page.locator("#languages summary").click()
        page.locator(f'#languages button[value="{code}"]').click()
        page.wait_for_function(f"() => document.documentElement.lang === '{code}'")
    assert page.locator("html").get_attribute("lang") == code
    english_left(page, code, "lobby")
    open_table(page, site, variant)
    assert page.locator("html").get_attribute("lang") == code
    english_left(page, code, f"{variant}-table")
    phases: set[str] = set()
    for _n in range(MAX_DECISIONS):
        page.wait_for_function(WAIT_FOR_DECISION, timeout=30_000)
        if page.locator("#result h2").count():
            break
        phase = page.locator("#status").get_attribute("data-phase") or "?"
        if phase not in phases:
            phases.add(phase)
            page.screenshot(path=str(SHOTS / f"{code}-{variant}-{phase}.png"))
            english_left(page, code, f"{variant}-{phase}")
        decide(page)
    else:
        pytest.fail(f"{code} {variant}: the hand did not end in {MAX_DECISIONS} decisions")
    page.wait_for_timeout(300)
    english_left(page, code, f"{variant}-result")
    page.screenshot(path=str(SHOTS / f"{code}-{variant}-result.png"), full_page=True)
    review = page.locator("#review summary")
    if review.count():
        review.click()
        english_left(page, code, f"{variant}-review")
    for panel in page.locator(".room-panels > .drawer > summary").all():
        panel.click()
        page.wait_for_timeout(150)
        english_left(page, code, f"{variant}-panels")
        page.keyboard.press("Escape")
    page.goto(site.url + "/history/")
    english_left(page, code, "history")
    context.close()
    assert errors == []
