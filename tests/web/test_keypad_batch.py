"""Quick taps sent together (static/js/keypad.js) land in the order they were tapped."""
import uuid

from web_helpers import rev


def post_win(client, session, **data):
    fields = {"token": str(uuid.uuid4()), "revision": rev(session), "mode": "tiles", "target": "hand",
              "suit": "m", "winner": "0", "how": "self"}
    fields.update(data)
    return client.post(f"/sessions/{session.pk}/win/", fields, HTTP_HX_REQUEST="true")


def test_a_batch_of_taps_adds_every_tile_in_order(client, make_session):
    session = make_session()
    response = post_win(client, session, action="batch", actions=["add:1m", "add:1m", "add:2m", "add:3m"])
    assert response.status_code == 200
    page = response.content.decode()
    assert '<span class="count">4/13</span>' in page


def test_a_batch_never_saves(client, make_session):
    session = make_session()
    post_win(client, session, action="batch", actions=["add:1m", "save"])
    assert session.hands.count() == 0


def test_one_tap_alone_still_works(client, make_session):
    session = make_session()
    page = post_win(client, session, action="add:5p").content.decode()
    assert "<span class=\"count\">1/13</span>" in page
