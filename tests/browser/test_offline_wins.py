"""Offline that keeps its promise: a win by figure from a seat card's "won", and a win by tiles tapped
on the keypad, made with no connection, are each kept on the phone and saved once when it returns.

Screenshots: artifacts/screenshots/offline-wins/by-figure/ and by-tiles/ (a folder each: each walk clears its own
folder first, and the two may run at once under xdist).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.tables.models import Hand

from browser_helpers import Shots, new_session, settled, tap, wait_until_kept

pytestmark = pytest.mark.django_db(transaction=True)



def kept_for_offline(page: Page, session_url: str) -> None:
    """The session screen has the phone keep the pages a hand needs."""
    wait_until_kept(page, session_url.rstrip("/") + "/win/")
    wait_until_kept(page, session_url.rstrip("/") + "/draw/")


def test_a_win_by_figure_made_offline_in_four_taps_is_saved_once(page: Page, live_server):
    shot = Shots(page, "offline-wins/by-figure")
    new_session(page, live_server.url, "Zung Jung")
    session_url = page.url
    kept_for_offline(page, session_url)

    page.context.set_offline(True)
    page.get_by_role("link", name="Bob won").click()
    expect(page.get_by_role("radio", name="Bob", exact=False).first).to_be_checked()
    status = page.locator("#offline-status")
    expect(status).to_contain_text("You are offline")
    expect(status).to_contain_text("The score and who pays show when the connection returns")
    page.get_by_role("radio", name="Discard by Cy").click()
    page.get_by_role("button", name="40", exact=True).click()  # the chip saves it, kept on the phone
    expect(status).to_contain_text("1 hand waiting to be sent")
    # back on the session screen (the phone's copy), the hand shown as kept here
    expect(page.locator(".hand-queued")).to_contain_text("Bob won 40 points off Cy")
    expect(page.locator(".hand-queued")).to_contain_text("Kept on this phone")
    shot("figure-win-waiting")
    assert Hand.objects.count() == 0

    page.context.set_offline(False)
    expect(page.locator(".hand-notice")).to_contain_text("Hand 1 saved.")
    shot("figure-win-sent")
    hand = Hand.objects.get()
    assert (hand.winner, hand.discarder, hand.figure) == (1, 2, 40)
    page.reload()
    assert Hand.objects.count() == 1  # the queue is empty: nothing is sent twice


HAND = "1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p 5s".split()


def test_a_win_by_tiles_tapped_offline_keeps_its_taps_and_is_scored_and_saved_once(page: Page, live_server):
    shot = Shots(page, "offline-wins/by-tiles")
    new_session(page, live_server.url, "Zung Jung")
    page.get_by_role("link", name="Bob won").click()
    page.get_by_role("radio", name="Discard by Cy").click()
    settled(page)
    page.locator('button[name="action"][value="mode:tiles"]').click()
    settled(page)

    page.context.set_offline(True)
    for code in HAND + ["5s"]:
        tap(page, code)  # suit tabs switch on the phone: no connection needed
    kept = page.locator(".kept-taps")
    expect(kept).to_be_visible()
    expect(kept).to_contain_text("Kept on this phone")
    # the phone draws the hand itself: 13 tiles in the hand, then the winning tile
    expect(page.locator("#tiles-card .hand-area .tile-button")).to_have_count(13)
    expect(page.locator("#tiles-card .winning-slot .tile-button")).to_have_accessible_name(
        "Remove the winning tile, 5 bamboo")
    expect(page.locator("#tiles-card .count")).to_have_text("13/13")
    shot("tiles-kept")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("#offline-status")).to_contain_text("1 hand waiting to be sent")
    assert Hand.objects.count() == 0

    page.context.set_offline(False)
    expect(page.locator(".hand-notice")).to_contain_text("Hand 1 saved.")
    shot("tiles-sent")
    hand = Hand.objects.get()
    assert (hand.winner, hand.discarder) == (1, 2)
    assert hand.tiles["winning_tile"] == "5s"
    assert hand.tiles == {"concealed": "123456789m234p5s", "melds": [], "winning_tile": "5s"}
    expect(page.get_by_role("list", name="Players and balances")).to_contain_text("Bob")
