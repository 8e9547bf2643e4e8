"""Trick pacing (issue 35): a completed trick stays on the felt, its winner marked, for the
player's trick pause, while the robots play at the table's default pace (brisk, 0.5 s a move).

For each tarot game a guest plays one hand against robots on one size (1366x800 or 390x844) while
the same guest's page on the other size shows the same seat: both pages record (by a
MutationObserver, with the page's own clock) when each completed trick shows whole on the felt
with its winner marked and when it goes, and every trick of the hand must show on both for at
least the quick pause; a page's pause never holds the other page. Axe finds nothing serious while
a trick is held. "Until I tap" holds the trick until a tap, the pushes waiting behind it, and on a
phone the last trick is one tap away in a place that does not scroll. Bridge has no tricks: its
robot's moves come at least the brisk pace apart. Screenshots go to
test-artifacts/screenshots/pace/."""

from __future__ import annotations

import sqlite3
from datetime import datetime

import pytest

from tests.browser.conftest import ROOT, running_site, unfold_opening_form
from tests.helpers.browser_bridge import click_bridge_control
from tests.helpers.browser_checks import violations
from tests.helpers.browser_play import WAIT_FOR_DECISION, decide

SHOTS = ROOT / "test-artifacts" / "screenshots" / "pace"
VIEWPORTS = {"desktop": {"width": 1366, "height": 800}, "phone": {"width": 390, "height": 844}}
OTHER = {"desktop": "phone", "phone": "desktop"}
QUICK_MS = 600  # the quick pause (static/js/pace.js), the shortest: what the measuring needs
BRISK_MS = 500  # the robots' default pace (games/services/robot_pace.py)
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
    (no TAROKK_ROBOT_DELAY, TAROKK_TRICK_PAUSE or TAROKK_ROBOT_THINK override: live play's own)."""
    with running_site(
        tmp_path_factory, TAROKK_ROBOT_DELAY=None, TAROKK_TRICK_PAUSE=None, TAROKK_ROBOT_THINK=None
    ) as site:
        yield site


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def new_page(browser, viewport: str, like=None):
    """A page at ``viewport`` size recording the held tricks (``like``: signed in as that page)."""
    state = like.context.storage_state() if like is not None else None
    page = browser.new_context(viewport=VIEWPORTS[viewport], storage_state=state).new_page()
    page.add_init_script(RECORDER)
    return page


def look_while_held(page, name: str) -> None:
    """A screenshot of the held trick, and axe finds nothing serious on the page."""
    shoot(page, name)
    assert violations(page, name) == []


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


def play_hand(page, watcher, variant: str, viewport: str) -> None:
    """Decide until the hand is over, never while a trick is held (a move of yours sweeps it);
    the first trick held on each page is looked at (a screenshot, axe)."""
    looked = set()
    for _ in range(MAX_DECISIONS):
        page.wait_for_function(WAIT_FOR_DECISION, timeout=60_000)
        for who, size in ((page, viewport), (watcher, OTHER[viewport])):
            if who not in looked and who.evaluate("() => !!document.querySelector('#room[data-pausing]')"):
                looked.add(who)
                look_while_held(who, f"{variant}-{size}-held")
        page.wait_for_function(NOT_PAUSING, timeout=30_000)
        if page.locator("#result h2").count():
            if page.locator("#review .review-tricks > li").count():
                return
            next_hand(page)  # thrown in before any trick (everybody passed)
            continue
        decide(page)
    pytest.fail(f"{variant} {viewport}: the hand did not end in {MAX_DECISIONS} decisions")


def held_tricks(page, hand_no: str, tricks: int, seats: int) -> None:
    """Every trick of the hand was held whole on ``page``, its winner marked, for the quick pause
    at least."""
    held = page.evaluate("() => window.__held")
    expected = {f"{hand_no}:{n}" for n in range(1, tricks + 1)}
    assert set(held) == expected, (sorted(held), tricks)
    for name, shown in held.items():
        assert shown["cards"] == seats, (name, shown)
        assert shown["winnerMarked"], (name, shown)
        assert shown["to"] is not None and shown["to"] - shown["from"] >= QUICK_MS - 5, (name, shown)


def robot_gaps(site, page) -> list[tuple[int, float, str]]:
    """(move number, seconds since the move before, the two moves) of every robot move of the
    table's hands, by the log's own times."""
    code = page.url.rstrip("/").split("/")[-1]
    with sqlite3.connect(site.db_path) as db:
        rows = db.execute(
            "select a.hand_id, a.seq, a.robot, a.created, a.seat, a.action from games_handaction a "
            "join games_hand h on h.id = a.hand_id join games_room r on r.id = h.room_id "
            "where r.code = ? order by a.hand_id, a.seq",
            (code,),
        ).fetchall()
    return [
        (
            seq,
            (datetime.fromisoformat(made) - datetime.fromisoformat(before)).total_seconds(),
            f"{seat0}:{action0} {robot0 or 'person'} then {seat}:{action} {robot}",
        )
        for (hand0, _s, robot0, before, seat0, action0), (hand, seq, robot, made, seat, action) in zip(
            rows, rows[1:], strict=False
        )
        if robot and hand == hand0
    ]


def assert_robots_paced(site, page) -> None:
    """Every robot move of the table's hands came at least the brisk pace after the move before it."""
    gaps = robot_gaps(site, page)
    assert len(gaps) >= 3, gaps
    assert [g for g in gaps if g[1] < BRISK_MS / 1000 - 0.01] == [], gaps


@pytest.mark.parametrize(
    ("variant", "viewport"),
    [("hungarian", "desktop"), ("czech", "phone"), ("slovenian3", "desktop")],
)
def test_every_completed_trick_stays_on_the_felt_for_the_quick_pause_on_both_sizes(
    paced_site, browser, variant, viewport
):
    page = new_page(browser, viewport)
    open_paced_table(page, paced_site, variant)
    choose_pause(page, "quick")
    # The same guest's page on the other size, at the same seat: its own pause, never waited for.
    watcher = new_page(browser, OTHER[viewport], like=page)
    watcher.goto(page.url)
    watcher.wait_for_selector("#connection.ok")
    assert watcher.locator("#trick-pause").input_value() == "quick"
    play_hand(page, watcher, variant, viewport)
    hand_no = page.locator("#status").get_attribute("data-hand-no")
    tricks = page.locator("#review .review-tricks > li").count()
    assert tricks > 0
    for who, size in ((page, viewport), (watcher, OTHER[viewport])):
        who.wait_for_function(NOT_PAUSING + " && !!document.querySelector('#result h2')", timeout=30_000)
        shoot(who, f"{variant}-{size}-over")
        held_tricks(who, hand_no, tricks, SEATS[variant])
    assert_robots_paced(paced_site, page)
    page.context.close()
    watcher.context.close()


def test_the_bridge_robot_moves_at_the_default_pace(paced_site, browser):
    """Bridge has no tricks: Play now's robot waits the brisk pace before each of its moves."""
    page = new_page(browser, "phone")
    page.goto(paced_site.url + "/")
    page.locator('[data-play-now="bridge"]').click()
    page.wait_for_url("**/r/*/")
    page.wait_for_selector("#connection.ok")
    for _ in range(20):  # until the robot has moved three times after a move before it
        if len(robot_gaps(paced_site, page)) >= 3 or click_bridge_control(page) is None:
            break
    shoot(page, "bridge-phone-robot-paced")
    assert_robots_paced(paced_site, page)
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
    # The moves made meanwhile wait behind the trick, in order: the page shows none of them yet.
    code = page.url.rstrip("/").split("/")[-1]
    hand_no = int(page.locator("#status").get_attribute("data-hand-no"))
    with sqlite3.connect(paced_site.db_path) as db:
        (server_seq,) = db.execute(
            "select h.seq from games_hand h join games_room r on r.id = h.room_id "
            "where r.code = ? and h.number = ?",
            (code, hand_no),
        ).fetchone()
    page_seq = int(page.locator("#status").get_attribute("data-seq"))
    assert page.evaluate("() => window.tarokkPace.held()") >= server_seq - page_seq >= 0
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
