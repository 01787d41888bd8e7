"""Log-in guesses and heavy requests are throttled: per address and per username (django-axes), per
user (django-ratelimit); a person is told in words what happened and when to try again."""
from __future__ import annotations

from django.test import Client

from web_helpers import rev

PASSWORD = "tiles and tea 88"


def log_in(client: Client, username: str, password: str, address: str = "10.0.0.1"):
    return client.post("/accounts/login/", {"username": username, "password": password}, REMOTE_ADDR=address)


def test_five_wrong_passwords_lock_the_username_even_with_the_right_one(owner):
    guesser = Client()
    answers = [log_in(guesser, "ann", f"guess {attempt}").status_code for attempt in range(5)]
    assert answers == [200, 200, 200, 200, 429]  # the fifth wrong password locks
    refused = log_in(guesser, "ann", PASSWORD)
    assert refused.status_code == 429
    assert "Too many wrong passwords" in refused.content.decode()
    # another address trying the same name is refused too: the name is locked, not only the address
    assert log_in(Client(), "ann", PASSWORD, address="10.9.9.9").status_code == 429


def test_an_address_guessing_many_names_is_locked(db, django_user_model):
    django_user_model.objects.create_user("mei", password=PASSWORD)
    guesser = Client()
    for name in ("a1", "a2", "a3", "a4", "a5"):
        log_in(guesser, name, "wrong")
    assert log_in(guesser, "mei", PASSWORD).status_code == 429
    assert log_in(Client(), "mei", PASSWORD, address="10.0.0.2").status_code == 302  # from elsewhere: fine


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
