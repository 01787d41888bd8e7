"""A photo of the winner's tiles read for the keypad (views/photo.py): a scorer's right, answered in JSON, the
upload held in memory only, never logged, limited per account."""
from __future__ import annotations

import logging
import random
import sys
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.files.uploadhandler import TemporaryFileUploadHandler

from scorekeeper.engine.rulesets import get_ruleset
from scorekeeper.engine.tiles import parse_tiles
from scorekeeper.tables.services import share_link_create
from scorekeeper.tables.views import photo as photo_view

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
from camera_corpus import render  # noqa: E402

HAND = "789m456p345s555z66z"


@pytest.fixture(scope="module")
def clean_photo() -> bytes:
    """A level, sharp photo of light tiles on a table cloth (benchmarks/camera_corpus.py)."""
    tiles = tuple(parse_tiles(HAND))
    return render(get_ruleset("hk-faan"), random.Random(38), tiles=tiles, dark=False, tilt=4.0, blur=False).jpeg


def send(client, session, data: bytes | None, **fields: str):
    if data is not None:
        fields["photo"] = SimpleUploadedFile("tiles.jpg", data, content_type="image/jpeg")
    return client.post(f"/sessions/{session.pk}/photo/", fields)


def test_a_photo_of_a_winning_hand_fills_the_keypad(client, make_session, clean_photo):
    response = send(client, make_session("hk-faan"), clean_photo)

    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    answer = response.json()
    assert answer["tiles"] == "7m 8m 9m 4p 5p 6p 3s 4s 5s 5z 5z 5z 6z 6z".split()
    assert answer["accepted"] is True and answer["missing"] == 0 and answer["size"] == 14
    assert len(answer["doubtful"]) == 14 and 0 < answer["sure"] <= 1
    assert [choices[0] for choices in answer["choices"]] == answer["tiles"]
    assert all(1 <= len(choices) <= 3 for choices in answer["choices"])
    assert answer["alike"][-2] == answer["alike"][-1] and answer["alike"][:3] == [0, 1, 2]  # the two 6z look alike


def test_look_alike_labels_follow_the_tiles_past_the_boxes_left_out(client, make_session, monkeypatch):
    from scorekeeper.camera import reading as reader
    from scorekeeper.camera.detector import Box
    from scorekeeper.engine.photo_reading import pick_reading

    kinds = [*parse_tiles("123m456p789s"), *parse_tiles("9p") * 5, *parse_tiles("1z9p1z1z2z2z")]
    alike = [*range(9), 90, 91, 92, 93, 94, 77, 95, 77, 77, 44, 44]  # 9p: weak boxes; 1z, 2z: look alike
    boxes = [Box(0, 0, 1, 1, {kind: 0.01 if i in (9, 10, 11, 12, 13, 15) else 0.9}, label)
             for i, (kind, label) in enumerate(zip(kinds, alike))]

    def read_photo(data, *, ruleset, wild=None):  # the detector's boxes as given, the engine's own choice
        return pick_reading([box.scores for box in boxes], ruleset=ruleset, wild=wild, alike=alike), boxes

    monkeypatch.setattr(reader, "read_photo", read_photo)
    answer = send(client, make_session("hk-faan"), b"a photo").json()

    assert answer["tiles"] == "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 2z 2z".split()
    assert answer["alike"] == [*range(9), 9, 9, 9, 10, 10]  # six boxes left out: three at once, three by the search


def test_a_17_tile_ruleset_asks_for_the_tiles_the_photo_lacks(client, make_session, clean_photo):
    answer = send(client, make_session("taiwan"), clean_photo).json()

    assert answer["size"] == 17 and answer["missing"] == 3 and answer["accepted"] is False
    assert len(answer["tiles"]) == 14


def test_what_is_not_a_picture_is_refused_in_words(client, make_session):
    response = send(client, make_session(), b"GIF89a, or so it says")

    assert response.status_code == 400
    assert response.json() == {"error": "That is not a photo the reader can open."}
    assert send(client, make_session(), None).json() == {"error": "Send a photo of the tiles."}


def test_only_a_scorer_may_send_one(client, make_session, stranger, guest, anonymous, clean_photo):
    session = make_session()
    guest.follow_link(share_link_create(session=session, role="viewer"))

    assert send(stranger, session, clean_photo).status_code == 404
    assert send(anonymous, session, clean_photo).status_code == 404
    assert send(guest, session, clean_photo).status_code == 404
    assert client.get(f"/sessions/{session.pk}/photo/").status_code == 405


def test_a_body_past_the_cap_is_refused_before_it_is_read(client, make_session):
    response = send(client, make_session(), b"\xff" * (2 * 1024 * 1024 + 70 * 1024))

    assert response.status_code == 400 and b"too large" in response.content


def test_the_upload_is_never_written_to_a_file(client, make_session, clean_photo, settings, monkeypatch):
    def on_disk(*args, **kwargs):
        raise AssertionError("the photo was spooled to a temporary file")

    monkeypatch.setattr(TemporaryFileUploadHandler, "new_file", on_disk)
    assert send(client, make_session("hk-faan"), clean_photo).status_code == 200
    settings.FILE_UPLOAD_MAX_MEMORY_SIZE = 1000  # Django would spool a larger upload: this view drops it instead
    assert send(client, make_session("hk-faan"), clean_photo).json() == {"error": "Send a photo of the tiles."}


def test_no_byte_of_the_photo_reaches_the_log(client, make_session, caplog):
    caplog.set_level(logging.DEBUG)
    send(client, make_session(), b"not a picture: PRIVATE-PIXELS")

    assert "PRIVATE-PIXELS" not in caplog.text


def test_photos_are_limited_per_account(client, make_session):
    session = make_session()
    answers = [send(client, session, b"x").status_code for _ in range(11)]

    assert answers[:10] == [400] * 10 and answers[10] == 429
    assert "Too many photos" in send(client, session, b"x").json()["error"]


def test_a_server_without_the_camera_reader_has_no_such_address(client, make_session, monkeypatch, clean_photo):
    monkeypatch.setattr(photo_view, "camera_offered", lambda: False)

    assert send(client, make_session(), clean_photo).status_code == 404


def test_the_refusal_is_in_the_visitors_language(client, make_session):
    client.cookies["django_language"] = "zh-hant"
    response = send(client, make_session(), b"x")

    assert response.status_code == 400 and response.json()["error"] != "That is not a photo the reader can open."


def test_the_hands_gold_is_taken_where_the_ruleset_has_one_and_a_bad_one_ignored(client, make_session, clean_photo):
    session = make_session("fujian")

    assert send(client, session, clean_photo, wild="5p").status_code == 200
    assert send(client, session, clean_photo, wild="not a tile").status_code == 200
