"""Two phones at one table, as a club hosts it (`make serve` behind deploy/Caddyfile): the viewer's session
screen holds the live server's event stream, asks nothing while nothing changes, and shows the scorer's saved
hand within 2 s, without a reload. (Without the live server the page polls: test_live_table_two_phones.py.)"""
from __future__ import annotations

import http.client
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from browser_helpers import new_session, settled

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ops"))
from ops_helpers import ROOT, free_port, production_env  # noqa: E402


@contextmanager
def started(command: list[str], env: dict[str, str], log: Path, cwd: Path = ROOT) -> Iterator[None]:
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    try:
        yield
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def answering(port: int, path: str = "/", seconds: float = 120) -> int:
    deadline = time.monotonic() + seconds
    while True:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", path, headers={"Host": "localhost"})
            return conn.getresponse().status
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


@pytest.fixture
def club_url(tmp_path: Path) -> Iterator[str]:
    """`make serve` (gunicorn and the live server) behind the repo's Caddyfile on http://localhost:<port>
    (a secure context for chromium, no certificate needed)."""
    if not shutil.which("caddy"):
        pytest.fail("caddy is missing: apt-get install caddy")
    app, live, proxy = free_port(), free_port(), free_port()
    env = production_env(tmp_path, ALLOWED_HOSTS="localhost", SECURE_SSL_REDIRECT="0")
    with started(["make", "-s", "serve", f"BIND=127.0.0.1:{app}", f"LIVE_BIND=127.0.0.1:{live}", "WORKERS=1"],
                 env, tmp_path / "serve.log"):
        answering(app)
        caddyfile = (ROOT / "deploy/Caddyfile").read_text().replace("{\n", "{\n\tadmin off\n", 1)
        if answering(app, "/healthz") != 200:
            caddyfile = "\n".join(line for line in caddyfile.splitlines() if "health_" not in line)
        (tmp_path / "Caddyfile").write_text(caddyfile)
        caddy_env = env | {"HTTP_PORT": str(proxy), "HTTPS_PORT": str(free_port()),
                           "SITE_ADDRESS": f"http://localhost:{proxy}", "APP_UPSTREAM": f"127.0.0.1:{app}",
                           "LIVE_UPSTREAM": f"127.0.0.1:{live}", "XDG_DATA_HOME": str(tmp_path / "caddy"),
                           "XDG_CONFIG_HOME": str(tmp_path / "caddy")}
        with started(["caddy", "run", "--config", str(tmp_path / "Caddyfile"), "--adapter", "caddyfile"],
                     caddy_env, tmp_path / "caddy.log"):
            answering(proxy)
            yield f"http://localhost:{proxy}"


def test_the_other_phone_is_told_by_its_stream_and_asks_nothing_meanwhile(page: Page, browser: Browser,
                                                                           browser_context_args, club_url):
    new_session(page, club_url, "Zung Jung")
    page.get_by_role("link", name="Share").click()
    page.get_by_label("View only: see the scores and the history").check()
    page.get_by_role("button", name="Create a link").click()
    viewer_url = page.locator("input.share-url").first.input_value().replace("https://", "http://")
    session_url = page.url.replace("/share/", "/")

    viewer = browser.new_context(**browser_context_args).new_page()
    asked: list[str] = []
    viewer.on("request", lambda request: asked.append(request.url) if "/live/" in request.url else None)
    viewer.goto(viewer_url)
    with viewer.expect_response(lambda response: "/events/" in response.url) as stream:
        viewer.get_by_role("button", name="Open the session").click()
    assert stream.value.status == 200
    expect(viewer.get_by_role("list", name="Players and balances")).to_be_visible()
    viewer.evaluate("window.stillTheSamePage = true")
    viewer.wait_for_timeout(4500)
    assert asked == []  # no poll while nothing changes: the stream is held

    page.goto(session_url)
    page.get_by_role("link", name="Cy won").click()
    page.get_by_role("radio", name="Self-drawn").click()
    settled(page)
    page.get_by_role("button", name="40", exact=True).click()  # the chip saves it
    expect(page.locator(".hand-notice")).to_contain_text("Hand 1 saved.")
    saved_at = time.monotonic()

    expect(viewer.locator(".seat", has_text="Cy")).to_contain_text("+120", timeout=3000)
    assert time.monotonic() - saved_at < 2.0
    expect(viewer.get_by_text("Cy won self-drawn")).to_be_visible()
    assert viewer.evaluate("window.stillTheSamePage") is True  # no reload: the standings were swapped in
    assert len(asked) == 1  # the standings fetched once, when told
    viewer.context.close()
