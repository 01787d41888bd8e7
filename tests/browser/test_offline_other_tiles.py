"""一炮多響 offline by tiles (issue 37, follow-up): at a taiwan table that plays several winners on one discard,
with no connection, Ann wins on Cy's discard by tiles and Bob too: "Tap Bob's tiles" switches the keypad to Bob on the
phone, and "Tap Ann's tiles" back to Ann, both hands kept. Saved on the phone, sent when the connection returns:
the server has both winners' hands with their tiles, paid as the engine says, the same Hand row as the same taps
made online.

Screenshots: artifacts/screenshots/offline-other-tiles/ (looked at: the slot with Ann's tiles while Bob's are
tapped, back on Ann, the row kept on the phone, the hand saved).
"""
from __future__ import annotations

from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.engine import settle_session
from scorekeeper.tables.models import Hand

from browser_helpers import Shots, screen_balances, settled, several_winners_session, tap, wait_until_kept

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Ann", "Bob", "Cy", "Di"]
ANN_TILES = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p 6p 9p".split()  # then 9p wins
BOB_TILES = "1s 2s 3s 4s 5s 6s 7s 8s 9s 7p 8p 9p 1z 1z 1z 5z".split()  # then 5z wins
ANN_HAND = {"concealed": "123456789m1234569p", "melds": [], "winning_tile": "9p"}
BOB_HAND = {"concealed": "789p123456789s1115z", "melds": [], "winning_tile": "5z"}



def engine_balances() -> dict[str, Decimal]:
    answer = settle_session({"ruleset": "taiwan", "players": NAMES, "dealer": 0, "options": {"several_winners": True},
                             "hands": [{"discarder": 2, "winners": [{"winner": 0, "hand": ANN_HAND},
                                                                    {"winner": 1, "hand": BOB_HAND}]}]})
    return {name: Decimal(balance) for name, balance in zip(NAMES, answer.balances)}


def two_winners_by_tiles(page: Page, shot: Shots | None = None) -> None:
    """From the session screen: Ann won on Cy's discard, her tiles; Bob too, his tiles; back to Ann; Save."""
    page.locator("a.seat-won[href$='?winner=0']").click()
    page.wait_for_load_state()
    settled(page)
    page.locator("input[name=how][value='2']").check()
    settled(page)
    for code in ANN_TILES + ["9p"]:
        tap(page, code)
    page.locator("button.another-winner").click()
    page.locator("#other-win-1 input[type=radio][value='1']").check()
    settled(page)
    page.locator("#other-win-1").get_by_role("button", name="Tap Bob's tiles").click()
    settled(page)
    expect(page.locator("input[name=winner][value='1']")).to_be_checked()  # Bob's tiles are tapped now
    expect(page.locator("#other-win-1 input[type=radio][value='0']")).to_be_checked()
    expect(page.locator("#tiles-card .hand-area .tile-button")).to_have_count(0)
    expect(page.locator("#other-win-1 .other-tiles .tile")).to_have_count(17)  # Ann's, in her slot
    for code in BOB_TILES + ["5z"]:
        tap(page, code)
    if shot:
        shot("bob-tapped")
    page.locator("#other-win-1").get_by_role("button", name="Tap Ann's tiles").click()
    settled(page)
    expect(page.locator("input[name=winner][value='0']")).to_be_checked()
    expect(page.locator("#tiles-card .hand-area .tile-button")).to_have_count(16)  # Ann's hand kept
    expect(page.locator("#tiles-card .winning-slot .tile-button")).to_have_accessible_name(
        "Remove the winning tile, 9 dots")
    expect(page.locator("#other-win-1 .other-tiles .tile")).to_have_count(17)  # Bob's, kept too
    if shot:
        shot("back-on-ann")
    page.get_by_role("button", name="Save hand").click()


def saved_row(hand: Hand) -> tuple:
    return (hand.kind, hand.winner, hand.discarder, hand.figure, hand.figure_field, hand.tiles, hand.other_wins,
            hand.events, hand.loser_points)


