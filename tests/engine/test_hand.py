"""Reading a hand: each contract error code, with a message naming the offending part."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine_helpers import score_json

BASE = {"ruleset": "zung-jung", "concealed": "123m456p789s1122z", "winning_tile": "1z", "win": "discard"}


def error_of(**changes):
    data = {**BASE, **changes}
    answer = score_json({k: v for k, v in data.items() if v is not None})
    assert answer["ok"] is False, answer
    return answer["error"]["code"], answer["error"]["message"]


def test_five_copies_are_named_in_a_players_words():
    code, message = error_of(concealed="3333p56p789s1122z", winning_tile="3p")
    assert code == "too_many_copies"
    assert message == "5 copies of 3p: there are only 4 of each tile"


def test_copies_count_melds_and_the_winning_tile():
    code, _ = error_of(concealed="3p56p789s1122z", winning_tile="3p",
                       melds=[{"kind": "pung", "tiles": "333p"}])
    assert code == "too_many_copies"


def test_each_flower_exists_once():
    code, message = error_of(bonus_tiles="1f1f")
    assert code == "too_many_copies" and "1f" in message


def test_unknown_ruleset():
    code, message = error_of(ruleset="riichi")
    assert code == "unknown_ruleset" and "riichi" in message


@pytest.mark.parametrize("field, value, part", [
    ("concealed", "123m456p789s1122q", "q"), ("winning_tile", "0p", "0p"), ("bonus_tiles", "9f", "9f"),
])
def test_bad_tiles(field, value, part):
    code, message = error_of(**{field: value})
    assert code == "bad_tile" and part in message


def test_wrong_tile_count_says_how_many():
    code, message = error_of(concealed="123m456p789s112z")
    assert code == "wrong_tile_count"
    assert "12 tiles before the win" in message and "13" in message


@pytest.mark.parametrize("meld, part", [
    ({"kind": "chow", "tiles": "135m"}, "three tiles in a row"),
    ({"kind": "pung", "tiles": "556m"}, "3 identical"),
    ({"kind": "kong", "tiles": "555m"}, "4 tiles"),
    ({"kind": "chow", "tiles": "123z"}, "three tiles in a row"),
    ({"kind": "pair", "tiles": "55m"}, "'pair'"),
    ({"kind": "pung", "tiles": "111f"}, "flowers"),
])
def test_bad_melds(meld, part):
    code, message = error_of(concealed="456p789s1122z", melds=[meld])
    assert code == "bad_meld" and part in message and "meld 1" in message


@pytest.mark.parametrize("changes, part", [
    ({"win": "tsumo"}, "win"), ({"win": None}, "win"), ({"seat_wind": "X"}, "seat_wind"),
    ({"events": ["lucky"]}, "lucky"), ({"dealer": "yes"}, "dealer"), ({"dealer_streak": -1}, "dealer_streak"),
    ({"options": {"unknown": 1}}, "unknown"), ({"options": {"chicken": 5}}, "chicken"),
    ({"role": "loser", "winning_tile": None}, "winner"), ({"wild": "5p"}, "wild"), ({"winning": "1z"}, "winning"),
    ({"concealed": 123}, "concealed"), ({"winning_tile": None}, "winning_tile"),
])
def test_bad_fields(changes, part):
    code, message = error_of(**changes)
    assert code == "bad_field" and part in message


def test_not_winning():
    code, message = error_of(concealed="123m456p789s1357z", winning_tile="2z")
    assert code == "not_winning" and "2z" in message


def test_a_hand_that_is_not_an_object():
    assert score_json([1, 2])["error"]["code"] == "bad_field"


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 33), st.integers(5, 8))
def test_impossible_tile_counts_are_always_too_many_copies(kind, copies):
    from scorekeeper.engine.tiles import format_tiles
    filler = [k for k in (0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 28, 29, 30) if k != kind]
    tiles = [kind] * copies + filler[: 13 - copies]
    answer = score_json({**BASE, "concealed": format_tiles(tiles), "winning_tile": "7z" if kind != 33 else "6z"})
    assert answer["error"]["code"] == "too_many_copies"


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 20).filter(lambda n: n != 13))
def test_any_wrong_count_is_wrong_tile_count(size):
    from scorekeeper.engine.tiles import format_tiles
    answer = score_json({**BASE, "concealed": format_tiles(range(size)), "winning_tile": "1z"})
    assert answer["error"]["code"] == "wrong_tile_count"


# -- events must fit how the hand was won (README.md `events`, rules review 2026-11-23) ----------
WINNERS = {
    "zung-jung": {"concealed": "123m456p789s1122z", "winning_tile": "1z"},
    "hk-old": {"concealed": "123m456p789s1122z", "winning_tile": "1z"},
    "taiwan": {"concealed": "123m456m789p234s567s5p", "winning_tile": "5p"},
    "taizhou": {"concealed": "123m456p789s234m5m", "winning_tile": "5m", "wild": "8p"},
    "fujian": {"concealed": "123m456m789p234s567s5p", "winning_tile": "5p", "wild": "9s"},
}
WALL_EVENTS = ("last_tile", "kong_replacement", "three_golds", "robbing_gold")
CLAIM_EVENTS = ("last_discard", "robbing_kong")
MISFITS = [(e, "discard") for e in WALL_EVENTS] + [(e, "self_draw") for e in CLAIM_EVENTS]


@pytest.mark.parametrize("ruleset", sorted(WINNERS))
@pytest.mark.parametrize("event, win", MISFITS)
def test_an_event_that_does_not_fit_the_win_is_refused_in_every_ruleset(ruleset, event, win):
    data = {"ruleset": ruleset, **WINNERS[ruleset], "win": win, "events": [event]}
    answer = score_json(data)
    assert answer["ok"] is False and answer["error"]["code"] == "bad_field", answer
    needed = "self_draw" if win == "discard" else "discard"
    message = answer["error"]["message"]
    assert message.startswith(f"{event} (") and message.endswith(f"needs win {needed}: the hand says {win}")


@pytest.mark.parametrize("ruleset", sorted(WINNERS))
@pytest.mark.parametrize("event, win", [("last_tile", "self_draw"), ("kong_replacement", "self_draw"),
                                        ("last_discard", "discard"), ("robbing_kong", "discard")])
def test_an_event_that_fits_the_win_is_scored_in_every_ruleset(ruleset, event, win):
    # near miss of the above: the same hand and event with the win it names
    answer = score_json({"ruleset": ruleset, **WINNERS[ruleset], "win": win, "events": [event]})
    assert answer["ok"] is True, answer


def test_a_mismatch_names_the_event_in_a_players_words():
    data = {"ruleset": "taiwan", **WINNERS["taiwan"], "win": "discard", "events": ["kong_replacement"]}
    assert score_json(data)["error"]["message"] == (
        "kong_replacement (won on a kong's replacement tile) needs win self_draw: the hand says discard")


def test_a_losers_hand_takes_no_events():
    loser = {"ruleset": "taizhou", "concealed": "66z147m258p36s111z", "wild": "1s", "role": "loser"}
    assert score_json(loser)["ok"] is True
    for event in ("kong_replacement", "robbing_kong"):
        answer = score_json({**loser, "events": [event]})
        assert answer["error"]["code"] == "bad_field" and "loser" in answer["error"]["message"]
