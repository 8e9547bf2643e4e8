from django.urls import path

from . import views

urlpatterns = [
    path("hands/<int:hand_id>/analysis", views.analysis, name="hand-analysis"),
]
