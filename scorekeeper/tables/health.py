"""`/healthz`: the probe of Caddy's active health check, the image's HEALTHCHECK and any orchestrator.

A middleware first in MIDDLEWARE, not a view, because a probe is not a visitor. It comes over plain HTTP
straight to the app server (`http://127.0.0.1:8000/healthz` inside the container, `app:8000` from Caddy),
with the address it dialled as its Host: through the whole stack it would be redirected to HTTPS
(SecurityMiddleware) and refused by ALLOWED_HOSTS (a 400), and it would run the session, locale and CSRF
middleware for nothing. Answering here, before any of them, it never reads the Host (Django validates it
only when asked, `request.get_host()`), sets no cookie and costs one database query: "ok" with a 200 when
the database answers, a 503 when it does not, so the proxy stops sending tables to a server that cannot
save their hands.
"""
from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse

HEALTH_PATH = "/healthz"
logger = logging.getLogger(__name__)


def answer_health_probe(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable[[HttpRequest], HttpResponse]:
    def middleware(request: HttpRequest) -> HttpResponse:
        if request.path_info != HEALTH_PATH:
            return get_response(request)
        return health_response()

    return middleware


def health_response() -> HttpResponse:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError:
        logger.exception("health check: the database did not answer")
        response = HttpResponse("database unavailable\n", status=503, content_type="text/plain")
    else:
        response = HttpResponse("ok", content_type="text/plain")
    # Never kept: each probe asks afresh.
    response["Cache-Control"] = "no-store"
    return response
