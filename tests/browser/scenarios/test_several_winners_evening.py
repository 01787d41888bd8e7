"""An evening of 一炮多響 (issue 37.5): a taiwan table that plays several winners on one discard, at 390x844.
Bob builds a 拉 chain off Cy; then a double win by figure (Bob, holding the chain, and Di, on Cy's tile: six
taps), a triple win by tiles (Di's tiles, Cy's chip, Bob's tiles through "Tap Bob's tiles") on Ann's tile; the
table switches to 繁; a double win entered offline and sent when the connection returns; the double win edited
(Di's fan changed, Ann added as a third winner). After each hand the balances on the session screen equal the
engine's own, `scorekeeper.engine.settle_session` given the same entries written out here by hand.

Screenshots: artifacts/screenshots/several-winners-evening/ (looked at: the winner cards, the preview's
"Each winner" lines, the notice, the 繁 form and the offline row).
"""
from __future__ import annotations

import re
from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.engine import settle_session
from scorekeeper.tables.models import Hand

from browser_helpers import Shots, screen_balances, settled, several_winners_session, tap, wait_until_kept

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Ann", "Bob", "Cy", "Di"]
DI_TILES = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p 6p 9p".split()  # then 9p wins: 123m 456m 789m 123p 456p 99p
BOB_TILES = "1s 2s 3s 4s 5s 6s 7s 8s 9s 7p 8p 9p 1z 1z 1z 5z".split()  # then 5z wins: a pair of 中... of 5z
DI_HAND = {"concealed": "123456789m123456p9p", "melds": [], "winning_tile": "9p"}
BOB_HAND = {"concealed": "123456789s789p1115z", "melds": [], "winning_tile": "5z"}



def engine_balances(hands: list[dict]) -> dict[str, Decimal]:
    answer = settle_session({"ruleset": "taiwan", "players": NAMES, "dealer": 0,
                             "options": {"several_winners": True}, "hands": hands})
    return {name: Decimal(balance) for name, balance in zip(NAMES, answer.balances)}


def same_as_engine(page: Page, hands: list[dict]) -> None:
    shown, engine = screen_balances(page), engine_balances(hands)
    assert shown == {name: value.quantize(Decimal("0.01")) if value != value.to_integral() else value
                     for name, value in engine.items()}, (shown, engine)
    assert sum(engine.values()) == 0


def switch_to(page: Page, menu_label: str) -> None:
    page.locator("summary.lang-button").click()
    page.get_by_role("button", name=menu_label).click()
    page.wait_for_load_state()


def won(page: Page, seat: int) -> None:
    """A seat card's "won" (any language)."""
    page.locator(f"a.seat-won[href$='?winner={seat}']").click()
    page.wait_for_load_state()
    settled(page)


def discard_by(page: Page, seat: int) -> None:
    page.locator(f"input[name=how][value='{seat}']").check()
    settled(page)


def another(page: Page, number: int, seat: int) -> None:
    page.locator("button.another-winner").click()
    page.locator(f"#other-win-{number} input[type=radio][value='{seat}']").check()
    settled(page)


def other_chip(page: Page, number: int, figure: int) -> None:
    page.locator(f"#other-win-{number} button.chip-figure[value='{figure}']").click()
    page.wait_for_load_state()
    settled(page)


def main_chip(page: Page, figure: int) -> None:
    page.locator(f".figure-card button[name=figure_chip][value='{figure}']").click()
    page.wait_for_load_state()
    settled(page)


