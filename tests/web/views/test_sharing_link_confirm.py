"""Following a share link asks first: the link opens a page, joining is its POST, so a page elsewhere
that loads the link cannot add a session to a logged-in visitor's home."""
from __future__ import annotations

from scorekeeper.tables import services


def test_a_get_of_the_link_asks_and_adds_nothing(stranger, make_session):
    session = make_session()
    link = services.share_link_create(session=session, role="scorer")
    page = stranger.get(f"/t/{link.token}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "This link lets you enter and edit the hands" in text and "Open the session" in text
    assert stranger.get(f"/sessions/{session.pk}/").status_code == 404
    assert f"/sessions/{session.pk}/" not in stranger.get("/").content.decode()


def test_the_post_joins_and_opens_the_session(stranger, make_session):
    session = make_session()
    link = services.share_link_create(session=session, role="viewer")
    response = stranger.post(f"/t/{link.token}/")
    assert response.status_code == 302 and response["Location"] == f"/sessions/{session.pk}/"
    assert stranger.get(f"/sessions/{session.pk}/").status_code == 200
    assert f"/sessions/{session.pk}/" in stranger.get("/").content.decode()


def test_the_post_needs_the_pages_csrf_token(make_session, db):
    from django.test import Client
    session = make_session()
    link = services.share_link_create(session=session, role="viewer")
    strict = Client(enforce_csrf_checks=True)
    assert strict.post(f"/t/{link.token}/").status_code == 403


def test_a_visitor_who_can_open_it_already_goes_straight_there(client, guest, make_session):
    session = make_session()
    link = services.share_link_create(session=session, role="viewer")
    assert client.get(f"/t/{link.token}/")["Location"] == f"/sessions/{session.pk}/"  # the owner
    guest.follow_link(link)
    assert guest.get(f"/t/{link.token}/")["Location"] == f"/sessions/{session.pk}/"


def test_an_unknown_link_is_404_either_way(guest, db):
    assert guest.get("/t/" + "x" * 32 + "/").status_code == 404
    assert guest.post("/t/" + "x" * 32 + "/").status_code == 404
