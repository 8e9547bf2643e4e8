from django.urls import path

from . import views

urlpatterns = [
    path("", views.index, name="learn-index"),
    path("<slug:game>/", views.rules_page, name="learn"),
]
