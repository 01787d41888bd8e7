"""The club's deployment without containers: the repo's deploy/Caddyfile, run by Debian's caddy (its own CA
for localhost), in front of two `make serve` app servers on one PostgreSQL database, as compose.yaml runs
them (tests/ops/test_compose.py checks that the two say the same). Two phones (chromium at 390x844) play a
table over HTTPS; the proxy refuses a 3 MB body itself and holds slowly trickled bodies, not the workers.

Needs PostgreSQL: it runs in `make test`'s PostgreSQL pass and skips on the SQLite one.
"""
from __future__ import annotations

import http.client
import os
import re
import secrets
import signal
import socket
import ssl
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect

from ops_helpers import CADDYFILE, free_port, fresh_postgres_database, make_serve

# The module's servers start once (a module fixture): under xdist its tests stay in one worker, which
# would otherwise start its own.
pytestmark = pytest.mark.xdist_group(__name__)

# The sync Playwright API leaves an event loop running in the test thread for the rest of the run (as
# tests/browser/conftest.py says): the database work of the ops tests after this one is synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CADDY = "/usr/bin/caddy"
CHROMIUM = "/usr/bin/chromium"
# As tests/browser/conftest.py launches it.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1, "locale": "en-GB"}
# Caddy's cap (deploy/Caddyfile: request_body, max_size 2500KB).
TOO_LARGE = 3_000_000


@dataclass(frozen=True)
class Club:
    """What the proxy test runs: the address phones open, Caddy's root CA, and each app server's log."""
    url: str
    port: int
    root_ca: Path
    app_logs: tuple[Path, ...]

    def tls(self) -> ssl.SSLContext:
        return ssl.create_default_context(cafile=str(self.root_ca))


