"""`make serve`: gunicorn with the production settings, as a TLS proxy in front of it sees it."""
from __future__ import annotations

import http.client
import re
import subprocess
import time

import pytest

from ops_helpers import ROOT, make_serve, production_env

# The module's servers start once (a module fixture): under xdist its tests stay in one worker, which
# would otherwise start its own.
pytestmark = pytest.mark.xdist_group(__name__)

PROXIED = {"X-Forwarded-Proto": "https"}  # what the TLS proxy in front adds to every request


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The server's port and its log (what `make serve` writes to stdout and stderr)."""
    folder = tmp_path_factory.mktemp("serve")
    with make_serve(folder, ready=lambda port: fetch(port, "/")) as port:
        yield port, folder / "serve.log"


@pytest.fixture(scope="module")
def server(served):
    return served[0]


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


def post_form(port, path, address, fields=""):
    """A form posted from the phone at `address`, as the proxy reports it in X-Forwarded-For: the status and
    the page."""
    headers = {**PROXIED, "X-Forwarded-For": address}
    _, page_headers, page = fetch(port, path, headers)
    cookie = next(c.split(";")[0] for c in page_headers.get_all("Set-Cookie") if c.startswith("csrftoken="))
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1).decode()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("POST", path, body=f"csrfmiddlewaretoken={token}{fields}", headers={
            "Host": f"127.0.0.1:{port}", **headers, "Cookie": cookie, "Origin": f"https://127.0.0.1:{port}",
            "Content-Type": "application/x-www-form-urlencoded"})
        response = conn.getresponse()
        return response.status, response.read().decode()
    finally:
        conn.close()


def post_signup(port, address):
    """An empty sign-up form from the phone at `address`."""
    return post_form(port, "/accounts/signup/", address)[0]


def test_sign_ups_are_counted_per_address_the_proxy_reports(server):
    """The app sees each phone's own address (X-Forwarded-For from the trusted proxy), not the proxy's: one
    address's eleventh sign-up in the hour is refused, and another address still signs up."""
    tried = [post_signup(server, "10.9.0.1") for _ in range(11)]

    assert tried[:10] == [422] * 10  # an empty form: counted, and answered with what is missing
    assert tried[10] == 429
    assert post_signup(server, "10.9.0.2") == 422


def test_log_in_guesses_are_counted_per_address_the_proxy_reports(server):
    """Five wrong passwords for a name from one phone pause that name there; the phone beside it on the same
    proxy is only slowed, as anywhere else (scorekeeper/client_address.py, tables/login_guard.py)."""
    def log_in(address):
        return post_form(server, "/accounts/login/", address, "&username=mei&password=wrong")

    tried = [log_in("10.9.1.1")[0] for _ in range(5)]
    paused, beside = log_in("10.9.1.1"), log_in("10.9.1.2")

    assert tried == [200] * 5
    assert paused[0] == 429 and "paused here for up to 15 minutes" in paused[1]
    assert beside[0] == 429 and "paused here" not in beside[1] and "wait 15 seconds" in beside[1]


def test_a_requests_id_is_on_its_answer_and_its_log_lines(served):
    """The proxy's id (Caddy's request UUID) is kept; the access line and the app's own lines end with it."""
    port, log = served
    proxy_id = "5f1d3c2a-8b7e-4c61-9a0f-1e2d3c4b5a69"
    _, headers, _ = fetch(port, "/no-such-page/", PROXIED | {"X-Request-Id": proxy_id})
    _, own_headers, _ = fetch(port, "/", PROXIED | {"X-Request-Id": "forged id"})
    time.sleep(0.5)  # the lines are written after the answer
    lines = [line for line in log.read_text(errors="replace").splitlines() if proxy_id in line]

    assert headers["X-Request-Id"] == proxy_id
    assert re.fullmatch(r"[0-9a-f]{32}", own_headers["X-Request-Id"])
    assert any('"GET /no-such-page/ HTTP/1.1" 404' in line and line.endswith(proxy_id) for line in lines), lines
    assert any("WARNING django.request" in line and "Not Found: /no-such-page/" in line for line in lines), lines
