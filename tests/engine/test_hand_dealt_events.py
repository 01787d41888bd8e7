"""Heavenly and earthly hands (README.md `events`, ruling 2026-11-25), in every ruleset, through
`score` and through a hand given as tiles in `settle`: `heavenly` is a self-draw and `earthly` a
discard, neither with any meld, a concealed kong included (Zung Jung 9.4.1); otherwise `bad_field`."""
from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine import RULESET_KEYS, get_ruleset

from engine_helpers import score_json, settle_json

# Per ruleset: fields every hand takes, a winning hand without melds, and the same hand with one
# set taken out of `concealed` (the meld is added by the test). The ruling holds in every ruleset:
# a new one needs its line here (test_every_ruleset_has_a_dealt_hand_here).
HANDS: dict[str, tuple[dict[str, Any], str, str]] = {
    "taiwan": ({}, "123m456m789m123p456p7p", "456m789m123p456p7p"),
    "zung-jung": ({}, "123m456m789m123p7p", "456m789m123p7p"),
    "hk-old": ({}, "123m456m789m123p7p", "456m789m123p7p"),
    "taizhou": ({"wild": "8p"}, "123m456m789m123p7p", "456m789m123p7p"),
    "fujian": ({"wild": "9s", "bonus_tiles": "1z"}, "123m456m789m123p456p7p", "456m789m123p456p7p"),
    "hk-faan": ({"options": {"min_faan": 0}}, "123m456m789m123p7p", "456m789m123p7p"),  # its minimum: 3 faan
}
MELDS = {"exposed pung": {"kind": "pung", "tiles": "777s"},
         "concealed kong": {"kind": "concealed_kong", "tiles": "7777s"}}
# the way each event is won, and the seat that wins it
VALID = {"heavenly": ("self_draw", {"dealer": True, "seat_wind": "E"}),
         "earthly": ("discard", {"dealer": False, "seat_wind": "S"})}
WRONG_WIN = {"heavenly": "discard", "earthly": "self_draw"}


def test_every_ruleset_has_a_dealt_hand_here() -> None:
    assert set(RULESET_KEYS) <= set(HANDS), "add a plain winning hand for the new ruleset to HANDS"


def hand(ruleset: str, event: str, *, win: str | None = None, meld: str | None = None) -> dict[str, Any]:
    fields, plain, melded = HANDS[ruleset]
    valid_win, seat = VALID[event]
    data = {"ruleset": ruleset, **fields, **seat, "concealed": plain, "winning_tile": "7p",
            "win": win or valid_win, "events": [event]}
    if meld is not None:
        data.update(concealed=melded, melds=[MELDS[meld]])
    return data


def refused(answer: dict[str, Any]) -> str:
    assert answer["ok"] is False and answer["error"]["code"] == "bad_field", answer
    return str(answer["error"]["message"])


@pytest.mark.parametrize("ruleset", HANDS)
@pytest.mark.parametrize("event", VALID)
def test_the_valid_forms_still_score(ruleset: str, event: str) -> None:
    answer = score_json(hand(ruleset, event))
    assert answer["ok"], answer


@pytest.mark.parametrize("ruleset", HANDS)
def test_a_heavenly_hand_won_on_a_discard_is_refused(ruleset: str) -> None:
    message = refused(score_json(hand(ruleset, "heavenly", win="discard")))
    assert message == "heavenly (won on the dealer's dealt tiles) needs win self_draw: the hand says discard"


@pytest.mark.parametrize("ruleset", HANDS)
def test_an_earthly_hand_self_drawn_is_refused(ruleset: str) -> None:
    message = refused(score_json(hand(ruleset, "earthly", win="self_draw")))
    assert message == "earthly (won on the dealer's first discard) needs win discard: the hand says self_draw"


