"""The arrangement search: every split into sets + pair, irregular forms, wilds, waits."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine import get_ruleset, parse_tiles
from scorekeeper.engine.groups import FLEX, FREE_PAIR, FREE_SET
from scorekeeper.engine.search import (
    arrangements,
    has_standard_win,
    seven_pairs_arrangements,
    seven_pairs_pung_arrangements,
    standard_arrangements,
    thirteen_orphans_arrangements,
)
from scorekeeper.engine.tiles import counts_of


def splits(text: str, wilds: int = 0) -> set[tuple[str, ...]]:
    return {tuple(sorted(g.notation() for g in a)) for a in standard_arrangements(counts_of(parse_tiles(text)), wilds)}


def test_every_distinct_arrangement_is_found():
    assert splits("111222333m44p") == {
        ("111m", "222m", "333m", "44p"), ("123m", "123m", "123m", "44p"),
    }


def test_the_same_split_is_listed_once():
    assert len(splits("333345666678999m")) == len(standard_arrangements(counts_of(parse_tiles("333345666678999m"))))


def test_seventeen_tile_hands_have_five_sets():
    [only] = standard_arrangements(counts_of(parse_tiles("123m456m789p234s567s55p")))
    assert sorted(g.notation() for g in only) == ["123m", "234s", "456m", "55p", "567s", "789p"]


def test_not_a_win_has_no_arrangement():
    assert standard_arrangements(counts_of(parse_tiles("123m456p789s1357z"))) == []


def test_seven_pairs_counts_four_alike_as_two_pairs_when_allowed():
    counts = counts_of(parse_tiles("1111m2233p4455s66z"))
    assert len(seven_pairs_arrangements(counts)[0]) == 7
    assert seven_pairs_arrangements(counts, four_as_two=False) == []


def test_sixteen_tile_seven_pairs_plus_a_pung():
    [found] = seven_pairs_pung_arrangements(counts_of(parse_tiles("112233m4455p999p7788s")))
    assert found[0].notation() == "999p" and len(found) == 8


def test_thirteen_orphans():
    assert thirteen_orphans_arrangements(counts_of(parse_tiles("19m19p19s1234567z1m")))
    assert not thirteen_orphans_arrangements(counts_of(parse_tiles("19m19p19s1234566z1m")))


def test_wild_records_what_it_stands_for():
    found = splits("123m456p789s1z", wilds=1)
    assert found == {("123m", "1z1z*", "456p", "789s")}


def test_wild_completes_a_chow_in_the_middle():
    found = splits("13m456p789s11z", wilds=1)
    assert ("11z", "1m2m*3m", "456p", "789s") in found


def test_wilds_left_over_form_free_sets_and_pairs():
    found = standard_arrangements(counts_of(parse_tiles("123m456p789s")), 5)
    assert any({g.kind for g in a} >= {FREE_SET, FREE_PAIR} for a in found)


def test_one_tile_and_two_wilds_is_a_flex_set():
    found = standard_arrangements(counts_of(parse_tiles("5p123m456m11z")), 2)
    assert any(g.kind == FLEX and g.notation() == "5p5p*5p*" for a in found for g in a)


def test_irregular_forms_are_not_tried_with_melds():
    melds = [g for a in standard_arrangements(counts_of(parse_tiles("22z555p"))) for g in a if g.kind == "pung"]
    assert arrangements(counts_of(parse_tiles("1122m3344p5566s77z")), 0, ("seven_pairs",), melds) == []


# -- property tests --------------------------------------------------------------------
@st.composite
def built_hands(draw, sets: int = 4):
    """A hand built from random sets + a pair, with no tile more than 4 times."""
    tiles: list[int] = []
    groups: list[tuple[int, ...]] = []
    for _ in range(sets):
        if draw(st.booleans()):
            kind = draw(st.integers(0, 33))
            group = (kind,) * 3
        else:
            start = draw(st.integers(0, 2)) * 9 + draw(st.integers(0, 6))
            group = (start, start + 1, start + 2)
        groups.append(group)
        tiles.extend(group)
    pair = draw(st.integers(0, 33))
    tiles += [pair, pair]
    counts = counts_of(tiles)
    if max(counts) > 4:
        from hypothesis import reject
        reject()
    return tiles, sorted(groups), pair


@settings(max_examples=300, deadline=None)
@given(built_hands(), st.randoms())
def test_any_hand_of_sets_and_a_pair_wins_and_its_split_is_found(hand, rng):
    tiles, groups, pair = hand
    rng.shuffle(tiles)
    found = standard_arrangements(counts_of(tiles))
    assert found
    wanted = sorted(groups) + [(pair, pair)]
    assert any(sorted(g.tiles for g in a) == sorted(wanted) for a in found)
    assert has_standard_win(counts_of(tiles))


@settings(max_examples=300, deadline=None)
@given(built_hands(sets=5))
def test_seventeen_tile_hands_of_five_sets_win(hand):
    tiles, _, _ = hand
    assert standard_arrangements(counts_of(tiles))


@settings(max_examples=300, deadline=None)
@given(built_hands(), st.lists(st.integers(0, 13), min_size=1, max_size=4, unique=True))
def test_turning_tiles_into_wilds_never_turns_a_win_into_a_non_win(hand, positions):
    tiles, _, _ = hand
    kept = [t for i, t in enumerate(tiles) if i not in positions]
    wilds = len(tiles) - len(kept)
    assert standard_arrangements(counts_of(kept), wilds)
    assert has_standard_win(counts_of(kept), wilds)


@settings(max_examples=200, deadline=None)
@given(built_hands(), st.integers(0, 13))
def test_an_extra_wild_in_place_of_the_winning_tile_still_wins(hand, position):
    tiles, _, _ = hand
    rest = tiles[:position] + tiles[position + 1:]
    assert has_standard_win(counts_of(rest), 1)


def test_existence_check_agrees_with_the_search_on_random_tiles():
    rng = random.Random(7)
    for _ in range(2000):
        tiles = [rng.randrange(34) for _ in range(rng.choice((11, 14)))]
        counts = counts_of(tiles)
        if max(counts) > 4:
            continue
        wilds = 14 - len(tiles)
        assert bool(standard_arrangements(counts, wilds)) == has_standard_win(counts, wilds), tiles


def test_waits_are_the_kinds_that_complete_the_hand():
    ruleset = get_ruleset("zung-jung")
    hand = ruleset.read({"ruleset": "zung-jung", "concealed": "1112345678999m", "winning_tile": "5m",
                         "win": "discard"})
    assert ruleset.waits(hand) == frozenset(range(9))  # nine gates: every character


def test_a_kind_held_four_times_is_not_a_wait():
    ruleset = get_ruleset("zung-jung")
    # a single 1m beside the pung would wait on the fifth 1m, which does not exist
    hand = ruleset.read({"ruleset": "zung-jung", "concealed": "1111m456p789s123s", "winning_tile": "2m",
                         "win": "discard"})
    assert ruleset.waits(hand) == frozenset()
