"""hk-faan's records say a robbed kong and a self-draw's 包 (issue 35.4): a 4-faan robbed kong paid as a
self-draw (搶槓當自摸) must not read as a plain discard win, and the CSV's "responsible" column names who paid
a self-draw for all three."""
from __future__ import annotations

import csv
import html
import io

import pytest

from scorekeeper.tables.models import Session
from scorekeeper.tables.selectors import session_csv

from web_helpers import ACCEPT, visible_text

ROBBED = {"en": "Di won robbing Bob's kong", "zh-hant": "Di 搶 Bob 的槓胡", "zh-hans": "Di 抢 Bob 的杠胡"}
ROBBED_NOTICE = {"en": "Di won 4 faan robbing Bob's kong", "zh-hant": "Di 搶 Bob 的槓胡 4 番",
                 "zh-hans": "Di 抢 Bob 的杠胡 4 番"}
BAO_NOTICE = {"en": "Ann won 5 faan, self-drawn; Cy responsible", "zh-hant": "Ann 自摸胡 5 番，Cy 負責（包）",
              "zh-hans": "Ann 自摸胡 5 番，Cy 负责（包）"}
PLAIN = {"en": "Di won on Bob's discard", "zh-hant": "Di 胡 Bob 放槍", "zh-hans": "Di 胡 Bob 放枪"}
BAO = {"en": "Cy responsible", "zh-hant": "Cy 負責", "zh-hans": "Cy 负责"}


@pytest.fixture
def evening(make_session, win):
    session = make_session("hk-faan")
    robbed = win(session, 3, 1, figure=4, event=["robbing_kong"])  # 搶槓 by figure, paid as a self-draw
    bao = win(session, 0, "self", figure=5, responsible=2)  # 包自摸: Cy pays all three shares
    return Session.objects.get(pk=session.pk), robbed, bao


def page(client, url, language):
    return html.unescape(visible_text(client.get(url, HTTP_ACCEPT_LANGUAGE=ACCEPT[language]).content.decode()))


@pytest.mark.parametrize("language", ["en", "zh-hant", "zh-hans"])
def test_the_notice_history_and_session_screen_say_the_robbed_kong(client, evening, language):
    session, robbed, bao = evening
    notice = page(client, f"/sessions/{session.pk}/?saved={robbed.pk}", language)
    history = page(client, f"/sessions/{session.pk}/history/", language)
    assert ROBBED_NOTICE[language] in notice, notice
    for text in (notice, history):
        assert ROBBED[language] in text and PLAIN[language] not in text, text
    assert ROBBED[language] in page(client, f"/sessions/{session.pk}/", language)


@pytest.mark.parametrize("language", ["en", "zh-hant", "zh-hans"])
def test_the_self_draws_bao_is_said_where_the_hand_is_shown(client, evening, language):
    session, robbed, bao = evening
    assert BAO_NOTICE[language] in page(client, f"/sessions/{session.pk}/?saved={bao.pk}", language)
    assert BAO[language] in page(client, f"/sessions/{session.pk}/history/", language)


def test_the_csv_marks_the_robbed_kong_and_names_the_self_draws_bao(evening):
    session, robbed, bao = evening
    rows = list(csv.DictReader(io.StringIO(session_csv(session=session))))
    wins = [r for r in rows if r["kind"] == "win"]
    assert (wins[0]["discarder"], wins[0]["payments"]) == ("Bob (robbed kong)", "Bob → Di 48")
    assert (wins[1]["discarder"], wins[1]["responsible"]) == ("self-drawn", "Cy")
