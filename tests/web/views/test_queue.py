"""A phone's offline queue sent when the connection returns: every change once, in order, or refused with
its reason and kept waiting, never dropped (services.offline_queue, views.queue)."""
from __future__ import annotations

import json
import uuid

import pytest

from scorekeeper.tables.models import Hand, SentChange

from web_helpers import rev

DEVICE = str(uuid.uuid4())
OTHER_DEVICE = str(uuid.uuid4())


def figure_win(winner, how, figure, **extra):
    fields = {"winner": str(winner), "how": str(how), "mode": "figure", "figure": str(figure), **extra}
    return {"token": str(uuid.uuid4()), "kind": "win", "fields": [[k, v] for k, v in fields.items()]}


def draw(note=""):
    return {"token": str(uuid.uuid4()), "kind": "draw", "fields": [["note", note]] if note else []}


def send(client, session, changes, base=None, device=DEVICE, seen_next=1):
    body = {"device": device, "base": base or rev(session), "seen_next": seen_next, "changes": changes}
    return client.post(f"/sessions/{session.pk}/queue/", json.dumps(body), content_type="application/json")


def statuses(response):
    return [r["status"] for r in response.json()["results"]]


def saved_hands(session):
    return [(h.kind, h.winner, h.discarder, h.figure) for h in Hand.objects.live().filter(session=session)
            .order_by("position")]


def test_a_queue_is_saved_in_the_order_it_was_made_each_change_once(client, make_session):
    session = make_session()
    base = rev(session)
    changes = [figure_win(2, 3, 40), figure_win(1, "self", 30), draw(), figure_win(3, 0, 80)]
    response = send(client, session, changes, base=base)
    assert response.status_code == 200
    answer = response.json()
    assert statuses(response) == ["saved"] * 4
    assert [r["label"] for r in answer["results"]] == ["Hand 1", "Hand 2", "Hand 3", "Hand 4"]
    assert saved_hands(session) == [("win", 2, 3, 40), ("win", 1, None, 30), ("draw", None, None, None),
                                    ("win", 3, 0, 80)]
    assert answer["revision"] == rev(session) and answer["next_hand"] == 5
    last = Hand.objects.live().filter(session=session).order_by("position").last()
    assert answer["next_url"] == f"/sessions/{session.pk}/?sent=4&saved={last.pk}"

    again = send(client, session, changes, base=base)  # the answer was lost: the phone sends it all again
    assert statuses(again) == ["already"] * 4
    assert again.json()["next_url"] == answer["next_url"]  # saved all the same, once
    assert len(saved_hands(session)) == 4


def test_a_queue_sent_in_parts_follows_on_from_itself(client, make_session):
    """The phone built every change on the revision it last saw; its own writes since do not conflict."""
    session = make_session()
    base = rev(session)
    first, second = [figure_win(0, 1, 40), draw()], [figure_win(2, "self", 30)]
    assert statuses(send(client, session, first, base=base)) == ["saved", "saved"]
    # the answer was lost: the phone sends the whole queue again, a change longer, on the same base
    assert statuses(send(client, session, first + second, base=base)) == ["already", "already", "saved"]
    assert saved_hands(session) == [("win", 0, 1, 40), ("draw", None, None, None), ("win", 2, None, 30)]


def test_another_phones_hand_meanwhile_refuses_the_queue_and_says_so(client, make_session, win):
    session = make_session()
    base = rev(session)
    win(session, 1, 2, figure=40)  # phone B, online, saves hand 1 while phone A is offline
    changes = [figure_win(2, 3, 40), figure_win(3, "self", 30)]
    response = send(client, session, changes, base=base, seen_next=1)
    answer = response.json()
    assert statuses(response) == ["refused", "waiting"]
    assert answer["results"][0]["reason"] == "changed"
    assert answer["results"][0]["message"] == "Another phone saved hand 1 meanwhile."
    assert len(saved_hands(session)) == 1  # nothing of A's yet: the table chooses

    # "Add them after it": the same queue, built now on the revision the phone was just told
    added = send(client, session, changes, base=answer["revision"], seen_next=answer["next_hand"])
    assert statuses(added) == ["saved", "saved"]
    assert saved_hands(session) == [("win", 1, 2, 40), ("win", 2, 3, 40), ("win", 3, None, 30)]


def test_another_phones_write_after_part_of_a_queue_breaks_the_chain(client, make_session, win):
    session = make_session()
    base = rev(session)
    first = [figure_win(0, 1, 40)]
    send(client, session, first, base=base)
    win(session, 1, 2, figure=40)  # another phone, after A's first part
    response = send(client, session, first + [draw()], base=base, seen_next=1)
    assert statuses(response) == ["already", "refused"]
    assert response.json()["results"][1]["message"] == "Another phone saved hand 2 meanwhile."


