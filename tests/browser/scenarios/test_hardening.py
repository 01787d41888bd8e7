"""What a person sees of the hardening (issue 35.20-35.23), on a phone: "José" typed with a combining accent
is the José at the table; a "Same table again" form sent again from another finished session is refused on
its page; a loop of reads is told to wait a minute; a save behind a stuck writer is told the server is busy.

Screenshots: artifacts/screenshots/hardening/.
"""
from __future__ import annotations

import time
from types import SimpleNamespace

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.tables.models import Hand, Session
from scorekeeper.tables.web import read_limit

from browser_helpers import Shots, start_session

pytestmark = pytest.mark.django_db(transaction=True)

COMPOSED, DECOMPOSED = "Jos\u00e9", "Jose\u0301"


def test_jose_typed_with_a_combining_accent_is_the_jose_at_the_table(page: Page, live_server):
    shot = Shots(page, "hardening")
    page.goto(live_server.url)
    start_session(page, "Zung Jung", (COMPOSED, "Bob", "Cy", "Di"))
    session = Session.objects.get()

    page.goto(f"{live_server.url}/sessions/{session.pk}/seat/1/")
    page.get_by_label("Someone new").fill(DECOMPOSED)
    page.get_by_role("button", name="Sit in").click()

    expect(page.get_by_text(f"{COMPOSED} is already at the table, in another seat.")).to_be_visible()
    shot("jose-twice-refused")
    assert not Hand.objects.exists()


def finish(page: Page) -> None:
    page.get_by_role("link", name="Settle up").click()
    page.get_by_role("button", name="Finish session").click()


def test_same_table_again_sent_again_from_another_session_is_refused_on_its_page(page: Page, live_server):
    shot = Shots(page, "hardening-same-table")
    page.goto(live_server.url)
    start_session(page, "Zung Jung", ("Ann", "Bob", "Cy", "Di"))
    finish(page)
    used = page.locator("input[name=token]").last.input_value()  # the Same table again form's one-time token
    page.get_by_role("button", name="Same table again").click()
    expect(page.get_by_text("The same table again: a new session.")).to_be_visible()
    page.goto(live_server.url)
    start_session(page, "Zung Jung", ("Eve", "Bob", "Cy", "Di"))
    finish(page)

    page.locator("input[name=token]").last.evaluate("(input, token) => { input.value = token }", used)
    page.get_by_role("button", name="Same table again").click()

    expect(page.get_by_text("This form already started a session from another table")).to_be_visible()
    expect(page.get_by_role("button", name="Same table again")).to_be_visible()  # a fresh form to tap
    shot("token-used-refused")
    assert Session.objects.count() == 3


def test_a_loop_of_reads_is_told_to_wait_a_minute(page: Page, live_server, monkeypatch):
    shot = Shots(page, "hardening-reads")
    started = time.time()  # the counts are per minute: the loop stays in one, however slow the machine
    monkeypatch.setattr(read_limit, "time", SimpleNamespace(time=lambda: started))
    page.goto(live_server.url)
    start_session(page, "Zung Jung", ("Ann", "Bob", "Cy", "Di"))
    url = page.url.split("?")[0]
    answers = [page.request.get(url + "history/").status for _ in range(125)]

    assert 429 in answers and answers[0] == 200, answers
    page.goto(url)
    expect(page.get_by_text("Wait a minute, then open this page again: nothing is lost.")).to_be_visible()
    shot("reads-refused")


def test_a_three_tap_win_behind_a_stuck_writer_is_kept_on_the_phone_and_sent_after(page: Page, live_server,
                                                                                   stuck_writer):
    """The keypad saves by htmx: its 503 is kept like a save made offline, and sent when the server writes."""
    shot = Shots(page, "hardening-busy-keypad")
    page.goto(live_server.url)
    start_session(page, "Zung Jung", ("Ann", "Bob", "Cy", "Di"))
    page.get_by_role("link", name="Bob won").click()
    page.get_by_role("radio", name="Discard by Cy").click()
    stuck_writer.begin()
    page.get_by_role("button", name="40", exact=True).click()

    expect(page.locator(".hand-queued")).to_contain_text("Kept on this phone")
    shot("win-kept-while-busy")
    assert not Hand.objects.exists()
    stuck_writer.end()
    expect(page.locator(".hand-queued")).to_have_count(0, timeout=30_000)  # sent again, saved
    assert Hand.objects.count() == 1


def test_a_save_behind_a_stuck_writer_is_told_the_server_is_busy(page: Page, live_server, stuck_writer):
    shot = Shots(page, "hardening-busy")
    page.goto(live_server.url)
    start_session(page, "Zung Jung", ("Ann", "Bob", "Cy", "Di"))
    page.get_by_role("link", name="Draw", exact=True).click()
    stuck_writer.begin()

    page.get_by_role("button", name="Record the draw").click()

    expect(page.get_by_role("heading", name="Busy, try again")).to_be_visible()
    expect(page.get_by_text("Nothing was saved from this request")).to_be_visible()
    shot("busy")
    stuck_writer.end()
    assert not Hand.objects.exists()
