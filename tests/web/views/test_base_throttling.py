"""Heavy requests are throttled per user (django-ratelimit), sign-ups per address; a person is told in words
what happened and when to try again. Log-in guesses: tests/web/test_login_guard.py."""
from __future__ import annotations

from django.test import Client

from web_helpers import rev

PASSWORD = "tiles and tea 88"


def log_in(client: Client, username: str, password: str, address: str = "10.0.0.1"):
    return client.post("/accounts/login/", {"username": username, "password": password}, REMOTE_ADDR=address)


def test_a_right_password_after_a_few_slips_logs_in(owner):
    person = Client()
    for _ in range(3):
        log_in(person, "ann", "tiles and tee 88")
    assert log_in(person, "ann", PASSWORD).status_code == 302


def test_signups_per_address_are_limited(db):
    answers = [Client().post("/accounts/signup/", {"username": f"p{n}", "password1": PASSWORD,
                                                   "password2": PASSWORD}, REMOTE_ADDR="10.1.1.1").status_code
               for n in range(12)]
    assert answers[:10] == [302] * 10 and answers[10:] == [429, 429]


def test_quick_entry_checks_per_user_are_limited(client, make_session):
    session = make_session()
    url = f"/sessions/{session.pk}/quick/"
    answers = [client.post(url, {"text": "d", "action": "check", "token": "t", "revision": rev(session)}).status_code
               for _ in range(22)]
    assert answers[:20] == [200] * 20 and answers[20:] == [429, 429]
    assert "Wait a minute" in client.post(url, {"text": "d", "action": "check"}).content.decode()
    assert client.get(f"/sessions/{session.pk}/").status_code == 200  # other pages still answer
