"""`make serve`: gunicorn with the production settings, as a TLS proxy in front of it sees it."""
from __future__ import annotations

import http.client
import re
import subprocess

import pytest

from ops_helpers import ROOT, make_serve, production_env

PROXIED = {"X-Forwarded-Proto": "https"}  # what the TLS proxy in front adds to every request


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with make_serve(tmp_path_factory.mktemp("serve"), ready=lambda port: fetch(port, "/")) as port:
        yield port


def fetch(port, path, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path, headers={"Host": f"127.0.0.1:{port}", **(headers or {})})
        response = conn.getresponse()
        return response.status, response.headers, response.read()
    finally:
        conn.close()


def fetch_page(port, path):
    """A page over HTTPS, following redirects (the new-session screen may first ask to log in)."""
    for _ in range(4):
        status, headers, body = fetch(port, path, PROXIED)
        if status not in (301, 302, 303):
            return status, headers, body
        path = headers["Location"]
    raise AssertionError(f"too many redirects, last {path}")


def test_plain_http_is_redirected_to_https(server):
    status, headers, _ = fetch(server, "/sessions/new/?ruleset=taiwan")

    assert status == 301
    assert headers["Location"] == f"https://127.0.0.1:{server}/sessions/new/?ruleset=taiwan"


def test_pages_over_https_send_hsts_and_only_secure_cookies(server):
    status, headers, body = fetch_page(server, "/sessions/new/?ruleset=taiwan")

    assert status == 200
    assert b"<form" in body
    assert headers["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"
    cookies = headers.get_all("Set-Cookie")
    assert any(c.startswith("csrftoken=") for c in cookies)
    assert all("; Secure" in c for c in cookies)


def test_static_files_have_hashed_names_are_compressed_and_cached_for_good(server):
    _, _, body = fetch_page(server, "/")
    stylesheet = re.search(rb'href="(/static/[^"]+\.css)"', body)
    assert stylesheet, body[:500]
    path = stylesheet.group(1).decode()
    assert re.search(r"\.[0-9a-f]{12}\.css$", path), path

    status, headers, compressed = fetch(server, path, PROXIED | {"Accept-Encoding": "gzip"})

    assert status == 200
    assert headers["Content-Encoding"] == "gzip"
    assert "immutable" in headers["Cache-Control"]
    assert len(compressed) < len(fetch(server, path, PROXIED)[2])


def test_a_host_not_allowed_is_refused(server):
    status, _, _ = fetch(server, "/", PROXIED | {"Host": "evil.example"})

    assert status == 400


def test_make_serve_says_what_is_missing(tmp_path):
    env = production_env(tmp_path)
    del env["SECRET_KEY"]

    result = subprocess.run(["make", "-s", "serve"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)

    assert result.returncode != 0
    assert "set SECRET_KEY and ALLOWED_HOSTS" in result.stderr


def post_signup(port, address):
    """An empty sign-up form from the phone at `address`, as the proxy reports it in X-Forwarded-For."""
    headers = {**PROXIED, "X-Forwarded-For": address}
    _, page_headers, page = fetch(port, "/accounts/signup/", headers)
    cookie = next(c.split(";")[0] for c in page_headers.get_all("Set-Cookie") if c.startswith("csrftoken="))
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1).decode()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("POST", "/accounts/signup/", body=f"csrfmiddlewaretoken={token}", headers={
            "Host": f"127.0.0.1:{port}", **headers, "Cookie": cookie, "Origin": f"https://127.0.0.1:{port}",
            "Content-Type": "application/x-www-form-urlencoded"})
        return conn.getresponse().status
    finally:
        conn.close()


def test_sign_ups_are_counted_per_address_the_proxy_reports(server):
    """The app sees each phone's own address (X-Forwarded-For from the trusted proxy), not the proxy's: one
    address's eleventh sign-up in the hour is refused, and another address still signs up."""
    tried = [post_signup(server, "10.9.0.1") for _ in range(11)]

    assert tried[:10] == [422] * 10  # an empty form: counted, and answered with what is missing
    assert tried[10] == 429
    assert post_signup(server, "10.9.0.2") == 422
