"""A session's CSV and backup downloads and a backup's import (views/exports.py), through the screens."""
from __future__ import annotations

import csv
import io
import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from scorekeeper.tables import services
from scorekeeper.tables.models import Session
from scorekeeper.tables.replay import forget_all

from web_helpers import played


def balances(response) -> list[str]:
    """The four balances as the session page shows them, in seat order."""
    html = response.content.decode()
    seats = html.split('class="seats"', 1)[1].split("</ol>", 1)[0]
    return re.findall(r'<span class="balance [a-z]+">([^<]*)', seats)


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
