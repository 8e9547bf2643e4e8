"""ASGI entry point: HTTP through Django, websockets through Channels."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from typing import cast

import django
from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler
from django.core.handlers.base import BaseHandler
from django.http import HttpRequest, HttpResponseBase, StreamingHttpResponse


class OneThreadASGIHandler(ASGIHandler):
    """Django's ASGI handler with the middleware chain and the view run as under WSGI, in one
    hop to the request's worker thread. Django's own runs every sync middleware hook in a hop
    of its own (16 per request here instead of 3), which cost ~1 ms of CPU per request; every
    view and middleware of the site is synchronous anyway."""

    def __init__(self) -> None:
        BaseHandler.__init__(self)
        self.load_middleware(is_async=False)

    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        return await sync_to_async(self._get_whole_response, thread_sensitive=True)(request)

    def _get_whole_response(self, request: HttpRequest) -> HttpResponseBase:
        """The response, a file's (whitenoise serves /static/ as a file response) already read
        in the request's thread: Django's ASGI handler would read a synchronous stream in a hop
        of its own, warning each time, as its static files handler does."""
        response = self.get_response(request)
        if isinstance(response, StreamingHttpResponse) and not response.is_async:  # streaming
            parts = list(cast("Iterator[bytes]", response.streaming_content))  # not async: checked
            response.streaming_content = _stream(parts)
        return response


async def _stream(parts: list[bytes]) -> AsyncIterator[bytes]:
    for part in parts:
        yield part


os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokk_site.settings")
django.setup(set_prefix=False)  # as django.core.asgi.get_asgi_application() does
django_asgi_app = OneThreadASGIHandler()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from games.live.routing import websocket_urlpatterns  # noqa: E402
from tarokk_site.origins import SameSiteOriginValidator  # noqa: E402

application = ProtocolTypeRouter(
    {
        # /static/ too, unless a reverse proxy serves it: whitenoise's middleware (settings.py).
        "http": django_asgi_app,
        # A socket only from a page of this site, as a POST (tarokk_site.origins).
        "websocket": SameSiteOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)

# In the embedded default the robot thread starts with the process, not with the first page
# view: turn-clock deadlines that passed while the site was down fire at once.
from games.autoplay import runner  # noqa: E402

runner.start()

# Start-up is done: the garbage collector set for a long-running server (tarokk_site.collector).
from tarokk_site import collector  # noqa: E402

collector.tune()
