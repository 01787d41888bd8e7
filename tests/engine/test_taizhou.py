"""`taizhou` scoring (rules/taizhou.md): hu × 2^tai, limit 100, fortune tiles, winner and losers."""
from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import get_ruleset
from scorekeeper.engine.tiles import KINDS, WHITE, counts_of, format_tiles, tile_code

from engine_helpers import score_json

RULESET = get_ruleset("taizhou")

WILD = "8p"  # the indicator for hands that hold no fortune


def score(concealed: str, winning: str | None = None, *, win: str = "discard", wild: str = WILD,
          melds: tuple[str, ...] = (), **fields: Any) -> dict[str, Any]:
    """Score a hand; melds are written 'pung:555s', 'kong:2222m', 'concealed_kong:9999p', 'chow:123m'."""
    data: dict[str, Any] = {"ruleset": "taizhou", "concealed": concealed, "wild": wild, **fields}
    if fields.get("role") != "loser":
        data.update(winning_tile=winning, win=win)
    if melds:
        data["melds"] = [{"kind": kind, "tiles": tiles} for kind, tiles in (m.split(":") for m in melds)]
    return score_json(data)


def keys(answer: dict[str, Any]) -> list[str]:
    assert answer["ok"], answer
    return [p["key"] for p in answer["patterns"]]


def points(answer: dict[str, Any]) -> tuple[int, int, int]:
    assert answer["ok"], answer
    return answer["total"], answer["hu"], answer["tai"]


def error(answer: dict[str, Any]) -> str:
    assert answer["ok"] is False, answer
    return str(answer["error"]["code"])


# -- the shared worked examples -----------------------------------------------------------
def test_rulebook_winner_example():
    answer = score("777z234m678p9p", "9p", win="self_draw", melds=("pung:555s",), seat_wind="S", wild="1s")
    assert points(answer) == (44, 22, 1)


def test_rulebook_loser_example():
    answer = score("66z147m258p36s", melds=("pung:444z",), seat_wind="E", wild="1s", role="loser")
    assert points(answer) == (6, 6, 0)


# -- hu (set count): each item, and a near miss ------------------------------------------------
# (id, concealed, winning tile, extra fields, expected (total, hu, tai), a key that must be counted or None)
HU_TABLE = [
    ("base only", "123m456p789s234m5m", "5m", {}, (10, 10, 0), "base"),
    ("red dragon eye", "123m456p789s234m7z", "7z", {}, (12, 12, 0), "pair"),
    ("seat wind eye", "123m456p789s234m2z", "2z", {"seat_wind": "S"}, (12, 12, 0), "pair"),
    ("near miss: east eye, seat south", "123m456p789s234m1z", "1z", {"seat_wind": "S"}, (10, 10, 0), None),
    ("open minor pung melded", "123m456p234m7z", "7z", {"melds": ("pung:555s",)}, (14, 14, 0), "open_pung"),
    ("open major pung melded", "123m456p234m7z", "7z", {"melds": ("pung:999s",)}, (16, 16, 0), "open_pung"),
    ("pung completed by the discard is open", "123m456p789s55m77z", "5m", {}, (14, 14, 0), "open_pung"),
    ("near miss: self-drawn, the pung is closed", "123m456p789s55m77z", "5m", {"win": "self_draw"},
     (18, 18, 0), "closed_pung"),
    ("closed minor pung", "222p456p789s234m5m", "5m", {}, (14, 14, 0), "closed_pung"),
    ("closed major pung", "111z456p789s234m5m", "5m", {"seat_wind": "S"}, (18, 18, 0), "closed_pung"),
    ("open minor kong, closed major kong", "456p789s5m", "5m",
     {"melds": ("kong:2222m", "concealed_kong:9999p")}, (50, 50, 0), "closed_kong"),
    ("open major kong, closed minor kong", "456p789s5m", "5m",
     {"melds": ("kong:1111s", "concealed_kong:3333m")}, (42, 42, 0), "open_kong"),
    ("all pungs", "222m555p777s999m1z", "1z", {"seat_wind": "S"}, (34, 34, 0), "all_pungs"),
    ("near miss: three pungs and a chow", "222m555p777s789m1z", "1z", {"seat_wind": "S"}, (22, 22, 0), None),
    ("self draw", "123m456p789s234m5m", "5m", {"win": "self_draw"}, (12, 12, 0), "self_draw"),
    ("gap call", "123m456p789s46m77s", "5m", {}, (12, 12, 0), "gap_call"),
    ("near miss: end call", "123m456p789s45m77s", "6m", {}, (10, 10, 0), None),
]


