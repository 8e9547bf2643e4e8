"""htmx's headers are read and written by django-htmx (issue 34): ``request.htmx`` from its
middleware, ``HX-Redirect`` by its client redirect; the refusals that may meet a request the
middleware has not seen (tarokk_site.htmx.htmx_of) still tell htmx from a page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client, RequestFactory

from tarokk_site.csrf import SESSION_CHANGED, csrf_failure
from tarokk_site.limits import Limited, too_many

ROOT = Path(__file__).resolve().parents[2]
HTMX = {"HTTP_HX_REQUEST": "true"}


def too_many_moves(request):
    return too_many(request, Limited("act", 60, "Too many moves"))


@pytest.mark.parametrize("answer", [csrf_failure, too_many_moves])
def test_a_refusal_tells_htmx_from_a_script_without_the_middleware(answer):
    """A request made by hand never passed HtmxMiddleware: its own headers still decide."""
    plain = answer(RequestFactory().post("/r/abc/act", **HTMX))
    script = answer(RequestFactory().post("/r/abc/act"))
    assert plain["Content-Type"] == "text/plain; charset=utf-8", plain.content
    assert script["Content-Type"] == "application/json", script.content
    assert plain.status_code == script.status_code and plain.status_code in (403, 429)
    if answer is csrf_failure:
        assert plain.content.decode() == SESSION_CHANGED


@pytest.mark.django_db
def test_a_guest_sent_on_by_htmx_gets_a_url_not_a_header_encoded_word():
    """The redirect's target goes through Django's IRI-to-URI (a non-Latin-1 letter would
    otherwise become a MIME ``=?utf-8?b?...?=`` header that htmx would take for a path)."""
    response = Client().post("/accounts/guest/", {"next": "/learn/ő/"}, **HTMX)
    assert response.status_code == 204 and response["HX-Redirect"] == "/learn/%C5%91/"
    assert not response.content


def test_no_module_reads_or_writes_htmx_headers_by_hand():
    """``request.headers.get("HX-...")`` or ``response["HX-..."] = ``: django-htmx does both."""
    by_hand = re.compile(r"""headers\.get\(\s*["']HX-|\[\s*["']HX-[\w-]+["']\s*\]\s*=""", re.IGNORECASE)
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for app in ("accounts", "games", "tarokk_site")
        for path in sorted((ROOT / app).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if by_hand.search(line)
    ]
    assert found == []
