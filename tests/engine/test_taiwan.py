"""`taiwan` scoring (rules/taiwan.md): every pattern counted once and missed once, then the
page's non-repeat rules, the cap, the dealer's 2n+1, waits and bad input."""
from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine import get_ruleset
from scorekeeper.engine.hand import Hand
from scorekeeper.engine.ruleset import Ruleset
from scorekeeper.engine.tiles import parse_tiles

from engine_helpers import score_json

RULESET = get_ruleset("taiwan")

MELD_KINDS = {"p": "pung", "k": "kong", "c": "chow", "ck": "concealed_kong"}


def hand(concealed: str, winning: str, *melds: str, win: str = "discard", **fields: Any) -> dict[str, Any]:
    """A score input; melds written 'p:555z', 'k:1111m', 'c:123m', 'ck:4444z'."""
    written = [{"kind": MELD_KINDS[m.split(":")[0]], "tiles": m.split(":")[1]} for m in melds]
    return {"ruleset": "taiwan", "concealed": concealed, "winning_tile": winning, "win": win,
            "melds": written, **fields}


def score(data: dict[str, Any]) -> dict[str, Any]:
    answer = score_json(data)
    assert answer["ok"], answer
    return answer


def keys(answer: dict[str, Any]) -> set[str]:
    return {p["key"] for p in answer["patterns"]}


def value_of(answer: dict[str, Any], key: str) -> int:
    return next(p["value"] for p in answer["patterns"] if p["key"] == key)


ALL_CHOWS = "123m456m789p234s567s5p"  # + 5p: 平胡, the only wait a pair wait
FOUR_WINDS = hand("111z222z333z444z123m5p", "5p")
LITTLE_WINDS = hand("111z222z333z123m456m4z", "4z")
THREE_WINDS = hand("111z222z333z123m456m5p", "5p")
THREE_DRAGONS = hand("777z123m456m9p", "9p", "p:555z", "p:666z", seat_wind="N")
LITTLE_DRAGONS = hand("555z666z123m456m789p7z", "7z")
SEVEN_PAIRS = hand("112233m4455p999p667s", "7s")
FOUR_CONCEALED = hand("111m222p333s444m567p8s", "8s")
MELDED = ("c:123m", "p:444p", "c:789s", "p:111z", "c:345s")

