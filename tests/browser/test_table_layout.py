"""The room page is a card table that fits one screen (issue: "the page is a column of boxes").

For every game, a guest opens a table with random robots in the other seats and plays a whole
hand at 1366x800 (a laptop), then the next hand at 390x844 (a phone). At every decision of the
guest, bounding boxes prove that the hand, the current trick (or Bridge's stack) and the
choices lie inside the first screen, without scrolling, and that the page never scrolls
sideways; that nothing a player reads there is cut (issue 35: the status line, the facts'
chips, the seats' names, the names over the trick, the talon, Bridge's piles), and at each
hand's end that the log's numbers show whole; and that the review of the hand is absent at every
decision and shows every hand as dealt once the hand is over. The table in each phase of each game
goes to test-artifacts/screenshots/table/ (git-ignored) for people to look at."""

from __future__ import annotations

import pytest

from tests.browser.conftest import unfold_opening_form
from tests.helpers.browser_checks import assert_nothing_cut
from tests.helpers.browser_play import SHOTS, VIEWPORTS, WAIT_FOR_DECISION, decide

MAX_DECISIONS = 200  # a hand has far fewer; a loop that runs away fails instead of hanging

# Where the parts of the table lie, in page coordinates (the first screen is 0..innerHeight).
LAYOUT = """() => {
  const box = (name, el) => {
    if (!el) return null;
    const r = el.getBoundingClientRect();
    if (!r.height) return null;
    return {name, top: r.top + scrollY, bottom: r.bottom + scrollY,
            left: r.left + scrollX, right: r.right + scrollX};
  };
  const boxes = [
    box('hand', document.querySelector('#hand')),
    box('choices', document.querySelector('#controls')),
    box('trick', document.querySelector('#trick-now')),
    box('stack', document.querySelector('#stack')),
  ].concat([...document.querySelectorAll('#hand [data-action], #controls [data-action], #controls select, '
      + '.discard-submit, [data-discard-choice]')]
    .map(el => box('choice ' + (el.dataset.action || el.className), el)));
  const faded = [...document.querySelectorAll('#hand .card')]
    .filter(el => getComputedStyle(el).opacity !== '1').map(el => el.dataset.card);
  return {width: innerWidth, height: innerHeight, scrollWidth: document.scrollingElement.scrollWidth,
          boxes: boxes.filter(b => b), faded};
}"""

# The log's line numbers: the widest marker ("76. ", in the line's font) against the room left of
# the lines inside the log's scrolling box, which cuts what lies beyond it.
LOG_NUMBERS = """() => {
  const log = document.querySelector('#log'), first = log.querySelector('ol > li');
  if (!first) return null;
  const ol = first.parentElement;
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = getComputedStyle(first).font;
  const widest = ol.children.length + '. ';  // the log counts down from its number of lines
  const room = first.getBoundingClientRect().left - log.getBoundingClientRect().left - log.clientLeft;
  return {marker: widest, width: ctx.measureText(widest).width, room};
}"""

# The review of the hand: hidden while the hand runs, then every seat's hand as dealt (and the
# talon): {shown, seats: [cards dealt per seat], talon: [cards]}.
REVIEW = """() => { const r = document.querySelector('#review');
  const cards = el => [...el.querySelectorAll('[data-card]')].map(c => c.dataset.card);
  return {shown: !!r && !r.hidden && r.getBoundingClientRect().height > 0,
          any: r ? cards(r).length : 0,
          seats: r ? [...r.querySelectorAll('[data-review-seat]')]
            .map(row => cards(row.querySelector('td'))) : [],
          talon: r && r.querySelector('.review-talon') ? cards(r.querySelector('.review-talon')) : []} }"""
# Every card is dealt to a hand or the talon.
PACK = {"hungarian": 42, "hungarian-five": 42, "czech": 54, "slovenian3": 54}

STILL_DECIDING = (
    "() => !!document.querySelector("
    "'#hand [data-action], #controls [data-action], [data-discard-choice], [data-cut-submit]')"
)


