"""The tile detector: mahjong-detector's YOLOv8 model (ONNX, inside its wheel), read box by box with every class's
score, not only each box's best label as the package's own `detect_tiles` gives.

The model takes a 640×640 grey picture, contrast stretched, the photo scaled into it and padded (the package's own
preprocess); its output is, for each of 8400 anchors, a box and a score (0–1) for each of its 34 classes. Boxes
that overlap are one tile (non-maximum suppression, whatever their class); the rest are put in the row's order.
"""
from __future__ import annotations

import io
import math
import threading
from dataclasses import dataclass

import numpy as np
import onnxruntime as rt
from mahjong_detector.predict import CLASS_NAMES, model_path
from PIL import Image, ImageOps, UnidentifiedImageError

from scorekeeper.engine.tiles import parse_kind

SIDE = 640  # the model's input
LONGEST = 1280  # a photo is scaled to this before anything else: the model sees 640 at most
MOST_PIXELS = 60_000_000  # a larger picture is refused before it is decoded (a 9000×6000 photo is 54 MP)
PRESENT = 0.2  # a box whose best score is below this is not kept
OVERLAP = 0.45  # boxes overlapping more than this (intersection over union) are one tile
TILTED = math.radians(8)  # a row tilted more than this is turned level and read again
LEVEL = math.radians(1)  # a row tilted less than this is read as it is
PASSES = ((25, "G"), (19, "G"), (21, "G"), (23, "G"), (27, "G"), (29, "G"), (31, "G"))  # a tile's width in the
# model's picture and the channel it sees (detect); the first also says whether the tiles are dark
FLOOR = 1e-4  # the least score a pass gives a kind, in the geometric mean of the passes (_merge)
DOUBTFUL = 0.75  # a tile whose best kind has less than this share of its scores is looked at again (_second_look)
SECOND_LOOK = 25  # the tile's width in that look's 640, as in the first pass
AROUND = 2.5  # and the tile widths either side of it that the look takes in
ALIKE = 0.9  # two faces correlating above this are one kind (_pooled)
TILE_HEIGHT = 1.45  # a standing tile's height and thickness seen from above, in tile widths

# The model's class names (riichi's words: tou nan sha pe the winds, haku hatsu chun the dragons) in the
# engine's notation (scorekeeper/engine/tiles.py: 1z-4z East South West North, 5z-7z White Green Red).
HONOURS = {"tou": "1z", "nan": "2z", "sha": "3z", "pe": "4z", "haku": "5z", "hatsu": "6z", "chun": "7z"}
KINDS = tuple(parse_kind(HONOURS.get(name, name)) for name in CLASS_NAMES)


class PhotoError(ValueError):
    """The upload is not a picture this can read (not an image, or far too large)."""


@dataclass(frozen=True)
class Box:
    """One tile the detector saw: its centre and size in the photo's pixels, and its score for every kind."""

    x: float
    y: float
    width: float
    height: float
    scores: dict[int, float]  # tile kind (scorekeeper.engine.tiles) → score
    alike: int | None = None  # boxes with the same label look alike, so are one kind (_pooled); None: not compared

    @property
    def confidence(self) -> float:
        return max(self.scores.values())


_made: list[rt.InferenceSession] = []
_making = threading.Lock()


def _session() -> rt.InferenceSession:
    """The process's one inference session, made on first use (~0.2 s; ~90 MB of the process's memory, so one
    for all of a worker's threads: onnxruntime's `run` may be called from several threads at once)."""
    if not _made:
        with _making:
            if not _made:
                options = rt.SessionOptions()
                options.intra_op_num_threads = 1  # a server answers several photos at once: one core each
                options.inter_op_num_threads = 1
                _made.append(rt.InferenceSession(str(model_path), options, providers=["CPUExecutionProvider"]))
    return _made[0]


