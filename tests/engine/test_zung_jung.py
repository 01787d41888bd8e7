"""Zung Jung: each pattern counts where it should and not in a near miss (rules/zung-jung.md)."""
import pytest

from engine_helpers import keys, zj

P, K, CK = "pung", "kong", "concealed_kong"

# (pattern, hand that has it, near miss that must not) — a hand is (concealed, winning, options)
CASES = [
    ("all_sequences", ("123m456p789s234s5z", "5z", {}), ("123m456p789s222s5z", "5z", {})),
    ("concealed_hand", ("123m456p789s222s5z", "5z", {}),
     ("123m456p789s5z", "5z", {"melds": [(P, "222s")]})),
    ("no_terminals", ("234m456p678s234s5p", "5p", {}), ("234m456p678s234s9p", "9p", {})),
    ("mixed_one_suit", ("123m456m789m111z2z", "2z", {}), ("123m456m789p111z2z", "2z", {})),
    ("pure_one_suit", ("123m456m789m111m2m", "2m", {}), ("123m456m789m111m2z", "2z", {})),
    ("nine_gates", ("1112345678999m", "5m", {}), ("1112345678999m", "5m", {"melds": [], "swap": True})),
    ("value_honor", ("123m456p789s555z1z", "1z", {}), ("123m456p789s222z1z", "1z", {})),
    ("small_three_dragons", ("555z666z77z123m45m", "6m", {}), ("555z666z11z123m45m", "6m", {})),
    ("big_three_dragons", ("555z666z777z123m4m", "4m", {}), ("555z666z77z123m45m", "6m", {})),
    ("small_three_winds", ("111z222z33z123m45m", "6m", {}), ("111z222z55z123m45m", "6m", {})),
    ("big_three_winds", ("111z222z333z123m4m", "4m", {}), ("111z222z33z123m45m", "6m", {})),
    ("small_four_winds", ("111z222z333z44z12m", "3m", {}), ("111z222z333z55z12m", "3m", {})),
    ("big_four_winds", ("111z222z333z444z5z", "5z", {}), ("111z222z333z44z55z", "5z", {})),
    ("all_honors", ("111z222z555z666z7z", "7z", {}), ("111z222z555z666z9m", "9m", {})),
    ("all_triplets", ("111m", "5z", {"concealed": "222p333s444s5z", "melds": [(P, "111m")]}),
     ("123m222p333s444s5z", "5z", {})),
    ("two_concealed_triplets", ("222p333s123m456m5z", "5z", {}), ("222p123m456m5z", "5z", {"melds": [(P, "333s")]})),
    ("three_concealed_triplets", ("222p333s444s123m5z", "5z", {}),
     ("222p333s44s123m55z", "4s", {})),  # the discard completes the third pung: exposed
    ("four_concealed_triplets", ("222p333s444s777m5z", "5z", {"win": "self_draw"}),
     ("222p333s444s77m55z", "7m", {})),
    ("one_kong", ("123m456p789s5z", "5z", {"melds": [(K, "2222s")]}), ("123m456p789s222s5z", "5z", {})),
    ("two_kongs", ("123m456p5z", "5z", {"melds": [(K, "2222s"), (CK, "3333s")]}),
     ("123m456p5z", "5z", {"melds": [(K, "2222s"), (P, "333s")]})),
    ("three_kongs", ("123m5z", "5z", {"melds": [(K, "2222s"), (K, "3333s"), (CK, "4444p")]}),
     ("123m5z", "5z", {"melds": [(K, "2222s"), (K, "3333s"), (P, "444p")]})),
    ("four_kongs", ("5z", "5z", {"melds": [(K, "2222s"), (K, "3333s"), (K, "4444p"), (K, "1111m")]}),
     ("5z", "5z", {"melds": [(K, "2222s"), (K, "3333s"), (K, "4444p"), (P, "111m")]})),
    ("two_identical_sequences", ("123m123m456p789s5z", "5z", {}), ("123m234m456p789s5z", "5z", {})),
    ("two_identical_sequences_twice", ("123m123m456p456p5z", "5z", {}), ("123m123m456p567p5z", "5z", {})),
    ("three_identical_sequences", ("123m123m456p5z", "5z", {"melds": [("chow", "123m")]}),
     ("123m234m456p5z", "5z", {"melds": [("chow", "123m")]})),
    ("four_identical_sequences", ("234m234m234m234m5z", "5z", {}), ("234m234m234m345m5z", "5z", {})),
    ("three_similar_sequences", ("123m123p123s789s5z", "5z", {}), ("123m123p234s789s5z", "5z", {})),
    ("small_three_similar_triplets", ("444m444p44s123m56s", "7s", {}), ("444m444p55s123m67s", "8s", {})),
    ("three_similar_triplets", ("444m444p444s123m5z", "5z", {}), ("444m444p555s123m5z", "5z", {})),
    ("nine_tile_straight", ("123m456m789m123p5z", "5z", {}), ("123m456m789p123p5z", "5z", {})),
    ("three_consecutive_triplets", ("444m555m666m123p5z", "5z", {}), ("444m555m777m123p5z", "5z", {})),
    ("four_consecutive_triplets", ("444m555m666m777m5z", "5z", {}), ("444m555m666m888m5z", "5z", {})),
    ("mixed_lesser_terminals", ("123m789p111s999s1z", "1z", {}), ("123m789p111s999s5p", "5p", {})),
    ("pure_lesser_terminals", ("123m789p111s999s1m", "1m", {}), ("123m789p111s999s1z", "1z", {})),
    ("mixed_greater_terminals", ("111m999p111s222z9s", "9s", {}), ("111m999p111s999s1z", "9m", {"bad": True})),
    ("pure_greater_terminals", ("111m999p111s999s9m", "9m", {}), ("111m999p111s999s1z", "1z", {})),
    ("final_draw", ("123m456p789s234s5z", "5z", {"win": "self_draw", "events": ["last_tile"]}),
     ("123m456p789s234s5z", "5z", {"win": "self_draw"})),
    ("final_discard", ("123m456p789s234s5z", "5z", {"events": ["last_discard"]}),
     ("123m456p789s234s5z", "5z", {"events": ["robbing_kong"]})),
    ("win_on_kong", ("123m456p789s5z", "5z", {"win": "self_draw", "events": ["kong_replacement"],
                                             "melds": [(K, "2222s")]}),
     ("123m456p789s5z", "5z", {"win": "self_draw", "melds": [(K, "2222s")]})),
    ("robbing_kong", ("123m456p789s234s5z", "5z", {"events": ["robbing_kong"]}), ("123m456p789s234s5z", "5z", {})),
    ("blessing_of_heaven", ("123m456p789s234s5z", "5z", {"win": "self_draw", "events": ["heavenly"]}),
     ("123m456p789s234s5z", "5z", {"win": "self_draw"})),
    ("blessing_of_earth", ("123m456p789s234s5z", "5z", {"events": ["earthly"]}), ("123m456p789s234s5z", "5z", {})),
    ("thirteen_terminals", ("19m19p19s1234567z", "1m", {}), ("19m19p19s1234566z", "1m", {"bad": True})),
    ("seven_pairs", ("1122m3344p5566s7z", "7z", {}), ("1122m3344p5566s7z", "6z", {"bad": True})),
    ("chicken_hand", ("567s345m66p11p", "6p", {"melds": [("chow", "234s")]}),
     ("567s345m66p11p", "6p", {"melds": [("chow", "234s")], "bonus": "2f"})),
]


