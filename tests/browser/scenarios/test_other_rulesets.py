"""More of what a table does: typed tiles with melds, a responsible discarder, a deleted hand,
taizhou's losers' points, and the whole thing without JavaScript."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from browser_helpers import Shots, by_tiles, choose, new_session, settled, tap

pytestmark = pytest.mark.django_db(transaction=True)


def test_zung_jung_typed_tiles_a_meld_and_a_delete(page: Page, live_server):
    shot = Shots(page, "zung-jung")
    new_session(page, live_server.url, "Zung Jung")

    page.get_by_role("link", name="Win", exact=True).click()
    choose(page, "Who won?", "Bob")
    choose(page, "How?", "Discard by Cy")
    by_tiles(page)
    page.get_by_role("button", name="+ Pung").click()
    settled(page)
    tap(page, "7z")
    expect(page.get_by_role("button", name="Remove pung of Red dragon")).to_be_visible()
    page.get_by_text("Type the tiles instead").click()
    page.get_by_label("Hand, without the winning tile").fill("123m456p789s5z")
    score = page.locator("#tiles-score")  # right under the keys
    expect(score).to_contain_text("now tap the winning tile")
    page.get_by_label("Winning tile", exact=True).fill("5z")
    expect(score).to_contain_text("Value Honour")
    expect(page.locator("#preview .payments")).to_be_visible()  # who owes whom, in the sticky bar
    shot("typed-tiles-with-a-meld")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".hand-notice")).to_be_visible()

    page.get_by_role("link", name="Win", exact=True).click()
    choose(page, "Who won?", "Di")
    choose(page, "How?", "Discard by Ann")
    page.get_by_label("Responsible player").select_option(label="Cy")
    settled(page)
    page.get_by_role("button", name="By points").click()
    settled(page)
    page.get_by_label("Other", exact=True).fill("40")
    # zung-jung.md: beyond 25 the responsible player pays 3V - 50, the others 25 each
    expect(page.locator("#preview")).to_contain_text("Cy → Di 70")
    shot("responsible-discarder")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".hand-notice")).to_be_visible()
    shot("session")

    page.get_by_role("link", name="History").click()
    page.get_by_role("link", name="Delete hand 1").click()
    shot("delete-confirm")
    page.get_by_role("button", name="Delete it").click()
    expect(page.get_by_text("Hand 1 deleted.")).to_be_visible()
    expect(page.locator(".changes")).to_contain_text("Hand 1 (was hand 2): dealer now Ann")
    shot("history-after-delete")

    # It was a mistake: the deleted hand comes back in its place.
    deleted = page.locator("#deleted-hands")
    expect(deleted).to_contain_text("Bob won on Cy's discard")
    deleted.get_by_role("button", name="Restore Bob won on Cy's discard").click()
    expect(page.get_by_text("Hand 1 restored.")).to_be_visible()
    expect(page.locator(".changes")).to_contain_text("Hand 2 (was hand 1): dealer now Bob")
    expect(page.locator("#deleted-hands")).to_have_count(0)
    shot("history-after-restore")


def test_taizhou_losers_typed_and_by_tiles(page: Page, live_server):
    shot = Shots(page, "taizhou")
    new_session(page, live_server.url, "Taizhou")
    page.get_by_role("link", name="Win", exact=True).click()
    choose(page, "Who won?", "Bob")
    choose(page, "How?", "Self-drawn")
    page.get_by_role("button", name="By points").click()
    settled(page)
    page.get_by_label("Other", exact=True).fill("44")
    page.get_by_label("Ann", exact=True).fill("6")
    page.get_by_label("Cy", exact=True).fill("24")
    settled(page)
    page.locator(".loser", has_text="Di").get_by_role("button", name="By tiles").click()
    settled(page)
    expect(page.get_by_role("heading", name="Adding to Di's hand")).to_be_visible()
    for code in "1m 2m 3m 4p 5p 6p 1s 1s 9s 9s".split():
        tap(page, code)
    page.get_by_role("button", name="+ Pung").click()
    settled(page)
    tap(page, "7z")
    page.get_by_role("button", name="Fortune").click()
    settled(page)
    tap(page, "5m")
    expect(page.locator(".loser", has_text="Di")).to_contain_text("points")
    expect(page.locator("#preview .payments")).to_be_visible()
    shot("losers")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".hand-notice")).to_be_visible()
    shot("session")


def test_everything_works_without_javascript(browser: Browser, browser_context_args, live_server):
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    page = context.new_page()
    shot = Shots(page, "no-javascript")
    new_session(page, live_server.url, "Hong Kong Old Style")
    page.get_by_role("link", name="Win", exact=True).click()
    choose(page, "Who won?", "Cy")
    choose(page, "How?", "Self-drawn")
    for code in "1m 1m 1m 2p 3p 4p".split():  # each tap posts the form and the page comes back
        tap(page, code)
    expect(page.locator(".hand-line .count").first).to_have_text("6/13")
    shot("keypad-without-javascript")
    expect(page.get_by_text("Cy won self-drawn")).to_be_visible()  # nothing entered was lost (folded in a line)
    page.get_by_role("button", name="By points").click()
    page.get_by_label("Other", exact=True).fill("80")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".hand-notice")).to_be_visible()
    expect(page.locator(".seat", has_text="Cy")).to_contain_text("+320")
    shot("session")
    page.get_by_role("link", name="Draw", exact=True).click()
    page.get_by_role("button", name="Record the draw").click()
    expect(page.locator(".hand-notice")).to_be_visible()
    context.close()


def test_rules_pages(page: Page, live_server):
    shot = Shots(page, "rules")
    page.goto(live_server.url + "/rules/")
    shot("rules")
    page.get_by_role("link", name="Taiwanese").click()
    expect(page.get_by_role("cell", name=re.compile("大四喜"))).to_be_visible()
    shot("taiwan-rules")


def test_quick_taps_are_all_counted(page: Page, live_server):
    new_session(page, live_server.url, "Zung Jung")
    page.get_by_role("link", name="Win", exact=True).click()
    by_tiles(page)
    # No waiting for answers between taps. (Not no_wait_after: with it Playwright does not try again a
    # click that a redraw of the keys took from under its pointer, and reports it done.)
    for code in "1m 1m 2m 3m 4m 5m 6m".split():
        page.get_by_role("button", name=f"{code[0]} characters", exact=True).click()
    expect(page.locator(".hand-line .count").first).to_have_text("7/13")
    expect(page.get_by_label("Hand, without the winning tile")).to_have_value("1123456m")
