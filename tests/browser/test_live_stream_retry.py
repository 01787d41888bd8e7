"""A live table whose stream is refused for a moment (the proxy's 502 while the live server restarts): the
screen polls meanwhile, asks for the stream again later, and stops polling once it has it.

The phone's clock is Playwright's (page.clock): the retry's 30 s pass at once.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, Route, expect

from browser_helpers import new_session

pytestmark = pytest.mark.django_db(transaction=True)

EVENTS = re.compile(r".*/sessions/\d+/events/.*")
LIVE = re.compile(r".*/sessions/\d+/live/.*")


def wait_for(page: Page, condition, seconds: float = 10) -> None:
    for _ in range(int(seconds * 10)):
        if condition():
            return
        page.wait_for_timeout(100)
    raise AssertionError("not within the time")


def test_after_a_502_the_screen_polls_and_tries_the_stream_again(page: Page, live_server):
    new_session(page, live_server.url, "Zung Jung")
    revision = page.locator("#standings").get_attribute("data-revision")
    streams: list[int] = []
    answers = iter([502])  # the first ask refused; the next ones a stream that tells the shown revision

    def stream(route: Route) -> None:
        status = next(answers, 200)
        streams.append(status)
        if status != 200:
            route.fulfill(status=status, body="Bad Gateway")
            return
        route.fulfill(status=200, headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache"},
                      body=f"retry: 60000\nevent: revision\ndata: {revision}\n\n")
    page.context.route(EVENTS, stream)
    polls: list[str] = []
    page.on("request", lambda request: polls.append(request.url) if LIVE.match(request.url) else None)

    page.clock.install()
    page.reload()
    expect(page.locator("#standings")).to_be_visible()
    wait_for(page, lambda: streams == [502], seconds=30)  # a loaded CI machine took more than 10 s once
    page.wait_for_timeout(500)  # the refusal reaches the page
    page.clock.run_for(4_500)
    wait_for(page, lambda: bool(polls))  # polled meanwhile

    page.clock.run_for(31_000)  # the retry
    wait_for(page, lambda: len(streams) >= 2)
    assert streams[1] == 200, streams
    page.wait_for_timeout(500)  # the stream opens
    page.clock.run_for(2_500)
    page.wait_for_timeout(500)
    polled = len(polls)
    page.clock.run_for(10_000)  # the stream is had: no more polls
    page.wait_for_timeout(1_000)
    assert len(polls) == polled, polls[polled:]
