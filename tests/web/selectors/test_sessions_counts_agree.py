"""Counts agree everywhere: hands are wins and draws; on-the-spot payments are counted apart, the same way
on the home page, the session screen, the history and Settle up."""
from __future__ import annotations

import re

from scorekeeper.tables import services
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Hand


def text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_every_page_counts_2_hands_and_1_spot(client, make_session, win):
    session = make_session("taiwan")
    win(session, 0, "self", figure=3)
    services.spot_record(session=session, entry=HandInput(Hand.Kind.SPOT, spot_kind="chase", spot_player=2))
    services.draw_record(session=session, entry=HandInput(Hand.Kind.DRAW))
    services.session_finish(session=session)
    for url in ("/", f"/sessions/{session.pk}/", f"/sessions/{session.pk}/history/",
                f"/sessions/{session.pk}/settle/"):
        page = text(client.get(url))
        assert "2 hands" in page, url
        assert "1 on-the-spot payment" in page, url
        assert "3 hands" not in page, url
