"""The way back into an account without e-mail: a recovery code shown once at sign-up, spent to set a new
password, replaced by a new one; the operator's `manage.py recovery_code`; guesses slowed like passwords."""
from __future__ import annotations

import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client

from scorekeeper.tables.models import RecoveryCode

from web_helpers import ACCEPT, visible_text

PASSWORD = "tiles and tea 88"
NEW_PASSWORD = "dragons at dawn 42"
CODE = re.compile(r'id="recovery-code">([0-9A-Z-]+)<')


def sign_up(client: Client, username: str = "bo") -> str:
    """Signs up; the recovery code the next page shows."""
    answer = client.post("/accounts/signup/", {"username": username, "password1": PASSWORD, "password2": PASSWORD})
    assert answer.status_code == 302
    page = client.get(answer["Location"]).content.decode()
    return CODE.search(page).group(1)


def recover(client: Client, code: str, username: str = "bo", password: str = NEW_PASSWORD, **extra):
    return client.post("/accounts/recover/", {"username": username, "code": code, "new_password1": password,
                                              "new_password2": password}, **extra)


def test_sign_up_shows_a_recovery_code_once_and_keeps_only_its_hash(anonymous):
    code = sign_up(anonymous)
    assert re.fullmatch(r"[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}", code)
    assert CODE.search(anonymous.get("/").content.decode()) is None  # the next page no longer shows it
    kept = RecoveryCode.objects.get(user__username="bo")
    assert code not in kept.code_hash and code.replace("-", "") not in kept.code_hash


def test_the_code_sets_a_new_password_logs_in_and_is_replaced(anonymous, django_user_model):
    code = sign_up(anonymous)
    phone = Client()  # another phone, the password forgotten
    answer = recover(phone, code.lower().replace("-", " "))  # typed as people type it
    assert answer.status_code == 302
    page = phone.get(answer["Location"]).content.decode()
    assert "Your new password is set" in page
    new_code = CODE.search(page).group(1)
    assert new_code != code
    assert phone.get("/").context["user"].username == "bo"
    assert Client().login(username="bo", password=NEW_PASSWORD)
    assert recover(Client(), code, password="another one 777").status_code == 422  # spent
    assert recover(Client(), new_code, password="another one 777").status_code == 302


def test_a_wrong_code_says_what_is_wrong_and_changes_nothing(anonymous):
    sign_up(anonymous)
    answer = recover(Client(), "AAAA-BBBB-CCCC-DDDD")
    assert answer.status_code == 422
    assert "That username and recovery code do not match" in answer.content.decode()
    assert Client().login(username="bo", password=PASSWORD)
    unknown = recover(Client(), "AAAA-BBBB-CCCC-DDDD", username="nobody")
    assert unknown.status_code == 422 and "do not match" in unknown.content.decode()


def test_a_weak_new_password_is_refused_before_the_code_is_spent(anonymous):
    code = sign_up(anonymous)
    answer = recover(Client(), code, password="12345678")
    assert answer.status_code == 422 and "too common" in answer.content.decode()
    assert recover(Client(), code).status_code == 302


def test_code_guesses_are_slowed_like_passwords(anonymous):
    code = sign_up(anonymous)
    for attempt in range(5):
        recover(Client(), f"AAAA-BBBB-CCCC-DDD{attempt + 2}", REMOTE_ADDR="10.7.7.7")
    assert recover(Client(), code, REMOTE_ADDR="10.7.7.7").status_code == 429


def test_the_operator_gives_a_new_code_and_the_old_one_stops(anonymous):
    old = sign_up(anonymous)
    out = StringIO()
    call_command("recovery_code", "BO", stdout=out)
    given = re.search(r"Recovery code for bo: (\S+)", out.getvalue()).group(1)
    assert recover(Client(), old).status_code == 422
    assert recover(Client(), given).status_code == 302


def test_the_operator_is_told_when_there_is_no_such_account(db):
    from django.core.management.base import CommandError
    with pytest.raises(CommandError, match="No account is named 'nobody'"):
        call_command("recovery_code", "nobody")


@pytest.mark.parametrize("language", ["zh-hant", "zh-hans"])
def test_recovery_is_in_the_readers_language(anonymous, language):
    page = anonymous.get("/accounts/recover/", HTTP_ACCEPT_LANGUAGE=ACCEPT[language]).content.decode()
    assert "Recovery code" not in visible_text(page) and "Forgot" not in visible_text(page)
    anonymous.post("/accounts/signup/", {"username": "bo", "password1": PASSWORD, "password2": PASSWORD},
                   HTTP_ACCEPT_LANGUAGE=ACCEPT[language])
    home = anonymous.get("/", HTTP_ACCEPT_LANGUAGE=ACCEPT[language]).content.decode()
    assert CODE.search(home) and "recovery code" not in visible_text(home).lower()
