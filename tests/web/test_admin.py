"""The admin, for staff only: its log-in is the app's guarded one; hands are shown, never edited there."""
from __future__ import annotations

from django.test import Client

from scorekeeper.tables.models import Hand


def staff_client(django_user_model) -> Client:
    client = Client()
    client.force_login(django_user_model.objects.create_user("op", password="x", is_staff=True, is_superuser=True))
    return client


def test_staff_see_the_sessions_and_their_hands(make_session, win, django_user_model):
    session = make_session("zung-jung")
    win(session, 0, "self", figure=30)
    admin = staff_client(django_user_model)
    listing = admin.get("/admin/tables/session/")
    assert listing.status_code == 200 and "zung-jung" in listing.content.decode()
    page = admin.get(f"/admin/tables/session/{session.pk}/change/").content.decode()
    assert "30" in page
    hand = Hand.objects.get(session=session)
    assert admin.post(f"/admin/tables/hand/{hand.pk}/change/", {"figure": 99}).status_code == 404  # not registered
    assert Hand.objects.get(pk=hand.pk).figure == 30


def test_a_share_link_is_revoked_from_the_admin(make_session, django_user_model):
    session = make_session("zung-jung")
    from scorekeeper.tables import services
    link = services.share_link_create(session=session, role="viewer", label="Di")
    admin = staff_client(django_user_model)
    answer = admin.post(f"/admin/tables/sharelink/{link.pk}/delete/", {"post": "yes"})
    assert answer.status_code == 302
    assert Client().post(f"/t/{link.token}/").status_code == 404


def test_the_admin_log_in_is_the_apps_guarded_one(anonymous, client):
    answer = anonymous.get("/admin/")
    assert answer.status_code == 302 and answer["Location"].startswith("/admin/login/")
    login = anonymous.get(answer["Location"])
    assert login.status_code == 302 and login["Location"].startswith("/accounts/login/?next=")
    assert client.get("/admin/login/?next=/admin/").status_code == 403  # logged in, not staff