@pytest.mark.parametrize("concealed, winning, extra, expected, key",
                         [row[1:] for row in HU_TABLE], ids=[row[0] for row in HU_TABLE])
def test_hu_items(concealed, winning, extra, expected, key):
    answer = score(concealed, winning, **extra)
    assert points(answer) == expected
    if key:
        assert key in keys(answer)


def test_near_misses_count_nothing_extra():
    assert keys(score("123m456p789s45m77s", "6m")) == ["base"]
    assert "pair" not in keys(score("123m456p789s234m1z", "1z", seat_wind="S", round_wind="E"))
    assert "all_pungs" not in keys(score("222m555p777s789m1z", "1z", seat_wind="S"))


def test_pung_rows_name_major_and_minor():
    answer = score("222m555p777s999m1z", "1z", seat_wind="S")
    pungs = [(p["name"], p["value"], p.get("count", 1)) for p in answer["patterns"] if p["key"] == "closed_pung"]
    assert pungs == [("Closed pung (minor)", 12, 3), ("Closed pung (major)", 8, 1)]


# -- tai ------------------------------------------------------------------------------------
TAI_TABLE = [
    ("dragon pung", "777z456p789s234m5m", "5m", {}, (36, 18, 1), "dragon_pung"),
    ("near miss: dragon eye is hu only", "123m456p789s234m7z", "7z", {}, (12, 12, 0), None),
    ("two dragon pungs reach the limit", "777z666z789s234m5m", "5m", {}, (100, 26, 2), "dragon_pung"),
    ("seat wind pung", "222z456p789s234m5m", "5m", {"seat_wind": "S"}, (36, 18, 1), "seat_wind_pung"),
    ("near miss: round wind pung", "222z456p789s234m5m", "5m", {"seat_wind": "E", "round_wind": "S"},
     (18, 18, 0), None),
    ("mixed one suit", "123m456m789m111z5m", "5m", {"seat_wind": "S"}, (40, 20, 1), "mixed_one_suit"),
    ("near miss: two suits", "123m456m789s111z5m", "5m", {"seat_wind": "S"}, (20, 20, 0), None),
    ("pure one suit", "123m456m789m234m5m", "5m", {}, (96, 12, 3), "pure_one_suit"),
]


@pytest.mark.parametrize("concealed, winning, extra, expected, key",
                         [row[1:] for row in TAI_TABLE], ids=[row[0] for row in TAI_TABLE])
def test_tai_items(concealed, winning, extra, expected, key):
    answer = score(concealed, winning, **extra)
    assert points(answer) == expected
    if key:
        assert key in keys(answer)


def test_limit_is_flagged_only_at_100():
    assert score("777z666z789s234m5m", "5m")["limit"] is True
    assert score("777z456p789s234m5m", "5m")["limit"] is False


@pytest.mark.parametrize("option, big, little", [
    ("off", False, False), ("big", True, False), ("big_or_little", True, True),
])
def test_four_winds_option(option, big, little):
    big_hand = score("111z222z333z444z5m", "5m", options={"four_winds": option})
    little_hand = score("111z222z333z123m4z", "4z", options={"four_winds": option})
    assert ("four_winds" in keys(big_hand)) is big
    assert ("four_winds" in keys(little_hand)) is little
    assert big_hand["tai"] == (15 if big else 2)


@pytest.mark.parametrize("option", ["big", "big_or_little"])
def test_four_winds_needs_each_wind_once(option):
    # four South held and two fortunes: 222z and 2z2z*2z* are two South sets, not four winds,
    # now that a fortune may be a fifth copy; the same hand with a North set is four winds
    twice = score("111z222z333z2z8p8p5m", "5m", win="self_draw", seat_wind="N", options={"four_winds": option})
    assert "four_winds" not in keys(twice) and points(twice) == (96, 48, 1)
    each = score("111z222z333z4z8p8p5m", "5m", win="self_draw", seat_wind="N", options={"four_winds": option})
    assert "four_winds" in keys(each) and each["tai"] == 13 + 1 + 1  # and mixed one suit, North pung


@pytest.mark.parametrize("concealed, shown", [
    ("111z222z444z8p8p8p5m", "3z*3z*3z*"),  # three fortunes: the West set
    ("111z222z444z8p8p5m5m", "3z*3z*"),  # two fortunes: the West eye (big_or_little)
])
def test_fortunes_stand_for_the_missing_wind(concealed, shown):
    # a fortune may be a fifth East or South, yet four winds needs the West no set holds
    answer = score(concealed, "5m", win="self_draw", seat_wind="E", options={"four_winds": "big_or_little"})
    assert "four_winds" in keys(answer) and shown in answer["sets"]


