"""Which pages may open the site's websockets: a move sent over a table's socket is a write, as
``POST /r/<code>/act`` is, and is refused from another site's page alike.

A browser sends its page's ``Origin`` with every websocket handshake (and the site's cookies
with it). Django refuses a POST whose ``Origin`` is neither the site it was sent to nor one of
``CSRF_TRUSTED_ORIGINS``; Channels' ``AllowedHostsOriginValidator`` accepted any ``Origin``
whose host is in ``ALLOWED_HOSTS``, so any at all once an operator allows every host
(``DJANGO_ALLOWED_HOSTS="*"``). Here a handshake is accepted when its ``Origin``:

- is the host the handshake was sent to (its ``Host`` header, one ``ALLOWED_HOSTS`` allows),
  whatever the scheme (behind a proxy the page is https and the socket may reach us as ws);
- or is one of ``CSRF_TRUSTED_ORIGINS`` (``*.`` patterns as Django reads them);
- or has a host that an ``ALLOWED_HOSTS`` entry other than ``*`` names, as before.

A handshake without an ``Origin`` (no browser's) is refused, as Channels' validator refuses it.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host
from django.utils.http import is_same_domain


def origin_allowed(origin: str | None, host: str | None) -> bool:
    """Whether a page at ``origin`` may open a websocket sent to ``host`` (see above)."""
    if not origin:
        return False
    try:
        parsed = urlsplit(origin)
    except ValueError:
        return False
    if not parsed.scheme or not parsed.netloc:
        return False
    allowed_hosts = list(settings.ALLOWED_HOSTS)
    if settings.DEBUG and not allowed_hosts:  # as Django's request.get_host() reads it
        allowed_hosts = [".localhost", "127.0.0.1", "[::1]"]
    if host and validate_host(split_domain_port(host)[0], allowed_hosts):
        if parsed.netloc.lower() == host.lower():
            return True
    for trusted in settings.CSRF_TRUSTED_ORIGINS:
        scheme, _sep, netloc = trusted.partition("://")
        if scheme != parsed.scheme:
            continue
        if netloc == parsed.netloc or ("*" in netloc and is_same_domain(parsed.netloc, netloc[1:])):
            return True
    origin_host = split_domain_port(parsed.netloc)[0]
    return bool(origin_host) and validate_host(origin_host, [h for h in allowed_hosts if h != "*"])


class SameSiteOriginValidator:
    """ASGI middleware: a websocket handshake whose ``Origin`` is not allowed (origin_allowed)
    is declined before the application sees it."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: Any, receive: Any, send: Any) -> Any:
        if scope["type"] != "websocket":
            wrong = "SameSiteOriginValidator is for websockets"  # untranslated: a programming error
            raise ValueError(wrong)
        headers = dict(scope.get("headers") or [])
        origin, host = headers.get(b"origin"), headers.get(b"host")
        try:
            allowed = origin_allowed(
                origin.decode("latin-1") if origin is not None else None,
                host.decode("latin-1") if host is not None else None,
            )
        except UnicodeDecodeError:
            allowed = False
        if allowed:
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)
