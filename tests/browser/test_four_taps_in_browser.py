"""At the table in four taps: a win by figure from the session screen, Save included, each tap on
something already in view at 390x844 (no scrolling); a draw in two; and after every save the session
screen from its top, balances and Win in view."""
from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from browser_helpers import Shots, new_session, settled


class Taps:
    """Taps a player makes, each on something already on screen (a tap never needs a scroll first)."""

    def __init__(self, page: Page) -> None:
        self.page, self.count = page, 0

    def __call__(self, target: Locator) -> None:
        expect(target).to_be_in_viewport()
        target.click()
        self.count += 1
        self.page.wait_for_load_state()
        settled(self.page)


def balances_and_win_in_view(page: Page) -> None:
    assert page.evaluate("window.scrollY") == 0
    expect(page.get_by_role("list", name="Players and balances")).to_be_in_viewport()
    expect(page.get_by_role("link", name="Win", exact=True)).to_be_in_viewport()
    expect(page.locator(".hand-notice")).to_be_in_viewport()


def test_a_discard_win_and_a_self_draw_by_figure_take_four_taps_each(page: Page, live_server):
    shot = Shots(page, "four-taps")
    new_session(page, live_server.url, "Zung Jung")
    shot("session")

    taps = Taps(page)
    taps(page.get_by_role("link", name="Bob won"))
    expect(page.get_by_role("radio", name="Bob", exact=False).first).to_be_checked()
    shot("win-opened-for-bob")
    taps(page.get_by_role("radio", name="Discard by Cy"))
    taps(page.get_by_role("radio", name="40", exact=True))
    expect(page.locator(".save-bar")).to_contain_text("Cy → Bob 70")
    shot("figure-chosen")
    taps(page.get_by_role("button", name="Save hand"))
    assert taps.count == 4
    expect(page.locator(".hand-notice")).to_contain_text("Hand 1 saved.")
    balances_and_win_in_view(page)
    expect(page.get_by_role("list", name="Players and balances")).to_contain_text("+120")
    shot("saved-with-undo")

    taps = Taps(page)
    taps(page.get_by_role("link", name="Di won"))
    taps(page.get_by_role("radio", name="Self-drawn"))
    taps(page.get_by_role("radio", name="25", exact=True))
    taps(page.get_by_role("button", name="Save hand"))
    assert taps.count == 4
    expect(page.locator(".hand-notice")).to_contain_text("Hand 2 saved.")
    balances_and_win_in_view(page)


def test_undo_takes_the_hand_back_and_restore_brings_it_again(page: Page, live_server):
    shot = Shots(page, "undo")
    new_session(page, live_server.url, "Taiwan")
    Taps(page)(page.get_by_role("link", name="Ann won"))
    page.get_by_role("radio", name="Self-drawn").click()
    settled(page)
    page.get_by_role("radio", name="3", exact=True).click()
    settled(page)
    shot("taiwan-self-draw-by-fan")
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".hand-notice")).to_contain_text("Hand 1 saved.")

    page.get_by_role("button", name="Undo").click()
    expect(page.get_by_text("Hand 1 deleted.")).to_be_visible()
    expect(page.get_by_role("list", name="Players and balances")).not_to_contain_text("+")
    shot("undone")
    page.get_by_role("button", name="Restore").click()
    expect(page.get_by_text("Hand 1 restored.")).to_be_visible()
    expect(page.get_by_role("list", name="Players and balances")).to_contain_text("+")
    balances_and_win_in_view_after_restore = page.evaluate("window.scrollY") == 0
    assert balances_and_win_in_view_after_restore
    shot("restored")


def test_a_draw_takes_two_taps(page: Page, live_server):
    new_session(page, live_server.url, "Hong Kong")
    taps = Taps(page)
    taps(page.get_by_role("link", name="Draw", exact=True))
    taps(page.get_by_role("button", name="Record the draw"))
    assert taps.count == 2
    expect(page.locator(".hand-notice")).to_contain_text("Hand 1 saved.")
    balances_and_win_in_view(page)


def test_a_figure_past_the_limit_asks_first(page: Page, live_server):
    shot = Shots(page, "figure-limit")
    new_session(page, live_server.url, "Zung Jung")
    page.get_by_role("link", name="Ann won").click()
    page.get_by_role("radio", name="Self-drawn").click()
    settled(page)
    page.get_by_label("Other").fill("99999")
    page.get_by_role("button", name="Save hand").click()
    settled(page)
    expect(page.locator("#figure-error")).to_contain_text("99,999 is more than the limit of 320 points")
    shot("asks-to-confirm")
    page.get_by_role("checkbox", name="Yes, 99999 points is right").check()
    settled(page)
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".hand-notice")).to_contain_text("Hand 1 saved.")
