"""What a person sees of the hardening (issue 35.20-35.23), on a phone: "José" typed with a combining accent
is the José at the table; a "Same table again" form sent again from another finished session is refused on
its page; a loop of reads is told to wait a minute; a save behind a stuck writer is told the server is busy.

Screenshots: artifacts/screenshots/hardening/.
"""
from __future__ import annotations

import fcntl
import os
import time
from types import SimpleNamespace

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.sqlite_backend import base as sqlite_backend
from scorekeeper.tables.models import Hand, Session
from scorekeeper.tables.views import read_limit

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


def test_a_save_behind_a_stuck_writer_is_told_the_server_is_busy(page: Page, live_server, tmp_path, monkeypatch):
    shot = Shots(page, "hardening-busy")
    page.goto(live_server.url)
    start_session(page, "Zung Jung", ("Ann", "Bob", "Cy", "Di"))
    page.get_by_role("link", name="Draw", exact=True).click()
    writers = str(tmp_path / "db.sqlite3.writers")  # the tests' database is in memory: its writers queue here
    monkeypatch.setattr(sqlite_backend.DatabaseWrapper, "writers_path", lambda database: writers)
    monkeypatch.setattr(sqlite_backend, "WRITERS_WAIT", 0.5)
    stuck = os.open(writers, os.O_RDWR | os.O_CREAT)
    fcntl.flock(stuck, fcntl.LOCK_EX)  # another process's write, not ending
    try:
        page.get_by_role("button", name="Record the draw").click()
        expect(page.get_by_role("heading", name="Busy, try again")).to_be_visible()
        expect(page.get_by_text("Nothing was saved from this request")).to_be_visible()
        shot("busy")
    finally:
        fcntl.flock(stuck, fcntl.LOCK_UN)
        os.close(stuck)
    assert not Hand.objects.exists()
