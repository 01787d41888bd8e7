"""A stuck SQLite writer (issue 35.23): a write waits for it at most WRITERS_WAIT, then is refused as a busy
database refuses, a 503 "busy, try again" in words, with nothing written; a sign-up's writes, outside any
transaction, wait in the same queue as a hand's save. The queue itself: tests/ops/test_sqlite_backend.py."""
from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from scorekeeper.tables import services
from scorekeeper.tables.models import Hand, Session

from web_helpers import ACCEPT, NAMES, rev

BUSY = {"en": "Nothing was saved from this request: wait a few seconds, then go back and send it again.",
        "zh-hant": "這次的請求沒有儲存任何內容：請等幾秒鐘，再返回重新送出。",
        "zh-hans": "这次的请求没有保存任何内容：请等几秒钟，再返回重新送出。"}
SIGN_UP = {"username": "newbie", "password1": "mahjong at nine", "password2": "mahjong at nine"}


@pytest.mark.parametrize("language", ["en", "zh-hant", "zh-hans"])
def test_a_sign_up_behind_a_stuck_writer_is_told_busy_and_nothing_is_written(stuck_writer, language):
    phone = Client()
    stuck_writer.begin()

    response = phone.post("/accounts/signup/", SIGN_UP, HTTP_ACCEPT_LANGUAGE=ACCEPT[language])

    assert response.status_code == 503 and response["Retry-After"]
    assert BUSY[language] in response.content.decode()
    stuck_writer.end()
    assert not get_user_model().objects.exists()
    assert phone.post("/accounts/signup/", SIGN_UP).status_code == 302  # once the writer is done


@pytest.mark.parametrize("language", ["en", "zh-hant", "zh-hans"])
def test_a_hand_save_behind_a_stuck_writer_is_told_busy_and_nothing_is_written(stuck_writer, language):
    owner = get_user_model().objects.create_user(username="ann", password="tiles and tea 88")
    session = services.session_create(ruleset="zung-jung", names=NAMES, first_dealer=0, stakes={}, options={},
                                      owner=owner)
    phone = Client()
    phone.force_login(owner)
    revision = rev(session)
    save = {"winner": "1", "how": "self", "mode": "figure", "figure": "8", "action": "save", "token": "t-1",
            "revision": revision}
    stuck_writer.begin()

    response = phone.post(f"/sessions/{session.pk}/win/", save, HTTP_ACCEPT_LANGUAGE=ACCEPT[language])

    assert response.status_code == 503
    assert BUSY[language] in response.content.decode()
    stuck_writer.end()
    assert not Hand.objects.exists() and str(Session.objects.get().revision) == revision
    assert phone.post(f"/sessions/{session.pk}/win/", save).status_code == 302
    assert Hand.objects.count() == 1
