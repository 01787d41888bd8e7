"""Quick entry and its help page (views/quick_entry.py): one hand a line, checked, saved all together or not at
all; each session address a 404 for a stranger."""
from __future__ import annotations

import re
import uuid

import pytest

from scorekeeper.tables import services
from scorekeeper.tables.models import Hand

from web_helpers import played, rev


# -- quick entry -----------------------------------------------------------------------------------
def quick(client, session, text, action, token=None, revision=None, **headers):
    return client.post(f"/sessions/{session.pk}/quick/", {
        "text": text, "action": action, "token": token or str(uuid.uuid4()),
        "revision": revision or rev(session)}, **headers)


def test_the_session_page_links_to_quick_entry_and_the_form_to_its_help(client, make_session):
    session = make_session()

    assert f'href="/sessions/{session.pk}/quick/"' in client.get(f"/sessions/{session.pk}/").content.decode()
    form = client.get(f"/sessions/{session.pk}/quick/").content.decode()
    assert f'href="/help/quick-entry/?session={session.pk}"' in form
    assert 'name="token"' in form and f'value="{rev(session)}"' in form


def test_check_shows_each_line_and_the_balances_after_and_saves_nothing(client, make_session):
    session = make_session(stakes={"per_point": "1"})

    response = quick(client, session, "W2 d3 30\nD\nW1 s 10", "check")

    assert response.status_code == 200
    html = response.content.decode()
    assert "All 3 lines read well" in html
    assert "Bob won on Cy&#x27;s discard" in html and "Ann won self-drawn" in html
    assert "Balances after these hands" in html
    assert not Hand.objects.exists()


def test_check_names_each_bad_line_and_saves_nothing(client, make_session):
    session = make_session()

    response = quick(client, session, "W2 d3 30\nW5 d3 8\nW1 d1 8", "check")

    assert response.status_code == 422
    html = response.content.decode()
    assert "2 problems: nothing was saved" in html
    assert "line 2: seat 5 does not exist" in html and "line 3: seat 1 cannot win on their own discard" in html
    assert not Hand.objects.exists()


def test_save_all_records_every_line_in_order(client, make_session):
    session = make_session()

    response = quick(client, session, "W2 d3 30\nD\nW1 s 10", "save")

    assert response.status_code == 302 and response["Location"] == f"/sessions/{session.pk}/"
    assert [h.kind for h in session.hands.order_by("position")] == ["win", "draw", "win"]
    assert "3 hands saved." in client.get(response["Location"]).content.decode()


def test_save_all_with_one_bad_line_saves_none(client, make_session, win):
    session = make_session()
    win(session, 1, 2, figure=30)
    revision = rev(session)

    response = quick(client, session, "W2 d3 30\nD\nW3 d3 8\nW1 s 10", "save")

    assert response.status_code == 422 and "line 3: seat 3 cannot win on their own discard" in response.content.decode()
    assert session.hands.count() == 1 and rev(session) == revision


def test_save_all_sent_twice_saves_once(client, make_session):
    session = make_session()
    token, revision = str(uuid.uuid4()), rev(session)

    first = quick(client, session, "W2 d3 30\nD", "save", token=token, revision=revision)
    again = quick(client, session, "W2 d3 30\nD", "save", token=token, revision=revision)

    assert first.status_code == again.status_code == 302
    assert session.hands.count() == 2


def test_save_all_after_another_phone_saved_shows_the_latest_and_keeps_the_text(client, make_session, win):
    session = make_session()
    revision = rev(session)
    win(session, 3, "self", figure=20)  # another phone

    response = quick(client, session, "W2 d3 30", "save", revision=revision)

    assert response.status_code == 409
    html = response.content.decode()
    assert "The session changed" in html and "W2 d3 30</textarea>" in html
    assert f'value="{rev(session)}"' in html  # saving again goes through
    assert session.hands.count() == 1


def test_quick_entry_over_htmx_swaps_the_form(client, make_session):
    session = make_session()

    response = quick(client, session, "W9", "check", HTTP_HX_REQUEST="true")

    html = response.content.decode()
    assert response.status_code == 200 and html.lstrip().startswith('<form id="quick-form"')
    assert "seat 9 does not exist" in html
    saved = quick(client, session, "D", "save", HTTP_HX_REQUEST="true")
    assert saved["HX-Redirect"] == f"/sessions/{session.pk}/"


