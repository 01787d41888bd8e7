"""A database too busy to write (issue 35.23) answered as one: a 503 saying to try again, never a 500.

SQLite refuses a write that waited too long for another (sqlite_backend: DatabaseBusy; or SQLite's own
"database is locked" for a writer outside the app); PostgreSQL has no such wait. The write wrote nothing, so
the phone may send it again: the page says so, with Retry-After. A view's refusal is answered by the
middleware (`answer_busy_database`); one in another middleware (a session saved after the view) reaches
Django's 500 handler, `server_error`, which answers it the same way and any other error as before.
"""
from __future__ import annotations

import logging
import sys
from collections.abc import Callable

from django.db.utils import OperationalError
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render
from django.views import defaults

log = logging.getLogger(__name__)
RETRY_AFTER = 5  # seconds: a stuck writer is over, or the server has stopped it, soon after


def is_busy(error: BaseException | None) -> bool:
    return isinstance(error, OperationalError) and (
        type(error).__name__ == "DatabaseBusy" or "database is locked" in str(error))


def busy_answer(request: HttpRequest) -> HttpResponse:
    response = render(request, "busy.html", status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    return response


def answer_busy_database(get_response: Callable[[HttpRequest], HttpResponseBase]) \
        -> Callable[[HttpRequest], HttpResponseBase]:
    def middleware(request: HttpRequest) -> HttpResponseBase:
        return get_response(request)

    def process_exception(request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_busy(exception):
            return None
        log.warning("Database busy: %s %s refused (%s)", request.method, request.path, exception)
        return busy_answer(request)

    middleware.process_exception = process_exception  # type: ignore[attr-defined]
    return middleware


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: Django calls it while the error is being handled, so sys.exc_info() is that error."""
    if is_busy(sys.exc_info()[1]):
        return busy_answer(request)
    return defaults.server_error(request)
