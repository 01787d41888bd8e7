"""The screens past the table: the chart, a player's page, CSV and backup downloads, importing a
backup, and quick entry with its help page. Each new address is a 404 for a stranger."""
from __future__ import annotations

import csv
import io
import json
import re
import uuid

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from scorekeeper.tables import services
from scorekeeper.tables.models import Hand, Player, Session
from scorekeeper.tables.replay import forget_all

from web_helpers import rev


def played(make_session, win, **kwargs):
    """A zung-jung session of three hands: Bob wins on Cy's discard, Ann self-draws, a draw."""
    session = make_session(**kwargs)
    win(session, 1, 2, figure=30)
    win(session, 0, "self", figure=10)
    services.hand_record_draw(session=session)
    return session


def balances(response) -> list[str]:
    """The four balances as the session page shows them, in seat order."""
    html = response.content.decode()
    seats = html.split('class="seats"', 1)[1].split("</ol>", 1)[0]
    return re.findall(r'<span class="balance [a-z]+">([^<]*)', seats)


def player_pk(name: str, owner: str = "ann") -> int:
    """Each account has its own players: Ann's table's player of that name by default."""
    return Player.objects.get(name=name, owner__username=owner).pk


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


# -- a player's page -------------------------------------------------------------------------------
def test_the_session_page_links_each_name_to_the_players_page(client, make_session, win):
    session = played(make_session, win)

    for page in (f"/sessions/{session.pk}/", f"/sessions/{session.pk}/settle/"):
        assert f'href="/players/{player_pk("Bob")}/"' in client.get(page).content.decode()


def test_the_players_page_counts_wins_self_draws_deal_ins_and_the_net(client, make_session, win):
    played(make_session, win)
    played(make_session, win)

    response = client.get(f"/players/{player_pk('Ann')}/")

    assert response.status_code == 200
    html = response.content.decode()
    assert "Over 2 sessions you can open." in html
    stats = re.findall(r'<span class="stat-figure">(\d+)</span> ([a-z -]+)', html)
    assert stats == [("6", "hands played"), ("2", "hands won "), ("2", "self-draws"), ("0", "deal-ins")]
    assert '<dd class="balance up">+' in html  # Ann's net over both sessions
    cy = client.get(f"/players/{player_pk('Cy')}/").content.decode()
    assert re.search(r'<span class="stat-figure">2</span> deal-ins', cy)
    assert re.search(r'<span class="stat-figure">0</span> hands won', cy)


def test_the_players_page_counts_only_the_sessions_the_visitor_may_open(client, stranger, make_session, win,
                                                                         django_user_model):
    played(make_session, win)
    eve = django_user_model.objects.get(username="eve")
    played(make_session, win, owned_by=eve)  # Ann played at Eve's table too, on Eve's phone

    mine = client.get(f"/players/{player_pk('Ann')}/").content.decode()
    hers = stranger.get(f"/players/{player_pk('Ann', owner='eve')}/").content.decode()

    assert "Over 1 session you can open." in mine and "Over 1 session you can open." in hers
    # each table's Ann is its own: Eve cannot open the page of the owner's Ann
    assert stranger.get(f"/players/{player_pk('Ann')}/").status_code == 404


def test_a_stranger_gets_a_404_for_a_player_of_sessions_they_cannot_open(stranger, anonymous, make_session, win):
    played(make_session, win)

    assert stranger.get(f"/players/{player_pk('Ann')}/").status_code == 404
    assert anonymous.get(f"/players/{player_pk('Ann')}/").status_code == 404
    assert anonymous.get("/players/999999/").status_code == 404
    assert anonymous.get(f"/players/{2**63}/").status_code == 404


def test_a_share_link_visitor_sees_the_player_over_the_shared_session_only(client, guest, make_session, win):
    shared = played(make_session, win)
    played(make_session, win)  # not shared
    guest.follow_link(services.share_link_create(session=shared, role="viewer"))

    html = guest.get(f"/players/{player_pk('Bob')}/").content.decode()

    assert "Over 1 session you can open." in html
    assert f'href="/sessions/{shared.pk}/"' in html


# -- export --------------------------------------------------------------------------------------
def test_the_csv_download_has_a_bom_a_row_per_hand_and_the_balances(client, make_session, win):
    session = played(make_session, win)

    response = client.get(f"/sessions/{session.pk}/export.csv")

    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"].startswith('attachment; filename="mahjong-zung-jung-')
    body = response.content.decode("utf-8")
    assert body.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(body[1:])))
    assert [row[2] for row in rows[1:]] == ["win", "win", "draw", "still owed"]  # a tab: owed is the balances
    assert rows[0][-5:-1] == ["Ann balance", "Bob balance", "Cy balance", "Di balance"]
    assert rows[-1][-5:-1] == rows[-2][-5:-1]


def test_the_backup_download_is_the_sessions_json(client, make_session, win):
    session = played(make_session, win)

    response = client.get(f"/sessions/{session.pk}/backup.json")

    assert response.status_code == 200 and response["Content-Disposition"].endswith('.json"')
    data = json.loads(response.content)
    assert data["players"] == ["Ann", "Bob", "Cy", "Di"] and len(data["hands"]) == 3


# -- import: the round trip through the screens -----------------------------------------------------
def test_a_downloaded_backup_imports_as_a_new_session_with_the_same_balances(client, make_session, win):
    session = played(make_session, win, stakes={"per_point": "2"})
    services.session_finish(session=session)
    backup = client.get(f"/sessions/{session.pk}/backup.json").content
    before = balances(client.get(f"/sessions/{session.pk}/"))

    response = client.post("/sessions/import/", {"backup": SimpleUploadedFile("b.json", backup, "application/json")})

    restored = Session.objects.exclude(pk=session.pk).get()
    assert response.status_code == 302 and response["Location"] == f"/sessions/{restored.pk}/"
    forget_all()  # the new page is read from the stored hands, not a cached replay
    page = client.get(response["Location"])
    assert "Session imported" in page.content.decode()
    assert balances(page) == before and before != ["0", "0", "0", "0"]
    assert restored.owner.username == "ann" and not restored.is_open


def test_an_import_refused_says_why_beside_the_field_and_creates_nothing(client, make_session, win):
    session = played(make_session, win)
    data = json.loads(client.get(f"/sessions/{session.pk}/backup.json").content)
    data["hands"][0]["winner"] = 7

    response = client.post("/sessions/import/", {
        "backup": SimpleUploadedFile("b.json", json.dumps(data).encode(), "application/json")})

    assert response.status_code == 422
    html = response.content.decode()
    assert 'id="backup-error"' in html and "Hand 1 of the backup: winner should be a seat from 0" in html
    assert Session.objects.count() == 1


@pytest.mark.parametrize("content, message", [
    (b"", "This file is empty"),
    (b"\xff\xfe\x00garbage", "This file is not text"),
    (b"hello", "it is not JSON"),
    (b'{"format": "something else"}', "This is not a session backup"),
])
def test_a_file_that_is_no_backup_is_refused_plainly(client, content, message):
    response = client.post("/sessions/import/", {"backup": SimpleUploadedFile("b.json", content)})

    assert response.status_code == 422 and message in response.content.decode()
    assert not Session.objects.exists()


def test_importing_needs_an_account(anonymous):
    assert anonymous.get("/sessions/import/")["Location"].startswith("/accounts/login/")
    assert anonymous.post("/sessions/import/", {})["Location"].startswith("/accounts/login/")


def test_the_home_page_offers_the_import(client):
    assert 'href="/sessions/import/"' in client.get("/").content.decode()


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
