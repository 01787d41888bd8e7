"""An evening of Hong Kong mahjong in faan (issue 22) on a phone: 390x844, touch, every tap a `.tap()`.

The table plays for 一二蚊 (a share of 2 at 0 faan), half spicy, 全銃, limit 10. Bob wins 3 faan on Cy's
discard by figure in three taps; Di self-draws 清一色 by tiles with two flowers; Ann self-draws 4 faan and
Bob pays it all (包); Cy declares a false win (詐糊); a draw. Every amount on the screens is the engine's
settle of the same hands, and the page's money table says the same (rules/hk-faan.md, Money).
"""
from __future__ import annotations

import re
from decimal import Decimal

import pytest
from playwright.sync_api import Locator, Page, expect

from scorekeeper.engine import settle_session
from scorekeeper.tables.models import Hand, Session

from browser_helpers import Shots, label, settled

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ("Ann", "Bob", "Cy", "Di")
BASE = Decimal(2)  # 一二蚊
HALF_SPICY = {3: 8, 4: 16, 9: 96, 10: 128}  # hk-faan.md's M(n)
# The evening as the engine's settle input, East (Ann) dealing first.
HANDS = [
    {"winner": 1, "discarder": 2, "faan": 3},
    {"winner": 3, "discarder": None, "hand": {"concealed": "123456789m1122m", "winning_tile": "2m",
                                              "bonus_tiles": "1f2f"}},
    {"winner": 0, "discarder": None, "faan": 4, "responsible": 1},
    {"spot": "false_win", "player": 2},
    {"draw": True},
]


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "has_touch": True, "is_mobile": True}


class Taps:
    """Taps a player makes, each a touch on something on screen."""

    def __init__(self, page: Page) -> None:
        self.page, self.count = page, 0

    def __call__(self, target: Locator) -> None:
        target.tap()
        self.count += 1
        self.page.wait_for_load_state()
        settled(self.page)


def engine() -> dict:
    answer = settle_session({"ruleset": "hk-faan", "stakes": {"base": "2"}, "players": list(NAMES), "dealer": 0,
                             "hands": HANDS}).to_json()
    assert answer["ok"], answer
    return answer


def amounts(text: str) -> list[str]:
    return re.findall(r"\d[\d,]*(?:\.\d+)?", text)


def tap_tile(page: Page, taps: Taps, code: str) -> None:
    suits = {"m": "Characters", "f": "Flowers"}
    key = page.locator("#keypad").get_by_role("button", name=label(code) if code[1] != "f" else FLOWERS[code],
                                              exact=True)
    if not key.count():
        taps(page.locator("#keypad").get_by_role("button", name=suits[code[1]], exact=True))
    taps(key)


FLOWERS = {"1f": "Plum, flower 1", "2f": "Orchid, flower 2"}


