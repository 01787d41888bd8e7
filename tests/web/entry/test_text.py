"""Names and notes as people type them (issue 20, point 6; entry.text): one Unicode form (NFC), so "é"
typed either way is one player; joiners inside a word are writing (Persian, Sinhala, emoji families),
while control and invisible characters (NUL, BEL, bidi overrides) are refused in every way a name or a
note comes in: the forms, the win form, the offline queue and a backup. A backup's figures are held to
what the forms take."""
from __future__ import annotations

import copy
import json
import unicodedata
import uuid

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from scorekeeper.tables.entry.text import is_clean
from scorekeeper.tables.models import Hand, Player, Session
from scorekeeper.tables.selectors import session_backup

from web_helpers import rev

PERSIAN = "نیک\u200cنام"  # a name written with a zero-width non-joiner inside it
SINHALA = "ශ්\u200dරී"  # a conjunct made with the zero-width joiner
FAMILY = "👨\u200d👩\u200d👧"
SCOTLAND = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
BAD = ["Bob\x00", "Bob\x07", "\u202eBob", "B\u200bob", "\u200dBob", "Bob\u200d", "Bo \u200d b", "Bob\ufeff",
       "Bob\u2028"]


@pytest.mark.parametrize("text", [PERSIAN, SINHALA, FAMILY, SCOTLAND, "Zoë", "李小龍", "O'Neil-Smith"])
def test_what_people_write_is_clean(text):
    assert is_clean(text)


@pytest.mark.parametrize("text", BAD)
def test_controls_and_invisible_characters_are_not(text):
    assert not is_clean(text)


def new_session(client, names):
    data = {"ruleset": "hk-old", "first_dealer": "0", "stake_per_point": "1", "option_classical_extras": "false"}
    data.update(zip(("east", "south", "west", "north"), names))
    return client.post("/sessions/new/", data)


@pytest.mark.parametrize("name", [PERSIAN, SINHALA, FAMILY])
def test_names_with_joiners_inside_a_word_start_a_session(client, name):
    response = new_session(client, [name, "Bob", "Cy", "Di"])
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Session.objects.get().east.name == name


def test_e_acute_typed_two_ways_is_one_player(client):
    composed, decomposed = "Ren\u00e9", "Rene\u0301"
    response = new_session(client, [composed, decomposed, "Cy", "Di"])
    assert response.status_code == 422
    assert "already sits at East" in response.content.decode()
    assert new_session(client, [decomposed, "Bob", "Cy", "Di"]).status_code == 302
    assert new_session(client, [composed, "Bob", "Cy", "Di"]).status_code == 302
    assert [p.name for p in Player.objects.filter(name__startswith="Ren")] == [composed]  # one player, in NFC


@pytest.fixture
def backup(make_session, win):
    session = make_session("taiwan")
    win(session, 1, 2, figure=4)
    return session_backup(session=Session.objects.get(pk=session.pk))


def upload(client, data):
    return client.post("/sessions/import/", {"backup": SimpleUploadedFile("b.json", json.dumps(data).encode())})


def with_hand(backup, **fields):
    data = copy.deepcopy(backup)
    data["hands"][0].update(fields)
    return data


@pytest.mark.parametrize("note", ["\x00", "ring\x07", "\u202egnp.exe"])
def test_a_backup_whose_note_hides_characters_is_refused_not_an_error(client, backup, note):
    response = upload(client, with_hand(backup, note=note))
    assert response.status_code == 422
    assert "Hand 1 of the backup: its note has a control or invisible character" in response.content.decode()
    assert Session.objects.count() == 1


def test_a_backups_names_and_notes_are_kept_in_one_form(client, backup):
    data = with_hand(backup, note="cafe\u0301")
    data["players"][0] = "Rene\u0301"
    assert upload(client, data).status_code == 302
    restored = Session.objects.latest("pk")
    assert restored.east.name == "Ren\u00e9" and restored.hands.get().note == "caf\u00e9"


@pytest.mark.parametrize("name", [PERSIAN, FAMILY])
def test_a_backups_names_with_joiners_are_imported(client, backup, name):
    data = copy.deepcopy(backup)
    data["players"][1] = name
    assert upload(client, data).status_code == 302


@pytest.mark.parametrize("fields, words", [
    ({"figure": 2**31 - 1}, "figure should be a whole number from 0 to 100,000"),
    ({"figure": 100_001}, "figure should be a whole number from 0 to 100,000"),
])
def test_a_backups_figure_is_held_to_what_the_win_form_takes(client, backup, fields, words):
    response = upload(client, with_hand(backup, **fields))
    assert response.status_code == 422 and words in response.content.decode()


def test_a_backups_flower_count_is_held_to_what_the_spot_form_takes(client, backup):
    spot = {**backup["hands"][0], "kind": "spot", "winner": None, "discarder": None, "figure": None,
            "figure_field": "", "spot_kind": "flower", "spot_player": 1, "spot_count": 30_000}
    data = copy.deepcopy(backup)
    data["hands"].append(spot)
    response = upload(client, data)
    assert response.status_code == 422
    assert "spot_count should be a whole number from 1 to 8" in response.content.decode()


@pytest.mark.parametrize("note", ["ring\x07", "\u202egnp.exe"])
def test_the_draw_form_refuses_hidden_characters_in_a_note(client, make_session, note):
    session = make_session()
    response = client.post(f"/sessions/{session.pk}/draw/", {"note": note, "token": str(uuid.uuid4()),
                                                              "revision": rev(session)})
    assert response.status_code == 422 and "it has a control or invisible character" in response.content.decode()
    assert not Hand.objects.exists()


@pytest.mark.parametrize("note", ["ring\x07", "\u202egnp.exe"])
def test_the_win_form_refuses_hidden_characters_in_a_note(client, make_session, note):
    session = make_session()
    response = client.post(f"/sessions/{session.pk}/win/", {
        "winner": "1", "how": "self", "mode": "figure", "figure": "40", "note": note, "action": "save",
        "token": str(uuid.uuid4()), "revision": rev(session)})
    assert response.status_code == 422 and "it has a control or invisible character" in response.content.decode()
    assert not Hand.objects.exists()


def test_the_offline_queue_refuses_hidden_characters_in_a_note(client, make_session):
    session = make_session()
    change = {"token": str(uuid.uuid4()), "kind": "draw", "fields": [["note", "\u202egnp.exe"]]}
    body = {"device": str(uuid.uuid4()), "base": rev(session), "seen_next": 1, "changes": [change]}
    answer = client.post(f"/sessions/{session.pk}/queue/", json.dumps(body), content_type="application/json").json()
    assert answer["results"][0]["status"] == "refused"
    assert "invisible character" in answer["results"][0]["message"]


def test_a_note_is_saved_in_one_form(client, make_session):
    session = make_session()
    client.post(f"/sessions/{session.pk}/draw/", {"note": "cafe\u0301", "token": str(uuid.uuid4()),
                                                  "revision": rev(session)})
    assert Hand.objects.get().note == unicodedata.normalize("NFC", "cafe\u0301")
