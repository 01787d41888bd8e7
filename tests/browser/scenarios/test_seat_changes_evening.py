"""People come and go (issue 23), in the browser at 390x844: a taiwan evening where Eve sits in for Di after
hand 5 and Di comes back after hand 9, with 拉 chains running across both changes; every amount on the
session screen, the history and Settle up is the engine's, split by who sat where (worked out here from the
engine's own answer, not the app's). And a one-將 session says where it is at every hand and offers Settle up
when the North round ends.

Screenshots: artifacts/screenshots/seat-changes/ and artifacts/screenshots/one-jiang/.
"""
from __future__ import annotations

import re
from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.engine import settle_session
from scorekeeper.tables.display.money import money, signed
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Hand, Session
from scorekeeper.tables.replay import settle_fields, settle_inputs

from browser_helpers import Shots, choose, settled, sign_up

pytestmark = pytest.mark.django_db(transaction=True)


def start(page: Page, base_url: str, ruleset: str, length: str = "") -> None:
    page.goto(base_url)
    sign_up(page, base_url)
    page.get_by_role("link", name="New session").click()
    page.get_by_role("link", name=re.compile(ruleset)).click()
    for seat, name in zip(("East 東", "South 南", "West 西", "North 北"), ("Ann", "Bob", "Cy", "Di")):
        page.get_by_label(seat).fill(name)
    if length:
        page.get_by_label(length).check()
    page.get_by_role("button", name="Start session").click()
    expect(page.get_by_text("Session started.")).to_be_visible()


def win_by_fan(page: Page, winner: str, discarder: str, fan: int) -> None:
    page.get_by_role("link", name="Win", exact=True).click()
    choose(page, "Who won?", winner)
    choose(page, "How?", f"Discard by {discarder}")
    page.get_by_role("button", name="By fan").click()
    settled(page)
    page.get_by_role("radio", name="Fan, dealer bonus included").check()
    settled(page)
    page.get_by_label("Other", exact=True).fill(str(fan))
    expect(page.locator("#preview").get_by_role("heading", level=3).first).to_be_visible()
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".hand-notice")).to_be_visible()


def sit_in(page: Page, leaving: str, newcomer: str, *, typed: bool) -> None:
    """Two taps from the seat card: its ⇄, then the newcomer's chip (or, someone new, the name typed)."""
    page.get_by_role("link", name=f"Someone sits in for {leaving}").click()
    if typed:
        page.get_by_label("Someone new").fill(newcomer)
        page.get_by_role("button", name="Sit in").click()
    else:
        page.locator(f'button[name="newcomer"][value="{newcomer}"]').click()  # "Di back at −74.50": issue 35.15
    expect(page.locator(".hand-notice")).to_contain_text(f"{newcomer} sits in for {leaving}")


# -- the engine's answer, split by who sat where -------------------------------------------------
def engine_by_person(session: Session) -> tuple[dict[str, Decimal], list[list[str]]]:
    """Each person's balance, and each entry's transfers as 'payer → payee amount', from the engine's answer."""
    hands = list(session.hands.live().order_by("position").select_related("newcomer"))
    entered = settle_inputs(session=session, hands=map(HandInput.from_row, hands))
    answer = settle_session(settle_fields(session=session, hands=entered)).to_json()
    seated = [p.name for p in session.players]
    balance = {name: Decimal(0) for name in seated}
    lines = []
    for hand, replayed in zip(hands, answer["hands"]):
        lines.append([f"{seated[t['from']]} → {seated[t['to']]} {money(t['amount'])}" for t in replayed["transfers"]])
        for t in replayed["transfers"]:
            balance[seated[t["from"]]] -= Decimal(t["amount"])
            balance[seated[t["to"]]] += Decimal(t["amount"])
        if hand.kind == Hand.Kind.SEAT:
            seated[hand.seat] = hand.newcomer.name
            balance.setdefault(hand.newcomer.name, Decimal(0))
    for t in answer["closing"]:
        balance[seated[t["from"]]] -= Decimal(t["amount"])
        balance[seated[t["to"]]] += Decimal(t["amount"])
    return balance, lines


def shown_balances(page: Page) -> dict[str, str]:
    cards = page.locator("ol.seats > li").all() + page.locator(".left-table li").all()
    return {card.locator(".player-link").inner_text().strip(): card.locator(".balance").first.inner_text().strip()
            for card in cards}


def the_screen_agrees(page: Page, session: Session) -> None:
    balance, _ = engine_by_person(session)
    assert shown_balances(page) == {name: signed(amount) or "0" for name, amount in balance.items()}
    expect(page.locator("p.zero-sum").first).to_contain_text("Σ 0 ✓")


