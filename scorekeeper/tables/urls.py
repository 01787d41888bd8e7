from django.urls import path

from . import accounts, extra_views, hand_views, views

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.login_view, name="login"),
    path("accounts/logout/", accounts.logout_view, name="logout"),
    path("t/<slug:token>/", views.follow_link, name="follow_link"),
    path("sessions/new/", views.session_new, name="session_new"),
    path("sessions/<int:pk>/", views.session_detail, name="session"),
    path("sessions/<int:pk>/win/", hand_views.win_new, name="win_new"),
    path("sessions/<int:pk>/win/preview/", hand_views.win_preview, name="win_preview"),
    path("sessions/<int:pk>/draw/", hand_views.draw_new, name="draw_new"),
    path("sessions/<int:pk>/spot/", hand_views.spot_new, name="spot_new"),
    path("sessions/<int:pk>/history/", views.history, name="history"),
    path("sessions/<int:pk>/settle/", views.settle, name="settle"),
    path("sessions/<int:pk>/share/", views.share, name="share"),
    path("sessions/<int:pk>/quick/", extra_views.quick_entry, name="quick_entry"),
    path("sessions/<int:pk>/export.csv", extra_views.session_csv, name="session_csv"),
    path("sessions/<int:pk>/backup.json", extra_views.session_backup, name="session_backup"),
    path("sessions/import/", extra_views.session_import, name="session_import"),
    path("players/<int:pk>/", extra_views.player, name="player"),
    path("help/quick-entry/", extra_views.help_quick_entry, name="help_quick_entry"),
    path("hands/<int:pk>/edit/", hand_views.hand_edit, name="hand_edit"),
    path("hands/<int:pk>/delete/", hand_views.hand_delete, name="hand_delete"),
    path("hands/<int:pk>/restore/", hand_views.hand_restore, name="hand_restore"),
    path("rules/", views.rules, name="rules"),
    path("rules/<slug:key>/", views.rules, name="rules_detail"),
]
