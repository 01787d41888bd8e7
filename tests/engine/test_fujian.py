"""Fujian Gold Rush scoring (rules/fujian.md): totals, patterns, golds, bad input."""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorekeeper.engine.tiles import format_tiles

from engine_helpers import score_json

# 123m 456m 789p 234s 567s + the pair 55p: a plain win with no gold held (the gold is 9s).
PLAIN = {"concealed": "123m456m789p234s567s5p", "winning_tile": "5p", "wild": "9s"}
# Example 1's tiles: 55p and two golds 9s, the 5p won on; golds as pair or as 555p.
EXAMPLE = {"concealed": "123m456m789p234s55p9s9s", "winning_tile": "5p", "wild": "9s"}


def score(**fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"ruleset": "fujian", "win": "discard", "bonus_tiles": "1z"}
    data.update(fields)
    return score_json(data)


def values(answer: dict[str, Any]) -> dict[str, Any]:
    assert answer["ok"], answer
    return {p["key"]: p["value"] for p in answer["patterns"]}


def error(answer: dict[str, Any]) -> str:
    assert answer["ok"] is False, answer
    return str(answer["error"]["code"])


# -- the source's three worked examples ------------------------------------------------
@pytest.mark.parametrize("fields, total, expected", [
    (dict(EXAMPLE, win="self_draw", bonus_tiles="1z2z7z"), 62,
     {"base": 1, "bonus_tiles": 3, "golds": 2, "double": "x2", "golden_pair": 50}),
    (dict(EXAMPLE, win="discard", bonus_tiles="1z2z"), 60,
     {"base": 1, "bonus_tiles": 2, "golds": 2, "double": "x2", "golden_pair": 50}),
    ({"concealed": "123s456s567s78s5m3s", "winning_tile": "3s", "wild": "5m", "bonus_tiles": "4z",
      "melds": [{"kind": "concealed_kong", "tiles": "9999s"}]}, 110,
     {"base": 1, "bonus_tiles": 1, "golds": 1, "concealed_kong": 2, "double": "x2", "all_one_suit": 100}),
])
def test_source_examples(fields: dict[str, Any], total: int, expected: dict[str, Any]) -> None:
    answer = score(**fields)
    assert answer["total"] == total
    assert values(answer) == expected
    assert answer["unit"] == "points" and answer["limit"] is False


def test_answer_rows_carry_names_and_int_values() -> None:
    answer = score(**EXAMPLE, win="self_draw", bonus_tiles="1z2z7z")
    rows = {p["key"]: p for p in answer["patterns"]}
    assert rows["golden_pair"]["name"] == "Golden Pair" and rows["golden_pair"]["name_zh"] == "金对"
    assert all(isinstance(p["value"], int) for p in answer["patterns"] if p["key"] != "double")
    assert rows["double"]["value"] == "x2"


# -- each pattern and its near miss ---------------------------------------------------
def test_plain_discard_win_is_base_plus_bonus_undoubled() -> None:
    answer = score(**PLAIN)
    assert answer["total"] == 2
    assert values(answer) == {"base": 1, "bonus_tiles": 1}


def test_one_tile_off_is_not_a_win() -> None:
    assert error(score(**dict(PLAIN, winning_tile="6p"))) == "not_winning"


def test_self_draw_doubles() -> None:
    answer = score(**PLAIN, win="self_draw")
    assert answer["total"] == 4
    assert values(answer)["double"] == "x2"


def test_bonus_tiles_count_one_each() -> None:
    answer = score(**dict(PLAIN, bonus_tiles="1z2z3z4z7z"))
    assert answer["total"] == 6
    assert values(answer)["bonus_tiles"] == 5


def test_no_bonus_no_kong_adds_15_and_doubles() -> None:
    answer = score(**dict(PLAIN, bonus_tiles=""))
    assert answer["total"] == 1 * 2 + 15
    assert "no_bonus_no_kong" in values(answer) and "bonus_tiles" not in values(answer)


def test_no_bonus_no_kong_holds_with_golds() -> None:
    answer = score(concealed="123m456m789p234s567s9s", winning_tile="5p", wild="9s", bonus_tiles="")
    assert answer["total"] == (1 + 1) * 2 + 15
    assert "no_bonus_no_kong" in values(answer)


KONG_HAND = {"concealed": "456m789p234s567s5p", "winning_tile": "5p", "wild": "9s", "bonus_tiles": ""}


