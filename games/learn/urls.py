from django.urls import path

from . import views

urlpatterns = [
    path("", views.index, name="learn-index"),
    path("robots/", views.robots_page, name="learn-robots"),
    path("<slug:game>/", views.rules_page, name="learn"),
]
