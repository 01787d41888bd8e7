"""The entry screens at 390x844 (issue 35.12, 35.13), measured: by tiles, fujian's keys start above the save bar
(its bonus and gold lines share one short line); taiwan's bar, grown with a complete hand's score and 拉 line,
stays under the keys' second row; on the spot, "Who?" is on the first screen and Cancel / Record sit side by side.

Screenshots (the screen as seen): artifacts/screenshots/entry-fits-the-phone/.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from browser_helpers import Shots, new_session, settled, tap

pytestmark = pytest.mark.django_db(transaction=True)

KEY_ROWS = """() => {
  const keys = [...document.querySelectorAll('#keypad .keys button')].filter(k => k.offsetParent);
  return [...new Set(keys.map(k => Math.round(k.getBoundingClientRect().bottom)))];
}"""


def top_of(page: Page, selector: str) -> float:
    return page.locator(selector).bounding_box()["y"]


def seen(page: Page, shot: Shots, name: str) -> None:
    page.screenshot(path=str(shot.folder / f"{name}.png"))



def test_fujian_keys_start_above_the_save_bar(page: Page, live_server):
    shot = Shots(page, "entry-fits-the-phone/fujian")
    new_session(page, live_server.url, "Fujian")
    page.get_by_role("link", name="Bob won").click()
    page.get_by_role("radio", name="Discard by Cy").click()
    settled(page)
    page.locator('button[name="action"][value="mode:tiles"]').click()
    settled(page)

    assert page.evaluate("window.scrollY") == 0
    rows = page.evaluate(KEY_ROWS)
    assert len(rows) == 2 and max(rows) <= top_of(page, ".save-bar"), (rows, top_of(page, ".save-bar"))
    expect(page.get_by_role("button", name="Gold", exact=True)).to_be_in_viewport(ratio=1)
    seen(page, shot, "fujian-by-tiles")


def test_taiwan_bar_with_the_score_stays_under_the_second_key_row(page: Page, live_server):
    shot = Shots(page, "entry-fits-the-phone/taiwan")
    new_session(page, live_server.url, "Taiwan")
    page.get_by_role("link", name="Bob won").click()
    page.get_by_role("radio", name="Discard by Cy").click()
    settled(page)
    for code in "1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p 5p 6p 7p 5s 5s".split():
        tap(page, code)
    expect(page.locator(".save-bar .preview")).to_contain_text("Cy now owes Bob")

    rows = page.evaluate(KEY_ROWS)
    assert len(rows) == 2 and max(rows) <= top_of(page, ".save-bar"), (rows, top_of(page, ".save-bar"))
    seen(page, shot, "taiwan-complete-hand")


@pytest.mark.parametrize("language", ["en", "zh-hant", "zh-hans"])
def test_on_the_spot_who_is_on_the_first_screen_and_the_buttons_side_by_side(page: Page, live_server, language):
    shot = Shots(page, f"entry-fits-the-phone/spot-{language}")
    new_session(page, live_server.url, "Taiwan")
    page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.goto(page.url.split("?")[0] + "spot/")
    page.locator('input[name="kind"][value="flower"]').check()

    bar = page.locator(".save-bar").bounding_box()
    seats = page.locator(".spot-player .seg")
    assert seats.count() == 4
    for seat in range(4):
        box = seats.nth(seat).bounding_box()
        assert box["y"] + box["height"] <= bar["y"], (seat, box, bar)
    cancel, record = (page.locator(".save-bar > *").nth(i).bounding_box() for i in (0, 1))
    assert cancel["y"] == record["y"] and bar["height"] <= 80, (cancel, record, bar)
    assert page.evaluate("window.scrollY") == 0
    seen(page, shot, "flowers-chosen")
