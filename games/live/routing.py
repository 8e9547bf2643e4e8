from typing import Any

from django.urls import path, re_path

from . import consumers

websocket_urlpatterns: list[Any] = [
    path("ws/r/<slug:code>/", consumers.RoomConsumer.as_asgi()),  # type: ignore[arg-type]  # an ASGI app
    path("ws/lobby/", consumers.LobbyConsumer.as_asgi()),  # type: ignore[arg-type]
    path("ws/t/<slug:code>/", consumers.TournamentConsumer.as_asgi()),  # type: ignore[arg-type]
    re_path(r"", consumers.NoSuchSocket.as_asgi()),  # type: ignore[arg-type]  # last: every other path is refused
]
