from django.urls import path

from . import views

urlpatterns = [
    path("", views.index, name="daily"),
    path("<slug:game>/", views.game_page, name="daily-game"),
    path("<slug:game>/play", views.play, name="daily-play"),
]
