from django.urls import path

from . import views

urlpatterns = [
    path("history/", views.my_games, name="my-games"),
    path("profile/<str:name>/", views.profile, name="profile"),
    path("hands/<int:hand_id>/", views.replay, name="replay"),
    path("hands/<int:hand_id>.json", views.hand_file, name="hand-file"),
    path("hands/<int:hand_id>/match.json", views.match_file, name="match-file"),
    path("r/<slug:code>/hands/<int:number>/", views.table_hand, name="table-hand"),
    path("hands/import", views.import_hand, name="import-hand"),
    path("hands/play", views.play_deal, name="play-deal"),
]
