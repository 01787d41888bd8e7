"""The home page, a new session and the session screen (views/sessions.py): full pages normally, only the
partial for HTMX, every write a plain form post; the balance chart on the session and history pages."""
from __future__ import annotations

import pytest
from django.utils.html import escape

from scorekeeper.engine import RULESET_KEYS, get_ruleset
from scorekeeper.tables import services
from scorekeeper.tables.models import Session

from web_helpers import HX, ZJ_TILES, page, played


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


def test_unknown_things_are_404(client, db):
    assert client.get("/sessions/999/").status_code == 404
    assert client.get("/hands/999/edit/").status_code == 404
    assert client.get("/rules/nope/").status_code == 404


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


# -- the chart ----------------------------------------------------------------------------------
@pytest.mark.parametrize("page", ["session", "history"])
def test_the_session_and_history_pages_draw_the_balance_chart(client, make_session, win, page):
    session = played(make_session, win)

    html = client.get(f"/sessions/{session.pk}/" + ("history/" if page == "history" else "")).content.decode()

    chart = html.split('id="balance-chart"', 1)[1].split("</section>", 1)[0]
    assert "<svg" in chart and chart.count("<polyline") == 4
    assert "Running balances after 3 hands: Ann +" in chart  # the text alternative names every final balance


def test_a_new_session_shows_no_empty_chart(client, make_session):
    session = make_session()

    assert 'id="balance-chart"' not in client.get(f"/sessions/{session.pk}/").content.decode()
