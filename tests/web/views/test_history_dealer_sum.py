"""History says a dealer's win by the table's figure as the notice does (issue 35.17): '5 + Dealer 1 = 6 fan', not
'5 fan before dealer bonus' — in English, 繁 and 简."""
from __future__ import annotations

import html as html_lib

import pytest

from web_helpers import ACCEPT, visible_text

SUM = {"en": "5 + Dealer 1 = 6 fan", "zh-hant": "5 + 莊家 1 = 6 番", "zh-hans": "5 + 庄家 1 = 6 番"}
STREAK = {"en": "3 + 連1 3 = 6 fan", "zh-hant": "3 + 連1 3 = 6 番", "zh-hans": "3 + 连1 3 = 6 番"}


@pytest.mark.parametrize("language", ACCEPT)
def test_the_history_row_of_a_dealers_win_writes_the_sum(client, make_session, win, language):
    session = make_session("taiwan", names=["Ann", "Bob", "Cy", "Di"])
    win(session, 0, 1, figure=5, figure_field="pattern_fan")  # Ann deals and wins: the app adds 1
    win(session, 0, 2, figure=3, figure_field="pattern_fan")  # 連1: the app adds 3
    history = html_lib.unescape(visible_text(client.get(f"/sessions/{session.pk}/history/",
                                                        HTTP_ACCEPT_LANGUAGE=ACCEPT[language]).content.decode()))
    notice = html_lib.unescape(visible_text(client.get(f"/sessions/{session.pk}/",
                                                       HTTP_ACCEPT_LANGUAGE=ACCEPT[language]).content.decode()))

    assert SUM[language] in history and STREAK[language] in history
    assert "before dealer bonus" not in history
    assert STREAK[language].split(" = ")[0] in notice  # the session screen's rows say it the same way
