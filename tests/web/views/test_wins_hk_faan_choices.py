"""hk-faan offers only the choices its engine takes (issue 35.2): on a discard win only the discarder may be
named responsible (包), and a robbed kong is never self-drawn. Both are read from the engine (the ruleset's
`responsible_on_discard`, hand.EVENT_WINS), not from the ruleset's name."""
from __future__ import annotations

import re

import pytest

from scorekeeper.tables.models import Hand

from web_helpers import rev


def responsible_options(page: str) -> list[str]:
    select = re.search(r'<select name="responsible".*?</select>', page, re.S)
    return re.findall(r'<option\s+value="([^"]*)"', select.group(0)) if select else []


def form(client, session, **fields) -> str:
    """The win form after a tap (no save): as the phone redraws it."""
    data = {"mode": "figure", "revision": rev(session), **fields}
    return client.post(f"/sessions/{session.pk}/win/", data).content.decode()


def test_a_discard_win_offers_only_the_discarder_as_responsible(client, make_session):
    session = make_session("hk-faan")
    page = form(client, session, winner="1", how="2")
    assert responsible_options(page) == ["", "2"]  # no one, or Cy who discarded


def test_a_self_draw_offers_each_loser_as_responsible(client, make_session):
    session = make_session("hk-faan")
    page = form(client, session, winner="1", how="self")
    assert responsible_options(page) == ["", "0", "2", "3"]


def robbed_kong_offered(page: str) -> bool:
    return 'value="robbing_kong"' in page


def test_robbed_a_kong_is_offered_on_a_discard_and_not_on_a_self_draw(client, make_session):
    session = make_session("hk-faan")
    assert robbed_kong_offered(form(client, session, winner="1", how="2"))
    assert not robbed_kong_offered(form(client, session, winner="1", how="self"))


@pytest.mark.parametrize("ruleset", ["zung-jung", "hk-old"])
def test_other_rulesets_keep_their_choices(client, make_session, ruleset):
    session = make_session(ruleset)
    page = form(client, session, winner="1", how="2", mode="tiles")
    if ruleset == "zung-jung":  # its responsible is any loser, the discarder by default
        assert responsible_options(page) == ["", "0", "2", "3", "none"]
    assert robbed_kong_offered(page)
    assert not robbed_kong_offered(form(client, session, winner="1", how="self", mode="tiles"))


def test_a_choice_made_before_the_win_changed_is_not_kept_so_the_chip_saves(client, make_session):
    """包 Di on a self-draw, then it was Cy's discard: the chip tap saves (Cy pays, as a discard), not a
    refusal that comes back with Di still chosen."""
    session = make_session("hk-faan")
    data = {"winner": "1", "how": "2", "mode": "figure", "figure_chip": "3", "responsible": "3",
            "token": f"t-{rev(session)}", "revision": rev(session)}
    response = client.post(f"/sessions/{session.pk}/win/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    hand = Hand.objects.get(session=session)
    assert (hand.discarder, hand.responsible, hand.figure) == (2, None, 3)


def test_a_robbed_kong_left_ticked_when_the_win_became_a_self_draw_is_not_sent(client, make_session):
    session = make_session("hk-faan")
    data = {"winner": "1", "how": "self", "mode": "figure", "figure_chip": "3", "event": "robbing_kong",
            "token": f"t-{rev(session)}", "revision": rev(session)}
    assert client.post(f"/sessions/{session.pk}/win/", data).status_code == 302
    assert Hand.objects.get(session=session).events == []
