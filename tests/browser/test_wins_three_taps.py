"""At the table in three taps: a win by figure from the session screen — won, discarder, figure —
in every ruleset, each tap on something already in view at 390x844 (no scrolling); four when the table
confirms first; a draw in two; and after every save the session screen from its top, saying in words
what the hand did, balances and Win in view."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from scorekeeper.tables.models import Hand

from browser_helpers import Shots, new_session, settled, tap

pytestmark = pytest.mark.django_db(transaction=True)


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


# Each ruleset's session, a figure off a discard and a self-drawn one (chips of each ruleset). Not taizhou, whose
# losers score too: its chip asks for their points first (issue 35.5:
# tests/web/views/test_wins_losers_before_the_chip.py, test_keypad_losers_before_the_chip.py).
RULESETS = [("Zung Jung", "40", "25"), ("Taiwan", "5", "3"), ("Hong Kong Old Style", "60", "30"),
            ("Fujian", "17", "10")]


@pytest.mark.parametrize("ruleset, off_a_discard, self_drawn", RULESETS, ids=[r[0] for r in RULESETS])
def test_a_win_by_figure_takes_three_taps_off_a_discard_and_self_drawn(page: Page, live_server, ruleset,
                                                                        off_a_discard, self_drawn):
    shot = Shots(page, f"three-taps/{ruleset.split()[0].lower()}")
    new_session(page, live_server.url, ruleset)
    shot("session")

    taps = Taps(page)
    taps(page.get_by_role("link", name="Bob won"))
    expect(page.get_by_role("radio", name="Bob", exact=False).first).to_be_checked()
    taps(page.get_by_role("radio", name="Discard by Cy"))
    shot("discarder-chosen")
    taps(page.get_by_role("button", name=off_a_discard, exact=True))  # the figure saves it
    assert taps.count == 3
    notice = page.locator(".hand-notice")
    expect(notice).to_contain_text("Hand 1 saved.")
    expect(notice).to_contain_text(f"Bob won {off_a_discard}")
    expect(notice).to_contain_text("off Cy")
    balances_and_win_in_view(page)
    shot("saved-with-undo")
    assert Hand.objects.get().figure == int(off_a_discard)

    taps = Taps(page)
    taps(page.get_by_role("link", name="Di won"))
    taps(page.get_by_role("radio", name="Self-drawn"))
    taps(page.get_by_role("button", name=self_drawn, exact=True))
    assert taps.count == 3
    expect(page.locator(".hand-notice")).to_contain_text("Hand 2 saved.")
    expect(page.locator(".hand-notice")).to_contain_text("self-drawn")
    balances_and_win_in_view(page)
    assert [(h.winner, h.discarder, h.figure) for h in Hand.objects.order_by("position")] == [
        (1, 2, int(off_a_discard)), (3, None, int(self_drawn))]


def test_a_table_that_confirms_first_sees_who_pays_and_saves_in_four(page: Page, live_server):
    shot = Shots(page, "four-taps-confirm")
    new_session(page, live_server.url, "Zung Jung")
    page.get_by_role("link", name="Settle up").click()
    page.get_by_role("checkbox", name=re.compile("Confirm before saving")).check()
    page.get_by_role("button", name="Change how wins are saved").click()
    page.goto(page.url.split("settle")[0])
    taps = Taps(page)
    taps(page.get_by_role("link", name="Bob won"))
    taps(page.get_by_role("radio", name="Discard by Cy"))
    taps(page.get_by_role("button", name="40", exact=True))
    expect(page.locator(".save-bar")).to_contain_text("Cy → Bob")
    assert not Hand.objects.exists()
    shot("who-pays-before-saving")
    taps(page.get_by_role("button", name="Save hand"))
    assert taps.count == 4
    expect(page.locator(".hand-notice")).to_contain_text("Hand 1 saved.")


def test_the_first_figure_win_after_a_tile_win_still_takes_three_taps(page: Page, live_server):
    new_session(page, live_server.url, "Zung Jung")
    page.get_by_role("link", name="Bob won").click()
    page.get_by_role("radio", name="Discard by Cy").click()
    settled(page)
    for code in "1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p 5s 5s".split():
        tap(page, code)
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".hand-notice")).to_contain_text("Hand 1 saved.")
    taps = Taps(page)
    taps(page.get_by_role("link", name="Cy won"))
    expect(page.locator("#keypad")).to_be_visible()  # it opens the way the last hand was entered
    taps(page.get_by_role("radio", name="Discard by Di"))
    taps(page.locator("#tiles-card").get_by_role("button", name="30", exact=True))
    assert taps.count == 3
    expect(page.locator(".hand-notice")).to_contain_text("Hand 2 saved.")
    assert Hand.objects.order_by("position").last().figure == 30


def test_undo_takes_the_hand_back_and_restore_brings_it_again(page: Page, live_server):
    shot = Shots(page, "undo")
    new_session(page, live_server.url, "Taiwan")
    Taps(page)(page.get_by_role("link", name="Ann won"))
    page.get_by_role("radio", name="Self-drawn").click()
    settled(page)
    page.get_by_role("button", name="3", exact=True).click()
    expect(page.locator(".hand-notice")).to_contain_text("Hand 1 saved.")
    shot("taiwan-self-draw-by-fan")

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
    new_session(page, live_server.url, "Hong Kong Old Style")
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
    # asked at once, beside the figure, in view above the bar with Save
    expect(page.locator("#figure-error")).to_contain_text("99,999 is more than the limit of 320 points")
    yes = page.get_by_role("button", name="Yes, 99999 points is right: save it")
    expect(yes).to_be_in_viewport()
    assert yes.bounding_box()["y"] + yes.bounding_box()["height"] <= page.locator(".save-bar").bounding_box()["y"]
    shot("asks-to-confirm")
    yes.click()
    expect(page.locator(".hand-notice")).to_contain_text("Hand 1 saved.")
    assert Hand.objects.get().figure == 99999