def test_little_four_winds_needs_the_fourth_winds_eye():
    # three wind sets (one of them a fifth South) and a South eye: no fourth wind
    answer = score("111z222z333z2z8p5m5m", "5m", win="self_draw", seat_wind="N",
                   options={"four_winds": "big_or_little"})
    assert "four_winds" not in keys(answer)
    little = score("111z222z333z4z8p5m5m", "5m", win="self_draw", seat_wind="W",
                   options={"four_winds": "big_or_little"})
    assert "four_winds" in keys(little)


@pytest.mark.parametrize("option, tai", [("off", 1), ("big", 1), ("big_or_little", 5)])
def test_four_winds_for_a_loser_is_4_tai(option, tai):
    answer = score("111z222z333z44z5m6m", role="loser", options={"four_winds": option})
    assert answer["tai"] == tai and answer["hu"] == 24


# -- white dragons standing for the indicator -------------------------------------------------
def test_closed_white_pung_for_the_indicator_keeps_pure_one_suit():
    answer = score("123m789m234m555z1m", "1m", wild="5m")
    assert points(answer) == (100, 14, 3)
    assert "pure_one_suit" in keys(answer)
    assert "5m*5m*5m*" in answer["sets"]


def test_open_white_pung_makes_it_mixed():
    answer = score("123m789m234m1m", "1m", wild="5m", melds=("pung:555z",))
    assert points(answer) == (56, 14, 2)
    assert "mixed_one_suit" in keys(answer) and "pure_one_suit" not in keys(answer)


def test_whites_stay_white_when_the_indicator_is_another_suit():
    answer = score("123m789m234m555z1m", "1m", wild="5p")
    assert points(answer) == (72, 18, 2)
    assert "dragon_pung" in keys(answer)


def test_when_the_indicator_is_white_whites_are_fortunes():
    assert points(score("123m456m789m2p5z11p", "3p", wild="5z")) == (12, 12, 0)
    assert error(score("123m456m789m2p5z11p", "3p", wild="8p")) == "not_winning"


def test_a_discarded_white_may_stand_for_the_indicator():
    answer = score("123m789m234m46m99s", "5z", wild="5m")
    assert points(answer) == (12, 12, 0) and "4m5m*6m" in answer["sets"]
    assert error(score("123m789m234m46m99s", "5z", wild="5p")) == "not_winning"


def test_a_kong_of_whites_stays_white():
    answer = score("123m789m234m9s", "9s", wild="5m", melds=("kong:5555z",))
    assert points(answer) == (52, 26, 1) and "dragon_pung" in keys(answer)


# -- fortunes -----------------------------------------------------------------------------------
def test_a_discarded_fortune_cannot_be_won_on():
    answer = score("123m456p789s234m8p", "8p", wild="8p")
    assert error(answer) == "not_winning"
    assert "fortune" in answer["error"]["message"]


def test_a_self_drawn_fortune_wins_and_stands_for_the_best_eye():
    answer = score("111m456p789s333m8p", "8p", wild="8p", win="self_draw")
    assert points(answer) == (26, 26, 0)  # the two fortunes are a dragon eye
    assert "5z*5z*" in answer["sets"]


def test_a_self_drawn_fortune_can_trade_places_for_a_gap_call():
    # 1m F 3m | 2m 3m 4m | 2m F: the drawn fortune is the middle of 1-3
    answer = score("123m456p789s234m8p", "8p", wild="8p", win="self_draw")
    assert points(answer) == (14, 14, 0) and "gap_call" in keys(answer)
    assert "1m2m*3m" in answer["sets"]


def test_an_eye_call_with_a_fortune_wins_only_on_a_wall_tile():
    answer = score("123m456p789s234m8p", "5m", wild="8p")
    assert error(answer) == "not_winning"
    assert "wall tile" in answer["error"]["message"]
    assert points(score("123m456p789s234m8p", "5m", wild="8p", win="self_draw")) == (12, 12, 0)


def test_a_discard_never_completes_the_eye_with_a_fortune():
    hand = RULESET.read({"ruleset": "taizhou", "concealed": "123m456p789s55m6m8p", "winning_tile": "6m",
                         "win": "discard", "wild": "8p"})
    for arrangement in RULESET.arrangements(hand):
        group = arrangement.winning_group
        assert not (group.kind == "pair" and group.wild_count), arrangement.notation()
    answer = score("123m456p789s55m6m8p", "6m", wild="8p")
    assert points(answer) == (14, 14, 0) and "5m5m5m*" in answer["sets"]  # the discard pairs a real 6m


