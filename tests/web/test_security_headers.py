"""Security headers on every kind of response, and no markup the Content Security Policy would
have to allow: no inline <script> or <style>, no style="..." and no on...= handlers in any
template or script-made HTML (tests/browser/test_csp_in_browser.py checks the pages in Chromium)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings

from tests.factories import UserFactory
from tests.web.helpers import client_for, open_table

ROOT = Path(settings.BASE_DIR)
INLINE = [
    (
        re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>", re.I),
        "an inline <script>",
    ),
    (re.compile(r"<style\b", re.I), "a <style> block"),
    (re.compile(r"\sstyle\s*=", re.I), "a style attribute"),
    (re.compile(r"\son[a-z]+\s*=\s*[\"'{]", re.I), "an on...= handler"),
    # setAttribute("style") is refused by the policy; el.style.x = ... (the CSSOM) is allowed.
    (re.compile(r"setAttribute\(\s*[\"']style[\"']", re.I), "a script-made style attribute"),
    (re.compile(r"javascript:", re.I), "a javascript: URL"),
]


@pytest.mark.django_db
def test_every_response_carries_the_policy_and_the_frame_and_referrer_headers():
    user = UserFactory()
    room = open_table(user, robots=3)
    client = client_for(user)
    for path in ("/", "/accounts/login/", f"/r/{room.code}/", f"/r/{room.code}/view.json", "/r/nope/"):
        response = client.get(path)
        policy = response["Content-Security-Policy"]
        for directive in (
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            "frame-ancestors 'none'",
            "object-src 'none'",
            "base-uri 'none'",
        ):
            assert directive in policy, (path, policy)
        assert "unsafe" not in policy
        assert response["X-Frame-Options"] == "DENY"
        assert response["Referrer-Policy"] == "same-origin"
        assert response["X-Content-Type-Options"] == "nosniff"


def test_no_template_or_script_needs_inline_code_or_style():
    files = [*(ROOT / "templates").rglob("*.html"), *(ROOT / "static" / "js").rglob("*.js")]
    assert len(files) > 5
    found = []
    for path in files:
        text = path.read_text()
        for pattern, what in INLINE:
            for match in pattern.finditer(text):
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{path.relative_to(ROOT)}:{line}: {what}: {match.group(0)!r}")
    assert not found, "\n".join(found)


@pytest.mark.django_db
def test_every_answer_varies_on_htmxs_header_as_pages_and_refusals_differ_for_it():
    user = UserFactory()
    room = open_table(user, robots=3)
    client = client_for(user)
    # The same refusal: plain text for the page's flash box, JSON for a script.
    as_htmx = client.post(f"/r/{room.code}/act", {"action": "frobnicate", "seq": 0}, HTTP_HX_REQUEST="true")
    as_script = client.post(f"/r/{room.code}/act", {"action": "frobnicate", "seq": 0})
    assert (
        as_htmx["Content-Type"].startswith("text/plain") and as_script["Content-Type"] == "application/json"
    )
    for response in (
        as_htmx,
        as_script,
        client.get("/"),
        client.get(f"/r/{room.code}/"),
        client.get("/r/nope/"),
    ):
        assert "HX-Request" in response["Vary"], response.get("Vary")
