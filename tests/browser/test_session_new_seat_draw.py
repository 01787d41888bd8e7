"""New session: the seat draw (static/js/session_new.js) deals the four winds to the names typed, or rolls three
dice for the first dealer, and the table accepts it or draws again; the session starts as drawn. Without
JavaScript the form is as it was."""
from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from browser_helpers import Shots, sign_up

NAMES = ("Ann", "Bob", "Cy", "Di")
SEATS = ("East 東", "South 南", "West 西", "North 北")


def type_names(page: Page) -> None:
    for seat, name in zip(SEATS, NAMES):
        page.get_by_label(seat).fill(name)


def test_the_winds_drawn_seat_the_names_and_east_deals_first(page: Page, live_server):
    sign_up(page, live_server.url)
    page.goto(live_server.url + "/sessions/new/?ruleset=taiwan")
    shot = Shots(page, "seat-draw")
    draw = page.locator("#seat-draw")
    draw.get_by_role("button", name="Draw the winds").click()
    expect(draw.get_by_text("Type the four names first.")).to_be_visible()
    type_names(page)
    page.get_by_role("radio", name="Cy West").check()
    draw.get_by_role("button", name="Draw the winds").click()
    drawn = [draw.locator(f"[data-drawn-seat='{seat}']").inner_text() for seat in range(4)]
    assert sorted(drawn) == sorted(NAMES)
    shot("winds-drawn")
    draw.get_by_role("button", name="Draw again").click()
    drawn = [draw.locator(f"[data-drawn-seat='{seat}']").inner_text() for seat in range(4)]
    draw.get_by_role("button", name="Seat them").click()
    expect(draw.get_by_text("Done:")).to_be_visible()
    assert [page.get_by_label(seat).input_value() for seat in SEATS] == drawn
    expect(page.get_by_role("radio", name=f"{drawn[0]} East")).to_be_checked()  # whoever drew East deals first
    shot("seated")
    page.get_by_role("button", name="Start session").click()
    expect(page.get_by_text("Session started.")).to_be_visible()
    cards = page.locator(".seat .seat-name .player-link")
    assert cards.all_inner_texts() == drawn
    expect(page.locator(".seat-dealer")).to_contain_text(drawn[0])


def test_three_dice_choose_the_first_dealer_counted_from_east(page: Page, live_server):
    sign_up(page, live_server.url)
    page.goto(live_server.url + "/sessions/new/?ruleset=hk-old")
    draw = page.locator("#seat-draw")
    expect(draw).to_contain_text("The seat winds stay as typed all session")  # hk-old.md: chosen by dice
    type_names(page)
    draw.get_by_role("button", name="Roll for the first dealer").click()
    dice = [int(die) for die in draw.locator("[data-dice-values] .die").all_inner_texts()]
    assert len(dice) == 3 and all(1 <= value <= 6 for value in dice)
    total = int(draw.locator("[data-dice-total]").inner_text())
    dealer = NAMES[(total - 1) % 4]  # East counts 1, South 2, West 3, North 4, East 5 …
    assert total == sum(dice) and draw.locator("[data-drawn-dealer]").inner_text() == dealer
    Shots(page, "seat-draw-dice")("dice-rolled")
    draw.get_by_role("button", name="Accept").click()
    expect(page.get_by_role("radio", name=f"{dealer} {SEATS[NAMES.index(dealer)].split()[0]}")).to_be_checked()
    page.get_by_role("button", name="Start session").click()
    expect(page.locator(".seat-dealer")).to_contain_text(dealer)
    assert page.locator(".seat .seat-name .player-link").all_inner_texts() == list(NAMES)  # seats as typed


def test_without_javascript_there_is_no_draw_and_the_form_starts_as_before(browser: Browser, browser_context_args,
                                                                          live_server):
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    page = context.new_page()
    sign_up(page, live_server.url)
    page.goto(live_server.url + "/sessions/new/?ruleset=zung-jung")
    expect(page.locator("#seat-draw")).to_be_hidden()
    type_names(page)
    page.get_by_role("button", name="Start session").click()
    expect(page.get_by_text("Session started.")).to_be_visible()
    context.close()
