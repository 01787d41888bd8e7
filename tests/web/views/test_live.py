"""A live table: the other phones ask every two seconds whether the session changed; "no" is a 204 for
one query, "yes" is the standings anew, with the visitor's rights checked in full."""
from __future__ import annotations

import re

from scorekeeper.tables import services


def live_url(page: str) -> str:
    return re.search(r'data-live="(/sessions/\d+/live/\?[^"]+)"', page).group(1).replace("&amp;", "&")


def test_no_change_is_a_204_for_one_query(client, make_session, django_assert_max_num_queries):
    session = make_session()
    url = live_url(client.get(f"/sessions/{session.pk}/").content.decode())
    with django_assert_max_num_queries(1):
        response = client.get(url, HTTP_HX_REQUEST="true")
    assert response.status_code == 204 and response.content == b""


def test_a_viewer_polls_for_one_query_too(guest, make_session, django_assert_max_num_queries):
    session = make_session()
    guest.follow_link(services.share_link_create(session=session, role="viewer"))
    url = live_url(guest.get(f"/sessions/{session.pk}/").content.decode())
    with django_assert_max_num_queries(1):
        assert guest.get(url, HTTP_HX_REQUEST="true").status_code == 204


def test_a_new_hand_sends_the_standings_with_the_next_revision(client, make_session, win):
    session = make_session()
    url = live_url(client.get(f"/sessions/{session.pk}/").content.decode())
    win(session, 1, "self", figure=40)
    response = client.get(url, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert response.status_code == 200 and page.lstrip().startswith('<div id="standings" ')
    assert "Bob won self-drawn" in page and "+120" in page
    assert live_url(page) != url  # polls on from the new revision
    assert client.get(live_url(page), HTTP_HX_REQUEST="true").status_code == 204


def test_a_revoked_link_learns_nothing_once_the_session_changes(client, guest, make_session, win):
    session = make_session()
    link = services.share_link_create(session=session, role="viewer")
    guest.follow_link(link)
    url = live_url(guest.get(f"/sessions/{session.pk}/").content.decode())
    services.share_link_revoke(session=session, link_id=link.pk)
    win(session, 1, "self", figure=40)
    assert guest.get(url, HTTP_HX_REQUEST="true").status_code == 404


def test_a_forged_or_borrowed_token_is_404(client, make_session):
    mine, other = make_session(), make_session()
    url = live_url(client.get(f"/sessions/{mine.pk}/").content.decode())
    assert client.get(url.replace(f"/sessions/{mine.pk}/", f"/sessions/{other.pk}/")).status_code == 404
    assert client.get(f"/sessions/{mine.pk}/live/?revision=x&t=forged").status_code == 404


# -- bound to the visitor's access (issue 20, point 7) -------------------------------------------------------
def test_a_copied_poll_url_is_404_for_anyone_else_while_nothing_changes(client, stranger, anonymous, guest,
                                                                        make_session):
    session = make_session()
    url = live_url(client.get(f"/sessions/{session.pk}/").content.decode())
    assert client.get(url, HTTP_HX_REQUEST="true").status_code == 204
    for other in (stranger, anonymous, guest):
        assert other.get(url, HTTP_HX_REQUEST="true").status_code == 404


def test_a_viewers_poll_is_404_as_soon_as_the_link_is_revoked(guest, make_session):
    session = make_session()
    link = services.share_link_create(session=session, role="viewer")
    guest.follow_link(link)
    url = live_url(guest.get(f"/sessions/{session.pk}/").content.decode())
    assert guest.get(url, HTTP_HX_REQUEST="true").status_code == 204
    services.share_link_revoke(session=session, link_id=link.pk)
    assert guest.get(url, HTTP_HX_REQUEST="true").status_code == 404  # nothing changed in the session meanwhile


def test_the_owners_poll_is_404_after_logging_out(client, make_session):
    session = make_session()
    url = live_url(client.get(f"/sessions/{session.pk}/").content.decode())
    client.post("/accounts/logout/")
    assert client.get(url, HTTP_HX_REQUEST="true").status_code == 404


def test_a_guests_own_session_polls_without_a_django_session(anonymous, make_session):
    """A session started without an account is opened by the phone's grants cookie (web/grants.py), not by a
    Django session: its poll is bound to those grants, and a copied URL is a 404 on any other phone."""
    from django.test import Client
    start = anonymous.post("/sessions/new/", {"ruleset": "hk-old", "east": "Ann", "south": "Bob", "west": "Cy",
                                              "north": "Di", "first_dealer": "0", "stake_per_point": "1"})
    url = live_url(anonymous.get(start["Location"]).content.decode())
    assert anonymous.get(url, HTTP_HX_REQUEST="true").status_code == 204
    assert Client().get(url, HTTP_HX_REQUEST="true").status_code == 404


def test_the_event_stream_reaching_the_app_is_a_204_so_the_page_polls(client, make_session):
    """Where no live server stands behind the address (runserver, gunicorn alone): EventSource stops on a 204."""
    session = make_session()
    page = client.get(f"/sessions/{session.pk}/").content.decode()
    events = re.search(r'data-events="(/sessions/\d+/events/\?[^"]+)"', page).group(1).replace("&amp;", "&")
    response = client.get(events)
    assert response.status_code == 204 and response.content == b""
