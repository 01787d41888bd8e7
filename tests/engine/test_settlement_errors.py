"""Bad sessions answer ok: false with a contract code, a message naming the hand, and the hand's index."""
import pytest

from engine_helpers import settle_json

PLAYERS = ["A", "B", "C", "D"]
GOOD_TW = {"winner": 0, "discarder": 1, "fan": 2}


def error_of(ruleset="taiwan", hands=(), **fields):
    data = {"ruleset": ruleset, "players": PLAYERS, "hands": list(hands), **fields}
    answer = settle_json(data)
    assert answer["ok"] is False, answer
    return answer["error"]


@pytest.mark.parametrize("ruleset, bad, words", [
    ("taiwan", {"winner": 2, "discarder": 2, "fan": 3}, "both the winner and the discarder"),
    ("taiwan", {"winner": 4, "fan": 3}, "'winner' is 4"),
    ("taiwan", {"winner": 1.0, "fan": 3}, "'winner' is 1.0"),
    ("taiwan", {"winner": True, "fan": 3}, "'winner' is True"),
    ("taiwan", {"winner": 1, "discarder": -1, "fan": 3}, "'discarder' is -1"),
    ("taiwan", {"spot": "jackpot", "player": 1}, "unknown on-the-spot kind 'jackpot'"),
    ("taiwan", {"winner": 1, "fan": "ten"}, "'fan' is 'ten'"),
    ("taiwan", {"winner": 1, "fan": 2.5}, "'fan' is 2.5"),
    ("taiwan", {"winner": 1, "fan": -2}, "cannot be negative"),
    ("taiwan", {"winner": 1}, "has no figure"),
    ("taiwan", {"winner": 1, "fan": 2, "points": 2}, "unknown field 'points'"),
    ("taiwan", {"spot": "failed_peng", "player": 1}, "needs 'to'"),
    ("taiwan", {"spot": "flower"}, "needs 'player'"),
    ("taiwan", {"spot": {}, "player": 1}, "unknown on-the-spot kind {}"),  # was a TypeError (unhashable)
    ("taiwan", {"spot": ["flower"], "player": 1}, "unknown on-the-spot kind ['flower']"),
    ("taiwan", {"spot": "flower", "player": 1, "count": 0}, "'count' is 0"),
    ("taiwan", {"spot": "dice_triplet", "player": 2}, "the dealer's"),
    ("taiwan", {"draw": False}, "\"draw\": true"),
    ("taiwan", {"nothing": 1}, "none of a win"),
    ("taiwan", "win", "must be a JSON object"),
    ("taizhou", {"winner": 1, "points": 20, "loser_points": [0, None, None, 4]}, "seat 2 has no points"),
    ("taizhou", {"winner": 1, "points": 20}, "'loser_points' is missing"),
    ("zung-jung", {"spot": "flower", "player": 1}, "no on-the-spot payments"),
    ("zung-jung", {"winner": 1, "points": 30, "responsible": 3}, "self-drawn win has no responsible"),
    ("zung-jung", {"winner": 1, "discarder": 2, "points": 30, "responsible": 1}, "not the winner"),
    ("hk-old", {"winner": 1, "hand": {"concealed": "123m", "winning_tile": "4m", "win": "discard"}}, "discarder"),
])
def test_a_bad_hand_is_named_with_its_number(ruleset, bad, words):
    error = error_of(ruleset, [{"draw": True}, {"draw": True}, bad])
    assert error["code"] == "bad_field"
    assert error["hand"] == 2
    assert error["message"].startswith("hand 3: ")
    assert words in error["message"]


@pytest.mark.parametrize("fields, code, words", [
    ({"ruleset": "riichi"}, "unknown_ruleset", "unknown ruleset 'riichi'"),
    ({"players": ["A", "B", "C"]}, "bad_field", "exactly 4 names"),
    ({"players": ["A", "B", "C", "D", "E"]}, "bad_field", "exactly 4 names"),
    ({"players": ["A", "B", " ", "D"]}, "bad_field", "player 3's name"),
    ({"players": ["A", "B", 3, "D"]}, "bad_field", "player 3's name"),
    ({"dealer": 4}, "bad_field", "'dealer'"),
    ({"stakes": {"base": -10}}, "bad_field", "cannot be negative"),
    ({"stakes": {"per_fan": "-1"}}, "bad_field", "cannot be negative"),
    ({"stakes": {"base": 10.5}}, "bad_field", "decimal string"),
    ({"stakes": {"base": "ten"}}, "bad_field", "'ten'"),
    ({"stakes": {"ante": "1"}}, "bad_field", "unknown stake 'ante'"),
    ({"hand": []}, "bad_field", "unknown field 'hand'"),
])
def test_a_bad_session_is_refused_without_a_hand_number(fields, code, words):
    error = error_of(**fields)
    assert error["code"] == code
    assert "hand" not in error
    assert words in error["message"]


def test_hands_must_be_a_list():
    answer = settle_json({"ruleset": "taiwan", "players": PLAYERS, "hands": {"0": {"draw": True}}})
    assert answer["error"]["code"] == "bad_field" and "'hands' must be a list" in answer["error"]["message"]


def test_a_session_that_is_not_an_object_is_bad_field():
    assert settle_json(["taiwan"])["error"]["code"] == "bad_field"


def test_options_are_checked_settlement_and_house_alike():
    assert error_of("zung-jung", options={"payoff": "winner_takes_all"})["code"] == "bad_field"
    assert "unknown option 'chiken'" in error_of("zung-jung", options={"chiken": 0})["message"]


def test_the_scorers_own_error_is_passed_on_for_the_hand():
    not_a_win = {"concealed": "123m456p789s1357z", "winning_tile": "2m", "win": "discard"}
    error = error_of("zung-jung", [{"draw": True}, {"winner": 1, "discarder": 2, "hand": not_a_win}])
    assert error["code"] == "not_winning"
    assert error["hand"] == 1 and error["message"].startswith("hand 2: ")


def test_a_hand_for_another_ruleset_is_refused():
    error = error_of("zung-jung", [{"winner": 1, "discarder": 2, "hand": {"ruleset": "taiwan"}}])
    assert error["code"] == "bad_field" and "the session plays zung-jung" in error["message"]


def test_a_hand_whose_win_contradicts_the_discarder_is_refused():
    tiles = {"concealed": "123m456p789s1122z", "winning_tile": "1z", "win": "discard"}
    error = error_of("zung-jung", [{"winner": 1, "discarder": None, "hand": tiles}])
    assert error["code"] == "bad_field" and "no discarder" in error["message"]


def test_the_first_bad_hand_is_the_one_reported():
    error = error_of("taiwan", [GOOD_TW, {"winner": 9, "fan": 1}, {"spot": "nope"}])
    assert error["hand"] == 1
