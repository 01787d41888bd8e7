"""hk-faan, Hong Kong mahjong in faan (rules/hk-faan.md): the faan table, limit hands, the minimum,
the options, and the money (半辣上 / 辣辣上, 全銃 / 半銃, 包, 搶槓, 詐糊, the deal)."""
from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine.payoffs.hk_faan import MULTIPLIERS
from scorekeeper.engine.rulesets.hk_faan import PATTERNS

from engine_helpers import score_json, settle_json

PLAYERS = ["A", "B", "C", "D"]


def hand(concealed: str, winning: str, win: str = "discard", melds: tuple[str, ...] = (), seat: str = "E",
         prevailing: str = "E", bonus: str = "", events: tuple[str, ...] = (), options: dict[str, Any] | None = None,
         **fields: Any) -> dict[str, Any]:
    """A score input; melds are written 'pung 555p', 'chow 123m', 'kong 5555p', 'concealed_kong 1111z'."""
    data: dict[str, Any] = {
        "ruleset": "hk-faan", "concealed": concealed, "winning_tile": winning, "win": win, "seat_wind": seat,
        "round_wind": prevailing, "melds": [{"kind": m.split()[0], "tiles": m.split()[1]} for m in melds],
        "events": list(events), **fields,
    }
    if bonus:
        data["bonus_tiles"] = bonus
    if options is not None:
        data["options"] = options
    return data


def score(*args: Any, **kwargs: Any) -> dict[str, Any]:
    return score_json(hand(*args, **kwargs))


def counted(answer: dict[str, Any]) -> dict[str, int]:
    assert answer["ok"], answer
    return {p["key"]: p["value"] for p in answer["patterns"]}


def error(answer: dict[str, Any]) -> tuple[str, str]:
    assert answer["ok"] is False, answer
    return answer["error"]["code"], answer["error"]["message"]


# -- the faan table: every pattern, with exactly what counts beside it -----------------------------
PLAIN = dict(concealed="123m456p234s789s5s", winning="5s", seat="S")  # four chows + 55s, concealed

