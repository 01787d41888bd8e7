"""Rendered photos of winning hands, for the camera's benchmark (benchmarks/camera.py) and its test.

    .venv/bin/python benchmarks/camera_corpus.py --seed 7 --photos 40 --out /tmp/corpus   # to look at them

Nothing is kept in the repository: a seed makes the same photos again. Each photo is a random winning hand of a
ruleset (sets and a pair of the kinds a concealed hand of that ruleset holds, at most four of a kind, checked by
the engine's `wins_on`), 14 or 17 tiles in a row as the ruleset has them, drawn from the public-domain FluffyStuff
faces that pymdownx-mahjong ships (light faces; dark ones as a small share), tiles 45–75 px wide, the row tilted
0–30°, on one of three table cloths, under uneven light, some blurred, saved as a phone would send it (JPEG).
"""
from __future__ import annotations

import argparse
import io
import random
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
import pymdownx_mahjong
import resvg_py
from PIL import Image, ImageDraw, ImageFilter

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.engine.photo_reading import hand_tiles  # noqa: E402
from scorekeeper.engine.ruleset import Ruleset  # noqa: E402
from scorekeeper.engine.rulesets import RULESETS  # noqa: E402
from scorekeeper.engine.tiles import format_tiles, tile_code  # noqa: E402

FACES = Path(pymdownx_mahjong.__file__).parent / "assets"
CLOTHS = {"green felt": (38, 112, 64), "blue cloth": (34, 62, 120), "wood": (128, 88, 52)}
DARK_SHARE = 0.1  # the share of photos of dark tiles (reported apart: the detector was trained on light ones)


@dataclass(frozen=True)
class Photo:
    ruleset: str
    tiles: tuple[int, ...]  # in the row's order, left to right
    jpeg: bytes
    dark: bool
    tile_width: int
    tilt: float
    cloth: str
    blurred: bool

    @property
    def label(self) -> str:
        return (f"{self.ruleset} {format_tiles(self.tiles, sort=False)} {'dark' if self.dark else 'light'} "
                f"w{self.tile_width} tilt{self.tilt:.0f} {self.cloth}{' blur' if self.blurred else ''}")