# (id, pattern key, a hand where it counts)
COUNTS = [
    ("big_four_winds", "big_four_winds", FOUR_WINDS),
    ("big_three_dragons", "big_three_dragons", THREE_DRAGONS),
    ("all_green", "all_green", hand("234s234s666s888s666z2s", "2s")),
    ("nine_gates", "nine_gates", hand("1112345678999m456m", "5m")),
    ("four_kongs", "four_kongs", hand("567m5p", "5p", "k:1111m", "k:2222p", "k:3333s", "ck:4444z")),
    ("seven_consecutive_pairs", "seven_consecutive_pairs", hand("1122334455667m999p", "7m")),
    ("heavenly", "heavenly", hand(ALL_CHOWS, "5p", win="self_draw", dealer=True, events=["heavenly"])),
    ("earthly", "earthly", hand(ALL_CHOWS, "5p", events=["earthly"])),
    ("human", "human", hand(ALL_CHOWS, "5p", events=["human"])),
    ("little_four_winds", "little_four_winds", LITTLE_WINDS),
    ("all_honors", "all_honors", hand("111z222z333z555z666z7z", "7z")),
    ("all_terminals", "all_terminals", hand("111m999m111p999p111s9s", "9s")),
    ("four_concealed_pungs", "four_concealed_pungs", FOUR_CONCEALED),
    ("four_concealed_pungs: a self-drawn tile completes the fourth", "four_concealed_pungs",
     hand("111m222p333s44m567p88s", "4m", win="self_draw")),
    ("four_concealed_pungs: a concealed kong counts", "four_concealed_pungs",
     hand("222p333s444m567p8s", "8s", "ck:1111m")),
    ("four_identical_chows", "four_identical_chows", hand("456p9p", "9p", "c:123m", "c:123m", "c:123m", "c:123m")),
    ("four_sequential_pungs", "four_sequential_pungs", hand("567p9p", "9p", "p:111m", "p:222m", "p:333m", "p:444m")),
    ("three_sequential_pungs", "three_sequential_pungs",
     hand("567p9p", "9p", "p:111m", "p:222m", "p:333m", "p:555m")),
    ("big_three_winds", "big_three_winds", THREE_WINDS),
    ("seven_pairs", "seven_pairs", SEVEN_PAIRS),
    ("full_flush", "full_flush", hand("123m456m789m234m567m9m", "9m")),
    ("half_flush", "half_flush", hand("123m456m789m234m567m1z", "1z", seat_wind="S")),
    ("ready_first_turn", "ready_first_turn", hand(ALL_CHOWS, "5p", events=["ready_first_turn"])),
    ("mixed_triple_chow", "mixed_triple_chow", hand("123m123p123s456m789m5p", "5p")),
    ("mixed_triple_pung", "mixed_triple_pung", hand("123m456s7p", "7p", "p:555m", "p:555p", "p:555s")),
    ("three_kongs", "three_kongs", hand("567m5p", "5p", "k:1111m", "k:2222p", "k:3333s", "p:444z")),
    ("little_three_dragons", "little_three_dragons", LITTLE_DRAGONS),
    ("all_melded", "all_melded", hand("5z", "5z", *MELDED)),
    ("last_tile", "last_tile", hand(ALL_CHOWS, "5p", win="self_draw", events=["last_tile"])),
    ("kong_replacement", "kong_replacement", hand("123m456m789p234s5p", "5p", "k:6666s", win="self_draw",
                                                  events=["kong_replacement"])),
    ("all_pungs", "all_pungs", hand("777s5z", "5z", "p:111m", "p:222p", "p:333s", "p:444m")),
    ("terminals_and_honors", "terminals_and_honors", hand("111m999m111p999p111z9s", "9s")),
    ("three_concealed_pungs", "three_concealed_pungs", hand("222p333s444m567p8s", "8s", "p:111m")),
    ("concealed_self_drawn", "concealed_self_drawn", hand(ALL_CHOWS, "5p", win="self_draw")),
    ("all_chows", "all_chows", hand(ALL_CHOWS, "5p")),
    ("all_simples", "all_simples", hand("234m456m678p234s567s8p", "8p")),
    ("round_wind", "round_wind", hand("111z123m456m789p234s5s", "5s", seat_wind="S", round_wind="E")),
    ("seat_wind", "seat_wind", hand("222z123m456m789p234s5s", "5s", seat_wind="S", round_wind="E")),
    ("dragon_pung", "dragon_pung", hand("555z777z123m456m789p5s", "5s")),
    ("self_drawn", "self_drawn", hand("123m456m789p234s5p", "5p", "c:567s", win="self_draw")),
    ("self_drawn: a self-drawn seven pairs", "self_drawn", hand("112233m4455p999p667s", "7s", win="self_draw")),
    ("concealed", "concealed", hand(ALL_CHOWS, "5p")),
    ("single_wait: 23m with every 4m held waits on 1m alone", "single_wait",
     hand("23m234m789p111s55s", "1m", "p:444m")),
    ("edge_wait: 3 for 12", "edge_wait", hand("12m456m789m123p456p55s", "3m")),
    ("edge_wait: 7 for 89", "edge_wait", hand("89m456m123m123p456p55s", "7m")),
    ("middle_wait", "middle_wait", hand("13m456m789m123p456p55s", "2m")),
    ("pair_wait", "pair_wait", hand(ALL_CHOWS, "5p")),
    ("dealer", "dealer", hand(ALL_CHOWS, "5p", dealer=True)),
]

