"""The room websocket in tests: connect as a user (or anonymously) and read what arrives."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from channels.auth import AuthMiddlewareStack
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.conf import settings

from games.live import consumers
from games.live.routing import websocket_urlpatterns

app = URLRouter(websocket_urlpatterns)
# As in tarokk_site.asgi: the session cookie picks the user.
app_with_sessions = AuthMiddlewareStack(URLRouter(websocket_urlpatterns))


async def connect(path: str, user) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(app, path)
    if user is not None:
        communicator.scope["user"] = user
    connected, _ = await communicator.connect()
    assert connected
    return communicator


# Renders of a page's socket under way in this process (each runs in a thread of its own): a
# push is still to come while one is. Counted around every consumer's ``_render``.
_rendering = 0
_count_lock = threading.Lock()


def _counted(render: Any) -> Any:
    if getattr(render, "counted", False):
        return render

    def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        global _rendering
        with _count_lock:
            _rendering += 1
        try:
            return render(self, *args, **kwargs)
        finally:
            with _count_lock:
                _rendering -= 1

    counted.counted = True  # type: ignore[attr-defined]
    return counted


for _consumer in (consumers.RoomConsumer, consumers.LobbyConsumer, consumers.TournamentConsumer):
    _consumer._render = _counted(_consumer._render)  # type: ignore[method-assign]


async def drain(communicator: WebsocketCommunicator, quiet: float = 0.3, most: float = 30) -> list[str]:
    """Every message that arrives until the socket has been quiet for ``quiet`` seconds with no
    render under way (on a loaded machine a render can take longer than ``quiet``: its push is
    still to come), or for ``most`` seconds in all."""
    messages = []
    loop = asyncio.get_running_loop()
    end = loop.time() + most
    # receive_nothing() waits without cancelling the consumer (a timed-out receive would).
    while loop.time() < end:
        if await communicator.receive_nothing(timeout=quiet):
            if not _rendering:
                break
        else:
            messages.append(await communicator.receive_from())
    return messages


async def open_socket(code: str, client: Any) -> WebsocketCommunicator:
    """The room's socket of a test ``Client``'s browser: its session cookie picks the user."""
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    headers = [(b"cookie", cookie.encode())]
    communicator = WebsocketCommunicator(app_with_sessions, f"/ws/r/{code}/", headers=headers)
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def closed_with(communicator: WebsocketCommunicator) -> int | None:
    """The close code if the next thing the server sends is a close, else fail with it."""
    output = await communicator.receive_output(timeout=2)
    assert output["type"] == "websocket.close", f"a push after the session ended: {output}"
    return output.get("code")