def build(concealed, winning, extra):
    extra = dict(extra)
    melds = extra.pop("melds", [])
    fields = {k: v for k, v in extra.items() if k in ("win", "events", "options")}
    if "bonus" in extra:
        fields["bonus_tiles"] = extra["bonus"]
    if "concealed" in extra:
        concealed = extra["concealed"]
    return zj(concealed, winning, melds=melds, **fields)


@pytest.mark.parametrize("key, hit, miss", CASES, ids=[c[0] for c in CASES])
def test_pattern_counts_and_near_miss_does_not(key, hit, miss):
    assert key in keys(build(*hit))
    answer = build(*miss)
    if miss[2].get("swap"):  # nine gates: the same shape with one tile claimed is no longer concealed
        answer = zj("1112345678m", "5m", melds=[("pung", "999m")])
    if miss[2].get("bad"):  # near miss that is not a win at all
        assert answer["ok"] is False or key not in keys(answer)
    elif miss[2].get("bonus"):  # a flower adds points but the hand is still a chicken hand
        assert key in keys(answer) and answer["total"] == 1 + 2
    else:
        assert key not in keys(answer)


def test_every_pattern_of_the_table_is_tested():
    from scorekeeper.engine import get_ruleset
    table = {p["key"] for p in get_ruleset("zung-jung").describe()["patterns"]}
    flowers = {"improper_flower", "proper_flower", "four_flowers", "four_seasons"}
    assert table - flowers == {c[0] for c in CASES}


def test_freedom_of_count_takes_the_best_arrangement():
    # 111222333m is three pungs (100 + 30 + 5 = 135) or three identical chows (120 + 5 + 5 = 130)
    answer = zj("111222333m456p5z", "5z")
    assert answer["total"] == 135 and "three_consecutive_triplets" in keys(answer)
    # with the pungs claimed away the chows are the only reading
    answer = zj("123m123m456p5z", "5z", melds=[("chow", "123m")])
    assert "three_identical_sequences" in keys(answer)