def test_a_kong_without_bonus_tiles_misses_no_bonus_no_kong() -> None:
    answer = score(**KONG_HAND, melds=[{"kind": "kong", "tiles": "1111m"}])
    assert answer["total"] == 2
    assert values(answer) == {"base": 1, "exposed_kong": 1}


def test_concealed_kong_scores_two() -> None:
    answer = score(**KONG_HAND, melds=[{"kind": "concealed_kong", "tiles": "1111m"}], win="self_draw")
    assert answer["total"] == (1 + 2) * 2
    assert values(answer) == {"base": 1, "concealed_kong": 2, "double": "x2"}


def test_exposed_kongs_claimed_or_added_score_one_each() -> None:
    melds = [{"kind": "kong", "tiles": "1111m"}, {"kind": "kong", "tiles": "4444m", "added": True}]
    answer = score(concealed="789p234s567s5p", winning_tile="5p", wild="9s", melds=melds, bonus_tiles="")
    assert answer["total"] == 3
    assert values(answer)["exposed_kong"] == 2 and "concealed_kong" not in values(answer)


def test_golds_count_one_each_the_winning_gold_included() -> None:
    answer = score(concealed="123m456m789p234s567s5p", winning_tile="9s", wild="9s")
    assert answer["total"] == 1 + 1 + 1
    assert values(answer)["golds"] == 1
    assert "5p5p*" in answer["sets"]


def test_a_hand_without_the_gold_counts_no_golds() -> None:
    assert "golds" not in values(score(**PLAIN))


def test_golden_pair_is_preferred_and_shown_as_gold_tiles() -> None:
    answer = score(**EXAMPLE, win="self_draw", bonus_tiles="1z2z7z")
    assert sorted(answer["sets"]) == sorted(["123m", "456m", "789p", "234s", "555p", "9s*9s*"])


def test_two_golds_needed_in_sets_are_no_golden_pair() -> None:
    # 5p 7p and 1s: one gold is the 6p, the other pairs a bamboo
    answer = score(concealed="123m456m789p234s57p9s9s", winning_tile="1s", wild="9s")
    assert answer["total"] == 1 + 1 + 2
    assert "golden_pair" not in values(answer)
    assert "5p6p*7p" in answer["sets"] and "9s*9s*" not in answer["sets"]


def test_all_one_suit_ignores_golds_of_another_suit() -> None:
    answer = score(concealed="123p456p789p11p234p6p9s", winning_tile="5p", wild="9s")
    assert answer["total"] == (1 + 1 + 1) * 2 + 100
    assert values(answer)["all_one_suit"] == 100


def test_one_tile_of_another_suit_misses_all_one_suit() -> None:
    answer = score(concealed="123s456s567s78s5m3p", winning_tile="3p", wild="5m", bonus_tiles="4z",
                   melds=[{"kind": "concealed_kong", "tiles": "9999s"}])
    assert answer["total"] == 1 + 1 + 1 + 2
    assert "all_one_suit" not in values(answer)


def test_all_one_suit_counts_melds() -> None:
    fields = {"concealed": "456p789p11p234p6p9s", "winning_tile": "5p", "wild": "9s"}
    flush = score(**fields, melds=[{"kind": "pung", "tiles": "222p"}])
    mixed = score(**fields, melds=[{"kind": "pung", "tiles": "222m"}])
    assert "all_one_suit" in values(flush) and "all_one_suit" not in values(mixed)


def test_dealer_streak_scores_n_from_the_second_hand() -> None:
    assert values(score(**PLAIN, dealer=True, dealer_streak=3))["dealer_streak"] == 3
    assert score(**PLAIN, dealer=True, dealer_streak=3)["total"] == 2 + 3


@pytest.mark.parametrize("fields", [{"dealer": True, "dealer_streak": 1}, {"dealer": False, "dealer_streak": 3}])
def test_first_deal_or_a_non_dealer_earns_no_streak(fields: dict[str, Any]) -> None:
    answer = score(**PLAIN, **fields)
    assert answer["total"] == 2 and "dealer_streak" not in values(answer)


def test_dealer_streak_is_doubled_with_the_rest() -> None:
    answer = score(**EXAMPLE, win="self_draw", bonus_tiles="1z2z7z", dealer=True, dealer_streak=3)
    assert answer["total"] == (1 + 3 + 2 + 3) * 2 + 50


# -- the instant wins ------------------------------------------------------------------
JUNK_WITH_THREE_GOLDS = {"concealed": "12357m12357p1357s9s9s", "winning_tile": "9s", "wild": "9s"}