# (id, pattern key, a near miss where it must not count)
MISSES = [
    ("big_four_winds: the fourth wind only paired", "big_four_winds", LITTLE_WINDS),
    ("big_three_dragons: the third dragon only paired", "big_three_dragons", LITTLE_DRAGONS),
    ("all_green: a white dragon pung", "all_green", hand("234s234s666s888s555z2s", "2s")),
    ("nine_gates: the set is an exposed chow", "nine_gates", hand("1112345678999m", "5m", "c:456m")),
    ("four_kongs: three kongs", "four_kongs", hand("567m5p", "5p", "k:1111m", "k:2222p", "k:3333s", "p:444z")),
    ("seven_consecutive_pairs: a gap at 7", "seven_consecutive_pairs", hand("1122334455668m999p", "8m")),
    ("heavenly: no event", "heavenly", hand(ALL_CHOWS, "5p", dealer=True)),
    ("earthly: no event", "earthly", hand(ALL_CHOWS, "5p")),
    ("human: no event", "human", hand(ALL_CHOWS, "5p")),
    ("little_four_winds: a suit pair", "little_four_winds", THREE_WINDS),
    ("all_honors: one terminal pung", "all_honors", hand("111z222z333z555z999m7z", "7z")),
    ("all_terminals: one honour pung", "all_terminals", hand("111m999m111p999p111z9s", "9s")),
    ("four_concealed_pungs: the fourth pung claimed from a discard", "four_concealed_pungs",
     hand("111m222p333s44m567p88s", "4m")),
    ("four_identical_chows: the fourth chow in another suit", "four_identical_chows",
     hand("123p456s9p", "9p", "c:123m", "c:123m", "c:123m")),
    ("four_sequential_pungs: 1-2-3 and 5", "four_sequential_pungs",
     hand("567p9p", "9p", "p:111m", "p:222m", "p:333m", "p:555m")),
    ("three_sequential_pungs: 1-2 and 4-5", "three_sequential_pungs",
     hand("567p9p", "9p", "p:111m", "p:222m", "p:444m", "p:555m")),
    ("big_three_winds: two wind pungs and a wind pair", "big_three_winds", hand("111z222z123m456m789m3z", "3z")),
    ("seven_pairs: an exposed pung", "seven_pairs", hand("112233m445566p7s", "7s", "p:999s")),
    ("full_flush: an honour pair", "full_flush", hand("123m456m789m234m567m1z", "1z", seat_wind="S")),
    ("half_flush: two suits", "half_flush", hand("123m456m789p234m567m1z", "1z", seat_wind="S")),
    ("ready_first_turn: no event", "ready_first_turn", hand(ALL_CHOWS, "5p")),
    ("mixed_triple_chow: 234 in bamboo", "mixed_triple_chow", hand("123m123p234s456m789m5p", "5p")),
    ("mixed_triple_pung: 6 in bamboo", "mixed_triple_pung", hand("123m456s7p", "7p", "p:555m", "p:555p", "p:666s")),
    ("three_kongs: two kongs", "three_kongs", hand("567m5p", "5p", "k:1111m", "k:2222p", "p:333s", "p:444z")),
    ("little_three_dragons: a wind pair", "little_three_dragons", hand("555z666z123m456m789p1z", "1z")),
    ("all_melded: self-drawn", "all_melded", hand("5z", "5z", *MELDED, win="self_draw")),
    ("all_melded: one set is a concealed kong", "all_melded",
     hand("5z", "5z", "c:123m", "p:444p", "c:789s", "ck:1111z", "c:345s")),
    ("last_tile: self-drawn, no event", "last_tile", hand(ALL_CHOWS, "5p", win="self_draw")),
    ("kong_replacement: no event", "kong_replacement", hand("123m456m789p234s5p", "5p", "k:6666s", win="self_draw")),
    ("all_pungs: one chow", "all_pungs", hand("789s5z", "5z", "p:111m", "p:222p", "p:333s", "p:444m")),
    ("terminals_and_honors: a chow 123m", "terminals_and_honors", hand("123m999m111p999p111z9s", "9s")),
    ("three_concealed_pungs: two of wall tiles", "three_concealed_pungs",
     hand("333s444m567p8s", "8s", "p:111m", "p:222p")),
    ("concealed_self_drawn: an exposed chow", "concealed_self_drawn",
     hand("123m456m789p234s5p", "5p", "c:567s", win="self_draw")),
    ("all_chows: an honour pair", "all_chows", hand("123m456m789p234m567m1z", "1z", seat_wind="S")),
    ("all_simples: a pair of 9p", "all_simples", hand("234m456m678p234s567s9p", "9p")),
    ("round_wind: a seat-wind pung", "round_wind", hand("222z123m456m789p234s5s", "5s", seat_wind="S")),
    ("seat_wind: a round-wind pung", "seat_wind", hand("111z123m456m789p234s5s", "5s", seat_wind="S")),
    ("dragon_pung: a dragon pair only", "dragon_pung", hand("123m456m789p234s555s5z", "5z")),
    ("self_drawn: concealed and self-drawn is 門清自摸", "self_drawn", hand(ALL_CHOWS, "5p", win="self_draw")),
    ("concealed: an exposed chow", "concealed", hand("123m456m789p234s5p", "5p", "c:567s")),
    ("single_wait: 11m and 55s wait on two kinds", "single_wait", hand("11m789m123p456p789p55s", "1m")),
    ("edge_wait: 23m waits on 1m and 4m", "edge_wait", hand("23m456m789m123p456p55s", "4m")),
    ("middle_wait: 1113m also waits on 3m", "middle_wait", hand("1113m789m123p456p789p", "2m")),
    ("pair_wait: 1234m also waits on 4m", "pair_wait", hand("1234m456m789p234s567s", "1m")),
    ("dealer: a streak but not the dealer", "dealer", hand(ALL_CHOWS, "5p", dealer_streak=2)),
]


