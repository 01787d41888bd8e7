"""On the spot: every mistake is told beside its field in a player's words, never the engine's text."""
from __future__ import annotations

import re

import pytest

from scorekeeper.tables.models import Hand

from web_helpers import rev


@pytest.mark.parametrize("fields, words", [
    ({}, ["Choose which payment it is."]),
    ({"kind": "flower"}, ["Choose who pays or receives.", "How many tiles? Enter 1 or more."]),
    ({"kind": "grass", "player": "1", "count": "0"}, ["How many tiles? Enter 1 or more."]),
    ({"kind": "grass", "player": "1", "count": "9"}, ["At most 8: there are 8 flowers and seasons."]),
    ({"kind": "failed_peng", "player": "1"}, ["Choose who discarded the tile."]),
    ({"kind": "failed_peng", "player": "1", "to": "1"}, ["A player cannot pay themselves: choose the discarder."]),
    ({"kind": "chase", "player": "7"}, ["Choose one of the four players."]),
])
def test_each_mistake_in_words(client, make_session, fields, words):
    session = make_session("taiwan")
    response = client.post(f"/sessions/{session.pk}/spot/", {"token": "", "revision": rev(session), **fields})
    page = response.content.decode()
    assert response.status_code == 422
    assert re.findall(r'<p class="error"[^>]*>([^<]+)<', page) == words
    assert "&#x27;" not in "".join(re.findall(r'<p class="error"[^>]*>([^<]+)<', page))  # no engine field names
    assert Hand.objects.filter(session=session).count() == 0
