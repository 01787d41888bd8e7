"""Reading several wins on one discard `{"discarder": j, "winners": [...]}` (README.md, ruling 2026-11-28): only
where the ruleset offers the house option `several_winners` (taiwan) and the table turned it on; every refusal is
`bad_field`, its message saying what is wrong, and names the hand at fault."""
import pytest

from engine_helpers import settle_json

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
ON = {"several_winners": True}
TWO = [{"winner": 3, "fan": 5}, {"winner": 1, "fan": 3}]


def session_error(hands, ruleset="taiwan", options=ON):
    answer = settle_json({"ruleset": ruleset, "players": PLAYERS, "options": options, "hands": hands})
    assert answer["ok"] is False, answer
    assert answer["error"]["code"] == "bad_field"
    return answer["error"]


def error_of(hand, ruleset="taiwan", options=ON, before=()):
    error = session_error([*before, hand], ruleset, options)
    assert error["hand"] == len(before)
    return error


# the worked examples' six refusals (../shared/cases/upcoming/several-winners.jsonl), with what each says
@pytest.mark.parametrize("ruleset, options, hand, message", [
    ("taiwan", {}, {"discarder": 2, "winners": TWO},
     "hand 1: this table plays 截糊 (its house option several_winners is off): only the winner nearest in turn "
     "after the discarder wins, so enter that one win"),
    ("taiwan", ON, {"discarder": 2, "winners": [{"winner": 2, "fan": 5}, {"winner": 1, "fan": 3}]},
     "hand 1: seat 2 discarded the tile and is also named in 'winners': a player cannot win on their own discard"),
    ("taiwan", ON, {"discarder": 2, "winners": [{"winner": 1, "fan": 3}]},
     "hand 1: 'winners' names one winner: several wins on one discard are two or three, and a single win names "
     "its 'winner' and 'discarder' without 'winners'"),
    ("taiwan", ON, {"discarder": 2, "winners": [{"winner": 1, "fan": 3}, {"winner": 1, "fan": 4}]},
     "hand 1: seat 1 is named twice in 'winners': each player wins once on a discard"),
    ("taiwan", ON, {"discarder": None, "winners": [{"winner": 1, "fan": 3}, {"winner": 3, "fan": 4}]},
     "hand 1: several winners win on one discarded tile: name its 'discarder' (a self-drawn tile has one winner)"),
    ("zung-jung", {}, {"discarder": 2, "winners": [{"winner": 3, "points": 25}, {"winner": 1, "points": 30}]},
     "hand 1: zung-jung plays 截糊: only the winner nearest in turn after the discarder wins, so a hand names "
     "one 'winner', never 'winners'"),
], ids=["option-off", "discarder-wins", "just-one", "twice", "self-draw", "zung-jung"])
def test_the_worked_refusals_say_what_is_wrong(ruleset, options, hand, message):
    assert error_of(hand, ruleset, options)["message"] == message


@pytest.mark.parametrize("ruleset", ["zung-jung", "hk-old", "taizhou", "fujian", "hk-faan"])
def test_every_other_ruleset_plays_jie_hu_and_has_no_such_option(ruleset):
    error = error_of({"discarder": 2, "winners": TWO}, ruleset, {})
    assert error["template"].startswith("{ruleset} plays 截糊")
    assert session_error([], ruleset, ON)["message"].startswith("unknown option 'several_winners' for")


def test_a_winner_naming_a_discarder_of_its_own_is_refused_even_the_same_one():
    for own in (2, 0, None):
        hand = {"discarder": 2, "winners": [{"winner": 3, "fan": 5}, {"winner": 1, "discarder": own, "fan": 3}]}
        assert error_of(hand)["message"] == (
            "hand 1: winner 2 in 'winners' names a 'discarder' of its own: every winner wins on the one tile "
            "discarded, named once beside 'winners'")


@pytest.mark.parametrize("hand, words", [
    ({"discarder": 2, "winners": []}, "'winners' is a list of the wins on this discard"),
    ({"discarder": 2, "winners": {"winner": 1, "fan": 3}}, "'winners' is a list of the wins on this discard"),
    ({"discarder": 2, "winners": [{"winner": 1, "fan": 3}, 3]}, "'winners' is a list of the wins on this discard"),
    ({"winners": TWO}, "name its 'discarder'"),
    ({"discarder": 4, "winners": TWO}, "'discarder' is 4: a seat is 0, 1, 2 or 3"),
    ({"discarder": 2, "winners": [{"winner": 1, "fan": 3}, {"fan": 4}]}, "winner 2 in 'winners' does not say who"),
    ({"discarder": 2, "winners": [{"winner": 1, "fan": 3}, {"winner": 5, "fan": 4}]}, "'winner' is 5"),
    ({"discarder": 2, "winners": [{"winner": 1, "fan": 3}, {"winner": 0}]}, "has no figure"),
    ({"discarder": 2, "winners": [{"winner": 1, "fan": 3}, {"winner": 0, "points": 3}]}, "unknown field 'points'"),
    ({"discarder": 2, "winner": 1, "winners": TWO}, "unknown field 'winner' in several wins on one discard"),
    ({"discarder": 2, "fan": 3, "winners": TWO}, "unknown field 'fan' in several wins on one discard"),
    ({"discarder": 0, "winners": [{"winner": 1, "fan": 3}, {"winner": 2, "fan": 1}, {"winner": 3, "fan": 2},
                                  {"winner": 1, "fan": 2}]}, "seat 1 is named twice"),
])
def test_a_malformed_entry_is_refused_in_words(hand, words):
    assert words in error_of(hand)["message"]


def test_a_winner_given_by_tiles_must_be_a_discard_win():
    hand = {"concealed": "123m456m789m123p456p7s", "winning_tile": "7s", "win": "self_draw"}
    error = error_of({"discarder": 2, "winners": [{"winner": 1, "fan": 3}, {"winner": 3, "hand": hand}]})
    assert error["message"] == "hand 1: the hand says win 'self_draw' but the win has discarder 2"


def test_the_option_is_true_or_false():
    error = session_error([], options={"several_winners": 1})
    assert error["message"] == "option 'several_winners' is 1: it must be one of false, true"


def test_the_refused_hand_is_named_by_its_place_and_the_template_keeps_its_facts():
    error = error_of({"discarder": 2, "winners": [{"winner": 1, "fan": 3}, {"winner": 1, "fan": 4}]},
                     before=[{"draw": True}, {"winner": 0, "discarder": 1, "fan": 2}])
    assert error["message"].startswith("hand 3: ")
    assert (error["template"], error["facts"]) == (
        "seat {seat} is named twice in 'winners': each player wins once on a discard", {"seat": 1})