def test_eve_sits_in_for_di_after_hand_5_and_di_comes_back_after_hand_9(page: Page, live_server):
    shot = Shots(page, "seat-changes")
    start(page, live_server.url, "Taiwanese")
    session = Session.objects.get()
    for winner, discarder, fan in (("Bob", "Di", 5), ("Bob", "Di", 4), ("Bob", "Cy", 3), ("Bob", "Ann", 2),
                                   ("Bob", "Di", 3)):  # Bob's 拉 chain: Di, Cy and Ann owe him
        win_by_fan(page, winner, discarder, fan)
        the_screen_agrees(page, session)
    shot("after-hand-5")

    sit_in(page, "Di", "Eve", typed=True)  # Di's debt to Bob is paid at the change; Bob's chain goes on
    the_screen_agrees(page, session)
    expect(page.locator(".left-table")).to_contain_text("Di")
    shot("eve-sits-in")
    for winner, discarder, fan in (("Bob", "Eve", 2), ("Eve", "Bob", 3), ("Eve", "Cy", 2), ("Eve", "Ann", 1)):
        win_by_fan(page, winner, discarder, fan)  # Bob's chain runs on against Eve; then Eve's own chain
        the_screen_agrees(page, session)
    shot("after-hand-9")

    sit_in(page, "Eve", "Di", typed=False)  # Eve leaves holding her chain: it ends, she collects
    the_screen_agrees(page, session)
    expect(page.locator(".left-table")).to_contain_text("Eve")
    shot("di-comes-back")
    for winner, discarder, fan in (("Di", "Ann", 2), ("Di", "Bob", 3)):
        win_by_fan(page, winner, discarder, fan)
        the_screen_agrees(page, session)
    shot("after-hand-11")

    balance, transfers = engine_by_person(session)
    page.get_by_role("link", name="History").click()
    expect(page.locator("ol.hand-list > li")).to_have_count(len(transfers))  # waits for the page, not just its URL
    rows = page.locator("ol.hand-list > li").all()[::-1]  # newest first on the page
    for row, moved in zip(rows, transfers):  # each payment said once: listed, or in its chain's end (issue 35.3)
        listed = [" ".join(li.split()) for li in row.locator("ul.payments li").all_inner_texts()]
        chain_ends = " ".join(row.locator("ul.debt-changes li").all_inner_texts())
        assert set(listed) <= set(moved), (listed, moved)
        for payment in set(moved) - set(listed):
            payer, payee, amount = re.fullmatch(r"(\w+) → (\w+) ([\d,.]+)", payment).groups()
            said = rf"\b{payer}\b[^:]*\bpays? {payee} [^:]*\b{re.escape(amount)}\b[^:]*: {payee}'s chain ends"
            assert re.search(said, chain_ends), (payment, chain_ends)
    expect(page.get_by_text("Eve sits in for Di")).to_be_visible()
    expect(page.get_by_text("Di sits in for Eve")).to_be_visible()
    shot("history")

    page.get_by_role("link", name="Settle up").click()
    expect(page.get_by_role("heading", name="Payments to settle")).to_be_visible()
    cards = page.locator("ol.seats > li").all()
    assert {c.locator(".player-link").inner_text().strip(): c.locator(".balance").first.inner_text().split("\n")[0]
            .strip() for c in cards} == {n: signed(a) or "0" for n, a in balance.items()}
    owed = dict(balance) if not session.pay_as_you_go else None
    section = page.locator("section", has=page.get_by_role("heading", name="Payments to settle"))
    payments = [" ".join(t.split()) for t in section.locator("li").all_inner_texts()]
    if owed is not None:
        for payment in payments:
            payer, payee, amount = re.fullmatch(r"(\w+) → (\w+) ([\d,.]+)", payment).groups()
            owed[payer] += Decimal(amount.replace(",", ""))
            owed[payee] -= Decimal(amount.replace(",", ""))
        assert set(owed.values()) == {Decimal(0)}
        assert len(payments) <= len([a for a in balance.values() if a]) - 1
    expect(page.get_by_text("Σ 0 ✓")).to_be_visible()
    shot("settle-up")


def test_a_one_jiang_session_says_where_it_is_and_offers_settle_up_when_north_ends(page: Page, live_server):
    shot = Shots(page, "one-jiang")
    start(page, live_server.url, "Zung Jung", length="Four rounds (一將)")
    order = ("Ann", "Bob", "Cy", "Di")
    for hand in range(16):  # zung-jung passes the deal every hand: four rounds are sixteen hands
        wind = ("East", "South", "West", "North")[hand // 4]
        expect(page.locator(".length-line")).to_have_text(
            f"{wind} round, hand {hand % 4 + 1} — the session ends after the North round")
        if hand in (0, 5, 15):
            shot(f"hand-{hand + 1}")
        if hand % 5 == 4:  # a draw passes the deal in zung-jung too: it counts as a hand of the round
            page.get_by_role("link", name="Draw", exact=True).click()
            page.get_by_role("button", name="Record the draw").click()
            expect(page.locator(".hand-notice")).to_be_visible()
            continue
        page.get_by_role("link", name=f"{order[hand % 4]} won").click()
        choose(page, "How?", "Self-drawn")
        page.locator('button[name="figure_chip"]').first.click()  # the chip saves it
        expect(page.locator(".hand-notice")).to_be_visible()

    notice = page.locator(".length-reached")
    expect(notice).to_contain_text("The North round is over: the session's length is reached.")
    assert notice.bounding_box()["y"] < page.locator("ol.seats").bounding_box()["y"]  # at the top
    notice.get_by_role("link", name="Settle up").click()
    expect(page.get_by_role("heading", name="Settle up", level=1)).to_be_visible()
    shot("settle-up-offered")
