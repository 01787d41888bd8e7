"""The Settle-up page (views/sessions.py: `settle`): who pays whom, Finish session and Reopen."""



from web_helpers import page


def test_settle_up_and_finish(client, make_session, win):
    session = make_session()
    win(session, 1, 2, figure=70)
    html = page(client.get(f"/sessions/{session.pk}/settle/"))
    assert "Finish session" in html and "Cy" in html

    client.post(f"/sessions/{session.pk}/settle/", {"action": "finish"})
    session.refresh_from_db()
    assert not session.is_open
    assert client.get(f"/sessions/{session.pk}/win/").status_code == 302  # back to the session, with a message
    client.post(f"/sessions/{session.pk}/settle/", {"action": "reopen"})
    session.refresh_from_db()
    assert session.is_open
