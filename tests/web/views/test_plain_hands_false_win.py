"""hk-faan's false win (詐糊) in words that match the engine (issue 35.6): it ends the hand, and a dealer's
false win passes the deal (rules/hk-faan.md), so the on-the-spot page does not say "the deal does not
change"; and a Chinese reader sees 詐糊 once, not "詐糊 (詐糊)"."""
from __future__ import annotations

import re

import pytest

from scorekeeper.engine import RULESETS, settle_session

from web_helpers import ACCEPT, visible_text

ENDS = {"en": "It ends the hand: the dealer's passes the deal", "zh-hant": "它結束這一局：莊家的會過莊",
        "zh-hans": "它结束这一局：庄家的会过庄"}
UNCHANGED = {"en": "the deal does not change", "zh-hant": "不影響坐莊", "zh-hans": "不影响坐庄"}


def spot_page(client, session, language):
    return visible_text(client.get(f"/sessions/{session.pk}/spot/", HTTP_ACCEPT_LANGUAGE=ACCEPT[language])
                        .content.decode())


@pytest.mark.parametrize("language", ["en", "zh-hant", "zh-hans"])
def test_the_false_win_says_it_ends_the_hand_and_how_the_deal_moves(client, make_session, language):
    page = spot_page(client, make_session("hk-faan"), language)
    assert ENDS[language] in page and UNCHANGED[language] not in page, page


@pytest.mark.parametrize("language", ["en", "zh-hant", "zh-hans"])
def test_taiwans_on_the_spot_payments_still_leave_the_deal(client, make_session, language):
    assert UNCHANGED[language] in spot_page(client, make_session("taiwan"), language)


@pytest.mark.parametrize("language, label", [("en", "False win (詐糊)"), ("zh-hant", "詐糊"), ("zh-hans", "诈糊")])
def test_the_false_win_is_named_once(client, make_session, language, label):
    page = spot_page(client, make_session("hk-faan"), language)
    assert label in page
    assert not re.search(r"(詐糊|诈糊) \((詐糊|诈糊)\)", page)


@pytest.mark.parametrize("ruleset", [r for r in RULESETS if r.payoff.has_spots], ids=lambda r: r.key)
def test_the_words_follow_what_the_engine_does_with_the_deal(ruleset):
    """spot_ends_hand, which picks the words, is what the replay does: a dealer's spot entry moves the deal."""
    kind = sorted(ruleset.payoff.spot_kinds)[0]
    needs = ruleset.payoff.spot_needs.get(kind, "")
    spot = {"spot": kind, "player": 0, **({"to": 1} if needs == "to" else {})}
    answer = settle_session({"ruleset": ruleset.key, "players": ["A", "B", "C", "D"], "dealer": 0,
                             "hands": [spot]}).to_json()
    assert answer["ok"], answer
    assert (answer["next"]["dealer"] != 0) == ruleset.payoff.spot_ends_hand
