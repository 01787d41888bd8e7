"""hk-old `score`: Hong Kong Old Style (Chinese Classical points and doubles), rules/hk-old.md."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.engine import get_ruleset
from scorekeeper.engine.hand import EVENT_WINS
from scorekeeper.engine.rulesets.hk_old import round_to_ten

from engine_helpers import score_json

RULESET = get_ruleset("hk-old")

CASES = Path(__file__).resolve().parents[3] / "shared" / "cases" / "hk-old.jsonl"


def score(concealed: str, winning: str, win: str = "discard", melds: tuple[str, ...] = (), seat: str = "E",
          prevailing: str = "E", bonus: str = "", events: tuple[str, ...] = (), extras: bool | None = None,
          **fields: Any) -> dict[str, Any]:
    """Melds are written 'pung 555p', 'chow 123m', 'kong 5555p', 'concealed_kong 1111z'."""
    hand: dict[str, Any] = {
        "ruleset": "hk-old", "concealed": concealed, "winning_tile": winning, "win": win,
        "melds": [{"kind": m.split()[0], "tiles": m.split()[1]} for m in melds],
        "seat_wind": seat, "round_wind": prevailing, "events": list(events), **fields,
    }
    if bonus:
        hand["bonus_tiles"] = bonus
    if extras is not None:
        hand["options"] = {"classical_extras": extras}
    return score_json(hand)


def ok(answer: dict[str, Any]) -> dict[str, Any]:
    assert answer["ok"], answer
    return answer


def keys(answer: dict[str, Any]) -> list[str]:
    return [p["key"] for p in ok(answer)["patterns"]]


def value(answer: dict[str, Any], key: str) -> Any:
    """The summed points of a base-points key, or the factor text of a double."""
    found = [p["value"] for p in ok(answer)["patterns"] if p["key"] == key]
    assert found, f"{key} not counted: {keys(answer)}"
    return found[0] if isinstance(found[0], str) else sum(found)


def error(answer: dict[str, Any]) -> str:
    assert answer["ok"] is False, answer
    return str(answer["error"]["code"])


# A plain hand: exposed chow, 456m 789m 234s, won on the 6p pair by discard: 20 points.
PLAIN = dict(concealed="456m789m234s6p", winning="6p", melds=("chow 123p",))


# -- the worked examples ------------------------------------------------------------------------
def _cases() -> list[dict[str, Any]]:
    if not CASES.exists():
        return []
    lines = [json.loads(line) for line in CASES.read_text().splitlines() if line.strip()]
    return [c for c in lines if c["cmd"] == "score"]


@pytest.mark.parametrize("case", _cases(), ids=lambda c: c["id"])
def test_shared_case(case: dict[str, Any]) -> None:
    answer = ok(score_json(case["input"]))
    expect = case["expect"]
    assert answer["total"] == expect["total"]
    assert set(expect.get("patterns_include", ())) <= set(keys(answer))


def test_shared_cases_are_present() -> None:
    assert len(_cases()) >= 3


# -- base points ----------------------------------------------------------------------------------
def test_bare_win_is_20_points() -> None:
    answer = score(**PLAIN)
    assert keys(answer) == ["win"]
    assert (answer["total"], answer["base_points"], answer["doubles"]) == (20, 20, 0)


def test_melded_pung_of_simples_is_2_and_of_terminals_4() -> None:
    assert value(score("456m789m234s6p", "6p", melds=("pung 555p",)), "exposed_pung") == 2
    assert value(score("456m789m234s6p", "6p", melds=("pung 999s",)), "exposed_pung") == 4
    answer = score("456m789m6p", "6p", melds=("pung 555p", "pung 111z"))
    assert value(answer, "exposed_pung") == 6 and answer["base_points"] == 26


def test_concealed_pung_is_8_and_16_not_melded() -> None:
    answer = score("555p456m234s6p", "6p", melds=("chow 123p",))
    assert value(answer, "concealed_pung") == 8 and "exposed_pung" not in keys(answer)
    assert value(score("999s456m234s6p", "6p", melds=("chow 123p",)), "concealed_pung") == 16


def test_pung_completed_by_a_discard_is_melded() -> None:
    answer = score("55p66p456m234s", "5p", melds=("chow 123p",))
    assert value(answer, "exposed_pung") == 2 and "concealed_pung" not in keys(answer)


def test_pung_completed_by_a_self_drawn_tile_stays_concealed() -> None:
    answer = score("55p66p456m234s", "5p", win="self_draw", melds=("chow 123p",))
    assert value(answer, "concealed_pung") == 8 and "exposed_pung" not in keys(answer)


def test_melded_kong_is_8_and_16() -> None:
    assert value(score("456m789m234s6p", "6p", melds=("kong 5555p",)), "exposed_kong") == 8
    answer = score("456m789m234s6p", "6p", melds=("kong 9999s",))
    assert value(answer, "exposed_kong") == 16
    assert "concealed_kong" not in keys(answer) and "exposed_pung" not in keys(answer)


def test_concealed_kong_is_16_and_32() -> None:
    assert value(score("456m789m234s6p", "6p", melds=("concealed_kong 5555p",)), "concealed_kong") == 16
    answer = score("456m789m234s6p", "6p", melds=("concealed_kong 1111z",))
    assert value(answer, "concealed_kong") == 32 and "exposed_kong" not in keys(answer)


def test_dragon_pair_is_2() -> None:
    assert value(score("456m789m234s5z", "5z", melds=("chow 123p",)), "dragon_pair") == 2
    assert "dragon_pair" not in keys(score(**PLAIN))


def test_seat_wind_pair_is_2() -> None:
    answer = score("456m789m234s2z", "2z", melds=("chow 123p",), seat="S", prevailing="E")
    assert value(answer, "seat_wind_pair") == 2 and "round_wind_pair" not in keys(answer)


def test_prevailing_wind_pair_is_2() -> None:
    answer = score("456m789m234s2z", "2z", melds=("chow 123p",), seat="W", prevailing="S")
    assert value(answer, "round_wind_pair") == 2 and "seat_wind_pair" not in keys(answer)


def test_pair_of_both_winds_scores_4() -> None:
    answer = score("456m789m234s2z", "2z", melds=("chow 123p",), seat="S", prevailing="S")
    assert {"seat_wind_pair", "round_wind_pair"} <= set(keys(answer))
    assert answer["base_points"] == 24


def test_pair_of_another_wind_scores_nothing() -> None:
    answer = score("456m789m234s4z", "4z", melds=("chow 123p",), seat="S", prevailing="E")
    assert keys(answer) == ["win"]


def test_self_draw_adds_2_points_and_a_double() -> None:
    answer = score(**{**PLAIN, "win": "self_draw"})
    assert value(answer, "self_draw_points") == 2 and value(answer, "self_drawn") == "x2"
    assert "concealed_self_drawn" not in keys(answer)  # an exposed chow
    assert (answer["base_points"], answer["doubles"], answer["total"]) == (22, 1, 40)  # 44 rounds to 40


def test_discard_win_has_no_self_draw_points() -> None:
    assert not {"self_draw_points", "self_drawn"} & set(keys(score(**PLAIN)))


def test_concealed_hand_won_on_a_discard_is_10() -> None:
    answer = score("123p456m789m234s6p", "6p")
    assert value(answer, "concealed_discard") == 10 and answer["total"] == 30


def test_concealed_kong_keeps_the_hand_concealed() -> None:
    answer = score("456m789m234s6p", "6p", melds=("concealed_kong 5555p",))
    assert value(answer, "concealed_discard") == 10


def test_concealed_hand_needs_no_exposed_meld() -> None:
    assert "concealed_discard" not in keys(score(**PLAIN))
    assert "concealed_discard" not in keys(score("456m789m234s6p", "6p", melds=("kong 5555p",)))


def test_own_flowers_and_seasons_are_4_each() -> None:
    answer = score(**PLAIN, seat="S", bonus="2f6f1f")
    assert value(answer, "own_bonus") == 8 and answer["base_points"] == 28


def test_other_seats_flowers_score_nothing_by_default() -> None:
    answer = score(**PLAIN, seat="S", bonus="1f3f5f")
    assert keys(answer) == ["win"]


# -- doubles --------------------------------------------------------------------------------------
def test_concealed_self_drawn_counts_with_self_drawn() -> None:
    answer = score("123p456m789m234s6p", "6p", win="self_draw")
    assert value(answer, "concealed_self_drawn") == "x2" and value(answer, "self_drawn") == "x2"
    assert "concealed_discard" not in keys(answer)
    assert (answer["base_points"], answer["doubles"], answer["total"]) == (22, 2, 90)  # 88 rounds to 90


def test_all_simples_doubles() -> None:
    answer = score("234m456m678p345s8s", "8s")
    assert value(answer, "all_simples") == "x2"
    assert answer["total"] == 60  # (20 + 10) x2
    assert "all_simples" not in keys(score("234m456m678p345s9s", "9s"))


def test_one_suit_is_x4() -> None:
    answer = score("123m345m567m789m9m", "9m")
    assert value(answer, "one_suit") == "x4" and answer["doubles"] == 2
    assert answer["total"] == 120  # (20 + 10) x4


def test_one_suit_with_honours_is_not_one_suit() -> None:
    assert "one_suit" not in keys(score("123m345m567m789m1z", "1z"))


@pytest.mark.parametrize("event,win", [("last_tile", "self_draw"), ("last_discard", "discard")])
def test_last_tile_or_discard_doubles(event: str, win: str) -> None:
    assert value(score(**{**PLAIN, "win": win}, events=(event,)), "last_tile") == "x2"


def test_no_last_tile_without_the_event() -> None:
    assert "last_tile" not in keys(score(**{**PLAIN, "win": "self_draw"}, events=("kong_replacement",)))


@pytest.mark.parametrize("event,win", [
    ("last_tile", "discard"), ("kong_replacement", "discard"), ("last_discard", "self_draw"),
    ("robbing_kong", "self_draw"),
])
def test_an_event_that_does_not_fit_the_win_is_refused(event: str, win: str) -> None:
    # README.md (rules review 2026-11-23): the pairing is bad_field, no longer doubled
    answer = score(**{**PLAIN, "win": win}, events=(event,))
    assert answer["ok"] is False and answer["error"]["code"] == "bad_field"
    assert answer["error"]["message"] == (f"{event} ({EVENT_WINS[event][1]}) needs win "
                                          f"{EVENT_WINS[event][0]}: the hand says {win}")


def test_kong_replacement_and_robbing_kong_are_separate_doubles() -> None:
    replacement = score(**{**PLAIN, "win": "self_draw"}, events=("kong_replacement",))
    assert value(replacement, "kong_replacement") == "x2" and "robbing_kong" not in keys(replacement)
    robbed = score(**PLAIN, events=("robbing_kong",))
    assert value(robbed, "robbing_kong") == "x2" and "kong_replacement" not in keys(robbed)
    assert robbed["total"] == 40


def test_three_consecutive_chows_of_one_suit_doubles() -> None:
    answer = score("123m456m789m234s6p", "6p")
    assert value(answer, "three_consecutive_chows") == "x2"
    assert "three_consecutive_chows" not in keys(score("123m456m789p234s6p", "6p"))


def test_all_pungs_doubles() -> None:
    answer = score("555p88m99m", "8m", melds=("pung 222m", "pung 111z"))
    assert value(answer, "all_pungs") == "x2"
    assert "all_pungs" not in keys(score("567p88m99m", "8m", melds=("pung 222m", "pung 111z")))


def test_little_three_dragons_doubles() -> None:
    answer = score("666z7z123m456p", "7z", melds=("pung 555z",))
    assert value(answer, "little_three_dragons") == "x2"
    # two dragon pungs but a wind pair
    assert "little_three_dragons" not in keys(score("666z3z123m456p", "3z", melds=("pung 555z",)))


def test_three_dragon_pungs_are_not_little_three_dragons() -> None:
    answer = score("666z777z123m3z", "3z", melds=("pung 555z",))
    assert "little_three_dragons" not in keys(answer)


def test_full_set_of_flowers_doubles_and_both_sets_double_twice() -> None:
    flowers = score(**PLAIN, bonus="1f2f3f4f")
    assert value(flowers, "bonus_set") == "x2" and value(flowers, "own_bonus") == 4
    both = score(**PLAIN, bonus="1f2f3f4f5f6f7f8f")
    assert value(both, "bonus_set") == "x4" and both["doubles"] == 2
    assert both["total"] == 110  # (20 + 8) x4 = 112


def test_three_flowers_and_a_season_are_no_set() -> None:
    assert "bonus_set" not in keys(score(**PLAIN, bonus="1f2f3f5f"))


# -- score: rounding and the cap --------------------------------------------------------------------
@pytest.mark.parametrize("points,rounded", [(15, 20), (25, 30), (44, 40), (45, 50), (84, 80), (86, 90), (500, 500)])
def test_round_to_ten_half_up(points: int, rounded: int) -> None:
    assert round_to_ten(points) == rounded


def test_hand_totals_round_to_the_nearest_ten() -> None:
    assert score("123p456m789m234s6p", "6p")["total"] == 30  # 30 stays
    assert score("555p456m234s6p", "6p", melds=("chow 123p",))["total"] == 30  # 28 rounds up
    assert score("456m789m234s6p", "6p", melds=("pung 555p",))["total"] == 20  # 22 rounds down


def test_count_that_rounds_to_500_is_not_capped() -> None:
    # 20 + 16 + 16 + 8 + 2 = 62; concealed self-drawn, self-drawn, last tile: 62 x8 = 496
    answer = score("111m999p555s234s6s", "6s", win="self_draw", events=("last_tile",))
    assert (answer["base_points"], answer["doubles"]) == (62, 3)
    assert answer["total"] == 500 and answer["limit"] is False


def test_count_over_500_is_capped_at_500() -> None:
    answer = score("111m999p555s234s6s", "6s", win="self_draw", events=("last_tile", "kong_replacement"))
    assert answer["total"] == 500 and answer["limit"] is True
    assert answer["doubles"] == 4 and "thirteen_orphans" not in keys(answer)


def test_uncapped_hand_is_not_a_limit() -> None:
    assert score(**PLAIN)["limit"] is False


def test_best_arrangement_is_scored() -> None:
    # 111222333m as three concealed pungs (20+16+8+8+10 = 62) beats three chows (20+10 = 30)
    answer = score("111222333m456p9s", "9s")
    assert value(answer, "concealed_pung") == 32 and answer["total"] == 60


# -- limit hands -------------------------------------------------------------------------------------
def _only_limit(answer: dict[str, Any], key: str) -> None:
    assert keys(answer) == [key]
    assert (answer["total"], answer["limit"], answer["base_points"], answer["doubles"]) == (500, True, 500, 0)


def test_thirteen_orphans_is_a_limit() -> None:
    _only_limit(score("19m19p19s1234567z", "9s", win="self_draw", bonus="1f2f3f4f"), "thirteen_orphans")


def test_thirteen_orphans_missing_one_is_not_a_win() -> None:
    assert error(score("19m19p19s1234566z", "1m")) == "not_winning"


def test_nine_gates_is_a_limit() -> None:
    _only_limit(score("1112345678999p", "5p"), "nine_gates")


def test_nine_gates_needs_the_gates_before_the_win() -> None:
    # 11123456788999m: the 14 tiles hold the gates, but the hand waited as 1112345678899m
    answer = score("1112345678899m", "9m")
    assert "nine_gates" not in keys(answer) and "one_suit" in keys(answer)


def test_four_concealed_pungs_is_a_limit() -> None:
    _only_limit(score("222m555p777s888s9p", "9p"), "four_concealed_pungs")


def test_four_pungs_with_one_completed_by_a_discard_are_not_concealed() -> None:
    answer = score("222m555p777s88s99p", "8s")
    assert answer["limit"] is False and "all_pungs" in keys(answer)
    assert value(answer, "exposed_pung") == 2 and value(answer, "concealed_pung") == 24


def test_four_concealed_pungs_with_a_concealed_kong() -> None:
    _only_limit(score("222m555p777s9p", "9p", win="self_draw", melds=("concealed_kong 8888s",)),
                "four_concealed_pungs")


def test_big_four_winds_is_a_limit() -> None:
    _only_limit(score("444z5p", "5p", melds=("pung 111z", "pung 222z", "pung 333z")), "big_four_winds")


def test_three_wind_pungs_and_a_wind_pair_are_not_a_limit() -> None:
    answer = score("44z56p", "7p", melds=("pung 111z", "pung 222z", "pung 333z"))
    assert answer["limit"] is False and "big_four_winds" not in keys(answer)


def test_all_honours_is_a_limit() -> None:
    _only_limit(score("666z22z77z", "7z", melds=("pung 111z", "pung 555z")), "all_honors")


def test_honours_with_a_terminal_pair_are_not_all_honours() -> None:
    answer = score("666z99m77z", "7z", melds=("pung 111z", "pung 555z"))
    assert answer["limit"] is False and "all_honors" not in keys(answer)


def test_all_terminals_is_a_limit() -> None:
    _only_limit(score("111s999s9m", "9m", melds=("pung 111m", "pung 999p")), "all_terminals")


def test_terminals_with_an_honour_pung_are_not_all_terminals() -> None:
    answer = score("111s777z9m", "9m", melds=("pung 111m", "pung 999p"))
    assert answer["limit"] is False and "all_terminals" not in keys(answer)


def test_hand_meeting_several_limits_lists_the_first_only() -> None:
    # four concealed wind pungs: also big four winds and all honours
    _only_limit(score("111z222z333z444z5z", "5z"), "four_concealed_pungs")


# -- option classical_extras --------------------------------------------------------------------------
def test_extras_count_every_flower_instead_of_own_bonus() -> None:
    answer = score(**PLAIN, seat="S", bonus="1f2f7f", extras=True)
    assert value(answer, "flower") == 12 and "own_bonus" not in keys(answer)


def test_extras_off_explicitly_is_the_default() -> None:
    answer = score(**PLAIN, seat="S", bonus="1f2f7f", extras=False)
    assert value(answer, "own_bonus") == 4 and "flower" not in keys(answer)


@pytest.mark.parametrize("concealed,winning", [
    ("13p456m789m234s66p", "2p"),  # middle
    ("12p456m789m234s66p", "3p"),  # edge 12
    ("89p456m789m234s66p", "7p"),  # edge 89
    ("123p456m789m234s6p", "6p"),  # pair
])
def test_extras_single_wait_is_2(concealed: str, winning: str) -> None:
    assert value(score(concealed, winning, extras=True), "wait_points") == 2


def test_no_wait_points_without_the_option() -> None:
    assert "wait_points" not in keys(score("13p456m789m234s66p", "2p"))


def test_no_wait_points_for_an_open_ended_wait() -> None:
    assert "wait_points" not in keys(score("23p456m789m234s66p", "1p", extras=True))


def test_no_wait_points_when_another_tile_would_have_won() -> None:
    # 1113p waits on 2p (middle) and 3p (pair)
    assert "wait_points" not in keys(score("1113p456m789m234s", "2p", extras=True))


def test_no_wait_points_for_the_end_of_an_open_shape_with_one_side_used_up() -> None:
    # 23p with every 4p in a kong: only 1p wins, but 23p was no edge wait
    answer = score("23p456m789m66p", "1p", melds=("kong 4444p",), extras=True)
    assert "wait_points" not in keys(answer)


def test_extras_double_each_value_pung() -> None:
    answer = score("123m456p7z", "7z", melds=("pung 555z", "pung 333z"), seat="W", extras=True)
    assert value(answer, "value_pung") == "x4"  # white dragon, west as seat wind
    assert answer["doubles"] == 2


def test_extras_pung_of_a_double_wind_counts_two_doubles() -> None:
    answer = score("123m456p789s9p", "9p", melds=("pung 222z",), seat="S", prevailing="S", extras=True)
    assert value(answer, "value_pung") == "x4" and answer["doubles"] == 2


def test_no_value_pung_for_another_wind_or_without_the_option() -> None:
    other = score("123m456p789s9p", "9p", melds=("pung 444z",), seat="S", prevailing="E", extras=True)
    assert "value_pung" not in keys(other)
    assert "value_pung" not in keys(score("123m456p789s9p", "9p", melds=("pung 555z",)))


# -- bad input -----------------------------------------------------------------------------------------
def test_wrong_tile_count() -> None:
    assert error(score("456m789m234s66p", "6p", melds=("chow 123p",))) == "wrong_tile_count"


def test_unknown_option_is_a_bad_field() -> None:
    answer = score(**PLAIN, options={"chicken": 1})
    assert error(answer) == "bad_field" and "classical_extras" in answer["error"]["message"]


def test_option_must_be_true_or_false() -> None:
    assert error(score(**PLAIN, options={"classical_extras": 1})) == "bad_field"
    assert error(score(**PLAIN, options={"classical_extras": "yes"})) == "bad_field"


def test_wild_is_a_bad_field() -> None:
    assert error(score(**PLAIN, wild="5p")) == "bad_field"


def test_flower_among_the_playing_tiles_is_refused() -> None:
    answer = score("456m789m234s1f", "6p", melds=("chow 123p",))
    assert error(answer) == "bad_tile" and "1f" in answer["error"]["message"]


def test_playing_tile_among_the_bonus_tiles_is_refused() -> None:
    assert error(score(**PLAIN, bonus="1f1z")) == "bad_field"


def test_seven_pairs_is_not_a_win() -> None:
    assert error(score("1133m5577p2299s1z", "1z")) == "not_winning"


def test_too_many_copies() -> None:
    assert error(score("555p789m234s6p", "6p", melds=("pung 555p",))) == "too_many_copies"


# -- the rules page data ------------------------------------------------------------------------------
def test_describe_names_the_option_and_limit_hands() -> None:
    described = RULESET.describe()
    assert described["options"][0]["name"] == "classical_extras" and described["options"][0]["default"] is False
    limits = {p["key"] for p in described["patterns"] if p["kind"] == "limit"}
    assert limits == {"thirteen_orphans", "nine_gates", "four_concealed_pungs", "big_four_winds",
                      "all_honors", "all_terminals"}
