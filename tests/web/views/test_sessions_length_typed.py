"""New session: a number of hands typed is never ignored without a word (issue 35.14). With Open-ended (the choice
left as it came) the session lasts that many hands; beside a number of rounds the form asks which was meant, in
the reader's language."""
from __future__ import annotations

import html as html_lib

import pytest

from scorekeeper.tables.models import Session

from web_helpers import ACCEPT, visible_text

NEW_SESSION = {"ruleset": "zung-jung", "east": "Ann", "south": "Bob", "west": "Cy", "north": "Di",
               "first_dealer": "0", "pay_as_you_go": "tab", "stake_per_point": "1", "option_chicken": "1",
               "option_payoff": '"competition"', "option_round_to": '"exact"'}
ASKS = {"en": "You chose “One round (一圈)” and typed 16 hands: clear the number, or choose “A number of hands”.",
        "zh-hant": "你選了「一圈」，又輸入了 16 手：請清除手數，或選「打幾手」。",
        "zh-hans": "你选了“一圈”，又输入了 16 手：请清除手数，或选“打几手”。"}


def test_a_number_typed_with_open_ended_makes_a_session_of_that_many_hands(client):
    response = client.post("/sessions/new/", NEW_SESSION | {"length": "open", "length_hands": "16"})
    assert response.status_code == 302
    session = Session.objects.get()
    assert (session.length_rounds, session.length_hands) == (None, 16)


def test_open_ended_with_no_number_stays_open(client):
    client.post("/sessions/new/", NEW_SESSION | {"length": "open", "length_hands": ""})
    assert (Session.objects.get().length_rounds, Session.objects.get().length_hands) == (None, None)


@pytest.mark.parametrize("language", ACCEPT)
def test_a_number_typed_beside_rounds_is_asked_about(client, language):
    response = client.post("/sessions/new/", NEW_SESSION | {"length": "one_round", "length_hands": "16"},
                           HTTP_ACCEPT_LANGUAGE=ACCEPT[language])
    assert response.status_code == 422 and not Session.objects.exists()
    assert ASKS[language] in html_lib.unescape(visible_text(response.content.decode()))
