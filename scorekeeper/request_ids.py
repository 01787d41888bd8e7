"""Each request's id: on its response (X-Request-Id), in gunicorn's access line and on every log line written
while it is handled, so an operator finds one request's lines in the proxy's, the server's and the app's logs.

The proxy in front makes one (deploy/Caddyfile: `header_up X-Request-Id`); a request without one from a
trusted proxy (FORWARDED_ALLOW_IPS) gets its own. A client's own id is never believed: anyone could send the
id of another's request.
"""
from __future__ import annotations

import contextvars
import logging
import re
import uuid
from collections.abc import Callable

from django.conf import settings
from django.core.signals import request_finished
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponseBase

from .client_address import TrustedProxies

HEADER = "X-Request-Id"
# What a proxy's id may be (Caddy's is a UUID): anything else in a log line could forge another line.
SANE_ID = re.compile(r"[A-Za-z0-9-]{1,64}")
NO_REQUEST = "-"  # on the lines written outside any request (start-up, management commands)

current_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default=NO_REQUEST)


def request_id_of(request: HttpRequest, proxies: TrustedProxies) -> str:
    given = request.META.get("HTTP_X_REQUEST_ID", "")
    if given and SANE_ID.fullmatch(given) and proxies.trust(request.META.get("REMOTE_ADDR", "")):
        return str(given)
    return uuid.uuid4().hex


def request_ids(get_response: Callable[[HttpRequest], HttpResponseBase]
                ) -> Callable[[HttpRequest], HttpResponseBase]:
    """First in MIDDLEWARE: every later line carries the id, and the peer is still the peer (client_address
    comes next and makes REMOTE_ADDR the phone's)."""
    proxies = TrustedProxies(settings.FORWARDED_ALLOW_IPS)

    def middleware(request: HttpRequest) -> HttpResponseBase:
        request_id = request_id_of(request, proxies)
        current_id.set(request_id)  # until the response is closed: Django logs a 4xx or 5xx after the middleware
        response = get_response(request)
        response[HEADER] = request_id
        return response

    return middleware


@receiver(request_finished)
def forget_request_id(**_: object) -> None:
    """A server's thread goes on to other requests: what it logs between them is no request's."""
    current_id.set(NO_REQUEST)


class RequestIdFilter(logging.Filter):
    """Gives each log record the id of the request being handled (`%(request_id)s` in settings.LOGGING)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = current_id.get()
        return True
