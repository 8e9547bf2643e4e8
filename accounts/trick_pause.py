"""The player's trick pause (issue 35): how long a completed trick stays on the felt of their
own pages before it goes to its winner. The page holds the trick (static/js/pace.js); the
server only remembers the choice on the account (guests are accounts too) and never waits.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.models import TRICK_PAUSES

CHOICES = tuple(key for key, _label in TRICK_PAUSES)
DEFAULT = "normal"


def of(user: object) -> str:
    """The viewer's pause: their account's, or the default for a visitor signed out."""
    pause = getattr(user, "trick_pause", None) if getattr(user, "is_authenticated", False) else None
    return pause if pause in CHOICES else DEFAULT


def operator_ms() -> int | None:
    """The operator's ``TAROKK_TRICK_PAUSE`` in milliseconds, which overrides every viewer's
    pause (0: no pause), or None when unset."""
    return None if settings.TRICK_PAUSE is None else round(settings.TRICK_PAUSE * 1000)


@require_POST
def choose(request: HttpRequest) -> HttpResponse:
    """``POST pause=quick|normal|long|tap``: 204, the choice kept on the account. 403 when not
    signed in; 400 for any other value, nothing changed."""
    if not request.user.is_authenticated:
        return HttpResponse(_("Log in or play as a guest to keep a trick pause"), status=403)
    pause = request.POST.get("pause", "")
    if pause not in CHOICES:
        return HttpResponse(
            _("The trick pause must be one of %(choices)s, not %(pause)r")
            % {"choices": ", ".join(CHOICES), "pause": pause},
            status=400,
        )
    request.user.trick_pause = pause
    request.user.save(update_fields=["trick_pause"])
    return HttpResponse(status=204)
