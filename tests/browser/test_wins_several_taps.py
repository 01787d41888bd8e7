"""一炮多響 in six taps (issue 37.3): at a taiwan table that plays several winners on one discard, two winners
by figure from the session screen — won, discarder, "Another player won on this tile too", who, a chip for
each — each tap on something already in view at 390x844; the one-winner path keeps its three
(tests/browser/test_wins_three_taps.py).

Screenshots: artifacts/screenshots/several-taps/.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from test_wins_three_taps import Taps, balances_and_win_in_view

from scorekeeper.tables.models import Hand

from browser_helpers import Shots, settled, several_winners_session

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_winners_by_figure_take_six_taps(page: Page, live_server):
    shot = Shots(page, "several-taps")
    several_winners_session(page, live_server.url)
    taps = Taps(page)
    taps(page.get_by_role("link", name="Di won"))
    taps(page.get_by_role("radio", name="Discard by Cy"))
    taps(page.get_by_role("button", name="Another player won on this tile too"))
    slot = page.locator("#other-win-1")
    expect(slot).to_be_visible()
    shot("another-opened")
    taps(slot.get_by_role("radio", name="Bob"))
    shot("bob-chosen")
    taps(page.locator(".figure-card").get_by_role("button", name="5", exact=True))
    assert not Hand.objects.exists()
    shot("di-chip")
    taps(page.locator("#other-win-1").get_by_role("button", name="3", exact=True))
    assert taps.count == 6
    expect(page.locator(".hand-notice")).to_contain_text("Hand 1 saved.")
    balances_and_win_in_view(page)
    shot("saved")
    hand = Hand.objects.get()
    assert (hand.winner, hand.discarder, hand.figure) == (3, 2, 5)
    assert [(w["winner"], w["figure"]) for w in hand.other_wins] == [(1, 3)]

    # One winner at the same table: still three taps.
    taps = Taps(page)
    taps(page.get_by_role("link", name="Ann won"))
    taps(page.get_by_role("radio", name="Discard by Di"))
    taps(page.locator(".figure-card").get_by_role("button", name="2", exact=True))
    assert taps.count == 3
    expect(page.locator(".hand-notice")).to_contain_text("Hand 2 saved.")
    settled(page)
    assert Hand.objects.get(position=2).other_wins == []
