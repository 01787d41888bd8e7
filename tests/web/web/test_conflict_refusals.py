"""Every caller of the one save path gets its refusals as refusals (a page saying why, the entry kept),
never an error page: quick entry's Save all sent again with other lines, a queue change whose token was
used for other content (issue 20, point 2)."""
from __future__ import annotations

import json
import uuid

from scorekeeper.tables.models import Hand

from web_helpers import rev


def save_all(client, session, text, token, revision):
    return client.post(f"/sessions/{session.pk}/quick/", {"text": text, "action": "save", "token": token,
                                                          "revision": revision})


def test_save_all_sent_again_with_other_lines_is_refused_and_keeps_the_text(client, make_session):
    session = make_session()
    token, revision = str(uuid.uuid4()), rev(session)
    assert save_all(client, session, "W1 d2 8\nD\nW3 s 9", token, revision).status_code == 302
    response = save_all(client, session, "W2 d3 8\nD\nD", token, revision)
    page = response.content.decode()
    assert response.status_code == 422
    assert "This form was already saved as hand 1, with other content: nothing new was saved." in page
    assert "W2 d3 8\nD\nD" in page  # the text as typed, still in the box
    assert [(h.kind, h.winner) for h in Hand.objects.filter(session=session).order_by("position")] == [
        ("win", 0), ("draw", None), ("win", 2)]


def test_save_all_sent_again_with_the_same_lines_is_the_same_hands(client, make_session):
    session = make_session()
    token, revision = str(uuid.uuid4()), rev(session)
    for _ in range(2):
        assert save_all(client, session, "W1 d2 8\nD", token, revision).status_code == 302
    assert Hand.objects.filter(session=session).count() == 2


def queue(client, session, changes):
    body = {"device": str(uuid.uuid4()), "base": rev(session), "seen_next": 1, "changes": changes}
    return client.post(f"/sessions/{session.pk}/queue/", json.dumps(body), content_type="application/json")


def figure_win(token, winner, how, figure):
    fields = {"winner": str(winner), "how": str(how), "mode": "figure", "figure": str(figure)}
    return {"token": token, "kind": "win", "fields": [[k, v] for k, v in fields.items()]}


def test_a_queued_hand_whose_token_saved_other_content_is_refused_not_called_saved(client, make_session):
    session = make_session()
    token = str(uuid.uuid4())
    assert queue(client, session, [figure_win(token, 1, "self", 40)]).json()["results"][0]["status"] == "saved"
    answer = queue(client, session, [figure_win(token, 2, 0, 80)]).json()["results"][0]
    assert answer["status"] == "refused" and answer["reason"] == "invalid"
    assert "already saved as hand 1, with other content" in answer["message"]
    assert [h.figure for h in Hand.objects.filter(session=session)] == [40]


def test_a_queued_hand_whose_token_is_another_sessions_hand_is_refused(client, make_session):
    first, second = make_session(), make_session()
    token = str(uuid.uuid4())
    queue(client, first, [figure_win(token, 1, "self", 40)])
    answer = queue(client, second, [figure_win(token, 1, "self", 40)]).json()["results"][0]
    assert answer["status"] == "refused" and answer["hand"] is None
    assert "already saved as another hand" in answer["message"]
    assert Hand.objects.filter(session=second).count() == 0


def test_a_queued_delete_whose_token_changed_another_hand_is_refused(client, make_session, win):
    session = make_session()
    first, second = win(session, 1, "self", figure=40), win(session, 2, "self", figure=30)
    token = str(uuid.uuid4())
    done = queue(client, session, [{"token": token, "kind": "delete", "hand": first.pk}]).json()["results"][0]
    assert done["status"] == "saved"
    answer = queue(client, session, [{"token": token, "kind": "delete", "hand": second.pk}]).json()["results"][0]
    assert answer["status"] == "refused"
    assert Hand.objects.live().filter(session=session).count() == 1


def test_changing_how_the_table_pays_after_another_phone_finished_is_a_refusal(client, make_session, monkeypatch):
    from scorekeeper.tables import services
    from scorekeeper.tables.entry.session_form import PayingForm

    session = make_session()
    checked = PayingForm.is_valid

    def finished_meanwhile(form):  # another phone taps Finish while this request runs
        services.session_finish(session=session)
        return checked(form)

    monkeypatch.setattr(PayingForm, "is_valid", finished_meanwhile)
    response = client.post(f"/sessions/{session.pk}/settle/", {"action": "paying", "pay_as_you_go": "go"},
                           follow=True)
    assert response.status_code == 200
    assert "This session is finished: reopen it on the Settle-up page to change it." in response.content.decode()