def open_photo(data: bytes) -> Image.Image:
    """The upload as an RGB picture, upright (as the phone's EXIF says) and at most LONGEST pixels a side."""
    try:
        opened = Image.open(io.BytesIO(data))
        if opened.width * opened.height > MOST_PIXELS:
            raise PhotoError("the picture is too large")
        opened.draft("RGB", (LONGEST, LONGEST))  # a JPEG decodes straight at a fraction of its size
        image = ImageOps.exif_transpose(opened).convert("RGB")
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError, SyntaxError) as error:
        raise PhotoError("not a picture") from error
    image.thumbnail((LONGEST, LONGEST))
    return image


def detect(image: Image.Image) -> list[Box]:
    """The tiles in the picture, in the row's order (left to right along the row, tilted or not).

    Where the row stands out from the table, the picture is turned so the row is level and read in PASSES, what
    they saw of each tile merged (_merge). Measured on rendered photos (benchmarks/camera_corpus.py, seeds 1, 100 and
    300, the model's best label alone): the model reads tiles best at about 25 pixels wide in its 640 (87% of
    tiles at 25, 84% at 21, 80% at 18, 76% at 38, 77% reading the whole photo as it is; three passes 90%), and
    in the green channel, where red ink is as dark as black (94% on seed 300, 91% in the usual grey, 89% in the
    darkest channel). Elsewhere (a row lost in a busy picture) the photo is read whole, turned level by its boxes.

    Seven passes, every second pixel of tile width from 19 to 31, merged by geometric mean (_merge), against the
    three passes 25/21/29 merged by the plain mean, light hands right after the engine's choice: on seeds 1, 100
    and 300 (169 photos, where they were chosen) 137 against 133; on seeds 21, 42, 55 and 77 (211 photos, looked
    at only once chosen) 162 against 148, tiles 96.4% against 95.5%; on seeds 7 and 11 (104 photos, with the
    engine's one kind for alike faces as well) 69 either way. Each pass costs ~45 ms of CPU (a photo's median
    194 → 374 ms with the engine's search; 429 ms with _second_look). Tried and left out, as they read no more
    hands right: nine or eleven scales (15-35 px; past 31 the model reads 6s better, everything else worse), the
    frame shifted a third of a tile, the grey channel as well as the green (77.9% of hands against 80.5% on seeds
    1 and 100), the frame turned 2° either way or 180°, a gamma of 0.6 or 1.6, pooling alike faces by geometric
    mean, a temperature on the scores (the search's order hardly changes). Nothing here learns the tile drawings
    of the test photos (no template matching, no classifier trained on the corpus): the corpus is rendered from
    those drawings, so that would measure the corpus, not a phone's photo of real tiles.
    """
    row = _find_row(image)
    if row is None:
        return _detect_whole(image)
    turned, (left, top, right, bottom), tile_width = row
    passes: list[list[Box]] = []
    inverted = False
    for scale, channel in PASSES:
        side = round(max(SIDE * tile_width / scale, (right - left) * 1.04, (bottom - top) * 1.04))
        frame = (round((left + right - side) / 2), round((top + bottom - side) / 2))
        square = Image.new("RGB", (side, side), (0, 0, 0))
        square.paste(turned.crop((max(frame[0], 0), max(frame[1], 0), min(frame[0] + side, turned.width),
                                  min(frame[1] + side, turned.height))), (max(-frame[0], 0), max(-frame[1], 0)))
        if not passes:  # dark tiles (light faces on dark backs): the model knows light ones, so they are inverted
            plain, dark = _detect_level(square, channel), _detect_level(square, channel, inverted=True)
            inverted = sum(b.confidence for b in dark) > sum(b.confidence for b in plain)
            boxes = dark if inverted else plain
        else:
            boxes = _detect_level(square, channel, inverted=inverted)
        passes.append([_moved(box, frame) for box in boxes])
    merged = [_second_look(turned, box, tile_width, inverted) if _share(box) < DOUBTFUL else box
              for box in _merge(passes, tile_width)]
    return _in_row_order(_pooled(turned, merged))


def _share(box: Box) -> float:
    total = sum(box.scores.values())
    return box.confidence / total if total > 0 else 0.0


