"""benchmarks/camera.py, briefly: a handful of rendered photos (benchmarks/camera_corpus.py) read through the whole
pipeline, every figure printed; and a clean photo of each hand size read right."""
from __future__ import annotations

import random
import subprocess
import sys

import pytest

from ops_helpers import PYTHON, ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
from camera_corpus import corpus, render  # noqa: E402

from scorekeeper.camera.reading import read_photo  # noqa: E402
from scorekeeper.engine.rulesets import get_ruleset  # noqa: E402
from scorekeeper.engine.tiles import parse_tiles  # noqa: E402


def test_the_camera_benchmark_runs_and_prints_every_figure():
    result = subprocess.run([PYTHON, "benchmarks/camera.py", "--seed", "3", "--photos", "4"], cwd=ROOT,
                            capture_output=True, text=True, timeout=600)

    assert result.returncode == 0, result.stderr[-3000:]
    for row in ("tiles right", "hands fully right", "accepted as a win", "server time a photo", "taps photo"):
        assert row in result.stdout


@pytest.mark.parametrize("ruleset, hand", [("hk-faan", "789m456p345s555z66z"), ("taiwan", "345m789m123p456s777z55p")])
def test_a_clean_photo_is_read_right(ruleset, hand):
    tiles = tuple(parse_tiles(hand))
    photo = render(get_ruleset(ruleset), random.Random(38), tiles=tiles, dark=False, tilt=3.0, blur=False)

    reading, boxes = read_photo(photo.jpeg, ruleset=get_ruleset(ruleset))

    assert reading.tiles == tiles and reading.accepted and reading.missing == 0


def test_the_same_seed_makes_the_same_photos():
    first, again = corpus(5, 3), corpus(5, 3)

    assert [p.jpeg for p in first] == [p.jpeg for p in again]
    assert [len(p.tiles) for p in first] == [17, 14, 14]  # taiwan, zung-jung, hk-old: the rulesets in turn


def test_a_look_alike_group_read_wrong_costs_one_choice():
    from camera import TAPS_BASE, taps_to_save

    truth = tuple(parse_tiles("789m666s456p555z99s"))
    read = tuple(parse_tiles("789m999s456p555z99s"))  # the pung of 6s read as 9s, three times
    marked = tuple(3 <= i <= 5 for i in range(14))
    choices = tuple((kind, *parse_tiles("6s8s")) if marked[i] else (kind,) for i, kind in enumerate(read))
    groups = (0, 1, 2, 3, 3, 3, 4, 5, 6, 7, 7, 7, 8, 8)
    apart = (*groups[:4], 9, 10, *groups[6:])

    assert taps_to_save(read, truth, marked, choices) == TAPS_BASE + 3 * 2  # tile by tile
    assert taps_to_save(read, truth, marked, choices, groups) == TAPS_BASE + 2  # one choice for the three
    assert taps_to_save(read, truth, marked, choices, apart) == TAPS_BASE + 3 * 2  # not one group: as before
    # a 9s read right in the group: the choice makes it 6s, and the keypad puts it back
    assert taps_to_save(read, truth, marked, choices, (*groups[:12], 3, 8)) == TAPS_BASE + 2 + 3
