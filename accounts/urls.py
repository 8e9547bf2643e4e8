from django.urls import path

from . import trick_pause, views

urlpatterns = [
    path("guest/", views.guest, name="guest"),
    path("trick-pause", trick_pause.choose, name="trick-pause"),
]
