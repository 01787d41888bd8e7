"""Each request's id (scorekeeper/request_ids.py): on its response and on the log lines written for it.
Against `make serve` (gunicorn's access line): tests/ops/test_serve.py."""
from __future__ import annotations

import logging
import re

import pytest
from django.test import Client

from scorekeeper.request_ids import NO_REQUEST, RequestIdFilter, current_id

CADDY_ID = "0b8e3c9a-5a3e-4a5e-9d0b-2f6f3a8c1d27"


def test_a_request_gets_an_id_of_its_own(client: Client):
    first, second = client.get("/")["X-Request-Id"], client.get("/")["X-Request-Id"]
    assert re.fullmatch(r"[0-9a-f]{32}", first) and first != second


def test_the_trusted_proxys_id_is_kept(client: Client):
    assert client.get("/", HTTP_X_REQUEST_ID=CADDY_ID)["X-Request-Id"] == CADDY_ID


@pytest.mark.parametrize("given", ["a" * 65, "id with spaces", "id\r\nforged: line", "ünïcode", ""])
def test_an_id_that_is_no_sane_token_is_replaced(client: Client, given: str):
    assert re.fullmatch(r"[0-9a-f]{32}", client.get("/", HTTP_X_REQUEST_ID=given)["X-Request-Id"])


def test_an_untrusted_peers_id_is_replaced(client: Client):
    answered = client.get("/", HTTP_X_REQUEST_ID=CADDY_ID, REMOTE_ADDR="203.0.113.7")["X-Request-Id"]
    assert answered != CADDY_ID


@pytest.mark.django_db
def test_every_log_line_written_for_a_request_carries_its_id(client: Client, caplog: pytest.LogCaptureFixture):
    caplog.handler.addFilter(RequestIdFilter())
    with caplog.at_level(logging.WARNING, logger="django.request"):
        answered = client.get("/no-such-page/", HTTP_X_REQUEST_ID=CADDY_ID)
    assert answered.status_code == 404
    assert [record.request_id for record in caplog.records] == [CADDY_ID]  # Django's "Not Found" line
    assert current_id.get() == NO_REQUEST  # and none once answered

