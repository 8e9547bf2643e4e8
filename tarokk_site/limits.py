"""Limits on the site's doors: how often one user, and one address, may make guests, sign up,
open tables, move, chat, ask a websocket for a fresh snapshot, import a hand file, play a
deal again and ask the robot for a hint; and the 429 every refused request gets (a readable
message and a ``Retry-After``).

The counting is the ``limits`` package's moving window (``MovingWindowRateLimiter``): a door
let through at most its count in any span of its period, not per fixed window (a fixed one let
twice the count through across its turn). The storage is ``settings.RATE_LIMITS_STORAGE``:
Redis in production (every process counts in it, under ``RATE_LIMITS_PREFIX``), this process's
memory in the embedded default (one process). Failed logins, the admin's included, are
django-axes' (``AXES_*`` in settings; ``login_locked_out`` is its answer). The rates are
``settings.RATE_LIMITS``: ``{door: {"user" | "ip": "count/period"}}`` (tarokk_site.rates).
"""

from __future__ import annotations

import ipaddress
import logging
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter

from tarokk_site.htmx import htmx_of
from tarokk_site.rates import rate

log = logging.getLogger(__name__)

# What a refusal says was done too often, by door: after a wait (``%(wait)s``, ``wait_words``)...
TRY_AGAIN_IN = {
    "guest": gettext_lazy("Too many new guest players from your address: try again in %(wait)s."),
    "signup": gettext_lazy("Too many sign-ups from your address: try again in %(wait)s."),
    "room": gettext_lazy("Too many new tables: try again in %(wait)s."),
    "act": gettext_lazy("Too many moves: try again in %(wait)s."),
    "frame": gettext_lazy("Too many requests for a fresh view of the table: try again in %(wait)s."),
    "chat": gettext_lazy("Too many chat messages: try again in %(wait)s."),
    "import": gettext_lazy("Too many hand files read: try again in %(wait)s."),
    "play": gettext_lazy("Too many deals played again: try again in %(wait)s."),
    "analysis": gettext_lazy("Too many hands analysed: try again in %(wait)s."),
    "hint": gettext_lazy("Too many questions to the robot: try again in %(wait)s."),
}
# ... and when no wait is known.
TRY_AGAIN_LATER = {
    "guest": gettext_lazy("Too many new guest players from your address: try again later."),
    "signup": gettext_lazy("Too many sign-ups from your address: try again later."),
    "room": gettext_lazy("Too many new tables: try again later."),
    "act": gettext_lazy("Too many moves: try again later."),
    "frame": gettext_lazy("Too many requests for a fresh view of the table: try again later."),
    "chat": gettext_lazy("Too many chat messages: try again later."),
    "import": gettext_lazy("Too many hand files read: try again later."),
    "play": gettext_lazy("Too many deals played again: try again later."),
    "analysis": gettext_lazy("Too many hands analysed: try again later."),
    "hint": gettext_lazy("Too many questions to the robot: try again later."),
}


@dataclass(frozen=True)
class Limited:
    """A refused request: which door, and the seconds until it may be tried again."""

    door: str
    retry_after: int | None  # None: no time helps (a quota, freed by the user)
    message: Any = ""  # a whole message of its own (translated, or lazily translated)

    @property
    def text(self) -> str:
        """The refusal in the active language (the refused request's)."""
        if self.message:
            return str(self.message)
        if self.retry_after:
            sentence = TRY_AGAIN_IN.get(self.door) or gettext_lazy(
                "Too many requests: try again in %(wait)s."
            )
            return str(sentence) % {"wait": wait_words(self.retry_after)}
        return str(TRY_AGAIN_LATER.get(self.door) or _("Too many requests: try again later."))


def wait_words(seconds: int) -> str:
    if seconds < 60:
        return ngettext("%(count)s second", "%(count)s seconds", seconds) % {"count": seconds}
    minutes = math.ceil(seconds / 60)
    return ngettext("%(count)s minute", "%(count)s minutes", minutes) % {"count": minutes}


def address(raw: str | None) -> str:
    """The address a client is counted by: its IPv4 address, or the /64 network of an IPv6 one
    (one household or phone gets a whole /64)."""
    if not raw:
        return "unknown"
    try:
        ip = ipaddress.ip_address(raw)
    except ValueError:
        return raw
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False).network_address)
    return str(ip)