def test_an_hk_evening_on_a_phone(page: Page, live_server):
    shot = Shots(page, "hk-faan-evening")
    expected = engine()
    page.goto(live_server.url)
    page.get_by_role("link", name="New session").tap()
    page.get_by_role("link", name=re.compile(r"Hong Kong \(faan\)")).tap()
    for seat, name in zip(("East 東", "South 南", "West 西", "North 北"), NAMES):
        page.get_by_label(seat).fill(name)
    page.get_by_role("radio", name="一二蚊 2").tap()
    expect(page.get_by_label("Money table")).to_contain_text("Half spicy (半辣上)")
    shot("new-session")
    page.get_by_role("button", name="Start session").tap()
    expect(page.get_by_text("Session started.")).to_be_visible()
    session = Session.objects.get()
    assert session.stakes == {"base": "2"}

    # -- 1: Bob wins 3 faan on Cy's discard: three taps -------------------------------------------
    taps = Taps(page)
    taps(page.get_by_role("link", name="Bob won"))
    taps(page.get_by_role("radio", name="Discard by Cy"))
    chips = page.locator("[data-mode=figure] .chip-figure")
    expect(chips).to_have_count(8)  # 3 to 10
    boxes = [chips.nth(i).bounding_box() for i in range(8)]
    assert all(b["height"] >= 44 and b["width"] >= 44 for b in boxes)
    assert len({round(b["y"]) for b in boxes}) == 2  # two rows
    expect(chips.last).to_contain_text("limit")
    shot("figure-chips")
    taps(page.get_by_role("button", name="3", exact=True))
    assert taps.count == 3
    notice = page.locator(".hand-notice")
    expect(notice).to_contain_text("Hand 1 saved.")
    two_shares = BASE * 2 * HALF_SPICY[3]  # 全銃: the discarder pays two shares
    assert Decimal(expected["hands"][0]["transfers"][0]["amount"]) == two_shares == 32
    expect(notice).to_contain_text("32")
    shot("hand-1-saved")

    # -- 2: Di self-draws 清一色 by tiles, with two flowers -----------------------------------------
    taps = Taps(page)
    taps(page.get_by_role("link", name="Di won"))
    taps(page.get_by_role("radio", name="Self-drawn"))
    by_tiles = page.locator('button[name="action"][value="mode:tiles"]')
    if by_tiles.get_attribute("aria-pressed") == "false":
        taps(by_tiles)
    for code in "1m 2m 3m 4m 5m 6m 7m 8m 9m 1m 1m 2m 2m 2m".split():
        tap_tile(page, taps, code)
    taps(page.get_by_role("button", name="Flowers", exact=True))
    for code in ("1f", "2f"):
        tap_tile(page, taps, code)
    score = page.locator(".score-total").last
    expect(score).to_contain_text("9")
    expect(page.locator("#win-form")).to_contain_text("All One Suit")
    each = BASE * HALF_SPICY[9]
    assert [Decimal(t["amount"]) for t in expected["hands"][1]["transfers"]] == [each] * 3
    expect(page.locator(".save-bar")).to_contain_text(f"{each:,}")
    shot("pure-one-suit-with-flowers")
    page.get_by_role("button", name="Save hand").tap()
    expect(page.locator(".hand-notice")).to_contain_text("Hand 2 saved.")
    hand = Hand.objects.order_by("position").last()
    assert hand.tiles["bonus_tiles"] in ("1f2f", "12f")

    # -- 3: Ann self-draws 4 faan and Bob pays it all (包) --------------------------------------------
    page.get_by_role("link", name="Ann won").tap()
    page.get_by_role("radio", name="Self-drawn").tap()
    settled(page)
    if page.locator('button[name="action"][value="mode:figure"]').get_attribute("aria-pressed") == "false":
        page.locator('button[name="action"][value="mode:figure"]').tap()
        settled(page)
    page.get_by_label("Responsible player").select_option(label="Bob")
    settled(page)
    shot("responsible")
    page.locator("[data-mode=figure]").get_by_role("button", name="4", exact=True).tap()
    expect(page.locator(".hand-notice")).to_contain_text("Hand 3 saved.")
    all_three = BASE * 3 * HALF_SPICY[4]
    assert expected["hands"][2]["transfers"] == [{"from": 1, "to": 0, "amount": f"{all_three}"}]
    expect(page.locator(".hand-notice")).to_contain_text(f"{all_three}")
    assert Hand.objects.order_by("position").last().responsible == 1

    # -- 4: Cy's false win (詐糊) ----------------------------------------------------------------------
    page.get_by_role("link", name="On the spot").tap()
    expect(page.get_by_text("False win (詐糊)")).to_be_visible()
    expect(page.locator("input[name=kind]")).to_have_count(1)
    page.locator("fieldset", has=page.locator("legend", has_text="Who?")).get_by_role("radio", name="Cy").tap()
    shot("false-win")
    page.get_by_role("button", name="Record payment").tap()
    expect(page.locator(".hand-notice")).to_be_visible()
    penalty = BASE * 3 * HALF_SPICY[10]  # three shares at the limit to each other player
    assert [Decimal(t["amount"]) for t in expected["hands"][3]["transfers"]] == [penalty] * 3
    expect(page.locator(".hand-notice")).to_contain_text(f"{penalty}")

    # -- 5: a draw ---------------------------------------------------------------------------------------
    page.get_by_role("link", name="Draw", exact=True).tap()
    page.get_by_role("button", name="Record the draw").tap()
    expect(page.locator(".hand-notice")).to_be_visible()
    assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")
    shot("evening")

    balances = page.get_by_role("list", name="Players and balances")
    for name, balance in zip(NAMES, expected["balances"]):
        row = balances.locator("li", has_text=name).first
        amount = Decimal(balance)
        expect(row).to_contain_text(f"{'+' if amount > 0 else '−' if amount < 0 else ''}{abs(amount):,}")
    assert expected["balances"] == ["672", "512", "-2528", "1344"]

    # -- the Rules page from the session: the money table at this table's stake ---------------------------
    page.get_by_role("link", name="Rules").first.tap()
    grid = page.locator("table.money-grid")
    rows = grid.locator("tbody tr")
    expect(rows.first).to_have_text(re.compile(r"3\s*16\s*32\s*16 / 48"))
    expect(rows.last).to_have_text(re.compile(r"10\s*256\s*512\s*256 / 768"))
    expect(page.locator("#money")).to_contain_text("一二蚊 (2)")
    assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")  # the table fits the phone
    grid.scroll_into_view_if_needed()
    grid.screenshot(path=str(shot.folder / "09-money-table.png"))
    shot("rules-money")
