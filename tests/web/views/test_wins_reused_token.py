"""A form's one-time token saves one hand: sent again it is the same hand, never a second one; sent
again with other content it is refused, saying which hand it saved (never "saved" while dropping it)."""
from __future__ import annotations

import uuid

from scorekeeper.tables.models import Hand

from web_helpers import rev


def post_win(client, session, token, figure, revision=None):
    return client.post(f"/sessions/{session.pk}/win/", {
        "winner": "1", "how": "self", "mode": "figure", "figure": figure, "action": "save", "token": token,
        "revision": revision or rev(session)})


def test_the_same_form_twice_is_one_hand(client, make_session):
    session = make_session()
    token, revision = str(uuid.uuid4()), rev(session)
    first, second = post_win(client, session, token, "40", revision), post_win(client, session, token, "40", revision)
    assert first.status_code == second.status_code == 302
    assert Hand.objects.filter(session=session).count() == 1


def test_a_used_token_with_other_content_is_refused_and_says_which_hand(client, make_session):
    session = make_session()
    token, revision = str(uuid.uuid4()), rev(session)
    post_win(client, session, token, "40", revision)
    response = post_win(client, session, token, "80", revision)
    page = response.content.decode()
    assert response.status_code == 422
    assert "This form was already saved as hand 1, with other content: nothing new was saved." in page
    assert [h.figure for h in Hand.objects.filter(session=session)] == [40]


def test_a_draw_form_sent_again_with_another_note_is_refused(client, make_session):
    session = make_session("taiwan")
    token = str(uuid.uuid4())
    client.post(f"/sessions/{session.pk}/draw/", {"token": token, "revision": rev(session)})
    response = client.post(f"/sessions/{session.pk}/draw/", {"token": token, "revision": rev(session),
                                                              "note": "another draw"})
    assert response.status_code == 422 and "already saved as hand 1" in response.content.decode()
    assert Hand.objects.filter(session=session).count() == 1