def hit(door: str, user_id: int | None = None, ip: str | None = None) -> Limited | None:
    """Count one use of ``door`` by this user and this address; a ``Limited`` if either is over
    its rate (a door without a rate for a subject does not count it). A use a subject refuses
    is not counted against it (the other subject counts it): the door opens again for it as soon
    as the oldest use it counted leaves the period."""
    rates = settings.RATE_LIMITS.get(door, {})
    subjects = [
        ("user", None if user_id is None else str(user_id)),
        ("ip", None if ip is None else address(ip)),
    ]
    worst: Limited | None = None
    for kind, value in subjects:
        text = rates.get(kind)
        if not text or value is None:
            continue
        item = rate(text)
        try:
            limiter = counter()
            if limiter.hit(item, door, kind, value):
                continue
            # Refused: the door opens when the oldest use in the window leaves it.
            opens = limiter.get_window_stats(item, door, kind, value).reset_time
        except Exception:  # the storage is down: let people play rather than refuse everyone
            log.exception("rate limit %s.%s could not be counted", door, kind)
            continue
        wait = max(1, math.floor(opens - time.time()) + 1)  # whole seconds, strictly after it opens
        if worst is None or wait > (worst.retry_after or 0):
            worst = Limited(door, wait)
    return worst


_counter: MovingWindowRateLimiter | None = None
_counter_lock = threading.Lock()


def counter() -> MovingWindowRateLimiter:
    """This process's moving-window counter on ``settings.RATE_LIMITS_STORAGE`` (made on first
    use; Redis's client is thread-safe and keeps its own pool of connections)."""
    global _counter
    if _counter is None:
        with _counter_lock:
            if _counter is None:
                _counter = MovingWindowRateLimiter(_storage(settings.RATE_LIMITS_STORAGE))
    return _counter


def _storage(uri: str) -> Any:
    if uri.startswith("unix://"):  # redis-py's spelling of a socket; the limits package's
        uri = f"redis+{uri}"
    if uri.startswith("redis"):  # redis, rediss, redis+unix
        return storage_from_string(
            uri,
            # Apart from the channel layer's and the cache's keys, and from another site's.
            key_prefix=settings.RATE_LIMITS_PREFIX,
            # A count is short: a dead Redis must not hang a request for long.
            socket_connect_timeout=5,
            socket_timeout=5,
            health_check_interval=30,
        )
    return storage_from_string(uri)


def reset() -> None:
    """Forget every use counted so far (in Redis, those under this site's prefix): the tests
    start each from zero. A storage that is down has nothing to forget (logged)."""
    if _counter is None:
        return
    try:
        _counter.storage.reset()
    except Exception:
        log.exception("rate limits could not be reset")


@receiver(setting_changed)
def _storage_changed(setting: str, **kwargs: Any) -> None:
    """A test that moves the counts to another storage or prefix gets a counter on it."""
    global _counter
    if setting in {"RATE_LIMITS_STORAGE", "RATE_LIMITS_PREFIX"}:
        with _counter_lock:
            _counter = None


def hit_request(request: HttpRequest, door: str) -> Limited | None:
    user = getattr(request, "user", None)
    user_id = user.pk if user is not None and user.is_authenticated else None
    return hit(door, user_id, request.META.get("REMOTE_ADDR"))


def too_many(request: HttpRequest, limited: Limited) -> HttpResponse:
    """429 with ``Retry-After``: plain text for htmx (site.js shows it in #flash), a page for a
    browser's form, JSON (``{"error": ...}``, as every refusal of the HTTP interface) else."""
    if htmx_of(request):
        response = HttpResponse(limited.text, status=429, content_type="text/plain; charset=utf-8")
    elif "text/html" in request.headers.get("Accept", ""):  # untranslated: an HTTP header
        html = render_to_string("429.html", {"message": limited.text}, request=request)
        response = HttpResponse(html, status=429)
    else:
        response = JsonResponse({"error": limited.text}, status=429)
    if limited.retry_after:
        response["Retry-After"] = str(limited.retry_after)
    return response


def limited(door: str) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """A view decorator: a POST to the view counts against ``door``; over the rate, a 429."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method == "POST":
                refused = hit_request(request, door)
                if refused is not None:
                    return too_many(request, refused)
            return view(request, *args, **kwargs)

        return wrapper

    return decorate


def login_locked_out(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: Any = None
) -> HttpResponse:
    """django-axes' answer to a login after too many failures (the admin's login too). Every
    attempt while locked out starts the cool-off again (``AXES_RESET_COOL_OFF_ON_FAILURE_DURING_
    LOCKOUT``), so the whole cool-off is the honest wait."""
    seconds = int(settings.AXES_COOLOFF_TIME.total_seconds())
    message = _("Too many failed logins: try again in %(wait)s.") % {"wait": wait_words(seconds)}
    return too_many(request, Limited("login", seconds, message))


def handler429(request: HttpRequest) -> HttpResponse:
    """django-allauth's own rate limits (``ACCOUNT_RATE_LIMITS``, counted per minute or less)
    answer through this, as the site's other 429s do."""
    return too_many(request, Limited("allauth", 60, _("Too many requests: try again in a minute.")))
