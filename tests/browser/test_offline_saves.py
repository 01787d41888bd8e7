"""Offline at the table: the page still opens, a save waits on the phone and is sent once.

Screenshots: artifacts/screenshots/offline/.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.tables.models import Hand

from browser_helpers import KEPT, Shots, new_session, wait_until_kept

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_draw_saved_offline_is_sent_once_when_the_connection_returns(page: Page, live_server):
    shot = Shots(page, "offline")
    new_session(page, live_server.url, "Zung Jung")
    session_url = page.url
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    # open the draw form once while online, so the phone keeps a copy of it
    page.get_by_role("link", name="Draw", exact=True).click()
    page.goto(session_url)
    page.wait_for_function("navigator.serviceWorker.controller !== null")

    page.context.set_offline(True)
    page.goto(session_url.rstrip("/") + "/draw/")
    expect(page.locator("#offline-status")).to_contain_text("You are offline")
    page.get_by_role("button", name="Record the draw").click()
    expect(page.locator("#offline-status")).to_contain_text("1 hand waiting to be sent")
    expect(page.locator(".hand-queued")).to_have_count(1)  # back on the session screen, once
    expect(page.locator(".hand-queued")).to_contain_text("Draw")
    shot("save-waiting")
    assert Hand.objects.count() == 0

    page.context.set_offline(False)
    expect(page.get_by_role("heading", level=1)).to_contain_text("Hand 2")  # the draw was sent
    if not page.evaluate("document.body.hasAttribute('data-kept-copy')"):
        # the server's page says what was saved; a server slower than the worker's lie-fi wait (a loaded CI
        # machine) gets the phone's kept copy instead, which shows no notice of its moment (sw.js, LIE_FI_MS)
        expect(page.locator(".hand-notice")).to_contain_text("Hand 1 saved.")
    shot("sent")
    assert Hand.objects.filter(kind="draw").count() == 1
    assert page.evaluate("localStorage.getItem('scorekeeper.queue')") == "{}"


def test_logging_out_forgets_the_pages_kept_for_offline_use(page: Page, live_server):
    new_session(page, live_server.url, "Zung Jung")
    session_url = page.url
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.reload()
    wait_until_kept(page, session_url)  # the worker keeps a copy once the page has loaded
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("button", name="Log out")).to_have_count(0)
    assert not page.evaluate(KEPT, session_url)