def get_healthz(port: int) -> None:
    """Plain HTTP with the app server's own address as Host, as Caddy's health check asks."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request("GET", "/healthz")
        response = conn.getresponse()
        assert (response.status, response.read()) == (200, b"ok")
    finally:
        conn.close()


@contextmanager
def caddy(tmp_path: Path, app_ports: list[int], live_binds: list[str]) -> Iterator[Club]:
    """deploy/Caddyfile as compose runs it, on free high ports, with its data and config in tmp_path."""
    if not Path(CADDY).exists():
        pytest.fail(f"{CADDY} is missing: run scripts/ensure-caddy.sh (make test does)")
    https_port = free_port()
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "caddy-data"),
           "XDG_CONFIG_HOME": str(tmp_path / "caddy-config"), "HOME": str(tmp_path),
           "HTTP_PORT": str(free_port()), "HTTPS_PORT": str(https_port),
           "CADDY_ADMIN": f"localhost:{free_port()}", "SITE_ADDRESS": "localhost",
           "APP_UPSTREAM": " ".join(f"127.0.0.1:{port}" for port in app_ports),
           "LIVE_UPSTREAM": " ".join(live_binds)}
    log = tmp_path / "caddy.log"
    with log.open("wb") as out:
        process = subprocess.Popen([CADDY, "run", "--config", str(CADDYFILE), "--adapter",
                                    "caddyfile"], env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    root_ca = tmp_path / "caddy-data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
    club = Club(f"https://localhost:{https_port}", https_port, root_ca, ())
    try:
        deadline = time.monotonic() + 30
        while not _answers(club):
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"caddy did not start:\n{log.read_text(errors='replace')[-3000:]}")
            time.sleep(0.2)
        yield club
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


def _answers(club: Club) -> bool:
    """Caddy has made its CA and passes /healthz on to an app server."""
    if not club.root_ca.exists():
        return False
    try:
        status, _ = request(club, "GET", "/healthz")
    except OSError:
        return False
    return status == 200


def request(club: Club, method: str, path: str, body: bytes | None = None,
            headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    conn = http.client.HTTPSConnection("localhost", club.port, context=club.tls(), timeout=30)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> Iterator[Club]:
    """Caddy in front of two `make serve` (one worker of four threads each) on one throwaway database."""
    tmp_path = tmp_path_factory.mktemp("club")
    live_binds = [f"127.0.0.1:{free_port()}" for _ in range(2)]
    # One SECRET_KEY for every server, as compose's env file gives them: a log-in signed by one holds on the other.
    secret_key = secrets.token_urlsafe(50)
    with ExitStack() as stack:
        database = stack.enter_context(fresh_postgres_database())
        # One after the other: the first one's `migrate` makes the tables the second finds.
        ports = [stack.enter_context(make_serve(tmp_path, ready=get_healthz, waits_on=(OSError, AssertionError),
                                                database_url=database, name=f"app{i}", ALLOWED_HOSTS="localhost",
                                                SECRET_KEY=secret_key, LIVE_BIND=live_bind))
                 for i, live_bind in enumerate(live_binds)]
        proxy = stack.enter_context(caddy(tmp_path, ports, live_binds))
        yield Club(proxy.url, proxy.port, proxy.root_ca, (tmp_path / "app0.log", tmp_path / "app1.log"))


def spki_hash(certificate: Path) -> str:
    """The base64 SHA-256 of a certificate's public key, as chromium's --ignore-certificate-errors-spki-list
    takes it."""
    pipeline = (f"openssl x509 -in {certificate} -pubkey -noout | openssl pkey -pubin -outform der"
                " | openssl dgst -sha256 -binary | base64")
    return subprocess.run(["sh", "-c", pipeline], check=True, capture_output=True, text=True).stdout.strip()


@pytest.fixture(scope="module")
def phones_browser(playwright: Playwright, club: Club) -> Iterator[Browser]:
    """Chromium trusting Caddy's CA as a phone trusts a real one: by its keys, without touching the system's
    store. (Playwright's ignore_https_errors would load the pages, but no service worker registers on a
    certificate error, and the offline pages need one.)"""
    authorities = club.root_ca.parent
    keys = ",".join(spki_hash(authorities / name) for name in ("root.crt", "intermediate.crt"))
    browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                         args=[*CHROMIUM_ARGS, f"--ignore-certificate-errors-spki-list={keys}"])
    yield browser
    browser.close()


def sign_up_and_start(page: Page, club: Club) -> str:
    """The organiser signs up and starts a session: its URL."""
    page.goto(club.url + "/accounts/signup/")
    page.get_by_label("Username").fill("ann")
    page.get_by_label("Password", exact=True).fill("tiles and tea 88")
    page.get_by_label("Password confirmation").fill("tiles and tea 88")
    page.get_by_role("button", name="Create the account").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    page.get_by_role("link", name="New session").click()
    page.get_by_role("link", name=re.compile("Zung Jung")).click()
    for seat, name in zip(("East 東", "South 南", "West 西", "North 北"), ("Ann", "Bob", "Cy", "Di")):
        page.get_by_label(seat).fill(name)
    page.get_by_role("button", name="Start session").click()
    expect(page.get_by_text("Session started.")).to_be_visible()
    return page.url


def scorer_link(page: Page) -> str:
    page.get_by_role("link", name="Share").click()
    page.get_by_role("radio", name="Score: enter, edit and delete hands").check()
    page.get_by_role("button", name="Create a link").click()
    return page.locator("input.share-url").first.input_value()


def self_drawn(page: Page, winner: str, hand: int) -> None:
    """A self-drawn win of 40, saved from the session screen."""
    page.get_by_role("link", name=f"{winner} won").click()
    page.get_by_role("radio", name="Self-drawn").click()
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")
    page.get_by_role("button", name="40", exact=True).click()  # the chip saves it
    expect(page.locator(".hand-notice")).to_contain_text(f"Hand {hand} saved.")


KEPT = "url => caches.match(url).then(hit => hit !== undefined)"


def kept_offline(page: Page, url: str) -> bool:
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if page.evaluate(KEPT, url):
            return True
        page.wait_for_timeout(200)
    return False


def test_two_phones_play_a_table_through_the_proxy_over_https(club: Club, phones_browser: Browser):
    contexts: list[BrowserContext] = []
    try:
        for _ in range(2):
            contexts.append(phones_browser.new_context(**PHONE))
        ann, bob = (context.new_page() for context in contexts)
        session_url = sign_up_and_start(ann, club)
        bob.goto(scorer_link(ann))
        bob.get_by_role("button", name="Open the session").click()
        expect(bob.get_by_role("list", name="Players and balances")).to_be_visible()
        ann.goto(session_url)

        # Each phone sees the other's hand on its session screen, without a reload (it polls, through Caddy).
        self_drawn(ann, "Cy", 1)
        expect(bob.locator(".seat", has_text="Cy")).to_contain_text("+120", timeout=5000)
        expect(bob.get_by_text("Cy won self-drawn")).to_be_visible()
        self_drawn(bob, "Di", 2)
        expect(ann.locator(".seat", has_text="Di")).to_contain_text("+80", timeout=5000)  # +120, less 40 for Cy's
        expect(ann.get_by_text("Di won self-drawn")).to_be_visible()

        # The offline pages: the service worker registered over Caddy's HTTPS and keeps the session screen.
        assert kept_offline(ann, session_url), "the session screen was not kept for offline use"
        assert bob.evaluate("navigator.serviceWorker.getRegistration().then(r => r !== undefined)")
        contexts[0].set_offline(True)  # the club's Wi-Fi drops: the phone still opens the table's screen
        ann.goto(session_url)
        expect(ann.get_by_text("You are offline.")).to_be_visible()
        expect(ann.get_by_role("list", name="Players and balances")).to_be_visible()
    finally:
        for context in contexts:
            context.close()
    # Both app servers served the table (Caddy balanced over them), and each answered Caddy's health checks.
    for log in club.app_logs:
        served = log.read_text(errors="replace")
        assert "/sessions/" in served and "/healthz" in served, log.name


def send_too_large(club: Club, path: str) -> tuple[int, bytes]:
    """A POST of 3 MB, its answer read even when the proxy stops reading the body and closes."""
    conn = http.client.HTTPSConnection("localhost", club.port, context=club.tls(), timeout=30)
    try:
        conn.putrequest("POST", path)
        conn.putheader("Content-Type", "application/octet-stream")
        conn.putheader("Content-Length", str(TOO_LARGE))
        conn.endheaders()
        try:
            for _ in range(TOO_LARGE // 100_000):
                conn.send(b"x" * 100_000)
        except OSError:
            pass  # refused midway: the answer is waiting
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def test_what_a_phone_says_of_its_address_and_request_id_is_not_believed(club: Club):
    """compose trusts whatever Caddy forwards (FORWARDED_ALLOW_IPS="*"): that is safe only because Caddy writes
    X-Forwarded-For and X-Request-Id itself rather than passing on a phone's. The limits count the real address."""
    probe = secrets.token_hex(8)
    conn = http.client.HTTPSConnection("localhost", club.port, context=club.tls(), timeout=30)
    try:
        conn.request("GET", f"/rules/?probe={probe}", headers={"X-Forwarded-For": "203.0.113.9",
                                                                "X-Request-Id": "chosen-by-the-phone"})
        response = conn.getresponse()
        response.read()
        request_id = response.getheader("X-Request-Id", "")
    finally:
        conn.close()
    assert response.status == 200
    assert re.fullmatch(r"[0-9a-f-]{36}", request_id)  # Caddy's own uuid, not the phone's
    deadline = time.monotonic() + 10
    while not (lines := [line for log in club.app_logs for line in log.read_text(errors="replace").splitlines()
                         if f"probe={probe}" in line]):
        assert time.monotonic() < deadline, "no access line for the probe"
        time.sleep(0.2)
    (line,) = lines
    assert line.startswith("127.0.0.1 ") and "203.0.113.9" not in line  # Caddy's peer, the phone here
    assert line.endswith(request_id)