def test_three_golds_wins_an_incomplete_hand() -> None:
    answer = score(**JUNK_WITH_THREE_GOLDS, win="self_draw", events=["three_golds"], bonus_tiles="")
    assert answer["total"] == 53  # fujian.md: minimum 38, or 53 with 平胡
    assert values(answer) == {"base": 1, "golds": 3, "double": "x2", "no_bonus_no_kong": 15, "three_golds": 30}


def test_three_golds_with_a_bonus_tile() -> None:
    answer = score(**JUNK_WITH_THREE_GOLDS, win="self_draw", events=["three_golds"])
    assert answer["total"] == (1 + 1 + 3) * 2 + 30


def test_three_golds_without_the_event_is_not_a_win() -> None:
    assert error(score(**JUNK_WITH_THREE_GOLDS, win="self_draw")) == "not_winning"


def test_three_golds_takes_no_golden_pair() -> None:
    fields = {"concealed": "123m456m789p234s55p9s9s", "winning_tile": "9s", "wild": "9s",
              "win": "self_draw", "bonus_tiles": "1z2z7z"}
    instant = score(**fields, events=["three_golds"])
    assert instant["total"] == (1 + 3 + 3) * 2 + 30
    assert "golden_pair" not in values(instant)
    assert score(**fields)["total"] == (1 + 3 + 3) * 2 + 50


def test_robbing_gold_with_four_golds() -> None:
    answer = score(concealed="123m456m789p234s5p9s9s9s", winning_tile="9s", wild="9s",
                   win="self_draw", events=["robbing_gold"], bonus_tiles="")
    assert answer["total"] == (1 + 4) * 2 + 15 + 30 + 50
    assert values(answer)["golds"] == 4 and values(answer)["robbing_gold"] == 30
    assert len(answer["sets"]) == 6


# Example 1's tiles with the second gold as the winning tile: 555p, and 9s9s the golden pair.
ROBBED = {"concealed": "123m456m789p234s555p9s", "winning_tile": "9s", "wild": "9s"}


@pytest.mark.parametrize("dealer", [False, True])
def test_robbing_gold_is_won_on_the_gold(dealer: bool) -> None:
    # fujian.md: the winning tile is the gold, for the dealer's swap too
    answer = score(**ROBBED, win="self_draw", events=["robbing_gold"], bonus_tiles="1z2z7z", dealer=dealer)
    assert answer["total"] == (1 + 3 + 2) * 2 + 30 + 50
    assert values(answer)["robbing_gold"] == 30


@pytest.mark.parametrize("dealer", [False, True])
def test_robbing_gold_on_another_tile_is_a_bad_field(dealer: bool) -> None:
    # near miss: the same tiles won on 5p (rules review 2026-11-23: any other winning tile is refused)
    answer = score(**EXAMPLE, win="self_draw", events=["robbing_gold"], bonus_tiles="1z2z7z", dealer=dealer)
    assert error(answer) == "bad_field"
    assert "robbing_gold" in answer["error"]["message"] and "9s" in answer["error"]["message"]


def test_robbing_gold_needs_a_complete_hand() -> None:
    answer = score(**JUNK_WITH_THREE_GOLDS, win="self_draw", events=["robbing_gold"])
    assert error(answer) == "not_winning"


@pytest.mark.parametrize("event, fields", [("three_golds", JUNK_WITH_THREE_GOLDS), ("robbing_gold", ROBBED)])
def test_instant_wins_must_be_self_draws(event: str, fields: dict[str, Any]) -> None:
    assert score(**fields, win="self_draw", events=[event])["ok"]
    answer = score(**fields, win="discard", events=[event])
    assert error(answer) == "bad_field"
    assert answer["error"]["message"].startswith(f"{event} (") and "needs win self_draw" in answer["error"]["message"]


@pytest.mark.parametrize("concealed, held", [
    ("123m456m789p234s55p9s9s", 2), ("123m456m789p234s55p5p9s", 1),
])
def test_three_golds_needs_three_golds_held(concealed: str, held: int) -> None:
    answer = score(concealed=concealed, winning_tile="5p", wild="9s", win="self_draw", events=["three_golds"])
    assert error(answer) == "bad_field" and f"it holds {held}" in answer["error"]["message"]


