"""Cheap requests stay cheap: quick entry takes a paper sheet's worth of lines (500) and refuses more at
once, before the engine reads any of it."""
from __future__ import annotations

import time

from scorekeeper.tables.models import Hand

from web_helpers import rev


def check(client, session, text):
    return client.post(f"/sessions/{session.pk}/quick/", {"text": text, "action": "check", "token": "q-1",
                                                          "revision": rev(session)})


def test_500_lines_are_checked(client, make_session):
    session = make_session()
    response = check(client, session, "d\n" * 500)
    assert response.status_code == 200
    assert "That is" not in response.content.decode()


def test_10000_lines_are_refused_at_once_with_a_short_answer(client, make_session):
    session = make_session()
    started = time.perf_counter()
    response = check(client, session, "d\n" * 10_000)
    elapsed = time.perf_counter() - started
    page = response.content.decode()
    assert response.status_code == 422
    assert "That is 10,000 lines: enter at most 500 at a time" in page
    assert len(response.content) < 100_000  # not 10,000 checked lines sent back
    assert elapsed < 1.0  # refused before the engine reads a line (a generous bound, not a benchmark)
    assert Hand.objects.filter(session=session).count() == 0
