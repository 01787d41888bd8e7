"""Bad input: each field says what is wrong beside it, markup in names stays text, oversized posts are refused."""
from __future__ import annotations

import re

import pytest
from django.test import Client

from scorekeeper.tables import services
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Hand, Player, Session

from web_helpers import entry_of, record_win, rev

HX = {"HTTP_HX_REQUEST": "true"}
SCRIPT = "<script>alert(1)</script>"


def body(response) -> str:
    return response.content.decode()


def error_beside(html: str, field: str) -> str:
    """The error shown in the same .field block as the input named `field`."""
    block = re.search(rf'<div class="field[^"]*has-error">(?:(?!</div>).)*?name="{field}".*?</div>', html, re.S)
    assert block, f"no error beside {field}"
    return re.search(r'<p class="error"[^>]*>(.*?)</p>', block.group(0), re.S).group(1)


def new_session(client, **fields):
    data = {"ruleset": "taiwan", "east": "Ann", "south": "Bob", "west": "Cy", "north": "Di", "first_dealer": "0",
            "stake_base": "10", "stake_per_fan": "1", "stake_unit": "", "stake_flower_units": "1",
            "stake_grass_units": "2", **fields}
    return client.post("/sessions/new/", data)


# -- a new session ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name,message", [
    ("", "Enter the player&#x27;s name."),
    ("   ", "Enter the player&#x27;s name."),
    ("x" * 41, "Keep the name to 40 characters (it has 41)."),
    ("ann", "Ann already sits at East: four different players."),
    ("Bo\x07b", "Use letters, digits and ordinary punctuation in a name."),
])
def test_player_names(client, name, message):
    response = new_session(client, south=name)

    assert response.status_code == 422
    assert error_beside(body(response), "south") == message
    assert Session.objects.count() == 0


@pytest.mark.parametrize("dealer", ["", "4", "east"])
def test_the_first_dealer_is_a_seat(client, dealer):
    response = new_session(client, first_dealer=dealer)

    assert response.status_code == 422
    assert re.search(r'<legend>Who deals first\?</legend>.*<p class="error">', body(response), re.S)


def test_names_are_trimmed(client):
    new_session(client, east="  Ann   Lee ")

    assert Session.objects.get().east.name == "Ann Lee"


@pytest.mark.parametrize("stake,message", [
    ("-5", "Enter an amount of 0 or more."),
    ("2.505", "Use at most two decimal places, like 2.50."),
    ("1000000.01", "Enter at most 1,000,000."),
    ("1e400", "Enter at most 1,000,000."),
    ("ten", "Enter an amount like 10 or 2.50."),
    ("NaN", "Enter an amount like 10 or 2.50."),
    ("Infinity", "Enter an amount like 10 or 2.50."),
    ("9" * 30, "Enter an amount like 10 or 2.50."),
    ("", "Enter the base (底)."),
])
def test_stakes(client, stake, message):
    response = new_session(client, stake_base=stake)

    assert response.status_code == 422
    assert error_beside(body(response), "stake_base") == message
    assert Session.objects.count() == 0


def test_stakes_with_two_places_are_fine(client):
    new_session(client, stake_base="2.50", stake_per_fan="0")

    assert Session.objects.get().stakes["base"] == "2.5"


def test_an_option_outside_its_choices(client):
    response = new_session(client, ruleset="zung-jung", stake_per_point="1", option_payoff="free",
                           option_chicken="1")

    assert response.status_code == 422 and "Select a valid choice." in body(response)


# -- a win --------------------------------------------------------------------------------------------
def save_win(client, session, **fields):
    data = {"winner": "1", "how": "self", "mode": "figure", "figure": "8", "action": "save",
            "revision": rev(session), **fields}
    return client.post(f"/sessions/{session.pk}/win/", data)


@pytest.mark.parametrize("fields,name,message", [
    ({"figure": "abc"}, "figure", "Enter the points as a whole number, like 8."),
    ({"figure": "-5"}, "figure", "Enter the points as a whole number, like 8."),
    ({"figure": "1.5"}, "figure", "Enter the points as a whole number, like 8."),
    ({"figure": "１２"}, "figure", "Enter the points as a whole number, like 8."),
    ({"figure": "100001"}, "figure", "Enter the points as a whole number, like 8, at most 100,000."),
    ({"winner": "7"}, "winner", "Choose who won."),
    ({"how": "9"}, "how", "Choose self-drawn, or one of the players."),
    ({"note": "n" * 201}, "note", "Keep the note to 200 characters (it has 201)."),
])
def test_win_fields(client, make_session, fields, name, message):
    session = make_session()
    response = save_win(client, session, **fields)

    assert response.status_code == 422
    assert message in body(response)
    assert Hand.objects.count() == 0