def test_an_evening_of_several_winners(page: Page, live_server):
    shot = Shots(page, "several-winners-evening")
    several_winners_session(page, live_server.url)
    session_url = page.url
    hands: list[dict] = []

    # Hands 1-2: Bob wins off Cy twice; Cy's debt to Bob is tracked (拉), the chain builds.
    for figure in (3, 2):
        won(page, 1)
        discard_by(page, 2)
        main_chip(page, figure)
        expect(page.locator(".hand-notice")).to_be_visible()
        hands.append({"winner": 1, "discarder": 2, "pattern_fan": figure})
        same_as_engine(page, hands)
    shot("chain-built")

    # Hand 3: a double win by figure on Cy's tile: Bob holds the chain and keeps it; Di is paid at once.
    won(page, 3)
    discard_by(page, 2)
    another(page, 1, 1)
    main_chip(page, 5)
    page.locator("input[name=other_figure_typed_1]").fill("4")  # typed under Other: the preview, then Save
    page.locator("input[name=other_figure_typed_1]").press("Tab")
    settled(page)
    preview = page.locator("#preview")
    expect(preview).to_contain_text("Each winner")
    expect(preview.locator(".several-winners li", has_text="Bob")).to_contain_text("keeps the 拉 chain")
    expect(preview.locator(".next-dealer")).to_contain_text("Bob")
    shot("double-preview")
    page.locator("button[name=action][value=save]").click()
    page.wait_for_load_state()
    expect(page.locator(".hand-notice")).to_contain_text("Hand 3 saved.")
    shot("double-saved")
    hands.append({"discarder": 2, "winners": [{"winner": 3, "pattern_fan": 5}, {"winner": 1, "pattern_fan": 4}]})
    same_as_engine(page, hands)
    double = Hand.objects.get(position=3)
    assert [w["winner"] for w in double.other_wins] == [1]

    # Hand 4: a triple win on Ann's tile: Di by tiles, Cy by a chip, Bob by tiles ("Tap Bob's tiles").
    won(page, 3)
    discard_by(page, 0)
    for code in DI_TILES + ["9p"]:
        tap(page, code)
    another(page, 1, 2)
    other_chip(page, 1, 3)
    another(page, 2, 1)
    expect(page.locator("button.another-winner")).to_be_hidden()  # three winners: no fourth on one discard
    page.locator("#other-win-2 button[value='winner:2']").click()
    settled(page)
    expect(page.locator("input[name=winner][value='1']")).to_be_checked()  # Bob's tiles are tapped now
    for code in BOB_TILES + ["5z"]:
        tap(page, code)
    expect(page.locator("#preview .several-winners li")).to_have_count(3)
    shot("triple-preview")
    page.locator("button[name=action][value=save]").click()
    page.wait_for_load_state()
    expect(page.locator(".hand-notice")).to_contain_text("Hand 4 saved.")
    shot("triple-saved")
    triple = Hand.objects.get(position=4)
    assert triple.winner == 1 and triple.tiles["winning_tile"] == "5z"
    hands.append({"discarder": 0, "winners": [{"winner": 1, "hand": BOB_HAND}, {"winner": 2, "pattern_fan": 3},
                                              {"winner": 3, "hand": DI_HAND}]})
    same_as_engine(page, hands)

    # In 繁 from here. Hand 5, offline: Cy and Di win on Bob's tile (the holder's own discard).
    switch_to(page, "繁體中文")
    wait_until_kept(page, session_url.rstrip("/") + "/win/")
    page.context.set_offline(True)
    won(page, 2)
    discard_by(page, 1)
    another(page, 1, 3)
    # the phone hides the winner's and the discarder's seats in the new card, as the server would
    expect(page.locator("#other-win-1 label", has=page.locator("input[value='2']"))).to_be_hidden()
    expect(page.locator("#other-win-1 label", has=page.locator("input[value='1']"))).to_be_hidden()
    shot("offline-form-zh-hant")
    page.locator("button[name=figure_chip][value='2']:visible").first.click()  # the keypad's chips: by tiles last
    page.locator("#other-win-1 button.chip-figure[value='6']").click()  # every winner has one: kept
    expect(page.locator(".hand-queued")).to_contain_text("Di 6")
    shot("offline-kept-zh-hant")
    assert Hand.objects.count() == 4
    page.context.set_offline(False)
    expect(page.locator(".hand-notice")).to_be_visible()
    assert Hand.objects.count() == 5
    fifth = Hand.objects.get(position=5)
    assert (fifth.winner, fifth.discarder, fifth.figure, fifth.other_wins[0]["winner"]) == (2, 1, 2, 3)
    hands.append({"discarder": 1, "winners": [{"winner": 2, "pattern_fan": 2}, {"winner": 3, "pattern_fan": 6}]})
    page.reload()
    same_as_engine(page, hands)
    shot("offline-sent-zh-hant")

    # The double win edited, in 繁: Di's fan 5 -> 8, and Ann added as a third winner (2 fan); all after replays.
    page.goto(f"{live_server.url}/hands/{double.pk}/edit/")
    expect(page.locator("#other-win-1 input[type=radio][value='1']")).to_be_checked()
    main_chip(page, 8)
    another(page, 2, 0)
    other_chip(page, 2, 2)
    shot("edit-zh-hant")
    page.locator("button[name=action][value=save]").click()
    expect(page).not_to_have_url(re.compile(r"/edit/$"))
    shot("edit-told-zh-hant")
    hands[2] = {"discarder": 2, "winners": [{"winner": 3, "pattern_fan": 8}, {"winner": 1, "pattern_fan": 4},
                                            {"winner": 0, "pattern_fan": 2}]}
    page.goto(session_url)
    same_as_engine(page, hands)
    shot("edited-zh-hant")
