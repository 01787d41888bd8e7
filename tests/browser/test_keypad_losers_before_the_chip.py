"""taizhou's three-tap chip (issue 35.5): the losers score too, so the first chip tap picks the figure and brings
the losers' points up, the first one's field focused for the keyboard; what is typed there is saved, and the
loser-to-loser payment it makes is paid.

Screenshots: artifacts/screenshots/losers-before-the-chip/.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.tables.models import Hand

from browser_helpers import Shots, new_session, settled

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_chip_asks_for_the_losers_and_saves_what_was_typed(page: Page, live_server):
    shot = Shots(page, "losers-before-the-chip")
    new_session(page, live_server.url, "Taizhou")
    page.get_by_role("link", name="Bob won").click()
    page.get_by_role("radio", name="Discard by Cy").click()
    settled(page)
    page.get_by_role("button", name="30", exact=True).click()
    settled(page)
    assert not Hand.objects.exists()
    asked = page.locator(".losers-asked")
    expect(asked).to_have_text("The figure is chosen: type each loser's points (0 if none), then Save.")
    expect(page.get_by_label("Ann", exact=True)).to_be_focused()
    expect(page.get_by_label("Ann", exact=True)).to_be_in_viewport(ratio=1)
    field, bar = page.get_by_label("Ann", exact=True).bounding_box(), page.locator(".save-bar").bounding_box()
    assert field["y"] + field["height"] <= bar["y"], (field, bar)  # in view, not under the save bar
    page.screenshot(path=str(shot.folder / "losers-asked-as-seen.png"))
    shot("losers-asked")
    page.keyboard.type("20")  # in place of the 0, which the focus selected
    page.get_by_label("Di", exact=True).fill("10")
    settled(page)
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".hand-notice")).to_be_visible()
    hand = Hand.objects.get()
    assert (hand.figure, hand.loser_points) == (30, [20, None, 0, 10])
    shot("saved")