def test_additive_rule_within_a_series_only_the_highest():
    answer = zj("555z666z777z123m4m", "4m")
    found = keys(answer)
    assert "big_three_dragons" in found and "small_three_dragons" not in found
    assert [p["value"] for p in answer["patterns"] if p["key"] == "value_honor"] == [30]


def test_seven_pairs_counts_no_concealed_hand_but_counts_one_suit():
    answer = zj("1122m3355m7799m4m", "4m")
    assert {"seven_pairs", "pure_one_suit"} <= keys(answer) and "concealed_hand" not in keys(answer)


def test_four_alike_undeclared_are_two_pairs():
    answer = zj("1111m3344p5566s7z", "7z")
    assert "seven_pairs" in keys(answer)


def test_listed_limit_keeps_only_the_highest_pattern():
    answer = zj("111z222z333z444z5z", "5z")
    assert answer["total"] == 400 and answer["limit"] and keys(answer) == {"big_four_winds"}


def test_compound_limit_caps_at_320():
    answer = zj("111s222s333s555s7s", "7s", win="self_draw", seat_wind="W")
    assert answer["total"] == 320 and answer["limit"] is True


def test_flowers_are_added_after_the_limit():
    answer = zj("111s222s333s555s7s", "7s", win="self_draw", seat_wind="W", bonus_tiles="3f1f")
    assert answer["total"] == 320 + 4 + 2


def test_four_flowers_and_proper_flowers():
    answer = zj("123m456p789s234s5z", "5z", seat_wind="S", bonus_tiles="1234f")
    found = {p["key"]: p["value"] for p in answer["patterns"]}
    assert found["four_flowers"] == 10 and found["proper_flower"] == 4 and found["improper_flower"] == 6


@pytest.mark.parametrize("option, total", [(1, 1), (0, 0)])
def test_chicken_option_values(option, total):
    answer = zj("567s345m66p11p", "6p", melds=[("chow", "234s")], options={"chicken": option})
    assert answer["total"] == total
    # rules review 2026-11-23: the chicken hand is listed with its value, 0 included
    assert [(p["key"], p["value"]) for p in answer["patterns"]] == [("chicken_hand", total)]


def test_chicken_0_is_listed_beside_flowers():
    answer = zj("567s345m66p11p", "6p", melds=[("chow", "234s")], options={"chicken": 0}, bonus_tiles="2f")
    assert answer["total"] == 2
    assert [(p["key"], p["value"]) for p in answer["patterns"]] == [("chicken_hand", 0), ("improper_flower", 2)]


def test_chicken_0_is_not_listed_when_a_pattern_counts():
    # near miss: a concealed hand counts 1.2, so it is no chicken hand
    answer = zj("567s345m66p11p234s", "6p", options={"chicken": 0})
    assert "chicken_hand" not in keys(answer) and answer["total"] > 0


@pytest.mark.parametrize("option", [True, False, 1.0, "1", None])
def test_chicken_option_is_1_0_or_no_by_type(option):
    # Python's True == 1 and 1.0 == 1: JSON true/false and 1.0 are not the option's values
    answer = zj("567s345m66p11p", "6p", melds=[("chow", "234s")], options={"chicken": option})
    assert answer["ok"] is False and answer["error"]["code"] == "bad_field"
    assert "chicken" in answer["error"]["message"]


@pytest.mark.parametrize("event, win", [
    ("last_tile", "discard"), ("kong_replacement", "discard"), ("last_discard", "self_draw"),
    ("robbing_kong", "self_draw"),
])
def test_an_event_that_does_not_fit_the_win_is_refused(event, win):
    # README.md (rules review 2026-11-23): no longer scored (or silently ignored), refused
    answer = zj("123m456p789s234s5z", "5z", win=win, events=[event])
    assert answer["ok"] is False and answer["error"]["code"] == "bad_field"
    needed = "discard" if win == "self_draw" else "self_draw"
    assert answer["error"]["message"].endswith(f"needs win {needed}: the hand says {win}")


def test_chicken_no_makes_a_patternless_hand_not_winning():
    answer = zj("567s345m66p11p", "6p", melds=[("chow", "234s")], options={"chicken": "no"})
    assert answer["error"]["code"] == "not_winning" and "chicken" in answer["error"]["message"]


def test_sets_show_the_arrangement_scored():
    answer = zj("123m456p789s111z2z", "2z")
    assert sorted(answer["sets"]) == ["111z", "123m", "22z", "456p", "789s"]