def _second_look(turned: Image.Image, box: Box, tile_width: float, inverted: bool) -> Box:
    """A doubtful tile read again: the tile and AROUND tile widths either side, alone in a fresh picture (black
    around) at SECOND_LOOK pixels a tile, its scores counted in as one pass more (geometric mean, _merge). On
    rendered photos, light hands right with the engine's choice: 143 against 140 on seeds 1, 100 and 300 (169
    photos, where it was chosen), 173 against 167 on seeds 21, 42, 55 and 77 (211 photos), ~1.4 looks a photo
    (~60 ms of CPU). Two looks (25 and 29 px) or four (21-33), a window of 1.5 or 4 tile widths, or a look at
    every tile under 0.9 read 142 or 143 on the first seeds."""
    side = round(SIDE * tile_width / SECOND_LOOK)
    half = AROUND * tile_width
    crop = turned.crop((round(box.x - half), round(box.y - tile_width), round(box.x + half),
                        round(box.y + tile_width)))
    square = Image.new("RGB", (side, side), (0, 0, 0))
    left, top = (side - crop.width) // 2, (side - crop.height) // 2
    square.paste(crop, (left, top))
    centre = (left + half, top + tile_width)
    near = [b for b in _detect_level(square, "G", inverted=inverted)
            if abs(b.x - centre[0]) < tile_width / 2 and abs(b.y - centre[1]) < tile_width]
    if not near:
        return box
    seen = min(near, key=lambda b: abs(b.x - centre[0]))
    top_score = box.confidence
    shares = {kind: score / top_score for kind, score in box.scores.items()}
    return Box(box.x, box.y, box.width, box.height,
               _geometric_mean([(shares, len(PASSES)), (seen.scores, 1)], top=top_score))


def _detect_whole(image: Image.Image) -> list[Box]:
    boxes = _in_row_order(_detect_level(image))
    angle = _row_angle(boxes)
    if abs(angle) > TILTED:
        turned = _turned(image, angle)
        level = _in_row_order(_detect_level(turned))
        if len(level) >= len(boxes) - 1:
            return level
    return boxes


def _find_row(image: Image.Image) -> tuple[Image.Image, tuple[float, float, float, float], float] | None:
    """The picture turned so the row of tiles is level, the row's bounds in it, and a tile's width: from the
    pixels that differ from the table, None where they make no row."""
    found = _content(image)
    if found is None:
        return None
    xs, ys = found
    angle = _axis_angle(xs, ys)
    if abs(angle) <= LEVEL:
        turned, angle = image, 0.0
    else:
        turned = _turned(image, angle)
    # where those pixels lie in the turned picture: Pillow turns it about its centre, grown to fit
    cos, sin = math.cos(angle), math.sin(angle)
    dx, dy = xs - image.width / 2, ys - image.height / 2
    along = turned.width / 2 + dx * cos - dy * sin
    across = turned.height / 2 + dx * sin + dy * cos
    left, right = (float(v) for v in np.percentile(along, [0.5, 99.5]))
    top, bottom = (float(v) for v in np.percentile(across, [0.5, 99.5]))
    if right - left < 2 * (bottom - top):  # not a row of tiles: a row is many tiles wide
        return None
    return turned, (left, top, right, bottom), (bottom - top) / TILE_HEIGHT


def _turned(image: Image.Image, angle: float) -> Image.Image:
    """The picture turned by -angle (radians), level where the row climbed by angle; the corners the table's."""
    return image.rotate(-math.degrees(angle), resample=Image.Resampling.BILINEAR, expand=True,
                        fillcolor=_border_colour(image))


def _content(image: Image.Image) -> tuple[np.ndarray, np.ndarray] | None:
    """The coordinates (x, y in the picture's pixels, from a small copy) of the pixels unlike the table: the
    table's colour is fitted to the picture's edges as a plane, so light falling off across it is still table."""
    small = image.copy()
    small.thumbnail((240, 240))
    pixels = np.asarray(small, dtype=np.float32)
    height, width = pixels.shape[:2]
    ys, xs = np.mgrid[0:height, 0:width]
    plane = np.stack([np.ones_like(xs), xs / width, ys / height], axis=-1).astype(np.float32)
    edge = np.zeros((height, width), dtype=bool)
    edge[:2], edge[-2:], edge[:, :2], edge[:, -2:] = True, True, True, True
    fit, *_rest = np.linalg.lstsq(plane[edge], pixels[edge], rcond=None)
    distance = np.sqrt(((pixels - plane @ fit) ** 2).sum(axis=2))
    unlike = distance > max(40.0, 1.5 * float(np.percentile(distance[edge], 95)))
    share = float(unlike.mean())
    if not 0.005 < share < 0.7:
        return None
    found_ys, found_xs = np.nonzero(unlike)
    shrink = image.width / small.width
    return (found_xs + 0.5) * shrink, (found_ys + 0.5) * shrink