TABLE = [
    ("common_hand", dict(PLAIN), 3, {"common_hand": 1, "concealed": 1, "no_flowers": 1}),
    ("all_pungs and mixed_one_suit", dict(concealed="888s333z4z", winning="4z", melds=("pung 111s", "pung 555s"),
                                          bonus="3f"), 6, {"all_pungs": 3, "mixed_one_suit": 3}),
    ("a pung completed by a discard is exposed", dict(concealed="222m555p88s444z33z", winning="8s"), 5,
     {"all_pungs": 3, "concealed": 1, "no_flowers": 1}),
    ("concealed_pungs replaces all_pungs", dict(concealed="222m555p888s444z3z", winning="3z",
                                                options={"limit_faan": 13}), 10,
     {"concealed_pungs": 8, "concealed": 1, "no_flowers": 1}),
    ("all_one_suit", dict(concealed="456m789m222m5m", winning="5m", melds=("chow 123m",), bonus="2f"), 7,
     {"all_one_suit": 7}),
    ("mixed_terminals with all_pungs", dict(concealed="999p111z99s44z", winning="9s", melds=("pung 111m",),
                                            seat="S", prevailing="S"),
     5, {"all_pungs": 3, "mixed_terminals": 1, "no_flowers": 1}),
    ("mixed_terminals with concealed_pungs", dict(concealed="111m999p111z999s4z", winning="4z", win="self_draw",
                                                  seat="S", prevailing="S", options={"limit_faan": 13}),
     12, {"concealed_pungs": 8, "mixed_terminals": 1, "concealed": 1, "self_drawn": 1, "no_flowers": 1}),
    ("dragon_pung each", dict(concealed="123m456p7s", winning="7s", melds=("pung 555z", "pung 666z"), bonus="1f"),
     3, {"dragon_pung": 2, "own_flower": 1}),
    ("little_three_dragons includes its pungs", dict(concealed="555z666z77z123m44p", winning="4p"), 7,
     {"little_three_dragons": 5, "concealed": 1, "no_flowers": 1}),
    ("big_three_dragons includes its pungs", dict(concealed="666z777z234p9s", winning="9s", melds=("pung 555z",),
                                                  bonus="1f"), 9, {"big_three_dragons": 8, "own_flower": 1}),
    ("seat_wind", dict(concealed="234m567p789s5s", winning="5s", win="self_draw", melds=("pung 222z",), seat="S"),
     3, {"seat_wind": 1, "self_drawn": 1, "no_flowers": 1}),
    ("round_wind", dict(concealed="234m567p789s5s", winning="5s", win="self_draw", melds=("pung 111z",), seat="W"),
     3, {"round_wind": 1, "self_drawn": 1, "no_flowers": 1}),
    ("double east: seat and round wind", dict(concealed="234m567p789s5s", winning="5s", win="self_draw",
                                              melds=("pung 111z",), bonus="6f", dealer=True, dealer_streak=2),
     3, {"seat_wind": 1, "round_wind": 1, "self_drawn": 1}),
    ("kong_replacement beside self_drawn", dict(concealed="123m456m789s5s", winning="5s", win="self_draw",
                                                melds=("kong 8888p",), seat="N", events=("kong_replacement",)),
     3, {"kong_replacement": 1, "self_drawn": 1, "no_flowers": 1}),
    ("a concealed kong breaks concealed", dict(concealed="456p789s234s5s", winning="5s", win="self_draw",
                                               melds=("concealed_kong 2222m",), seat="N",
                                               events=("kong_replacement",)),
     3, {"kong_replacement": 1, "self_drawn": 1, "no_flowers": 1}),
    ("last_tile beside self_drawn", dict(PLAIN, win="self_draw", events=("last_tile",)), 5,
     {"common_hand": 1, "concealed": 1, "self_drawn": 1, "last_tile": 1, "no_flowers": 1}),
    ("last_discard", dict(PLAIN, events=("last_discard",)), 4,
     {"common_hand": 1, "concealed": 1, "last_discard": 1, "no_flowers": 1}),
    ("robbing_kong", dict(concealed="456p789s34s55s", winning="2s", melds=("chow 123m",), seat="W",
                          events=("robbing_kong",)), 3, {"common_hand": 1, "robbing_kong": 1, "no_flowers": 1}),
    ("own_flower: the seat's flower and season", dict(concealed="456p789s234s5s", winning="5s", win="self_draw",
                                                      melds=("pung 222m",), seat="W", bonus="3f7f2f"),
     3, {"own_flower": 2, "self_drawn": 1}),
    ("flower_set replaces its own_flower", dict(concealed="456p789s234s5s", winning="5s", melds=("pung 222m",),
                                                bonus="1f2f3f4f5f"), 3, {"flower_set": 2, "own_flower": 1}),
    ("all eight bonus tiles: two flower sets", dict(concealed="456p789s234s5s", winning="5s", melds=("pung 222m",),
                                                    bonus="1f2f3f4f5f6f7f8f"), 4, {"flower_set": 4}),
    ("no no_flowers in the 136-tile game", dict(PLAIN, win="self_draw", options={"flowers": False}), 3,
     {"common_hand": 1, "concealed": 1, "self_drawn": 1}),
    ("chicken_hand with min_faan 0", dict(concealed="234s789s5s", winning="5s", melds=("pung 222m", "chow 456p"),
                                          bonus="2f", options={"min_faan": 0}), 0, {"chicken_hand": 0}),
]


@pytest.mark.parametrize("fields, total, patterns", [row[1:] for row in TABLE], ids=[row[0] for row in TABLE])
def test_the_faan_table(fields, total, patterns):
    answer = score(**fields)
    assert counted(answer) == patterns
    assert (answer["total"], answer["raw_faan"], answer["unit"]) == (total, total, "faan")
    assert answer["limit"] is (total >= fields.get("options", {}).get("limit_faan", 10))


def test_every_pattern_of_the_page_is_in_the_table_test():
    seen = {key for row in TABLE for key in row[3]}
    assert {p.key for p in PATTERNS if p.kind != "limit"} == seen


