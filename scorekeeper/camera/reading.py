"""A photo to the reading the engine picks: the detector's boxes (detector.py), then the likeliest reading that wins
(scorekeeper/engine/photo_reading.py). The photo is read from memory and dropped when this returns."""
from __future__ import annotations

from scorekeeper.engine.photo_reading import Reading, pick_reading
from scorekeeper.engine.ruleset import Ruleset

from .detector import Box, detect, open_photo


def read_photo(data: bytes, *, ruleset: Ruleset, wild: int | None = None) -> tuple[Reading, list[Box]]:
    """The engine's reading of a photo of a hand (and the detector's boxes, for the benchmark)."""
    boxes = detect(open_photo(data))
    alike = [-1 - index if box.alike is None else box.alike for index, box in enumerate(boxes)]
    return pick_reading([box.scores for box in boxes], ruleset=ruleset, wild=wild, alike=alike), boxes
