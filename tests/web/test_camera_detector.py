"""The tile detector (scorekeeper/camera/detector.py): the photo opened upright and small, the row found and put in
order however it tilts, the model's classes in the engine's notation."""
from __future__ import annotations

import io
import random
import sys
from pathlib import Path

import pytest
from PIL import Image

from scorekeeper import camera
from scorekeeper.camera import detector
from scorekeeper.engine.rulesets import get_ruleset
from scorekeeper.engine.tiles import parse_kind, parse_tiles

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from camera import matched  # noqa: E402
from camera_corpus import render  # noqa: E402

HAND = tuple(parse_tiles("123m456p789s111z22z"))


def jpeg(image: Image.Image, **options) -> bytes:
    out = io.BytesIO()
    image.save(out, "JPEG", **options)
    return out.getvalue()


def test_the_models_classes_in_the_engines_notation():
    names = dict(zip(detector.CLASS_NAMES, detector.KINDS))

    assert names["tou"] == parse_kind("1z") and names["pe"] == parse_kind("4z")  # East, North
    assert names["haku"] == parse_kind("5z") and names["chun"] == parse_kind("7z")  # White, Red
    assert names["6s"] == parse_kind("6s") and sorted(detector.KINDS) == list(range(34))


def test_the_camera_is_available_with_its_extra():
    assert camera.is_available()


def test_a_large_photo_is_scaled_down_and_turned_upright():
    image = Image.new("RGB", (4000, 3000), (40, 110, 60))
    exif = image.getexif()
    exif[0x0112] = 6  # EXIF orientation: the phone was held upright, the sensor's picture lies on its side
    opened = detector.open_photo(jpeg(image, exif=exif))

    assert opened.size == (960, 1280) and opened.mode == "RGB"


@pytest.mark.parametrize("data", [b"", b"not a picture", b"\x89PNG\r\n\x1a\n" + b"\0" * 40])
def test_what_is_not_a_picture_is_a_photo_error(data):
    with pytest.raises(detector.PhotoError):
        detector.open_photo(data)


def test_a_picture_too_large_is_refused_before_it_is_decoded(monkeypatch):
    monkeypatch.setattr(detector, "MOST_PIXELS", 1000)

    with pytest.raises(detector.PhotoError):
        detector.open_photo(jpeg(Image.new("RGB", (100, 100))))


@pytest.mark.parametrize("tilt", [-25.0, 0.0, 18.0])
def test_a_tilted_row_is_read_in_its_order(tilt):
    photo = render(get_ruleset("hk-faan"), random.Random(7), tiles=HAND, dark=False, tilt=tilt, blur=False)

    boxes = detector.detect(detector.open_photo(photo.jpeg))

    read = [max(b.scores, key=b.scores.__getitem__) for b in boxes]
    assert len(boxes) == 14
    assert matched(read, HAND) >= 12 and matched(read[::-1], HAND) < 8  # in the row's order, not reversed


def test_a_blank_table_has_no_tiles():
    assert detector.detect(Image.new("RGB", (800, 600), (40, 110, 60))) == []


def test_the_passes_scores_are_merged_by_geometric_mean_and_a_missed_pass_lowers_the_presence():
    one, two = parse_kind("1m"), parse_kind("2m")
    first = detector.Box(100, 50, 20, 28, {one: 0.8, two: 0.2})
    second = detector.Box(103, 51, 20, 28, {one: 0.2, two: 0.8})

    merged, = detector._merge([[first], [second], []], tile_width=20)

    assert merged.scores[one] == pytest.approx(merged.scores[two])  # sqrt(0.8 * 0.2) each, scaled alike
    assert merged.confidence == pytest.approx((0.8 + 0.8) / 3)  # the third pass saw nothing there


def test_a_doubtful_tile_is_looked_at_again_and_the_hand_still_read(monkeypatch):
    photo = render(get_ruleset("hk-faan"), random.Random(7), tiles=HAND, dark=False, tilt=5.0, blur=False)
    looked = []
    second_look = detector._second_look
    monkeypatch.setattr(detector, "_second_look", lambda *args: looked.append(args[1]) or second_look(*args))
    monkeypatch.setattr(detector, "DOUBTFUL", 1.01)  # every tile is doubtful

    boxes = detector.detect(detector.open_photo(photo.jpeg))

    assert len(looked) == len(boxes) == 14
    assert matched([max(b.scores, key=b.scores.__getitem__) for b in boxes], HAND) >= 12
