"""New session (issue 35.14): typing how many hands chooses "A number of hands" on the screen, and the session
started says it lasts that many hands.

Screenshots: artifacts/screenshots/length-typed/.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.tables.models import Session

from browser_helpers import Shots, sign_up

pytestmark = pytest.mark.django_db(transaction=True)


def test_typing_how_many_hands_chooses_a_number_of_hands(page: Page, live_server):
    shot = Shots(page, "length-typed")
    page.goto(live_server.url)
    sign_up(page, live_server.url)
    page.get_by_role("link", name="New session").click()
    page.get_by_role("link", name=re.compile("Zung Jung")).click()
    for seat, name in zip(("East 東", "South 南", "West 西", "North 北"), ("Ann", "Bob", "Cy", "Di")):
        page.get_by_label(seat).fill(name)
    expect(page.get_by_role("radio", name="Open-ended")).to_be_checked()
    page.get_by_label("How many hands?").press_sequentially("16")
    expect(page.get_by_role("radio", name="A number of hands")).to_be_checked()
    page.locator("#length").screenshot(path=str(shot.folder / "typed.png"))
    page.get_by_role("button", name="Start session").click()
    expect(page.get_by_text("Session started.")).to_be_visible()
    assert Session.objects.get().length_hands == 16
