"""Taizhou's score written out as a table says it: "24 hu × 2¹ = 48", each pattern with its unit."""
import uuid

from web_helpers import rev


def taizhou_tiles(client, session, action, **extra):
    fields = {"token": str(uuid.uuid4()), "revision": rev(session), "mode": "tiles", "target": "hand",
              "suit": "m", "winner": "1", "how": "self", "concealed": "777z234m678p9p555s", "winning_tile": "9p",
              "wild": "1s", "action": action, **extra}
    return client.post(f"/sessions/{session.pk}/win/", fields, HTTP_HX_REQUEST="true")


def test_the_win_form_writes_out_hu_times_two_to_the_tai(client, make_session):
    session = make_session("taizhou")
    page = taizhou_tiles(client, session, "refresh").content.decode()
    # base 10 + closed major pung 8 + closed minor pung 4 + self-draw 2 = 24 hu; red dragon pung 1 tai
    assert "24 hu × 2¹ = 48" in page
    assert 'class="pattern-value">10 hu</span>' in page
    assert 'class="pattern-value">1 tai</span>' in page


def test_the_history_writes_it_out_too_and_other_rulesets_do_not(client, make_session):
    session = make_session("taizhou")
    fields = {f"loser_points_{seat}": "0" for seat in (0, 2, 3)}
    response = taizhou_tiles(client, session, "save", **fields)
    assert response.status_code in (200, 302), response.content.decode()[:400]
    assert session.hands.count() == 1
    history = client.get(f"/sessions/{session.pk}/history/").content.decode()
    assert "24 hu × 2¹ = 48" in history
    other = make_session("zung-jung")
    assert " hu × 2" not in client.get(f"/sessions/{other.pk}/history/").content.decode()
