from __future__ import annotations

from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from tarokk_site import limits

from .guests import create_guest


def sign_in_guest(request: HttpRequest) -> limits.Limited | None:
    """Log a visitor in as a new guest (a logged-in user stays who they are); the limit's
    refusal when this address has made too many guests."""
    if not request.user.is_authenticated:
        refused = limits.hit_request(request, "guest")
        if refused is not None:
            return refused
        login(request, create_guest(), backend="django.contrib.auth.backends.ModelBackend")
    return None


@require_POST
def guest(request: HttpRequest) -> HttpResponse:
    """Create a guest user and log them in; a logged-in user just goes on."""
    refused = sign_in_guest(request)
    if refused is not None:
        return limits.too_many(request, refused)
    target = request.POST.get("next") or "/"
    # A control character (a newline) cannot go into a header: such a target is no page of ours.
    # Only a path of this site: a bare word ("inf") would be taken for a view name by redirect().
    unsafe = not target.startswith("/") or any(ord(c) < 32 or ord(c) == 127 for c in target)
    if unsafe or not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        target = "/"
    if request.headers.get("HX-Request") == "true":  # a button in a pushed fragment
        response = HttpResponse(status=204)
        response["HX-Redirect"] = target
        return response
    return HttpResponseRedirect(target)