def test_two_winners_tapped_offline_are_saved_as_the_same_taps_online(page: Page, live_server):
    shot = Shots(page, "offline-other-tiles")
    several_winners_session(page, live_server.url)
    session_url = page.url
    wait_until_kept(page, session_url.rstrip("/") + "/win/")

    page.context.set_offline(True)
    two_winners_by_tiles(page, shot)
    queued = page.locator(".hand-queued")
    expect(queued).to_contain_text("Ann won by tiles (17 tapped) and Bob by tiles (17 tapped) off Cy")
    shot("kept-on-the-phone")
    assert not Hand.objects.exists()

    page.context.set_offline(False)
    expect(page.locator(".hand-notice")).to_contain_text("Hand 1 saved.")
    offline = Hand.objects.get()
    assert (offline.winner, offline.discarder) == (0, 2)
    assert offline.tiles == ANN_HAND
    assert [(w["winner"], w["tiles"]) for w in offline.other_wins] == [(1, BOB_HAND)]
    page.reload()
    shot("saved")
    engine = engine_balances()
    assert screen_balances(page) == engine and sum(engine.values()) == 0

    # The same taps online, at a table of its own: the same hand saved, the same money.
    several_winners_session(page, live_server.url)
    two_winners_by_tiles(page)
    expect(page.locator(".hand-notice")).to_contain_text("Hand 1 saved.")
    online = Hand.objects.exclude(pk=offline.pk).get()
    assert saved_row(online) == saved_row(offline)
    assert screen_balances(page) == engine


def test_the_phones_copy_opened_again_keeps_the_winner_switched_in_and_both_hands(page: Page, live_server):
    """A page reloaded offline (the phone's blank copy) right after "Tap Bob's tiles", and again with some of his
    tiles tapped, still enters Bob's tiles with Ann's in her slot: nothing is lost, nothing saved as the wrong
    winner's."""
    several_winners_session(page, live_server.url)
    wait_until_kept(page, page.url.rstrip("/") + "/win/")
    page.context.set_offline(True)
    page.locator("a.seat-won[href$='?winner=0']").click()
    page.wait_for_load_state()
    page.locator("input[name=how][value='2']").check()
    for code in ANN_TILES + ["9p"]:
        tap(page, code)
    page.locator("button.another-winner").click()
    page.locator("#other-win-1 input[type=radio][value='1']").check()
    page.locator("#other-win-1").get_by_role("button", name="Tap Bob's tiles").click()

    def still_on_bob(tapped: int) -> None:
        expect(page.locator("input[name=winner][value='1']")).to_be_checked()
        expect(page.locator("input[name=how][value='2']")).to_be_checked()
        expect(page.locator("#other-win-1 input[type=radio][value='0']")).to_be_checked()
        expect(page.locator("#other-win-1 .other-tiles .tile")).to_have_count(17)
        expect(page.locator("#tiles-card .hand-area .tile-button")).to_have_count(tapped)
        expect(page.locator("#other-win-1").get_by_role("button", name="Tap Ann's tiles")).to_be_visible()

    page.reload()
    still_on_bob(0)
    for code in BOB_TILES[:5]:
        tap(page, code)
    page.reload()
    still_on_bob(5)
    for code in BOB_TILES[5:] + ["5z"]:
        tap(page, code)
    page.locator("#other-win-1").get_by_role("button", name="Tap Ann's tiles").click()
    expect(page.locator("#tiles-card .hand-area .tile-button")).to_have_count(16)
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".hand-queued")).to_contain_text("Ann won by tiles (17 tapped) and Bob by tiles (17 tapped)")

    page.context.set_offline(False)
    expect(page.locator(".hand-notice")).to_contain_text("Hand 1 saved.")
    hand = Hand.objects.get()
    assert (hand.winner, hand.discarder, hand.tiles) == (0, 2, ANN_HAND)
    assert [(w["winner"], w["tiles"]) for w in hand.other_wins] == [(1, BOB_HAND)]
