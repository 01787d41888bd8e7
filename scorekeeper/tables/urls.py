from django.urls import path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("sessions/new/", views.session_new, name="session_new"),
    path("sessions/<int:pk>/", views.session_detail, name="session"),
    path("sessions/<int:pk>/win/", views.win_new, name="win_new"),
    path("sessions/<int:pk>/win/preview/", views.win_preview, name="win_preview"),
    path("sessions/<int:pk>/draw/", views.draw_new, name="draw_new"),
    path("sessions/<int:pk>/spot/", views.spot_new, name="spot_new"),
    path("sessions/<int:pk>/history/", views.history, name="history"),
    path("sessions/<int:pk>/settle/", views.settle, name="settle"),
    path("hands/<int:pk>/edit/", views.hand_edit, name="hand_edit"),
    path("hands/<int:pk>/delete/", views.hand_delete, name="hand_delete"),
    path("rules/", views.rules, name="rules"),
    path("rules/<slug:key>/", views.rules, name="rules_detail"),
]
