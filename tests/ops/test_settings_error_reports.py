"""Error reports: with SENTRY_DSN set, an exception in a view reaches the error server (a stand-in for Sentry
on this machine), with the request's path but no cookies or personal data; without it nothing is sent."""
from __future__ import annotations

import gzip
import json
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from ops_helpers import ROOT, production_env

# A view that fails the way a bug would: the rules page's renderer raises.
FAILING_REQUEST = """
import django
django.setup()
import sentry_sdk
from django.test import Client
from scorekeeper.tables.views import rules
def broken(*args, **kwargs):
    raise ZeroDivisionError("a bug in a view")
rules.render = broken
answer = Client(raise_request_exception=False).get("/rules/", HTTP_COOKIE="sessionid=secret-cookie-value",
                                                     HTTP_HOST="127.0.0.1", secure=True)
sentry_sdk.flush(5)
print(answer.status_code)
"""


def error_server() -> tuple[ThreadingHTTPServer, list[bytes]]:
    received: list[bytes] = []

    class Envelopes(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"]))
            encoding = self.headers.get("Content-Encoding", "")
            # The SDK compresses with gzip (brotli only where that package is installed: not here).
            received.append(gzip.decompress(body) if encoding == "gzip" else body)
            self.send_response(200)
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Envelopes)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, received


def run_failing_request(tmp_path, **env: str) -> str:
    environment = production_env(tmp_path, DJANGO_SETTINGS_MODULE="scorekeeper.settings", **env)
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=environment,
                   check=True, timeout=300)
    done = subprocess.run([sys.executable, "-c", FAILING_REQUEST], cwd=ROOT, env=environment, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def events(envelopes: list[bytes]) -> list[dict]:
    found = []
    for envelope in envelopes:
        for line in envelope.decode(errors="replace").splitlines():
            try:
                item = json.loads(line)
            except ValueError:
                continue
            if isinstance(item, dict) and "exception" in item:
                found.append(item)
    return found


def test_an_error_in_a_view_is_reported_without_personal_data(tmp_path):
    server, received = error_server()
    try:
        port = server.server_address[1]
        status = run_failing_request(tmp_path, SENTRY_DSN=f"http://publickey@127.0.0.1:{port}/7")
    finally:
        server.shutdown()
    assert status == "500"
    reported = events(received)
    assert len(reported) == 1
    event = reported[0]
    assert event["exception"]["values"][-1]["type"] == "ZeroDivisionError"
    assert "/rules/" in json.dumps(event.get("request", {})) + event.get("transaction", "")
    assert "secret-cookie-value" not in json.dumps(event)


def test_without_a_dsn_nothing_is_sent(tmp_path):
    server, received = error_server()
    try:
        assert run_failing_request(tmp_path) == "500"
    finally:
        server.shutdown()
    assert received == []
