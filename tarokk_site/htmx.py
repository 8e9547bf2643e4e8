"""htmx's side of a request and of an answer, by django-htmx.

``django_htmx.middleware.HtmxMiddleware`` (settings.MIDDLEWARE, near the top) sets
``request.htmx`` on every request that goes through the chain, and views read that. The
refusals that any code may produce (tarokk_site.limits.too_many, tarokk_site.csrf) read it
through ``htmx_of``: a request that did not pass the middleware (a view called directly, as a
test's RequestFactory does) gets its own ``HtmxDetails`` rather than being taken for a page.
A write that sends an htmx page elsewhere answers ``client_redirect``. Pages and refusals are
worded for htmx or not (a fragment or a whole page, plain text or JSON), so every answer says
so in its ``Vary`` header (``vary_on_htmx``): a shared cache never gives one for the other."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from asgiref.sync import iscoroutinefunction
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers
from django.utils.decorators import sync_and_async_middleware
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


HX_REQUEST = ("HX-Request",)  # untranslated: a header's name


@sync_and_async_middleware
def vary_on_htmx(get_response: Callable[[HttpRequest], Any]) -> Callable[[HttpRequest], Any]:
    """Middleware: ``Vary: HX-Request`` on every answer that passes it (static files are served
    before it, by whitenoise, and vary on their encoding alone)."""
    if iscoroutinefunction(get_response):

        async def vary_async(request: HttpRequest) -> HttpResponse:
            response = await get_response(request)
            patch_vary_headers(response, HX_REQUEST)
            return response

        return vary_async

    def vary(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        patch_vary_headers(response, HX_REQUEST)
        return response

    return vary
