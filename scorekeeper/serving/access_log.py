"""gunicorn's access log, the same lines for less: its own logger spent ~0.1 ms of a request's CPU on each.

gunicorn builds a dict of every request header, response header and WSGI environ entry, escapes each, and
formats the line from it through a LogRecord, for a format that reads nine of them. With gunicorn's default
format and its own handlers (an access log file or "-"), this writes the same line from those nine values
(`tests/ops/test_access_log.py` compares them); any other format, a log configuration or syslog is left to
gunicorn as it is.
"""
from __future__ import annotations

import datetime
import logging
import time
from typing import Any

from gunicorn import glogging
from gunicorn.config import AccessLogFormat


def _quoted(value: str) -> str:
    return value.replace('"', '\\"')


class AccessLog(glogging.Logger):
    """gunicorn's logger, writing its default access line straight to its own handlers."""

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        self._stamp: tuple[int, str] = (-1, "")
        own_handlers = all(getattr(h, "_gunicorn", False) for h in self.access_log.handlers)
        self._plain = (cfg.access_log_format == AccessLogFormat.default and own_handlers
                       and not (cfg.logconfig_dict or cfg.logconfig_json or cfg.logconfig or cfg.syslog))

    def access(self, resp: Any, req: Any, environ: dict[str, Any], request_time: datetime.timedelta) -> None:
        if not self._plain:
            super().access(resp, req, environ, request_time)
            return
        if not (self.access_log_enabled and self.access_log.isEnabledFor(logging.INFO)):
            return
        status = resp.status
        if isinstance(status, str):
            status = status.split(None, 1)[0]
        sent = getattr(resp, "sent", None)
        request = _quoted(f"{environ['REQUEST_METHOD']} {environ['RAW_URI']} {environ['SERVER_PROTOCOL']}")
        user = _quoted(self._get_user(environ) or "-")
        referer = _quoted(environ.get("HTTP_REFERER", "-"))
        agent = _quoted(environ.get("HTTP_USER_AGENT", "-"))
        address = _quoted(environ.get("REMOTE_ADDR", "-"))
        line = (f'{address} - {user} {self._now()} "{request}" {status} '
                f'{"-" if sent is None else sent} "{referer}" "{agent}"')
        # What logging.Logger.info does for a logger that does not propagate, without looking for its caller's
        # frame (the most of its cost).
        record = logging.LogRecord("gunicorn.access", logging.INFO, "", 0, line, None, None)
        for handler in self.access_log.handlers:
            if record.levelno >= handler.level:
                handler.handle(record)

    def _now(self) -> str:
        """The stamp glogging.Logger.now writes, made once a second."""
        second, stamp = self._stamp  # one tuple: threads share it
        now = int(time.time())
        if now != second:
            stamp = time.strftime("[%d/%b/%Y:%H:%M:%S %z]", time.localtime(now))
            self._stamp = (now, stamp)
        return stamp
