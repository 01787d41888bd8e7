"""Log-in guesses are paused per name and address and slowed per name, never locking out others (issue 20,
point 3; tables/login_guard.py): unknown names from one address lock no one behind it; wrong passwords for
a name from many addresses slow its unknown devices and leave its owner's known phone working; sign-up
does not say a name has an account."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from scorekeeper.tables import login_guard

PASSWORD = "tiles and tea 88"


@pytest.fixture
def clock(monkeypatch):
    """The guard's clock, moved on by hand."""
    now = [timezone.now()]
    monkeypatch.setattr(login_guard.timezone, "now", lambda: now[0])

    def move(seconds):
        now[0] += timedelta(seconds=seconds)
    return move


def log_in(client, username, password, address="10.0.0.1"):
    return client.post("/accounts/login/", {"username": username, "password": password}, REMOTE_ADDR=address)


def test_unknown_names_from_one_address_lock_no_one_behind_it(db, django_user_model):
    django_user_model.objects.create_user("mei", password=PASSWORD)
    for name in ("a1", "a2", "a3", "a4", "a5", "a6"):
        log_in(Client(), name, "wrong")
    assert log_in(Client(), "mei", PASSWORD).status_code == 302  # the club's Wi-Fi: same address, another name


def test_five_wrong_passwords_pause_that_name_from_that_address_only(owner, clock):
    guesser = Client()
    answers = [log_in(guesser, "ann", f"guess {attempt}").status_code for attempt in range(6)]
    assert answers == [200] * 5 + [429]
    refused = log_in(Client(), "ann", PASSWORD)  # the right password, from the guesser's address
    assert refused.status_code == 429 and "paused here for up to 15 minutes" in refused.content.decode()
    clock(16)
    assert log_in(Client(), "ann", PASSWORD, address="10.9.9.9").status_code == 302  # elsewhere: slowed, in


def test_wrong_passwords_from_many_addresses_slow_a_new_device_and_not_the_owners_phone(owner, clock):
    phone = Client()
    assert log_in(phone, "ann", PASSWORD, address="192.168.1.5").status_code == 302  # a known device now
    phone.post("/accounts/logout/")
    for attempt in range(5):
        log_in(Client(), "ann", f"guess {attempt}", address=f"10.0.0.{attempt}")
    slowed = log_in(Client(), "ann", PASSWORD, address="10.1.1.1")
    assert slowed.status_code == 429
    assert "wait 15 seconds before trying again here" in slowed.content.decode()
    assert log_in(phone, "ann", PASSWORD, address="192.168.1.5").status_code == 302  # never held up
    clock(16)
    assert log_in(Client(), "ann", PASSWORD, address="10.1.1.1").status_code == 302


def test_the_slowing_doubles_with_each_wrong_password_up_to_15_minutes(owner, clock):
    unknown = login_guard.Attempt("ann", "10.2.2.2", "")
    waits = []
    for attempt in range(12):
        wait = login_guard.name_wait(unknown, timezone.now())
        waits.append(int(wait.total_seconds()))
        if wait:
            assert log_in(Client(), "ann", PASSWORD, address=f"10.0.1.{attempt}").status_code == 429
            clock(wait.total_seconds())
        assert log_in(Client(), "ann", f"guess {attempt}", address=f"10.0.1.{attempt}").status_code == 200
    assert waits == [0, 0, 0, 0, 0, 15, 30, 60, 120, 240, 480, 900]


def test_a_known_devices_own_wrong_passwords_end_its_trust(owner, clock):
    phone = Client()
    log_in(phone, "ann", PASSWORD)
    phone.post("/accounts/logout/")
    for attempt in range(5):
        log_in(Client(), "ann", f"guess {attempt}", address=f"10.0.0.{attempt}")  # the name is slowed
    for attempt in range(5):
        assert log_in(phone, "ann", f"slip {attempt}").status_code == 200  # trusted: not slowed
    assert log_in(phone, "ann", PASSWORD).status_code == 429  # five slips: an unknown device now


def test_a_known_device_is_known_for_its_own_accounts_only(owner, django_user_model, clock):
    django_user_model.objects.create_user("bo", password=PASSWORD)
    phone = Client()
    log_in(phone, "ann", PASSWORD)
    phone.post("/accounts/logout/")
    for attempt in range(5):
        log_in(Client(), "bo", f"guess {attempt}", address=f"10.0.0.{attempt}")
    assert log_in(phone, "bo", PASSWORD).status_code == 429


def sign_up(username, password, address="10.3.3.3"):
    client = Client()
    return client, client.post("/accounts/signup/", {"username": username, "password1": password,
                                                     "password2": password}, REMOTE_ADDR=address)


def test_sign_up_does_not_say_a_name_has_an_account(owner):
    _, taken = sign_up("ann", "another secret 99")
    page = taken.content.decode()
    assert taken.status_code == 422
    assert "already exists" not in page and "This username cannot be used: choose another." in page


def test_sign_up_with_an_accounts_own_password_logs_in_as_a_log_in_would(owner):
    client, answer = sign_up("ann", PASSWORD)
    assert answer.status_code == 302
    assert client.get("/").context["user"].username == "ann"


def test_sign_up_probes_count_as_wrong_passwords(owner):
    for attempt in range(5):
        sign_up("ann", f"another secret {attempt}")
    assert log_in(Client(), "ann", PASSWORD, address="10.3.3.3").status_code == 429
    assert log_in(Client(), "ann", PASSWORD, address="10.4.4.4").status_code in (302, 429)  # slowed, not paused