@pytest.mark.parametrize("key, data", [c[1:] for c in COUNTS], ids=[c[0] for c in COUNTS])
def test_pattern_counts(key: str, data: dict[str, Any]) -> None:
    assert key in keys(score(data))


@pytest.mark.parametrize("key, data", [m[1:] for m in MISSES], ids=[m[0] for m in MISSES])
def test_pattern_near_miss(key: str, data: dict[str, Any]) -> None:
    assert key not in keys(score(data))


def test_every_pattern_has_a_hit_and_a_miss() -> None:
    table = {p.key for p in RULESET.patterns}
    assert {c[1] for c in COUNTS} == table
    assert {m[1] for m in MISSES} == table


def test_the_fan_table_of_the_page_is_complete() -> None:
    page = {
        "big_four_winds": 88, "big_three_dragons": 88, "all_green": 88, "nine_gates": 88, "four_kongs": 88,
        "seven_consecutive_pairs": 88, "heavenly": 88, "earthly": 88, "human": 88, "little_four_winds": 64,
        "all_honors": 64, "all_terminals": 64, "four_concealed_pungs": 64, "four_identical_chows": 48,
        "four_sequential_pungs": 48, "three_sequential_pungs": 32, "big_three_winds": 32, "seven_pairs": 24,
        "full_flush": 24, "half_flush": 24, "ready_first_turn": 24, "mixed_triple_chow": 16,
        "mixed_triple_pung": 16, "three_kongs": 16, "little_three_dragons": 12, "all_melded": 12, "last_tile": 12,
        "kong_replacement": 12, "all_pungs": 8, "terminals_and_honors": 8, "three_concealed_pungs": 6,
        "concealed_self_drawn": 5, "all_chows": 4, "all_simples": 4, "round_wind": 2, "seat_wind": 2,
        "dragon_pung": 2, "self_drawn": 1, "concealed": 1, "single_wait": 1, "edge_wait": 1, "middle_wait": 1,
        "pair_wait": 1, "dealer": 1,
    }
    assert {p.key: p.value for p in RULESET.patterns} == page
    assert all(p.name and p.name_zh and p.note for p in RULESET.patterns)


