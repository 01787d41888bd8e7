"""A photo to the reading the engine picks: the detector's boxes (detector.py), then the likeliest reading that wins
(scorekeeper/engine/photo_reading.py). The photo is read from memory and dropped when this returns."""
from __future__ import annotations

from scorekeeper.engine.photo_reading import Reading, pick_reading
from scorekeeper.engine.ruleset import Ruleset

from .detector import Box, detect, open_photo


def read_photo(data: bytes, *, ruleset: Ruleset, wild: int | None = None) -> tuple[Reading, list[Box]]:
    """The engine's reading of a photo of a hand (and the detector's boxes, for the benchmark)."""
    boxes = detect(open_photo(data))
    alike = [_label(box, index) for index, box in enumerate(boxes)]
    return pick_reading([box.scores for box in boxes], ruleset=ruleset, wild=wild, alike=alike), boxes


def tile_groups(reading: Reading, boxes: list[Box]) -> tuple[int, ...]:
    """One label per tile of the reading, in its order: tiles whose faces look alike (Box.alike) share one, a tile
    like no other has its own. Labels are numbered as they first come in the row (0, 1, ...)."""
    numbers: dict[int, int] = {}
    labels = [_label(boxes[index], index) for index in reading.boxes]
    return tuple(numbers.setdefault(label, len(numbers)) for label in labels)


def _label(box: Box, index: int) -> int:
    """The box's look-alike label; one of its own (below 0) for a box not compared."""
    return -1 - index if box.alike is None else box.alike
