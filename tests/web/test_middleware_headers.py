"""Headers and methods: a session's pages, exports and backups are private and never stored by a shared
cache; methods no screen uses are 405, not a page."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize("method", ["put", "delete", "patch"])
@pytest.mark.parametrize("path", ["/", "/sessions/{pk}/", "/sessions/{pk}/history/", "/sessions/{pk}/win/",
                                  "/accounts/login/"])
def test_other_methods_are_405(client, make_session, method, path):
    session = make_session()
    response = getattr(client, method)(path.format(pk=session.pk))
    assert response.status_code == 405
    assert set(response["Allow"].split(", ")) == {"GET", "HEAD", "POST"}


@pytest.mark.parametrize("path", ["/sessions/{pk}/", "/sessions/{pk}/history/", "/sessions/{pk}/settle/",
                                  "/sessions/{pk}/export.csv", "/sessions/{pk}/backup.json", "/"])
def test_session_pages_exports_and_backups_are_private_and_not_stored(client, make_session, path):
    session = make_session()
    response = client.get(path.format(pk=session.pk))
    assert response.status_code == 200
    directives = {d.strip() for d in response["Cache-Control"].split(",")}
    assert {"private", "no-store"} <= directives


def test_the_service_worker_keeps_its_own_caching(client):
    assert client.get("/sw.js")["Cache-Control"] == "no-cache"


@pytest.mark.parametrize("path", ["/", "/sessions/{pk}/", "/sessions/{pk}/win/", "/accounts/login/", "/rules/"])
def test_every_page_allows_only_the_apps_own_scripts(client, make_session, path):
    response = client.get(path.format(pk=make_session().pk))
    policy = dict(part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";"))
    assert policy["script-src"] == "'self'" and policy["style-src"] == "'self'"
    assert policy["frame-ancestors"] == "'none'" and policy["object-src"] == "'none'"
    assert "<script>" not in response.content.decode()  # no inline script for the policy to refuse
