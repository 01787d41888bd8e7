from django.urls import path

from .models import Hand
from .views import (
                    accounts,
                    exports,
                    guests,
                    hand_changes,
                    history,
                    live,
                    photo,
                    plain_hands,
                    players,
                    queue,
                    quick_entry,
                    rules,
                    seats,
                    sessions,
                    sharing,
                    table,
                    wins,
)
from .views.base import by_hand_kind
from .web.guests import forgetting_grants, keeping_guest_sessions

urlpatterns = [
    path("", sessions.home, name="home"),
    # Signing up or logging in keeps the sessions the phone started without an account; logging out
    # forgets the sessions it opened by links (web/guests.py).
    path("accounts/signup/", keeping_guest_sessions(accounts.signup), name="signup"),
    path("accounts/login/", keeping_guest_sessions(accounts.login_view), name="login"),
    path("accounts/recover/", keeping_guest_sessions(accounts.recover), name="recover"),
    path("accounts/logout/", forgetting_grants(accounts.logout_view), name="logout"),
    path("t/<slug:token>/", sharing.follow_link, name="follow_link"),
    path("sessions/new/", sessions.session_new, name="session_new"),
    path("sessions/<int:pk>/", sessions.session_detail, name="session"),
    path("sessions/<int:pk>/live/", live.session_live, name="session_live"),
    path("sessions/<int:pk>/events/", live.session_events, name="session_events"),
    path("sessions/<int:pk>/table/", table.session_table, name="session_table"),
    path("sessions/<int:pk>/dice/", table.dice_roll, name="dice_roll"),
    path("sessions/<int:pk>/win/", wins.win_new, name="win_new"),
    path("sessions/<int:pk>/win/preview/", wins.win_preview, name="win_preview"),
    path("sessions/<int:pk>/queue/", queue.queue_send, name="queue_send"),
    # A photo of the winner's tiles read for the keypad, answered in JSON (views/photo.py).
    path("sessions/<int:pk>/photo/", photo.session_photo, name="session_photo"),
    path("sessions/<int:pk>/draw/", plain_hands.draw_new, name="draw_new"),
    path("sessions/<int:pk>/spot/", plain_hands.spot_new, name="spot_new"),
    path("sessions/<int:pk>/seat/<int:seat>/", seats.seat_change_new, name="seat_change_new"),
    path("sessions/<int:pk>/history/", history.history, name="history"),
    path("sessions/<int:pk>/settle/", sessions.settle, name="settle"),
    path("sessions/<int:pk>/again/", guests.same_table, name="same_table"),
    path("sessions/<int:pk>/share/", sharing.share, name="share"),
    path("sessions/<int:pk>/quick/", quick_entry.quick_entry, name="quick_entry"),
    path("sessions/<int:pk>/export.csv", exports.session_csv, name="session_csv"),
    path("sessions/<int:pk>/backup.json", exports.session_backup, name="session_backup"),
    path("sessions/import/", exports.session_import, name="session_import"),
    path("players/<int:pk>/", players.player, name="player"),
    path("players/", players.friends, name="friends"),
    path("help/quick-entry/", quick_entry.help_quick_entry, name="help_quick_entry"),
    # One edit URL for a hand of any kind: the view of its kind.
    path("hands/<int:pk>/edit/", by_hand_kind({Hand.Kind.WIN: wins.edit_win, Hand.Kind.DRAW: plain_hands.plain_edit,
                                               Hand.Kind.SPOT: plain_hands.plain_edit,
                                               Hand.Kind.SEAT: plain_hands.seat_change_edit}), name="hand_edit"),
    path("hands/<int:pk>/delete/", hand_changes.hand_delete, name="hand_delete"),
    path("hands/<int:pk>/restore/", hand_changes.hand_restore, name="hand_restore"),
    path("rules/", rules.rules, name="rules"),
    path("rules/<slug:key>/", rules.rules, name="rules_detail"),
]
