"""Each ruleset's payments, dealer rotation, streaks and winds, and wins given as tiles."""
import pytest

from engine_helpers import settle_json

PLAYERS = ["A", "B", "C", "D"]


def settle(ruleset, hands, **fields):
    answer = settle_json({"ruleset": ruleset, "players": PLAYERS, "hands": hands, **fields})
    assert answer["ok"], answer
    return answer


def moved(hand):
    return sorted((t["from"], t["to"], t["amount"]) for t in hand["transfers"])


# -- taiwan --------------------------------------------------------------------------------------
def test_taiwan_discard_win_is_paid_by_the_discarder_alone():
    answer = settle("taiwan", [{"winner": 1, "discarder": 3, "fan": 6}])
    assert answer["hands"][0]["tracked"] == [{"from": 3, "to": 1, "amount": "16"}]
    assert answer["balances"] == ["0", "16", "0", "-16"]


def test_taiwan_self_draw_is_paid_by_the_three_others_with_the_default_stakes():
    answer = settle("taiwan", [{"winner": 2, "discarder": None, "fan": 4}])
    assert answer["balances"] == ["-14", "-14", "42", "-14"]


def test_taiwan_losing_dealer_on_a_first_deal_pays_the_plain_fan():
    answer = settle("taiwan", [{"winner": 1, "discarder": 0, "fan": 4}])
    assert answer["balances"] == ["-14", "14", "0", "0"]


def test_taiwan_losing_dealer_on_lian_two_discarding_pays_five_fan_more():
    hands = [{"draw": True}, {"draw": True}, {"winner": 3, "discarder": 0, "fan": 4}]
    answer = settle("taiwan", hands)
    assert answer["hands"][2]["dealer_streak"] == 2
    assert answer["balances"] == ["-19", "0", "0", "19"]


def test_taiwan_pattern_fan_gets_the_winning_dealers_two_n_plus_one():
    hands = [{"draw": True}, {"winner": 0, "discarder": 2, "pattern_fan": 4}]
    answer = settle("taiwan", hands)
    assert answer["balances"] == ["17", "0", "-17", "0"]  # 10 + (4 + 3) on 連一


def test_taiwan_pattern_fan_of_a_non_dealer_is_the_fan():
    answer = settle("taiwan", [{"winner": 1, "discarder": 2, "pattern_fan": 4}])
    assert answer["balances"] == ["0", "14", "-14", "0"]


def test_taiwan_dealer_keeps_the_deal_on_a_win_and_a_draw_and_passes_on_a_loss():
    hands = [{"winner": 0, "discarder": None, "fan": 1}, {"draw": True}, {"winner": 2, "discarder": 1, "fan": 1},
             {"winner": 3, "discarder": 1, "fan": 1}]
    answer = settle("taiwan", hands)
    assert [(h["dealer"], h["dealer_streak"]) for h in answer["hands"]] == [(0, 0), (0, 1), (0, 2), (1, 0)]
    assert answer["next"]["dealer"] == 2


@pytest.mark.parametrize("spot, balances", [
    ({"spot": "flower", "player": 1}, ["-10", "30", "-10", "-10"]),
    ({"spot": "flower", "player": 1, "count": 3}, ["-30", "90", "-30", "-30"]),
    ({"spot": "grass", "player": 1}, ["-20", "60", "-20", "-20"]),
    ({"spot": "concealed_kong", "player": 2}, ["-10", "-10", "30", "-10"]),
    ({"spot": "unrevealed_kong", "player": 2}, ["20", "20", "-60", "20"]),
    ({"spot": "chase", "player": 3}, ["10", "10", "10", "-30"]),
    ({"spot": "dice_123"}, ["-30", "10", "10", "10"]),
    ({"spot": "dice_triplet", "player": 0}, ["30", "-10", "-10", "-10"]),
    ({"spot": "false_win", "player": 1}, ["40", "-120", "40", "40"]),
    ({"spot": "failed_peng", "player": 1, "to": 3}, ["0", "-10", "0", "10"]),
])
def test_taiwan_each_spot_kind_pays_at_once(spot, balances):
    answer = settle("taiwan", [spot])
    hand = answer["hands"][0]
    assert answer["balances"] == balances
    assert hand["kind"] == "spot" and hand["tracked"] == [] and hand["transfers"]


def test_taiwan_spot_stakes_unit_flower_and_grass_units():
    stakes = {"base": "10", "unit": "5", "flower_units": "2", "grass_units": "3"}
    answer = settle("taiwan", [{"spot": "flower", "player": 0}, {"spot": "grass", "player": 0}], stakes=stakes)
    assert answer["balances"] == ["75", "-25", "-25", "-25"]


