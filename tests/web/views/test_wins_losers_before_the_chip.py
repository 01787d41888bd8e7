"""Where the losers score too (taizhou: the ruleset's payoff takes their points), a figure chip does not save
every loser at 0 unseen (issue 35.5): the first tap picks the figure and asks for the losers' points, in the
reader's language; once they were shown, Save (or the chip again) saves them. Elsewhere a chip still saves at once."""
from __future__ import annotations

import html as html_lib
import re

import pytest

from scorekeeper.engine.rulesets import RULESET_KEYS, get_ruleset
from scorekeeper.tables.models import Hand

from web_helpers import ACCEPT, figure_shown, rev, visible_text

ASKS = {"en": "The figure is chosen: type each loser's points (0 if none), then Save.",
        "zh-hant": "已選好分數：輸入每位輸家的分數（沒有就填 0），然後儲存。",
        "zh-hans": "已选好分数：输入每位输家的分数（没有就填 0），然后保存。"}


def losers_score(ruleset: str) -> bool:
    return get_ruleset(ruleset).payoff.loser_points


def tap_chip(client, session, figure, language="en", **fields):
    data = {"winner": "1", "how": "2", "mode": "figure", "figure_field": "", "token": f"t-{rev(session)}",
            "revision": rev(session), "figure_chip": str(figure)} | fields
    return client.post(f"/sessions/{session.pk}/win/", data, HTTP_ACCEPT_LANGUAGE=ACCEPT[language])


@pytest.mark.parametrize("language", ACCEPT)
def test_the_first_chip_asks_for_the_losers_points(client, make_session, language):
    session = make_session("taizhou")
    page = tap_chip(client, session, 30, language).content.decode()

    assert not Hand.objects.exists()
    assert figure_shown(page) == "30"
    assert ASKS[language] in html_lib.unescape(visible_text(page))
    assert 'name="losers_seen"' in page
    assert re.search(r'<input id="loser-0" name="loser_points_0"[^>]*\sautofocus', page)  # the first loser's


def test_the_losers_points_typed_after_the_chip_are_saved_and_paid_between_losers(client, make_session):
    session = make_session("taizhou")
    tap_chip(client, session, 30)
    saved = tap_chip(client, session, 30, losers_seen="1", loser_points_0="20", loser_points_2="0",
                     loser_points_3="10")
    hand = Hand.objects.get(session=session)

    assert saved.status_code == 302
    assert (hand.figure, hand.loser_points) == (30, [20, None, 0, 10])


@pytest.mark.parametrize("ruleset", RULESET_KEYS)
def test_only_a_ruleset_whose_losers_score_asks_first(client, make_session, ruleset):
    session = make_session(ruleset)
    figure = get_ruleset(ruleset).figures_at({})[0]
    tap_chip(client, session, figure)
    assert Hand.objects.filter(session=session).exists() != losers_score(ruleset)
