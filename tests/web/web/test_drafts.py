"""A win left half-entered is kept on the phone, never in the database (issue 20, point 8; web.drafts):
keypad taps and previews write nothing (on SQLite every write waits for the one write lock the saves need);
the draft comes back when the Win form is opened again, for its own session only, and stays small."""
from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scorekeeper.tables.web import drafts

from web_helpers import ZJ_TILES, figure_shown, rev

WRITES = re.compile(r"^\s*(INSERT|UPDATE|DELETE)", re.I)


def writes_during(call):
    with CaptureQueriesContext(connection) as queries:
        response = call()
    return response, [q["sql"] for q in queries if WRITES.match(q["sql"])]


def tap(client, session, action, **fields):
    data = {"winner": "1", "how": "2", "mode": "tiles", "token": "t-1", "revision": rev(session), "action": action,
            **fields}
    return client.post(f"/sessions/{session.pk}/win/", data, HTTP_HX_REQUEST="true")


def test_keypad_taps_and_previews_write_nothing_to_the_database(client, make_session):
    session = make_session("zung-jung")
    client.get(f"/sessions/{session.pk}/win/")
    for action in ("tile:1m", "tile:2m", "tile:3m", "suit:p", "tile:4p", "back", "mode:figure", "mode:tiles"):
        response, writes = writes_during(lambda action=action: tap(client, session, action))
        assert response.status_code == 200 and writes == [], (action, writes)
    response, writes = writes_during(lambda: client.post(f"/sessions/{session.pk}/win/preview/", {
        "winner": "1", "how": "self", "mode": "tiles", **ZJ_TILES}, HTTP_HX_REQUEST="true"))
    assert response.status_code == 200 and writes == []


def test_the_draft_comes_back_when_the_win_form_is_opened_again(client, make_session):
    session = make_session()
    url = f"/sessions/{session.pk}/win/"
    client.post(url, {"winner": "1", "how": "2", "mode": "figure", "figure": "40", "action": "refresh",
                      "token": "t-2", "revision": rev(session)})
    assert client.cookies[f"win_draft_{session.pk}"]["path"] == f"/sessions/{session.pk}/"
    assert client.cookies[f"win_draft_{session.pk}"]["httponly"]
    assert figure_shown(client.get(url).content.decode()) == "40"


def test_a_draft_is_its_own_sessions_only(client, make_session):
    first, second = make_session(), make_session()
    client.post(f"/sessions/{first.pk}/win/", {"winner": "1", "how": "2", "mode": "figure", "figure": "40",
                                               "action": "refresh", "token": "t-3", "revision": rev(first)})
    copied = client.cookies[f"win_draft_{first.pk}"].value
    client.cookies[f"win_draft_{second.pk}"] = copied  # moved to another session's pages
    assert figure_shown(client.get(f"/sessions/{second.pk}/win/").content.decode()) == ""


@pytest.mark.parametrize("ruleset", ["taizhou", "zung-jung"])
def test_a_whole_hand_with_every_losers_tiles_fits_in_its_cookie(client, make_session, ruleset):
    session = make_session(ruleset)
    fields = {"winner": ["1"], "how": ["2"], "mode": ["tiles"], "concealed": ["123m456p789s234s55z"],
              "winning_tile": ["5z"], "meld": ["pung 777z", "chow 123p", "kong 9999s"], "note": ["x" * 200],
              "wild": ["8p"], "token": ["0" * 36], "revision": [rev(session)]}
    for seat in (0, 2, 3):
        fields[f"loser_concealed_{seat}"] = ["123m456p789s234s1z"]
        fields[f"loser_meld_{seat}"] = ["pung 111z", "chow 789m"]
    request = type("R", (), {"COOKIES": {}})()
    drafts.draft_keep(request, session, fields)
    assert drafts.draft_get(request, session) == fields


def test_a_draft_too_big_for_a_cookie_is_not_kept_and_the_last_one_goes(client, make_session):
    session = make_session()
    url = f"/sessions/{session.pk}/win/"
    client.post(url, {"winner": "1", "how": "2", "mode": "figure", "figure": "40", "action": "refresh",
                      "token": "t-4", "revision": rev(session)})
    noise = "".join(chr(0x4E00 + (i * 7919) % 20000) for i in range(1000))  # pasted text that will not compress
    client.post(url, {"winner": "1", "how": "2", "mode": "figure", "figure": "40", "action": "refresh",
                      "token": "t-4", "revision": rev(session), "note": noise, "concealed": noise,
                      "winning_tile": noise, "bonus": noise})
    assert client.cookies[f"win_draft_{session.pk}"].value == ""  # dropped, never an outdated copy
    assert figure_shown(client.get(url).content.decode()) == ""