def test_the_note_error_is_beside_the_note(client, make_session):
    response = save_win(client, make_session(), note="n" * 201)

    assert error_beside(body(response), "note") == "Keep the note to 200 characters (it has 201)."
    assert "n" * 201 in body(response)  # kept, to be shortened by the player


@pytest.mark.parametrize("field", ["concealed", "winning_tile"])
def test_tiles_text_is_at_most_100_characters(client, make_session, field):
    response = save_win(client, make_session(), mode="tiles", **{field: "1m" * 51})

    assert response.status_code == 422 and "at most 100 characters" in body(response)


def test_a_meld_that_is_not_one(client, make_session):
    response = save_win(client, make_session(), mode="tiles", concealed="123m", meld="boat 111m")

    assert "A meld could not be read" in body(response)


def test_the_engine_words_reach_the_page(client, make_session):
    response = save_win(client, make_session(), mode="tiles", concealed="123m456p789s1113z", winning_tile="5z")

    assert response.status_code == 422 and "do not make a winning hand" in body(response)


@pytest.mark.parametrize("action", ["add:9z", "add:²m", "add:1x", "remove:meld:²", "remove:meld:99999999999999",
                                    "target:loser-9", "meldkind:boat", "suit:mp", "add:"])
def test_keypad_actions_it_never_sends_change_nothing(client, make_session, action):
    session = make_session()
    response = client.post(f"/sessions/{session.pk}/win/", {"action": action, "mode": "tiles", "concealed": "1m",
                                                            "meld_kind": "boat", "target": "meld"})

    assert response.status_code == 200
    assert 'name="concealed" value="1m"' in body(response)


# -- draws, spots, share links ----------------------------------------------------------------------------
def test_a_draw_note_too_long(client, make_session):
    session = make_session()
    response = client.post(f"/sessions/{session.pk}/draw/", {"note": "n" * 201, "revision": rev(session)})

    assert response.status_code == 422
    assert error_beside(body(response), "note") == "Keep the note to 200 characters (it has 201)."


@pytest.mark.parametrize("fields,message", [
    ({"kind": "flower", "player": "2", "count": "9"}, "At most 8: there are 8 flowers and seasons."),
    ({"kind": "flower", "player": "2", "count": "-1"}, "How many tiles? Enter 1 or more."),
    ({"kind": "flower", "player": "2", "count": "x"}, "How many tiles? Enter a number, like 1."),
    ({"kind": "chase", "player": "4"}, "Choose one of the four players."),
    ({"kind": "bribe", "player": "1"}, "Choose which payment it is."),
])
def test_spot_fields(client, make_session, fields, message):
    session = make_session("taiwan")
    response = client.post(f"/sessions/{session.pk}/spot/", {**fields, "revision": rev(session)})

    assert response.status_code == 422 and message in body(response)
    assert Hand.objects.count() == 0


def test_a_share_label_too_long(client, make_session):
    session = make_session()
    response = client.post(f"/sessions/{session.pk}/share/", {"action": "create", "role": "viewer",
                                                              "label": "x" * 41})

    assert response.status_code == 422 and "Keep it to 40 characters." in body(response)