# -- totals: what the table is paid on ------------------------------------------------------
TOTALS = [
    ("all chows, concealed, pair wait", hand(ALL_CHOWS, "5p"), 6, False),
    ("self-drawn: 門清自摸 replaces 自摸 and 門清", hand(ALL_CHOWS, "5p", win="self_draw"), 10, False),
    ("three wind pungs: 大三風 32 + 三暗刻 6 + E round 2 + E seat 2 + 門清 + 單吊",
     THREE_WINDS, 44, False),
    ("seven pairs, discard: 24 alone", SEVEN_PAIRS, 24, False),
    ("seven pairs, self-drawn: 24 + 自摸", hand("112233m4455p999p667s", "7s", win="self_draw"), 25, False),
    ("seven pairs with a dragon pung: the pung's honour fan counts", hand("112233m4455p555z667s", "7s"), 26, False),
    ("all melded: 12 + E round + E seat, no wait fan", hand("5z", "5z", *MELDED), 16, False),
    ("four sequential pungs replace three", hand("567p9p", "9p", "p:111m", "p:222m", "p:333m", "p:444m"), 49, False),
    ("three kongs: 16 + 單吊", hand("567m5p", "5p", "k:1111m", "k:2222p", "k:3333s", "p:444z"), 17, False),
    ("a pung completed by a discard is exposed: 三暗刻 6 + 門清, two waits",
     hand("111m222p333s44m567p88s", "4m"), 7, False),
    ("four concealed pungs 64 + 門清 + 單吊", FOUR_CONCEALED, 66, False),
    ("no pattern at all scores 0", hand("123m456m789p23s55z", "1s", "c:567s"), 0, False),
    ("capped at 88", THREE_DRAGONS, 88, True),
    ("a limit hand is 88 exactly", hand("1122334455667m999p", "7m"), 88, True),
    ("86 is not capped", hand("111m999m111p999p111z9s", "9s"), 86, False),
]


@pytest.mark.parametrize("data, total, limit", [t[1:] for t in TOTALS], ids=[t[0] for t in TOTALS])
def test_totals(data: dict[str, Any], total: int, limit: bool) -> None:
    answer = score(data)
    assert (answer["total"], answer["limit"]) == (total, limit)
    assert answer["unit"] == "fan"


def test_big_four_winds_takes_no_lesser_wind_pattern() -> None:
    found = keys(score(FOUR_WINDS))
    assert "big_four_winds" in found and not found & {"little_four_winds", "big_three_winds"}


def test_little_four_winds_takes_no_big_three_winds() -> None:
    found = keys(score(LITTLE_WINDS))
    assert "little_four_winds" in found and "big_three_winds" not in found


def test_big_three_dragons_takes_no_little_three_dragons_but_keeps_dragon_fan() -> None:
    answer = score(THREE_DRAGONS)
    assert "little_three_dragons" not in keys(answer)
    assert value_of(answer, "dragon_pung") == 6


def test_honour_fan_counts_per_set() -> None:
    answer = score(LITTLE_DRAGONS)
    assert value_of(answer, "dragon_pung") == 4
    assert next(p for p in answer["patterns"] if p["key"] == "dragon_pung")["count"] == 2


def test_seat_and_round_wind_both_count_when_the_same() -> None:
    found = keys(score(hand("111z123m456m789p234s5s", "5s", seat_wind="E", round_wind="E")))
    assert {"seat_wind", "round_wind"} <= found


def test_all_terminals_takes_no_terminals_and_honors_and_four_concealed_keeps_its_family() -> None:
    found = keys(score(hand("111m999m111p999p111s9s", "9s")))
    assert "all_terminals" in found and "terminals_and_honors" not in found
    assert "four_concealed_pungs" in found and "three_concealed_pungs" not in found


def test_four_kongs_takes_no_three_kongs() -> None:
    found = keys(score(hand("567m5p", "5p", "k:1111m", "k:2222p", "k:3333s", "ck:4444z")))
    assert "four_kongs" in found and "three_kongs" not in found


def test_seven_pairs_takes_no_concealed_and_no_wait() -> None:
    # 7s is the only tile that completes it, yet 嚦咕嚦咕 counts no wait fan and no 門清
    found = keys(score(SEVEN_PAIRS))
    assert found == {"seven_pairs"}


def test_seven_consecutive_pairs_replaces_seven_pairs() -> None:
    found = keys(score(hand("1122334455667m999p", "7m")))
    assert "seven_consecutive_pairs" in found and "seven_pairs" not in found


def test_all_melded_takes_no_wait_fan() -> None:
    assert not keys(score(hand("5z", "5z", *MELDED))) & {"single_wait", "edge_wait", "middle_wait", "pair_wait"}


def test_flowers_add_no_fan() -> None:
    plain = score(hand(ALL_CHOWS, "5p"))
    flowered = score(hand(ALL_CHOWS, "5p", bonus_tiles="1f5f6f"))
    assert flowered["total"] == plain["total"] == 6