def test_both_instant_wins_at_once_are_refused() -> None:
    # even where each alone would do: three golds held and the third won on the gold
    for event in ("three_golds", "robbing_gold"):
        assert score(**JUNK_WITH_THREE_GOLDS, win="self_draw", events=[event])["ok"] is (event == "three_golds")
    fields = dict(ROBBED, concealed="123m456m789p234s55p9s9s", win="self_draw")
    assert score(**fields, events=["robbing_gold"])["ok"] and score(**fields, events=["three_golds"])["ok"]
    answer = score(**fields, events=["three_golds", "robbing_gold"])
    assert error(answer) == "bad_field" and "not both" in answer["error"]["message"]


@pytest.mark.parametrize("event, win", [("last_tile", "discard"), ("kong_replacement", "discard"),
                                        ("last_discard", "self_draw"), ("robbing_kong", "self_draw")])
def test_other_events_must_fit_the_win_too(event: str, win: str) -> None:
    assert error(score(**PLAIN, win=win, events=[event])) == "bad_field"
    other = "self_draw" if win == "discard" else "discard"
    assert score(**PLAIN, win=other, events=[event])["total"] == score(**PLAIN, win=other)["total"]


# -- a gold may be a fifth copy (rules review 2026-11-23; fujian.md: only physical tiles count) ---
FOUR_1M = "1111m567p789p234s678s"


@pytest.mark.parametrize("win", ["self_draw", "discard"])
def test_a_gold_may_stand_for_a_fifth_copy(win: str) -> None:
    # four 1m held and a gold (9s): 111m and the pair 1m1m*, the gold a fifth 1m
    answer = score(concealed=FOUR_1M, winning_tile="9s", wild="9s", win=win, bonus_tiles="")
    assert answer["total"] == (1 + 1) * 2 + 15  # doubled by 平胡 either way
    assert {"111m", "1m1m*"} <= set(answer["sets"])


def test_a_gold_as_a_fifth_copy_in_a_pung() -> None:
    # 11m as the pair and 1m1m1m* as a pung, or 111m and 1m1m*: either is a fifth 1m
    answer = score(concealed="1111m567p789p234s67s9s", winning_tile="8s", wild="9s", bonus_tiles="")
    assert answer["ok"] and answer["total"] == (1 + 1) * 2 + 15


def test_five_physical_copies_are_still_too_many() -> None:
    answer = score(concealed="1111m567p789p234s67s1m", winning_tile="8s", wild="9s")
    assert error(answer) == "too_many_copies" and "5 copies of 1m" in answer["error"]["message"]


# -- bad input -------------------------------------------------------------------------
@pytest.mark.parametrize("fields", [
    {"concealed": "123m456m789p234s567s5z", "winning_tile": "5z", "wild": "9s"},
    {"concealed": "123m456m789p234s567s6z", "winning_tile": "6z", "wild": "9s"},
    dict(PLAIN, bonus_tiles="1f"),
    dict(PLAIN, wild="5z"),
])
def test_tiles_not_in_the_set_are_bad_tiles(fields: dict[str, Any]) -> None:
    assert error(score(**fields)) == "bad_tile"


@pytest.mark.parametrize("fields, where", [
    ({"concealed": "123m456m789p234s567s1z", "winning_tile": "5p", "wild": "9s"}, "the hand"),
    ({"concealed": "123m456m789p234s567s5p", "winning_tile": "7z", "wild": "9s"}, "the winning tile"),
    ({"concealed": "456m789p234s567s5p", "winning_tile": "5p", "wild": "9s",
      "melds": [{"kind": "pung", "tiles": "222z"}]}, "meld 1"),
])
def test_winds_and_red_dragons_held_are_bad_tiles(fields: dict[str, Any], where: str) -> None:
    answer = score(**fields)
    assert error(answer) == "bad_tile"
    assert "bonus tiles shown face up" in answer["error"]["message"] and where in answer["error"]["message"]


def test_a_suit_tile_among_bonus_tiles_is_a_bad_tile() -> None:
    assert error(score(**dict(PLAIN, bonus_tiles="1z5p"))) == "bad_tile"


def test_the_gold_is_required() -> None:
    fields = {k: v for k, v in PLAIN.items() if k != "wild"}
    answer = score(**fields)
    assert error(answer) == "bad_field" and "wild" in answer["error"]["message"]


@pytest.mark.parametrize("gold", ["1z", "7z"])
def test_the_gold_is_a_suit_tile(gold: str) -> None:
    assert error(score(**dict(PLAIN, wild=gold))) == "bad_field"


def test_a_gold_in_a_meld_is_a_bad_meld() -> None:
    answer = score(concealed="456m789p234s567s5p", winning_tile="5p", wild="1m",
                   melds=[{"kind": "chow", "tiles": "123m"}])
    assert error(answer) == "bad_meld" and "gold" in answer["error"]["message"]


