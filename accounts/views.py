from __future__ import annotations

from typing import Any

from allauth.account.mixins import RedirectAuthenticatedUserMixin
from allauth.account.views import SignupView as AllauthSignupView
from django.contrib.auth import login
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseBase, HttpResponseRedirect
from django.views.decorators.http import require_POST

from tarokk_site import inputs, limits
from tarokk_site.htmx import client_redirect, htmx_of

from .adapter import signed_in_guest
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
    target = inputs.local_path(request.POST.get("next"), request.get_host())
    if htmx_of(request):  # a button in a pushed fragment
        return client_redirect(target)
    return HttpResponseRedirect(target)


class LetGuestsIn(RedirectAuthenticatedUserMixin):
    """allauth sends anyone signed in away from its sign-up page; a guest may come in, to turn
    into a member (accounts.adapter fills in the guest's own row)."""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if getattr(request.user, "is_guest", False):
            return super(RedirectAuthenticatedUserMixin, self).dispatch(request, *args, **kwargs)
        return super().dispatch(request, *args, **kwargs)


class SignupView(AllauthSignupView, LetGuestsIn):
    """allauth's sign-up (its form, validation, e-mail handling and limits), open to guests.

    The class order puts ``LetGuestsIn`` between allauth's view and its redirecting mixin, so
    allauth's own ``dispatch`` (its rate limit, no caching) still runs first for everyone."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["guest"] = signed_in_guest(self.request)
        return context

    @transaction.atomic
    def form_valid(self, form: Any) -> HttpResponse:
        # The guest's row, its e-mail address and the login change together or not at all.
        return super().form_valid(form)


signup = SignupView.as_view()