# -- markup in names is text ------------------------------------------------------------------------------
def test_script_names_are_escaped_everywhere(client, guest):
    response = new_session(client, east=SCRIPT, south='"><img src=x onerror=alert(2)>')
    session = Session.objects.get()
    assert response.status_code == 302
    hand = record_win(session=session, entry=entry_of(
        winner=0, how=1, mode="figure", figure=8, note=SCRIPT))
    services.spot_record(session=session, entry=HandInput(Hand.Kind.SPOT, spot_kind="failed_peng", spot_player=1,
                                                          spot_to=0))
    gone = services.draw_record(session=session, entry=HandInput(Hand.Kind.DRAW, note=SCRIPT))
    services.hand_delete(hand=gone)
    services.share_link_create(session=session, role="viewer", label=SCRIPT)
    stale = str(Session.objects.get().revision)
    services.draw_record(session=session, entry=HandInput(Hand.Kind.DRAW))
    pk, win_post = session.pk, {"winner": "0", "how": "1", "mode": "tiles", "concealed": "123m"}
    pages = {
        "home": client.get("/"),
        "session": client.get(f"/sessions/{pk}/"),
        "session partial": client.get(f"/sessions/{pk}/", **HX),
        "win": client.get(f"/sessions/{pk}/win/"),
        "win partial": client.post(f"/sessions/{pk}/win/", {**win_post, "action": "add:4m"}, **HX),
        "preview partial": client.post(f"/sessions/{pk}/win/preview/", {**win_post, "mode": "figure", "figure": "8"},
                                       **HX),
        "changed notice": client.post(f"/sessions/{pk}/win/", {**win_post, "action": "save", "revision": stale}),
        "draw": client.get(f"/sessions/{pk}/draw/"),
        "spot": client.get(f"/sessions/{pk}/spot/"),
        "history": client.get(f"/sessions/{pk}/history/"),
        "history partial": client.get(f"/sessions/{pk}/history/", **HX),
        "edit": client.get(f"/hands/{hand.pk}/edit/"),
        "delete": client.get(f"/hands/{hand.pk}/delete/"),
        "settle": client.get(f"/sessions/{pk}/settle/"),
        "share": client.get(f"/sessions/{pk}/share/"),
    }
    for name, response in pages.items():
        html = body(response)
        assert response.status_code in (200, 409), name
        assert "<script>alert" not in html and "<img src=x" not in html, name
        assert name == "draw" or "&lt;script&gt;alert(1)&lt;/script&gt;" in html, name  # the draw names no one


# -- oversized -----------------------------------------------------------------------------------------------
MEGABYTE = "x" * (1024 * 1024)


@pytest.mark.parametrize("url", ["/sessions/new/", "/sessions/{s}/win/", "/sessions/{s}/win/preview/",
                                 "/sessions/{s}/draw/", "/accounts/login/", "/accounts/signup/"])
def test_a_megabyte_post_is_a_400(client, make_session, url):
    session = make_session()
    response = client.post(url.format(s=session.pk), {"note": MEGABYTE, "east": MEGABYTE})

    assert response.status_code == 400
    assert Hand.objects.count() == 0 and Session.objects.count() == 1


def test_a_megabyte_file_is_a_400_too(client, make_session):
    from django.core.files.uploadedfile import SimpleUploadedFile

    session = make_session()
    response = client.post(f"/sessions/{session.pk}/draw/", {"note": "", "file": SimpleUploadedFile("a", b"x" * 2**20)})

    assert response.status_code == 400


def test_too_many_fields_is_a_400(client, make_session):
    session = make_session()
    response = client.post(f"/sessions/{session.pk}/win/", {f"f{i}": "1" for i in range(1000)})

    assert response.status_code == 400


def test_a_big_but_fair_win_form_goes_through(client, make_session):
    """The limits leave room for the biggest real form: taizhou with every loser's tiles and melds."""
    session = make_session("taizhou")
    data = {"mode": "tiles", "concealed": "1m" * 50, "action": "refresh"}
    for seat in range(4):
        data |= {f"loser_concealed_{seat}": "9p" * 50, f"loser_points_{seat}": "12"}
    response = client.post(f"/sessions/{session.pk}/win/", data | {"meld": ["pung 111m"] * 5})

    assert response.status_code == 200


def test_nul_characters_never_reach_the_database(client, make_session):
    session = make_session()
    save_win(client, session, note="a\x00b")
    refused = new_session(client, east="A\x00nn")

    assert Hand.objects.get().note == "ab"
    assert refused.status_code == 422 and "Null characters are not allowed." in body(refused)
    assert all("\x00" not in name for name in Player.objects.values_list("name", flat=True))


def test_unknown_pages_are_404_not_500(client: Client):
    for url in ("/t/%00/", "/t/" + "a" * 500 + "/", "/sessions/new/?ruleset=" + "x" * 2000,
                "/sessions/1/history/?page=" + "9" * 50, "/rules/" + "x" * 300 + "/"):
        assert client.get(url).status_code in (200, 302, 404), url
