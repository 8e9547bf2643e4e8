from django.urls import path, re_path

from . import consumers

websocket_urlpatterns = [
    path("ws/r/<slug:code>/", consumers.RoomConsumer.as_asgi()),
    path("ws/lobby/", consumers.LobbyConsumer.as_asgi()),
    re_path(r"", consumers.NoSuchSocket.as_asgi()),  # last: every other path is refused
]