def test_a_finished_session_takes_no_quick_entry(client, make_session):
    session = make_session()
    services.session_finish(session=session)

    response = quick(client, session, "D", "save")

    assert response.status_code == 302 and response["Location"] == f"/sessions/{session.pk}/"
    assert not Hand.objects.exists()


def test_the_help_page_names_the_tables_seats_only_for_those_who_may_see_them(client, stranger, make_session):
    session = make_session()

    general = stranger.get(f"/help/quick-entry/?session={session.pk}")
    mine = client.get(f"/help/quick-entry/?session={session.pk}")

    assert general.status_code == mine.status_code == 200
    assert "At this table" not in general.content.decode() and "Bob" not in general.content.decode()
    assert "At this table" in mine.content.decode() and f'href="/sessions/{session.pk}/quick/"' in mine.content.decode()


# -- who may open what -------------------------------------------------------------------------------
@pytest.mark.parametrize("path", ["quick/", "export.csv", "backup.json"])
def test_a_stranger_gets_a_404_for_each_session_address(stranger, anonymous, make_session, path):
    session = make_session()

    for visitor in (stranger, anonymous):
        assert visitor.get(f"/sessions/{session.pk}/{path}").status_code == 404
    assert stranger.post(f"/sessions/{session.pk}/quick/", {"text": "D", "action": "save"}).status_code == 404
    assert not Hand.objects.exists()


def test_a_viewer_may_download_but_not_use_quick_entry(guest, make_session, win):
    session = played(make_session, win)
    guest.follow_link(services.share_link_create(session=session, role="viewer"))

    assert guest.get(f"/sessions/{session.pk}/export.csv").status_code == 200
    assert guest.get(f"/sessions/{session.pk}/backup.json").status_code == 200
    assert guest.get(f"/sessions/{session.pk}/quick/").status_code == 404
    assert f'href="/sessions/{session.pk}/quick/"' not in guest.get(f"/sessions/{session.pk}/").content.decode()


def test_a_scorer_link_may_use_quick_entry(guest, make_session):
    session = make_session()
    guest.follow_link(services.share_link_create(session=session, role="scorer"))

    assert quick(guest, session, "D", "save").status_code == 302
    assert session.hands.count() == 1


def test_a_line_the_engine_refuses_is_marked_on_its_line_and_nothing_is_saved(client, make_session, monkeypatch):
    from scorekeeper.tables.hand_input import HandInput
    session = make_session()
    settle_entry = HandInput.settle_entry

    def unlucky(hand, ruleset):  # the engine refuses an unknown field: as it would any bad hand
        given = settle_entry(hand, ruleset)
        return given | {"unlucky": True} if given.get("points") == 13 else given
    monkeypatch.setattr(HandInput, "settle_entry", unlucky)

    response = quick(client, session, "W2 d3 8\nW2 13\nD", "save")

    html = response.content.decode()
    assert response.status_code == 422 and "1 problem: nothing was saved" in html
    bad = re.findall(r'<li class="quick-line quick-line-bad">.*?</li>', html, re.S)
    assert len(bad) == 1 and "<code>W2 13</code>" in bad[0] and "unlucky" in bad[0]
    assert not Hand.objects.exists()


def test_check_names_every_winner_of_several_on_one_discard(client, make_session):
    session = make_session("taiwan", options={"several_winners": True}, stakes={"base": "10", "per_fan": "1"})

    html = quick(client, session, "W2 d3 8 + W4 5", "check").content.decode()

    assert "Bob and Di won on Cy&#x27;s discard" in html
    assert "Bob, 8 fan: 18 from Cy" in html and "Di, 5 fan: 15 from Cy, carries the 拉 chain" in html  # nearest
    assert not Hand.objects.exists()


def test_a_several_winners_line_on_a_table_playing_one_winner_is_refused_in_its_words(client, make_session):
    session = make_session("taiwan")
    client.cookies["django_language"] = "zh-hant"

    response = quick(client, session, "W2 d3 8 + W4 5", "check", HTTP_ACCEPT_LANGUAGE="zh-hant")

    assert response.status_code == 422 and "這枱打截糊（一炮多響的家規沒有開）" in response.content.decode()
    assert not Hand.objects.exists()
