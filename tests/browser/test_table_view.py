"""The table view (views/table.py) at a phone's 390×844 and a tablet's size, lying or upright: each seat's balance
on its side, as the hands add up by hand; live when another phone saves a hand; the dice rolled on one phone shown
on the other."""
from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from browser_helpers import Shots, new_session, settled

SIZES = {"phone": {"width": 390, "height": 844}, "tablet-lying": {"width": 1024, "height": 768},
         "tablet-upright": {"width": 768, "height": 1024}}


def self_drawn(page: Page, base: str, winner: str, figure: str) -> None:
    """A win by figure on the session screen: the winner's button, self-drawn, the chip (it saves at once)."""
    page.goto(base)
    page.get_by_role("link", name=f"{winner} won").click()
    page.get_by_role("radio", name="Self-drawn").click()
    settled(page)
    page.get_by_role("button", name=figure, exact=True).click()
    expect(page.locator(".hand-notice")).to_contain_text("saved.")


def side(page: Page, place: str):
    return page.locator(f".table-side.side-{place}")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_table_view_shows_each_seat_where_it_sits(page: Page, live_server, size):
    new_session(page, live_server.url, "Zung Jung")
    session_url = page.url.split("?")[0]
    self_drawn(page, session_url, "Cy", "40")  # zung-jung.md: each of the three pays V: Cy +120, the others −40
    page.goto(session_url)
    page.get_by_role("link", name="Table view").click()
    page.set_viewport_size(SIZES[size])
    shot = Shots(page, f"table-view-{size}")
    # Ann (East) at the screen's bottom, Bob on the right, Cy at the top, Di on the left (counter-clockwise)
    expect(side(page, "near")).to_contain_text("Ann")
    expect(side(page, "near").locator(".side-balance")).to_have_text("−40")
    expect(side(page, "right")).to_contain_text("Bob")
    expect(side(page, "far")).to_contain_text("Cy")
    expect(side(page, "far").locator(".side-balance")).to_have_text("+120")
    expect(side(page, "left")).to_contain_text("Di")
    # the deal passed to Bob (a non-dealer won): his card says Dealer
    expect(side(page, "right")).to_contain_text("Dealer")
    expect(page.locator(".last-hand")).to_contain_text("Hand 1: Cy won self-drawn")
    # every card is on the screen, none overlapping the middle
    for place in ("near", "right", "far", "left"):
        box = side(page, place).bounding_box()
        assert box["x"] >= 0 and box["y"] >= 0
        assert box["x"] + box["width"] <= SIZES[size]["width"] + 1
        assert box["y"] + box["height"] <= SIZES[size]["height"] + 1
    shot("table")
    page.get_by_role("button", name="Bob rolls the dice").click()
    expect(page.locator(".dice-line")).to_contain_text("Bob rolled")
    shot("rolled")
