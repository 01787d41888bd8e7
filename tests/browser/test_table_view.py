"""The table view (views/table.py) at a phone's 390×844 and a tablet's size, lying or upright: each seat's balance
on its side, as the hands add up by hand; live when another phone saves a hand; the dice rolled on one phone shown
on the other."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from scorekeeper.tables.models import Session

from browser_helpers import Shots, new_session, settled
from web_helpers import entry_of, record_win

SIZES = {"phone": {"width": 390, "height": 844}, "tablet-lying": {"width": 1024, "height": 768},
         "tablet-upright": {"width": 768, "height": 1024}}


def self_drawn(page: Page, base: str, winner: str, figure: str) -> None:
    """A win by figure on the session screen: the winner's button, self-drawn, the chip (it saves at once)."""
    page.goto(base)
    page.get_by_role("link", name=f"{winner} won").click()
    page.get_by_role("radio", name="Self-drawn").click()
    settled(page)
    page.get_by_role("button", name=figure, exact=True).click()
    expect(page.locator(".hand-notice")).to_contain_text("saved.")


def side(page: Page, place: str):
    return page.locator(f".table-side.side-{place}")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_table_view_shows_each_seat_where_it_sits(page: Page, live_server, size):
    new_session(page, live_server.url, "Zung Jung")
    session_url = page.url.split("?")[0]
    self_drawn(page, session_url, "Cy", "40")  # zung-jung.md: each of the three pays V: Cy +120, the others −40
    page.goto(session_url)
    page.get_by_role("link", name="Table view").click()
    page.set_viewport_size(SIZES[size])
    shot = Shots(page, f"table-view-{size}")
    # Ann (East) at the screen's bottom, Bob on the right, Cy at the top, Di on the left (counter-clockwise)
    expect(side(page, "near")).to_contain_text("Ann")
    expect(side(page, "near").locator(".side-balance")).to_have_text("−40")
    expect(side(page, "right")).to_contain_text("Bob")
    expect(side(page, "far")).to_contain_text("Cy")
    expect(side(page, "far").locator(".side-balance")).to_have_text("+120")
    expect(side(page, "left")).to_contain_text("Di")
    # the deal passed to Bob (a non-dealer won): his card says Dealer
    expect(side(page, "right")).to_contain_text("Dealer")
    expect(page.locator(".last-hand")).to_contain_text("Hand 1: Cy won self-drawn")
    # every card is on the screen, none overlapping the middle
    for place in ("near", "right", "far", "left"):
        box = side(page, place).bounding_box()
        assert box["x"] >= 0 and box["y"] >= 0
        assert box["x"] + box["width"] <= SIZES[size]["width"] + 1
        assert box["y"] + box["height"] <= SIZES[size]["height"] + 1
    shot("table")
    page.get_by_role("button", name="Bob rolls the dice").click()
    expect(page.locator(".dice-line")).to_contain_text("Bob rolled")
    shot("rolled")


def test_a_hand_saved_and_dice_rolled_on_one_phone_show_on_the_tablet(page: Page, browser: Browser,
                                                                      browser_context_args, live_server):
    new_session(page, live_server.url, "Zung Jung")
    session_url = page.url.split("?")[0]
    page.get_by_role("link", name="Share").click()
    page.get_by_label("View only: see the scores and the history").check()
    page.get_by_role("button", name="Create a link").click()
    viewer_url = page.locator("input.share-url").first.input_value()

    tablet_context = browser.new_context(**{**browser_context_args, "viewport": SIZES["tablet-lying"]})
    tablet = tablet_context.new_page()
    tablet.goto(viewer_url)
    tablet.get_by_role("button", name="Open the session").click()
    tablet.get_by_role("link", name="Table view").click()
    expect(side(tablet, "far")).to_contain_text("Cy")
    expect(tablet.get_by_role("button", name="Bob rolls the dice")).to_have_count(0)  # a viewer follows only
    tablet.evaluate("window.stillTheSamePage = true")
    shot = Shots(tablet, "table-view-live")
    shot("before")

    self_drawn(page, session_url, "Cy", "40")
    expect(side(tablet, "far").locator(".side-balance")).to_have_text("+120", timeout=4000)
    expect(side(tablet, "near").locator(".side-balance")).to_have_text("−40")
    expect(tablet.locator(".last-hand")).to_contain_text("Cy won self-drawn")

    page.goto(session_url + "table/")
    page.get_by_role("button", name="Bob rolls the dice").click()
    expect(page.locator(".dice-line")).to_contain_text("Bob rolled")
    rolled = page.locator(".table-middle .die").all_inner_texts()
    expect(tablet.locator(".dice-line")).to_contain_text(f"Bob rolled {sum(map(int, rolled))}", timeout=4000)
    assert tablet.locator(".table-middle .die").all_inner_texts() == rolled
    page.goto(session_url)  # and on the session screen
    expect(page.locator(".dice-line")).to_contain_text(f"Bob rolled {sum(map(int, rolled))}")
    assert tablet.evaluate("window.stillTheSamePage") is True  # swapped in, never reloaded
    shot("after")
    tablet_context.close()


def test_the_table_view_and_the_seat_draw_in_traditional_chinese(page: Page, live_server):
    new_session(page, live_server.url, "Zung Jung")
    session_url = page.url.split("?")[0]
    self_drawn(page, session_url, "Cy", "40")
    page.locator("summary.lang-button").click()
    page.get_by_role("button", name="繁體中文").click()
    page.wait_for_load_state()
    shot = Shots(page, "table-view-zh-hant")
    page.get_by_role("link", name="牌桌畫面").click()
    page.get_by_role("button", name="Bob 擲骰子").click()
    expect(page.locator(".dice-line")).to_contain_text("Bob 擲出")
    expect(page.locator(".middle-round")).to_contain_text("第 2 手")
    shot("phone")
    page.set_viewport_size(SIZES["tablet-lying"])
    shot("tablet-lying")
    page.goto(session_url)
    expect(page.locator(".dice-line")).to_contain_text("Bob 擲出")
    page.set_viewport_size({"width": 390, "height": 844})
    shot("session-screen")
    page.goto(live_server.url + "/sessions/new/?ruleset=taiwan")
    for seat, name in zip(("東", "南", "西", "北"), ("Ann", "Bob", "Cy", "Di")):
        page.get_by_label(re.compile(seat)).first.fill(name)
    page.get_by_role("button", name="擲骰定莊").click()
    expect(page.locator("[data-drawn-dealer]")).not_to_be_empty()
    page.locator("#seat-draw").screenshot(path=str(shot.folder / "seat-draw-dice.png"))
    page.get_by_role("button", name="抓風位").click()
    page.locator("#seat-draw").screenshot(path=str(shot.folder / "seat-draw-winds.png"))


def test_taiwans_open_debts_show_on_the_cards(page: Page, live_server):
    new_session(page, live_server.url, "Taiwan")
    session = Session.objects.get(pk=int(page.url.split("/sessions/")[1].split("/")[0]))
    for _ in range(2):  # Bob wins twice in a row: a 拉 chain, its debts owed to him
        record_win(session=session, entry=entry_of(winner=1, how="self", mode="figure", figure=5))
        session.refresh_from_db()
    page.goto(f"{live_server.url}/sessions/{session.pk}/table/")
    expect(side(page, "right").locator(".side-debts")).to_contain_text("is owed")
    expect(side(page, "near").locator(".side-debts")).to_contain_text("owes Bob")
    Shots(page, "table-view-taiwan")("debts")
