"""New session: the first-dealer buttons show the players' names as they are typed."""
from __future__ import annotations

from playwright.sync_api import Page, expect

from browser_helpers import Shots, sign_up


def test_the_first_dealer_buttons_name_the_players(page: Page, live_server):
    sign_up(page, live_server.url)
    page.goto(live_server.url + "/sessions/new/?ruleset=taiwan")
    dealers = page.locator("fieldset", has=page.get_by_text("Who deals first?"))
    expect(dealers.get_by_role("radio", name="East")).to_be_visible()
    page.get_by_label("East 東").fill("Ah Lok")
    page.get_by_label("South 南").fill("Sofia")
    expect(dealers.get_by_role("radio", name="Ah Lok East")).to_be_visible()
    expect(dealers.get_by_role("radio", name="Sofia South")).to_be_visible()
    dealers.get_by_role("radio", name="Sofia South").check()
    Shots(page, "first-dealer")("names-on-the-buttons")
    page.get_by_role("button", name="Start session").click()  # West and North are missing: shown again
    expect(page.locator("fieldset", has=page.get_by_text("Who deals first?")).get_by_role(
        "radio", name="Sofia South")).to_be_checked()
