from django.urls import path

from . import consumers

websocket_urlpatterns = [
    path("ws/r/<slug:code>/", consumers.RoomConsumer.as_asgi()),
    path("ws/lobby/", consumers.LobbyConsumer.as_asgi()),
]