def winning_hand(ruleset: Ruleset, rng: random.Random) -> tuple[int, ...]:
    """Sets and a pair, as a player lines them up (each set together, the pair last), that the ruleset completes."""
    kinds = sorted(ruleset.concealed_kinds())
    suited = [k for k in kinds if k < 27 and k % 9 <= 6 and k + 2 in kinds]
    while True:
        counts = [0] * 34
        groups: list[tuple[int, ...]] = []
        for _ in range((hand_tiles(ruleset) - 2) // 3):
            if rng.random() < 0.6 and suited:
                first = rng.choice(suited)
                group: tuple[int, ...] = (first, first + 1, first + 2)
            else:
                group = (rng.choice(kinds),) * 3
            groups.append(group)
            for kind in group:
                counts[kind] += 1
        pair = rng.choice(kinds)
        counts[pair] += 2
        tiles = tuple(sorted(t for g in groups for t in g)) + (pair, pair)
        if max(counts) <= 4 and ruleset.wins_on(tiles):
            return tiles


@lru_cache(maxsize=512)
def _face(code: str, dark: bool, width: int) -> Image.Image:
    path = FACES / ("dark" if dark else "light") / f"{code}.svg"
    return Image.open(io.BytesIO(bytes(resvg_py.svg_to_bytes(svg_path=str(path), width=width)))).convert("RGBA")


def _tile(kind: int, dark: bool, width: int) -> Image.Image:
    """One tile standing: its face, a rim, and the back's colour showing below as a tile's thickness."""
    height = round(width * 4 / 3)
    depth = max(4, width // 7)
    tile = Image.new("RGBA", (width, height + depth), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    radius = max(3, width // 9)
    draw.rounded_rectangle((0, depth, width - 1, height + depth - 1), radius, fill=(34, 120, 84))  # the back
    face = (52, 56, 62) if dark else (246, 243, 232)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), radius, fill=face, outline=(150, 150, 140))
    inner = round(width * 0.84)
    art = _face(tile_code(kind), dark, inner)
    tile.alpha_composite(art, ((width - art.width) // 2, (height - art.height) // 2))
    return tile


def _row(tiles: tuple[int, ...], dark: bool, width: int, rng: random.Random) -> Image.Image:
    gap = rng.randint(0, 3)
    pictures = [_tile(kind, dark, width) for kind in tiles]
    row = Image.new("RGBA", (len(tiles) * (width + gap), pictures[0].height), (0, 0, 0, 0))
    for index, picture in enumerate(pictures):
        row.alpha_composite(picture, (index * (width + gap), 0))
    return row


def _cloth(size: tuple[int, int], colour: tuple[int, int, int], rng: np.random.Generator) -> Image.Image:
    base = np.empty((size[1], size[0], 3), dtype=np.float32)
    base[:] = colour
    base += rng.normal(0, 9, (size[1], size[0], 1))  # the weave
    return Image.fromarray(np.clip(base, 0, 255).astype(np.uint8), "RGB")


def _light(image: Image.Image, rng: np.random.Generator) -> Image.Image:
    """Uneven light: brighter on one side, a warm or cool cast, and the camera's noise."""
    pixels = np.asarray(image, dtype=np.float32)
    height, width = pixels.shape[:2]
    low, high = rng.uniform(0.65, 0.95), rng.uniform(1.0, 1.2)
    ramp = np.linspace(low, high, width)[np.newaxis, :, np.newaxis]
    if rng.random() < 0.5:
        ramp = ramp[:, ::-1]
    cast = np.array([rng.uniform(0.92, 1.08), 1.0, rng.uniform(0.92, 1.08)], dtype=np.float32)
    pixels = pixels * ramp * cast + rng.normal(0, 4, pixels.shape)
    del height
    return Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8), "RGB")


def render(ruleset: Ruleset, rng: random.Random, *, tiles: tuple[int, ...] | None = None, dark: bool | None = None,
           tilt: float | None = None, blur: bool | None = None) -> Photo:
    """A photo of a random winning hand (or `tiles`); the other arguments fix what is otherwise drawn at random."""
    tiles = winning_hand(ruleset, rng) if tiles is None else tiles
    dark = rng.random() < DARK_SHARE if dark is None else dark
    width = rng.randint(45, 75)
    tilt = rng.uniform(0, 30) * rng.choice((-1, 1)) if tilt is None else tilt
    cloth = rng.choice(sorted(CLOTHS))
    noise = np.random.default_rng(rng.getrandbits(32))
    row = _row(tiles, dark, width, rng).rotate(tilt, resample=Image.Resampling.BICUBIC, expand=True)
    margin_x, margin_y = rng.randint(width // 2, width * 2), rng.randint(width, width * 4)
    canvas = _cloth((row.width + 2 * margin_x, row.height + 2 * margin_y), CLOTHS[cloth], noise)
    canvas.paste(row, (margin_x + rng.randint(-width // 3, width // 3), margin_y + rng.randint(-width, width)), row)
    canvas = _light(canvas, noise)
    blurred = rng.random() < 0.3 if blur is None else blur
    if blurred:
        canvas = canvas.filter(ImageFilter.GaussianBlur(rng.uniform(0.6, 1.5)))
    out = io.BytesIO()
    canvas.save(out, "JPEG", quality=rng.randint(75, 92))
    return Photo(ruleset.key, tiles, out.getvalue(), dark, width, abs(tilt), cloth, blurred)


def corpus(seed: int, photos: int) -> list[Photo]:
    """`photos` photos, the rulesets in turn: the same seed makes the same photos."""
    rng = random.Random(seed)
    return [render(RULESETS[index % len(RULESETS)], rng) for index in range(photos)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--photos", type=int, default=24)
    parser.add_argument("--out", type=Path, required=True, help="a folder to write the JPEGs into")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for index, photo in enumerate(corpus(args.seed, args.photos)):
        (args.out / f"{index:03d}.jpg").write_bytes(photo.jpeg)
        print(f"{index:03d}.jpg {photo.label}")


if __name__ == "__main__":
    main()