def shoot(page, name: str, full_page: bool = False) -> None:
    """A screenshot for people to look at, once no card is in motion."""
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


def open_table(page, site, variant: str, options: dict[str, str] | None = None) -> None:
    """A guest opens a table of ``variant`` (with these rule ``options`` chosen in the form) with
    random robots in every other seat."""
    page.goto(site.url + "/")
    page.get_by_role("button", name="Play as guest").first.click()
    unfold_opening_form(page)
    page.locator('.new-room select[name="variant"]').select_option(variant)
    for name, value in (options or {}).items():
        box = page.locator(f'[data-options-for="{variant}"]')
        box.locator("summary").click()
        box.locator(f'select[name="{name}"]').select_option(value)
    page.locator("#robot-level").select_option("random")
    page.locator("#robots").select_option(index=0)  # the most robots: every other seat
    page.locator("#new-room").click()
    page.wait_for_url("**/r/*/")
    page.wait_for_selector("#connection.ok")


def assert_fits(page, where: str) -> None:
    """The hand, the trick and every choice inside the first screen; no sideways scroll; none of
    your cards faded (you judge your hand while you cannot play a card, as in the auction)."""
    layout = page.evaluate(LAYOUT)
    width, height = layout["width"], layout["height"]
    scroll_width = layout["scrollWidth"]
    assert scroll_width <= width, f"{where}: the page scrolls sideways ({scroll_width} > {width})"
    assert layout["faded"] == [], f"{where}: your cards are faded: {layout['faded']}"
    names = {b["name"] for b in layout["boxes"]}
    assert "hand" in names and any(n.startswith("choice ") for n in names), f"{where}: {names}"
    for b in layout["boxes"]:
        inside = b["top"] >= -0.5 and b["bottom"] <= height + 0.5
        inside = inside and b["left"] >= -0.5 and b["right"] <= width + 0.5
        assert inside, f"{where}: the {b['name']} is outside the {width}x{height} screen: {b}"
    assert_nothing_cut(page, where)


def assert_log_numbers_whole(page, where: str) -> None:
    """Open the log: its line numbers show whole, however long the hand ("76." not "'6.")."""
    page.locator(".room-panels summary", has_text="Log").click()
    page.locator("#drawer-log .drawer-body").wait_for(state="visible")
    numbers = page.evaluate(LOG_NUMBERS)
    page.keyboard.press("Escape")
    page.locator("#drawer-log .drawer-body").wait_for(state="hidden")
    assert numbers is not None, f"{where}: the log is empty"
    assert numbers["width"] <= numbers["room"], f"{where}: the log's numbers are cut: {numbers}"


def play_a_hand(page, variant: str, viewport: str) -> set[str]:
    """Play the hand on the table to its end, checking the layout at every decision; the
    phases seen (each shot once)."""
    phases: set[str] = set()
    for n in range(MAX_DECISIONS):
        page.wait_for_function(WAIT_FOR_DECISION, timeout=30_000)
        if page.locator("#result h2").count():
            shoot(page, f"{variant}-{viewport}-over")
            assert_nothing_cut(page, f"{variant} {viewport} over")
            assert_log_numbers_whole(page, f"{variant} {viewport} over")
            assert_review_shows_every_hand(page, variant, viewport)
            return phases
        review = page.evaluate(REVIEW)
        assert not review["shown"] and review["any"] == 0, f"{variant} {viewport}: a review mid-hand"
        phase = page.locator("#status").get_attribute("data-phase")
        if phase not in phases:
            phases.add(phase)
            shoot(page, f"{variant}-{viewport}-{phase}")
        try:
            assert_fits(page, f"{variant} {viewport} decision {n} ({phase})")
        except AssertionError:
            if not page.evaluate(STILL_DECIDING):
                # A push took the controls away after they were seen (the last decision's form,
                # still on the page for a moment): look again at the next decision.
                continue
            page.screenshot(path=str(SHOTS / f"FAILED-{variant}-{viewport}-{phase}.png"), full_page=True)
            raise
        decide(page)
    pytest.fail(f"{variant} {viewport}: the hand did not end in {MAX_DECISIONS} decisions")