def test_another_device_cannot_ride_on_a_queues_chain(client, make_session):
    session = make_session()
    base = rev(session)
    send(client, session, [figure_win(0, 1, 40)], base=base)
    response = send(client, session, [draw()], base=base, device=OTHER_DEVICE)
    assert statuses(response) == ["refused"] and response.json()["results"][0]["reason"] == "changed"


def test_a_change_the_form_would_refuse_stops_the_queue_there_and_keeps_the_rest_waiting(client, make_session):
    session = make_session()
    changes = [figure_win(0, 1, 40), figure_win(1, 1, 30), draw()]  # the second: the winner as discarder
    response = send(client, session, changes)
    results = response.json()["results"]
    assert statuses(response) == ["saved", "refused", "waiting"]
    assert results[1]["reason"] == "invalid"
    assert results[1]["message"] == "The winner cannot have discarded the winning tile: choose who did."
    assert saved_hands(session) == [("win", 0, 1, 40)]


def test_a_win_by_tiles_tapped_offline_is_scored_from_its_taps(client, make_session):
    session = make_session()
    taps = [f"add:{code}" for code in "1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p 5s 5s".split()]
    change = {"token": str(uuid.uuid4()), "kind": "win",
              "fields": [["winner", "1"], ["how", "2"], ["mode", "tiles"], *[["actions", t] for t in taps]]}
    assert statuses(send(client, session, [change])) == ["saved"]
    hand = Hand.objects.get(session=session)
    assert hand.tiles == {"concealed": "123456789m234p5s", "melds": [], "winning_tile": "5s"}


def test_a_tile_hand_that_is_no_win_is_refused_with_the_engines_words(client, make_session):
    session = make_session()
    taps = [f"add:{code}" for code in "1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p 5s 6s".split()]
    change = {"token": str(uuid.uuid4()), "kind": "win",
              "fields": [["winner", "1"], ["how", "2"], ["mode", "tiles"], *[["actions", t] for t in taps]]}
    response = send(client, session, [change])
    assert statuses(response) == ["refused"]
    assert "do not make a winning hand" in response.json()["results"][0]["message"]
    assert not Hand.objects.filter(session=session).exists()


def test_edits_deletes_and_restores_are_applied_once(client, make_session, win):
    session = make_session()
    first, second = win(session, 0, 1, figure=40), win(session, 1, "self", figure=30)
    edit = {"token": str(uuid.uuid4()), "kind": "edit", "hand": first.pk,
            "fields": [["winner", "0"], ["how", "2"], ["mode", "figure"], ["figure", "80"]]}
    delete = {"token": str(uuid.uuid4()), "kind": "delete", "hand": second.pk, "fields": []}
    restore = {"token": str(uuid.uuid4()), "kind": "restore", "hand": second.pk, "fields": []}
    delete_again = {"token": str(uuid.uuid4()), "kind": "delete", "hand": second.pk, "fields": []}
    changes = [edit, delete, restore, delete_again]
    base = rev(session)
    assert statuses(send(client, session, changes, base=base)) == ["saved"] * 4
    assert saved_hands(session) == [("win", 0, 2, 80)]
    assert statuses(send(client, session, changes, base=base)) == ["already"] * 4
    assert SentChange.objects.count() == 4
    assert Hand.objects.deleted().filter(session=session).count() == 1


def test_a_change_to_a_hand_deleted_on_another_phone_is_refused_as_gone(client, make_session, win):
    session = make_session()
    hand = win(session, 0, 1, figure=40)
    base = rev(session)
    from scorekeeper.tables import services
    services.hand_delete(hand=hand)  # another phone
    edit = {"token": str(uuid.uuid4()), "kind": "edit", "hand": hand.pk,
            "fields": [["winner", "0"], ["how", "2"], ["mode", "figure"], ["figure", "80"]]}
    response = send(client, session, [edit], base=rev(session))
    assert statuses(response) == ["refused"] and response.json()["results"][0]["reason"] == "gone"
    assert base != rev(session)


def test_a_finished_session_refuses_the_queue_with_how_to_reopen(client, make_session):
    session = make_session()
    from scorekeeper.tables import services
    services.session_finish(session=session)
    response = send(client, session, [draw()])
    result = response.json()["results"][0]
    assert (result["status"], result["reason"]) == ("refused", "finished")
    assert "reopen it on the Settle-up page" in result["message"]


def test_on_the_spot_payments_and_draws_from_the_queue(client, make_session):
    session = make_session("taiwan")
    spot = {"token": str(uuid.uuid4()), "kind": "spot",
            "fields": [["kind", "chase"], ["player", "2"]]}
    response = send(client, session, [draw("wall ran out"), spot])
    assert statuses(response) == ["saved", "saved"]
    hands = list(Hand.objects.filter(session=session).order_by("position"))
    assert [(h.kind, h.note, h.spot_kind, h.spot_player) for h in hands] == [
        ("draw", "wall ran out", "", None), ("spot", "", "chase", 2)]


