"""The access log: the lines gunicorn's own logger writes, from the app's quicker one (serving/access_log.py)."""
from __future__ import annotations

import datetime
import http.client
import io
import re
import sys

from gunicorn.config import Config
from gunicorn.glogging import Logger

from scorekeeper.serving.access_log import AccessLog

from ops_helpers import make_serve

BROWSER = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36"


class Request:
    def __init__(self, environ):
        self.headers = [(k[5:].replace("_", "-"), v) for k, v in environ.items() if k.startswith("HTTP_")]


class Response:
    def __init__(self, status, sent, headers=()):
        self.status, self.sent, self.headers = status, sent, list(headers)


def environ_of(method="GET", uri="/", **extra):
    return {"REQUEST_METHOD": method, "RAW_URI": uri, "PATH_INFO": uri.split("?")[0], "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1", "HTTP_HOST": "127.0.0.1:8000", "wsgi.url_scheme": "https", **extra}


EXCHANGES = [
    (environ_of(), Response("200 OK", 5123, [("Content-Type", "text/html")])),
    (environ_of("POST", "/sessions/12/win/preview/", HTTP_USER_AGENT=BROWSER,
                HTTP_REFERER="https://mahjong.example.com/sessions/12/win/"), Response("200 OK", 812)),
    (environ_of("GET", '/search?q="a"', HTTP_USER_AGENT='curl "quoted"'), Response("404 Not Found", 0)),
    (environ_of("POST", "/accounts/login/", HTTP_AUTHORIZATION="Basic YWxpY2U6c2VjcmV0"), Response(400, None)),
    (environ_of("HEAD", "/static/app.css", REMOTE_ADDR="::1"), Response("304 Not Modified", None)),
]


def lines_of(logger_class, monkeypatch):
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    config = Config()
    config.set("accesslog", "-")
    logger = logger_class(config)
    for environ, response in EXCHANGES:
        logger.access(response, Request(environ), environ, datetime.timedelta(microseconds=12_345))
    return out.getvalue().splitlines()


def test_each_line_is_the_one_gunicorns_own_logger_writes(monkeypatch):
    expected = lines_of(Logger, monkeypatch)
    written = lines_of(AccessLog, monkeypatch)

    assert len(expected) == len(EXCHANGES)
    # Both stamp the second they write in: let them differ only if the clock turned between the two.
    stamp = re.compile(r"\[\d\d/\w{3}/\d{4}:\d\d:\d\d:\d\d [+-]\d{4}\]")
    assert [stamp.sub("[t]", line) for line in written] == [stamp.sub("[t]", line) for line in expected]
    assert all(stamp.search(line) for line in written)


def test_another_format_is_left_to_gunicorn(monkeypatch):
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    config = Config()
    config.set("accesslog", "-")
    config.set("access_log_format", "%(s)s %(U)s %({host}i)s")
    environ, response = EXCHANGES[0]

    AccessLog(config).access(response, Request(environ), environ, datetime.timedelta(seconds=1))

    assert out.getvalue() == "200 / 127.0.0.1:8000\n"


def get_home(port):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", "/?from=test", headers={"Host": f"127.0.0.1:{port}", "X-Forwarded-Proto": "https",
                                                "User-Agent": BROWSER})
    response = conn.getresponse()
    response.read()
    conn.close()
    assert response.status == 200


def test_make_serve_writes_a_line_for_each_request(tmp_path):
    with make_serve(tmp_path, ready=get_home, waits_on=(OSError, AssertionError)) as port:
        get_home(port)
    served = (tmp_path / "serve.log").read_text(errors="replace")

    line = re.compile(r'^127\.0\.0\.1 - - \[[^\]]+\] "GET /\?from=test HTTP/1\.1" 200 \d+ "-" "' + re.escape(BROWSER)
                      + '"$', re.M)
    assert len(line.findall(served)) >= 2
