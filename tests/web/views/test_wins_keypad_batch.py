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


def test_a_save_sent_from_the_offline_queue_applies_its_kept_taps_first(client, make_session):
    """A tile win tapped offline: the form as drawn before the taps, the taps, and Save, in one request."""
    session = make_session()
    taps = [f"add:{code}" for code in "1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p 5s 5s".split()]
    response = post_win(client, session, how="2", action="save", actions=taps)
    assert response.status_code in (200, 302)
    hand = session.hands.get()
    assert hand.tiles["concealed"] == "123456789m234p5s" and hand.tiles["winning_tile"] == "5s"


def test_a_save_without_kept_taps_saves_the_form_as_it_is(client, make_session):
    session = make_session()
    post_win(client, session, how="2", action="save", concealed="123456789m234p5s", winning_tile="5s")
    assert session.hands.get().tiles["concealed"] == "123456789m234p5s"
