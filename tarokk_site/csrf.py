"""The answer to a request whose CSRF token no longer matches (``settings.CSRF_FAILURE_VIEW``).

The usual cause is harmless: signing in or up in one tab rotates the token (Django's login
does), and a move from another open tab still carries the old one. Django's own answer is a
debugging page that the flash box would show as raw HTML; ours says what to do, as plain text
for htmx (site.js shows it with a Reload button), a small page for a browser's form, and JSON
for a script, as every other refusal of the site does (tarokk_site/limits.py)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tarokk_site.htmx import htmx_of

SESSION_CHANGED = gettext_noop("Your session changed: reload the page to go on.")  # shown as _(...)
# site.js recognises the refusal by this header, whatever the text says.
HEADER = "X-Session-Changed"


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """403 with ``SESSION_CHANGED``; ``reason`` (Django's words for developers) is not shown."""
    message = _(SESSION_CHANGED)
    if htmx_of(request):
        response = HttpResponse(message, status=403, content_type="text/plain; charset=utf-8")
    elif "text/html" in request.headers.get("Accept", ""):  # untranslated: an HTTP header
        context = {"message": message, "back": _same_site_referer(request)}
        response = render(request, "session_changed.html", context, status=403)
    else:
        response = JsonResponse({"error": message}, status=403)
    response[HEADER] = "true"
    return response


def _same_site_referer(request: HttpRequest) -> str | None:
    """The page the form was posted from, when it is one of ours (never a link off the site)."""
    referer = request.headers.get("Referer", "")  # untranslated: an HTTP header
    allowed = url_has_allowed_host_and_scheme(
        referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return referer if referer and allowed else None