def test_a_3_mb_body_is_refused_by_the_proxy_before_any_app_server_sees_it(club: Club):
    before = [log.stat().st_size for log in club.app_logs]
    status, body = send_too_large(club, "/sessions/import/")
    assert (status, body) == (413, b"The request is too large.")
    time.sleep(0.5)  # an access-log line would be written by now
    after = [log.read_text(errors="replace")[size:] for log, size in zip(club.app_logs, before)]
    assert not any("/sessions/import/" in lines for lines in after), after


TRICKLERS = 8  # twice the threads of the two app servers' workers... and of each one's four
TRICKLE = b"username=nobody&password=x"


def trickle(club: Club, answers: list[int]) -> None:
    """A log-in whose body arrives a byte every 0.2 s (some 5 s in all, inside Caddy's read_body timeout). Its
    origin and CSRF cookie are in order, so Django reads the body (for the CSRF token): a server that handed the
    request on as it came would hold a thread until the last byte."""
    with socket.create_connection(("127.0.0.1", club.port)) as raw, \
            club.tls().wrap_socket(raw, server_hostname="localhost") as sock:
        sock.sendall(b"POST /accounts/login/ HTTP/1.1\r\nHost: localhost:%d\r\nConnection: close\r\n"
                     b"Origin: https://localhost:%d\r\nCookie: csrftoken=%s\r\n"
                     b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n"
                     % (club.port, club.port, b"a" * 32, len(TRICKLE)))
        try:
            for byte in TRICKLE:
                time.sleep(0.2)
                sock.sendall(bytes([byte]))
            answers.append(int(sock.recv(64).split()[1]))
        except OSError:
            answers.append(0)  # cut off


def test_slowly_trickled_bodies_are_held_by_the_proxy_not_by_a_worker(club: Club):
    answers: list[int] = []
    slow = [threading.Thread(target=trickle, args=(club, answers), daemon=True) for _ in range(TRICKLERS)]
    for thread in slow:
        thread.start()
    time.sleep(1.5)  # every trickler connected and partway through its body
    times = []
    for _ in range(5):
        started = time.perf_counter()
        status, _ = request(club, "GET", "/accounts/login/")
        times.append(time.perf_counter() - started)
        assert status == 200
    for thread in slow:
        thread.join(timeout=30)
    assert max(times) < 1.0, times
    # Each trickled body, once whole, went on to an app server, which read it and answered (the log-in form's
    # 403: no CSRF token in it).
    assert sorted(answers) == [403] * TRICKLERS, answers
