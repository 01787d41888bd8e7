"""A draw and an on-the-spot payment (views/plain_hands.py): their pages, their errors, an edit."""


from scorekeeper.tables import services
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Hand

from web_helpers import rev


def test_draw_and_spot_pages(client, make_session):
    session = make_session("taiwan")
    assert client.post(f"/sessions/{session.pk}/draw/", {"note": "wall out", "token": "",
                                                         "revision": rev(session)}).status_code == 302
    response = client.post(f"/sessions/{session.pk}/spot/", {"kind": "flower", "player": "2", "count": "2",
                                                             "revision": rev(session)})
    assert response.status_code == 302
    assert list(Hand.objects.values_list("kind", flat=True)) == ["draw", "spot"]


def test_spot_form_errors(client, make_session):
    session = make_session("taiwan")
    response = client.post(f"/sessions/{session.pk}/spot/", {"kind": "failed_peng", "player": "1", "to": "1"})

    assert response.status_code == 422
    assert "A player cannot pay themselves" in response.content.decode()


def test_spot_is_taiwan_only(client, make_session):
    assert client.get(f"/sessions/{make_session('zung-jung').pk}/spot/").status_code == 404


def test_edit_a_draw_and_a_spot(client, make_session):
    session = make_session("taiwan")
    draw = services.draw_record(session=session, entry=HandInput(Hand.Kind.DRAW))
    spot = services.spot_record(session=session, entry=HandInput(Hand.Kind.SPOT, spot_kind="chase", spot_player=1))

    assert client.post(f"/hands/{draw.pk}/edit/", {"note": "late", "revision": rev(session)}).status_code == 302
    assert client.post(f"/hands/{spot.pk}/edit/", {"kind": "chase", "player": "3",
                                                   "revision": rev(session)}).status_code == 302
    spot.refresh_from_db()
    assert spot.spot_player == 3
