"""A phone's event stream: `/sessions/<pk>/events/?t=<token>&revision=<n>`, the session's changes for a phone
that may see it (text/event-stream: a `revision` event on each change, a comment every 30 s so that no proxy
or phone takes the stream for dead, a `gone` event when its access is gone).

The token and the grants cookie are checked as the app checks them (views/live_token.py, views/grants.py), and
the access in the database on opening and before each event: a revoked share link's stream ends at the next
change, as its poll did. The page then fetches the standings from the app (views/live.py), every right checked.
"""
from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

from asgiref.sync import sync_to_async
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse, HttpResponseBase, StreamingHttpResponse

from scorekeeper.tables.views.live_token import current_revision, verified_claims

from .hub import Hub

HEARTBEAT = 30.0
RETRY_MS = 2000  # how long the browser waits before opening a dropped stream again (EventSource's `retry`)

hub = Hub()
access_revision = sync_to_async(current_revision)


async def session_events(request: HttpRequest, pk: int) -> HttpResponseBase:
    claims = verified_claims(request, pk, request.GET.get("t", ""))
    if claims is None:  # a copied URL, another browser, a stale or forged token
        return HttpResponse(status=404)
    try:
        revision = await access_revision(claims)
    except DatabaseError:
        return HttpResponse(status=503)
    if revision is None:
        return HttpResponse(status=404)
    response = StreamingHttpResponse(events(pk, claims, revision, shown=request.GET.get("revision", "")),
                                     content_type="text/event-stream")
    response["Cache-Control"] = "no-store"
    return response


async def events(pk: int, claims: dict[str, Any], revision: str | None, shown: str) -> AsyncIterator[bytes]:
    """Until the phone goes (Django cancels this) or its access does; the revision first when not `shown`."""
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
        yield b"event: gone\ndata: \n\n"  # the page stops listening (static/js/live.js)
    finally:
        hub.unwatch(pk, queue)


async def checked(claims: dict[str, Any], shown: str) -> str | None:
    """The revision now if the access still stands, else None; on a database error, `shown` (no event: the
    next change, or the phone's next stream, tells it)."""
    try:
        return await access_revision(claims)
    except DatabaseError:
        return shown
