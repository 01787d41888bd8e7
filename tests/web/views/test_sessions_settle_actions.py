"""Settle up finishes the session only on its own button (issue 35.7): a stale form, a typo or a crafted post
changes nothing and says so in the reader's language; Finish session, Reopen and the two settings still work."""
from __future__ import annotations

import html as html_lib

import pytest

from scorekeeper.tables.models import Session

from web_helpers import ACCEPT, visible_text

SAYS = {"en": "Nothing was changed: that button is not on this page any more. Reload Settle up and try again.",
        "zh-hant": "沒有任何更改：這個按鈕已不在此頁上。請重新載入「結算」再試一次。",
        "zh-hans": "没有任何更改：这个按钮已不在此页上。请重新载入“结算”再试一次。"}


def fresh(session):
    return Session.objects.get(pk=session.pk)


@pytest.mark.parametrize("language", ACCEPT)
@pytest.mark.parametrize("posted", [{"action": "finsh"}, {"action": ""}, {}, {"action": "save", "figure": "8"}])
def test_an_unknown_action_changes_nothing_and_says_so(client, make_session, win, posted, language):
    session = make_session("zung-jung")
    win(session, 0, "self", figure=8)
    before = (fresh(session).status, fresh(session).revision)
    response = client.post(f"/sessions/{session.pk}/settle/", posted, HTTP_ACCEPT_LANGUAGE=ACCEPT[language])

    assert response.status_code == 422
    assert (fresh(session).status, fresh(session).revision) == before and fresh(session).is_open
    assert SAYS[language] in html_lib.unescape(visible_text(response.content.decode()))


def test_finishing_is_its_own_button_and_reopening_too(client, make_session):
    session = make_session("zung-jung")
    client.post(f"/sessions/{session.pk}/settle/", {"action": "finish"})
    assert not fresh(session).is_open
    client.post(f"/sessions/{session.pk}/settle/", {"action": "reopen"})
    assert fresh(session).is_open
