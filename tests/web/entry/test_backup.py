"""An import checks what the forms check: stakes, names, the version, each ruleset's hand fields, JSON
nested at any depth; and a big session's backup (1,000 hands, ~300 kB) imports."""
from __future__ import annotations

import copy
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from scorekeeper.tables.models import Hand, Session
from scorekeeper.tables.selectors import session_backup


@pytest.fixture
def backup(make_session, win):
    session = make_session("zung-jung")
    win(session, 1, 2, figure=40)
    return session_backup(session=Session.objects.get(pk=session.pk))


def upload(client, data: dict | str | bytes):
    text = data if isinstance(data, (str, bytes)) else json.dumps(data)
    raw = text.encode() if isinstance(text, str) else text
    return client.post("/sessions/import/", {"backup": SimpleUploadedFile("backup.json", raw)})


def refused(client, data, words: str) -> None:
    before = Session.objects.count()
    response = upload(client, data)
    page = response.content.decode()
    assert response.status_code == 422, page[:300]
    assert words in page
    assert Session.objects.count() == before


def changed(backup, **fields):
    data = copy.deepcopy(backup)
    data.update(fields)
    return data


def test_a_stake_of_5000_digits_is_refused_as_the_form_would(client, backup):
    refused(client, changed(backup, stakes={"per_point": "9" * 5000}), "Enter an amount like 10 or 2.50.")
    refused(client, changed(backup, stakes={"per_point": "2000000"}), "Enter at most 1,000,000.")
    refused(client, changed(backup, stakes={"per_point": "1.234"}), "Use at most two decimal places")


@pytest.mark.parametrize("name", ["Bob\x00", "\u202eBob", "B\u200bob", "Bob\x07"])
def test_names_with_control_or_invisible_characters_are_refused(client, backup, name):
    refused(client, changed(backup, players=["Ann", name, "Cy", "Di"]), "control or invisible character")


@pytest.mark.parametrize("version", [True, 1.0, "1"])
def test_the_version_must_be_the_integer_1(client, backup, version):
    refused(client, changed(backup, version=version), "this app reads version 1")


def test_losers_points_outside_taizhou_are_refused(client, backup):
    data = copy.deepcopy(backup)
    data["hands"][0]["loser_points"] = [0, None, 5, 5]
    refused(client, data, "loser_points is only for rulesets that score every hand")


def test_an_event_the_ruleset_does_not_know_is_refused(client, backup):
    data = copy.deepcopy(backup)
    data["hands"][0]["events"] = ["three_golds"]
    refused(client, data, "event &#x27;three_golds&#x27; is not one of this ruleset")


def test_tiles_not_shaped_as_the_app_writes_them_are_refused(client, backup):
    data = copy.deepcopy(backup)
    data["hands"][0]["tiles"] = {"concealed": {"deep": [1, 2]}}
    refused(client, data, "tiles should be an object of tile texts and melds")


@pytest.mark.parametrize("depth", [50, 1000, 5000])
def test_json_nested_at_any_depth_is_a_message_not_an_error(client, backup, depth):
    text = json.dumps(backup)
    nested = "[" * depth + "1" + "]" * depth
    text = text.replace('"note": ""', f'"note": {nested}', 1)
    response = upload(client, text)
    assert response.status_code == 422
    assert Session.objects.count() == 1


def test_a_1000_hand_backup_imports(client, backup):
    data = copy.deepcopy(backup)
    data["hands"] = [copy.deepcopy(backup["hands"][0]) for _ in range(1000)]
    text = json.dumps(data, indent=1)
    assert len(text) > 250_000
    response = upload(client, text)
    assert response.status_code == 302, response.content[:300]
    restored = Session.objects.latest("pk")
    assert Hand.objects.live().filter(session=restored).count() == 1000


def test_other_big_bodies_are_still_refused_at_once(client, backup):
    response = client.post("/sessions/new/", {"ruleset": "taiwan", "note": "x" * 100_000})
    assert response.status_code == 400
