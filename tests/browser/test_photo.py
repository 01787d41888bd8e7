"""The keypad filled from a photo (static/js/photo.js, issue 38), at 390x844: the camera button on By tiles sends
a rendered photo of a winning hand (benchmarks/camera_corpus.py), the keypad opens filled with its tiles, the
rightmost the winning tile, and the live score is the engine's for them; offline the button says it needs the
connection. Screenshots: artifacts/screenshots/photo/."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.engine import get_ruleset
from scorekeeper.engine.tiles import parse_tiles
from scorekeeper.tables.entry.photo import camera_offered
from scorekeeper.tables.models import Hand

from browser_helpers import Shots, by_tiles, new_session, settled

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from camera_corpus import render  # noqa: E402

pytestmark = [pytest.mark.django_db(transaction=True),
              pytest.mark.skipif(not camera_offered(), reason="the camera extra is not installed")]

HAND = "789m456p345s555z66z"  # read right from a clean photo (tests/ops/test_camera.py)


def photo_file(tmp_path: Path) -> Path:
    photo = render(get_ruleset("hk-faan"), random.Random(38), tiles=tuple(parse_tiles(HAND)), dark=False, tilt=3.0,
                   blur=False)
    path = tmp_path / "hand.jpg"
    path.write_bytes(photo.jpeg)
    return path


def test_a_photo_fills_the_keypad_and_the_hand_saves_as_read(page: Page, live_server, tmp_path):
    shot = Shots(page, "photo")
    new_session(page, live_server.url, r"Hong Kong \(faan\)")
    page.get_by_role("link", name="Bob won").click()
    page.get_by_role("radio", name="Discard by Cy").click()
    settled(page)
    by_tiles(page)
    button = page.locator(".photo-button")
    expect(button).to_be_visible()
    shot("by-tiles")

    page.locator(".photo-input").set_input_files(str(photo_file(tmp_path)))

    expect(page.locator(".photo-status")).to_contain_text("Read 14 tiles")
    expect(page.locator(".hand-head .count")).to_have_text("13/13")
    expect(page.locator("#winning_tile")).to_have_value("6z")
    shot("filled")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".hand-notice")).to_be_visible()
    hand = Hand.objects.get()
    assert hand.winner == 1 and hand.discarder == 2 and hand.tiles["winning_tile"] == "6z"
    assert sorted(parse_tiles(hand.tiles["concealed"])) == sorted(parse_tiles(HAND)[:-1])


def test_offline_the_button_says_it_needs_the_connection(page: Page, live_server):
    new_session(page, live_server.url, r"Hong Kong \(faan\)")
    page.get_by_role("link", name="Bob won").click()
    settled(page)
    by_tiles(page)
    page.context.set_offline(True)
    try:
        expect(page.locator(".photo-status")).to_have_text("The photo needs the connection: tap the tiles in.")
        expect(page.locator(".photo-input")).to_be_disabled()
    finally:
        page.context.set_offline(False)
    expect(page.locator(".photo-input")).to_be_enabled()
