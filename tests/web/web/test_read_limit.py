"""Expensive reads (issue 35.22): the session page, History, CSV and backup cost a long session's whole hand
list, so a visitor looping them is refused past what a table reads (per account, or per address for a share
link's visitor, as quick entry is), in words; a phone at a table's pace never is; and the exports are kept
per revision, made again only when the session changes."""
from __future__ import annotations

import json
from datetime import datetime, timedelta

import pytest
from django.test import Client
from django.utils import timezone

from scorekeeper.tables import selectors, services
from scorekeeper.tables.models import Session

from web_helpers import ACCEPT

READS = ("", "history/", "export.csv", "backup.json")
WAIT = {"en": "Wait a minute, then open this page again: nothing is lost.",
        "zh-hant": "請等一分鐘，再重新開啟這一頁：沒有遺失任何內容。",
        "zh-hans": "请等一分钟，再重新打开这一页：没有丢失任何内容。"}


@pytest.mark.parametrize("language", ["en", "zh-hant", "zh-hans"])
def test_a_loop_of_reads_is_refused_in_words(client, make_session, win, language):
    session = make_session()
    win(session, 1, 2, figure=10)
    answers = [client.get(f"/sessions/{session.pk}/{READS[n % 4]}").status_code for n in range(130)]

    assert answers[:120] == [200] * 120 and set(answers[120:]) == {429}
    refused = client.get(f"/sessions/{session.pk}/history/", HTTP_ACCEPT_LANGUAGE=ACCEPT[language])
    assert refused.status_code == 429 and WAIT[language] in refused.content.decode()
    viewer = Client(REMOTE_ADDR="10.7.7.7")
    viewer.post(f"/t/{services.share_link_create(session=session, role='viewer').token}/")
    assert viewer.get(f"/sessions/{session.pk}/").status_code == 200  # the limit is the looper's own


def test_four_phones_behind_one_address_at_a_tables_pace_are_never_refused(make_session, win):
    """A busy minute: every phone opens the session page after each of ten hands, History five times, and
    downloads both exports once; four viewers on a home's wifi, so one address."""
    session = make_session()
    phones = [Client(REMOTE_ADDR="10.9.9.9") for _ in range(4)]
    for phone in phones:
        phone.post(f"/t/{services.share_link_create(session=session, role='viewer').token}/")
    answers = []
    for hand in range(10):
        win(session, hand % 4, (hand + 1) % 4, figure=10)
        answers += [phone.get(f"/sessions/{session.pk}/").status_code for phone in phones]
    for phone in phones:
        answers += [phone.get(f"/sessions/{session.pk}/history/").status_code for _ in range(5)]
        answers += [phone.get(f"/sessions/{session.pk}/{path}").status_code for path in READS[2:]]

    assert answers == [200] * 68


def test_the_exports_are_made_once_per_revision(client, make_session, win, monkeypatch):
    session = make_session()
    win(session, 1, 2, figure=10)
    made = []
    for name in ("session_csv", "session_backup"):
        real = getattr(selectors, name)
        monkeypatch.setattr(selectors, name, lambda real=real, name=name, **kw: made.append(name) or real(**kw))

    first = [client.get(f"/sessions/{session.pk}/{path}").content for path in READS[2:]]
    again = [client.get(f"/sessions/{session.pk}/{path}").content for path in READS[2:]]
    assert made == ["session_csv", "session_backup"]
    assert first[0] == again[0]

    win(session, 2, 3, figure=20)  # a new revision: made again, with the new hand
    csv = client.get(f"/sessions/{session.pk}/export.csv").content.decode("utf-8-sig")
    assert made[-1] == "session_csv" and csv.count("\n") > first[0].decode("utf-8-sig").count("\n")
    services.session_finish(session=Session.objects.get(pk=session.pk))  # status changes no revision
    assert json.loads(client.get(f"/sessions/{session.pk}/backup.json").content)["status"] == "finished"


def test_a_kept_backup_says_when_it_was_downloaded(client, make_session, win, monkeypatch):
    session = make_session()
    win(session, 1, 2, figure=10)
    first = json.loads(client.get(f"/sessions/{session.pk}/backup.json").content)
    an_hour_on = timezone.now() + timedelta(hours=1)
    monkeypatch.setattr(timezone, "now", lambda: an_hour_on)
    second = json.loads(client.get(f"/sessions/{session.pk}/backup.json").content)

    assert datetime.fromisoformat(second["exported_at"]) == an_hour_on
    assert {k: v for k, v in second.items() if k != "exported_at"} == {
        k: v for k, v in first.items() if k != "exported_at"}