def test_three_fortunes_make_a_dragon_pung():
    answer = score("123m456p789s888p1m", "1m", wild="8p", win="self_draw")
    assert points(answer) == (40, 20, 1)
    assert "5z*5z*5z*" in answer["sets"]


def test_one_real_tile_and_two_fortunes_are_marked():
    answer = score("123m456p789s1p7z8p8p", "1p", wild="8p", win="self_draw")
    assert points(answer) == (40, 20, 1)
    assert "7z7z*7z*" in answer["sets"] and "dragon_pung" in keys(answer)


# -- a substitute may be a fifth copy (rules review 2026-11-23; taizhou.md: only physical
# tiles count toward four) ---------------------------------------------------------------------
def test_a_fortune_may_stand_for_a_fifth_copy():
    # four East held (not a kong) and two fortunes (2p): 111z + 1z1z* as the eye, 1p2p*3p
    answer = score("1111z456m789m123p", "2p", wild="2p", win="self_draw")
    assert points(answer) == (48, 24, 1)  # 10 + East eye 2 + closed major pung 8 + self draw 2 + gap 2; seat wind
    assert "seat_wind_pung" in keys(answer) and "1p2p*3p" in answer["sets"]
    assert {"11z", "1z1z1z*"} <= set(answer["sets"])  # five East: four held and a fortune


def test_five_physical_copies_are_still_too_many():
    answer = score("11111z456m789m12p", "2p", wild="2p", win="self_draw")
    assert error(answer) == "too_many_copies" and "5 copies of 1z" in answer["error"]["message"]


def test_a_flex_group_is_a_pung_even_as_a_fifth_copy():
    # four 2s held and two fortunes (8p): 1s1s1s* and 2s2s2s* beat 1s*2s3s* with a gap call (18)
    answer = score("234m45688p11222s", "2s", wild="8p", win="self_draw")
    assert points(answer) == (24, 24, 0)
    assert {"1s1s1s*", "22s", "2s2s2s*"} <= set(answer["sets"]) and "gap_call" not in keys(answer)


def test_whites_and_a_fortune_may_make_a_fifth_copy_of_the_indicators_kind():
    # four whites stand for 5m and the fortune is a fifth 5m: pure one suit (14 hu x 8, limit),
    # where whites kept white make 555z and an eye of a white and the fortune (20 hu x 4 = 80)
    answer = score("5555z5m123m789m78m", "9m", wild="5m")
    assert points(answer) == (100, 14, 3) and "pure_one_suit" in keys(answer)
    assert {"5m*5m*", "5m*5m*5m*"} <= set(answer["sets"])


def test_whites_stand_only_for_the_indicators_kind():
    # near miss: the indicator is 5p, so whites as 5p cannot make the characters hand pure;
    # the whites stay white: four and the fortune as a fifth white make a pung and an eye
    answer = score("5555z5p123m789m78m", "9m", wild="5p")
    assert points(answer) == (80, 20, 2) and "mixed_one_suit" in keys(answer)
    assert {"55z", "5z5z5z*"} <= set(answer["sets"])


# -- losers -------------------------------------------------------------------------------------
def test_loser_counts_pairs_pungs_and_four_alike_as_a_pung():
    answer = score("55z66z7777z15p9s12m", role="loser")
    assert points(answer) == (24, 12, 1)  # two dragon pairs 4, a closed red pung 8; red pung tai
    assert "base" not in keys(answer)


def test_loser_fortunes_are_their_face_and_whites_are_white():
    assert points(score("777z1p9s123m456m12s", role="loser", wild="7z")) == (16, 8, 1)
    assert points(score("555z1p9s123m456m12s", role="loser", wild="3m")) == (16, 8, 1)


def test_loser_melds_and_kongs_count():
    answer = score("1m", role="loser", melds=("kong:1111z", "concealed_kong:7777z", "pung:555m", "chow:345s"))
    assert points(answer) == (100, 50, 2) and answer["limit"] is True


def test_a_loser_with_nothing_scores_zero_and_is_never_not_winning():
    answer = score("123m456m789m1p23s4s", role="loser")
    assert points(answer) == (0, 0, 0)


def test_a_loser_seat_wind_pair_counts_2():
    assert points(score("22z1p9s124m456m123s", role="loser", seat_wind="S")) == (2, 2, 0)


