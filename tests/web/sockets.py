"""The room websocket in tests: connect as a user (or anonymously) and read what arrives."""

from __future__ import annotations

from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from games.routing import websocket_urlpatterns

app = URLRouter(websocket_urlpatterns)


async def connect(path: str, user) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(app, path)
    if user is not None:
        communicator.scope["user"] = user
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def drain(communicator: WebsocketCommunicator, quiet: float = 0.3) -> list[str]:
    """Every message that arrives until the socket has been quiet for ``quiet`` seconds."""
    messages = []
    # receive_nothing() waits without cancelling the consumer (a timed-out receive would).
    while not await communicator.receive_nothing(timeout=quiet):
        messages.append(await communicator.receive_from())
    return messages
