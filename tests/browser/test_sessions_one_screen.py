"""The table's one screen (issue 19): at 390x844 the session screen shows the four seats with balances
and what each owes or is owed (拉 on the seat cards), Win / Draw / On the spot and History / Settle up /
Share, with no scroll, in English, 繁 and 简 — here with taiwan's 拉 chain at its fullest (three debts),
on-the-spot payments and the notice of the last save at the top; and the screen stays awake.

Screenshots: artifacts/screenshots/one-screen/.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.tables import services
from scorekeeper.tables.hand_input import HandInput
from scorekeeper.tables.models import Hand, Session

from browser_helpers import Shots, new_session

pytestmark = pytest.mark.django_db(transaction=True)

FAKE_WAKE_LOCK = """window.__wake = [];
Object.defineProperty(navigator, "wakeLock", {value: {request: (kind) => { window.__wake.push(kind);
  return Promise.resolve({addEventListener() {}, release() { return Promise.resolve(); }}); }}});"""


def a_long_taiwan_evening(page: Page, base_url: str) -> Session:
    """Ann (dealer) self-draws, wins off Bob, then a chase: three open 拉 debts, a streak, spot money."""
    new_session(page, base_url, "Taiwan", names=("Annabelle", "Bartholomew", "Cy", "Di"))
    session = Session.objects.get()
    page.get_by_role("link", name="Annabelle won").click()
    page.get_by_role("radio", name="Self-drawn").click()
    page.get_by_role("button", name="13", exact=True).click()
    expect(page.locator(".hand-notice")).to_contain_text("Hand 1 saved.")
    services.spot_record(session=session, entry=HandInput(Hand.Kind.SPOT, spot_kind="chase", spot_player=2))
    page.get_by_role("link", name="Annabelle won").click()
    page.get_by_role("radio", name="Discard by Bartholomew").click()
    page.get_by_role("button", name="5", exact=True).click()
    expect(page.locator(".hand-notice")).to_contain_text("Hand 2 saved.")
    assert len(Hand.objects.all()) == 3
    return session


@pytest.mark.parametrize("language", ["en", "zh-hant", "zh-hans"])
def test_every_balance_and_action_is_on_one_screen(page: Page, live_server, language):
    shot = Shots(page, f"one-screen/{language}")
    page.add_init_script(FAKE_WAKE_LOCK)
    a_long_taiwan_evening(page, live_server.url)
    page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.reload()
    page.evaluate("window.__wake = []")  # the page as it opens in the reader's language
    page.reload()
    seats = page.get_by_role("list", name=None).and_(page.locator("ol.seats"))
    assert page.locator(".seat-debts").count() == 4  # three owe the holder 拉, who is owed their sum
    for seat in range(4):
        card = page.locator(".seat").nth(seat)
        expect(card).to_be_in_viewport(ratio=1)
        expect(card.locator(".balance")).to_be_in_viewport(ratio=1)
        expect(card.locator(".seat-debts")).to_be_in_viewport(ratio=1)
        expect(card.locator(".seat-won")).to_be_in_viewport(ratio=1)
        assert card.bounding_box()["height"] <= 100, card.inner_text()  # three short lines at most, never six
    for action in (".actions .button-win", ".actions a[href$='/draw/']", ".actions a[href$='/spot/']",
                   "nav.nav-row a[href$='/history/']", "nav.nav-row a[href$='/settle/']",
                   "nav.nav-row a[href$='/share/']"):
        expect(page.locator(action)).to_be_in_viewport(ratio=1)
    expect(page.locator(".hand-notice")).to_be_in_viewport(ratio=1)
    assert page.evaluate("window.scrollY") == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    expect(seats).to_have_count(1)
    shot("session")
    assert page.evaluate("window.__wake") == ["screen"]  # the screen stays awake while the session is open
