"""The small defects found on issue 19's walk (390x844, touch), each as a player meets it.

Screenshots: artifacts/screenshots/walk-defects/.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from browser_helpers import Shots, by_tiles, new_session, settled, tap

pytestmark = pytest.mark.django_db(transaction=True)

INSIDE = """el => { const box = el.getBoundingClientRect();
  return [...el.querySelectorAll('*')].every(child => { const r = child.getBoundingClientRect();
    return r.height === 0 || (r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5); }); }"""
UNCUT = "el => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1"


def test_open_session_cards_show_every_line_and_never_overlap(page: Page, live_server):
    shot = Shots(page, "walk-defects/home")
    for names in (("Annabelle", "Bartholomew", "Christabel", "Demetrius"), ("Ann", "Bob", "Cy", "Di"),
                  ("黃大仙", "李小龍", "陳美玲", "張學友")):
        new_session(page, live_server.url, "Taiwan", names=names)
    page.goto(live_server.url)
    cards = page.locator(".session-list .session-item")
    assert cards.count() == 3
    shot("open-sessions")
    boxes = [cards.nth(i).bounding_box() for i in range(3)]
    for upper, lower in zip(boxes, boxes[1:]):
        assert upper["y"] + upper["height"] <= lower["y"], (upper, lower)
    for i in range(3):
        card = cards.nth(i)
        assert card.evaluate(INSIDE), card.inner_text()
        expect(card.locator(".session-item-meta")).to_contain_text("last entry")
        assert card.locator(".session-item-meta").evaluate(UNCUT)


def test_by_tiles_the_who_pays_bar_and_the_keypad_status_are_never_cut(page: Page, live_server):
    shot = Shots(page, "walk-defects/tiles")
    new_session(page, live_server.url, "Taiwan")
    page.get_by_role("link", name="Ann won").click()
    page.get_by_role("radio", name="Self-drawn").click()
    settled(page)
    by_tiles(page)
    status = page.locator(".keypad-status")
    for code in "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p 6p 7p".split():
        tap(page, code)
        assert status.evaluate(UNCUT), status.inner_text()
    shot("hand-full")
    tap(page, "7p")
    expect(page.locator("#tiles-score")).to_contain_text("fan")
    assert status.evaluate(UNCUT), status.inner_text()
    preview = page.locator(".save-bar .preview")
    expect(preview).to_contain_text("Bob")
    expect(preview).to_contain_text("Di")  # the third payer too
    shot("scored")
    assert preview.evaluate(UNCUT), preview.inner_text()


def test_fujian_keys_stay_put_when_the_gold_is_tapped_and_set(page: Page, live_server):
    shot = Shots(page, "walk-defects/fujian")
    new_session(page, live_server.url, "Fujian")
    page.get_by_role("link", name="Ann won").click()
    page.get_by_role("radio", name="Self-drawn").click()
    settled(page)
    by_tiles(page)
    keys = page.locator("#keypad .keys:visible")
    top = keys.bounding_box()["y"]
    shot("before-gold")
    page.locator('button[value="target:wild"]').click()
    settled(page)
    shot("gold-chosen")
    assert keys.bounding_box()["y"] == top, "the keys moved when Gold was tapped"
    tap(page, "5p")
    shot("gold-set")
    expect(page.locator(".hand-line").filter(has=page.locator('button[value="target:wild"]'))
           .locator(".tile-button")).to_have_count(1)
    assert keys.bounding_box()["y"] == top, "the keys moved when the Gold was set"


def test_a_typed_figure_left_and_typed_again_is_the_figure_typed(page: Page, live_server):
    """Other = 20, a look at the tiles and back: the 20 is still there, and typing 20 again gives 20, not 2020."""
    new_session(page, live_server.url, "Taiwan")
    page.get_by_role("link", name="Ann won").click()
    page.get_by_role("radio", name="Discard by Bob").click()
    page.get_by_label("Other").click()
    page.keyboard.type("20")
    settled(page)
    page.locator('button[name="action"][value="mode:tiles"]').click()
    settled(page)
    expect(page.locator("#keypad")).to_be_visible()
    page.locator('button[name="action"][value="mode:figure"]').click()
    settled(page)
    other = page.get_by_label("Other")
    expect(other).to_be_visible()
    expect(other).to_have_value("20")
    other.click()
    page.keyboard.type("20")
    expect(other).to_have_value("20")


def test_a_figure_typed_while_the_form_redraws_is_kept_whole(page: Page, live_server):
    """Tapping who discarded redraws the form; on a slow connection the player is already typing Other. Every
    digit typed meanwhile stays: 20, never 0."""
    new_session(page, live_server.url, "Taiwan")
    page.get_by_role("link", name="Ann won").click()
    settled(page)
    page.route("**/win/", lambda route: (page.wait_for_timeout(800), route.continue_()))
    page.get_by_role("radio", name="Discard by Bob").click()
    other = page.get_by_label("Other")
    other.click()
    page.keyboard.type("2")
    page.wait_for_timeout(100)
    page.keyboard.type("0")
    page.wait_for_timeout(1200)
    settled(page)
    page.unroute("**/win/")
    expect(page.get_by_role("radio", name="Discard by Bob")).to_be_checked()
    expect(other).to_have_value("20")
    expect(page.locator("#preview")).to_contain_text("20")
