"""Two phones at one table: a hand saved on the scorer's phone shows on the viewer's within 3 s, without
a reload (the session screen polls its revision)."""
from __future__ import annotations

import time

from playwright.sync_api import Browser, Page, expect

from browser_helpers import Shots, new_session, settled


def test_a_saved_hand_shows_on_the_other_phone_within_3_seconds(page: Page, browser: Browser,
                                                                 browser_context_args, live_server):
    new_session(page, live_server.url, "Zung Jung")
    page.get_by_role("link", name="Share").click()
    page.get_by_label("View only: see the scores and the history").check()
    page.get_by_role("button", name="Create a link").click()
    viewer_url = page.locator("input.share-url").first.input_value()
    page.get_by_text("Show the QR code").click()
    expect(page.get_by_role("img", name="QR code of the viewer link")).to_be_visible()
    Shots(page, "share-qr")("share-with-qr")
    session_url = page.url.replace("/share/", "/")

    viewer_context = browser.new_context(**browser_context_args)
    viewer = viewer_context.new_page()
    shot = Shots(viewer, "live-table")
    viewer.goto(viewer_url)
    viewer.get_by_role("button", name="Open the session").click()
    expect(viewer.get_by_role("list", name="Players and balances")).to_be_visible()
    viewer.evaluate("window.stillTheSamePage = true")
    shot("viewer-before")

    page.goto(session_url)
    page.get_by_role("link", name="Cy won").click()
    page.get_by_role("radio", name="Self-drawn").click()
    settled(page)
    page.get_by_role("button", name="40", exact=True).click()  # the chip saves it
    expect(page.locator(".hand-notice")).to_contain_text("Hand 1 saved.")
    saved_at = time.monotonic()

    expect(viewer.locator(".seat", has_text="Cy")).to_contain_text("+120", timeout=3000)
    assert time.monotonic() - saved_at < 3.0
    expect(viewer.get_by_text("Cy won self-drawn")).to_be_visible()
    assert viewer.evaluate("window.stillTheSamePage") is True  # no reload: the standings were swapped in
    shot("viewer-after")
    viewer_context.close()