# -- limit hands --------------------------------------------------------------------------------------
LIMIT_HANDS = [
    ("thirteen_orphans", dict(concealed="19m19p19s1234567z", winning="1m")),
    ("nine_gates", dict(concealed="1112345678999s", winning="5s", win="self_draw")),
    # the page's condition is on the 14 tiles: 1112345678999 + 5 held, whatever waited before
    ("nine_gates", dict(concealed="1112345567899s", winning="9s")),
    ("big_four_winds", dict(concealed="333z444z5p", winning="5p", melds=("pung 111z", "pung 222z"))),
    ("little_four_winds", dict(concealed="333z4z567m", winning="4z", melds=("pung 111z", "pung 222z"), seat="S")),
    ("all_honors", dict(concealed="555z666z777z1z", winning="1z", melds=("pung 222z",))),
    ("all_terminals", dict(concealed="111m999m111p9p", winning="9p", melds=("pung 999s",))),
    ("all_kongs", dict(concealed="5p", winning="5p", melds=("kong 2222m", "concealed_kong 3333p", "kong 4444s",
                                                            "kong 6666m"))),
    ("heavenly", dict(concealed="123m456m789m234p5p", winning="5p", win="self_draw", dealer=True,
                      events=("heavenly",))),
    ("earthly", dict(concealed="123m456m789m234p5p", winning="5p", seat="S", events=("earthly",))),
]


@pytest.mark.parametrize("limit", [10, 7, 13])
@pytest.mark.parametrize("key, fields", LIMIT_HANDS, ids=[f"{k}-{i}" for i, (k, _) in enumerate(LIMIT_HANDS)])
def test_a_limit_hand_scores_exactly_the_limit_and_nothing_else(key, fields, limit):
    answer = score(**fields, options={"limit_faan": limit})
    assert counted(answer) == {key: limit}
    assert (answer["total"], answer["raw_faan"], answer["limit"]) == (limit, limit, True)


def test_a_limit_hand_is_not_raised_by_self_draw_or_flowers():
    answer = score("1112345678999s", "5s", "self_draw", bonus="1f2f3f4f")
    assert counted(answer) == {"nine_gates": 10}


def test_nine_gates_needs_no_melds():
    answer = score("2345678999s", "5s", "self_draw", melds=("pung 111s",))
    assert counted(answer) == {"all_one_suit": 7, "self_drawn": 1, "no_flowers": 1}


def test_of_two_limit_hands_the_first_in_the_pages_order_is_listed():
    # all honours and big four winds at once: big_four_winds comes first on the page
    assert counted(score("333z444z5z", "5z", melds=("pung 111z", "pung 222z"))) == {"big_four_winds": 10}


# -- the cap and the minimum --------------------------------------------------------------------------
CAPPED = dict(concealed="333m555m777m9m", winning="9m", win="self_draw", melds=("pung 111m",), seat="S")


@pytest.mark.parametrize("limit, total, at_limit", [(10, 10, True), (12, 12, True), (13, 12, False)])
def test_the_sum_is_capped_at_limit_faan(limit, total, at_limit):
    answer = score(**CAPPED, options={"limit_faan": limit})
    assert counted(answer) == {"all_one_suit": 7, "all_pungs": 3, "self_drawn": 1, "no_flowers": 1}
    assert (answer["total"], answer["raw_faan"], answer["limit"]) == (total, 12, at_limit)


@pytest.mark.parametrize("minimum, wins", [(3, False), (2, True), (1, True), (0, True)])
def test_a_hand_under_min_faan_is_not_winning_and_says_by_how_much(minimum, wins):
    answer = score(**PLAIN, options={"min_faan": minimum, "flowers": False})  # 平糊 + 門前清 = 2
    if wins:
        assert answer["total"] == 2
    else:
        code, message = error(answer)
        assert code == "not_winning" and "worth 2 faan" in message and "at least 3" in message


def test_flower_faan_count_toward_the_minimum():
    base = dict(concealed="234s789s5s", winning="5s", melds=("chow 123m", "chow 456p"), seat="S")
    assert error(score(**base, bonus="1f"))[0] == "not_winning"  # 平糊 1 only
    assert score(**base, bonus="2f6f")["total"] == 3  # + South's flower and season


def test_a_limit_hand_wins_at_the_lowest_limit():
    assert score("19m19p19s1234567z", "1m", options={"limit_faan": 3, "min_faan": 3})["total"] == 3