def assert_review_shows_every_hand(page, variant: str, viewport: str) -> None:
    """Once the hand is over, everybody may open its review: every seat's hand as dealt and the
    talon, all of the pack for the tarot games."""
    page.wait_for_function("() => document.querySelector('#review:not([hidden]) [data-review-seat]')")
    review = page.evaluate(REVIEW)
    seats = page.locator("#seats [data-seat]").count()
    assert review["shown"] and len(review["seats"]) == seats, (variant, review)
    # At a Hungarian table of five the dealer sat out: its row says so, without cards.
    sat_out = page.locator("#review [data-sat-out]").count()
    assert sat_out == (1 if seats == 5 else 0), (variant, sat_out)
    dealt_to = [cards for cards in review["seats"] if cards]
    assert len(dealt_to) == seats - sat_out, f"{variant}: a seat's dealt hand is missing from the review"
    if variant in PACK:
        dealt = [c for cards in review["seats"] for c in cards] + review["talon"]
        assert len(dealt) == len(set(dealt)) == PACK[variant], (variant, len(dealt))
    page.locator("#review summary").click()
    shoot(page, f"{variant}-{viewport}-review", full_page=True)
    page.locator("#review summary").click()


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        *(pytest.param(game, {}, id=game) for game in ("hungarian", "czech", "slovenian3", "bridge")),
        # Five seats round the felt; the guest sits out the hands it deals (hungarian.md §2).
        pytest.param("hungarian", {"five_player": "true"}, id="hungarian-five"),
    ],
)
def test_the_table_fits_one_screen_at_every_decision_on_a_laptop_and_a_phone(site, browser, variant, options):
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport=VIEWPORTS["desktop"])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_table(page, site, variant, options)
    name = variant + ("-five" if options else "")
    played: dict[str, set[str]] = {}
    for viewport, size in VIEWPORTS.items():
        page.set_viewport_size(size)
        # Hands until one is played trick by trick: a throw-in, an annulment by a random robot or
        # a hand the guest deals at a table of five (it sits out) has no play. Four in a row
        # happened once in CI at the table of five; eight in a row is far rarer.
        for _ in range(8):
            phases = play_a_hand(page, name, viewport)
            hand_no = page.locator("#status").get_attribute("data-hand-no")
            page.locator("#next-hand").click()
            page.wait_for_function(f"() => document.querySelector('#status').dataset.handNo != '{hand_no}'")
            if "play" in phases:
                break
        played[viewport] = phases
    context.close()
    assert all("play" in phases for phases in played.values()), played
    assert errors == []


def test_the_log_score_and_rules_slide_in_and_escape_closes_them(site, browser):
    context = browser.new_context(viewport=VIEWPORTS["phone"])
    page = context.new_page()
    open_table(page, site, "slovenian3")
    for name, inside in (("Log", "#log"), ("Score", "#scoreboard"), ("Rules", ".rules-list")):
        summary = page.locator(".room-panels summary", has_text=name)
        summary.focus()
        page.keyboard.press("Enter")  # keyboard reachable: a summary opens its panel
        body = page.locator(f"#drawer-{name.lower()} .drawer-body")
        body.wait_for(state="visible")
        body.evaluate("el => Promise.all(el.getAnimations().map(a => a.finished))")  # slid in
        box = body.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["height"] > 400, (name, box)
        assert page.locator(f"#drawer-{name.lower()} {inside}").count() == 1
        page.keyboard.press("Escape")
        body.wait_for(state="hidden")
        assert page.evaluate("() => document.activeElement.textContent.trim()") == name
    # Opening one panel closes another; its Close button closes it.
    page.locator(".room-panels summary", has_text="Log").click()
    page.locator(".room-panels summary", has_text="Rules").focus()
    page.keyboard.press("Enter")
    assert page.locator("#drawer-log[open]").count() == 0 and page.locator("#drawer-rules[open]").count() == 1
    page.locator("#drawer-rules [data-drawer-close]").click()
    assert page.locator("details[data-drawer][open]").count() == 0
    context.close()
