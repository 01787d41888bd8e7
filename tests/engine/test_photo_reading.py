"""The engine's choice of a photo's reading (scorekeeper/engine/photo_reading.py), on made-up detector scores."""
from __future__ import annotations

import random
import time

import pytest

from scorekeeper.engine.photo_reading import hand_tiles, pick_reading
from scorekeeper.engine.rulesets import get_ruleset
from scorekeeper.engine.tiles import parse_kind, parse_tiles


def sure(tiles: str, score: float = 0.9) -> list[dict[int, float]]:
    """Boxes the detector is sure of, one per tile."""
    return [{kind: score} for kind in parse_tiles(tiles)]


def read(boxes, ruleset: str = "hk-faan", **options):
    return pick_reading(boxes, ruleset=get_ruleset(ruleset), **options)


def test_a_clean_winning_hand_is_read_as_the_detector_saw_it():
    reading = read(sure("123m456p789s111z22z"))

    assert reading.tiles == tuple(parse_tiles("123m456p789s111z22z"))
    assert reading.accepted and reading.sure == pytest.approx(1.0)
    assert reading.doubtful == (False,) * 14 and reading.missing == 0


def test_the_engine_takes_the_detectors_second_guess_where_only_it_wins():
    boxes = sure("123m456p789s111z22z")
    boxes[4] = {parse_kind("6s"): 0.7, parse_kind("5p"): 0.4}  # 6s makes no hand; 5p does

    reading = read(boxes)

    assert reading.tiles == tuple(parse_tiles("123m456p789s111z22z"))
    assert reading.accepted
    assert reading.doubtful[4] and sum(reading.doubtful) == 1
    assert reading.sure == pytest.approx(0.4 / 0.7)
    assert reading.choices[4] == (parse_kind("5p"), parse_kind("6s"))  # its kind first, then the detector's next


def test_at_most_four_of_a_kind():
    boxes = sure("1111m234m567m888m9m")
    boxes[-1] = {parse_kind("1m"): 0.8, parse_kind("9m"): 0.5}  # a fifth 1m would win as read, but there is none

    reading = read(boxes, "zung-jung")

    assert reading.tiles.count(parse_kind("1m")) == 4 and reading.accepted


def test_boxes_that_look_alike_are_read_as_one_kind():
    boxes = sure("123m456p789s111z22z")
    boxes[9:12] = [{parse_kind("2z"): 0.5, parse_kind("1z"): 0.45}] * 3  # three alike faces, 2z first
    alike = [*range(9), 9, 9, 9, 12, 13]

    apart = read(boxes)  # five 2z cannot be; 2z 1z 1z win (222z with the pair, 11z the new pair), two changes away
    together = read(boxes, alike=alike)  # the three are one kind: all three changed

    assert apart.accepted and sorted(apart.tiles[9:12]) == sorted(parse_tiles("112z"))
    assert together.tiles == tuple(parse_tiles("123m456p789s111z22z")) and together.accepted


def test_a_box_too_many_is_left_out_the_weakest_first():
    boxes = sure("123m456p789s111z22z")
    boxes.insert(6, {parse_kind("3s"): 0.3})  # a shadow the detector half believed

    reading = read(boxes)

    assert reading.tiles == tuple(parse_tiles("123m456p789s111z22z"))
    assert reading.dropped == (6,) and reading.accepted


def test_each_tile_names_the_box_it_was_read_from_past_every_box_left_out():
    boxes = sure("123m456p789s111z22z")
    boxes.insert(6, {parse_kind("3s"): 0.3})  # left out by the search
    for at in (0, 3, 9, 12):  # the weakest, past the three extra boxes a search may leave out: dropped at once
        boxes.insert(at, {parse_kind("9p"): 0.01})

    reading = read(boxes)
    unread = read([*sure("15m"), {parse_kind("9p"): 0.01}, *sure("9m159p159s12347z")])  # no winning reading

    assert reading.tiles == tuple(parse_tiles("123m456p789s111z22z")) and len(boxes) == 19
    assert [boxes[i] for i in reading.boxes] == sure("123m456p789s111z22z")
    assert reading.dropped == (8, 9, 12)  # left out by the search; boxes 0 and 3 went before it, named nowhere
    assert not {0, 3, *reading.dropped} & set(reading.boxes)
    assert not unread.accepted and unread.dropped == (2,)
    assert unread.boxes == (0, 1, *range(3, 15))