# -- what is refused -----------------------------------------------------------------------------------
@pytest.mark.parametrize("fields, code, words", [
    (dict(concealed="1133m5577p2299s4z", winning="4z"), "not_winning", "seven pairs"),
    (dict(PLAIN, bonus="1f", options={"flowers": False}), "bad_field", "without flowers"),
    (dict(PLAIN, events=("human",)), "bad_field", "by figure"),
    (dict(concealed="123m456m789s5s", winning="5s", win="self_draw", melds=("pung 888p",),
          events=("kong_replacement",)), "bad_field", "needs a kong"),
    (dict(concealed="123m456m789m234p5p", winning="5p", win="self_draw", seat="S", events=("heavenly",)),
     "bad_field", "dealer"),
    (dict(concealed="123m456m789m234p5p", winning="5p", dealer=True, events=("earthly",)), "bad_field", "dealer"),
    (dict(concealed="123m456p234s789s1f", winning="5s"), "bad_tile", "bonus_tiles"),
    (dict(PLAIN, bonus="1f5s"), "bad_field", "not 5s"),
])
def test_refused_hands_say_why(fields, code, words):
    got, message = error(score(**fields))
    assert got == code and words in message


@pytest.mark.parametrize("options", [
    {"limit_faan": 14}, {"limit_faan": 2}, {"min_faan": 4}, {"min_faan": True}, {"flowers": 1},
    {"payout": "spicy"}, {"discard_pays": "none"}, {"robbed_kong_pays": "half"}, {"draw_keeps_deal": 0},
    {"limit": 10},
])
def test_options_outside_the_page_are_bad_field(options):
    assert error(score(**PLAIN, options=options))[0] == "bad_field"


def test_the_settlement_options_are_accepted_by_score_and_change_no_faan():
    options = {"payout": "full_spicy", "discard_pays": "half", "robbed_kong_pays": "discard",
               "draw_keeps_deal": False}
    assert score(**PLAIN, options=options)["total"] == 3


def test_events_that_are_not_in_the_table_count_nothing():
    answer = score(**PLAIN, win="self_draw", events=("ready_first_turn", "three_golds"))
    assert counted(answer) == {"common_hand": 1, "concealed": 1, "self_drawn": 1, "no_flowers": 1}


