"""A 拉 chain's end is said once (issue 35.3): at a table paying as it goes, the three payments that end Ann's
chain are one phrase in the notice after the hand and in its History row, not each payment and then each debt
paid again — in English, 繁 and 简."""
import html as html_lib
import re

import pytest

from web_helpers import ACCEPT, visible_text

NAMES = ["Ann", "Bob", "Cat", "Di"]

SAID = {
    "en": ("Bob, Cat and Di pay Ann 15, 13, 12: Ann's chain ends", "Cat now owes Bob 14"),
    "zh-hant": ("Bob、Cat 和 Di 付給 Ann 15、13、12：Ann 的拉結束", "Cat 現欠 Bob 14"),
    "zh-hans": ("Bob、Cat 和 Di 付给 Ann 15、13、12：Ann 的拉结束", "Cat 现欠 Bob 14"),
}
TAB = {
    "en": "Bob, Cat and Di owe Ann 15, 13, 12 on the tab: Ann's chain ends",
    "zh-hant": "Bob、Cat 和 Di 在帳上欠 Ann 15、13、12：Ann 的拉結束",
    "zh-hans": "Bob、Cat 和 Di 在帐上欠 Ann 15、13、12：Ann 的拉结束",
}


def chain_then_its_end(make_session, win, *, paying: bool):
    """Ann wins off Bob 5, off Cat 3, off Di 2 (each debt tracked on her chain), then Bob wins 4 off Cat."""
    session = make_session("taiwan", names=NAMES, pay_as_you_go=paying)
    win(session, 0, 1, figure=5)
    win(session, 0, 2, figure=3)
    win(session, 0, 3, figure=2)
    return session, win(session, 1, 2, figure=4)


def read(client, url: str, language: str) -> str:
    return html_lib.unescape(visible_text(client.get(url, HTTP_ACCEPT_LANGUAGE=ACCEPT[language]).content.decode()))


def amounts_said(text: str) -> list[str]:
    """Every '15', '13' or '12' the text says, which are the chain's three payments."""
    return re.findall(r"(?<![\d.])1[235](?![\d.])", text)


@pytest.mark.parametrize("language", ACCEPT)
def test_the_notice_says_the_chain_end_once(client, make_session, win, language):
    session, hand = chain_then_its_end(make_session, win, paying=True)
    page = read(client, f"/sessions/{session.pk}/?saved={hand.pk}", language)
    notice = page[:page.index(SAID[language][1]) + len(SAID[language][1])]

    assert SAID[language][0] in notice and SAID[language][1] in notice
    sentence = notice[max(0, notice.index(SAID[language][0]) - 80):]
    assert amounts_said(sentence) == ["15", "13", "12"], sentence


@pytest.mark.parametrize("language", ACCEPT)
def test_the_history_row_says_each_payment_once(client, make_session, win, language):
    session, hand = chain_then_its_end(make_session, win, paying=True)
    history = read(client, f"/sessions/{session.pk}/history/", language)
    row = history[history.index("#4"):history.index("#3")]

    assert SAID[language][0] in row and SAID[language][1] in row
    assert amounts_said(row) == ["15", "13", "12"], row


@pytest.mark.parametrize("language", ACCEPT)
def test_a_tab_says_the_chain_end_once_too(client, make_session, win, language):
    session, hand = chain_then_its_end(make_session, win, paying=False)
    history = read(client, f"/sessions/{session.pk}/history/", language)
    row = history[history.index("#4"):history.index("#3")]

    assert TAB[language] in row
    assert amounts_said(row) == ["15", "13", "12"], row


def test_the_win_preview_says_the_chain_end_once(client, make_session, win):
    """Before Bob's win is saved, the preview says the three payments once, under the 拉 heading alone."""
    session = make_session("taiwan", names=NAMES, pay_as_you_go=True)
    for loser, figure in ((1, 5), (2, 3), (3, 2)):
        win(session, 0, loser, figure=figure)
    preview = client.post(f"/sessions/{session.pk}/win/preview/", {
        "winner": "1", "how": "2", "mode": "figure", "figure_field": "fan", "figure": "4"}).content.decode()
    text = html_lib.unescape(visible_text(preview))

    assert SAID["en"][0] in text and SAID["en"][1] in text
    assert amounts_said(text) == ["15", "13", "12"], text
    assert "Who pays whom" not in text