def test_taiwan_unit_defaults_to_the_base():
    answer = settle("taiwan", [{"spot": "chase", "player": 0}], stakes={"base": "20"})
    assert answer["balances"] == ["-60", "20", "20", "20"]


def test_taiwan_spot_changes_no_dealer_streak_or_chain():
    hands = [{"winner": 0, "discarder": None, "fan": 2}, {"spot": "flower", "player": 1},
             {"winner": 0, "discarder": 1, "fan": 2}]
    answer = settle("taiwan", hands)
    spot, after = answer["hands"][1], answer["hands"][2]
    assert (spot["dealer"], spot["dealer_streak"]) == (0, 1)
    assert (after["dealer"], after["dealer_streak"]) == (0, 1)
    assert {"from": 1, "to": 0, "amount": "30"} in after["tracked"]  # 12 × 1.5 + 12: the chain held


# -- zung-jung ------------------------------------------------------------------------------------
@pytest.mark.parametrize("hand, balances", [
    ({"winner": 1, "discarder": None, "points": 40}, ["-40", "120", "-40", "-40"]),
    ({"winner": 1, "discarder": 2, "points": 25}, ["-25", "75", "-25", "-25"]),
    ({"winner": 1, "discarder": 2, "points": 40}, ["-25", "120", "-70", "-25"]),
    ({"winner": 1, "discarder": 2, "points": 40, "responsible": 3}, ["-25", "120", "-25", "-70"]),
    ({"winner": 1, "discarder": 2, "points": 40, "responsible": None}, ["-40", "120", "-40", "-40"]),
])
def test_zung_jung_competition_payoff(hand, balances):
    assert settle("zung-jung", [hand])["balances"] == balances


def test_zung_jung_uniform_payoff_makes_every_loser_pay_the_value():
    answer = settle("zung-jung", [{"winner": 1, "discarder": 2, "points": 70}], options={"payoff": "uniform"})
    assert answer["balances"] == ["-70", "210", "-70", "-70"]


def test_zung_jung_deal_passes_after_every_hand_and_the_round_wind_advances():
    hands = [{"draw": True}, {"winner": 1, "discarder": None, "points": 5}] + [{"draw": True}] * 4
    answer = settle("zung-jung", hands, dealer=2)
    got = [(h["dealer"], h["dealer_streak"], h["round_wind"], h["seat_winds"][h["dealer"]]) for h in answer["hands"]]
    assert got == [(2, 0, "E", "E"), (3, 0, "E", "E"), (0, 0, "E", "E"), (1, 0, "E", "E"),
                   (2, 0, "S", "E"), (3, 0, "S", "E")]


def test_zung_jung_round_wind_wraps_after_north():
    answer = settle("zung-jung", [{"draw": True}] * 17)
    winds = [h["round_wind"] for h in answer["hands"]]
    assert winds == list("EEEESSSSWWWWNNNNE")
    assert answer["hands"][16]["round"] == 5


# -- hk-old ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("hand, balances", [
    ({"winner": 0, "discarder": None, "points": 50}, ["300", "-100", "-100", "-100"]),
    ({"winner": 2, "discarder": None, "points": 50}, ["-100", "-50", "200", "-50"]),
    ({"winner": 0, "discarder": 3, "points": 50}, ["300", "0", "0", "-300"]),
    ({"winner": 2, "discarder": 3, "points": 50}, ["0", "0", "200", "-200"]),
])
def test_hk_old_four_payout_cases(hand, balances):
    assert settle("hk-old", [hand])["balances"] == balances


def test_hk_old_seats_stay_fixed_and_the_deal_stays_until_the_dealer_loses():
    hands = [{"winner": 2, "discarder": None, "points": 20}, {"draw": True},
             {"winner": 2, "discarder": 0, "points": 20}, {"winner": 1, "discarder": 0, "points": 20},
             {"draw": True}]
    answer = settle("hk-old", hands, dealer=2)
    assert [(h["dealer"], h["dealer_streak"]) for h in answer["hands"]] == [(2, 0), (2, 1), (2, 2), (2, 3), (3, 0)]
    assert all(h["seat_winds"] == ["E", "S", "W", "N"] for h in answer["hands"])
    assert answer["hands"][4]["round_wind"] == "E"


def test_hk_old_round_wind_advances_when_the_deal_returns_to_the_first_dealer():
    losses = [{"winner": (d + 1) % 4, "discarder": None, "points": 10} for d in (2, 3, 0, 1)]
    answer = settle("hk-old", losses + [{"draw": True}], dealer=2)
    assert [h["round_wind"] for h in answer["hands"]] == ["E", "E", "E", "E", "S"]
    assert answer["hands"][4]["dealer"] == 2