def _axis_angle(xs: np.ndarray, ys: np.ndarray) -> float:
    """The slope of points' principal axis (radians, positive when it climbs to the right in the picture)."""
    xs, ys = xs - xs.mean(), ys - ys.mean()
    return float(-0.5 * math.atan2(2 * float((xs * ys).sum()), float((xs * xs).sum() - (ys * ys).sum())))


def _moved(box: Box, frame: tuple[int, int]) -> Box:
    return Box(box.x + frame[0], box.y + frame[1], box.width, box.height, box.scores)


def _merge(passes: list[list[Box]], tile_width: float) -> list[Box]:
    """One box a tile: boxes of different passes whose centres are within half a tile are the same tile. Its
    scores: the passes' geometric mean for each kind (over the passes that saw it; a score floored at FLOOR),
    scaled so its best kind scores the mean of the passes' best scores (a pass that missed it counts 0: how sure
    the passes are that a tile is there). On rendered photos (seeds 1 and 100, seven passes) the geometric mean
    reads 80.5% of light hands right against 78.8% for the plain mean (three passes: 76.1% against 77.9%)."""
    groups: list[list[Box]] = []
    for box in sorted((b for boxes in passes for b in boxes), key=lambda b: b.x):
        near = [g for g in groups if abs(g[-1].x - box.x) < tile_width / 2 and abs(g[-1].y - box.y) < tile_width]
        if near:
            near[-1].append(box)
        else:
            groups.append([box])
    merged = []
    for group in groups:
        present = sum(b.confidence for b in group) / len(passes)
        scores = _geometric_mean([(b.scores, 1) for b in group], top=present)
        merged.append(Box(sum(b.x for b in group) / len(group), sum(b.y for b in group) / len(group),
                          max(b.width for b in group), max(b.height for b in group), scores))
    return merged


def _geometric_mean(weighted: list[tuple[dict[int, float], int]], *, top: float) -> dict[int, float]:
    """Each kind's weighted geometric mean of the scores (each floored at FLOOR), scaled so the best kind scores
    `top`: how passes of one tile are merged (_merge, and _second_look's one more)."""
    total = sum(weight for _scores, weight in weighted)
    logs = {kind: sum(weight * math.log(max(scores[kind], FLOOR)) for scores, weight in weighted) / total
            for kind in weighted[0][0]}
    best = max(logs.values())
    return {kind: math.exp(log - best) * top for kind, log in logs.items()}


def _detect_level(image: Image.Image, channel: str = "L", *, inverted: bool = False) -> list[Box]:
    grey = ImageOps.autocontrast(image.convert("L") if channel == "L" else image.getchannel(channel))
    if inverted:
        grey = ImageOps.invert(grey)
    scale = SIDE / max(grey.size)
    width, height = max(1, int(grey.width * scale)), max(1, int(grey.height * scale))
    pad_x, pad_y = (SIDE - width) // 2, (SIDE - height) // 2
    square = Image.new("L", (SIDE, SIDE), 0)
    square.paste(grey.resize((width, height), Image.Resampling.BILINEAR), (pad_x, pad_y))
    tensor = np.asarray(square, dtype=np.float32)[np.newaxis, np.newaxis] / 255.0
    tensor = np.repeat(tensor, 3, axis=1)
    session = _session()
    output = session.run(None, {session.get_inputs()[0].name: tensor})[0][0]  # (4 + classes, anchors)
    scores = output[4:].T
    best = scores.max(axis=1)
    chosen = np.nonzero(best > PRESENT)[0]
    chosen = chosen[np.argsort(-best[chosen])]
    centres = output[:4].T[chosen]
    kept = _suppress(centres, OVERLAP)
    found = []
    for index in kept:
        x, y, w, h = (float(v) for v in centres[index])
        row = scores[chosen[index]]
        found.append(Box((x - pad_x) / scale, (y - pad_y) / scale, w / scale, h / scale,
                         {kind: float(row[c]) for c, kind in enumerate(KINDS)}))
    return found