@pytest.mark.parametrize("ruleset", HANDS)
@pytest.mark.parametrize("event", VALID)
@pytest.mark.parametrize("meld", MELDS)
def test_a_dealt_hand_with_a_meld_is_refused(ruleset: str, event: str, meld: str) -> None:
    data = hand(ruleset, event, meld=meld)
    assert score_json({**data, "events": []})["ok"]  # the same tiles score without the event
    message = refused(score_json(data))
    tiles = MELDS[meld]["tiles"]
    assert message.endswith(f"is won before any meld is made, a concealed kong included: this hand has "
                            f"{'a' if meld == 'concealed kong' else 'an'} {meld} {tiles}")


def test_zung_jung_blessing_of_heaven_after_a_concealed_kong_is_refused_not_scored() -> None:
    # Zung Jung 9.4.1: Blessing of Heaven does not count after a concealed kong
    data = hand("zung-jung", "heavenly", meld="concealed kong")
    refused(score_json({**data, "events": ["heavenly", "kong_replacement"]}))


@pytest.mark.parametrize("ruleset, key", [("zung-jung", "blessing_of_heaven"), ("taiwan", "heavenly")])
def test_a_heavenly_hand_counts_where_the_table_has_it(ruleset: str, key: str) -> None:
    answer = score_json(hand(ruleset, "heavenly"))
    assert key in {p["key"] for p in answer["patterns"]}


# -- the same hands inside `settle` ------------------------------------------------------------
def session(ruleset: str, win: dict[str, Any]) -> dict[str, Any]:
    return {"ruleset": ruleset, "players": ["A", "B", "C", "D"], "dealer": 0, "hands": [{"draw": True}, win]}


def settled_win(ruleset: str, tiles: dict[str, Any], winner: int, discarder: int | None) -> dict[str, Any]:
    given = {k: v for k, v in tiles.items() if k not in ("ruleset", "dealer", "seat_wind", "win")}
    win: dict[str, Any] = {"winner": winner, "discarder": discarder, "hand": given}
    if "loser_points" in get_ruleset(ruleset).payoff.win_fields:  # taizhou.md: every loser's points come with the win
        win["loser_points"] = [None if seat == winner else 0 for seat in range(4)]
    return win


def dealer_after_a_draw(ruleset: str) -> int:
    return int(settle_json(session(ruleset, {"draw": True}))["hands"][1]["dealer"])


@pytest.mark.parametrize("ruleset", HANDS)
@pytest.mark.parametrize("event, discarded", [("heavenly", True), ("earthly", False)])
def test_settle_refuses_a_dealt_hand_won_the_wrong_way(ruleset: str, event: str, discarded: bool) -> None:
    dealer = dealer_after_a_draw(ruleset)
    winner, other = (dealer, (dealer + 1) % 4) if event == "heavenly" else ((dealer + 1) % 4, dealer)
    win = settled_win(ruleset, hand(ruleset, event), winner, other if discarded else None)
    answer = settle_json(session(ruleset, win))
    assert answer["ok"] is False and answer["error"]["code"] == "bad_field", answer
    assert answer["error"]["hand"] == 1 and f"{event} (" in answer["error"]["message"]


@pytest.mark.parametrize("ruleset", HANDS)
@pytest.mark.parametrize("event", VALID)
def test_settle_refuses_a_dealt_hand_with_a_meld_and_scores_the_valid_one(ruleset: str, event: str) -> None:
    dealer = dealer_after_a_draw(ruleset)
    winner, other = (dealer, None) if event == "heavenly" else ((dealer + 1) % 4, dealer)
    valid = settle_json(session(ruleset, settled_win(ruleset, hand(ruleset, event), winner, other)))
    assert valid["ok"], valid
    melded = settled_win(ruleset, hand(ruleset, event, meld="concealed kong"), winner, other)
    answer = settle_json(session(ruleset, melded))
    assert answer["ok"] is False and answer["error"]["code"] == "bad_field", answer
    assert "a concealed kong included" in answer["error"]["message"]
