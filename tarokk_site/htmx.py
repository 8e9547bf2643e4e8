"""htmx's side of a request and of an answer, by django-htmx.

``django_htmx.middleware.HtmxMiddleware`` (settings.MIDDLEWARE, near the top) sets
``request.htmx`` on every request that goes through the chain, and views read that. The
refusals that any code may produce (tarokk_site.limits.too_many, tarokk_site.csrf) read it
through ``htmx_of``: a request that did not pass the middleware (a view called directly, as a
test's RequestFactory does) gets its own ``HtmxDetails`` rather than being taken for a page.
A write that sends an htmx page elsewhere answers ``client_redirect``."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails


def htmx_of(request: HttpRequest) -> HtmxDetails:
    """``request.htmx``; read from the request's headers when the middleware has not run."""
    details = request.__dict__.get("htmx")
    return details if isinstance(details, HtmxDetails) else HtmxDetails(request)


def client_redirect(url: str) -> HttpResponse:
    """htmx's redirect (``HX-Redirect``: the page goes to ``url``), with no content as the
    site's other htmx writes (games.requests.pushed)."""
    return HttpResponseClientRedirect(url, status=204)
