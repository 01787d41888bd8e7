"""A keypad that stays still: a 17-tile taiwan hand tapped in from the session screen, at 390x844, in at most
24 taps with no scrolling; the keys never move as the hand row fills and wraps; a fifth copy cannot be tapped;
the score sits right under the keys."""
from __future__ import annotations

from playwright.sync_api import Browser, Locator, Page, expect

from browser_helpers import SUIT_TABS, Shots, label, new_session, settled

HAND = "1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p 5p 6p 7p 5s".split()
WINNING = "5s"


class Taps:
    def __init__(self, page: Page) -> None:
        self.page, self.count = page, 0

    def __call__(self, target: Locator) -> None:
        expect(target).to_be_in_viewport(ratio=1)  # on screen whole: no scrolling to reach it
        # and not under the sticky bar: what a thumb at its middle touches is the target itself
        assert target.evaluate("el => { const r = el.getBoundingClientRect(); return el.contains("
                               "document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)); }")
        box = target.bounding_box()
        self.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # a thumb: no scrolling
        self.page.wait_for_load_state()
        self.count += 1
        settled(self.page)


def key(page: Page, code: str) -> Locator:
    return page.locator("#keypad").get_by_role("button", name=label(code), exact=True)


def tap_tile(page: Page, taps: Taps, code: str) -> None:
    if not key(page, code).count():
        taps(page.get_by_role("button", name=SUIT_TABS[code[1]], exact=True))
    taps(key(page, code))


def test_a_17_tile_taiwan_hand_in_at_most_24_taps_without_scrolling(page: Page, live_server):
    shot = Shots(page, "keypad")
    new_session(page, live_server.url, "Taiwan")
    taps = Taps(page)
    taps(page.get_by_role("link", name="Bob won"))
    taps(page.get_by_role("radio", name="Discard by Cy"))
    taps(page.locator('button[name="action"][value="mode:tiles"]'))
    shot("keypad-open")
    keys_top = page.locator("#keypad .keys:visible").bounding_box()["y"]
    for number, code in enumerate(HAND, start=1):
        tap_tile(page, taps, code)
        assert page.locator("#keypad .keys:visible").bounding_box()["y"] == keys_top, f"the keys moved at tile {number}"
        if number in (6, 11, 16):
            shot(f"hand-{number}-tiles")
    tap_tile(page, taps, WINNING)
    assert page.locator("#keypad .keys:visible").bounding_box()["y"] == keys_top
    score = page.locator("#tiles-score")
    expect(score).to_contain_text("fan")
    assert score.bounding_box()["y"] > keys_top  # the score is under the keys, in view
    expect(score).to_be_in_viewport()
    shot("scored")
    taps(page.get_by_role("button", name="Save hand"))
    assert taps.count <= 24, taps.count
    assert page.evaluate("window.scrollY") == 0
    expect(page.locator(".hand-notice")).to_contain_text("Hand 1 saved.")


def test_a_kind_with_all_four_copies_used_is_greyed_out(page: Page, live_server):
    new_session(page, live_server.url, "Zung Jung")
    page.get_by_role("link", name="Ann won").click()
    page.locator('button[name="action"][value="mode:tiles"]').click()
    settled(page)
    for _ in range(4):
        key(page, "1m").click()
        settled(page)
    expect(key(page, "1m")).to_be_disabled()
    expect(key(page, "2m")).to_be_enabled()
    Shots(page, "keypad-copies")("fourth-copy-used")


def test_a_key_held_down_while_an_answer_redraws_the_keys_still_counts_and_the_keys_stay_put(
        page: Page, live_server):
    new_session(page, live_server.url, "Zung Jung")
    page.get_by_role("link", name="Win", exact=True).click()
    page.locator('button[name="action"][value="mode:tiles"]').click()
    settled(page)
    key(page, "1m").scroll_into_view_if_needed()
    # a slow connection: the answer to one tap arrives while the thumb is already on the next key
    page.route("**/win/", lambda route: (page.wait_for_timeout(400), route.continue_()))
    key(page, "1m").click()
    before = key(page, "2m").bounding_box()
    page.mouse.move(before["x"] + before["width"] / 2, before["y"] + before["height"] / 2)
    page.mouse.down()
    expect(page.locator(".hand-line .count").first).to_have_text("1/13")
    assert key(page, "2m").bounding_box() == before
    page.mouse.up()
    expect(page.locator(".hand-line .count").first).to_have_text("2/13")
    expect(page.get_by_label("Hand, without the winning tile")).to_have_value("12m")


def test_on_a_touch_screen_each_tap_counts_once(browser: Browser, browser_context_args, live_server):
    phone = browser.new_context(**browser_context_args, has_touch=True, is_mobile=True)
    page = phone.new_page()
    new_session(page, live_server.url, "Zung Jung")
    page.get_by_role("link", name="Win", exact=True).click()
    page.locator('button[name="action"][value="mode:tiles"]').tap()
    settled(page)
    for code in ("1m", "2m", "2m", "3m"):
        key(page, code).tap()  # a lift counts the tap; the click the browser adds after it does not again
    expect(page.locator(".hand-line .count").first).to_have_text("4/13")
    expect(page.get_by_label("Hand, without the winning tile")).to_have_value("1223m")
    phone.close()
