"""The guided hands' doors: a page per game that says what the hand teaches, and the POST that
starts it (a visitor becomes a guest on the way: no account is needed)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts.views import sign_in_guest
from games.rules import get_variant
from tarokk_site import limits
from tarokk_site.htmx import client_redirect, htmx_of

from . import SCRIPTS, Script
from .tables import start


def _script(variant_key: str) -> Script:
    script = SCRIPTS.get(variant_key)
    if script is None:
        raise Http404(_("There is no guided hand for “%(game)s”.") % {"game": variant_key})
    return script


@require_http_methods(["GET", "POST"])
def tutorial(request: HttpRequest, variant_key: str) -> HttpResponse:
    """GET: what the guided hand teaches and its start button. POST: start it, or deal it again
    on the learner's guided table ("Start again")."""
    script = _script(variant_key)
    if request.method == "GET":
        context = {"script": script, "variant": get_variant(script.variant)}
        return render(request, "games/tutorial.html", context)
    # A guided table counts against no limit on tables: a user has one at a time, dealt again on
    # "Start again" (services.open_tutorial). Only the guest it may make is limited, per address.
    refused = sign_in_guest(request)
    if refused is not None:
        return limits.too_many(request, refused)
    room = start(request.user, script.variant)
    url = f"/r/{room.code}/"
    if htmx_of(request):  # the table's own "Start again" button
        return client_redirect(url)
    return redirect(url)