# -- bad input ------------------------------------------------------------------------------------
@pytest.mark.parametrize("fields, code", [
    ({"wild": None}, "bad_field"),
    ({"wild": "1f"}, "bad_tile"),
    ({"bonus_tiles": "1f"}, "bad_tile"),
    ({"concealed": "123m456p789s234m1f"}, "bad_tile"),
    ({"options": {"four_winds": "small"}}, "bad_field"),
    ({"options": {"flowers": True}}, "bad_field"),
    ({"events": ["kong_replacement"]}, "bad_field"),
    ({"events": ["robbing_kong"], "win": "self_draw"}, "bad_field"),
    ({"events": ["three_golds"], "win": "self_draw"}, "bad_field"),
    ({"events": ["last_tile"]}, "bad_field"),
    ({"events": ["last_discard"], "win": "self_draw"}, "bad_field"),
    ({"concealed": "123m456p789s234m"}, "wrong_tile_count"),
    ({"role": "loser"}, "bad_field"),  # a loser names no winning tile
])
def test_bad_input(fields, code):
    data = {"ruleset": "taizhou", "concealed": "123m456p789s234m5m", "winning_tile": "5m", "win": "discard",
            "wild": WILD, **fields}
    data = {k: v for k, v in data.items() if v is not None}
    assert error(score_json(data)) == code


def test_events_that_fit_the_win_are_accepted_and_count_nothing():
    plain = points(score("123m456p789s234m5m", "5m", win="self_draw"))
    assert points(score("123m456p789s234m5m", "5m", win="self_draw", events=["kong_replacement"])) == plain
    assert points(score("123m456p789s234m5m", "5m", events=["robbing_kong", "last_discard"])) == (10, 10, 0)


def test_four_copies_of_the_indicator_say_one_is_the_indicator():
    answer = score("8888p456p789s23m", "1m", wild="8p")
    assert error(answer) == "too_many_copies"
    assert "indicator" in answer["error"]["message"]


def test_a_fortune_in_a_meld_is_a_bad_meld():
    answer = score("456p789s345s1z", "1z", wild="2m", melds=("chow:123m",))
    assert error(answer) == "bad_meld"
    assert "123m" in answer["error"]["message"]


# -- property: a fortune is worth at least any one real tile it could be -------------------------
SUITED_STARTS = [k for k in range(27) if k % 9 <= 6]


@st.composite
def wild_hands(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    """A self-drawn winning hand with 1-3 fortunes, and the same hand with every fortune a real tile."""
    tiles: list[int] = []
    for _ in range(4):
        if draw(st.booleans()):
            tiles += [draw(st.integers(0, KINDS - 1))] * 3
        else:
            start = draw(st.sampled_from(SUITED_STARTS))
            tiles += [start, start + 1, start + 2]
    tiles += [draw(st.integers(0, KINDS - 1))] * 2
    counts = counts_of(tiles)
    assume(max(counts) <= 4)
    absent = [k for k in range(KINDS) if counts[k] == 0 and not (k == WHITE and counts[WHITE])]
    indicator = draw(st.sampled_from(absent))
    fortunes = draw(st.integers(1, 3))
    positions = draw(st.lists(st.integers(0, 13), min_size=fortunes, max_size=fortunes, unique=True))
    wild_tiles = [indicator if i in positions else t for i, t in enumerate(tiles)]
    winner = draw(st.integers(0, 13))
    seat = draw(st.sampled_from("ESWN"))

    def hand(hand_tiles: list[int]) -> dict[str, Any]:
        rest = hand_tiles[:winner] + hand_tiles[winner + 1:]
        return {"ruleset": "taizhou", "concealed": format_tiles(rest), "winning_tile": tile_code(hand_tiles[winner]),
                "win": "self_draw", "wild": tile_code(indicator), "seat_wind": seat}

    return hand(wild_tiles), hand(tiles)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(wild_hands())
def test_fortunes_score_at_least_as_much_as_any_fixed_tile(hands):
    wild_hand, fixed_hand = hands
    fixed = score_json(fixed_hand)
    assert fixed["ok"], fixed
    wild = score_json(wild_hand)
    assert wild["ok"], (wild_hand, wild)
    assert wild["total"] >= fixed["total"], (wild_hand, wild, fixed)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, KINDS - 1), min_size=13, max_size=13))
def test_any_legal_loser_hand_scores(tiles):
    if max(counts_of(tiles)) > 3:  # more would break the copy rules or hold the indicator's kind
        return
    absent = next(k for k in range(KINDS) if k not in tiles)
    answer = score(format_tiles(tiles), role="loser", wild=tile_code(absent))
    assert answer["ok"] and 0 <= answer["total"] <= 100
