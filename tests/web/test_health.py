"""/healthz as a probe sees it: plain HTTP to the app server's own address, with production's settings."""
from __future__ import annotations

import pytest
from django.db import OperationalError
from django.test import Client, override_settings

# What a probe inside the container (or Caddy, dialling app:8000) meets: HTTPS enforced, only the club's host.
PRODUCTION = {"ALLOWED_HOSTS": ["mahjong.example.com"], "SECURE_SSL_REDIRECT": True, "DEBUG": False}


@pytest.fixture
def probe():
    with override_settings(**PRODUCTION):
        yield Client(HTTP_HOST="127.0.0.1:8000")


@pytest.mark.django_db
def test_it_answers_ok_over_plain_http_to_any_host_with_one_query_and_no_cookie(probe,
                                                                              django_assert_num_queries):
    with django_assert_num_queries(1):
        response = probe.get("/healthz")
    assert (response.status_code, response.content) == (200, b"ok")
    assert not response.cookies
    assert response["Cache-Control"] == "no-store"


@pytest.mark.django_db
def test_every_other_page_is_still_refused_to_that_host(probe):
    assert probe.get("/").status_code == 400  # DisallowedHost: the probe's way in is /healthz alone
    club = Client(HTTP_HOST="mahjong.example.com")
    with override_settings(**PRODUCTION):
        assert club.get("/healthz/").status_code == 301  # only the exact path skips the redirect to HTTPS


@pytest.mark.django_db
def test_a_database_that_does_not_answer_is_a_503(probe, monkeypatch):
    from django.db import connection

    def broken_cursor():
        raise OperationalError("connection refused")

    monkeypatch.setattr(connection, "cursor", broken_cursor)
    response = probe.get("/healthz")
    assert response.status_code == 503
