"""Heavenly and earthly hands in the app (issue 20, point 9; ruling 2026-11-25, rules/README.md `events`):
the win form says in a player's words why a dealt hand won on the wrong tile, or with a meld (a concealed
kong included), is not one; a backup with such a hand is refused saying the same; a backup whose kong was
made by adding to an exposed pung (`"added": true`, the rulebook's meld field) imports."""
from __future__ import annotations

import copy
import json
import uuid

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from scorekeeper.tables.entry.check import win_check
from scorekeeper.tables.models import Hand, Session
from scorekeeper.tables.replay import session_replay
from scorekeeper.tables.selectors import session_backup

from web_helpers import ZJ_TILES, entered, entry_of, rev

KONG_HAND = {"concealed": "123m456p789s2z", "winning_tile": "2z", "meld": ["concealed_kong 1111z"]}


def save(client, session, **fields):
    data = {"action": "save", "token": str(uuid.uuid4()), "revision": rev(session), "mode": "tiles", **fields}
    return client.post(f"/sessions/{session.pk}/win/", data)


def test_a_heavenly_hand_won_on_a_discard_by_south_is_refused_in_a_players_words(client, make_session):
    session = make_session("zung-jung")
    response = save(client, session, winner="1", how="2", event="heavenly", **ZJ_TILES)
    page = response.content.decode()
    assert response.status_code == 422
    assert ("“Heavenly hand (dealer wins on the deal)” is won on the dealer&#x27;s dealt tiles, so it is "
            "self-drawn: choose Self-drawn, or untick it.") in page
    assert not Hand.objects.exists()


def test_an_earthly_hand_self_drawn_is_refused_in_a_players_words(make_session):
    session = make_session("zung-jung")
    replay = session_replay(session=session)
    check = win_check(session=session, replay=replay,
                      entry=entered(session, entry_of(winner=1, how="self", event=["earthly"], **ZJ_TILES)))
    assert check.errors["events"] == ("“Earthly hand (wins on the dealer's first discard)” is won on the dealer's "
                                      "first discard: choose who discarded it, or untick it.")


@pytest.mark.parametrize("ruleset, hand", [
    ("zung-jung", KONG_HAND),
    ("taiwan", {"concealed": "123m456m789m123p5z", "winning_tile": "5z", "meld": ["concealed_kong 1111z"]}),
])
def test_a_heavenly_hand_after_a_concealed_kong_is_refused_beside_the_events(make_session, ruleset, hand):
    session = make_session(ruleset)
    replay = session_replay(session=session)
    check = win_check(session=session, replay=replay,
                      entry=entered(session, entry_of(winner=0, how="self", event=["heavenly"], **hand)))
    assert not check.ready
    assert check.errors["events"] == ("“Heavenly hand (dealer wins on the deal)” is won on the tiles as dealt, "
                                      "before any meld, a concealed kong included: take the melds out, or untick it.")


def test_the_same_hands_without_the_event_are_wins(make_session):
    session = make_session("zung-jung")
    replay = session_replay(session=session)
    assert win_check(session=session, replay=replay,
                     entry=entered(session, entry_of(winner=0, how="self", **KONG_HAND))).ready
    assert win_check(session=session, replay=replay,
                     entry=entered(session, entry_of(winner=0, how="self", event=["heavenly"], **ZJ_TILES))).ready


def test_a_win_by_figure_keeps_no_events_from_the_tiles_part(client, make_session):
    session = make_session("zung-jung")
    response = save(client, session, winner="1", how="2", event="heavenly", mode="figure", figure="40")
    assert response.status_code == 302
    assert Hand.objects.get().events == []


@pytest.fixture
def backup(make_session, win):
    session = make_session("zung-jung")
    win(session, 0, "self", **ZJ_TILES)
    return session_backup(session=Session.objects.get(pk=session.pk))


def upload(client, data):
    return client.post("/sessions/import/", {"backup": SimpleUploadedFile("b.json", json.dumps(data).encode())})


def test_a_backup_with_a_kong_added_to_a_pung_imports(client, backup):
    data = copy.deepcopy(backup)
    data["hands"][0]["tiles"] = {"concealed": "123m456p789s2z", "winning_tile": "2z",
                                 "melds": [{"kind": "kong", "tiles": "1111z", "added": True}]}
    response = upload(client, data)
    assert response.status_code == 302, response.content.decode()[:3000]
    assert Session.objects.latest("pk").hands.get().tiles["melds"][0]["added"] is True


@pytest.mark.parametrize("meld", [{"kind": "pung", "tiles": "111z", "added": True},
                                  {"kind": "kong", "tiles": "1111z", "added": "yes"}])
def test_added_is_only_true_or_false_on_an_exposed_kong(client, backup, meld):
    data = copy.deepcopy(backup)
    data["hands"][0]["tiles"] = {"concealed": "123m456p789s2z", "winning_tile": "2z", "melds": [meld]}
    assert upload(client, data).status_code == 422


@pytest.mark.parametrize("change, words", [
    ({"winner": 1, "discarder": 2, "events": ["heavenly"]},
     "Hand 1 of the backup: “Heavenly hand (dealer wins on the deal)” is won on the dealer&#x27;s dealt tiles, so it "
     "is self-drawn (its discarder is 2)."),
    ({"events": ["heavenly"], "tiles": {"concealed": "123m456p789s2z", "winning_tile": "2z",
                                        "melds": [{"kind": "concealed_kong", "tiles": "1111z"}]}},
     "Hand 1 of the backup: “Heavenly hand (dealer wins on the deal)” is won on the tiles as dealt, before any "
     "meld, a concealed kong included (its discarder is null, and it has melds)."),
    ({"winner": 1, "discarder": 2, "events": ["heavenly"], "tiles": None, "figure": 40, "figure_field": "points"},
     "is won on the dealer&#x27;s dealt tiles, so it is self-drawn (its discarder is 2)."),
])
def test_a_backup_with_a_dealt_hand_that_does_not_fit_is_refused_in_a_players_words(client, backup, change, words):
    data = copy.deepcopy(backup)
    data["hands"][0].update(change)
    response = upload(client, data)
    assert response.status_code == 422 and words in response.content.decode()
    assert Session.objects.count() == 1
