"""The win page (views/wins.py and the win page's presenter): the keypad without JavaScript and over HTMX, the live
preview, saving, a half-entered hand kept until saved, every ruleset's page."""

import pytest

from scorekeeper.tables.models import Hand

from web_helpers import HX, ZJ_TILES, field, figure_shown, page, rev


def test_win_entry_by_keypad_without_javascript(client, make_session):
    session = make_session()
    url = f"/sessions/{session.pk}/win/"
    html = page(client.get(url))
    data = {"token": field(html, "token"), "revision": field(html, "revision"), "winner": "1", "how": "2",
            "mode": "tiles", "target": "hand", "suit": "m", "meld_kind": "pung"}
    for code in "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 2z 2z".split():
        html = page(client.post(url, {**data, "action": f"add:{code}"}))
        for name in ("concealed", "winning_tile", "target", "suit"):
            data[name] = field(html, name)

    assert (data["concealed"], data["winning_tile"]) == ("123m456p789s1112z", "2z")
    assert "Concealed Hand" in html and "Who owes whom (on the tab)" in html
    response = client.post(url, {**data, "action": "save"})
    assert response.status_code == 302
    assert Hand.objects.get().tiles["winning_tile"] == "2z"


def test_win_keypad_tap_with_htmx_returns_the_form_partial(client, make_session):
    session = make_session()
    html = page(client.post(f"/sessions/{session.pk}/win/", {"action": "add:5p", "mode": "tiles"}, **HX))

    assert html.lstrip().startswith('<div id="win-form-body"')
    assert 'name="concealed" value="5p"' in html


def test_live_preview_partial(client, make_session):
    session = make_session()
    html = page(client.post(f"/sessions/{session.pk}/win/preview/",
                            {"winner": "1", "how": "2", "mode": "tiles", **ZJ_TILES}, **HX))

    assert html.lstrip().startswith('<section id="preview"')
    assert "<strong>5</strong> points" in html
    assert "Ann" in html and "→" in html


def test_preview_of_an_impossible_hand_shows_the_engine_message(client, make_session):
    session = make_session()
    html = page(client.post(f"/sessions/{session.pk}/win/preview/", {
        "winner": "1", "how": "2", "mode": "tiles", "concealed": "123m456p789s1113z", "winning_tile": "5z"}, **HX))

    assert "do not make a winning hand" in html


def test_save_with_htmx_redirects_the_page(client, make_session):
    session = make_session()
    response = client.post(f"/sessions/{session.pk}/win/", {
        "winner": "0", "how": "self", "mode": "figure", "figure": "8", "action": "save", "token": "",
        "revision": rev(session)}, **HX)

    assert response.status_code == 200
    assert response["HX-Redirect"].startswith(f"/sessions/{session.pk}/")


def test_bad_save_keeps_everything_entered_and_says_why(client, make_session):
    session = make_session()
    html = client.post(f"/sessions/{session.pk}/win/", {
        "winner": "2", "how": "2", "mode": "figure", "figure": "8", "note": "long hand", "action": "save",
        "revision": rev(session)})

    assert html.status_code == 422
    text = html.content.decode()
    assert "The winner cannot have discarded the winning tile" in text
    assert 'value="long hand"' in text and figure_shown(text) == "8"
    assert Hand.objects.count() == 0


@pytest.mark.parametrize("key", ["taiwan", "zung-jung", "hk-old", "taizhou", "fujian"])
def test_each_ruleset_win_page_opens(client, make_session, key):
    session = make_session(key)
    html = page(client.get(f"/sessions/{session.pk}/win/"))

    assert "Who won?" in html
    assert page(client.post(f"/sessions/{session.pk}/win/", {"action": "mode:figure"}))


def test_a_half_entered_hand_is_kept_until_saved(client, make_session):
    session = make_session()
    url = f"/sessions/{session.pk}/win/"
    client.post(url, {"winner": "1", "how": "2", "mode": "tiles", "concealed": "123m", "action": "add:4m",
                      "token": "8d3f0c64-6c55-4a5c-a7a4-3f1b8a6f3c21"})
    html = page(client.get(url))  # back on the win screen later

    assert "This is the hand you were entering" in html
    assert 'name="concealed" value="1234m"' in html
    assert 'value="8d3f0c64-6c55-4a5c-a7a4-3f1b8a6f3c21"' in html  # the same token: saved once at most
    assert 'name="concealed" value=""' in page(client.get(url + "?fresh=1"))


def test_the_draft_goes_once_the_hand_is_saved(client, make_session):
    session = make_session()
    url = f"/sessions/{session.pk}/win/"
    client.post(url, {"winner": "0", "how": "self", "mode": "figure", "figure": "8", "action": "mode:figure"})
    client.post(url, {"winner": "0", "how": "self", "mode": "figure", "figure": "8", "action": "save",
                      "revision": rev(session)})

    assert Hand.objects.count() == 1
    assert "you were entering" not in page(client.get(url))


def test_golds_in_the_hand_are_drawn_as_wilds_and_can_be_taken_out(client, make_session):
    session = make_session("fujian")
    url = f"/sessions/{session.pk}/win/"
    html = page(client.post(url, {"mode": "tiles", "concealed": "123m9s", "wild": "9s", "action": "refresh"}))
    assert "9 bamboo (wild)" in html and 'value="remove:hand:9s"' in html

    html = page(client.post(url, {"mode": "tiles", "concealed": "123m9s", "wild": "9s", "action": "remove:hand:9s"}))
    assert 'name="concealed" value="123m"' in html