def _pooled(image: Image.Image, boxes: list[Box]) -> list[Box]:
    """Tiles of one kind look alike in one photo, whatever the model makes of each: each box's scores become the
    mean over the boxes whose faces match it (correlation above ALIKE, grey, at 12×16). On rendered photos
    95% of pairs of one kind match so, and 0.05% of pairs of two kinds. Boxes that match the same boxes share a
    label (Box.alike), so the engine reads them as one kind."""
    faces = np.stack([_face(image, box) for box in boxes]) if boxes else np.zeros((0, 192))
    alike = faces @ faces.T > ALIKE
    labels: dict[bytes, int] = {}
    pooled = []
    for index, box in enumerate(boxes):
        group = [boxes[j] for j in np.nonzero(alike[index])[0]]
        scores = {kind: sum(b.scores[kind] for b in group) / len(group) for kind in box.scores}
        label = labels.setdefault(alike[index].tobytes(), index)
        pooled.append(Box(box.x, box.y, box.width, box.height, scores, label))
    return pooled


def _face(image: Image.Image, box: Box) -> np.ndarray:
    """The middle of a tile's face, grey, 12×16, as a unit vector about its mean (for correlation)."""
    width, height = box.width * 0.8, box.height * 0.8
    crop = image.crop((round(box.x - width / 2), round(box.y - height / 2), round(box.x + width / 2),
                       round(box.y + height / 2))).convert("L").resize((12, 16), Image.Resampling.BILINEAR)
    vector = np.asarray(crop, dtype=np.float32).ravel()
    vector -= vector.mean()
    return vector / (float(np.linalg.norm(vector)) + 1e-6)


def _suppress(centres: np.ndarray, overlap: float) -> list[int]:
    """Non-maximum suppression over boxes (centre x, y, width, height) already sorted best first."""
    x1, y1 = centres[:, 0] - centres[:, 2] / 2, centres[:, 1] - centres[:, 3] / 2
    x2, y2 = centres[:, 0] + centres[:, 2] / 2, centres[:, 1] + centres[:, 3] / 2
    area = centres[:, 2] * centres[:, 3]
    order = np.arange(len(centres))
    kept: list[int] = []
    while order.size:
        i, rest = order[0], order[1:]
        kept.append(int(i))
        width = np.clip(np.minimum(x2[i], x2[rest]) - np.maximum(x1[i], x1[rest]), 0, None)
        height = np.clip(np.minimum(y2[i], y2[rest]) - np.maximum(y1[i], y1[rest]), 0, None)
        inter = width * height
        order = rest[inter / (area[i] + area[rest] - inter + 1e-9) <= overlap]
    return kept


def _row_angle(boxes: list[Box]) -> float:
    """The row's slope from the boxes' centres."""
    if len(boxes) < 3:
        return 0.0
    return _axis_angle(np.array([b.x for b in boxes]), np.array([b.y for b in boxes]))


def _in_row_order(boxes: list[Box]) -> list[Box]:
    """Left to right along the row's axis, so a tilted row keeps its order however steep."""
    angle = _row_angle(boxes)
    along = (math.cos(angle), -math.sin(angle))
    return sorted(boxes, key=lambda b: b.x * along[0] + b.y * along[1])


def _border_colour(image: Image.Image) -> tuple[int, int, int]:
    """The colour along the picture's edges (the table, most likely), to fill the corners a turn uncovers."""
    pixels = np.asarray(image)
    border = np.concatenate([pixels[0], pixels[-1], pixels[:, 0], pixels[:, -1]])
    red, green, blue = (int(v) for v in np.median(border, axis=0))
    return red, green, blue
