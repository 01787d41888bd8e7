"""A Taiwanese evening played both ways a table pays: Settle up asks exactly for what is still owed.

Screenshots: artifacts/screenshots/paying-as-you-go/ and artifacts/screenshots/keeping-a-tab/.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from browser_helpers import Shots, choose, settled, sign_up

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ("Ah Lok", "Sofia", "Kenji", "Mei")


def start(page: Page, base_url: str, paying: str) -> None:
    page.goto(base_url)
    sign_up(page, base_url)
    page.get_by_role("link", name="New session").click()
    page.get_by_role("link", name=re.compile("Taiwanese")).click()
    for seat, name in zip(("East 東", "South 南", "West 西", "North 北"), NAMES):
        page.get_by_label(seat).fill(name)
    choose(page, "How does your table pay?", paying)
    page.get_by_role("button", name="Start session").click()
    expect(page.get_by_text("Session started.")).to_be_visible()


def win_by_fan(page: Page, winner: str, discarder: str, fan: int) -> None:
    page.get_by_role("link", name="Win", exact=True).click()
    choose(page, "Who won?", winner)
    choose(page, "How?", f"Discard by {discarder}")
    page.get_by_role("button", name="By fan").click()
    settled(page)
    page.get_by_role("radio", name="Fan, dealer bonus included").check()  # the table's total, as it says it
    settled(page)
    page.get_by_label("Other", exact=True).fill(str(fan))
    expect(page.locator("#preview").get_by_role("heading", level=3).first).to_be_visible()
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".hand-notice")).to_be_visible()


def fits_the_phone(page: Page) -> bool:
    """Nothing wider than the screen: no sideways scrolling on a 390 px phone."""
    return page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")


def play_the_evening(page: Page, shot: Shots) -> None:
    win_by_fan(page, "Sofia", "Ah Lok", 5)  # Ah Lok owes Sofia 15 on her chain
    page.get_by_role("link", name="On the spot").click()
    page.get_by_text("Flowers (一台花)").click()
    choose(page, "Who?", "Mei")
    page.get_by_role("button", name="Record payment").click()
    expect(page.locator(".hand-notice")).to_be_visible()
    win_by_fan(page, "Ah Lok", "Sofia", 3)  # the holder pays: Ah Lok's 15 is halved and moves
    win_by_fan(page, "Kenji", "Mei", 0)  # Ah Lok's chain ends; Mei owes Kenji 10
    assert fits_the_phone(page)  # the dealer's badge and what moved at the table wrap, never widen the page
    shot("session")
    page.get_by_role("link", name="History").click()
    shot("history")


def asked(page: Page) -> list[str]:
    section = page.locator("section", has=page.get_by_role("heading", name="Payments to settle"))
    return [" ".join(text.split()) for text in section.locator("li").all_inner_texts()]


def settle_up_after_the_evening(page: Page, base_url: str, paying: str, halved: str) -> Shots:
    """The evening played one way of paying; the history says how the halved debt went; then Settle up."""
    shot = Shots(page, "paying-as-you-go" if paying == "Pay as you go" else "keeping-a-tab")
    start(page, base_url, paying)
    play_the_evening(page, shot)
    expect(page.get_by_text(halved)).to_be_visible()
    page.get_by_role("link", name="Settle up").click()
    return shot


def test_paying_as_you_go_settle_up_asks_only_what_is_still_owed(page: Page, live_server):
    shot = settle_up_after_the_evening(page, live_server.url, "Pay as you go",
                                       "Ah Lok pays Sofia 7.50 (half of the 15 owed): Sofia's chain ends")

    assert asked(page) == ["Mei → Kenji 10"]
    expect(page.get_by_text("Money already paid at the table is not asked again.")).to_be_visible()
    shot("settle-up")


def test_keeping_a_tab_settle_up_asks_the_balances_and_the_way_can_change(page: Page, live_server):
    shot = settle_up_after_the_evening(page, live_server.url, "Keep a tab",
                                       "Ah Lok owes Sofia 7.50 (half of the 15 owed) on the tab: Sofia's chain ends")

    assert sorted(asked(page)) == ["Ah Lok → Mei 4.50", "Sofia → Mei 15.50"]
    assert not re.search(r"\bpaid\b", page.locator("main").inner_text().replace("Pay as you go", ""), re.I)
    shot("settle-up")

    choose(page, "How does your table pay?", "Pay as you go")
    page.get_by_role("button", name="Change how we pay").click()
    expect(page.get_by_text("From now on the screens count each hand as paid at the table.")).to_be_visible()
    assert asked(page) == ["Mei → Kenji 10"]
    shot("settle-up-after-change")
