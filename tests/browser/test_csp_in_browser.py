"""The Content Security Policy holds in a real browser: one page load of every kind (the lobby,
log in, sign up, a room of each game with its websocket live, the staff inspector and the admin)
raises no ``securitypolicyviolation`` and no CSP console message, under the policy the site sends
(no inline script or style, no eval, frames denied)."""

from __future__ import annotations

import sqlite3

import pytest

pytestmark = pytest.mark.browser

# Playwright adds this before any script of the page runs, outside the page's CSP.
LISTEN = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__csp.push([e.violatedDirective, e.blockedURI || 'inline', e.sourceFile, e.lineNumber].join(' '));
});
"""
VARIANT_ROBOTS = {"hungarian": 3, "czech": 3, "slovenian3": 2, "bridge": 2}


def watched(context):
    page = context.new_page()
    page.add_init_script(LISTEN)
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if "Content Security Policy" in m.text else None)
    return page, console


def check(page, console: list[str], url: str, ready: str = "main", ours: bool = True) -> None:
    response = page.goto(url)
    assert response is not None and response.status == 200, url
    policy = response.headers.get("content-security-policy", "")
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy, (url, policy)
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    page.wait_for_selector(ready)
    page.wait_for_timeout(300)  # late pushes and htmx swaps
    assert page.evaluate("window.__csp") == [], url
    assert console == [], (url, console)
    if ours:  # our markup has no inline style at all (the admin's scripts set some through the CSSOM,
        # which the policy allows: no violation above; so does motion.js, placing the ghost of a
        # card in flight for a quarter of a second, which a robot's move may leave in view here)
        styled = "document.querySelectorAll('style, [style]:not(.motion-ghost)').length"
        assert page.evaluate(styled) == 0, url


def test_every_kind_of_page_keeps_to_the_content_security_policy(site, browser):
    context = browser.new_context()
    page, console = watched(context)
    for path in ("/", "/accounts/login/", "/accounts/signup/"):
        check(page, console, site.url + path)

    page.get_by_role("button", name="Play as guest").first.click()
    page.wait_for_selector(".who")
    token = next(c["value"] for c in context.cookies() if c["name"] == "csrftoken")
    for variant, robots in VARIANT_ROBOTS.items():
        response = page.request.post(
            site.url + "/rooms/new",
            form={"variant": variant, "robots": str(robots)},
            headers={"X-CSRFToken": token, "Referer": site.url + "/"},
            max_redirects=0,
        )
        assert response.status == 302, response.text()
        check(page, console, site.url + response.headers["location"], ready="#connection.ok")
    context.close()

    site.manage(
        "shell",
        "-c",
        (
            "from accounts.models import User; "
            "User.objects.filter(username='cspboss').exists() or "
            "User.objects.create_superuser('cspboss', 'boss@example.com', 'staff pass 123')"
        ),
    )
    staff_context = browser.new_context()
    staff, console = watched(staff_context)
    check(staff, console, site.url + "/accounts/login/")
    staff.fill("input[name=login]", "cspboss")
    staff.fill("input[name=password]", "staff pass 123")
    staff.locator("form button[type=submit]").last.click()
    staff.wait_for_url(site.url + "/")
    with sqlite3.connect(site.db_path) as db:
        (hand_id,) = db.execute("select max(id) from games_hand").fetchone()
    for path in (
        f"/staff/hands/{hand_id}/?step=1",
        "/admin/",
        "/admin/games/room/",
        f"/admin/games/hand/{hand_id}/change/",
        "/admin/accounts/user/add/",
    ):
        check(staff, console, site.url + path, ready="body", ours=not path.startswith("/admin/"))
    staff_context.close()
