"""The live server's alternative, for benchmarks/live_stream.py only: the same stream as a Django async view,
under ASGI with minimal settings (no middleware), so that the two can be measured side by side.

    uvicorn benchmarks.live_django:application --host 127.0.0.1 --port PORT
"""
from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from typing import Any

os.environ["DJANGO_SETTINGS_MODULE"] = "benchmarks.live_django"
from scorekeeper.settings import *  # noqa: E402, F403  (these settings, made minimal below)

ROOT_URLCONF = "benchmarks.live_django"
MIDDLEWARE: list[str] = []

from django.core.asgi import get_asgi_application  # noqa: E402

application = get_asgi_application()

from django.http import Http404, HttpRequest, StreamingHttpResponse  # noqa: E402
from django.urls import path  # noqa: E402

from scorekeeper.live.asgi import HEARTBEAT, RETRY_MS, access_revision, checked, hub  # noqa: E402
from scorekeeper.tables.web.live_token import verified_claims  # noqa: E402


async def session_events(request: HttpRequest, pk: int) -> StreamingHttpResponse:
    claims = verified_claims(request, pk, request.GET.get("t", ""))
    if claims is None:
        raise Http404
    revision = await access_revision(claims)
    if revision is None:
        raise Http404
    response = StreamingHttpResponse(events(pk, claims, revision, request.GET.get("revision", "")),
                                     content_type="text/event-stream")
    response["Cache-Control"] = "no-store"
    return response


async def events(pk: int, claims: dict[str, Any], revision: str | None, shown: str) -> AsyncIterator[bytes]:
    queue = hub.watch(pk)
    try:
        yield b"retry: %d\n\n" % RETRY_MS
        while revision is not None:
            if revision != shown:
                shown = revision
                yield b"event: revision\ndata: %s\n\n" % shown.encode()
            try:
                woken = await asyncio.wait_for(queue.get(), HEARTBEAT)
            except TimeoutError:
                yield b":\n\n"
                continue
            if woken != shown:
                revision = await checked(claims, shown)
        yield b"event: gone\ndata: \n\n"
    finally:
        hub.unwatch(pk, queue)


urlpatterns = [path("sessions/<int:pk>/events/", session_events)]