# -- taizhou --------------------------------------------------------------------------------------
def test_taizhou_responsible_pays_everything_to_the_winner_and_losers_still_settle():
    hand = {"winner": 1, "discarder": 2, "points": 44, "loser_points": [6, None, 24, 0], "responsible": 2}
    answer = settle("taizhou", [hand])
    # responsible C pays 44 + 22 + 22 = 88; A→C 18, D→C 12, D→A 6 stay
    assert moved(answer["hands"][0]) == [(0, 2, "18"), (2, 1, "88"), (3, 0, "6"), (3, 2, "12")]
    assert answer["balances"] == ["-12", "88", "-58", "-18"]


def test_taizhou_banker_keeps_the_deal_only_by_winning_not_on_a_draw():
    hands = [{"winner": 0, "discarder": None, "points": 10, "loser_points": [None, 0, 0, 0]}, {"draw": True},
             {"winner": 3, "discarder": None, "points": 10, "loser_points": [0, 0, 0, None]}]
    answer = settle("taizhou", hands)
    assert [(h["dealer"], h["dealer_streak"]) for h in answer["hands"]] == [(0, 0), (0, 1), (1, 0)]
    assert answer["next"]["dealer"] == 2


def test_taizhou_halves_are_exact_decimals():
    answer = settle("taizhou", [{"winner": 1, "points": 11, "loser_points": [0, None, 0, 3]}])
    # banker A pays 11, C and D 5.5; A→D 3 (full), C→D 1.5 (half)
    assert answer["balances"] == ["-14", "22", "-7", "-1"]


# -- fujian ---------------------------------------------------------------------------------------
def test_fujian_all_three_pay_whoever_discarded():
    answer = settle("fujian", [{"winner": 2, "discarder": 1, "points": 38}])
    assert answer["balances"] == ["-38", "-38", "114", "-38"]


def test_fujian_streak_counts_hands_as_dealer_from_one_and_restarts_after_a_loss():
    hands = [{"draw": True}, {"winner": 0, "points": 1}, {"winner": 1, "points": 1}, {"draw": True}]
    answer = settle("fujian", hands)
    assert [(h["dealer"], h["dealer_streak"]) for h in answer["hands"]] == [(0, 1), (0, 2), (0, 3), (1, 1)]


def test_per_point_stake_scales_the_points():
    answer = settle("fujian", [{"winner": 2, "points": 38}], stakes={"per_point": "0.5"})
    assert answer["balances"] == ["-19", "-19", "57", "-19"]


# -- wins given as tiles ---------------------------------------------------------------------------
TW_DEALER_HAND = {"concealed": "111z555z234m345m678m9m", "winning_tile": "9m", "win": "self_draw"}


def test_taiwan_hand_is_scored_with_the_derived_dealer_streak_and_winds():
    answer = settle("taiwan", [{"winner": 0, "discarder": None, "fan": 1}, {"winner": 0, "hand": TW_DEALER_HAND}])
    hand = answer["hands"][1]
    assert hand["score"]["total"] == 38  # the case tw-dealer-half-flush: East, 連一
    assert "dealer" in {p["key"] for p in hand["score"]["patterns"]}
    assert hand["payments"] == [{"from": s, "to": 0, "amount": "48"} for s in (1, 2, 3)]


def test_the_hands_win_follows_from_the_discarder_when_left_out():
    tiles = {"concealed": "123m456p789s1122z", "winning_tile": "1z"}
    by_discard = settle("zung-jung", [{"winner": 1, "discarder": 2, "hand": tiles}])["hands"][0]
    by_draw = settle("zung-jung", [{"winner": 1, "discarder": None, "hand": tiles}])["hands"][0]
    assert by_discard["score"]["ok"] and by_draw["score"]["ok"]
    assert [t["from"] for t in by_discard["transfers"]] == [0, 2, 3]
    assert by_draw["score"]["total"] >= by_discard["score"]["total"]


def test_taizhou_loser_hands_are_scored_as_losers():
    loser = {"concealed": "66z147m258p36s", "melds": [{"kind": "pung", "tiles": "444z"}], "wild": "1s"}
    winner = {"concealed": "777z234m678p9p", "winning_tile": "9p", "win": "self_draw",
              "melds": [{"kind": "pung", "tiles": "555s"}], "wild": "1s"}
    answer = settle("taizhou", [{"winner": 1, "hand": winner, "loser_points": [loser, None, 0, 0]}])
    hand = answer["hands"][0]
    assert hand["loser_scores"][0]["total"] == 6 and hand["loser_scores"][1] is None
    assert hand["score"]["total"] == 44
    # banker A pays 44, C and D 22 each; C and D each pay A 6 (the banker: full)
    assert answer["balances"] == ["-32", "88", "-28", "-28"]
