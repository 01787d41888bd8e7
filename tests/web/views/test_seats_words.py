"""A seat change's words (issue 35.15): someone coming back is offered with the balance they come back with, and
the page never says they start at 0; the 拉 chains the leaving player is in end as payments said once, in the
reader's language."""
from __future__ import annotations

import html as html_lib

import pytest

from scorekeeper.tables import services
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Hand

from web_helpers import ACCEPT, rev, visible_text

NAMES = ["Ann", "Bob", "Cy", "Di"]
BACK = {"en": "Di back at −30", "zh-hant": "Di 回來時 −30", "zh-hans": "Di 回来时 −30"}
ENDS = {"en": "Bob's 拉 chains end now: Cy pays Bob 15.",
        "zh-hant": "Bob 的拉在此結束：Cy 付給 Bob 15。",
        "zh-hans": "Bob 的拉在此结束：Cy 付给 Bob 15。"}


def read(client, url, language):
    return html_lib.unescape(visible_text(client.get(url, HTTP_ACCEPT_LANGUAGE=ACCEPT[language]).content.decode()))


@pytest.mark.parametrize("language", ACCEPT)
def test_someone_coming_back_is_offered_with_the_balance_they_come_back_with(client, make_session, language):
    session = make_session("zung-jung", names=NAMES)
    services.hands_append(session=session, hands=[HandInput(kind=Hand.Kind.WIN, winner=1, discarder=3, figure=30,
                                                            figure_field="points")])
    client.post(f"/sessions/{session.pk}/seat/3/", {"newcomer": "Eve", "revision": rev(session)})  # Di leaves
    page = read(client, f"/sessions/{session.pk}/seat/2/", language)  # who sits in for Cy?

    assert BACK[language] in page
    assert "the newcomer starts at 0" not in page and "新來的人從 0 開始。" not in page


@pytest.mark.parametrize("language", ACCEPT)
def test_a_leaving_players_chains_end_as_payments(client, make_session, language):
    session = make_session("taiwan", names=NAMES, pay_as_you_go=True)
    services.hands_append(session=session, hands=[HandInput(kind=Hand.Kind.WIN, winner=1, discarder=2, figure=5,
                                                            figure_field="fan")])
    page = read(client, f"/sessions/{session.pk}/seat/1/", language)  # Bob, who holds the chain, leaves

    assert ENDS[language] in page
    assert "(拉))" not in page