def test_too_few_boxes_say_how_many_are_missing():
    reading = read(sure("123m456p789s111z2z"))

    assert reading.missing == 1 and not reading.accepted
    assert reading.tiles == tuple(parse_tiles("123m456p789s111z2z"))


def test_no_winning_reading_gives_the_detectors_best_with_its_doubts():
    boxes = sure("159m159p159s1234z")
    boxes[0] = {parse_kind("1m"): 0.5, parse_kind("7m"): 0.45}

    reading = read(boxes)

    assert not reading.accepted
    assert reading.tiles == tuple(parse_tiles("159m159p159s1234z"))
    assert reading.doubtful[0] and not any(reading.doubtful[1:])


@pytest.mark.parametrize("ruleset, size", [("taiwan", 17), ("fujian", 17), ("hk-faan", 14), ("zung-jung", 14),
                                           ("hk-old", 14), ("taizhou", 14)])
def test_each_ruleset_reads_its_own_hand_size(ruleset, size):
    hand = "123m456m789m123p456p11s" if size == 17 else "123m456m789m123p11s"

    assert hand_tiles(get_ruleset(ruleset)) == size
    assert read(sure(hand), ruleset).accepted
    assert read(sure(hand[:-3] + "1s"), ruleset).missing == 1


def test_seven_pairs_and_thirteen_orphans_win_where_the_ruleset_has_them():
    assert read(sure("11223344556677m"), "zung-jung").accepted
    assert not read(sure("1133557799m11p22s"), "hk-faan").accepted
    assert read(sure("19m19p19s12345677z"), "hk-faan").accepted


def test_fujian_reads_no_winds_and_counts_its_gold_as_wild():
    boxes = sure("123m456m789p234s55s1p1p")
    boxes.append({parse_kind("1z"): 0.9, parse_kind("9s"): 0.2})  # a wind is a bonus tile there: never in the hand

    reading = read(boxes, "fujian", wild=parse_kind("1p"))  # fujian.md: 9s and two golds are a set
    assert reading.accepted and reading.tiles[-1] == parse_kind("9s")

    with_gold = sure("123m456m789p234s55s1p1p7s")  # 1p gold: 55s + 7s + 1p 1p complete
    assert not read(with_gold, "fujian").accepted
    assert read(with_gold, "fujian", wild=parse_kind("1p")).accepted


def test_taizhou_with_its_fortune_tile():
    tiles = "111999m234m567m8m8m"
    boxes = sure(tiles)
    boxes[-1] = {parse_kind("4p"): 0.9}  # taizhou.md: the indicator's kind is the fortune, a wild
    assert not read(boxes, "taizhou").accepted
    assert read(boxes, "taizhou", wild=parse_kind("4p")).accepted


def test_the_search_stops_at_its_budget_and_its_time():
    rng = random.Random(38)
    boxes = [{kind: rng.random() for kind in rng.sample(range(34), 6)} for _ in range(17)]

    started = time.process_time()
    reading = read(boxes, "taiwan", budget=200_000, seconds=0.3)

    assert time.process_time() - started < 1.0
    assert len(reading.tiles) == 17
    assert read(boxes, "taiwan", budget=10).tried <= 10


def alike_pung(boxes: list[dict[int, float]], at: int, scores: dict[str, float]) -> list[int]:
    """Three alike faces from `at` scored `scores` each; the boxes' look-alike labels."""
    boxes[at:at + 3] = [{parse_kind(code): score for code, score in scores.items()}] * 3
    return [*range(at), at, at, at, *range(at + 3, len(boxes))]


def test_a_row_lined_up_in_order_is_read_in_order_over_the_detectors_slight_preference():
    boxes = sure("123m234m666s789s11z")  # 666s then 789s: in order; 999s then 789s wins too, out of order
    alike = alike_pung(boxes, 6, {"9s": 0.5, "6s": 0.45})

    reading = read(boxes, alike=alike)

    assert reading.tiles == tuple(parse_tiles("123m234m666s789s11z")) and reading.accepted
    assert reading.doubtful[6:9] == (True,) * 3  # not the detector's own choice: worth a look


def test_a_row_in_no_order_keeps_the_detectors_likelier_reading():
    boxes = sure("321m987s666s432m11z")  # a shuffled row: 999s for 666s is one tile fewer out of order, of seven
    alike = alike_pung(boxes, 6, {"6s": 0.5, "9s": 0.3})

    reading = read(boxes, alike=alike)

    assert reading.tiles == tuple(parse_tiles("321m987s666s432m11z")) and reading.accepted
