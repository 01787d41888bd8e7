from django.urls import path

from .views import (accounts, exports, hand_changes, history, plain_hands, players, quick_entry, rules, sessions,
                    sharing, wins)

urlpatterns = [
    path("", sessions.home, name="home"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.login_view, name="login"),
    path("accounts/logout/", accounts.logout_view, name="logout"),
    path("t/<slug:token>/", sharing.follow_link, name="follow_link"),
    path("sessions/new/", sessions.session_new, name="session_new"),
    path("sessions/<int:pk>/", sessions.session_detail, name="session"),
    path("sessions/<int:pk>/win/", wins.win_new, name="win_new"),
    path("sessions/<int:pk>/win/preview/", wins.win_preview, name="win_preview"),
    path("sessions/<int:pk>/draw/", plain_hands.draw_new, name="draw_new"),
    path("sessions/<int:pk>/spot/", plain_hands.spot_new, name="spot_new"),
    path("sessions/<int:pk>/history/", history.history, name="history"),
    path("sessions/<int:pk>/settle/", sessions.settle, name="settle"),
    path("sessions/<int:pk>/share/", sharing.share, name="share"),
    path("sessions/<int:pk>/quick/", quick_entry.quick_entry, name="quick_entry"),
    path("sessions/<int:pk>/export.csv", exports.session_csv, name="session_csv"),
    path("sessions/<int:pk>/backup.json", exports.session_backup, name="session_backup"),
    path("sessions/import/", exports.session_import, name="session_import"),
    path("players/<int:pk>/", players.player, name="player"),
    path("help/quick-entry/", quick_entry.help_quick_entry, name="help_quick_entry"),
    path("hands/<int:pk>/edit/", plain_hands.hand_edit, name="hand_edit"),
    path("hands/<int:pk>/delete/", hand_changes.hand_delete, name="hand_delete"),
    path("hands/<int:pk>/restore/", hand_changes.hand_restore, name="hand_restore"),
    path("rules/", rules.rules, name="rules"),
    path("rules/<slug:key>/", rules.rules, name="rules_detail"),
]
