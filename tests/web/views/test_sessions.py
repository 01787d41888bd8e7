"""Screens: full pages normally, only the partial for HTMX; every write works as a plain form post."""
import re

import pytest
from django.utils.html import escape

from scorekeeper.engine import RULESET_KEYS, get_ruleset
from scorekeeper.tables import services
from scorekeeper.tables.models import Hand, Session

from web_helpers import ZJ_TILES, figure_shown, rev

HX = {"HTTP_HX_REQUEST": "true"}


def page(response) -> str:
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def field(html: str, name: str) -> str:
    match = re.search(rf'name="{name}" value="([^"]*)"', html)
    return match.group(1) if match else ""


def test_home_lists_open_sessions_before_finished(client, make_session):
    open_one = make_session(names=["Ann", "Bob", "Cy", "Di"])
    done = make_session(names=["Eve", "Fay", "Gus", "Hal"])
    services.session_finish(session=done)
    html = page(client.get("/"))

    assert html.index("Ann, Bob, Cy, Di") < html.index("Finished") < html.index("Eve, Fay, Gus, Hal")
    assert f'href="/sessions/{open_one.pk}/"' in html


def test_new_session_first_asks_for_the_ruleset(client, db):
    html = page(client.get("/sessions/new/"))

    for key in RULESET_KEYS:
        assert f"?ruleset={key}" in html
        assert escape(get_ruleset(key).description) in html


def test_new_session_form_shows_the_ruleset_stakes_and_options(client, db):
    html = page(client.get("/sessions/new/?ruleset=taiwan"))

    assert 'name="stake_base" value="10"' in html
    assert 'name="stake_per_fan" value="1"' in html
    zj = page(client.get("/sessions/new/?ruleset=zung-jung"))
    assert 'name="option_payoff"' in zj and 'name="option_chicken"' in zj


def test_new_session_creates_it(client, db):
    response = client.post("/sessions/new/", {
        "ruleset": "taiwan", "east": "Ann", "south": "Bob", "west": "Cy", "north": "Di", "first_dealer": "2",
        "stake_base": "20", "stake_per_fan": "5", "stake_unit": "", "stake_flower_units": "1",
        "stake_grass_units": "2",
    })
    session = Session.objects.get()

    assert response.status_code == 302 and response["Location"] == f"/sessions/{session.pk}/"
    assert session.first_dealer == 2
    assert session.stakes == {"base": "20", "per_fan": "5", "flower_units": "1", "grass_units": "2"}


def test_new_session_errors_beside_the_fields(client, db):
    response = client.post("/sessions/new/", {
        "ruleset": "taiwan", "east": "Ann", "south": "ann", "west": "", "north": "Di", "first_dealer": "0",
        "stake_base": "ten", "stake_per_fan": "1", "stake_flower_units": "1", "stake_grass_units": "2",
    })
    assert response.status_code == 422  # refused, with the reasons beside the fields
    html = response.content.decode()

    assert "Ann already sits at East" in html
    assert "Enter the player&#x27;s name." in html
    assert "Enter an amount like 10 or 2.50." in html
    assert 'value="Ann"' in html and 'value="Di"' in html  # nothing typed is lost
    assert Session.objects.count() == 0


def test_session_page_and_its_partial(client, make_session, win):
    session = make_session()
    win(session, 1, "self", figure=20)
    full = page(client.get(f"/sessions/{session.pk}/"))
    partial = page(client.get(f"/sessions/{session.pk}/", **HX))

    assert "<html" in full and "<html" not in partial
    assert partial.lstrip().startswith('<div id="standings" ')
    assert "+60" in partial and "Bob won self-drawn" in partial


def test_taiwan_session_page_has_the_spot_button_and_debts(client, make_session, win):
    session = make_session("taiwan")
    win(session, 0, "self", figure=13)
    html = page(client.get(f"/sessions/{session.pk}/"))

    assert "On the spot" in html
    assert 'class="seat-debts"' in html and "owes Ann" in html  # on the seat cards


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


def test_history_lists_hands_with_payments(client, make_session, win):
    session = make_session()
    win(session, 1, 2, figure=70)
    services.hand_record_draw(session=session)
    html = page(client.get(f"/sessions/{session.pk}/history/"))

    assert "Cy → Bob" in html.replace('<span aria-label="owes">→</span>', "→")
    assert "Draw" in html and "Edit" in html and "Delete" in html


def test_history_partial(client, make_session):
    html = page(client.get(f"/sessions/{make_session().pk}/history/", **HX))

    assert html.lstrip().startswith('<div id="history-list">')