# -- dealer: 2n+1 after the cap ---------------------------------------------------------------
@pytest.mark.parametrize("streak, bonus", [(0, 1), (1, 3), (2, 5), (5, 11)])
def test_dealer_adds_two_n_plus_one(streak: int, bonus: int) -> None:
    answer = score(hand(ALL_CHOWS, "5p", dealer=True, dealer_streak=streak))
    assert answer["total"] == 6 + bonus
    assert value_of(answer, "dealer") == bonus


def test_dealer_fan_comes_after_the_cap() -> None:
    answer = score({**THREE_DRAGONS, "dealer": True, "dealer_streak": 1})
    assert (answer["total"], answer["limit"]) == (91, True)


def test_worked_example_dealer_half_flush() -> None:
    answer = score(hand("111z555z234m345m678m9m", "9m", win="self_draw", seat_wind="E", round_wind="E",
                        dealer=True, dealer_streak=1))
    assert answer["total"] == 38
    assert not keys(answer) & {"single_wait", "edge_wait", "middle_wait", "pair_wait"}  # 6m also wins


# -- waits ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("concealed, melds", [
    ("123m456m789p234s567s5p", ()), ("23m234m789p111s55s", ("p:444m",)), ("1113m789m123p456p789p", ()),
    ("1112345678999m456m", ()), ("112233m4455p999p667s", ()), ("111z222z333z123m456m5p", ()),
    ("11m789m123p456p789p55s", ()), ("1122334455667m999p", ()), ("5z", MELDED),
])
def test_fast_waits_agree_with_the_generic_search(concealed: str, melds: tuple[str, ...]) -> None:
    melds_read = RULESET.read(hand(concealed, "1m", *melds)).melds if melds else ()
    bare = Hand("taiwan", tuple(parse_tiles(concealed)), None, melds_read)
    assert RULESET.waits(bare) == Ruleset.waits(RULESET, bare)
    assert RULESET.waits(bare)  # each of these hands is ready


def test_a_tile_whose_four_copies_are_held_is_no_wait() -> None:
    bare = Hand("taiwan", tuple(parse_tiles("23m234m789p111s55s")), None,
                RULESET.read(hand("23m234m789p111s55s", "1m", "p:444m")).melds)
    assert RULESET.waits(bare) == frozenset(parse_tiles("1m"))


# -- bad input -----------------------------------------------------------------------------------
@pytest.mark.parametrize("data, code, named", [
    (hand("123m456m789p234s5p", "5p"), "wrong_tile_count", "13"),
    (hand("3333p456m789p234s567s", "3p"), "too_many_copies", "3p"),
    (hand("123m456m789p234s5p", "5p", "c:124s"), "bad_meld", "124s"),
    ({**hand(ALL_CHOWS, "5p"), "wild": "5p"}, "bad_field", "wild"),
    (hand("123m456m789p234s567s1f", "5p"), "bad_tile", "1f"),
    (hand(ALL_CHOWS, "5p", win="self_draw", events=["three_golds"]), "bad_field", "three_golds"),
    # README.md (rules review 2026-11-23): an event must fit the win; 槓上開花 is never on a discard
    (hand("123m456m789p234s5p", "5p", "k:6666s", events=["kong_replacement"]), "bad_field",
     "kong_replacement (won on a kong's replacement tile) needs win self_draw: the hand says discard"),
    (hand(ALL_CHOWS, "5p", events=["last_tile"]), "bad_field", "last_tile"),
    (hand(ALL_CHOWS, "5p", win="self_draw", events=["robbing_kong"]), "bad_field", "needs win discard"),
    (hand(ALL_CHOWS, "5p", win="self_draw", events=["last_discard"]), "bad_field", "needs win discard"),
    (hand(ALL_CHOWS, "5p", options={"chicken": 1}), "bad_field", "chicken"),
    (hand(ALL_CHOWS, "9s"), "not_winning", "9s"),
    (hand("11112233m4455p99s77z", "7z"), "not_winning", "7z"),
])
def test_bad_input(data: dict[str, Any], code: str, named: str) -> None:
    answer = score_json(data)
    assert answer["ok"] is False
    assert answer["error"]["code"] == code
    assert named in answer["error"]["message"]
