from django.urls import include, path

from . import views
from .chat import views as chat
from .tables import play_now
from .tables import views as tables
from .tutorial import views as tutorial

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("cards/", views.cards, name="cards"),
    path("learn/", include("games.learn.urls")),
    path("daily/", include("games.daily.urls")),
    path("leaderboard/", include("games.standings.urls")),
    path("", include("games.history.urls")),
    path("", include("games.analysis.urls")),
    path("", include("games.tournaments.urls")),
    path("rooms/new", views.new_room, name="new-room"),
    path("rooms/play-now", play_now.play_now, name="play-now"),
    path("r/<slug:code>/", views.room_page, name="room"),
    path("r/<slug:code>/view.json", views.view_json, name="view-json"),
    path("r/<slug:code>/act", views.act, name="act"),
    path("r/<slug:code>/hint", views.hint, name="hint"),
    path("r/<slug:code>/next", views.next_hand, name="next-hand"),
    path("r/<slug:code>/end-match", views.end_match, name="end-match"),
    path("r/<slug:code>/sit", views.sit, name="sit"),
    path("r/<slug:code>/leave", views.leave, name="leave"),
    path("r/<slug:code>/back", views.back, name="back"),
    path("r/<slug:code>/release", views.release, name="release"),
    path("r/<slug:code>/robot", views.set_robot, name="set-robot"),
    path("r/<slug:code>/chat", chat.post, name="chat"),
    path("r/<slug:code>/chat/remove", chat.remove, name="chat-remove"),
    path("r/<slug:code>/chat/settings", chat.settings, name="chat-settings"),
    path("r/<slug:code>/chat/hidden", chat.hidden, name="chat-hidden"),
    path("r/<slug:code>/privacy", tables.privacy, name="table-privacy"),
    path("r/<slug:code>/remove", tables.remove, name="remove-player"),
    path("join/<slug:code>/", tables.join, name="join"),
    path("lobby/online", tables.online, name="online"),
    path("tutorial/<slug:variant_key>/", tutorial.tutorial, name="tutorial"),
    path("staff/hands/<int:hand_id>/", views.inspect_hand, name="inspect-hand"),
]
