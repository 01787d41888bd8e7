"""A 拉 chain's end said once (issue 35.3): taiwan as it comes (pay as you go), Ann wins off Bob 5, off Cat 3, off
Di 2, then Bob wins 4 off Cat. The notice says the three payments in one phrase and the table's buttons stay on
the first screen at 390x844, in English, 繁 and 简 — also once Di has left and her "left" row is on the screen.

Screenshots: artifacts/screenshots/chain-end-once/.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.tables import services
from scorekeeper.tables.models import Hand, Session

from browser_helpers import Shots, new_session

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def browser_context_args(browser_context_args):
    """The online screen's layout: no service worker, whose kept copy (shown when a loaded test server takes over
    3.5 s, the lie-fi fallback) carries a banner that pushes the buttons down."""
    return {**browser_context_args, "service_workers": "block"}

NAMES = ("Ann", "Bob", "Cat", "Di")
SAYS = {
    "en": "Bob, Cat and Di pay Ann 16, 16, 17: Ann's chain ends; Cat now owes Bob 14",
    "zh-hant": "Bob、Cat 和 Di 付給 Ann 16、16、17：Ann 的拉結束；Cat 現欠 Bob 14",
    "zh-hans": "Bob、Cat 和 Di 付给 Ann 16、16、17：Ann 的拉结束；Cat 现欠 Bob 14",
}
BUTTONS = (".actions .button-win", ".actions a[href$='/draw/']", ".actions a[href$='/spot/']",
           "nav.nav-row a[href$='/history/']", "nav.nav-row a[href$='/settle/']", "nav.nav-row a[href$='/share/']")


def win_with_a_chip(page: Page, winner: str, discarder: str, fan: int) -> None:
    page.get_by_role("link", name=f"{winner} won").click()
    page.get_by_role("radio", name=f"Discard by {discarder}").click()
    page.get_by_role("button", name=str(fan), exact=True).click()
    expect(page.locator(".hand-notice")).to_be_visible()


def on_the_first_screen(page: Page) -> None:
    expect(page.locator(".hand-notice")).to_be_in_viewport(ratio=1)
    for button in BUTTONS:
        expect(page.locator(button)).to_be_in_viewport(ratio=1)
    assert page.evaluate("window.scrollY") == 0


def test_the_chain_end_is_one_phrase_and_the_buttons_stay_on_screen(page: Page, live_server):
    shot = Shots(page, "chain-end-once")
    new_session(page, live_server.url, "Taiwan", names=NAMES)
    for loser, fan in (("Bob", 5), ("Cat", 3), ("Di", 2)):
        win_with_a_chip(page, "Ann", loser, fan)
    win_with_a_chip(page, "Bob", "Cat", 4)
    session = Session.objects.get()
    chain_end = Hand.objects.live().last()
    for language, says in SAYS.items():
        page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
        page.goto(f"{live_server.url}/sessions/{session.pk}/?saved={chain_end.pk}")
        notice = " ".join(page.locator(".hand-notice .notice-words").inner_text().split())
        assert notice.endswith(says), notice
        on_the_first_screen(page)
        shot(f"notice-{language}")

    services.seat_change_record(session=session, seat=3, name="Eve")  # Di leaves, paid up: a "left" row
    for language in SAYS:
        page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
        page.goto(f"{live_server.url}/sessions/{session.pk}/?saved={chain_end.pk}")
        expect(page.locator(".left-table")).to_be_visible()
        on_the_first_screen(page)
        shot(f"after-a-seat-change-{language}")