def test_edit_a_win_then_history_says_what_changed(client, make_session, win):
    session = make_session("taiwan")
    first = win(session, 0, "self", figure=5)
    win(session, 0, 1, figure=5)
    url = f"/hands/{first.pk}/edit/"
    html = page(client.get(url))
    assert figure_shown(html) == "5" and "Edit hand 1" in html

    response = client.post(url, {"winner": "2", "how": "self", "mode": "figure", "figure": "5",
                                 "figure_field": "fan", "action": "save", "revision": field(html, "revision")},
                           follow=True)
    text = response.content.decode()
    assert "Hand 1 changed." in text
    assert "What changed after it" in text and "Hand 2: dealer now Bob" in text


def test_edit_a_draw_and_a_spot(client, make_session):
    session = make_session("taiwan")
    draw = services.hand_record_draw(session=session)
    spot = services.hand_record_spot(session=session, kind="chase", player=1)

    assert client.post(f"/hands/{draw.pk}/edit/", {"note": "late", "revision": rev(session)}).status_code == 302
    assert client.post(f"/hands/{spot.pk}/edit/", {"kind": "chase", "player": "3",
                                                   "revision": rev(session)}).status_code == 302
    spot.refresh_from_db()
    assert spot.spot_player == 3


def test_delete_asks_first_then_replays(client, make_session, win):
    session = make_session()
    hand = win(session, 1, 2, figure=10)
    assert "Delete hand 1?" in page(client.get(f"/hands/{hand.pk}/delete/"))

    response = client.post(f"/hands/{hand.pk}/delete/", {"revision": rev(session)}, follow=True)
    assert "Hand 1 deleted." in response.content.decode()
    assert Hand.objects.live().count() == 0


def test_settle_up_and_finish(client, make_session, win):
    session = make_session()
    win(session, 1, 2, figure=70)
    html = page(client.get(f"/sessions/{session.pk}/settle/"))
    assert "Finish session" in html and "Cy" in html

    client.post(f"/sessions/{session.pk}/settle/", {"action": "finish"})
    session.refresh_from_db()
    assert not session.is_open
    assert client.get(f"/sessions/{session.pk}/win/").status_code == 302  # back to the session, with a message
    client.post(f"/sessions/{session.pk}/settle/", {"action": "reopen"})
    session.refresh_from_db()
    assert session.is_open


@pytest.mark.parametrize("key", ["taiwan", "zung-jung", "hk-old", "taizhou", "fujian"])
def test_rules_page_is_the_engine_table(client, db, key):
    html = page(client.get(f"/rules/{key}/"))

    for row in get_ruleset(key).describe()["patterns"]:
        assert escape(row["name"]) in html and row["name_zh"] in html


@pytest.mark.parametrize("key", ["taiwan", "zung-jung", "hk-old", "taizhou", "fujian"])
def test_each_ruleset_win_page_opens(client, make_session, key):
    session = make_session(key)
    html = page(client.get(f"/sessions/{session.pk}/win/"))

    assert "Who won?" in html
    assert page(client.post(f"/sessions/{session.pk}/win/", {"action": "mode:figure"}))


def test_unknown_things_are_404(client, db):
    assert client.get("/sessions/999/").status_code == 404
    assert client.get("/hands/999/edit/").status_code == 404
    assert client.get("/rules/nope/").status_code == 404


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


@pytest.mark.parametrize("hands", [2, 20])
def test_screens_cost_the_same_queries_however_long_the_session(client, make_session, win, hands,
                                                               django_assert_max_num_queries):
    session = make_session()
    for i in range(hands):
        win(session, i % 4, "self", figure=5)
    client.get(f"/sessions/{session.pk}/")  # the replay is cached from here on
    # Each request also reads the visitor's Django session and user (2): who may see what.
    with django_assert_max_num_queries(2 + 2):
        client.get(f"/sessions/{session.pk}/")
    with django_assert_max_num_queries(2 + 1):
        client.post(f"/sessions/{session.pk}/win/preview/", {"winner": "1", "how": "2", "mode": "tiles",
                                                             **ZJ_TILES}, **HX)
    with django_assert_max_num_queries(2 + 4):
        client.get(f"/sessions/{session.pk}/history/")


def test_golds_in_the_hand_are_drawn_as_wilds_and_can_be_taken_out(client, make_session):
    session = make_session("fujian")
    url = f"/sessions/{session.pk}/win/"
    html = page(client.post(url, {"mode": "tiles", "concealed": "123m9s", "wild": "9s", "action": "refresh"}))
    assert "9 bamboo (wild)" in html and 'value="remove:hand:9s"' in html

    html = page(client.post(url, {"mode": "tiles", "concealed": "123m9s", "wild": "9s", "action": "remove:hand:9s"}))
    assert 'name="concealed" value="123m"' in html