def test_four_golds_without_robbing_the_gold_are_too_many() -> None:
    answer = score(concealed="123m456m789p234s5p9s9s9s", winning_tile="9s", wild="9s", win="self_draw")
    assert error(answer) == "too_many_copies"


def test_four_golds_robbing_but_not_winning_on_the_gold_are_too_many() -> None:
    answer = score(concealed="123m456m789p234s9s9s9s9s", winning_tile="5p", wild="9s",
                   win="self_draw", events=["robbing_gold"])
    assert error(answer) == "too_many_copies"


def test_a_sixteen_tile_hand_is_the_wrong_count() -> None:
    assert error(score(concealed="123m456m789p234s5p", winning_tile="5p", wild="9s")) == "wrong_tile_count"


def test_unknown_option_is_a_bad_field() -> None:
    assert error(score(**PLAIN, options={"limit": 100})) == "bad_field"


# -- golds are at least as good as any real tile they could be ----------------------------
def _set_tiles(kind: str, start: int) -> list[int]:
    return [start, start + 1, start + 2] if kind == "chow" else [start] * 3


@st.composite
def gold_hands(draw: st.DrawFn) -> tuple[dict[str, Any], list[dict[str, Any]], bool]:
    """A legal win with golds; the same hand with some golds put back as the real tiles they
    replaced, and with the golds swapped for other real tiles; whether two golds replaced the pair."""
    gold = draw(st.integers(0, 26))
    sets = []
    for _ in range(5):
        kind = draw(st.sampled_from(["chow", "pung"]))
        start = draw(st.sampled_from([s * 9 + n for s in range(3) for n in range(7)])
                     if kind == "chow" else st.integers(0, 26))
        sets.append((kind, _set_tiles(kind, start)))
    pair = draw(st.integers(0, 26))
    every = [t for _, tiles in sets for t in tiles] + [pair, pair]
    assume(gold not in every and max(Counter(every).values()) <= 4)
    n_melds = draw(st.integers(0, 2))
    melds = [{"kind": kind, "tiles": format_tiles(tiles)} for kind, tiles in sets[:n_melds]]
    real = [t for _, tiles in sets[n_melds:] for t in tiles] + [pair, pair]
    golds = draw(st.sets(st.integers(0, len(real) - 1), min_size=1, max_size=3))
    winning = draw(st.integers(0, len(real) - 1))
    common = {
        "ruleset": "fujian", "wild": format_tiles([gold]), "melds": melds,
        "win": draw(st.sampled_from(["self_draw", "discard"])),
        "bonus_tiles": format_tiles(draw(st.lists(st.sampled_from([27, 28, 29, 30, 33]), max_size=4))),
        "dealer": draw(st.booleans()), "dealer_streak": draw(st.integers(0, 4)),
    }

    def hand(tiles: list[int]) -> dict[str, Any]:
        rest = tiles[:winning] + tiles[winning + 1:]
        fields = {k: v for k, v in common.items() if k != "pair_of_golds"}
        return dict(fields, concealed=format_tiles(rest), winning_tile=format_tiles([tiles[winning]]))

    common["pair_of_golds"] = {len(real) - 2, len(real) - 1} <= golds
    with_golds = [gold if i in golds else t for i, t in enumerate(real)]
    put_back = draw(st.sets(st.sampled_from(sorted(golds))))
    partly = [real[i] if i in put_back else t for i, t in enumerate(with_golds)]
    others = [k for k in range(27) if k != gold]
    substitute = {i: draw(st.sampled_from(others)) for i in golds}
    elsewhere = [substitute.get(i, t) for i, t in enumerate(with_golds)]
    return hand(with_golds), [hand(partly), hand(elsewhere)], bool(common["pair_of_golds"])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(gold_hands())
def test_golds_score_at_least_any_fixed_substitution(
    hands: tuple[dict[str, Any], list[dict[str, Any]], bool],
) -> None:
    with_golds, substituted, pair_of_golds = hands
    best = score_json(with_golds)
    partly, elsewhere = (score_json(h) for h in substituted)
    assert best["ok"], (with_golds, best)
    assert partly["ok"], (substituted[0], partly)  # the golds put back are a win by construction
    assert best["total"] >= partly["total"]
    if elsewhere["ok"]:
        assert best["total"] >= elsewhere["total"]
    if pair_of_golds:  # two golds took the pair's place: 金对 is always there to be had
        assert "golden_pair" in values(best)
