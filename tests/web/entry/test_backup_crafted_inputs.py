"""Three crafted inputs that answered 500 (issue 35.21) get the refusal their form gives: a queue nested
5,000 deep, a backup finished in year 1 at +14:00 or playing 9,999 hands and four rounds at once, and a
"Same table again" form sent again to another finished session of the same guest."""
from __future__ import annotations

import copy
import json
import uuid

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from scorekeeper.tables.models import Session
from scorekeeper.tables.selectors import session_backup

from web_helpers import ACCEPT, rev

NEW_SESSION = {"ruleset": "hk-old", "east": "Ann", "south": "Bob", "west": "Cy", "north": "Di",
               "first_dealer": "0", "stake_per_point": "2", "option_classical_extras": "false"}


def test_a_queue_nested_5000_deep_is_refused_as_the_import_refuses_it(client, make_session):
    session = make_session()

    response = client.post(f"/sessions/{session.pk}/queue/", "[" * 5000 + "]" * 5000,
                           content_type="application/json")

    assert response.status_code == 400
    assert "nested far too deep" in response.json()["error"]
    assert not session.hands.exists()


@pytest.fixture
def backup(make_session, win):
    session = make_session("zung-jung")
    win(session, 1, 2, figure=40)
    return session_backup(session=Session.objects.get(pk=session.pk))


def import_refused(client, backup, words, **fields):
    data = copy.deepcopy(backup) | fields
    response = client.post("/sessions/import/",
                           {"backup": SimpleUploadedFile("b.json", json.dumps(data).encode())})
    page = response.content.decode()
    assert response.status_code == 422, page[-600:]
    assert words in page
    assert Session.objects.count() == 1


@pytest.mark.parametrize("when", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00", "2026-13-01T00:00:00",
                                  "1970-01-01T00:00:00+00:00"])
def test_a_backup_finished_out_of_any_calendar_a_table_uses_is_refused(client, backup, when):
    import_refused(client, backup, "is no time a table finished at", status="finished", finished_at=when)


def test_a_backup_finished_last_night_still_imports(client, backup):
    data = copy.deepcopy(backup) | {"status": "finished", "finished_at": "2026-11-28T23:30:00+08:00"}
    response = client.post("/sessions/import/", {"backup": SimpleUploadedFile("b.json", json.dumps(data).encode())})
    assert response.status_code == 302
    assert Session.objects.latest("pk").finished_at.isoformat() == "2026-11-28T15:30:00+00:00"


def test_a_backup_is_held_to_the_lengths_the_form_offers(client, backup):
    import_refused(client, backup, "one of &#x27;length_rounds&#x27; and &#x27;length_hands&#x27; should be null",
                   length_rounds=4, length_hands=999)
    import_refused(client, backup, "should be a whole number from 1 to 999", length_hands=9999)
    import_refused(client, backup, "should be 1, 4 or null", length_rounds=3)


REUSED = {"en": "This form already started a session from another table: nothing new was started.",
          "zh-hant": "這個表格已經從另一桌開了一局：這次沒有開新的一局。",
          "zh-hans": "这个表格已经从另一桌开了一局：这次没有开新的一局。"}


@pytest.mark.parametrize("language", ["en", "zh-hant", "zh-hans"])
def test_same_table_again_sent_again_to_another_finished_session_is_refused(anonymous, language):
    tables = []
    for names in (NEW_SESSION, NEW_SESSION | {"east": "Eve"}):
        assert anonymous.post("/sessions/new/", names).status_code == 302
        tables.append(Session.objects.latest("pk"))
        anonymous.post(f"/sessions/{tables[-1].pk}/settle/", {"action": "finish"})
    token = str(uuid.uuid4())
    assert anonymous.post(f"/sessions/{tables[0].pk}/again/", {"token": token}).status_code == 302

    response = anonymous.post(f"/sessions/{tables[1].pk}/again/", {"token": token, "revision": rev(tables[1])},
                              HTTP_ACCEPT_LANGUAGE=ACCEPT[language])

    assert response.status_code == 409
    assert REUSED[language] in response.content.decode()
    assert Session.objects.count() == 3
