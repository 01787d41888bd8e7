"""A new user plays a whole Taiwanese session on a phone: every screen, saving screenshots.

Create the session, enter a hand by its tiles and one by its fan, a draw, an on-the-spot
payment, edit an earlier hand, settle up. Screenshots: artifacts/screenshots/play-session/.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from browser_helpers import Shots, choose, settled, tap

pytestmark = pytest.mark.django_db(transaction=True)

def test_a_whole_taiwanese_session(page: Page, live_server):
    shot = Shots(page, "play-session")
    page.goto(live_server.url)
    expect(page.get_by_role("link", name="New session")).to_be_visible()
    shot("home-first-visit")

    # -- an account first (a guest needs none: test_guest_table.py), then a new session -------
    page.get_by_role("link", name="Log in", exact=True).click()
    expect(page.get_by_role("heading", name="Log in")).to_be_visible()
    shot("log-in")
    page.get_by_role("link", name="Sign up").click()
    page.get_by_label("Username").fill("ann")
    page.get_by_label("Password", exact=True).fill("1234")
    page.get_by_label("Password confirmation").fill("1234")
    page.get_by_role("button", name="Create the account").click()
    expect(page.get_by_text("This password is too short.")).to_be_visible()
    shot("sign-up-errors")
    page.get_by_label("Password", exact=True).fill("tiles and tea 88")
    page.get_by_label("Password confirmation").fill("tiles and tea 88")
    page.get_by_role("button", name="Create the account").click()
    page.get_by_role("link", name="New session").click()
    expect(page.get_by_role("heading", name="New session")).to_be_visible()
    shot("choose-ruleset")
    page.get_by_role("link", name=re.compile("Taiwanese")).click()
    for seat, name in (("East 東", "Ann"), ("South 南", "Bob"), ("West 西", "Cy"), ("North 北", "Di")):
        page.get_by_label(seat).fill(name)
    page.get_by_label("Per fan (每番)").fill("2")
    shot("new-session-form")
    page.get_by_role("button", name="Start session").click()
    expect(page.get_by_text("Session started.")).to_be_visible()
    shot("session-start")

    # -- hand 1 by tiles: Ann, the dealer, self-draws --------------------------------------
    page.get_by_role("link", name="Win", exact=True).click()
    choose(page, "Who won?", "Ann")
    choose(page, "How?", "Self-drawn")
    tiles = "1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 4s 1z 1z 1z 2z".split()
    for count, code in enumerate(tiles, start=1):
        tap(page, code)
        expect(page.locator(".hand-line .count").first).to_have_text(f"{count}/16")
    expect(page.get_by_role("heading", name="Tap the winning tile")).to_be_visible()
    tap(page, "2z")
    preview = page.locator("#preview")  # the sticky bar: the total and who pays whom
    expect(page.locator("#preview .payments, #preview .debt-changes").first).to_be_visible()
    expect(page.locator("#tiles-score")).to_contain_text("門清自摸")  # the score under the keys
    shot("win-by-tiles")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".hand-notice")).to_be_visible()
    expect(page.locator(".round-line")).to_contain_text("Hand 2")
    shot("after-tiles-hand")

    # -- hand 2 by fan: Bob wins on Cy's discard ----------------------------------------------
    page.get_by_role("link", name="Win", exact=True).click()
    choose(page, "Who won?", "Bob")
    choose(page, "How?", "Discard by Cy")
    page.get_by_role("button", name="By fan").click()
    settled(page)
    page.get_by_label("Other", exact=True).fill("8")
    expect(preview.locator(".payments, .debt-changes").first).to_be_visible()
    expect(preview).to_contain_text("8 fan")
    shot("win-by-fan")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".hand-notice")).to_be_visible()

    # -- hand 3: a draw ------------------------------------------------------------------
    page.get_by_role("link", name="Draw", exact=True).click()
    shot("draw")
    page.get_by_role("button", name="Record the draw").click()
    expect(page.locator(".hand-notice")).to_be_visible()

    # -- an on-the-spot payment: Cy shows two flowers ----------------------------------------
    page.get_by_role("link", name="On the spot").click()
    page.get_by_text("Flowers (一台花)").click()
    choose(page, "Who?", "Cy")
    page.get_by_label("How many?").fill("2")
    shot("on-the-spot")
    page.get_by_role("button", name="Record payment").click()
    expect(page.locator(".hand-notice")).to_be_visible()
    # nothing wider than the phone: the dealer's badge and what moved at the table wrap
    assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")
    shot("session-after-four-entries")

    # -- edit hand 1: it was Cy's self-draw, not Ann's ---------------------------------------
    page.get_by_role("link", name="History").click()
    shot("history")
    page.get_by_role("link", name="Edit hand 1").click()
    expect(page.get_by_role("heading", name="Edit hand 1")).to_be_visible()
    choose(page, "Who won?", "Cy")
    expect(preview.locator(".payments, .debt-changes").first).to_be_visible()
    shot("edit-hand-1")
    page.get_by_role("button", name="Save changes").click()
    expect(page.get_by_text("Hand 1 changed.")).to_be_visible()
    changes = page.locator(".changes")
    expect(changes).to_contain_text("Hand 2: dealer now Bob")
    shot("history-after-edit")

    # -- settle up and finish -------------------------------------------------------------
    page.get_by_role("link", name="Settle up").click()
    expect(page.get_by_role("heading", name="Payments to settle")).to_be_visible()
    shot("settle-up")
    page.get_by_role("button", name="Finish session").click()
    expect(page.get_by_text("Session finished.")).to_be_visible()
    shot("finished")
    page.goto(live_server.url)
    expect(page.get_by_role("heading", name="Finished")).to_be_visible()
    shot("home-after")