@pytest.mark.parametrize("body, words", [
    ("not json", "not JSON"),
    ('{"device": "x", "base": "y", "changes": []}', "Send 1 to 20 changes"),
    ('{"changes": [{"kind": "win", "token": "a"}]}', "device is not a UUID"),
])
def test_a_malformed_queue_is_a_400_saying_what_is_wrong(client, make_session, body, words):
    session = make_session()
    response = client.post(f"/sessions/{session.pk}/queue/", body, content_type="application/json")
    assert response.status_code == 400 and words in response.json()["error"]


def test_only_a_scorer_of_the_session_may_send_a_queue(stranger, make_session):
    session = make_session()
    assert send(stranger, session, [draw()]).status_code == 404
    assert not Hand.objects.exists()


# -- the save path's newer refusals reach the queue as refusals (issue 20, points 1 and 6) -------------------
def test_the_days_quota_refuses_a_queued_change_with_the_reason_and_keeps_the_rest_waiting(
        client, guest, make_session, monkeypatch):
    from scorekeeper.tables import services
    from scorekeeper.tables.services import quota
    monkeypatch.setattr(quota, "HANDS_PER_DAY", 2)
    session = make_session()
    guest.follow_link(services.share_link_create(session=session, role="scorer"))  # saves on the owner's account
    changes = [figure_win(0, 1, 40), draw(), figure_win(2, "self", 30), draw()]
    response = send(guest, session, changes)
    assert response.status_code == 200
    results = response.json()["results"]
    assert statuses(response) == ["saved", "saved", "refused", "waiting"]
    assert results[2]["reason"] == "invalid" and "the most one account saves in a day" in results[2]["message"]
    assert saved_hands(session) == [("win", 0, 1, 40), ("draw", None, None, None)]
    again = send(guest, session, changes)  # sent again when the phone is back: the same answer, nothing doubled
    assert statuses(again) == ["already", "already", "refused", "waiting"]
    assert len(saved_hands(session)) == 2


@pytest.mark.parametrize("note", ["\u202egnp.exe", "ring\u0007", "zero\u200bwidth"])
def test_a_hidden_character_in_a_queued_note_is_a_refusal_with_the_reason(client, make_session, win, note):
    session = make_session()
    hand = win(session, 0, 1, figure=40)
    edit = {"token": str(uuid.uuid4()), "kind": "edit", "hand": hand.pk,
            "fields": [["winner", "0"], ["how", "1"], ["mode", "figure"], ["figure", "40"], ["note", note]]}
    for change in (figure_win(1, 2, 30, note=note), draw(note), edit):
        response = send(client, session, [change, draw()], base=rev(session))
        assert response.status_code == 200
        result = response.json()["results"][0]
        assert statuses(response) == ["refused", "waiting"] and result["reason"] == "invalid"
        assert "invisible character" in result["message"]
    assert saved_hands(session) == [("win", 0, 1, 40)] and Hand.objects.get(pk=hand.pk).note == ""


def test_a_nul_in_a_queued_note_is_never_a_500(client, make_session):
    """As their forms do: the win form drops a NUL from what was typed, the draw form refuses it (PostgreSQL
    cannot store one)."""
    session = make_session()
    response = send(client, session, [figure_win(0, 1, 40, note="nul\x00"), draw("nul\x00")])
    assert response.status_code == 200 and statuses(response) == ["saved", "refused"]
    assert "invisible character" in response.json()["results"][1]["message"]
    assert Hand.objects.get(session=session).note == "nul"


def test_a_queued_note_is_saved_in_one_unicode_form(client, make_session):
    session = make_session()
    assert statuses(send(client, session, [draw("Rene\u0301 dealt")])) == ["saved"]
    assert Hand.objects.get(session=session).note == "Ren\u00e9 dealt"


def test_a_guests_own_session_takes_its_queue(anonymous, make_session):
    """A session started without an account (its owner grant on this phone) is not counted against any
    account's quota, and its queue saves like an account's."""
    page = anonymous.post("/sessions/new/", {"ruleset": "hk-old", "east": "Ann", "south": "Bob", "west": "Cy",
                                             "north": "Di", "first_dealer": "0", "stake_per_point": "1"})
    assert page.status_code == 302
    from scorekeeper.tables.models import Session
    session = Session.objects.get(owner=None)
    assert statuses(send(anonymous, session, [draw("\u202e"), draw()])) == ["refused", "waiting"]
    assert statuses(send(anonymous, session, [draw("fine")])) == ["saved"]
