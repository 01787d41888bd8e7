"""Offline at the table: the page still opens, a save waits on the phone and is sent once.

Screenshots: artifacts/screenshots/offline/.
"""
from __future__ import annotations

import re
import time

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
    expect(page.locator(".hand-notice")).to_contain_text("Hand 1 saved.")
    shot("sent")
    assert Hand.objects.filter(kind="draw").count() == 1
    assert page.evaluate("localStorage.getItem('scorekeeper.queue')") == "{}"


def test_a_slow_answer_after_the_queue_is_sent_is_waited_for_so_its_undo_shows(page: Page, live_server):
    """The session screen the phone opens once its queue is saved (?sent=) carries the notice with Undo; a
    server slower than the worker's lie-fi wait (3.5 s) must not be replaced by the kept copy, which has none."""
    new_session(page, live_server.url, "Zung Jung")
    session_url = page.url
    page.get_by_role("link", name="Draw", exact=True).click()
    page.goto(session_url)
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    wait_until_kept(page, session_url)
    page.context.set_offline(True)
    page.goto(session_url.rstrip("/") + "/draw/")
    page.get_by_role("button", name="Record the draw").click()
    expect(page.locator(".hand-queued")).to_have_count(1)

    def slow(route):
        if "sent=" in route.request.url:
            time.sleep(4.5)
        route.continue_()

    page.context.route(re.compile(r".*/sessions/\d+/\?.*"), slow)
    page.context.set_offline(False)
    expect(page.locator(".hand-notice")).to_contain_text("Hand 1 saved.", timeout=15_000)
    assert not page.evaluate("document.body.hasAttribute('data-kept-copy')")
    expect(page.locator(".hand-notice").get_by_role("button", name="Undo")).to_be_visible()
    assert Hand.objects.filter(kind="draw").count() == 1


def test_logging_out_forgets_the_pages_kept_for_offline_use(page: Page, live_server):
    new_session(page, live_server.url, "Zung Jung")
    session_url = page.url
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.reload()
    wait_until_kept(page, session_url)  # the worker keeps a copy once the page has loaded
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("button", name="Log out")).to_have_count(0)
    assert not page.evaluate(KEPT, session_url)
