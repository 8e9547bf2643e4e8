from django.urls import path

from . import views

urlpatterns = [
    path("tournaments/", views.index, name="tournaments"),
    path("tournaments/new", views.new, name="new-tournament"),
    path("t/<slug:code>/", views.tournament_page, name="tournament"),
    path("t/<slug:code>/join", views.join, name="tournament-join"),
    path("t/<slug:code>/leave", views.leave, name="tournament-leave"),
    path("t/<slug:code>/invite", views.invite, name="tournament-invite"),
    path("t/<slug:code>/start", views.start, name="tournament-start"),
    path("t/<slug:code>/cancel", views.cancel, name="tournament-cancel"),
    path("t/<slug:code>/round/<int:round_no>/deal/<int:number>/", views.board_page, name="tournament-board"),
    path("t/<slug:code>/tournament.json", views.export, name="tournament-file"),
]
