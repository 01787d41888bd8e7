"""A photo of a winner's tiles, read for the keypad (issue 38): the detector and the engine's choice of reading
(scorekeeper/camera/), answered in the keypad's notation.

The photo is the user's: it is read in memory (views/photo.py keeps the upload out of any file), never stored,
never logged, never in a backup, and forgotten when the answer is sent.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from scorekeeper import camera
from scorekeeper.engine.errors import EngineError
from scorekeeper.engine.photo_reading import hand_tiles
from scorekeeper.engine.ruleset import Ruleset
from scorekeeper.engine.tiles import parse_kind, tile_code

# Under the proxy's cap (deploy/Caddyfile: 2500 KB): the phone scales the photo down first (~0.3 MB as JPEG at
# the 1280 pixels the reader uses), so only a photo sent as taken comes near it.
MAX_PHOTO_BYTES = 2 * 1024 * 1024


class PhotoRefused(Exception):
    """The upload cannot be read: the message says why, in the visitor's language."""


@dataclass(frozen=True)
class PhotoAnswer:
    """What the keypad is filled with: the tiles left to right, each marked if worth a look."""

    tiles: tuple[str, ...]
    doubtful: tuple[bool, ...]
    sure: float
    accepted: bool
    missing: int
    size: int
    choices: tuple[tuple[str, ...], ...]  # each tile's kind, then the detector's next likeliest: one-tap fixes
    alike: tuple[int, ...] = ()  # each tile's look-alike group: one fix replaces the group's copies at once

    def as_json(self) -> dict[str, Any]:
        return {"tiles": list(self.tiles), "doubtful": list(self.doubtful), "sure": round(self.sure, 3),
                "accepted": self.accepted, "missing": self.missing, "size": self.size,
                "choices": [list(c) for c in self.choices], "alike": list(self.alike)}


def camera_offered() -> bool:
    """Whether this server reads photos (the `camera` extra installed): the win form offers the camera only then."""
    return camera.is_available()


def photo_read(*, data: bytes, ruleset: Ruleset, wild: str = "") -> PhotoAnswer:
    """The engine's reading of the photo for this ruleset (`wild`: the hand's gold or fortune, if known)."""
    from scorekeeper.camera.detector import PhotoError  # the camera extra's packages: imported only when used
    from scorekeeper.camera.reading import read_photo, tile_groups

    if not data:
        raise PhotoRefused(_("Send a photo of the tiles."))
    if len(data) > MAX_PHOTO_BYTES:
        raise PhotoRefused(_("The photo is too large: send one of at most 2 MB."))
    try:
        wild_kind = parse_kind(wild) if wild and ruleset.wild else None
    except EngineError:
        wild_kind = None
    try:
        reading, boxes = read_photo(data, ruleset=ruleset, wild=wild_kind)
    except PhotoError as error:
        raise PhotoRefused(_("That is not a photo the reader can open.")) from error
    return PhotoAnswer(tuple(tile_code(kind) for kind in reading.tiles), reading.doubtful, reading.sure,
                       reading.accepted, reading.missing, hand_tiles(ruleset),
                       tuple(tuple(tile_code(kind) for kind in kinds) for kinds in reading.choices),
                       tile_groups(reading, boxes))