# -- money: the page's worked tables --------------------------------------------------------------------
def settle(hands: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    return settle_json({"ruleset": "hk-faan", "players": PLAYERS, "dealer": 0, "hands": hands, **fields})


def paid(answer: dict[str, Any], index: int = 0) -> set[tuple[int, int, Decimal]]:
    assert answer["ok"], answer
    return {(t["from"], t["to"], Decimal(t["amount"])) for t in answer["hands"][index]["transfers"]}


# faan: half_spicy M, discard all, half (discarder / other), self-draw each / collects, full_spicy M,
# full_spicy discard all, full_spicy self-draw collects (hk-faan.md, Worked money table)
MONEY_TABLE = [
    (3, 8, 16, 8, 4, 8, 24, 8, 16, 24), (4, 16, 32, 16, 8, 16, 48, 16, 32, 48),
    (5, 24, 48, 24, 12, 24, 72, 32, 64, 96), (6, 32, 64, 32, 16, 32, 96, 64, 128, 192),
    (7, 48, 96, 48, 24, 48, 144, 128, 256, 384), (8, 64, 128, 64, 32, 64, 192, 256, 512, 768),
    (9, 96, 192, 96, 48, 96, 288, 512, 1024, 1536), (10, 128, 256, 128, 64, 128, 384, 1024, 2048, 3072),
    (11, 192, 384, 192, 96, 192, 576, 2048, 4096, 6144), (12, 256, 512, 256, 128, 256, 768, 4096, 8192, 12288),
    (13, 384, 768, 384, 192, 384, 1152, 8192, 16384, 24576),
]


@pytest.mark.parametrize("row", MONEY_TABLE, ids=[f"{row[0]}-faan" for row in MONEY_TABLE])
def test_the_worked_money_table(row):
    faan, m, all_pays, half_discarder, half_other, each, collects, full_m, full_all, full_collects = row
    assert (MULTIPLIERS["half_spicy"][faan], MULTIPLIERS["full_spicy"][faan]) == (m, full_m)
    win_on_c = [{"winner": 1, "discarder": 2, "faan": faan}]
    self_drawn = [{"winner": 1, "discarder": None, "faan": faan}]
    top = {"limit_faan": 13}
    assert paid(settle(win_on_c, options=top)) == {(2, 1, all_pays)}
    assert paid(settle(win_on_c, options={**top, "discard_pays": "half"})) == {
        (2, 1, half_discarder), (0, 1, half_other), (3, 1, half_other)}
    assert paid(settle(self_drawn, options=top)) == {(p, 1, each) for p in (0, 2, 3)}
    assert settle(self_drawn, options=top)["balances"][1] == str(collects)
    full = {**top, "payout": "full_spicy"}
    assert paid(settle(win_on_c, options=full)) == {(2, 1, full_all)}
    assert paid(settle(win_on_c, options={**full, "discard_pays": "half"})) == {
        (2, 1, full_m), (0, 1, Decimal(full_m) / 2), (3, 1, Decimal(full_m) / 2)}
    assert settle(self_drawn, options=full)["balances"][1] == str(full_collects)


@pytest.mark.parametrize("base, faan, all_pays, each, collects, half_discarder, half_other", [
    ("0.5", 3, "8", "4", "12", "4", "2"), ("0.5", 8, "64", "32", "96", "32", "16"),
    ("1", 3, "16", "8", "24", "8", "4"), ("1", 8, "128", "64", "192", "64", "32"),
    ("2", 3, "32", "16", "48", "16", "8"), ("2", 8, "256", "128", "384", "128", "64"),
])
def test_the_tables_stakes(base, faan, all_pays, each, collects, half_discarder, half_other):
    stakes = {"base": base}
    win_on_c = [{"winner": 1, "discarder": 2, "faan": faan}]
    assert settle(win_on_c, stakes=stakes)["balances"] == ["0", all_pays, f"-{all_pays}", "0"]
    assert settle([{"winner": 1, "faan": faan}], stakes=stakes)["balances"] == [
        f"-{each}", collects, f"-{each}", f"-{each}"]
    assert settle(win_on_c, stakes=stakes, options={"discard_pays": "half"})["balances"] == [
        f"-{half_other}", str(Decimal(half_discarder) + 2 * Decimal(half_other)), f"-{half_discarder}",
        f"-{half_other}"]


def test_half_spicy_doubles_every_two_faan_after_four_and_full_spicy_every_faan():
    half, full = MULTIPLIERS["half_spicy"], MULTIPLIERS["full_spicy"]
    assert half[:5] == full[:5] == (1, 2, 4, 8, 16)
    assert all(half[n + 2] == 2 * half[n] for n in range(4, 12))
    assert all(full[n + 1] == 2 * full[n] for n in range(13))


def test_a_dealer_wins_and_pays_like_anyone_else():
    dealer_wins = settle([{"winner": 0, "discarder": 1, "faan": 5}])
    other_wins = settle([{"winner": 2, "discarder": 1, "faan": 5}])
    assert paid(dealer_wins) == {(1, 0, 48)} and paid(other_wins) == {(1, 2, 48)}


def test_a_win_answers_its_faan_by_figure_and_by_tiles():
    answer = settle([{"winner": 1, "discarder": 2, "faan": 4},
                     {"winner": 3, "discarder": 0, "hand": {"concealed": PLAIN["concealed"], "winning_tile": "5s"}}])
    assert [h["faan"] for h in answer["hands"]] == [4, 3]
    assert answer["hands"][1]["score"]["total"] == 3


@pytest.mark.parametrize("faan, options", [(2, {}), (11, {}), (8, {"limit_faan": 7}), (0, {"min_faan": 1})])
def test_a_figure_outside_min_faan_and_limit_faan_is_bad_field(faan, options):
    answer = settle([{"winner": 1, "discarder": 2, "faan": faan}], options=options)
    assert answer["error"]["code"] == "bad_field" and answer["error"]["hand"] == 0


def test_a_zero_faan_figure_wins_one_base_with_min_faan_0():
    assert settle([{"winner": 1, "discarder": 2, "faan": 0}], options={"min_faan": 0})["balances"] == [
        "0", "2", "-2", "0"]


# -- 包, 搶槓 -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("discard_pays", ["all", "half"])
def test_responsible_on_a_self_draw_pays_all_three_shares(discard_pays):
    answer = settle([{"winner": 1, "discarder": None, "faan": 8, "responsible": 3}],
                    options={"discard_pays": discard_pays})
    assert paid(answer) == {(3, 1, 192)}


@pytest.mark.parametrize("discard_pays", ["all", "half"])
def test_a_responsible_discarder_pays_both_shares(discard_pays):
    answer = settle([{"winner": 2, "discarder": 3, "faan": 6, "responsible": 3}],
                    options={"discard_pays": discard_pays})
    assert paid(answer) == {(3, 2, 64)}


def test_responsible_null_is_nobody():
    assert paid(settle([{"winner": 1, "discarder": None, "faan": 3, "responsible": None}])) == {
        (0, 1, 8), (2, 1, 8), (3, 1, 8)}


def test_on_a_discard_win_only_the_discarder_can_be_responsible():
    answer = settle([{"winner": 1, "discarder": 2, "faan": 8, "responsible": 3}])
    assert answer["error"]["code"] == "bad_field" and "without 'responsible'" in answer["error"]["message"]


@pytest.mark.parametrize("options, payments", [
    ({}, {(2, 1, 48)}),
    ({"discard_pays": "half"}, {(2, 1, 48)}),
    ({"robbed_kong_pays": "discard"}, {(2, 1, 32)}),
    ({"robbed_kong_pays": "discard", "discard_pays": "half"}, {(2, 1, 16), (0, 1, 8), (3, 1, 8)}),
])
def test_a_robbed_kong_by_figure(options, payments):
    answer = settle([{"winner": 1, "discarder": 2, "faan": 4, "robbed_kong": True}], options=options)
    assert paid(answer) == payments


def test_a_robbed_kong_by_tiles_is_paid_by_the_robbed_player_as_a_self_draw():
    robbed = {"concealed": "456p789s34s55s", "winning_tile": "2s", "melds": [{"kind": "chow", "tiles": "123m"}],
              "events": ["robbing_kong"]}
    assert paid(settle([{"winner": 3, "discarder": 1, "hand": robbed}], options={"discard_pays": "half"})) == {
        (1, 3, 24)}


@pytest.mark.parametrize("entry, words", [
    ({"winner": 0, "discarder": None, "faan": 4, "robbed_kong": True}, "discarder"),
    ({"winner": 0, "discarder": 1, "faan": 4, "robbed_kong": 1}, "true or false"),
    ({"winner": 0, "discarder": 1, "robbed_kong": True,
      "hand": {"concealed": PLAIN["concealed"], "winning_tile": "5s"}}, "robbing_kong"),
])
def test_a_robbed_kong_entered_wrongly_is_bad_field(entry, words):
    answer = settle([entry])
    assert answer["error"]["code"] == "bad_field" and words in answer["error"]["message"]


# -- 詐糊 and the deal -----------------------------------------------------------------------------------
@pytest.mark.parametrize("options, stakes, each", [
    ({}, {}, 384), ({"limit_faan": 13}, {}, 1152), ({"limit_faan": 8, "payout": "full_spicy"}, {"base": "2"}, 1536),
])
def test_a_false_win_pays_each_other_player_a_self_drawn_limit_hand(options, stakes, each):
    answer = settle([{"spot": "false_win", "player": 2}], options=options, stakes=stakes)
    assert paid(answer) == {(2, other, each) for other in (0, 1, 3)}
    assert answer["hands"][0]["kind"] == "spot" and answer["balances"][2] == str(-3 * each)


@pytest.mark.parametrize("entry", [
    {"spot": "false_win"}, {"spot": "false_win", "player": 1, "count": 2}, {"spot": "false_win", "player": 1, "to": 2},
    {"spot": "flower", "player": 1},
])
def test_a_false_win_is_one_offender_once(entry):
    assert settle([entry])["error"]["code"] == "bad_field"


def deals(answer: dict[str, Any]) -> list[tuple[int, int]]:
    """Each hand's (dealer, dealer_streak), then the next hand's."""
    assert answer["ok"], answer
    return [(h["dealer"], h["dealer_streak"]) for h in [*answer["hands"], answer["next"]]]


def test_a_draw_keeps_the_deal_by_default_and_passes_it_with_the_option():
    two_draws = [{"draw": True}, {"draw": True}]
    assert deals(settle(two_draws)) == [(0, 0), (0, 1), (0, 2)]
    assert deals(settle(two_draws, options={"draw_keeps_deal": False})) == [(0, 0), (1, 0), (2, 0)]


@pytest.mark.parametrize("draw_keeps_deal, after_another", [(True, (0, 1)), (False, (1, 0))])
def test_a_false_win_moves_the_deal_as_a_draw_unless_the_dealer_made_it(draw_keeps_deal, after_another):
    options = {"draw_keeps_deal": draw_keeps_deal}
    assert deals(settle([{"spot": "false_win", "player": 2}], options=options)) == [(0, 0), after_another]
    assert deals(settle([{"spot": "false_win", "player": 0}], options=options)) == [(0, 0), (1, 0)]


def test_the_dealer_keeps_the_deal_on_a_win_and_passes_it_on_anothers_win():
    hands = [{"winner": 0, "discarder": 1, "faan": 3}, {"winner": 0, "faan": 3},
             {"winner": 2, "discarder": 0, "faan": 3}]
    answer = settle(hands)
    assert deals(answer) == [(0, 0), (0, 1), (0, 2), (1, 0)]
    assert answer["next"]["seat_winds"] == ["N", "E", "S", "W"]


def test_the_round_wind_moves_when_the_deal_has_gone_round():
    passes = [{"winner": (seat + 1) % 4, "discarder": seat, "faan": 3} for seat in range(4)]
    answer = settle(passes + [{"draw": True}])
    assert [h["round_wind"] for h in answer["hands"]] == ["E", "E", "E", "E", "S"]


@pytest.mark.parametrize("field, value", [("stakes", {"per_point": "1"}), ("options", {"draw_keeps_deal": 1}),
                                          ("options", {"payout": "half"}), ("options", {"limit_faan": "10"})])
def test_bad_stakes_and_settlement_options_are_bad_field(field, value):
    assert settle([{"draw": True}], **{field: value})["error"]["code"] == "bad_field"


# -- properties --------------------------------------------------------------------------------------------
seats = st.integers(0, 3)
house = st.fixed_dictionaries({}, optional={
    "payout": st.sampled_from(["half_spicy", "full_spicy"]), "discard_pays": st.sampled_from(["all", "half"]),
    "robbed_kong_pays": st.sampled_from(["self_draw", "discard"]), "draw_keeps_deal": st.booleans(),
    "limit_faan": st.integers(8, 13), "min_faan": st.integers(0, 3)})


@st.composite
def wins(draw):
    winner = draw(seats)
    discarder = draw(st.one_of(st.none(), seats.filter(lambda s: s != winner)))
    entry = {"winner": winner, "discarder": discarder, "faan": draw(st.integers(3, 8))}
    if discarder is not None:
        extra = draw(st.sampled_from(["", "robbed_kong", "responsible", "both"]))
        if extra in ("robbed_kong", "both"):
            entry["robbed_kong"] = True
        if extra in ("responsible", "both"):
            entry["responsible"] = discarder  # hk-faan.md: on a discard win only the discarder
    elif draw(st.booleans()):
        entry["responsible"] = draw(seats.filter(lambda s: s != winner))
    return entry


entries = st.one_of(wins(), st.just({"draw": True}), st.builds(lambda p: {"spot": "false_win", "player": p}, seats))


@settings(max_examples=200, deadline=None)
@given(options=house, hands=st.lists(entries, max_size=25), base=st.sampled_from(["0.5", "1", "2", "0.1"]))
def test_balances_always_sum_to_zero(options, hands, base):
    answer = settle(hands, options=options, stakes={"base": base})
    assert answer["ok"], answer
    assert sum(Decimal(b) for b in answer["balances"]) == 0
    assert all(sum(Decimal(b) for b in h["balances"]) == 0 for h in answer["hands"])


@settings(max_examples=200, deadline=None)
@given(options=house, entry=wins())
def test_a_discard_win_collects_two_shares_and_a_self_draw_three(options, entry):
    answer = settle([entry], options=options)
    assert answer["ok"], answer
    share = MULTIPLIERS[options.get("payout", "half_spicy")][entry["faan"]]
    robbed_as_self_draw = entry.get("robbed_kong") and options.get("robbed_kong_pays", "self_draw") == "self_draw"
    shares = 3 if entry["discarder"] is None or robbed_as_self_draw else 2
    assert Decimal(answer["balances"][entry["winner"]]) == shares * share
    payers = {t["from"] for t in answer["hands"][0]["transfers"]}
    if "responsible" in entry or robbed_as_self_draw:
        assert payers == {entry.get("responsible", entry["discarder"])}
